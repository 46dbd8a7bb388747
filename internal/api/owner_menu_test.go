// This file tests the menu's and the owner's endpoints over a real SQLite calendar, every exchange checked against openapi.json: availability, the list's fields and pages, the salons' pages, and moving a booking.

package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
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

// ownerToken is the owner's token of these tests.
const ownerToken = "an-owner-token-that-is-long-enough-for-it"

// menuFriday is when these tests stand: Friday 4 December 2026, noon in London.
var menuFriday = time.Date(2026, time.December, 4, 12, 0, 0, 0, time.UTC)

// teamSettings is a menu salon as the owner puts it: open Tuesday to Saturday 09:00 to 17:30, a
// cut and a colour; Ana does both, Ben only cuts.
const teamSettings = `{"name":"Studio Nine","timeZone":"Europe/London","phone":"+44 20 7946 0000",
	"hours":{"tue":[["09:00","17:30"]],"wed":[["09:00","17:30"]],"thu":[["09:00","17:30"]],"fri":[["09:00","17:30"]],"sat":[["09:00","17:30"]]},
	"currency":"GBP",
	"services":[{"id":"cut","name":"Cut","minutes":45,"price":4500},{"id":"colour","name":"Colour","minutes":90,"afterMinutes":30,"price":8000}],
	"stylists":[{"id":"ana","name":"Ana","services":["cut","colour"]},{"id":"ben","name":"Ben","services":["cut"]}]}`

// simpleSettings is a simple salon open Saturdays 09:00 to 12:00 with 60-minute slots.
const simpleSettings = `{"name":"Simple","timeZone":"Europe/London","phone":"+44 20 7946 0001",
	"hours":{"sat":[["09:00","12:00"]]},"slotMinutes":60}`

// calendarApp is the application over a real SQLite calendar, with a clock the test holds.
type calendarApp struct {
	t      *testing.T
	db     *store.Store
	client *apitest.Client
	clock  *testkit.Clock
	svc    api.Service  // the service it serves
	app    http.Handler // the application itself, for a server on a real port
}

func newCalendarApp(t *testing.T) *calendarApp {
	t.Helper()
	return newCalendarAppWith(t, nil)
}

// newCalendarAppWith is newCalendarApp with the service configure makes of the usual one, on its
// clock and calendar; a nil configure changes nothing.
func newCalendarAppWith(t *testing.T, configure func(*api.Service)) *calendarApp {
	t.Helper()
	clock := testkit.NewClock(menuFriday)
	db, err := store.Open(context.Background(), storetest.SQLite(t), clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	svc := api.Service{
		Keys: &keys, Life: 2 * time.Minute, Now: clock.Now, Spent: requeststate.NewMemory(clock.Now),
		Nonce:    func() requeststate.Nonce { n++; return requeststate.Nonce{byte(n), byte(n >> 8)} },
		Calendar: db, Access: db, Tell: db, MyCalendar: db, Amend: db, OwnerToken: ownerToken,
	}
	if configure != nil {
		configure(&svc)
	}
	app := api.New(svc)
	client, err := apitest.New(app)
	if err != nil {
		t.Fatal(err)
	}
	return &calendarApp{t: t, db: db, client: client, clock: clock, svc: svc, app: app}
}

// send serves one request, the owner's token on it when owner, and fails the test on an exchange
// the document doesn't describe.
func (a *calendarApp) send(method, path, body string, owner bool) apitest.Reply {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if owner {
		req.Header.Set("Authorization", "Bearer "+ownerToken)
	}
	reply, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	return reply
}

// put registers the salon id with settings, wanting 200.
func (a *calendarApp) put(id, settings string) {
	a.t.Helper()
	if r := a.send(http.MethodPut, "/salons/"+id, settings, true); r.Status != http.StatusOK {
		a.t.Fatalf("putting %s: got %d %s", id, r.Status, r.Body)
	}
}

// hold books a span straight through the calendar, as round two would: a cut or a colour with a
// stylist at a menu salon, or a slot at a simple one when service is "".
func (a *calendarApp) hold(salonID, id, service, stylist string, start time.Time) {
	a.t.Helper()
	h := &domain.Hold{ID: id, Salon: salonID, Slot: start.Format(time.RFC3339), Start: start,
		Customer: domain.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, Words: "A cut?"}
	switch service {
	case "cut":
		h.Service, h.Minutes, h.Stylists = "cut", 45, []string{stylist}
	case "colour":
		h.Service, h.Minutes, h.AfterMinutes, h.Stylists = "colour", 90, 30, []string{stylist}
	}
	out, err := a.db.Spend(context.Background(), sha256.Sum256([]byte(a.t.Name()+id)), menuFriday.Add(time.Minute), h, a.clock.Now())
	if err != nil || out.Booking == nil {
		a.t.Fatalf("booking %s: got %+v, %v", id, out, err)
	}
}

// wantRefusal fails unless r is status with the JSON string reason.
func wantRefusal(t *testing.T, r apitest.Reply, status int, reason string) {
	t.Helper()
	if want := mustJSON(reason) + "\n"; r.Status != status || string(r.Body) != want {
		t.Errorf("got %d %s, want %d %s", r.Status, r.Body, status, want)
	}
}

// keysOf is the keys of a JSON object, sorted.
func keysOf(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func TestAvailabilityListsTheOpenStartsOfAServiceWithAStylistOrAnyone(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	a.hold("studio-nine", "colour", "colour", "ana", time.Date(2026, time.December, 5, 9, 0, 0, 0, time.UTC)) // Ana 09:00 to 11:00

	r := a.send(http.MethodGet, "/salons/studio-nine/availability?service=cut&stylist=ana&from=2026-12-05T00:00:00Z&days=1", "", false)
	if r.Status != http.StatusOK || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("got %d %s with Cache-Control %q, want 200 no-store", r.Status, r.Body, r.Header.Get("Cache-Control"))
	}
	var got wire.Availability
	if err := json.Unmarshal(r.Body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Service != "cut" || got.Stylist == nil || *got.Stylist != "ana" || got.More || len(got.Slots) == 0 {
		t.Fatalf("got %s, want a cut with Ana, some starts and no more", r.Body)
	}
	first := got.Slots[0]
	if first.Slot != "2026-12-05T11:00:00Z" || first.Label != "Saturday 5 December, 11:00" || !slices.Equal(first.Stylists, []string{"ana"}) {
		t.Errorf("got the first start %+v, want 11:00 with Ana, after her colour", first)
	}
	if last := got.Slots[len(got.Slots)-1]; last.Slot != "2026-12-05T16:45:00Z" {
		t.Errorf("got the last start %s, want 16:45, the last a cut fits before 17:30", last.Slot)
	}

	r = a.send(http.MethodGet, "/salons/studio-nine/availability?service=cut&from=2026-12-05T00:00:00Z&days=1", "", false)
	if !strings.Contains(string(r.Body), `"stylist":null`) {
		t.Errorf("anyone: got %s, want \"stylist\":null", r.Body)
	}
	got = wire.Availability{}
	if err := json.Unmarshal(r.Body, &got); err != nil || len(got.Slots) == 0 {
		t.Fatalf("anyone: got %s, %v", r.Body, err)
	}
	if s := got.Slots[0]; s.Slot != "2026-12-05T09:00:00Z" || !slices.Equal(s.Stylists, []string{"ben"}) {
		t.Errorf("anyone at 09:00: got %+v, want Ben alone, Ana being busy", s)
	}
	if s := got.Slots[len(got.Slots)-1]; !slices.Equal(s.Stylists, []string{"ana", "ben"}) {
		t.Errorf("anyone at the end of the day: got %+v, want Ana and Ben in the salon's order", s)
	}

	// More than 500 starts in the window: 500 listed, and more.
	a.put("studio-nine", strings.Replace(teamSettings, `"currency"`, `"gridMinutes":5,"currency"`, 1))
	r = a.send(http.MethodGet, "/salons/studio-nine/availability?service=cut", "", false)
	got = wire.Availability{}
	if err := json.Unmarshal(r.Body, &got); err != nil || len(got.Slots) != 500 || !got.More {
		t.Errorf("a busy grid: got %d starts and more %v (%v), want 500 and more", len(got.Slots), got.More, err)
	}
}

func TestAvailabilityRefusals(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	a.put("simple", simpleSettings)
	for _, tc := range []struct {
		query  string
		status int
		reason string
	}{
		{"service=perm", 400, "studio-nine offers no service perm"},
		{"service=cut&stylist=zoe", 400, "studio-nine has no stylist zoe"},
		{"service=colour&stylist=ben", 400, "Ben doesn't do Colour"},
		{"stylist=ana", 400, "service is required at this salon"},
		{"service=cut&from=tomorrow", 400, "from must be a time in RFC 3339, such as 2026-12-05T09:00:00Z (write + as %2B)"},
		{"service=cut&days=0", 400, "days must be a whole number from 1 to 90"},
		{"service=cut&days=91", 400, "days must be a whole number from 1 to 90"},
		{"service=cut&days=%2B7", 400, "days must be a whole number from 1 to 90"},
		{"service=cut&days=seven", 400, "days must be a whole number from 1 to 90"},
	} {
		r := a.send(http.MethodGet, "/salons/studio-nine/availability?"+tc.query, "", false)
		wantRefusal(t, r, tc.status, tc.reason)
	}
	wantRefusal(t, a.send(http.MethodGet, "/salons/simple/availability?service=cut", "", false), 400, "simple has no menu of services")
	wantRefusal(t, a.send(http.MethodGet, "/salons/elsewhere/availability?service=cut", "", false), 404, "there is no salon elsewhere")
}

func TestTheOwnersListAddsTheMenusFieldsAtAMenuSalonOnly(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	a.put("simple", simpleSettings)
	a.hold("studio-nine", "cut", "cut", "ana", time.Date(2026, time.December, 5, 10, 0, 0, 0, time.UTC))
	a.hold("simple", "slot", "", "", time.Date(2026, time.December, 5, 10, 0, 0, 0, time.UTC))

	var list struct{ Bookings []json.RawMessage }
	r := a.send(http.MethodGet, "/salons/simple/bookings", "", true)
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list.Bookings) != 1 {
		t.Fatalf("simple: got %d %s", r.Status, r.Body)
	}
	if got, want := keysOf(t, list.Bookings[0]), []string{"bookedAt", "booking", "contact", "label", "name", "slot", "status", "words"}; !slices.Equal(got, want) {
		t.Errorf("a simple salon's row: got keys %q, want exactly %q", got, want)
	}
	if keys := keysOf(t, r.Body); !slices.Equal(keys, []string{"bookings"}) {
		t.Errorf("a simple salon's list that fits one page: got keys %q, want only bookings", keys)
	}

	r = a.send(http.MethodGet, "/salons/studio-nine/bookings", "", true)
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list.Bookings) != 1 {
		t.Fatalf("menu: got %d %s", r.Status, r.Body)
	}
	var row wire.BookingView
	if err := json.Unmarshal(list.Bookings[0], &row); err != nil {
		t.Fatal(err)
	}
	if row.Service == nil || *row.Service != "cut" || *row.ServiceName != "Cut" || *row.Stylist != "ana" ||
		*row.StylistName != "Ana" || *row.Ends != "2026-12-05T10:45:00Z" || !*row.Fits {
		t.Errorf("a menu salon's row: got %s, want the cut with Ana, ending 10:45, fitting", list.Bookings[0])
	}

	// Ana stops doing colours and cuts: her cut no longer fits.
	a.put("studio-nine", strings.Replace(teamSettings, `"services":["cut","colour"]`, `"services":["colour"]`, 1))
	r = a.send(http.MethodGet, "/salons/studio-nine/bookings", "", true)
	if !strings.Contains(string(r.Body), `"fits":false`) {
		t.Errorf("after Ana stopped cutting: got %s, want \"fits\":false", r.Body)
	}
}

func TestTheListsComeInPages(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	for i := range 5 {
		a.hold("studio-nine", fmt.Sprint("b", i), "cut", "ana", time.Date(2026, time.December, 5, 9+i, 0, 0, 0, time.UTC))
	}
	var seen []string
	path := "/salons/studio-nine/bookings?limit=2"
	for range 10 {
		r := a.send(http.MethodGet, path, "", true)
		var page wire.BookingList
		if r.Status != http.StatusOK || json.Unmarshal(r.Body, &page) != nil {
			t.Fatalf("got %d %s", r.Status, r.Body)
		}
		for _, b := range page.Bookings {
			seen = append(seen, b.Booking)
		}
		if page.Next == "" {
			break
		}
		path = "/salons/studio-nine/bookings?limit=2&after=" + url.QueryEscape(page.Next)
	}
	if want := []string{"b0", "b1", "b2", "b3", "b4"}; !slices.Equal(seen, want) {
		t.Errorf("the pages of 2: got %q, want %q", seen, want)
	}
	for _, query := range []string{"limit=0", "limit=1001", "limit=-1", "limit=two", "limit=1.5"} {
		wantRefusal(t, a.send(http.MethodGet, "/salons/studio-nine/bookings?"+query, "", true), 400, "limit must be a whole number from 1 to 1000")
	}
	salonsNext := wire.SalonCursor("studio-nine")
	for _, after := range []string{"nonsense!", "AAAA", salonsNext} {
		wantRefusal(t, a.send(http.MethodGet, "/salons/studio-nine/bookings?after="+url.QueryEscape(after), "", true), 400,
			"after must be the next of an earlier page of this list")
	}

	// The salons, in pages.
	for _, id := range []string{"alpha", "beta", "gamma"} {
		a.put(id, simpleSettings)
	}
	r := a.send(http.MethodGet, "/salons", "", false)
	if keys := keysOf(t, r.Body); !slices.Equal(keys, []string{"calendar", "salons"}) {
		t.Errorf("GET /salons that fits one page: got keys %q, want calendar and salons only", keys)
	}
	seen = nil
	path = "/salons?limit=3"
	for range 10 {
		r := a.send(http.MethodGet, path, "", false)
		var page wire.SalonList
		if r.Status != http.StatusOK || json.Unmarshal(r.Body, &page) != nil || !page.Calendar {
			t.Fatalf("got %d %s", r.Status, r.Body)
		}
		for _, s := range page.Salons {
			seen = append(seen, s.Salon)
		}
		if page.Next == "" {
			break
		}
		path = "/salons?limit=3&after=" + url.QueryEscape(page.Next)
	}
	if want := []string{"alpha", "beta", "gamma", "studio-nine"}; !slices.Equal(seen, want) {
		t.Errorf("the salons in pages of 3: got %q, want %q", seen, want)
	}
	wantRefusal(t, a.send(http.MethodGet, "/salons?limit=0", "", false), 400, "limit must be a whole number from 1 to 1000")
	wantRefusal(t, a.send(http.MethodGet, "/salons?after=zz", "", false), 400, "after must be the next of an earlier page of this list")
}

func TestTheOwnerMovesABooking(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	a.hold("studio-nine", "cut", "cut", "ana", time.Date(2026, time.December, 5, 10, 0, 0, 0, time.UTC))
	a.hold("studio-nine", "colour", "colour", "ana", time.Date(2026, time.December, 5, 12, 0, 0, 0, time.UTC))
	move := func(body string) apitest.Reply {
		return a.send(http.MethodPost, "/salons/studio-nine/bookings/cut/move", body, true)
	}

	wantRefusal(t, move(`{"slot":"2026-12-05T11:30:00Z"}`), 409, "Saturday 5 December, 11:30 is taken for Ana")
	wantRefusal(t, move(`{"slot":"2026-12-05T12:00:00Z","stylist":"zoe"}`), 400, "studio-nine has no stylist zoe")
	wantRefusal(t, move(`{"stylist":"ana"}`), 400, "slot is required")
	wantRefusal(t, move(`{"slot":7}`), 400, "slot must be a string")
	wantRefusal(t, move(`{"slot":"2026-12-05T15:00:00Z","stylist":""}`), 400, "stylist must be 1 to 40 characters")
	wantRefusal(t, move(`{"slot":"2026-12-05T10:10:00Z"}`), 404, "there is no slot 2026-12-05T10:10:00Z")
	wantRefusal(t, a.send(http.MethodPost, "/salons/studio-nine/bookings/nobody/move", `{"slot":"2026-12-05T15:00:00Z"}`, true), 404, "there is no booking nobody")
	wantRefusal(t, a.send(http.MethodPost, "/salons/studio-nine/bookings/cut/move", `{"slot":"2026-12-05T15:00:00Z"}`, false), 401, "the owner's token is missing or wrong")

	r := move(`{"slot":"2026-12-05T15:00:00Z","stylist":"ben"}`)
	var moved wire.BookingView
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &moved) != nil {
		t.Fatalf("got %d %s, want the booking moved", r.Status, r.Body)
	}
	if moved.Booking != "cut" || moved.Slot != "2026-12-05T15:00:00Z" || *moved.Stylist != "ben" || *moved.Ends != "2026-12-05T15:45:00Z" {
		t.Errorf("got %s, want the cut at 15:00 with Ben, ending 15:45", r.Body)
	}
	r = a.send(http.MethodGet, "/salons/studio-nine/availability?service=cut&stylist=ana&from=2026-12-05T00:00:00Z&days=1", "", false)
	if !strings.Contains(string(r.Body), `"slot":"2026-12-05T10:00:00Z"`) {
		t.Errorf("Ana's cuts after the move: got %s, want 10:00 open again", r.Body)
	}

	// At a menu salon, single slots are not closed or opened.
	for _, verb := range []string{"close", "open"} {
		wantRefusal(t, a.send(http.MethodPost, "/salons/studio-nine/slots/"+url.PathEscape("2026-12-05T16:00:00Z")+"/"+verb, "", true),
			409, "studio-nine closes time with closures in its settings")
	}
}
