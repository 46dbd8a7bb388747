// This file runs the real bookingd as an attacker would try it on a fresh install: a flood of round
// ones at the default quota, many wrong owner tokens before the right one, a salon's webhooks past
// their bound, and a name that carries a link.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"salon/internal/payments"
	"salon/internal/testsmtp"
)

// withCalendar runs bookingd on a fresh SQLite calendar with night-owls registered, extra added to
// its environment.
func withCalendar(t *testing.T, extra ...string) *process {
	t.Helper()
	p := spawn(t, calendarEnv(extra...), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"))
	putNightOwls(t, p.base())
	return p
}

func TestAFreshInstallLimitsEachClientAndZeroTurnsItOff(t *testing.T) {
	t.Parallel()
	fresh := spawn(t, []string{envSigningKey + "=" + testKey, envRate + "="}) // unset: the default
	// The bucket holds 8 and refills 2 a second. The twelve go one after another, which a loaded
	// machine stretches: the first 8 pass, then at most what refilled meanwhile, each as its token
	// comes (so a 200 may follow a 429), and the rest are 429.
	started := time.Now()
	got := statuses(t, fresh.base(), "", 12)
	allowed := 8 + int(math.Ceil(time.Since(started).Seconds()*2))
	passed := len(slices.DeleteFunc(slices.Clone(got), func(s int) bool { return s != http.StatusOK }))
	if passed < 8 || passed > allowed || slices.ContainsFunc(got[:8], func(s int) bool { return s != http.StatusOK }) ||
		slices.ContainsFunc(got, func(s int) bool { return s != http.StatusOK && s != http.StatusTooManyRequests }) {
		t.Errorf("twelve round ones at once from one client: got %v, want 8 200s first, at most %d in all (what refilled meanwhile), the rest 429", got, allowed)
	}
	if !slices.ContainsFunc(fresh.lines(), func(l string) bool {
		return strings.Contains(l, `"msg":"requests are limited per client address","rate_per_second":2,"burst":8`)
	}) {
		t.Errorf("stderr doesn't say requests are limited at 2/s in bursts of 8: %q", fresh.lines())
	}
	off := spawn(t, []string{envSigningKey + "=" + testKey}, "-rate", "0")
	for i, status := range statuses(t, off.base(), "", 20) {
		if status != http.StatusOK {
			t.Fatalf("request %d with -rate 0: got %d, want 200", i+1, status)
		}
	}
	if !slices.ContainsFunc(off.lines(), func(l string) bool {
		return strings.Contains(l, `"level":"WARN","msg":"requests are not limited per client address (-rate 0)`)
	}) {
		t.Errorf("stderr doesn't warn that -rate 0 limits nothing: %q", off.lines())
	}
}

func TestAHundredWrongTokensLockOutNoRightOne(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	base := p.base()
	_, key := makeKey(t, base, nightOwls)
	path := base + "/salons/" + nightOwls + "/bookings"
	var refused []int
	for i := range 120 {
		refused = append(refused, call(http.MethodGet, path, fmt.Sprintf("wrong-token-%03d", i), "").status)
	}
	if want := append(slices.Repeat([]int{401}, 100), slices.Repeat([]int{429}, 20)...); !slices.Equal(refused, want) {
		t.Errorf("120 wrong tokens: got %v, want 100 401s, then 429s", refused)
	}
	for name, token := range map[string]string{"the operator's token": ownerToken, "the salon's key": key} {
		if r := call(http.MethodGet, path, token, ""); r.status != http.StatusOK {
			t.Errorf("%s after 120 wrong ones from its address: got %s, want 200", name, r)
		}
	}
}

func TestASalonTakesTwentyWebhooksAndRefusesTheTwentyFirst(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	put := func(id string) reply {
		return call(http.MethodPut, p.base()+"/salons/"+nightOwls+"/webhooks/"+id, ownerToken, `{"url":"https://hooks.example/`+id+`"}`)
	}
	for i := range 20 {
		if r := put(fmt.Sprintf("hook-%02d", i)); r.status != http.StatusOK {
			t.Fatalf("webhook %d: got %s, want 200", i+1, r)
		}
	}
	if r := put("hook-20"); r.status != http.StatusConflict || r.body != `"a salon has at most 20 webhooks"` {
		t.Errorf("the 21st webhook: got %s, want 409 \"a salon has at most 20 webhooks\"", r)
	}
	if r := put("hook-00"); r.status != http.StatusOK {
		t.Errorf("changing one of the twenty: got %s, want 200", r)
	}
	r := call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/webhooks", ownerToken, "")
	if n := strings.Count(r.body, `"id":"hook-`); r.status != http.StatusOK || n != 20 {
		t.Errorf("the list: got %d webhooks (%s), want 20", n, r)
	}
}

func TestANameCarryingALinkIsRefusedAndBooksNothing(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	for _, name := range []string{"Visit https://evil.example/refund now to keep your slot", "www.evil.example", "ada@evil.example"} {
		patron := &patron{name: name, contact: "stranger@example.org", openSlots: slotsAhead(1)}
		r := call(http.MethodPost, p.base()+"/salons/"+nightOwls+"/book", "", `{"arguments":`+patron.arguments()+`}`)
		if r.status != http.StatusBadRequest || r.body != `"arguments.customer.name must be a name, not an address"` {
			t.Errorf("round one named %q: got %s, want 400 \"arguments.customer.name must be a name, not an address\"", name, r)
		}
	}
	if got := ownersBookings(t, p.base()); len(got) != 0 {
		t.Errorf("the owner's list: got %v, want nothing booked", got)
	}
}

// movable are night-owls' settings with changes open until the start.
var movable = strings.TrimSuffix(nightOwlsSettings, "}") + `,"changeCutoffHours":0}`

// moveMine moves the booking with its key to slot through both rounds at base, and returns the
// reply that ended it: round one's when it refused, else round two's.
func moveMine(base, booking, key, slot string) reply {
	path := base + "/salons/" + nightOwls + "/my/" + booking + "/move"
	move := `{"arguments":{"message":"Later?","openSlots":[` + mustJSON(slot) + `]}}`
	asked := call(http.MethodPost, path, key, move)
	var question struct{ RequestState string }
	if asked.status != http.StatusOK || json.Unmarshal([]byte(asked.body), &question) != nil || question.RequestState == "" {
		return asked
	}
	return call(http.MethodPost, path, key, strings.TrimSuffix(move, "}")+`,"inputResponses":{"time":{"action":"accept","content":{"time":`+
		mustJSON(slot)+`}}},"requestState":`+mustJSON(question.RequestState)+`}`)
}

func TestACustomerMovesABookingThreeTimesThenIsToldToCall(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	base := p.base()
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, movable); r.status != http.StatusOK {
		t.Fatalf("PUT: got %s", r)
	}
	slots := slotsAhead(6)
	c := newPatron(1, slots[0])
	if err := c.ask(base, slots[0]); err != nil {
		t.Fatal(err)
	}
	booking, key := bookedWithKey(t, c.accept(base, slots[0]))
	for i, slot := range slots[1:4] {
		if got, ok := completed(moveMine(base, booking, key, slot)); !ok || got.Status != "booked" || got.Slot != slot {
			t.Fatalf("move %d: got %+v, want booked at %s", i+1, got, slot)
		}
	}
	const refused = `"this booking has been moved 3 times; call Night Owls on +44 20 7946 0001 to change it again"`
	if r := moveMine(base, booking, key, slots[4]); r.status != http.StatusConflict || r.body != refused {
		t.Errorf("a fourth move: got %s, want 409 %s", r, refused)
	}
	r := call(http.MethodGet, base+"/salons/"+nightOwls+"/my/"+booking, key, "")
	if r.status != http.StatusOK || !strings.Contains(r.body, `"slot":"`+slots[3]+`"`) || !strings.Contains(r.body, `"sequence":3`) {
		t.Errorf("the booking after: got %s, want it at %s, sequence 3", r, slots[3])
	}
}

func TestASalonTakesItsBookingsPerMinuteAndThen429sWithoutSpendingTheState(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	base := p.base()
	paced := strings.Replace(nightOwlsSettings, `"maxBookingsPerMinute":1000`, `"maxBookingsPerMinute":3`, 1)
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, paced); r.status != http.StatusOK || !strings.Contains(r.body, `"maxBookingsPerMinute":3`) {
		t.Fatalf("PUT: got %s", r)
	}
	slots := slotsAhead(5)
	patrons := make([]*patron, 5)
	for i := range patrons {
		patrons[i] = newPatron(i, slots[i])
		if err := patrons[i].ask(base, slots[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range patrons[:3] {
		if got, ok := completed(c.accept(base, c.openSlots[0])); !ok || got.Status != "booked" {
			t.Fatalf("%s: got %+v, want booked", c.name, got)
		}
	}
	res, err := calendarClient.Do(func() *http.Request {
		c := patrons[3]
		req, _ := http.NewRequest(http.MethodPost, base+"/salons/"+nightOwls+"/book", strings.NewReader(`{"arguments":`+c.arguments()+
			`,"inputResponses":{"time":{"action":"accept","content":{"time":`+mustJSON(c.openSlots[0])+`}}},"requestState":`+mustJSON(c.state)+`}`))
		req.Header.Set("Content-Type", "application/json")
		return req
	}())
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	retry, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || retry < 1 || retry > 60 {
		t.Errorf("a fourth booking within the minute: got %d with Retry-After %q, want 429 with 1 to 60", res.StatusCode, res.Header.Get("Retry-After"))
	}
	// The refused round two spent nothing: with the bound raised, the same request books.
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, nightOwlsSettings); r.status != http.StatusOK {
		t.Fatalf("PUT: got %s", r)
	}
	if got, ok := completed(patrons[3].accept(base, slots[3])); !ok || got.Status != "booked" {
		t.Errorf("the refused round two again: got %+v, want booked", got)
	}
	if n := len(ownersBookings(t, base)); n != 4 {
		t.Errorf("the owner's list: got %d bookings, want 4", n)
	}
	// A bound out of range is refused by name.
	for _, bad := range []string{"0", "1001"} {
		r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, strings.Replace(nightOwlsSettings, "1000", bad, 1))
		if r.status != http.StatusBadRequest || r.body != `"maxBookingsPerMinute must be 1 to 1000"` {
			t.Errorf("maxBookingsPerMinute %s: got %s, want 400", bad, r)
		}
	}
}

func TestUnpacedLiftsThePaceForALoadTestAndSaysSo(t *testing.T) {
	t.Parallel()
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"), "-unpaced")
	base := p.base()
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, strings.Replace(nightOwlsSettings, "1000", "1", 1)); r.status != http.StatusOK {
		t.Fatalf("PUT: got %s", r)
	}
	slots := slotsAhead(3)
	for i, slot := range slots {
		c := newPatron(i, slot)
		if err := c.ask(base, slot); err != nil {
			t.Fatal(err)
		}
		if got, ok := completed(c.accept(base, slot)); !ok || got.Status != "booked" {
			t.Errorf("booking %d at a salon of one a minute, unpaced: got %+v, want booked", i+1, got)
		}
	}
	if !slices.ContainsFunc(p.lines(), func(l string) bool {
		return strings.Contains(l, `"msg":"every salon's maxBookingsPerMinute is lifted (-unpaced)`)
	}) {
		t.Errorf("stderr doesn't warn that -unpaced lifts the pace: %q", p.lines())
	}
}

func TestAStrangerIsMailedTenTimesADayFromASalonAndTheOwnerSeesTheRest(t *testing.T) {
	t.Parallel()
	sink := testsmtp.Start(t)
	p := spawn(t, calendarEnv(envSMTPURL+"="+sink.URL()), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"),
		"-mail-from", "Night Owls <hello@night-owls.example>")
	base := p.base()
	putNightOwls(t, base)
	slots := slotsAhead(12)
	var booked []string
	for i, slot := range slots {
		c := newPatron(i, slot)
		c.contact = []string{"stranger@example.org", "Stranger@Example.org"}[i%2]
		if err := c.ask(base, slot); err != nil {
			t.Fatal(err)
		}
		got, ok := completed(c.accept(base, slot))
		if !ok || got.Status != "booked" {
			t.Fatalf("booking %d: got %+v", i+1, got)
		}
		booked = append(booked, got.Booking)
	}
	var list struct {
		Dropped []struct{ Booking, Event, Kind, At string }
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(list.Dropped) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		r := call(http.MethodGet, base+"/salons/"+nightOwls+"/messages/dropped", ownerToken, "")
		if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &list) != nil {
			t.Fatalf("the dropped messages: got %s", r)
		}
	}
	time.Sleep(200 * time.Millisecond) // a mail past the ten would have come by now
	if got := len(sink.Mails()); got != 10 {
		t.Errorf("the SMTP server got %d mails, want 10", got)
	}
	if len(list.Dropped) != 2 {
		t.Fatalf("the owner's dropped messages: got %+v, want 2", list.Dropped)
	}
	for _, d := range list.Dropped {
		if !slices.Contains(booked, d.Booking) || d.Event != "booking.created" || d.Kind != "mail" {
			t.Errorf("a dropped message: got %+v, want a confirmation of one of the bookings", d)
		}
	}
	r := call(http.MethodGet, base+"/metrics", "", "")
	if !strings.Contains(r.body, `bookingd_messages_dropped_total{kind="mail"} 2`) {
		t.Errorf("/metrics doesn't count the 2 dropped mails")
	}
	if r := call(http.MethodGet, base+"/salons/"+nightOwls+"/messages/dropped", "", ""); r.status != http.StatusUnauthorized {
		t.Errorf("the dropped messages without the owner's token: got %s, want 401", r)
	}
	// The dropped mails were logged, and their log lines, like every other, name no customer.
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	logged := strings.ToLower(strings.Join(p.rest(), "\n"))
	if !strings.Contains(logged, "a message to a customer was dropped") {
		t.Error("the log doesn't say a message was dropped")
	}
	for _, personal := range []string{"stranger@example.org", "customer 0", "any time will do", ownerToken, testKey} {
		if strings.Contains(logged, strings.ToLower(personal)) {
			t.Errorf("the log holds %q", personal)
		}
	}
}

// grepFiles counts each needle in the files of dir whose names start with prefix.
func grepFiles(t *testing.T, dir, prefix string, needles ...string) map[string]int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	hits := map[string]int{}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range needles {
			hits[n] += bytes.Count(data, []byte(n))
		}
	}
	return hits
}

func TestAnErasedCustomerIsGoneFromTheDatabaseFilesOfARunningServer(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+filepath.Join(dir, "calendar.db"))
	base := p.base()
	putNightOwls(t, base)
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, movable); r.status != http.StatusOK {
		t.Fatalf("PUT: got %s", r)
	}
	slots := slotsAhead(6)
	gone := &patron{name: "Ottoline Fernsby-Quayle", contact: "ottoline@fernsby-quayle.example", openSlots: slots[:1]}
	kept := &patron{name: "Barnaby Wickersham-Lowe", contact: "barnaby@wickersham-lowe.example", openSlots: slots[5:]}
	var goneBooking, goneKey string
	for _, c := range []*patron{gone, kept} {
		if err := c.ask(base, c.openSlots[0]); err != nil {
			t.Fatal(err)
		}
		b, key := bookedWithKey(t, c.accept(base, c.openSlots[0]))
		if c == gone {
			goneBooking, goneKey = b, key
		}
	}
	// A move rewrites the row, leaving an older copy of it for the erasure to clear too.
	if got, ok := completed(moveMine(base, goneBooking, goneKey, slots[2])); !ok || got.Status != "booked" {
		t.Fatalf("the move: got %+v", got)
	}
	details := []string{gone.name, gone.contact, "Any time will do.", kept.name, kept.contact}
	before := grepFiles(t, dir, "calendar.db", details...)
	if before[gone.name] == 0 || before[gone.contact] == 0 {
		t.Fatalf("before the erasure the files hold %v: the search finds nothing", before)
	}
	r := call(http.MethodPost, base+"/salons/"+nightOwls+"/customers/erase", ownerToken, `{"contact":"OTTOLINE@fernsby-quayle.example"}`)
	if r.status != http.StatusOK || r.body != `{"erased":1}` {
		t.Fatalf("the erasure: got %s", r)
	}
	after := grepFiles(t, dir, "calendar.db", details...)
	for _, d := range []string{gone.name, gone.contact} {
		if after[d] != 0 {
			t.Errorf("%q, erased, is in the database's files %d times", d, after[d])
		}
	}
	for _, d := range []string{kept.name, kept.contact, "Any time will do."} {
		if after[d] == 0 {
			t.Errorf("%q, kept, is nowhere in the database's files", d)
		}
	}
	if info, err := os.Stat(filepath.Join(dir, "calendar.db-wal")); err == nil && info.Size() != 0 {
		t.Errorf("the WAL holds %d bytes after the erasure, want it truncated", info.Size())
	}
}

func TestBehindATrustedProxyAnIPv6ClientIsOneBucketForItsWhole64(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey, envRate + "="}, "-trusted-proxies", "127.0.0.1")
	// Addresses of one /64 book until one is refused. The bucket holds 8 and refills 2 a second,
	// so as many pass as 8 and what refilled while they were sent, which a loaded machine stretches.
	started, passed, refused := time.Now(), 0, false
	for i := range 40 {
		status, _ := bookFrom(t, p.base(), fmt.Sprintf("2001:db8:5:7::%x", i+1))
		if status == http.StatusTooManyRequests {
			refused = true
			break
		}
		if status != http.StatusOK {
			t.Fatalf("address %d of the /64: got %d", i+1, status)
		}
		passed++
	}
	refilled := int(math.Ceil(time.Since(started).Seconds() * 2))
	if !refused || passed < 8 || passed > 8+refilled {
		t.Errorf("addresses of one /64: %d passed before a refusal (refused %v), want 8 to %d", passed, refused, 8+refilled)
	}
	if status, _ := bookFrom(t, p.base(), "2001:db8:5:8::1"); status != http.StatusOK {
		t.Errorf("the next /64: got %d, want 200", status)
	}
}

func TestAFloodOfForgedStripeEventsIsRefusedAndLogsNoSecret(t *testing.T) {
	t.Parallel()
	const key, secret = "sk_test_flood0123456789", "whsec_flood0123456789abcdef"
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "stripe_key")
	if err := os.WriteFile(keyFile, []byte(key+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := spawn(t, calendarEnv(envStripeKey+fileSuffix+"="+keyFile, envStripeSecret+"="+secret),
		"-db", "sqlite:"+filepath.Join(dir, "calendar.db"), "-public-url", "https://book.night-owls.example")
	event := []byte(`{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","object":"checkout.session"}}}`)
	post := func(signature string) int {
		req, err := http.NewRequest(http.MethodPost, p.base()+"/payments/stripe", bytes.NewReader(event))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
		req.Header.Set("Stripe-Signature", signature)
		res, err := calendarClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	statuses := make([]int, 400)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			forged := payments.Sign(event, fmt.Sprintf("whsec_guess%03d", i), time.Now())
			if i%2 == 1 {
				forged = payments.Sign(event, secret, time.Now().Add(-time.Hour)) // the right secret, replayed an hour late
			}
			statuses[i] = post(forged)
		})
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusBadRequest {
			t.Fatalf("forged event %d: got %d, want 400", i, s)
		}
	}
	if s := post(payments.Sign(event, secret, time.Now())); s != http.StatusOK {
		t.Errorf("the genuine event after the flood: got %d, want 200", s)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	logged := strings.Join(p.rest(), "\n")
	for _, leak := range []string{key, secret, "v1="} {
		if strings.Contains(logged, leak) {
			t.Errorf("the log holds %q", leak)
		}
	}
	if n := strings.Count(logged, `"route":"/payments/stripe"`); n != 401 {
		t.Errorf("the log has %d lines of /payments/stripe, want a line a request, 401", n)
	}
}
