// This file tests who may do what over HTTP, against a real SQLite calendar: a salon's key on its
// own salon and nowhere else, revoked at once, wrong tokens slowed per client address, the audit
// naming who acted and no customer, and erasure and export, the owner's and the customer's own.

package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/quota"
	"salon/internal/requeststate"
	domain "salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testkit"
)

// operator is the operator's token of these tests.
const operator = "the-operator-of-every-salon-keeps-this"

// accessNow is when these tests stand: Friday 4 December 2026, noon in UTC.
var accessNow = time.Date(2026, time.December, 4, 12, 0, 0, 0, time.UTC)

// guarded is a service over a real calendar with two salons, and the client that checks every
// exchange against the committed document.
type guarded struct {
	db     *store.Store
	keys   requeststate.Keys
	client *apitest.Client
	clock  *testkit.Clock
}

// newGuarded serves two salons, studio-nine and night-owls, with guesses limiting wrong tokens.
func newGuarded(t *testing.T, guesses *quota.Limiter) *guarded {
	t.Helper()
	clock := testkit.NewClock(accessNow)
	db, err := store.Open(t.Context(), storetest.SQLite(t), clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	day := []domain.Interval{{Start: 9 * 60, End: 17 * 60}}
	hours := domain.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	for _, id := range []string{"studio-nine", "night-owls"} {
		set := domain.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
			Hours: hours, SlotMinutes: 60, HorizonDays: 7, ChangeCutoffHours: 24, MaxUpcomingPerContact: 2}
		if err := db.PutSalon(t.Context(), id, set); err != nil {
			t.Fatal(err)
		}
	}
	nonces := &counter{}
	ids := &counter{}
	svc := api.Service{Keys: &keys, Life: 2 * time.Minute, Now: clock.Now, Nonce: nonces.nonce,
		Calendar: db, Access: db, Tell: db, MyCalendar: db, Amend: db,
		BookingID: func() string { return fmt.Sprintf("bk%x", ids.nonce()) }, OwnerToken: operator, Guesses: guesses}
	client, err := apitest.New(api.New(svc))
	if err != nil {
		t.Fatal(err)
	}
	return &guarded{db: db, keys: keys, client: client, clock: clock}
}

// send makes one request with token as the bearer (none when ""), from addr (the test's default
// when ""), and checks the exchange against the document.
func (g *guarded) send(t *testing.T, method, path, token, body, addr string) apitest.Reply {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if addr != "" {
		req.RemoteAddr = addr + ":40000"
	}
	reply, err := g.client.Do(req)
	if err != nil {
		t.Error(err)
	}
	return reply
}

// makeKey makes a key for the salon with the operator's token.
func (g *guarded) makeKey(t *testing.T, salonID, name string) (id, key string) {
	t.Helper()
	reply := g.send(t, http.MethodPost, "/salons/"+salonID+"/keys", operator, `{"name":`+mustJSON(name)+`}`, "")
	var made struct{ ID, Name, Key, Created string }
	if reply.Status != http.StatusOK || json.Unmarshal(reply.Body, &made) != nil || made.Name != name || made.Key == "" {
		t.Fatalf("making a key for %s: got %d %s, want 200 with the key", salonID, reply.Status, reply.Body)
	}
	if _, err := time.Parse("2006-01-02T15:04:05.000Z", made.Created); err != nil {
		t.Errorf("created: got %q, want RFC 3339 in UTC to the millisecond", made.Created)
	}
	return made.ID, made.Key
}

// wantRefused fails unless reply is 401 "the owner's token is missing or wrong" with WWW-Authenticate: Bearer.
func wantRefused(t *testing.T, what string, reply apitest.Reply) {
	t.Helper()
	if reply.Status != http.StatusUnauthorized || strings.TrimSpace(string(reply.Body)) != `"the owner's token is missing or wrong"` ||
		reply.Header.Get("WWW-Authenticate") != "Bearer" {
		t.Errorf("%s: got %d %s (WWW-Authenticate %q), want 401 \"the owner's token is missing or wrong\" with Bearer",
			what, reply.Status, reply.Body, reply.Header.Get("WWW-Authenticate"))
	}
}

// ownerRoutes are an owner's routes of studio-nine a salon's key may use, each as a request that
// succeeds with the right token.
func ownerRoutes(salonID string) []struct{ method, path, body string } {
	slot := url.PathEscape("2026-12-05T10:00:00Z")
	return []struct{ method, path, body string }{
		{http.MethodGet, "/salons/" + salonID + "/bookings", ""},
		{http.MethodGet, "/salons/" + salonID + "/slots", ""},
		{http.MethodGet, "/salons/" + salonID + "/audit", ""},
		{http.MethodPost, "/salons/" + salonID + "/slots/" + slot + "/close", ""},
		{http.MethodPost, "/salons/" + salonID + "/slots/" + slot + "/open", ""},
		{http.MethodPost, "/salons/" + salonID + "/customers/erase", `{"contact":"nobody@example.com"}`},
		{http.MethodGet, "/salons/" + salonID + "/customers/export?contact=nobody%40example.com", ""},
		{http.MethodPut, "/salons/" + salonID, `{"name":"Studio Nine","timeZone":"Europe/London","phone":"+44 20 7946 0000",` +
			`"hours":{"mon":[["09:00","17:00"]]},"slotMinutes":60,"horizonDays":7,"maxUpcomingPerContact":2}`},
	}
}

func TestASalonsKeyWorksOnItsOwnSalonAloneAndARevokedOneNowhere(t *testing.T) {
	g := newGuarded(t, nil)
	keyID, key := g.makeKey(t, "studio-nine", "front desk")
	_, otherKey := g.makeKey(t, "night-owls", "till")

	for _, r := range ownerRoutes("studio-nine") {
		if reply := g.send(t, r.method, r.path, key, r.body, ""); reply.Status != http.StatusOK {
			t.Errorf("%s %s with studio-nine's key: got %d %s, want 200", r.method, r.path, reply.Status, reply.Body)
		}
		wantRefused(t, r.method+" "+r.path+" with night-owls' key", g.send(t, r.method, r.path, otherKey, r.body, ""))
		wantRefused(t, r.method+" "+r.path+" with no token", g.send(t, r.method, r.path, "", r.body, ""))
		wantRefused(t, r.method+" "+r.path+" with a wrong key", g.send(t, r.method, r.path, keyID+".wrong", r.body, ""))
	}
	for _, r := range ownerRoutes("night-owls") {
		wantRefused(t, r.method+" "+r.path+" with studio-nine's key", g.send(t, r.method, r.path, key, r.body, ""))
	}
	// The keys themselves are the operator's alone, and so is a salon that doesn't exist yet.
	wantRefused(t, "listing keys with a salon's key", g.send(t, http.MethodGet, "/salons/studio-nine/keys", key, "", ""))
	wantRefused(t, "making a key with a salon's key", g.send(t, http.MethodPost, "/salons/studio-nine/keys", key, `{"name":"mine"}`, ""))
	wantRefused(t, "revoking a key with a salon's key", g.send(t, http.MethodDelete, "/salons/studio-nine/keys/"+keyID, key, "", ""))
	wantRefused(t, "creating a salon with a salon's key", g.send(t, http.MethodPut, "/salons/new-salon", key, ownerRoutes("x")[7].body, ""))

	list := g.send(t, http.MethodGet, "/salons/studio-nine/keys", operator, "", "")
	if list.Status != http.StatusOK || !strings.Contains(string(list.Body), `"id":"`+keyID+`"`) || strings.Contains(string(list.Body), key) {
		t.Errorf("the keys: got %d %s, want studio-nine's key listed without the key itself", list.Status, list.Body)
	}
	g.clock.Advance(time.Second) // the audit orders entries by time; within one millisecond, by no rule
	if reply := g.send(t, http.MethodDelete, "/salons/studio-nine/keys/"+keyID, operator, "", ""); reply.Status != http.StatusNoContent || len(reply.Body) != 0 {
		t.Fatalf("revoking: got %d %s, want 204 and no body", reply.Status, reply.Body)
	}
	for _, r := range ownerRoutes("studio-nine") {
		wantRefused(t, r.method+" "+r.path+" with the revoked key", g.send(t, r.method, r.path, key, r.body, ""))
	}
	if reply := g.send(t, http.MethodDelete, "/salons/studio-nine/keys/"+keyID, operator, "", ""); reply.Status != http.StatusNotFound ||
		strings.TrimSpace(string(reply.Body)) != mustJSON("there is no key "+keyID) {
		t.Errorf("revoking again: got %d %s, want 404 \"there is no key %s\"", reply.Status, reply.Body, keyID)
	}
	if reply := g.send(t, http.MethodGet, "/salons/studio-nine/keys", operator, "", ""); !strings.Contains(string(reply.Body), `{"keys":[]}`) {
		t.Errorf("the keys after the revoke: got %d %s, want none", reply.Status, reply.Body)
	}

	// The audit names who did each action: the key's id, or operator.
	var audit struct {
		Entries []struct{ At, By, Action, Booking, Detail string }
	}
	reply := g.send(t, http.MethodGet, "/salons/studio-nine/audit", operator, "", "")
	if err := json.Unmarshal(reply.Body, &audit); err != nil || len(audit.Entries) == 0 {
		t.Fatalf("the audit: got %d %s", reply.Status, reply.Body)
	}
	if e := audit.Entries[0]; e.By != "operator" || e.Action != "revokeKey" || e.Detail != "key "+keyID {
		t.Errorf("the newest entry: got %+v, want the operator's revokeKey of %s", e, keyID)
	}
	byKey := map[string]bool{}
	for _, e := range audit.Entries {
		if e.By == keyID {
			byKey[e.Action] = true
		}
		if _, err := time.Parse("2006-01-02T15:04:05.000Z", e.At); err != nil {
			t.Errorf("at %q: want RFC 3339 in UTC to the millisecond", e.At)
		}
	}
	for _, action := range []string{"closeSlot", "openSlot", "eraseCustomer", "exportCustomer", "putSalon"} {
		if !byKey[action] {
			t.Errorf("the audit has no %s by %s: %s", action, keyID, reply.Body)
		}
	}
}

func TestWrongTokensFromOneAddressAreSlowedAndTheRightOnesNever(t *testing.T) {
	g := newGuarded(t, quota.NewBurst(rate.Every(6*time.Second), 3, 100))
	_, otherKey := g.makeKey(t, "night-owls", "till")
	_, ownKey := g.makeKey(t, "studio-nine", "desk")
	path := "/salons/studio-nine/bookings"
	// No token, and another salon's real key, are no guesses.
	for range 5 {
		wantRefused(t, "no token", g.send(t, http.MethodGet, path, "", "", "192.0.2.1"))
		wantRefused(t, "another salon's key", g.send(t, http.MethodGet, path, otherKey, "", "192.0.2.1"))
	}
	for i := range 3 {
		wantRefused(t, "a wrong token", g.send(t, http.MethodGet, path, strings.Repeat("a", 32+i), "", "192.0.2.1"))
	}
	for range 100 {
		reply := g.send(t, http.MethodGet, path, strings.Repeat("a", 40), "", "192.0.2.1")
		if reply.Status != http.StatusTooManyRequests || strings.TrimSpace(string(reply.Body)) != `"too many requests; try again shortly"` ||
			reply.Header.Get("Retry-After") != "6" {
			t.Fatalf("a guess past the bucket: got %d %s (Retry-After %q), want 429 with Retry-After 6", reply.Status, reply.Body, reply.Header.Get("Retry-After"))
		}
	}
	// The right token and the salon's own key, from the guesser's very address, get through.
	for _, token := range []string{operator, ownKey} {
		if reply := g.send(t, http.MethodGet, path, token, "", "192.0.2.1"); reply.Status != http.StatusOK {
			t.Errorf("a right token after 100 guesses from its address: got %d %s, want 200", reply.Status, reply.Body)
		}
	}
	wantRefused(t, "another salon's key past the guesses", g.send(t, http.MethodGet, path, otherKey, "", "192.0.2.1"))
	// The bucket refills at its rate: one guess 6 s on is a guess again, answered 401.
	g.clock.Advance(6 * time.Second)
	wantRefused(t, "a guess 6 s later", g.send(t, http.MethodGet, path, strings.Repeat("b", 40), "", "192.0.2.1"))
}

// bookDirect books a slot at studio-nine for the customer straight in the calendar, with a manage
// key, and returns the booking's id and key.
func (g *guarded) bookDirect(t *testing.T, id string, start time.Time, name, contact, words string) string {
	t.Helper()
	key := g.keys.ManageKey("studio-nine", id)
	h := &domain.Hold{ID: id, Salon: "studio-nine", Slot: start.Format(time.RFC3339), Start: start,
		Customer: domain.Customer{Name: name, Contact: contact}, Words: words, ManageHash: requeststate.ManageHash(key)}
	var spend requeststate.SpendID
	copy(spend[:], id)
	out, err := g.db.Spend(t.Context(), spend, accessNow.Add(time.Minute), h, accessNow)
	if err != nil || out.Booking == nil {
		t.Fatalf("booking %s: got %+v, %v", id, out, err)
	}
	return key
}

func TestErasureShowsInTheOwnersListAndTheExportAndNeverInTheAudit(t *testing.T) {
	g := newGuarded(t, nil)
	at := func(hours int) time.Time { return accessNow.Truncate(time.Hour).Add(time.Duration(hours) * time.Hour) }
	g.bookDirect(t, "ana1", at(22), "Ana Lima", "Ana.Lima@Example.com", "a cut, short at the back")
	anaKey := g.bookDirect(t, "ana2", at(46), "Ana Lima", "ana.lima@example.com", "and a colour")
	g.bookDirect(t, "bea1", at(23), "Bea Costa", "+44 7700 900123", "a trim")

	export := g.send(t, http.MethodGet, "/salons/studio-nine/customers/export?contact="+url.QueryEscape("ANA.LIMA@example.com"), operator, "", "")
	var exported struct {
		Bookings []struct{ Booking, Name, Contact, Words, Status, Label string }
	}
	if err := json.Unmarshal(export.Body, &exported); err != nil || len(exported.Bookings) != 2 ||
		exported.Bookings[0].Booking != "ana1" || exported.Bookings[0].Words != "a cut, short at the back" || exported.Bookings[1].Label == "" {
		t.Fatalf("the export: got %d %s, want Ana's two bookings as the owner's list shows them", export.Status, export.Body)
	}

	// The customer erases one with its manage key; a wrong key is no booking.
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/my/ana2/erase", "not-its-key", "", ""), http.StatusNotFound, mustJSON("there is no booking ana2"))
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/my/ana2/erase", "", "", ""), http.StatusNotFound, mustJSON("there is no booking ana2"))
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/my/ana2/erase", anaKey, "", ""), http.StatusOK, `{"erased":1}`)
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/my/ana2/erase", anaKey, "", ""), http.StatusOK, `{"erased":0}`)
	// The owner erases the rest, by the phone's digits and the address in any case.
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/customers/erase", operator, `{"contact":"ana.lima@EXAMPLE.com"}`, ""),
		http.StatusOK, `{"erased":1}`)
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/customers/erase", operator, `{"contact":"+44 (7700) 900-123"}`, ""),
		http.StatusOK, `{"erased":1}`)
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/customers/erase", operator, `{"contact":""}`, ""),
		http.StatusBadRequest, mustJSON("contact must be 1 to 200 characters"))
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/customers/erase", operator, `{"contact":"ana\u200b@example.com"}`, ""),
		http.StatusBadRequest, mustJSON("contact holds a character that isn't allowed"))

	list := g.send(t, http.MethodGet, "/salons/studio-nine/bookings", operator, "", "")
	var listed struct {
		Bookings []struct{ Booking, Name, Contact, Words, Status string }
	}
	if err := json.Unmarshal(list.Body, &listed); err != nil || len(listed.Bookings) != 3 {
		t.Fatalf("the owner's list: got %d %s, want the three bookings kept", list.Status, list.Body)
	}
	for _, b := range listed.Bookings {
		if b.Name != "" || b.Contact != "" || b.Words != "" || b.Status != "booked" {
			t.Errorf("booking %s: got %+v, want it live with its details erased", b.Booking, b)
		}
	}
	wantJSON(t, g.send(t, http.MethodGet, "/salons/studio-nine/customers/export?contact=ana.lima%40example.com", operator, "", ""),
		http.StatusOK, `{"bookings":[]}`)
	audit := g.send(t, http.MethodGet, "/salons/studio-nine/audit", operator, "", "")
	for _, personal := range []string{"Ana", "ana.lima", "Lima", "7700", "900123", "Bea", "cut", "colour", "trim"} {
		if strings.Contains(strings.ToLower(string(audit.Body)), strings.ToLower(personal)) {
			t.Errorf("the audit holds %q: %s", personal, audit.Body)
		}
	}
}

func TestTheCapAnswers409AtRoundOne(t *testing.T) {
	g := newGuarded(t, nil)
	at := func(hours int) time.Time { return accessNow.Truncate(time.Hour).Add(time.Duration(hours) * time.Hour) }
	g.bookDirect(t, "ana1", at(22), "Ana Lima", "ana@example.com", "")
	g.bookDirect(t, "ana2", at(23), "Ana Lima", "ana@example.com", "")
	args := `{"message":"any time","openSlots":[` + mustJSON(at(46).Format(time.RFC3339)) + `],"customer":{"name":"Ana","contact":"ANA@example.com"}}`
	wantJSON(t, g.send(t, http.MethodPost, "/salons/studio-nine/book", "", `{"arguments":`+args+`}`, ""), http.StatusConflict,
		mustJSON("you already hold 2 upcoming bookings here; call Studio Nine to book more"))
	other := strings.Replace(args, "ANA@example.com", "bea@example.com", 1)
	if reply := g.send(t, http.MethodPost, "/salons/studio-nine/book", "", `{"arguments":`+other+`}`, ""); reply.Status != http.StatusOK {
		t.Errorf("another contact: got %d %s, want 200", reply.Status, reply.Body)
	}
}

func TestTheAuditPagesOverHTTP(t *testing.T) {
	g := newGuarded(t, nil)
	for i := range 4 {
		g.clock.Advance(time.Millisecond)
		g.makeKey(t, "studio-nine", "key "+string(rune('a'+i)))
	}
	var seen []string
	next := ""
	for range 5 {
		path := "/salons/studio-nine/audit?limit=2"
		if next != "" {
			path += "&after=" + next
		}
		reply := g.send(t, http.MethodGet, path, operator, "", "")
		var page struct {
			Entries []struct{ Detail string }
			Next    string
		}
		if err := json.Unmarshal(reply.Body, &page); err != nil {
			t.Fatalf("%s: got %d %s", path, reply.Status, reply.Body)
		}
		for _, e := range page.Entries {
			seen = append(seen, e.Detail)
		}
		if next = page.Next; next == "" {
			break
		}
	}
	// Four keys made, and the salon put at the start: five entries, each once.
	if len(seen) != 5 || !strings.HasPrefix(seen[0], "key k") || !strings.HasPrefix(seen[4], "created") {
		t.Errorf("paged by 2: got %q, want the four keys newest first, then the salon's put", seen)
	}
	for _, bad := range []string{"limit=0", "limit=1001", "limit=x", "after=nonsense", "after=" + url.QueryEscape("a")} {
		if reply := g.send(t, http.MethodGet, "/salons/studio-nine/audit?"+bad, operator, "", ""); reply.Status != http.StatusBadRequest {
			t.Errorf("%s: got %d %s, want 400", bad, reply.Status, reply.Body)
		}
	}
}
