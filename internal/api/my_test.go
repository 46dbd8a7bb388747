// This file tests the customer's own booking over HTTP, on a real SQLite calendar with a clock the test moves: the key, seeing and cancelling around the cutoff, moving, and the outcome of a lost reply.

package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/requeststate"
	domain "salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testkit"
	"salon/internal/wire"
)

// shopOwner is the owner's token of every shop.
const shopOwner = "the-owner-of-studio-nine-keeps-this-token"

// shop is the application over a real SQLite calendar, with a clock the test moves and keys it can
// rotate.
type shop struct {
	t      *testing.T
	clock  *testkit.Clock
	db     *store.Store
	keys   requeststate.Keys
	ids    atomic.Int64
	client *apitest.Client
}

// thursday is when a shop's clock stands at first: Thursday 3 December 2026, noon in London.
var thursday = time.Date(2026, time.December, 3, 12, 0, 0, 0, time.UTC)

// studioNine is a simple salon in London: Saturdays 09:00 to 17:00, hour-long slots, two weeks
// ahead, changes until 24 hours before.
const studioNine = `{"name":"Studio Nine","timeZone":"Europe/London","phone":"+44 20 7946 0000",` +
	`"hours":{"sat":[["09:00","17:00"]]},"slotMinutes":60,"horizonDays":14}`

// menuNine is a menu salon in London: a 45-minute cut by Ana or Ben, Saturdays 09:00 to 17:00.
const menuNine = `{"name":"Studio Nine","timeZone":"Europe/London","phone":"+44 20 7946 0000",` +
	`"hours":{"sat":[["09:00","17:00"]]},"horizonDays":14,"currency":"GBP",` +
	`"services":[{"id":"cut","name":"Cut","minutes":45}],` +
	`"stylists":[{"id":"ana","name":"Ana","services":["cut"]},{"id":"ben","name":"Ben","services":["cut"]}]}`

func openShop(t *testing.T, at time.Time) *shop {
	t.Helper()
	clock := testkit.NewClock(at)
	db, err := store.Open(context.Background(), storetest.SQLite(t), clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := &shop{t: t, clock: clock, db: db}
	s.serve([]byte(strings.Repeat("k", 32)))
	return s
}

// serve rebuilds the application around current and previous signing keys, on the same calendar
// and clock: a restart with the keys rotated.
func (s *shop) serve(current []byte, previous ...[]byte) {
	s.t.Helper()
	keys, err := requeststate.NewKeys(current, previous...)
	if err != nil {
		s.t.Fatal(err)
	}
	s.keys = keys
	app := api.New(api.Service{
		Keys: &s.keys, Life: 2 * time.Minute, Now: s.clock.Now, Spent: requeststate.NewMemory(s.clock.Now),
		Nonce:    func() requeststate.Nonce { n := s.ids.Add(1); return requeststate.Nonce{byte(n), byte(n >> 8)} },
		Calendar: s.db, Access: s.db, Tell: s.db, MyCalendar: s.db, Amend: s.db,
		BookingID: func() string { return fmt.Sprintf("b-%d", s.ids.Add(1)) }, OwnerToken: shopOwner,
	})
	client, err := apitest.New(app)
	if err != nil {
		s.t.Fatal(err)
	}
	s.client = client
}

// do sends a request with body (JSON, nil for none) and key as the bearer token ("" for none),
// failing the test on an exchange the document doesn't describe.
func (s *shop) do(method, path, key string, body any) apitest.Reply {
	s.t.Helper()
	var req *http.Request
	if body == nil {
		req = httptest.NewRequest(method, path, nil)
	} else {
		raw, ok := body.(string)
		if !ok {
			raw = mustJSON(body)
		}
		req = httptest.NewRequest(method, path, strings.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	reply, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	return reply
}

// put registers the salon id with settings.
func (s *shop) put(id, settings string) {
	s.t.Helper()
	if r := s.do(http.MethodPut, "/salons/"+id, shopOwner, settings); r.Status != http.StatusOK {
		s.t.Fatalf("PUT /salons/%s: got %d %s", id, r.Status, r.Body)
	}
}

// patron is a customer: whom the booking is for, and what their round two sent and got.
type patron struct {
	name, contact string
	choice        map[string]any // arguments.service and .stylist at a menu salon
	roundTwo      string         // round two's body, exactly as sent
	reply         []byte         // round two's reply, exactly as received
	booking, key  string         // the booking's reference and manage key, once booked
}

func newPatron(name, contact string) *patron { return &patron{name: name, contact: contact} }

func (p *patron) arguments(slots ...string) map[string]any {
	args := map[string]any{"message": "A cut, please", "openSlots": append([]string{}, slots...),
		"customer": map[string]any{"name": p.name, "contact": p.contact}}
	for k, v := range p.choice {
		args[k] = v
	}
	return args
}

// ask runs p's round one at salon asking for slots and returns its state.
func (s *shop) ask(salon string, p *patron, slots ...string) string {
	s.t.Helper()
	r := s.do(http.MethodPost, "/salons/"+salon+"/book", "", map[string]any{"arguments": p.arguments(slots...)})
	var asked wire.InputRequiredResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &asked) != nil || asked.RequestState == "" {
		s.t.Fatalf("round one for %s: got %d %s, want a question", p.name, r.Status, r.Body)
	}
	return asked.RequestState
}

// answer sends p's round two at salon with state and answers, keeping what it sent and got.
func (s *shop) answer(salon string, p *patron, state, answers string, slots ...string) apitest.Reply {
	s.t.Helper()
	p.roundTwo = fmt.Sprintf(`{"arguments":%s,"inputResponses":%s,"requestState":%s}`, mustJSON(p.arguments(slots...)), answers, mustJSON(state))
	r := s.do(http.MethodPost, "/salons/"+salon+"/book", "", p.roundTwo)
	p.reply = r.Body
	var done wire.CompleteResult
	if r.Status == http.StatusOK && json.Unmarshal(r.Body, &done) == nil && done.StructuredContent.Booking != "" {
		p.booking, p.key = done.StructuredContent.Booking, done.StructuredContent.Manage
	}
	return r
}

// book books slot at salon for p, in both rounds, and returns p.
func (s *shop) book(salon string, p *patron, slot string) *patron {
	s.t.Helper()
	state := s.ask(salon, p, slot)
	if r := s.answer(salon, p, state, accept(slot), slot); r.Status != http.StatusOK || p.key == "" {
		s.t.Fatalf("round two for %s: got %d %s, want booked with a manage key", p.name, r.Status, r.Body)
	}
	return p
}

// mine is the path of p's booking at salon, with what follows it.
func mine(salon, booking, rest string) string { return "/salons/" + salon + "/my/" + booking + rest }

// see reads p's booking with key.
func (s *shop) see(salon, booking, key string) apitest.Reply {
	s.t.Helper()
	return s.do(http.MethodGet, mine(salon, booking, ""), key, nil)
}

// seen reads p's booking with its key, failing unless it answers 200.
func (s *shop) seen(salon string, p *patron) wire.MyBooking {
	s.t.Helper()
	r := s.see(salon, p.booking, p.key)
	var m wire.MyBooking
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &m) != nil {
		s.t.Fatalf("%s's booking: got %d %s, want 200", p.name, r.Status, r.Body)
	}
	if got := r.Header.Get("Cache-Control"); got != "no-store" {
		s.t.Errorf("%s's booking: got Cache-Control %q, want no-store", p.name, got)
	}
	return m
}

// move runs both rounds of a move of p's booking to slot (stylist "" keeps theirs) and returns the
// second round's reply.
func (s *shop) move(salon string, p *patron, slot, stylist string) apitest.Reply {
	s.t.Helper()
	state := s.askToMove(salon, p.booking, p.key, slot, stylist)
	return s.moveWith(salon, p.booking, p.key, state, slot, stylist)
}

func moveArguments(slot, stylist string) map[string]any {
	args := map[string]any{"message": "Later, if you can", "openSlots": []string{slot}}
	if stylist != "" {
		args["stylist"] = stylist
	}
	return args
}

// askToMove runs round one of a move of booking to slot with key, and returns its state.
func (s *shop) askToMove(salon, booking, key, slot, stylist string) string {
	s.t.Helper()
	r := s.do(http.MethodPost, mine(salon, booking, "/move"), key, map[string]any{"arguments": moveArguments(slot, stylist)})
	var asked wire.InputRequiredResult
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &asked) != nil || asked.RequestState == "" {
		s.t.Fatalf("a move's round one: got %d %s, want a question", r.Status, r.Body)
	}
	if got := asked.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum; len(got) != 1 || got[0] != slot {
		s.t.Fatalf("a move's round one offered %q, want %s", got, slot)
	}
	return asked.RequestState
}

// moveWith sends round two of a move of booking to slot with key and state.
func (s *shop) moveWith(salon, booking, key, state, slot, stylist string) apitest.Reply {
	s.t.Helper()
	return s.do(http.MethodPost, mine(salon, booking, "/move"), key, map[string]any{
		"arguments": moveArguments(slot, stylist), "inputResponses": json.RawMessage(accept(slot)), "requestState": state})
}

// wantReply checks a reply's status and its body, trimmed.
func wantReply(t *testing.T, r apitest.Reply, status int, body string) {
	t.Helper()
	if r.Status != status || strings.TrimSpace(string(r.Body)) != body {
		t.Errorf("got %d %s, want %d %s", r.Status, bytes.TrimSpace(r.Body), status, body)
	}
}

// wantUncached is wantReply for a reply of the customer's routes, which no cache may keep, a
// refusal included.
func wantUncached(t *testing.T, r apitest.Reply, status int, body string) {
	t.Helper()
	wantReply(t, r, status, body)
	if got := r.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("got Cache-Control %q on %d %s, want no-store", got, r.Status, bytes.TrimSpace(r.Body))
	}
}

func TestTheKeyOpensItsOwnBookingAndAWrongKeyAnswersAsAnUnknownBooking(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	s.put("studio-ten", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	rosa := s.book("studio-nine", newPatron("Rosa Diaz", "+44 7700 900002"), "2026-12-05T11:00:00Z")
	if len(ana.key) != 43 || ana.key == rosa.key || strings.ContainsAny(ana.key, "+/=") {
		t.Fatalf("keys %q and %q: want two different 43-character URL-safe keys", ana.key, rosa.key)
	}

	r := s.see("studio-nine", ana.booking, ana.key)
	wantReply(t, r, http.StatusOK, `{"booking":"`+ana.booking+`","salon":"studio-nine","salonName":"Studio Nine",`+
		`"phone":"+44 20 7946 0000","service":null,"services":[],"serviceName":null,"stylist":null,"stylistName":null,`+
		`"slot":"2026-12-05T10:00:00Z","label":"Saturday 5 December, 10:00","ends":"2026-12-05T11:00:00Z",`+
		`"status":"booked","name":"Ana Lima","contact":"+44 7700 900001","changeUntil":"2026-12-04T10:00:00Z",`+
		`"canChange":true,"sequence":0}`)

	noAna := `"there is no booking ` + ana.booking + `"`
	for _, c := range []struct {
		name, salon, booking, key, want string
	}{
		{"Rosa's key on Ana's booking", "studio-nine", ana.booking, rosa.key, noAna},
		{"Ana's key on Rosa's booking", "studio-nine", rosa.booking, ana.key, `"there is no booking ` + rosa.booking + `"`},
		{"no key", "studio-nine", ana.booking, "", noAna},
		{"a key one character off", "studio-nine", ana.booking, ana.key[:42] + string(ana.key[42]^1), noAna},
		{"the key in capitals", "studio-nine", ana.booking, strings.ToUpper(ana.key), noAna},
		{"Ana's key with a space after it", "studio-nine", ana.booking, ana.key + " ", noAna},
		{"Ana's key at another salon", "studio-ten", ana.booking, ana.key, noAna},
		{"Ana's key at an unknown salon", "elsewhere", ana.booking, ana.key, noAna},
		{"an unknown booking", "studio-nine", "b-999", ana.key, `"there is no booking b-999"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, op := range []struct{ method, rest string }{
				{http.MethodGet, ""}, {http.MethodPost, "/cancel"}, {http.MethodGet, "/calendar.ics"},
			} {
				wantUncached(t, s.do(op.method, mine(c.salon, c.booking, op.rest), c.key, nil), http.StatusNotFound, c.want)
			}
			r := s.do(http.MethodPost, mine(c.salon, c.booking, "/move"), c.key, map[string]any{"arguments": moveArguments("2026-12-05T12:00:00Z", "")})
			wantUncached(t, r, http.StatusNotFound, c.want)
		})
	}
	// Nothing above changed either booking.
	for _, p := range []*patron{ana, rosa} {
		if m := s.seen("studio-nine", p); m.Status != "booked" || m.Sequence != 0 {
			t.Errorf("%s's booking after the refusals: got %+v, want booked, sequence 0", p.name, m)
		}
	}
}

func TestTheKeyIsHashedInTheDatabaseAndMadeAgainAfterARotation(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	b, err := s.db.Booking(context.Background(), "studio-nine", ana.booking)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.ManageHash, requeststate.ManageHash(ana.key)) || bytes.Contains(b.ManageHash, []byte(ana.key)) {
		t.Errorf("the database holds %x, want the key's SHA3-256 and never the key", b.ManageHash)
	}
	s.serve([]byte(strings.Repeat("n", 32)), []byte(strings.Repeat("k", 32)))
	if m := s.seen("studio-nine", ana); m.Booking != ana.booking {
		t.Errorf("after the rotation: got %+v, want Ana's booking", m)
	}
}

func TestTheCustomerSeesAndCancelsUntilTheCutoff(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	rosa := s.book("studio-nine", newPatron("Rosa Diaz", "+44 7700 900002"), "2026-12-05T11:00:00Z")
	closed := `"changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000"`

	// A second before Ana's cutoff she cancels; her slot opens again.
	s.clock.Set(time.Date(2026, time.December, 4, 9, 59, 59, 0, time.UTC))
	if m := s.seen("studio-nine", ana); !m.CanChange || m.ChangeUntil != "2026-12-04T10:00:00Z" {
		t.Errorf("a second before the cutoff: got %+v, want canChange until 2026-12-04T10:00:00Z", m)
	}
	r := s.do(http.MethodPost, mine("studio-nine", ana.booking, "/cancel"), ana.key, nil)
	var m wire.MyBooking
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &m) != nil || m.Status != "cancelled" || m.Sequence != 1 || m.CanChange {
		t.Fatalf("cancelling: got %d %s, want 200, cancelled, sequence 1, canChange false", r.Status, r.Body)
	}
	if got := r.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("cancelling: got Cache-Control %q, want no-store", got)
	}
	view := s.do(http.MethodGet, "/salons/studio-nine", "", nil)
	if !bytes.Contains(view.Body, []byte(`"slot":"2026-12-05T10:00:00Z"`)) {
		t.Errorf("after the cancel, the salon's open slots %s don't hold 2026-12-05T10:00:00Z", view.Body)
	}
	wantReply(t, s.do(http.MethodPost, mine("studio-nine", ana.booking, "/cancel"), ana.key, nil), http.StatusConflict,
		`"this booking is already cancelled"`)
	if m := s.seen("studio-nine", ana); m.Status != "cancelled" || m.Sequence != 1 {
		t.Errorf("after a second cancel: got %+v, want cancelled at sequence 1", m)
	}

	// At Rosa's cutoff, to the second, she can see her booking and change nothing.
	s.clock.Set(time.Date(2026, time.December, 4, 11, 0, 0, 0, time.UTC))
	if m := s.seen("studio-nine", rosa); m.CanChange || m.Status != "booked" {
		t.Errorf("at the cutoff: got %+v, want booked, canChange false", m)
	}
	wantUncached(t, s.do(http.MethodPost, mine("studio-nine", rosa.booking, "/cancel"), rosa.key, nil), http.StatusConflict, closed)
	wantReply(t, s.do(http.MethodPost, mine("studio-nine", rosa.booking, "/move"), rosa.key,
		map[string]any{"arguments": moveArguments("2026-12-05T12:00:00Z", "")}), http.StatusConflict, closed)
	if m := s.seen("studio-nine", rosa); m.Status != "booked" || m.Sequence != 0 {
		t.Errorf("after the refusals: got %+v, want booked at sequence 0", m)
	}

	// The owner's cutoff applies to bookings already made: at 2 hours, Rosa may cancel again.
	settings := strings.Replace(studioNine, `"horizonDays":14`, `"horizonDays":14,"changeCutoffHours":2`, 1)
	s.put("studio-nine", settings)
	if m := s.seen("studio-nine", rosa); !m.CanChange || m.ChangeUntil != "2026-12-05T09:00:00Z" {
		t.Errorf("with a 2-hour cutoff: got %+v, want canChange until 2026-12-05T09:00:00Z", m)
	}
	s.put("studio-nine", strings.Replace(settings, `"changeCutoffHours":2`, `"changeCutoffHours":48`, 1))
	wantReply(t, s.do(http.MethodPost, mine("studio-nine", rosa.booking, "/cancel"), rosa.key, nil), http.StatusConflict,
		`"changes close 48 hours before the appointment; call Studio Nine on +44 20 7946 0000"`)
}

func TestAMoveKeepsTheBookingAndRaisesItsSequence(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")

	r := s.move("studio-nine", ana, "2026-12-05T11:00:00Z", "")
	wantReply(t, r, http.StatusOK, `{"resultType":"complete","structuredContent":{"status":"booked","slot":"2026-12-05T11:00:00Z",`+
		`"say":"Your booking is now Saturday 5 December, 11:00.","booking":"`+ana.booking+`"}}`)
	m := s.seen("studio-nine", ana)
	if m.Booking != ana.booking || m.Slot != "2026-12-05T11:00:00Z" || m.Ends != "2026-12-05T12:00:00Z" ||
		m.Name != "Ana Lima" || m.Contact != "+44 7700 900001" || m.Sequence != 1 || m.Status != "booked" {
		t.Errorf("after the move: got %+v, want the same booking, key and customer at 11:00, sequence 1", m)
	}
	view := s.do(http.MethodGet, "/salons/studio-nine", "", nil)
	if !bytes.Contains(view.Body, []byte(`"slot":"2026-12-05T10:00:00Z"`)) || bytes.Contains(view.Body, []byte(`"slot":"2026-12-05T11:00:00Z"`)) {
		t.Errorf("after the move, the open slots %s: want 10:00 open again and 11:00 taken", view.Body)
	}

	// A simple salon has no stylist to move to.
	wantReply(t, s.do(http.MethodPost, mine("studio-nine", ana.booking, "/move"), ana.key,
		map[string]any{"arguments": moveArguments("2026-12-05T12:00:00Z", "ana")}), http.StatusBadRequest, `"studio-nine has no such stylist"`)

	// Moved to where it stands: a change all the same.
	wantReply(t, s.move("studio-nine", ana, "2026-12-05T11:00:00Z", ""), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"booked","slot":"2026-12-05T11:00:00Z",`+
			`"say":"Your booking is now Saturday 5 December, 11:00.","booking":"`+ana.booking+`"}}`)
	if m := s.seen("studio-nine", ana); m.Sequence != 2 {
		t.Errorf("after the second move: got sequence %d, want 2", m.Sequence)
	}
}

func TestAMoveStateMovesOnlyItsBookingAndOnlyOnce(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	rosa := s.book("studio-nine", newPatron("Rosa Diaz", "+44 7700 900002"), "2026-12-05T11:00:00Z")
	slot := "2026-12-05T13:00:00Z"
	state := s.askToMove("studio-nine", ana.booking, ana.key, slot, "")

	// Ana's state, sent for Rosa's booking with Rosa's key: it was issued for another request.
	wantReply(t, s.moveWith("studio-nine", rosa.booking, rosa.key, state, slot, ""), http.StatusBadRequest,
		`"requestState belongs to another request"`)
	// Nor can it book: a move's digest is its own.
	p := newPatron("Ana Lima", "+44 7700 900001")
	p.roundTwo = fmt.Sprintf(`{"arguments":{"message":"Later, if you can","openSlots":[%q],"customer":{"name":"Ana Lima","contact":"+44 7700 900001"}},`+
		`"inputResponses":%s,"requestState":%q}`, slot, accept(slot), state)
	wantReply(t, s.do(http.MethodPost, "/salons/studio-nine/book", "", p.roundTwo), http.StatusBadRequest,
		`"requestState belongs to another request"`)

	wantReply(t, s.moveWith("studio-nine", ana.booking, ana.key, state, slot, ""), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"booked","slot":"`+slot+`",`+
			`"say":"Your booking is now Saturday 5 December, 13:00.","booking":"`+ana.booking+`"}}`)
	wantReply(t, s.moveWith("studio-nine", ana.booking, ana.key, state, slot, ""), http.StatusBadRequest,
		`"requestState was already used"`)
	for _, c := range []struct {
		p          *patron
		slot       string
		sequence   int
		wantStatus string
	}{{ana, slot, 1, "booked"}, {rosa, "2026-12-05T11:00:00Z", 0, "booked"}} {
		if m := s.seen("studio-nine", c.p); m.Slot != c.slot || m.Sequence != c.sequence || m.Status != c.wantStatus {
			t.Errorf("%s's booking: got %+v, want %s at sequence %d", c.p.name, m, c.slot, c.sequence)
		}
	}
}

func TestAMoveToATimeTakenMeanwhileLeavesTheBookingWhereItWas(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	slot := "2026-12-05T11:00:00Z"
	state := s.askToMove("studio-nine", ana.booking, ana.key, slot, "")
	s.book("studio-nine", newPatron("Rosa Diaz", "+44 7700 900002"), slot)

	wantReply(t, s.moveWith("studio-nine", ana.booking, ana.key, state, slot, ""), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"not_booked",`+
			`"say":"Saturday 5 December, 11:00 was taken meanwhile, so your booking stays at Saturday 5 December, 10:00."}}`)
	if m := s.seen("studio-nine", ana); m.Slot != "2026-12-05T10:00:00Z" || m.Status != "booked" || m.Sequence != 0 {
		t.Errorf("Ana's booking: got %+v, want it where it was, unchanged", m)
	}
	wantReply(t, s.moveWith("studio-nine", ana.booking, ana.key, state, slot, ""), http.StatusBadRequest, `"requestState was already used"`)
}

func TestACancelledBookingCantBeMovedInEitherRound(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	ana := s.book("studio-nine", newPatron("Ana Lima", "+44 7700 900001"), "2026-12-05T10:00:00Z")
	slot := "2026-12-05T11:00:00Z"
	state := s.askToMove("studio-nine", ana.booking, ana.key, slot, "")
	if r := s.do(http.MethodPost, mine("studio-nine", ana.booking, "/cancel"), ana.key, nil); r.Status != http.StatusOK {
		t.Fatalf("cancelling: got %d %s", r.Status, r.Body)
	}
	cancelled := `"this booking is already cancelled"`
	wantReply(t, s.moveWith("studio-nine", ana.booking, ana.key, state, slot, ""), http.StatusConflict, cancelled)
	wantReply(t, s.do(http.MethodPost, mine("studio-nine", ana.booking, "/move"), ana.key,
		map[string]any{"arguments": moveArguments(slot, "")}), http.StatusConflict, cancelled)
	if m := s.seen("studio-nine", ana); m.Status != "cancelled" || m.Slot != "2026-12-05T10:00:00Z" || m.Sequence != 1 {
		t.Errorf("Ana's booking: got %+v, want cancelled where it was, sequence 1", m)
	}
}

func TestAMoveAtAMenuSalonKeepsTheServiceAndMayChangeTheStylist(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", menuNine)
	ana := newPatron("Ana Lima", "+44 7700 900001")
	ana.choice = map[string]any{"service": "cut", "stylist": "ana"}
	s.book("studio-nine", ana, "2026-12-05T10:30:00Z")
	m := s.seen("studio-nine", ana)
	if got := mustJSON(m); !strings.Contains(got, `"service":"cut","services":["cut"],"serviceName":"Cut","stylist":"ana","stylistName":"Ana",`+
		`"slot":"2026-12-05T10:30:00Z","label":"Saturday 5 December, 10:30","ends":"2026-12-05T11:15:00Z"`) {
		t.Errorf("Ana's booking at a menu salon: got %s, want Cut with Ana from 10:30 to 11:15", got)
	}

	wantReply(t, s.move("studio-nine", ana, "2026-12-05T11:30:00Z", ""), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"booked","slot":"2026-12-05T11:30:00Z",`+
			`"say":"Cut with Ana is now Saturday 5 December, 11:30.","booking":"`+ana.booking+`"}}`)
	wantReply(t, s.move("studio-nine", ana, "2026-12-05T12:00:00Z", "ben"), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"booked","slot":"2026-12-05T12:00:00Z",`+
			`"say":"Cut with Ben is now Saturday 5 December, 12:00.","booking":"`+ana.booking+`"}}`)
	if m := s.seen("studio-nine", ana); m.Stylist == nil || *m.Stylist != "ben" || m.Sequence != 2 || m.Ends != "2026-12-05T12:45:00Z" {
		t.Errorf("after the moves: got %s, want Cut with Ben at 12:00, sequence 2", mustJSON(m))
	}
	// Ben's new span is his: Rosa, asking for Ben then, is offered nothing.
	rosa := newPatron("Rosa Diaz", "+44 7700 900002")
	rosa.choice = map[string]any{"service": "cut", "stylist": "ben"}
	r := s.do(http.MethodPost, "/salons/studio-nine/book", "", map[string]any{"arguments": rosa.arguments("2026-12-05T12:00:00Z")})
	if !bytes.Contains(r.Body, []byte(`"status":"not_booked"`)) {
		t.Errorf("Rosa asking for Ben at 12:00: got %d %s, want nothing open", r.Status, r.Body)
	}
}

func TestTheOutcomeRouteTellsALostReplyAgainByteForByte(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	slot := "2026-12-05T10:00:00Z"
	outcome := func(body string) apitest.Reply {
		t.Helper()
		return s.do(http.MethodPost, "/salons/studio-nine/book/outcome", "", body)
	}
	none := `"there is no outcome for this request"`

	ana := newPatron("Ana Lima", "+44 7700 900001")
	state := s.ask("studio-nine", ana, slot, "2026-12-05T11:00:00Z")
	unspent := fmt.Sprintf(`{"arguments":%s,"inputResponses":%s,"requestState":%q}`,
		mustJSON(ana.arguments(slot, "2026-12-05T11:00:00Z")), accept(slot), state)
	wantUncached(t, outcome(unspent), http.StatusNotFound, none)
	if r := s.answer("studio-nine", ana, state, accept(slot), slot, "2026-12-05T11:00:00Z"); r.Status != http.StatusOK || ana.key == "" {
		t.Fatalf("round two: got %d %s, want booked", r.Status, r.Body)
	}

	r := outcome(ana.roundTwo)
	if r.Status != http.StatusOK || !bytes.Equal(r.Body, ana.reply) {
		t.Fatalf("the outcome: got %d %s, want 200 and round two's reply byte for byte: %s", r.Status, r.Body, ana.reply)
	}
	if !bytes.Contains(r.Body, []byte(`"manage":"`+ana.key+`"`)) {
		t.Errorf("the outcome %s doesn't carry the manage key", r.Body)
	}
	if again := outcome(ana.roundTwo); !bytes.Equal(again.Body, ana.reply) {
		t.Errorf("the outcome asked twice: got %s, want %s", again.Body, ana.reply)
	}
	// Round two itself, sent again, is still refused.
	wantReply(t, s.do(http.MethodPost, "/salons/studio-nine/book", "", ana.roundTwo), http.StatusBadRequest, `"requestState was already used"`)

	// Another request: the other time, another customer, another salon's path, a state edited.
	other := strings.Replace(ana.roundTwo, `"time":"`+slot+`"`, `"time":"2026-12-05T11:00:00Z"`, 1)
	wantReply(t, outcome(other), http.StatusNotFound, none)
	wantReply(t, outcome(strings.Replace(ana.roundTwo, "Ana Lima", "Rosa Diaz", 1)), http.StatusNotFound, none)
	wantReply(t, s.do(http.MethodPost, "/salons/studio-ten/book/outcome", "", ana.roundTwo), http.StatusNotFound, none)
	dot := strings.LastIndexByte(ana.roundTwo, '.')
	flipped := ana.roundTwo[:dot+1] + string(ana.roundTwo[dot+1]^1) + ana.roundTwo[dot+2:]
	wantReply(t, outcome(flipped), http.StatusNotFound, none)
	wantReply(t, outcome(`{"arguments":`+mustJSON(ana.arguments(slot))+`}`), http.StatusNotFound, none)

	// A rotation: the key is made again by the earlier signing key.
	s.serve([]byte(strings.Repeat("n", 32)), []byte(strings.Repeat("k", 32)))
	if r := outcome(ana.roundTwo); !bytes.Equal(r.Body, ana.reply) {
		t.Errorf("after a rotation: got %d %s, want %s", r.Status, r.Body, ana.reply)
	}
	// Past the state's life, the outcome is no longer told.
	s.clock.Advance(2*time.Minute + time.Second)
	wantReply(t, outcome(ana.roundTwo), http.StatusNotFound, none)
}

func TestTheOutcomeOfADeclineOrATimeTakenIsToldAgainToo(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	slot := "2026-12-05T10:00:00Z"
	ana, rosa, lena := newPatron("Ana Lima", "+44 7700 900001"), newPatron("Rosa Diaz", "+44 7700 900002"), newPatron("Lena Park", "+44 7700 900003")
	anaState, rosaState, lenaState := s.ask("studio-nine", ana, slot), s.ask("studio-nine", rosa, slot), s.ask("studio-nine", lena, slot)
	s.answer("studio-nine", ana, anaState, accept(slot), slot)
	s.answer("studio-nine", rosa, rosaState, accept(slot), slot)
	s.answer("studio-nine", lena, lenaState, `{"time":{"action":"decline"}}`, slot)
	for _, c := range []struct {
		p    *patron
		want string
	}{
		{rosa, `"say":"Saturday 5 December, 10:00 was taken meanwhile, so nothing is booked."`},
		{lena, `"say":"No time was chosen, so nothing is booked."`},
	} {
		if !bytes.Contains(c.p.reply, []byte(c.want)) {
			t.Fatalf("%s's round two: got %s, want %s", c.p.name, c.p.reply, c.want)
		}
		r := s.do(http.MethodPost, "/salons/studio-nine/book/outcome", "", c.p.roundTwo)
		if r.Status != http.StatusOK || !bytes.Equal(r.Body, c.p.reply) {
			t.Errorf("%s's outcome: got %d %s, want %s", c.p.name, r.Status, r.Body, c.p.reply)
		}
	}
}

// hangingUp is the calendar of a client that hangs up as its round two's spend begins: Spend
// ends the request's context first, then lets the database decide.
type hangingUp struct {
	*store.Store
	hangUp func()
}

func (h hangingUp) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *domain.Hold, now time.Time) (domain.SpendOutcome, error) {
	h.hangUp()
	time.Sleep(10 * time.Millisecond)
	return h.Store.Spend(ctx, id, goodUntil, hold, now)
}

func TestARoundTwoWhoseClientHangsUpStillSpendsAndTheOutcomeTellsIt(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", studioNine)
	slot := "2026-12-05T10:00:00Z"
	ana := newPatron("Ana Lima", "+44 7700 900001")
	state := s.ask("studio-nine", ana, slot)

	ctx, hangUp := context.WithCancel(context.Background())
	hung := hangingUp{s.db, hangUp}
	app := api.New(api.Service{
		Keys: &s.keys, Life: 2 * time.Minute, Now: s.clock.Now, Spent: requeststate.NewMemory(s.clock.Now),
		Nonce:    func() requeststate.Nonce { return requeststate.Nonce{9} },
		Calendar: hung, Access: hung, Tell: hung, MyCalendar: hung, Amend: hung,
		BookingID: func() string { return "b-hung-up" },
	})
	body := fmt.Sprintf(`{"arguments":%s,"inputResponses":%s,"requestState":%q}`, mustJSON(ana.arguments(slot)), accept(slot), state)
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/salons/studio-nine/book", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	app.ServeHTTP(httptest.NewRecorder(), req)
	if ctx.Err() == nil {
		t.Fatal("the client never hung up")
	}

	r := s.do(http.MethodPost, "/salons/studio-nine/book/outcome", "", body)
	want := `{"resultType":"complete","structuredContent":{"status":"booked","slot":"` + slot + `",` +
		`"say":"Saturday 5 December, 10:00 is yours.","booking":"b-hung-up","manage":"` + s.keys.ManageKey("studio-nine", "b-hung-up") + `"}}`
	wantReply(t, r, http.StatusOK, want)
	wantReply(t, s.do(http.MethodPost, "/salons/studio-nine/book", "", body), http.StatusBadRequest, `"requestState was already used"`)
}
