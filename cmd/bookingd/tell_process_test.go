// This file runs real bookingd processes that tell of their bookings: a kill -9 while 200 bookings
// are made and a slow receiver answers, two instances on PostgreSQL sharing one receiver, a
// receiver that fails three times, and mail through a real SMTP server.

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testpg"
	"salon/internal/testsmtp"
)

// webhookEvent is one delivery as the receiver reads it.
type webhookEvent struct {
	id, booking, kind string
	at, signedAt      time.Time
	status            int // what the receiver answered
}

// hooks is a webhook receiver on loopback: it verifies every delivery's signature with the
// standardwebhooks library, keeps each, and answers as told, taking its time.
type hooks struct {
	t      *testing.T
	srv    *httptest.Server
	secret string
	delay  time.Duration
	answer func(n int) int // the status of the nth delivery, from 1; nil is 200

	arrived  atomic.Int64  // deliveries begun, answered or not
	onArrive func(n int64) // when set, called as the nth delivery begins

	mu   sync.Mutex
	got  []webhookEvent
	more chan struct{}
}

func newHooks(t *testing.T, delay time.Duration) *hooks {
	t.Helper()
	h := &hooks{t: t, delay: delay, more: make(chan struct{})}
	h.srv = httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *hooks) serve(w http.ResponseWriter, r *http.Request) {
	if n := h.arrived.Add(1); h.onArrive != nil {
		h.onArrive(n)
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	h.mu.Lock()
	secret := h.secret
	h.mu.Unlock()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err == nil {
		err = wh.Verify(body, r.Header)
	}
	if err != nil {
		h.t.Errorf("a delivery that doesn't verify: %v: %s", err, body)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var d struct {
		Type string
		Data struct{ Booking string }
	}
	if err := json.Unmarshal(body, &d); err != nil {
		h.t.Errorf("a delivery's body: %v: %s", err, body)
	}
	var unix int64
	fmt.Sscan(r.Header.Get("webhook-timestamp"), &unix)
	time.Sleep(h.delay)
	h.mu.Lock()
	status := http.StatusOK
	if h.answer != nil {
		status = h.answer(len(h.got) + 1)
	}
	h.got = append(h.got, webhookEvent{id: r.Header.Get("webhook-id"), booking: d.Data.Booking, kind: d.Type,
		at: time.Now(), signedAt: time.Unix(unix, 0), status: status})
	close(h.more)
	h.more = make(chan struct{})
	h.mu.Unlock()
	w.WriteHeader(status)
}

// events is every delivery so far.
func (h *hooks) events() []webhookEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]webhookEvent(nil), h.got...)
}

// awaitUntil waits until done holds of the deliveries so far, or timeout passes; it reports which.
func (h *hooks) awaitUntil(timeout time.Duration, done func([]webhookEvent) bool) bool {
	deadline := time.After(timeout)
	for {
		h.mu.Lock()
		got, more := append([]webhookEvent(nil), h.got...), h.more
		h.mu.Unlock()
		if done(got) {
			return true
		}
		select {
		case <-more:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			return false
		}
	}
}

// register puts the receiver as night-owls' webhook id through base, for every event type, and
// keeps the secret the put answered.
func (h *hooks) register(t *testing.T, base, id string) {
	t.Helper()
	r := call(http.MethodPut, base+"/salons/"+nightOwls+"/webhooks/"+id, ownerToken, `{"url":`+mustJSON(h.srv.URL+"/hooks/"+id)+`}`)
	var put struct{ Secret string }
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &put) != nil || !strings.HasPrefix(put.Secret, "whsec_") {
		t.Fatalf("PUT webhook: got %s, want 200 with a secret", r)
	}
	h.mu.Lock()
	h.secret = put.Secret
	h.mu.Unlock()
}

// tally compares what the receiver got with the events the database at db holds: every event
// delivered at least once, and nothing delivered that isn't one. It returns how many deliveries
// were duplicates.
func tally(t *testing.T, db string, got []webhookEvent) (events, duplicates int) {
	t.Helper()
	held := heldEvents(t, db)
	seen := map[string]int{}
	for _, e := range got {
		if e.status/100 != 2 {
			continue
		}
		seen[e.id]++
		want, ok := held[e.id]
		switch {
		case !ok:
			t.Errorf("a delivery of an event the database doesn't hold: %+v", e)
		case want.booking != e.booking || want.kind != e.kind:
			t.Errorf("the delivery %s tells of %s %s, but the database's event is %s %s", e.id, e.kind, e.booking, want.kind, want.booking)
		}
		if seen[e.id] > 1 {
			duplicates++
		}
	}
	for id, e := range held {
		if seen[id] == 0 {
			t.Errorf("the event %s (%s of %s) was never delivered", id, e.kind, e.booking)
		}
	}
	return len(held), duplicates
}

// heldEvents is every event the database at db holds, by id, with every booking's making among them.
func heldEvents(t *testing.T, db string) map[string]webhookEvent {
	t.Helper()
	cal, err := store.Open(t.Context(), db, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer cal.Close()
	now := time.Now()
	bookings, err := cal.Bookings(t.Context(), nightOwls, now.Add(-time.Hour), now.AddDate(0, 0, 91))
	if err != nil {
		t.Fatal(err)
	}
	events, err := cal.Events(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	held := map[string]webhookEvent{}
	made := map[string]int{}
	for _, e := range events {
		held[e.ID] = webhookEvent{id: e.ID, booking: e.Booking, kind: string(e.Type)}
		if e.Type == salon.EventCreated {
			made[e.Booking]++
		}
	}
	for _, b := range bookings {
		if made[b.ID] != 1 {
			t.Errorf("the booking %s has %d events of its making, want 1", b.ID, made[b.ID])
		}
	}
	if len(made) != len(bookings) {
		t.Errorf("%d bookings made, by their events, but the database holds %d", len(made), len(bookings))
	}
	return held
}

func TestAKillWhile200BookingsAreMadeLosesNoEventAndInventsNone(t *testing.T) {
	t.Parallel()
	skipShort(t)
	const n, workers = 200, 32
	db := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	receiver := newHooks(t, 50*time.Millisecond)
	env := calendarEnv(envTestFirstRetry + "=200ms")
	p := spawn(t, env, "-db", db, "-webhooks-insecure")
	putNightOwls(t, p.base())
	receiver.register(t, p.base(), "desk")
	slots := slotsAhead(n)
	patrons := patronsFor(slots)
	askAll(t, patrons, p.base())

	// The kill comes once a third of the bookings are answered and deliveries have begun, whichever
	// comes last: mid-booking and mid-delivery.
	var answered atomic.Int64
	var kill sync.Once
	killed := func() {
		if answered.Load() >= n/3 && receiver.arrived.Load() >= 1 {
			kill.Do(func() { _ = p.cmd.Process.Signal(syscall.SIGKILL) })
		}
	}
	receiver.onArrive = func(int64) { killed() }
	acceptAll(p.base(), patrons, slots, workers, func(_ int, r reply) {
		if r.err == nil {
			answered.Add(1)
			killed()
		}
	})
	p.rest()
	if ws, ok := processStatus(p.cmd.Wait()); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatal("bookingd wasn't killed by SIGKILL")
	}
	held := heldEvents(t, db)
	begun := receiver.arrived.Load()
	time.Sleep(200 * time.Millisecond) // the deliveries the kill cut off finish at the receiver
	t.Logf("at the kill: %d of %d round twos answered, %d events in the database, %d deliveries begun, %d answered",
		answered.Load(), n, len(held), begun, len(receiver.events()))
	if len(held) >= n || begun == 0 || int(begun) >= len(held) {
		t.Errorf("the kill didn't land mid-booking and mid-delivery: %d bookings of %d, %d deliveries begun", len(held), n, begun)
	}

	again := spawn(t, env, "-db", db, "-webhooks-insecure")
	if !receiver.awaitUntil(60*time.Second, func(got []webhookEvent) bool {
		ids := map[string]bool{}
		for _, e := range got {
			ids[e.id] = true
		}
		return len(ids) >= len(held)
	}) {
		t.Errorf("after the restart the receiver got %d deliveries in 60 s, want every one of %d events", len(receiver.events()), len(held))
	}
	time.Sleep(500 * time.Millisecond) // anything more would be invented or a duplicate
	events, duplicates := tally(t, db, receiver.events())
	t.Logf("%d bookings told as %d events; %d deliveries in all, %d duplicates (redelivered after the kill)",
		len(held), events, len(receiver.events()), duplicates)
	again.cmd.Process.Signal(syscall.SIGTERM)
}

func TestTwoInstancesOnPostgreSQLDeliverEveryEventToOneReceiver(t *testing.T) {
	t.Parallel()
	skipShort(t)
	const n = 100
	url := testpg.Shared(t).URL(t)
	receiver := newHooks(t, 20*time.Millisecond)
	a := spawn(t, calendarEnv(), "-db", url, "-webhooks-insecure")
	b := spawn(t, calendarEnv(), "-db", url, "-webhooks-insecure")
	putNightOwls(t, a.base())
	receiver.register(t, b.base(), "desk")
	slots := slotsAhead(n)
	patrons := patronsFor(slots)
	bases := []string{a.base(), b.base()}
	askAll(t, patrons, bases...)
	var wg sync.WaitGroup
	booked := make([]string, n)
	for i, c := range patrons {
		wg.Go(func() {
			if got, ok := completed(c.accept(bases[(i+1)%2], slots[i])); ok && got.Status == "booked" {
				booked[i] = got.Booking
			} else {
				t.Errorf("%s wasn't booked", c.name)
			}
		})
	}
	wg.Wait()
	// The owner cancels every tenth on either instance: more events, told by whichever claims them.
	for i := 0; i < n; i += 10 {
		if r := call(http.MethodPost, bases[i%2]+"/salons/"+nightOwls+"/bookings/"+booked[i]+"/cancel", ownerToken, ""); r.status != http.StatusOK {
			t.Errorf("cancelling %s: got %s", booked[i], r)
		}
	}
	want := n + n/10
	if !receiver.awaitUntil(30*time.Second, func(got []webhookEvent) bool {
		ids := map[string]bool{}
		for _, e := range got {
			ids[e.id] = true
		}
		return len(ids) >= want
	}) {
		t.Errorf("the receiver got %d deliveries in 30 s, want %d events", len(receiver.events()), want)
	}
	time.Sleep(time.Second)
	events, duplicates := tally(t, url, receiver.events())
	if events != want {
		t.Errorf("the database holds %d events, want %d", events, want)
	}
	t.Logf("two instances told %d events in %d deliveries: %d duplicates", events, len(receiver.events()), duplicates)
	if duplicates > n/20 {
		t.Errorf("%d duplicates without a crash, want few", duplicates)
	}
}

func TestAReceiverThatFailsThreeTimesGetsTheFourthTryAfterGrowingGaps(t *testing.T) {
	t.Parallel()
	skipShort(t)
	receiver := newHooks(t, 0)
	receiver.answer = func(n int) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	}
	p := spawn(t, calendarEnv(envTestFirstRetry+"=300ms"), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"), "-webhooks-insecure")
	putNightOwls(t, p.base())
	receiver.register(t, p.base(), "desk")
	c := newPatron(1, slotsAhead(1)...)
	if err := c.ask(p.base(), c.openSlots[0]); err != nil {
		t.Fatal(err)
	}
	if got, ok := completed(c.accept(p.base(), c.openSlots[0])); !ok || got.Status != "booked" {
		t.Fatalf("round two: got %+v", got)
	}
	if !receiver.awaitUntil(15*time.Second, func(got []webhookEvent) bool { return len(got) >= 4 }) {
		t.Fatalf("the receiver got %d attempts, want 4", len(receiver.events()))
	}
	got := receiver.events()
	for i, e := range got {
		if e.id != got[0].id {
			t.Errorf("attempt %d carries webhook-id %s, want the first's %s", i+1, e.id, got[0].id)
		}
		t.Logf("attempt %d at %s answered %d", i+1, e.at.Format("15:04:05.000"), e.status)
	}
	for i, want := range []time.Duration{300 * time.Millisecond, 600 * time.Millisecond, 1200 * time.Millisecond} {
		if gap := got[i+1].at.Sub(got[i].at); gap < want*9/10 || gap > want*11/10+400*time.Millisecond {
			t.Errorf("the gap before attempt %d: got %v, want about %v", i+2, gap, want)
		}
	}
	time.Sleep(time.Second)
	if n := len(receiver.events()); n != 4 {
		t.Errorf("the receiver got %d attempts in the end, want 4", n)
	}
	r := call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/webhooks", ownerToken, "")
	var list struct {
		Webhooks []struct {
			LastDelivery *string
			Failures     int
		}
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &list) != nil || len(list.Webhooks) != 1 ||
		list.Webhooks[0].LastDelivery == nil || list.Webhooks[0].Failures != 0 {
		t.Errorf("the owner's list of webhooks: got %s, want its last delivery and no failure", r)
	}
}

func TestTheCustomerIsMailedThroughARealSMTPServerWithTheLinkToTheirBooking(t *testing.T) {
	t.Parallel()
	skipShort(t)
	sink := testsmtp.Start(t)
	p := spawn(t, calendarEnv(envSMTPURL+"="+sink.URL()), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"),
		"-mail-from", "Night Owls <hello@night-owls.example>", "-public-url", "https://book.night-owls.example/")
	putNightOwls(t, p.base())
	c := newPatron(1, slotsAhead(1)...)
	c.contact = "owl@example.com"
	if err := c.ask(p.base(), c.openSlots[0]); err != nil {
		t.Fatal(err)
	}
	r := c.accept(p.base(), c.openSlots[0])
	var done struct {
		StructuredContent struct{ Status, Booking, Manage string }
	}
	if json.Unmarshal([]byte(r.body), &done) != nil || done.StructuredContent.Status != "booked" || done.StructuredContent.Manage == "" {
		t.Fatalf("round two: got %s, want booked with a manage key", r)
	}
	booked := done.StructuredContent
	phoned := newPatron(2, slotsAhead(2)[1])
	if err := phoned.ask(p.base(), phoned.openSlots[0]); err != nil {
		t.Fatal(err)
	}
	phoned.accept(p.base(), phoned.openSlots[0])

	mails := sink.Await(1, 10*time.Second)
	if len(mails) != 1 || len(mails[0].To) != 1 || mails[0].To[0] != "owl@example.com" {
		t.Fatalf("the SMTP server got %+v, want one mail to owl@example.com", mails)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(mails[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if !strings.HasPrefix(subject, "Booked: Appointment at Night Owls, ") {
		t.Errorf("subject: got %q, want the confirmation's", subject)
	}
	_, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	parts := multipart.NewReader(msg.Body, params["boundary"])
	var text string
	var ics *goical.Calendar
	for {
		part, err := parts.NextPart()
		if err != nil {
			break
		}
		body, _ := io.ReadAll(part)
		if part.Header.Get("Content-Transfer-Encoding") == "base64" {
			body, _ = io.ReadAll(base64Reader(body))
		} else if strings.EqualFold(part.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			body, _ = io.ReadAll(quotedPrintableReader(body))
		}
		switch ct := part.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/plain"):
			text = string(body)
		case strings.HasPrefix(ct, "text/calendar"):
			if ics, err = goical.NewDecoder(bytes.NewReader(body)).Decode(); err != nil {
				t.Fatalf("the attached calendar: %v\n%s", err, body)
			}
		}
	}
	link := "https://book.night-owls.example/my/night-owls/" + booked.Booking + "#" + booked.Manage
	if !strings.Contains(text, link) {
		t.Errorf("the confirmation doesn't carry %s:\n%s", link, text)
	}
	if ics == nil || len(ics.Events()) != 1 || ics.Events()[0].Props.Get(goical.PropUID).Value != booked.Booking+"@"+nightOwls {
		t.Errorf("the attached calendar: got %v, want the booking's one event", ics)
	}

	feed := call(http.MethodPost, p.base()+"/salons/"+nightOwls+"/feed", ownerToken, "")
	var address struct{ URL string }
	if feed.status != http.StatusOK || json.Unmarshal([]byte(feed.body), &address) != nil ||
		!strings.HasPrefix(address.URL, "https://book.night-owls.example/salons/night-owls/calendar.ics?key=") {
		t.Fatalf("POST feed: got %s", feed)
	}
	served := call(http.MethodGet, p.base()+strings.TrimPrefix(address.URL, "https://book.night-owls.example"), "", "")
	cal, err := goical.NewDecoder(strings.NewReader(served.body + "\r\n")).Decode()
	if served.status != http.StatusOK || err != nil || len(cal.Events()) != 2 {
		t.Errorf("the feed: got %d, %v, want both bookings", served.status, err)
	}
	time.Sleep(300 * time.Millisecond)
	if got := len(sink.Mails()); got != 1 {
		t.Errorf("the SMTP server got %d mails, want 1: a phone number is not mailed", got)
	}
}

// base64Reader decodes a base64 part, whose lines end in CRLF.
func base64Reader(b []byte) io.Reader {
	return base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.ReplaceAll(b, []byte("\r\n"), nil)))
}

// quotedPrintableReader decodes a quoted-printable part.
func quotedPrintableReader(b []byte) io.Reader { return quotedprintable.NewReader(bytes.NewReader(b)) }

func TestSIGTERMLetsADeliveryUnderWayFinish(t *testing.T) {
	t.Parallel()
	skipShort(t)
	db := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	receiver := newHooks(t, 1500*time.Millisecond)
	p := spawn(t, calendarEnv(), "-db", db, "-webhooks-insecure")
	putNightOwls(t, p.base())
	receiver.register(t, p.base(), "desk")
	c := newPatron(1, slotsAhead(1)...)
	if err := c.ask(p.base(), c.openSlots[0]); err != nil {
		t.Fatal(err)
	}
	if got, ok := completed(c.accept(p.base(), c.openSlots[0])); !ok || got.Status != "booked" {
		t.Fatalf("round two: got %+v", got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for receiver.arrived.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	began := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	p.rest()
	if err := p.cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: got %v, want exit 0", err)
	}
	took := time.Since(began)
	if got := receiver.events(); len(got) != 1 || got[0].status != http.StatusOK {
		t.Fatalf("the delivery under way at SIGTERM: got %+v, want it answered", got)
	}
	if took < time.Second || took > shutdownGrace {
		t.Errorf("the process took %v to stop, want it to wait for the delivery, within %v", took, shutdownGrace)
	}
	// Recorded as made before the exit: a restart makes it no more.
	spawn(t, calendarEnv(), "-db", db, "-webhooks-insecure")
	time.Sleep(time.Second)
	if n := receiver.arrived.Load(); n != 1 {
		t.Errorf("after the restart the receiver got %d deliveries in all, want the one", n)
	}
}
