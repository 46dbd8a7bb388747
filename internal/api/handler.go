// Package api serves the booking over HTTP with Echo: the booking route, the salons' calendars and the owner's endpoints, the OpenAPI document, the app and the operational endpoints. Every error becomes its reply in one place.
package api

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/booking"
	"salon/internal/payments"
	"salon/internal/quota"
	"salon/internal/requeststate"
	"salon/internal/sms"
	"salon/internal/step"
	"salon/internal/wire"
)

// Service is everything the booking route depends on, handed in so a test can hold each part.
type Service struct {
	// Keys sign and verify request states. Nil means no key is configured: every booking answers 503.
	Keys *requeststate.Keys
	// Life is how long an issued state stays good.
	Life time.Duration
	// Now is the clock, the only one the service reads the time from. It must be set wherever
	// the service issues states, keeps a calendar or limits guesses.
	Now func() time.Time
	// Nonce returns fresh randomness for each state issued.
	Nonce func() requeststate.Nonce
	// Spent records the states already used.
	Spent requeststate.Spent
	// Log receives one line per request. Nil discards.
	Log *slog.Logger
	// Ready reports whether the service can complete bookings now (the spent-state store answers).
	// Nil is always ready.
	Ready func(context.Context) error
	// Registry receives the service's metrics and is served at /metrics. Nil makes a fresh one.
	Registry *prometheus.Registry
	// App is the customer's built web app, served at /. Nil, or a tree with no index.html, serves a note that it isn't built.
	App fs.FS
	// Offerer chooses round one's times and question, before the pure step asks. Nil is
	// booking.DefaultOfferer: the first two open slots and "Which time suits you?".
	Offerer booking.Offerer
	// Calendar, when set, owns the registered salons' open times and records every booking.
	// Nil is the stateless mode: the app owns its calendar, and no salon can be read.
	Calendar booking.Calendar
	// Access, Tell, MyCalendar and Amend are the calendar's database beside Calendar (booking.Desk's):
	// the keys and the audit, the webhooks and the feed, my booking (the customer's own), the owner's
	// assistant's changes. Nil, each one's routes answer as without a calendar.
	Access     booking.Access
	Tell       booking.Tell
	MyCalendar booking.MyCalendar
	Amend      booking.Amend
	// BookingID returns a fresh booking id; used with Calendar.
	BookingID func() string
	// OwnerToken is the operator's token, good on every salon's owner endpoints; with it the
	// operator makes each salon's keys, good on that salon's alone. Empty: they don't exist.
	OwnerToken string
	// Guesses, when set, limits the wrong tokens each client address may present to the owner's
	// endpoints: a token that is neither the operator's nor any salon's key takes one from the
	// address's bucket, and while the bucket is empty each such guess answers 429; a right token
	// always gets through. Nil limits nothing.
	Guesses *quota.Limiter
	// Quota, when set, limits how often each client address may call the limited routes (round
	// one and round two, and every route under /salons/{salon}/my/); nil limits nothing.
	Quota *quota.Limiter
	// TrustedProxies are the proxies whose X-Forwarded-For names the client: a request from one
	// of them comes from the address the header names. None: the client is the connection's peer.
	TrustedProxies []netip.Prefix
	// Records, when set, is handed the records of every round two at a salon with a calendar that
	// spent its state (booking.Desk.Observe). They never hold a customer's contact or words, and
	// their JSON form, which may be logged, leaves out the name. Nil keeps none.
	Records func([]booking.Record)
	// WebhooksInsecure lets the owner register webhooks at http URLs and private addresses, for
	// tests and private networks.
	WebhooksInsecure bool
	// Unpaced lifts every salon's maxBookingsPerMinute, for load tests (see booking.Desk).
	Unpaced bool
	// Payments is the Stripe account deposits are paid to, whose events POST /payments/stripe
	// takes; nil is no payments, and that route answers 404 as any unknown one.
	Payments *payments.Stripe
	// Holds keeps the bookings held while their deposit is paid: the calendar's database, with
	// Payments.
	Holds booking.Holds
	// Texts is the Twilio account texts are sent from, whose status callbacks POST
	// /sms/twilio/status takes into TextStatuses (the calendar's database); nil is no texts, and
	// that route answers 404 as any unknown one.
	Texts        *sms.Twilio
	TextStatuses interface {
		TextStatus(ctx context.Context, sid, status string, now time.Time) (bool, error)
	}
	// PublicURL is the service's own address as the world reaches it, such as
	// "https://book.studio-nine.example", without a trailing slash: the feed's address starts with
	// it. Empty takes the request's own scheme and host.
	PublicURL string

	desk    *booking.Desk
	metrics *metrics
}

// ready answers /readyz: 200 while bookings can complete, 503 while they can't.
func (s *Service) ready(c echo.Context) error {
	if s.Keys == nil {
		s.Log.Warn("not ready: no signing key is configured")
		return errUnavailable
	}
	if s.Ready != nil {
		if err := s.Ready(c.Request().Context()); err != nil {
			s.Log.Warn("not ready: the spent-state store can't be reached", "error", err.Error())
			return errUnavailable
		}
	}
	return c.JSON(http.StatusOK, "ready")
}

// book answers POST /salons/{salon}/book: the transport's checks (key, content type, size,
// fields), then the desk's, in the order the contract fixes.
func (s *Service) book(c echo.Context) error {
	if s.Keys == nil {
		return errUnavailable
	}
	if !isJSON(c.Request().Header.Get(echo.HeaderContentType)) {
		return errNotJSON
	}
	req, err := decodeBody(c)
	if err != nil {
		return err
	}
	result, err := s.desk.Book(c.Request().Context(), req)
	switch {
	case err != nil:
		return err
	case result.Question != nil:
		note(c, wire.ResultInputRequired, nil)
		r := replies.Get().(*reply)
		defer r.put()
		r.asked = wire.InputRequired(*result.Question, result.State)
		return r.send(c, &r.asked)
	case result.Payment != nil:
		note(c, wire.ResultInputRequired, nil)
		return c.JSON(http.StatusOK, wire.PaymentRequired(*result.Payment, result.State))
	}
	return completed(c, result.Outcome)
}

// completed writes a complete result and notes its status for the request log.
func completed(c echo.Context, o step.Outcome) error {
	r := replies.Get().(*reply)
	defer r.put()
	r.done = wire.Complete(o)
	note(c, r.done.StructuredContent.Status, nil)
	return r.send(c, &r.done)
}

// maxPooledBody is the largest read buffer kept for the next body: a round two is well under it,
// and a body near the limit isn't worth holding on to.
const maxPooledBody = 16 << 10

// bodies are read buffers for the booking route's bodies, which nothing keeps once decoded: the
// decoder copies out every string and the raw answers.
var bodies = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 1<<10)) }}

// decodeBody reads the booking route's body, at most wire.MaxBodyBytes, and decodes it for the
// salon of the path.
func decodeBody(c echo.Context) (booking.Request, error) {
	buf := bodies.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= maxPooledBody {
			bodies.Put(buf)
		}
	}()
	if _, err := buf.ReadFrom(http.MaxBytesReader(c.Response(), c.Request().Body, wire.MaxBodyBytes)); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return booking.Request{}, errTooLarge
		}
		return booking.Request{}, badRequest("the body could not be read")
	}
	r, err := wire.DecodeBooking(pathParam(c, "salon"), buf.Bytes())
	r.AcceptLanguage = c.Request().Header.Get("Accept-Language")
	return r, err
}

// reply is a booking reply being written: room for either result, so neither is copied into an
// interface, and the buffer it is written into, kept between requests.
type reply struct {
	asked wire.InputRequiredResult
	done  wire.CompleteResult
	out   []byte
}

// replies are the booking route's replies, reused.
var replies = sync.Pool{New: func() any { return &reply{} }}

// result is a booking result that writes itself as encoding/json writes it.
type result interface {
	AppendJSON(b []byte) []byte
}

// jsonContentType is the Content-Type of a JSON reply, one slice shared by every reply as the
// security headers are, so Echo finds it set instead of setting it again.
var jsonContentType = []string{echo.MIMEApplicationJSON}

// send writes v as c.JSON writes it with status 200: the same bytes, newline included, and the
// same Content-Type, without reflection (wire's AppendJSON).
func (r *reply) send(c echo.Context, v result) error {
	r.out = v.AppendJSON(r.out[:0])
	h := c.Response().Header()
	if _, set := h[echo.HeaderContentType]; !set {
		h[echo.HeaderContentType] = jsonContentType
	}
	return c.JSONBlob(http.StatusOK, r.out)
}

// put lets go of what r held and returns it to replies, unless its buffer grew past what is worth keeping.
func (r *reply) put() {
	r.asked, r.done = wire.InputRequiredResult{}, wire.CompleteResult{}
	if cap(r.out) <= maxPooledBody {
		replies.Put(r)
	}
}

// pathParam is the path parameter name (the salon's id, a booking's reference, a slot's id),
// unescaped once. Echo hands a path parameter over still escaped when the path holds an escape
// Go's parser keeps (such as %2F); one that doesn't unescape is "".
func pathParam(c echo.Context, name string) string {
	value := c.Param(name)
	if c.Request().URL.RawPath == "" {
		return value
	}
	unescaped, err := url.PathUnescape(value)
	if err != nil {
		return ""
	}
	return unescaped
}

func isJSON(contentType string) bool {
	if contentType == echo.MIMEApplicationJSON {
		return true
	}
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && media == echo.MIMEApplicationJSON
}
