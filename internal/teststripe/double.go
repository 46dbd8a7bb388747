// Package teststripe holds Stripe's two stand-ins for the tests: Double, a stateful stand-in for the
// few endpoints deposits use (create, read and expire a Checkout Session, refund a payment) that
// sends events signed as Stripe signs them, and Mock, which runs stripe-mock, Stripe's own server
// that checks every request against Stripe's API description.
package teststripe

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/payments"
)

// Double stands in for Stripe: it keeps each Checkout Session it made and each refund, answers as
// Stripe's API does (JSON objects, errors as {"error":{…}}), honours Idempotency-Key, and sends
// events to Hook signed with Secret. A test pays, expires and replays as a customer and Stripe
// would.
type Double struct {
	// URL is its base address, for payments.Config.API.
	URL string
	// Secret signs the events it sends.
	Secret string
	// Hook is where it sends events; "" sends none.
	Hook string
	// Now is its clock, for events' times and sessions' expiry: Start's, which a test may change.
	Now func() time.Time

	srv *httptest.Server

	mu       sync.Mutex
	sessions map[string]*session
	byKey    map[string]string // idempotency key → the object it made
	refunds  map[string]refund
	down     bool          // every call answers 500
	slow     time.Duration // every call waits this long first
	stall    chan struct{} // when not nil, a session is made and its answer waits until it closes
	calls    map[string]int
}

type session struct {
	ID, URL, Booking, Currency, Status, PaymentStatus, PaymentIntent string
	Amount, ExpiresAt                                                int64
}

type refund struct {
	ID, PaymentIntent string
	Amount            int64
}

// Start runs a Double on loopback until the test ends, on the clock now.
func Start(tb testing.TB, now func() time.Time) *Double {
	tb.Helper()
	d := &Double{Secret: "whsec_" + rand.Text(), Now: now, sessions: map[string]*session{}, byKey: map[string]string{},
		refunds: map[string]refund{}, calls: map[string]int{}}
	d.srv = httptest.NewServer(http.HandlerFunc(d.serve))
	tb.Cleanup(d.srv.Close)
	d.URL = d.srv.URL
	return d
}

func (d *Double) now() time.Time { return d.Now() }

// Down makes every call answer 500 until Up.
func (d *Double) Down() { d.mu.Lock(); d.down = true; d.mu.Unlock() }

// Up ends Down.
func (d *Double) Up() { d.mu.Lock(); d.down = false; d.mu.Unlock() }

// Slow makes every call wait wait before it is answered.
func (d *Double) Slow(wait time.Duration) { d.mu.Lock(); d.slow = wait; d.mu.Unlock() }

// StallCreates makes each new session and then holds its answer back until the returned function
// is called (or the caller hangs up): the moment between Stripe making a session and the service
// hearing of it, where a test kills the service.
func (d *Double) StallCreates() (release func()) {
	stall := make(chan struct{})
	d.mu.Lock()
	d.stall = stall
	d.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			d.mu.Lock()
			d.stall = nil
			d.mu.Unlock()
			close(stall)
		})
	}
}

// Calls counts the calls to one kind of endpoint: "create", "retrieve", "expire", "refund".
func (d *Double) Calls(kind string) int { d.mu.Lock(); defer d.mu.Unlock(); return d.calls[kind] }

// Sessions are the sessions made, in no order.
func (d *Double) Sessions() []payments.Session {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []payments.Session
	for _, s := range d.sessions {
		out = append(out, s.view())
	}
	return out
}

// Refunds are the refunds made: each payment's refunded amount.
func (d *Double) Refunds() map[string]int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[string]int64{}
	for _, r := range d.refunds {
		out[r.PaymentIntent] += r.Amount
	}
	return out
}

func (s *session) view() payments.Session {
	v := payments.Session{ID: s.ID, Booking: s.Booking, Status: s.Status, Paid: s.PaymentStatus == "paid",
		PaymentIntent: s.PaymentIntent, Amount: s.Amount, Currency: strings.ToUpper(s.Currency), ExpiresAt: time.Unix(s.ExpiresAt, 0).UTC()}
	if s.Status == payments.Open {
		v.URL = s.URL
	}
	return v
}

// object is the session as Stripe's API writes it.
func (s *session) object() map[string]any {
	o := map[string]any{"id": s.ID, "object": "checkout.session", "client_reference_id": s.Booking, "currency": s.Currency,
		"amount_total": s.Amount, "expires_at": s.ExpiresAt, "mode": "payment", "status": s.Status,
		"payment_status": s.PaymentStatus, "url": nil, "payment_intent": nil}
	if s.Status == payments.Open {
		o["url"] = s.URL
	}
	if s.PaymentIntent != "" {
		o["payment_intent"] = s.PaymentIntent
	}
	return o
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// stripeError answers as Stripe answers a refused call.
func stripeError(w http.ResponseWriter, status int, kind, message string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"type": kind, "message": message}})
}

func (d *Double) serve(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	down, slow := d.down, d.slow
	d.mu.Unlock()
	if slow > 0 {
		select {
		case <-time.After(slow):
		case <-r.Context().Done():
			return
		}
	}
	if down {
		stripeError(w, http.StatusInternalServerError, "api_error", "the double is down")
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer sk_") {
		stripeError(w, http.StatusUnauthorized, "invalid_request_error", "no secret key")
		return
	}
	if err := r.ParseForm(); err != nil {
		stripeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/v1/")
	switch {
	case r.Method == http.MethodPost && path == "checkout/sessions":
		d.create(w, r)
	case r.Method == http.MethodGet && strings.HasPrefix(path, "checkout/sessions/"):
		d.retrieve(w, strings.TrimPrefix(path, "checkout/sessions/"))
	case r.Method == http.MethodPost && strings.HasPrefix(path, "checkout/sessions/") && strings.HasSuffix(path, "/expire"):
		d.expire(w, strings.TrimSuffix(strings.TrimPrefix(path, "checkout/sessions/"), "/expire"))
	case r.Method == http.MethodPost && path == "refunds":
		d.refund(w, r)
	default:
		stripeError(w, http.StatusNotFound, "invalid_request_error", "unrecognised request URL "+r.URL.Path)
	}
}

func (d *Double) create(w http.ResponseWriter, r *http.Request) {
	f := r.PostForm
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls["create"]++
	key := r.Header.Get("Idempotency-Key")
	if id, ok := d.byKey[key]; ok && key != "" {
		writeJSON(w, http.StatusOK, d.sessions[id].object())
		return
	}
	amount, err1 := strconv.ParseInt(f.Get("line_items[0][price_data][unit_amount]"), 10, 64)
	expires, err2 := strconv.ParseInt(f.Get("expires_at"), 10, 64)
	now := d.now().Unix()
	switch {
	case f.Get("mode") != "payment" || err1 != nil || amount < 1 || f.Get("line_items[0][price_data][currency]") == "" ||
		f.Get("success_url") == "" || f.Get("cancel_url") == "":
		stripeError(w, http.StatusBadRequest, "invalid_request_error", "a payment session needs a line with an amount and currency, and both URLs")
		return
	case err2 != nil || expires < now+30*60 || expires > now+24*3600:
		stripeError(w, http.StatusBadRequest, "invalid_request_error", "expires_at must be 30 minutes to 24 hours ahead")
		return
	}
	id := "cs_test_" + rand.Text()
	s := &session{ID: id, URL: d.URL + "/pay/" + id, Booking: f.Get("client_reference_id"), Currency: f.Get("line_items[0][price_data][currency]"),
		Status: payments.Open, PaymentStatus: "unpaid", Amount: amount, ExpiresAt: expires}
	d.sessions[id] = s
	if key != "" {
		d.byKey[key] = id
	}
	if stall := d.stall; stall != nil {
		d.mu.Unlock()
		select {
		case <-stall:
		case <-r.Context().Done():
		}
		d.mu.Lock()
	}
	writeJSON(w, http.StatusOK, s.object())
}

func (d *Double) retrieve(w http.ResponseWriter, id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls["retrieve"]++
	s, ok := d.sessions[id]
	if !ok {
		stripeError(w, http.StatusNotFound, "invalid_request_error", "no such checkout.session: "+id)
		return
	}
	d.lapse(s)
	writeJSON(w, http.StatusOK, s.object())
}

// lapse expires s when its time has passed unpaid, as Stripe does.
func (d *Double) lapse(s *session) {
	if s.Status == payments.Open && d.now().Unix() >= s.ExpiresAt {
		s.Status = payments.Expired
	}
}

func (d *Double) expire(w http.ResponseWriter, id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls["expire"]++
	s, ok := d.sessions[id]
	switch {
	case !ok:
		stripeError(w, http.StatusNotFound, "invalid_request_error", "no such checkout.session: "+id)
		return
	case s.Status != payments.Open:
		stripeError(w, http.StatusBadRequest, "invalid_request_error", "only an open session can be expired")
		return
	}
	s.Status = payments.Expired
	writeJSON(w, http.StatusOK, s.object())
}

func (d *Double) refund(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls["refund"]++
	key := r.Header.Get("Idempotency-Key")
	if id, ok := d.byKey[key]; ok && key != "" {
		writeJSON(w, http.StatusOK, map[string]any{"id": id, "object": "refund", "amount": d.refunds[id].Amount, "status": "succeeded"})
		return
	}
	intent := r.PostForm.Get("payment_intent")
	amount, err := strconv.ParseInt(r.PostForm.Get("amount"), 10, 64)
	var paid *session
	for _, s := range d.sessions {
		if s.PaymentIntent == intent && intent != "" {
			paid = s
		}
	}
	refunded := int64(0)
	for _, x := range d.refunds {
		if x.PaymentIntent == intent {
			refunded += x.Amount
		}
	}
	if paid == nil || err != nil || amount < 1 || refunded+amount > paid.Amount {
		stripeError(w, http.StatusBadRequest, "invalid_request_error", "nothing of that payment left to refund")
		return
	}
	id := "re_" + rand.Text()
	d.refunds[id] = refund{ID: id, PaymentIntent: intent, Amount: amount}
	if key != "" {
		d.byKey[key] = id
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "object": "refund", "amount": amount, "status": "succeeded"})
}

// Pay is the customer paying the session id on the Checkout page: it completes, paid, and
// checkout.session.completed is sent. It answers the event as sent.
func (d *Double) Pay(tb testing.TB, id string) Sent {
	tb.Helper()
	d.mu.Lock()
	s, ok := d.sessions[id]
	if ok {
		d.lapse(s)
	}
	if !ok || s.Status != payments.Open {
		d.mu.Unlock()
		tb.Fatalf("teststripe: session %s can't be paid (%v)", id, ok)
	}
	s.Status, s.PaymentStatus, s.PaymentIntent = payments.Complete, "paid", "pi_"+rand.Text()
	d.mu.Unlock()
	return d.Tell(tb, payments.SessionCompleted, id)
}

// Lapse is the session id running out unpaid: it expires, and checkout.session.expired is sent.
func (d *Double) Lapse(tb testing.TB, id string) Sent {
	tb.Helper()
	d.mu.Lock()
	s, ok := d.sessions[id]
	if !ok || s.Status != payments.Open {
		d.mu.Unlock()
		tb.Fatalf("teststripe: session %s can't lapse (%v)", id, ok)
	}
	s.Status = payments.Expired
	d.mu.Unlock()
	return d.Tell(tb, payments.SessionExpired, id)
}

// Sent is one event as the double sent it: its body, its signature and what the hook answered.
type Sent struct {
	Body      []byte
	Signature string
	Status    int
}

// Event is the body of an event of kind about the session id as it stands, with a fresh event id,
// as Stripe writes it.
func (d *Double) Event(kind, id string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	obj := map[string]any{}
	if s, ok := d.sessions[id]; ok {
		obj = s.object()
	}
	body, _ := json.Marshal(map[string]any{"id": "evt_" + rand.Text(), "object": "event", "type": kind,
		"api_version": "2025-10-29.clover", "created": d.now().Unix(), "livemode": false, "data": map[string]any{"object": obj}})
	return body
}

// Tell sends an event of kind about the session id to Hook, signed now with Secret.
func (d *Double) Tell(tb testing.TB, kind, id string) Sent {
	tb.Helper()
	return d.Send(tb, d.Event(kind, id), d.Secret, d.now())
}

// Send sends body to Hook signed with secret at signedAt: the tests send events again, late, out
// of order and forged through it.
func (d *Double) Send(tb testing.TB, body []byte, secret string, signedAt time.Time) Sent {
	tb.Helper()
	sent := Sent{Body: body, Signature: payments.Sign(body, secret, signedAt)}
	if d.Hook == "" {
		return sent
	}
	req, err := http.NewRequest(http.MethodPost, d.Hook, strings.NewReader(string(body)))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("Stripe-Signature", sent.Signature)
	res, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		tb.Fatalf("teststripe: sending an event to %s: %v", d.Hook, err)
	}
	res.Body.Close()
	sent.Status = res.StatusCode
	return sent
}

// PageURL is the session id's Checkout page at the double, and the query a test reads its id from.
func PageURL(u string) (id string, ok bool) {
	parsed, err := url.Parse(u)
	if err != nil {
		return "", false
	}
	return strings.CutPrefix(parsed.Path, "/pay/")
}
