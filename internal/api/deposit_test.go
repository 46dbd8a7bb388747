// This file tests deposits over HTTP, against a real SQLite calendar and Stripe's stateful test
// double, which sends its events to the running server signed as Stripe signs them; every exchange
// of the booking route is checked against openapi.json.

package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	desks "salon/internal/booking"
	"salon/internal/notify"
	"salon/internal/payments"
	domain "salon/internal/salon"
	"salon/internal/teststripe"
	"salon/internal/wire"
)

// depositSettings is teamSettings with a deposit of £20 on the colour.
var depositSettings = strings.Replace(teamSettings, `"afterMinutes":30,"price":8000}`, `"afterMinutes":30,"price":8000,"deposit":2000}`, 1)

// till is a salon whose colour asks a deposit, served over HTTP with Stripe's double telling it.
type till struct {
	*calendarApp
	stripe *teststripe.Double
	desk   *desks.Desk
}

func newTill(t *testing.T) *till { return newTillWith(t, "", nil) }

// newTillWith is newTill with Stripe at stripeAPI ("" is the double), reached through client (nil
// is the payments' own).
func newTillWith(t *testing.T, stripeAPI string, client *http.Client) *till {
	t.Helper()
	var d *teststripe.Double
	a := newCalendarAppWith(t, func(svc *api.Service) {
		d = teststripe.Start(t, svc.Now)
		if stripeAPI == "" {
			stripeAPI = d.URL
		}
		n := 0
		svc.Holds, svc.PublicURL = svc.Calendar.(desks.Holds), "https://book.example"
		svc.BookingID = func() string { n++; return fmt.Sprintf("booking-%d", n) }
		svc.Payments = payments.New(payments.Config{Key: "sk_test_till", WebhookSecret: d.Secret, API: stripeAPI, HTTPClient: client})
	})
	srv := httptest.NewServer(a.app)
	t.Cleanup(srv.Close)
	d.Hook = srv.URL + "/payments/stripe"
	tl := &till{calendarApp: a, stripe: d, desk: api.NewDesk(a.svc)}
	if r := tl.send(http.MethodPut, "/salons/studio-nine", depositSettings, true); r.Status != http.StatusOK {
		t.Fatalf("putting the salon: %d %s", r.Status, r.Body)
	}
	return tl
}

// args are the arguments of a booking of service for name.
func args(name, service string) string {
	return fmt.Sprintf(`{"message":"A colour, please","openSlots":["2026-12-04T13:00:00Z","2026-12-04T15:00:00Z"],"service":%q,"customer":{"name":%q,"contact":"%s@example.com"}}`,
		service, name, strings.ToLower(name))
}

// ask runs round one and returns the first time offered and the state.
func (tl *till) ask(arguments string) (string, string) {
	tl.t.Helper()
	r := tl.send(http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+arguments+`}`, false)
	var asked wire.InputRequiredResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &asked) != nil || len(asked.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum) == 0 {
		tl.t.Fatalf("round one: %d %s", r.Status, r.Body)
	}
	return asked.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum[0], asked.RequestState
}

func (tl *till) round(arguments, answers, state string) apitest.Reply {
	tl.t.Helper()
	return tl.send(http.MethodPost, "/salons/studio-nine/book", roundTwo(arguments, answers, state), false)
}

// toPay reads a reply that asks the customer to pay.
func (tl *till) toPay(r apitest.Reply) wire.PaymentRequiredResult {
	tl.t.Helper()
	var pay wire.PaymentRequiredResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &pay) != nil || pay.InputRequests.Payment.Params.Mode != "url" || pay.RequestState == "" {
		tl.t.Fatalf("want a request to pay, got %d %s", r.Status, r.Body)
	}
	return pay
}

const (
	paymentAccept  = `{"payment":{"action":"accept"}}`
	paymentDecline = `{"payment":{"action":"decline"}}`
)

func TestADepositHoldsTheTimeUntilPaidThenRoundThreeBooks(t *testing.T) {
	tl := newTill(t)
	salonView := tl.send(http.MethodGet, "/salons/studio-nine", "", false)
	if !strings.Contains(string(salonView.Body), `"price":8000,"afterMinutes":30,"deposit":2000,"resources":[]}`) || !strings.Contains(string(salonView.Body), `"paymentMinutes":30`) {
		t.Errorf("the menu doesn't show the deposit: %s", salonView.Body)
	}
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	pay := tl.toPay(tl.round(a, accept(slot), state))
	p := pay.InputRequests.Payment
	if p.Method != "elicitation/create" || p.Params.Message != "A deposit of £20.00 holds Colour with Ana, Friday 4 December, 13:00, until 12:32. Pay it to book." {
		t.Errorf("the request to pay: %+v", p)
	}
	sessions := tl.stripe.Sessions()
	if len(sessions) != 1 {
		t.Fatalf("%d sessions at Stripe, want one", len(sessions))
	}
	// Round two made one call to Stripe, and no other.
	if calls := [3]int{tl.stripe.Calls("create"), tl.stripe.Calls("retrieve"), tl.stripe.Calls("expire")}; calls != [3]int{1, 0, 0} {
		t.Errorf("round two called Stripe %d, %d and %d times to create, read and expire; want one create", calls[0], calls[1], calls[2])
	}
	s := sessions[0]
	if id, ok := teststripe.PageURL(p.Params.URL); !ok || id != s.ID || s.Booking != p.Params.ElicitationID ||
		s.Amount != 2000 || s.Currency != "GBP" || !s.ExpiresAt.Equal(menuFriday.Add(32*time.Minute)) {
		t.Errorf("the session %+v, for the request %+v", s, p.Params)
	}
	// Held, the time is offered to nobody else, and the state that held it is spent.
	if other, _ := tl.ask(args("Lena", "colour")); other == slot {
		t.Errorf("%s, held, was offered to another customer", slot)
	}
	wantRefusal(t, tl.round(a, accept(slot), state), http.StatusBadRequest, "requestState was already used")
	// Back before paying: asked again, with a new state; the old one is spent.
	again := tl.toPay(tl.round(a, paymentAccept, pay.RequestState))
	if again.InputRequests.Payment.Params.URL != p.Params.URL {
		t.Errorf("asked again to pay at %s, not %s", again.InputRequests.Payment.Params.URL, p.Params.URL)
	}
	wantRefusal(t, tl.round(a, paymentAccept, pay.RequestState), http.StatusBadRequest, "requestState was already used")
	// A round three with a time's answer, or a round two's state with a payment's, is refused.
	wantRefusal(t, tl.round(a, accept(slot), again.RequestState), http.StatusBadRequest, "no answer to the question asked")
	// Paid: Stripe tells, twice; round three books, once.
	if sent := tl.stripe.Pay(t, s.ID); sent.Status != http.StatusOK {
		t.Fatalf("the completed event answered %d", sent.Status)
	}
	if sent := tl.stripe.Send(t, tl.stripe.Event(payments.SessionCompleted, s.ID), tl.stripe.Secret, tl.clock.Now()); sent.Status != http.StatusOK {
		t.Fatalf("the completed event sent again answered %d", sent.Status)
	}
	r := tl.round(a, paymentAccept, again.RequestState)
	var done wire.CompleteResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &done) != nil {
		t.Fatalf("round three: %d %s", r.Status, r.Body)
	}
	c := done.StructuredContent
	if c.Status != "booked" || c.Booking != p.Params.ElicitationID || c.Deposit != 2000 || c.Manage == "" ||
		c.Say != "Colour with Ana, Friday 4 December, 13:00, is yours." {
		t.Errorf("round three: %s", r.Body)
	}
	events, err := tl.db.Events(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	created := 0
	for _, e := range events {
		if e.Booking == c.Booking && e.Type == domain.EventCreated {
			created++
		}
	}
	if created != 1 {
		t.Errorf("booking.created told %d times, want once", created)
	}
}

// TestRoundTwosCheckoutIsOneStripesDescriptionAllows sends round two's Checkout Session, as the
// desk writes it, to stripe-mock, which refuses any request Stripe's API description doesn't allow.
func TestRoundTwosCheckoutIsOneStripesDescriptionAllows(t *testing.T) {
	tl := newTillWith(t, teststripe.Mock(t), nil)
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	p := tl.toPay(tl.round(a, accept(slot), state)).InputRequests.Payment.Params
	if !strings.HasPrefix(p.URL, "https://") || p.ElicitationID == "" {
		t.Errorf("the request to pay: %+v", p)
	}
}

func TestDecliningToPayReleasesTheTimeAtOnce(t *testing.T) {
	tl := newTill(t)
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	pay := tl.toPay(tl.round(a, accept(slot), state))
	wantJSON(t, tl.round(a, paymentDecline, pay.RequestState), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"not_booked","say":"Nothing is booked."}}`)
	if s := tl.stripe.Sessions()[0]; s.Status != payments.Expired {
		t.Errorf("the session is %s, want expired", s.Status)
	}
	if other, _ := tl.ask(args("Lena", "colour")); other != slot {
		t.Errorf("the released %s isn't offered again: %s first", slot, other)
	}
}

func TestAHoldWhoseEventWasLostIsSettledByTheSweep(t *testing.T) {
	tl := newTill(t)
	tl.stripe.Hook = "" // every event is lost
	a, b := args("Rosa", "colour"), args("Lena", "cut")
	slotA, stateA := tl.ask(a)
	payA := tl.toPay(tl.round(a, accept(slotA), stateA))
	// Lena's cut has no deposit: booked at once, as before.
	slotB, stateB := tl.ask(b)
	wantDone(t, tl.round(b, accept(slotB), stateB), "booked")
	sessions := tl.stripe.Sessions()
	tl.stripe.Lapse(t, sessions[0].ID)
	// Before the session's end and the grace after it, the sweep leaves the hold alone.
	if n, err := tl.desk.SweepHolds(t.Context(), 10); err != nil || n != 0 {
		t.Fatalf("an early sweep settled %d, %v", n, err)
	}
	tl.clock.Advance(35 * time.Minute)
	if n, err := tl.desk.SweepHolds(t.Context(), 10); err != nil || n != 1 {
		t.Fatalf("the sweep settled %d, %v; want the one hold", n, err)
	}
	wantJSON(t, tl.round(a, paymentAccept, payA.RequestState), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"not_booked","say":"The deposit wasn't paid in time, so Friday 4 December, 13:00 was released."}}`)
}

func TestAPaymentWhoseEventWasLostIsBookedByTheSweep(t *testing.T) {
	tl := newTill(t)
	tl.stripe.Hook = ""
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	pay := tl.toPay(tl.round(a, accept(slot), state))
	tl.stripe.Pay(t, tl.stripe.Sessions()[0].ID)
	tl.clock.Advance(35 * time.Minute)
	if n, err := tl.desk.SweepHolds(t.Context(), 10); err != nil || n != 1 {
		t.Fatalf("the sweep settled %d, %v; want the one hold", n, err)
	}
	wantDone(t, tl.round(a, paymentAccept, pay.RequestState), "booked")
}

func TestStripeDownAtRoundTwoSpendsNothing(t *testing.T) {
	tl := newTill(t)
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	tl.stripe.Down()
	r := tl.round(a, accept(slot), state)
	if r.Status != http.StatusServiceUnavailable {
		t.Fatalf("round two with Stripe down: %d %s, want 503", r.Status, r.Body)
	}
	tl.stripe.Up()
	tl.toPay(tl.round(a, accept(slot), state))
	if n := len(tl.stripe.Sessions()); n != 1 {
		t.Errorf("%d sessions at Stripe, want one", n)
	}
}

func TestStripeSlowAtRoundTwoHoldsNothingAndARetryFindsTheOneSession(t *testing.T) {
	// A client that gives Stripe 300 ms, as the service's own gives it ten seconds.
	tl := newTillWith(t, "", &http.Client{Timeout: 300 * time.Millisecond})
	a := args("Rosa", "colour")
	slot, state := tl.ask(a)
	tl.stripe.Slow(time.Second)
	if r := tl.round(a, accept(slot), state); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("round two with Stripe slow: %d %s, want 503", r.Status, r.Body)
	}
	tl.stripe.Slow(0)
	// Stripe may have made the session after the service gave up on it: nobody was sent to it, and
	// no time is held for it.
	if list, err := tl.db.Bookings(t.Context(), "studio-nine", menuFriday, menuFriday.Add(72*time.Hour)); err != nil || len(list) != 0 {
		t.Errorf("the calendar holds %d bookings after Stripe timed out, %v; want none", len(list), err)
	}
	// The same round two completes, and is answered with that very session: one in all.
	p := tl.toPay(tl.round(a, accept(slot), state))
	time.Sleep(1200 * time.Millisecond) // every slow call Stripe was still answering has finished
	if got := tl.stripe.Sessions(); len(got) != 1 {
		t.Errorf("Stripe holds %d sessions, want one", len(got))
	} else if id, _ := teststripe.PageURL(p.InputRequests.Payment.Params.URL); id != got[0].ID {
		t.Errorf("round two asks to pay on %s, not on the one session %s", id, got[0].ID)
	}
}

func TestADepositIsRefusedWhereItCantBeTaken(t *testing.T) {
	tl := newTill(t)
	for settings, want := range map[string]string{
		strings.Replace(depositSettings, `"deposit":2000`, `"deposit":9000`, 1):              "services[1].deposit must be 1 to the service's price",
		strings.Replace(depositSettings, `"deposit":2000`, `"deposit":0`, 1):                 "services[1].deposit must be 1 to the service's price",
		strings.Replace(depositSettings, `"price":8000,"deposit":2000`, `"deposit":2000`, 1): "services[1].deposit needs a price",
		strings.Replace(depositSettings, `}]}`, `}],"paymentMinutes":20}`, 1):                "paymentMinutes must be 30 to 1440",
	} {
		wantRefusal(t, tl.send(http.MethodPut, "/salons/studio-nine", settings, true), http.StatusBadRequest, want)
	}
	// A server without Stripe takes no deposit.
	app := newCalendarApp(t)
	wantRefusal(t, app.send(http.MethodPut, "/salons/studio-nine", depositSettings, true), http.StatusBadRequest,
		"services[1].deposit needs payments configured on this server")
}

// wantDone wants a complete result of status.
func wantDone(t *testing.T, r apitest.Reply, status string) {
	t.Helper()
	var done wire.CompleteResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &done) != nil || done.StructuredContent.Status != status {
		t.Errorf("got %d %s, want %s", r.Status, r.Body, status)
	}
}

// paid books service for name with its deposit paid, and returns the booking's reference and key.
func (tl *till) paid(name, service string) (string, string) {
	tl.t.Helper()
	a := args(name, service)
	slot, state := tl.ask(a)
	pay := tl.toPay(tl.round(a, accept(slot), state))
	id, _ := teststripe.PageURL(pay.InputRequests.Payment.Params.URL)
	tl.stripe.Pay(tl.t, id)
	r := tl.round(a, paymentAccept, pay.RequestState)
	var done wire.CompleteResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &done) != nil || done.StructuredContent.Status != "booked" {
		tl.t.Fatalf("round three: %d %s", r.Status, r.Body)
	}
	return done.StructuredContent.Booking, done.StructuredContent.Manage
}

// deposit is the deposit the owner's list shows of the booking id.
func (tl *till) deposit(id string) wire.DepositView {
	tl.t.Helper()
	b, err := tl.db.Hold(tl.t.Context(), "studio-nine", id)
	if err != nil {
		tl.t.Fatal(err)
	}
	return *wire.DepositOf(b.Deposit)
}

func TestACancelGivesTheDepositBackOnceUnlessTheOwnerKeepsIt(t *testing.T) {
	tl := newTill(t)
	if r := tl.send(http.MethodPut, "/salons/studio-nine", strings.Replace(depositSettings, `}]}`, `}],"changeCutoffHours":0}`, 1), true); r.Status != http.StatusOK {
		t.Fatalf("putting the salon: %d %s", r.Status, r.Body)
	}
	refunds := payments.New(payments.Config{Key: "sk_test_till", WebhookSecret: tl.stripe.Secret, API: tl.stripe.URL})
	running := (&notify.Dispatcher{Store: tl.db, Refunds: refunds, Now: tl.clock.Now}).Start()
	defer running.Stop(context.Background())
	ana, anaKey := tl.paid("Ana", "colour")
	ben, _ := tl.paid("Ben", "colour")
	if got := tl.deposit(ana); got != (wire.DepositView{Amount: 2000, Status: "paid"}) {
		t.Fatalf("the paid deposit: %+v", got)
	}
	// The customer cancels in time: given back. The owner cancels without refund: kept.
	if r := tl.send(http.MethodPost, "/salons/studio-nine/my/"+ana+"/cancel", "", false); r.Status != http.StatusNotFound {
		t.Fatalf("a cancel without the key: %d", r.Status)
	}
	req := httptest.NewRequest(http.MethodPost, "/salons/studio-nine/my/"+ana+"/cancel", nil)
	req.Header.Set("Authorization", "Bearer "+anaKey)
	if r, err := tl.client.Do(req); err != nil || r.Status != http.StatusOK {
		t.Fatalf("the customer's cancel: %v %d %s", err, r.Status, r.Body)
	}
	r := tl.send(http.MethodPost, "/salons/studio-nine/bookings/"+ben+"/cancel", `{"refund":false}`, true)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"deposit":{"amount":2000,"status":"kept"}`) {
		t.Fatalf("the owner's cancel keeping the deposit: %d %s", r.Status, r.Body)
	}
	running.Wake()
	deadline := time.Now().Add(10 * time.Second)
	for tl.deposit(ana).Status != "refunded" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := tl.deposit(ana); got.Status != "refunded" {
		t.Fatalf("the customer's deposit after the cancel: %+v, want refunded", got)
	}
	refunded := tl.stripe.Refunds()
	if len(refunded) != 1 {
		t.Fatalf("Stripe made %d refunds, want one: %v", len(refunded), refunded)
	}
	for _, amount := range refunded {
		if amount != 2000 {
			t.Errorf("refunded %d, want 2000", amount)
		}
	}
	if got := tl.deposit(ben); got.Status != "kept" {
		t.Errorf("the kept deposit: %+v", got)
	}
}

func TestANoShowKeepsTheDeposit(t *testing.T) {
	tl := newTill(t)
	id, _ := tl.paid("Ana", "colour")
	path := "/salons/studio-nine/bookings/" + id + "/no-show"
	wantRefusal(t, tl.send(http.MethodPost, path, "", true), http.StatusConflict, "booking "+id+" hasn't started yet")
	tl.clock.Advance(65 * time.Minute) // past 13:00
	r := tl.send(http.MethodPost, path, "", true)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"no_show","deposit":{"amount":2000,"status":"kept"}`) {
		t.Fatalf("marking the no-show: %d %s", r.Status, r.Body)
	}
	if r := tl.send(http.MethodPost, path, "", true); r.Status != http.StatusOK {
		t.Errorf("marking it again: %d %s", r.Status, r.Body)
	}
	if got, err := tl.db.Hold(t.Context(), "studio-nine", id); err != nil || got.Status != domain.NoShow {
		t.Errorf("the booking: %+v, %v", got, err)
	}
	wantRefusal(t, tl.send(http.MethodPost, "/salons/studio-nine/bookings/nobody/no-show", "", true), http.StatusNotFound, "there is no booking nobody")
}
