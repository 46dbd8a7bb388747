// This file serves Stripe's events about deposits: POST /payments/stripe, which takes an event
// only when its Stripe-Signature verifies.

package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"salon/internal/payments"
	"salon/internal/refusal"
)

// errStripeSignature refuses an event whose signature doesn't verify: it changes nothing.
var errStripeSignature = refusal.New(refusal.Invalid, "stripe_signature", "the event's Stripe-Signature doesn't verify")

// errStripeEvent refuses a signed event that doesn't read as one.
var errStripeEvent = refusal.New(refusal.Invalid, "stripe_event", "the event doesn't read as a Stripe event")

// stripeEvent answers POST /payments/stripe. Without payments configured the route doesn't
// exist (404). An event whose Stripe-Signature doesn't verify on this server's clock, forged, late
// or changed, is refused with 400 and changes nothing; the signature is never logged. A verified
// event is applied (booking.Desk.StripeEvent), once however often it comes, and answers 200; the
// database failing answers 503, and Stripe sends it again.
func (s *Service) stripeEvent(c echo.Context) error {
	if s.Payments == nil {
		return echo.ErrNotFound
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	event, err := s.Payments.Event(body, c.Request().Header.Get("Stripe-Signature"), s.Now())
	if err != nil {
		if errors.Is(err, payments.ErrSignature) {
			return errStripeSignature
		}
		return errStripeEvent
	}
	if err := s.desk.StripeEvent(c.Request().Context(), event); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, "received")
}
