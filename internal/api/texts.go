// This file serves Twilio's status callbacks of the texts it sent: POST /sms/twilio/status, which
// takes a callback only when its X-Twilio-Signature verifies.

package api

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"salon/internal/notify"
	"salon/internal/refusal"
)

// errTwilioSignature refuses a callback whose signature doesn't verify: it changes nothing.
var errTwilioSignature = refusal.New(refusal.Invalid, "twilio_signature", "the callback's X-Twilio-Signature doesn't verify")

// errTextStatus refuses a signed callback that names no text or no status.
var errTextStatus = refusal.New(refusal.Invalid, "text_status", "the callback names no MessageSid and MessageStatus")

// textStatus answers POST /sms/twilio/status. Without texts configured the route doesn't exist
// (404). A callback is verified against the address Twilio was given (the public address, or this
// request's own without one) and its form; one that doesn't verify is refused with 400 and changes
// nothing. A verified one records the text's status, the booking's last, and answers 200.
func (s *Service) textStatus(c echo.Context) error {
	if s.Texts == nil || s.TextStatuses == nil {
		return echo.ErrNotFound
	}
	raw, err := readAnyBody(c)
	if err != nil {
		return err
	}
	form, err := url.ParseQuery(string(raw))
	if err != nil {
		return errTextStatus
	}
	if !s.Texts.Verify(s.publicURL(c)+notify.StatusPath, form, c.Request().Header.Get("X-Twilio-Signature")) {
		return errTwilioSignature
	}
	sid, status := form.Get("MessageSid"), form.Get("MessageStatus")
	if sid == "" || status == "" || len(status) > 40 {
		return errTextStatus
	}
	if _, err := s.TextStatuses.TextStatus(c.Request().Context(), sid, status, s.Now()); err != nil {
		return refusal.Failed(err)
	}
	return c.JSON(http.StatusOK, "received")
}
