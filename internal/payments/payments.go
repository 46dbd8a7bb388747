// Package payments takes a salon's deposits through Stripe, with its official Go library
// (github.com/stripe/stripe-go): a Checkout Session for a held booking, the session's state, its
// expiry and a refund, and Stripe's events, verified on the clock the caller hands.
//
// Nothing here decides what a payment does to a booking; the store and the desk do. Every call
// that changes something at Stripe takes an idempotency key, so a call sent again (a retry, a
// second instance) changes nothing more: Stripe answers the first call's result.
package payments

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Tolerance is how far an event's signed time may be from now: Stripe's own default, five minutes.
const Tolerance = 5 * time.Minute

// Config is how to reach Stripe.
type Config struct {
	// Key is the account's secret key (sk_…); it is sent to Stripe and nowhere else.
	Key string
	// WebhookSecret is the signing secret of the webhook endpoint Stripe sends events to (whsec_…).
	WebhookSecret string
	// API is Stripe's base address without a trailing slash, for tests; "" is Stripe's own.
	API string
	// HTTPClient makes the calls; nil is a client with a 10 s time-out.
	HTTPClient *http.Client
}

// Stripe is the account deposits are paid to. It is safe for concurrent use.
type Stripe struct {
	c      *stripe.Client
	secret string
}

// callTimeout bounds one call to Stripe when the caller's client sets none.
const callTimeout = 10 * time.Second

// New returns the account cfg reaches. The library retries a call that failed on the network,
// with the same idempotency key, as Stripe advises; its own log is off, since a line of it could
// hold a key.
func New(cfg Config) *Stripe {
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: callTimeout}
	}
	backend := &stripe.BackendConfig{
		HTTPClient:        client,
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		MaxNetworkRetries: stripe.Int64(1),
	}
	if cfg.API != "" {
		backend.URL = stripe.String(cfg.API)
	}
	return &Stripe{c: stripe.NewClient(cfg.Key, stripe.WithBackends(stripe.NewBackendsWithConfig(backend))), secret: cfg.WebhookSecret}
}

// Checkout is what a deposit's Checkout Session asks the customer to pay.
type Checkout struct {
	// Booking is the held booking's id: the session's client_reference_id.
	Booking string
	// Amount is the deposit in the currency's minor unit, and Currency its ISO 4217 code.
	Amount   int64
	Currency string
	// Description names the line the customer pays, such as "Deposit: Colour with Chloé".
	Description string
	// ExpiresAt is when the session stops taking the payment (Stripe takes 30 minutes to 24 hours
	// ahead).
	ExpiresAt time.Time
	// SuccessURL and CancelURL are where Checkout sends the customer back.
	SuccessURL, CancelURL string
	// IdempotencyKey makes a second call with it answer the first one's session.
	IdempotencyKey string
}

// Session is a Checkout Session as this service reads it.
type Session struct {
	ID string
	// URL is the hosted page where the customer pays; "" once the session is no longer open.
	URL string
	// Booking is its client_reference_id.
	Booking string
	// Status is open, complete or expired.
	Status string
	// Paid says Stripe has the money (payment_status paid).
	Paid bool
	// PaymentIntent is the payment a refund refers to; "" until paid.
	PaymentIntent string
	Amount        int64
	Currency      string
	ExpiresAt     time.Time
}

// The statuses of a session.
const (
	Open     = "open"
	Complete = "complete"
	Expired  = "expired"
)

// sessionOf reads the library's session.
func sessionOf(cs *stripe.CheckoutSession) Session {
	s := Session{ID: cs.ID, URL: cs.URL, Booking: cs.ClientReferenceID, Status: string(cs.Status),
		Paid: cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid, Amount: cs.AmountTotal,
		Currency: strings.ToUpper(string(cs.Currency))}
	if cs.PaymentIntent != nil {
		s.PaymentIntent = cs.PaymentIntent.ID
	}
	if cs.ExpiresAt != 0 {
		s.ExpiresAt = time.Unix(cs.ExpiresAt, 0).UTC()
	}
	return s
}

// Open creates the Checkout Session of c: mode payment, one line of the deposit.
func (s *Stripe) Open(ctx context.Context, c Checkout) (Session, error) {
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(c.Booking),
		ExpiresAt:         stripe.Int64(c.ExpiresAt.Unix()),
		SuccessURL:        stripe.String(c.SuccessURL),
		CancelURL:         stripe.String(c.CancelURL),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(c.Currency)),
				UnitAmount:  stripe.Int64(c.Amount),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(c.Description)},
			},
		}},
	}
	params.SetIdempotencyKey(c.IdempotencyKey)
	cs, err := s.c.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Session{}, fmt.Errorf("stripe: creating a checkout session: %w", err)
	}
	return sessionOf(cs), nil
}

// Session reads the session id as Stripe has it now.
func (s *Stripe) Session(ctx context.Context, id string) (Session, error) {
	cs, err := s.c.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return Session{}, fmt.Errorf("stripe: reading checkout session %s: %w", id, err)
	}
	return sessionOf(cs), nil
}

// Expire ends the open session id, so it takes no payment; a session no longer open is read and
// answered as it is.
func (s *Stripe) Expire(ctx context.Context, id string) (Session, error) {
	cs, err := s.c.V1CheckoutSessions.Expire(ctx, id, nil)
	var serr *stripe.Error
	if errors.As(err, &serr) && serr.HTTPStatusCode == http.StatusBadRequest {
		// Stripe refuses to expire a session that completed or expired already.
		return s.Session(ctx, id)
	}
	if err != nil {
		return Session{}, fmt.Errorf("stripe: expiring checkout session %s: %w", id, err)
	}
	return sessionOf(cs), nil
}

// Refund gives back amount of the payment paymentIntent. A second call with idempotencyKey
// answers the first one's refund; it returns the refund's id.
func (s *Stripe) Refund(ctx context.Context, paymentIntent string, amount int64, idempotencyKey string) (string, error) {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(paymentIntent), Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(idempotencyKey)
	r, err := s.c.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refunding %s: %w", paymentIntent, err)
	}
	return r.ID, nil
}

// Event is one of Stripe's events about a Checkout Session.
type Event struct {
	// ID is Stripe's id of the event, the same however often it is sent.
	ID string
	// Type is such as checkout.session.completed.
	Type string
	// Session is the event's object, when it is a Checkout Session; zero otherwise.
	Session Session
}

// The events that change a held booking.
const (
	SessionCompleted = "checkout.session.completed"
	SessionExpired   = "checkout.session.expired"
)

// ErrSignature refuses an event whose Stripe-Signature is missing, malformed, not made with the
// endpoint's secret, or made further than Tolerance from now.
var ErrSignature = errors.New("the event's Stripe-Signature doesn't verify")

// Event verifies payload against its Stripe-Signature header at now and reads it. The signature's
// HMAC is checked by the library's own code; its time is checked here, on the caller's clock.
func (s *Stripe) Event(payload []byte, header string, now time.Time) (Event, error) {
	signed, ok := signedAt(header)
	if !ok || now.Sub(signed).Abs() > Tolerance || s.secret == "" ||
		webhook.ValidatePayloadIgnoringTolerance(payload, header, s.secret) != nil {
		return Event{}, ErrSignature
	}
	var e stripe.Event
	if err := json.Unmarshal(payload, &e); err != nil {
		return Event{}, fmt.Errorf("stripe: an event that doesn't read: %w", err)
	}
	out := Event{ID: e.ID, Type: string(e.Type)}
	if e.Data != nil && strings.HasPrefix(out.Type, "checkout.session.") {
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(e.Data.Raw, &cs); err != nil {
			return Event{}, fmt.Errorf("stripe: an event's session that doesn't read: %w", err)
		}
		out.Session = sessionOf(&cs)
	}
	return out, nil
}

// signedAt is the time a Stripe-Signature header says its signatures were made: its t= part.
func signedAt(header string) (time.Time, bool) {
	for part := range strings.SplitSeq(header, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(part), "t="); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			return time.Unix(n, 0), err == nil
		}
	}
	return time.Time{}, false
}

// Sign is the Stripe-Signature header Stripe sends with payload, signed with secret at t: the
// scheme the library computes (HMAC-SHA256 of "t.payload"), for test doubles that send events as
// Stripe does.
func Sign(payload []byte, secret string, t time.Time) string {
	mac := webhook.ComputeSignature(t, payload, secret)
	return "t=" + strconv.FormatInt(t.Unix(), 10) + ",v1=" + hex.EncodeToString(mac)
}
