// This file holds the tests of the owner's webhooks and calendar feed over HTTP, each exchange
// checked against the committed document.

package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/requeststate"
	salonpkg "salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/webhook"
)

// owner is the owner's token of these tests.
const owner = "the owner of studio nine keeps this token"

// tellWorld is an application with a calendar in SQLite, studio-nine registered in it.
type tellWorld struct {
	t      *testing.T
	db     *store.Store
	client *apitest.Client
}

func newTellWorld(t *testing.T, svc api.Service) *tellWorld {
	t.Helper()
	db, err := store.Open(t.Context(), storetest.SQLite(t), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	set := salonpkg.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: salonpkg.Hours{}, SlotMinutes: 45, HorizonDays: 14}
	for d := time.Sunday; d <= time.Saturday; d++ {
		set.Hours[d] = []salonpkg.Interval{{Start: 0, End: 23*60 + 59}}
	}
	if err := db.PutSalon(t.Context(), "studio-nine", set); err != nil {
		t.Fatal(err)
	}
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	svc.Keys, svc.Life, svc.Now, svc.Calendar, svc.OwnerToken = &keys, 2*time.Minute, time.Now, db, owner
	svc.Access, svc.Tell, svc.MyCalendar, svc.Amend = db, db, db, db
	client, err := apitest.New(api.New(svc))
	if err != nil {
		t.Fatal(err)
	}
	return &tellWorld{t: t, db: db, client: client}
}

// do sends a request, as the owner when asOwner, failing the test on an exchange the document
// doesn't describe.
func (w *tellWorld) do(method, path, body string, asOwner bool) apitest.Reply {
	w.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if asOwner {
		req.Header.Set("Authorization", "Bearer "+owner)
	}
	reply, err := w.client.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	return reply
}

// want fails the test unless reply has status and, when body isn't "", that body.
func want(t *testing.T, what string, reply apitest.Reply, status int, body string) {
	t.Helper()
	if got := strings.TrimSpace(string(reply.Body)); reply.Status != status || body != "" && got != body {
		t.Errorf("%s: got %d %s, want %d %s", what, reply.Status, got, status, body)
	}
}

func TestTheOwnersWebhooks(t *testing.T) {
	w := newTellWorld(t, api.Service{})
	put := w.do(http.MethodPut, "/salons/studio-nine/webhooks/desk", `{"url":"https://hooks.example/in","events":["booking.created","booking.moved"]}`, true)
	var created struct{ ID, URL, Secret string }
	var fields map[string]any
	if put.Status != http.StatusOK || json.Unmarshal(put.Body, &created) != nil || json.Unmarshal(put.Body, &fields) != nil {
		t.Fatalf("the first put: got %d %s, want 200", put.Status, put.Body)
	}
	if secret, err := webhook.ParseSecret(created.Secret); err != nil || len(secret) != 32 || !strings.HasPrefix(created.Secret, "whsec_") {
		t.Errorf("the new webhook's secret: got %q, want whsec_ and 32 bytes", created.Secret)
	}
	if len(fields) != 4 || fields["id"] != "desk" || fields["url"] != "https://hooks.example/in" {
		t.Errorf("the first put: got %s, want id, url, events and secret", put.Body)
	}

	again := w.do(http.MethodPut, "/salons/studio-nine/webhooks/desk", `{"url":"https://hooks.example/other","events":["booking.cancelled"]}`, true)
	want(t, "the second put", again, http.StatusOK, `{"id":"desk","url":"https://hooks.example/other","events":["booking.cancelled"]}`)
	all := w.do(http.MethodPut, "/salons/studio-nine/webhooks/all", `{"url":"https://hooks.example/all"}`, true)
	if all.Status != http.StatusOK || !bytes.Contains(all.Body, []byte(`"events":["booking.created","booking.cancelled","booking.moved"]`)) {
		t.Errorf("a put without events: got %d %s, want every event type", all.Status, all.Body)
	}
	list := w.do(http.MethodGet, "/salons/studio-nine/webhooks", "", true)
	want(t, "the list", list, http.StatusOK, `{"webhooks":[`+
		`{"id":"all","url":"https://hooks.example/all","events":["booking.created","booking.cancelled","booking.moved"],"lastDelivery":null,"failures":0},`+
		`{"id":"desk","url":"https://hooks.example/other","events":["booking.cancelled"],"lastDelivery":null,"failures":0}]}`)
	if bytes.Contains(list.Body, []byte("whsec_")) {
		t.Error("the list shows a secret")
	}

	const urlRule = `"url must be https to a public address"`
	for _, tc := range []struct{ name, body, want string }{
		{"an http URL", `{"url":"http://hooks.example/in"}`, urlRule},
		{"a loopback address", `{"url":"https://127.0.0.1/in"}`, urlRule},
		{"localhost", `{"url":"https://localhost:8443/in"}`, urlRule},
		{"a private address", `{"url":"https://10.1.2.3/in"}`, urlRule},
		{"no URL", `{"events":["booking.created"]}`, urlRule},
		{"an event type of its own", `{"url":"https://hooks.example/in","events":["booking.paid"]}`,
			`"events must list one or more of booking.created, booking.cancelled and booking.moved"`},
		{"no events", `{"url":"https://hooks.example/in","events":[]}`,
			`"events must list one or more of booking.created, booking.cancelled and booking.moved"`},
		{"a URL that isn't a string", `{"url":5}`, ""},
	} {
		reply := w.do(http.MethodPut, "/salons/studio-nine/webhooks/new", tc.body, true)
		want(t, tc.name, reply, http.StatusBadRequest, tc.want)
	}
	want(t, "an id with a dot", w.do(http.MethodPut, "/salons/studio-nine/webhooks/a.b", `{"url":"https://hooks.example/in"}`, true),
		http.StatusBadRequest, `"the webhook's id must be 1 to 64 of a-z, A-Z, 0-9, - and _"`)
	want(t, "a webhook of an unknown salon", w.do(http.MethodPut, "/salons/nowhere/webhooks/desk", `{"url":"https://hooks.example/in"}`, true),
		http.StatusNotFound, `"there is no salon nowhere"`)
	want(t, "without the owner's token", w.do(http.MethodGet, "/salons/studio-nine/webhooks", "", false), http.StatusUnauthorized, "")

	want(t, "deleting", w.do(http.MethodDelete, "/salons/studio-nine/webhooks/desk", "", true), http.StatusNoContent, "")
	want(t, "deleting again", w.do(http.MethodDelete, "/salons/studio-nine/webhooks/desk", "", true),
		http.StatusNotFound, `"there is no webhook desk"`)
	want(t, "the list after deleting", w.do(http.MethodGet, "/salons/studio-nine/webhooks", "", true), http.StatusOK,
		`{"webhooks":[{"id":"all","url":"https://hooks.example/all","events":["booking.created","booking.cancelled","booking.moved"],"lastDelivery":null,"failures":0}]}`)
}

func TestInsecureWebhooksMayGoToHTTPAndPrivateAddresses(t *testing.T) {
	w := newTellWorld(t, api.Service{WebhooksInsecure: true})
	for _, u := range []string{"http://127.0.0.1:9000/in", "http://localhost/in", "https://10.0.0.1/in"} {
		want(t, u, w.do(http.MethodPut, "/salons/studio-nine/webhooks/test", `{"url":"`+u+`"}`, true), http.StatusOK, "")
	}
	want(t, "a URL that isn't one", w.do(http.MethodPut, "/salons/studio-nine/webhooks/test", `{"url":"ftp://127.0.0.1/in"}`, true),
		http.StatusBadRequest, `"url must be https to a public address"`)
}

// bookAt books studio-nine's slot at start for name, as of now, through the store.
func (w *tellWorld) bookAt(id, name string, start, now time.Time) salonpkg.Booking {
	w.t.Helper()
	h := &salonpkg.Hold{ID: id, Salon: "studio-nine", Slot: start.Format(time.RFC3339), Start: start,
		Customer: salonpkg.Customer{Name: name, Contact: name + "@example.com"}}
	var spend requeststate.SpendID
	copy(spend[:], id)
	out, err := w.db.Spend(w.t.Context(), spend, now.Add(time.Minute), h, now)
	if err != nil || out.Booking == nil {
		w.t.Fatalf("booking %s: %+v, %v", id, out, err)
	}
	return *out.Booking
}

// feedKey makes a new feed through the API and returns its address's path and query.
func (w *tellWorld) newFeed(prefix string) string {
	w.t.Helper()
	reply := w.do(http.MethodPost, "/salons/studio-nine/feed", "", true)
	var feed struct{ URL string }
	if reply.Status != http.StatusOK || json.Unmarshal(reply.Body, &feed) != nil || !strings.HasPrefix(feed.URL, prefix+"/salons/studio-nine/calendar.ics?key=") {
		w.t.Fatalf("POST feed: got %d %s, want 200 with an address under %s", reply.Status, reply.Body, prefix)
	}
	u, err := url.Parse(feed.URL)
	if err != nil || len(u.Query().Get("key")) < 43 {
		w.t.Fatalf("the feed's address %q holds no key of 256 bits", feed.URL)
	}
	return u.RequestURI()
}

func TestTheOwnersFeed(t *testing.T) {
	w := newTellWorld(t, api.Service{PublicURL: "https://book.studio-nine.example"})
	now := time.Now().UTC().Truncate(time.Hour)
	w.bookAt("past", "Old Customer", now.AddDate(0, 0, -20), now.AddDate(0, 0, -21))
	w.bookAt("long-ago", "Too Old", now.AddDate(0, 0, -40), now.AddDate(0, 0, -41))
	ahead := w.bookAt("ahead", "Ana Lima", now.Add(48*time.Hour), now)
	gone := w.bookAt("gone", "Bea Costa; VIP", now.Add(50*time.Hour), now)
	if _, err := w.db.Cancel(t.Context(), "studio-nine", gone.ID); err != nil {
		t.Fatal(err)
	}

	first := w.newFeed("https://book.studio-nine.example")
	reply := w.do(http.MethodGet, first, "", false)
	if reply.Status != http.StatusOK || reply.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
		t.Fatalf("the feed: got %d %s %s, want 200 text/calendar", reply.Status, reply.Header.Get("Content-Type"), reply.Body)
	}
	cal, err := goical.NewDecoder(bytes.NewReader(reply.Body)).Decode()
	if err != nil {
		t.Fatalf("the feed doesn't parse: %v\n%s", err, reply.Body)
	}
	type seen struct{ summary, status, sequence string }
	got := map[string]seen{}
	for _, e := range cal.Events() {
		summary, _ := e.Props.Text(goical.PropSummary)
		got[e.Props.Get(goical.PropUID).Value] = seen{summary, e.Props.Get(goical.PropStatus).Value, e.Props.Get(goical.PropSequence).Value}
		start, err := e.DateTimeStart(nil)
		if err != nil {
			t.Errorf("an event's start: %v", err)
		}
		if e.Props.Get(goical.PropUID).Value == "ahead@studio-nine" && !start.Equal(ahead.Start) {
			t.Errorf("ahead's start: got %v, want %v", start, ahead.Start)
		}
	}
	wantEvents := map[string]seen{
		"past@studio-nine":  {"Old Customer", "CONFIRMED", "0"},
		"ahead@studio-nine": {"Ana Lima", "CONFIRMED", "0"},
		"gone@studio-nine":  {"Bea Costa; VIP", "CANCELLED", "1"},
	}
	if len(got) != len(wantEvents) {
		t.Errorf("the feed's events: got %v, want %v (nothing from 40 days ago)", got, wantEvents)
	}
	for uid, e := range wantEvents {
		if got[uid] != e {
			t.Errorf("the feed's %s: got %+v, want %+v", uid, got[uid], e)
		}
	}

	second := w.newFeed("https://book.studio-nine.example")
	want(t, "the new address", w.do(http.MethodGet, second, "", false), http.StatusOK, "")
	const noFeed = `"there is no feed at this address"`
	want(t, "the old address", w.do(http.MethodGet, first, "", false), http.StatusNotFound, noFeed)
	want(t, "no key", w.do(http.MethodGet, "/salons/studio-nine/calendar.ics", "", false), http.StatusNotFound, noFeed)
	want(t, "a wrong key", w.do(http.MethodGet, "/salons/studio-nine/calendar.ics?key=wrong", "", false), http.StatusNotFound, noFeed)
	want(t, "another salon", w.do(http.MethodGet, strings.Replace(second, "studio-nine", "nowhere", 1), "", false), http.StatusNotFound, noFeed)
	want(t, "a feed without the owner's token", w.do(http.MethodPost, "/salons/studio-nine/feed", "", false), http.StatusUnauthorized, "")
}

func TestAFeedWithoutAPublicURLIsAtTheRequestsHost(t *testing.T) {
	w := newTellWorld(t, api.Service{})
	w.newFeed("http://example.com")
}
