// This file runs real bookingd processes with a calendar: customers racing for a slot on SQLite and across two instances on PostgreSQL, a restart, a kill -9 mid-load, and the database stopped mid-flow.

package main

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testpg"
)

// TestMain runs the tests with one PostgreSQL server for those that share one; each takes its own database.
func TestMain(m *testing.M) { os.Exit(testpg.Main(m)) }

// ownerToken is the owner's token every calendar process of these tests is given.
const ownerToken = "the-owner-of-night-owls-keeps-this-token"

// nightOwls is the salon these tests put: open around the clock in UTC, five-minute slots, ninety
// days ahead, so a test has thousands of slots to hand out and can write their ids itself.
const (
	nightOwls         = "night-owls"
	nightOwlsSettings = `{"name":"Night Owls","timeZone":"UTC","phone":"+44 20 7946 0001",` +
		`"hours":{"mon":[["00:00","23:59"]],"tue":[["00:00","23:59"]],"wed":[["00:00","23:59"]],"thu":[["00:00","23:59"]],` +
		`"fri":[["00:00","23:59"]],"sat":[["00:00","23:59"]],"sun":[["00:00","23:59"]]},"slotMinutes":5,"horizonDays":90,` +
		`"maxBookingsPerMinute":1000}` // these tests book hundreds a minute
)

// skipShort skips a test of real processes under go test -short.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs real bookingd processes with a calendar: skipped under -short")
	}
}

// calendarEnv is the environment of an instance with a calendar: the signing key every instance
// shares, so a state issued by one verifies on another, and the owner's token.
func calendarEnv(extra ...string) []string {
	return append([]string{envSigningKey + "=" + testKey, envOwnerToken + "=" + ownerToken}, extra...)
}

// calendarClient sends the tests' requests, keeping a connection for each of many concurrent customers.
var calendarClient = &http.Client{
	Timeout:   30 * time.Second,
	Transport: &http.Transport{MaxIdleConns: 128, MaxIdleConnsPerHost: 64},
}

// reply is one HTTP answer, or the error that stood in for it: no reply received.
type reply struct {
	status int
	body   string
	err    error
}

func (r reply) String() string {
	if r.err != nil {
		return "no reply (" + r.err.Error() + ")"
	}
	return fmt.Sprintf("%d %s", r.status, r.body)
}

// call makes one request and reads its whole reply; a reply cut short is no reply.
func call(method, url, token, body string) reply {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return reply{err: err}
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := calendarClient.Do(req)
	if err != nil {
		return reply{err: err}
	}
	defer res.Body.Close()
	read, err := io.ReadAll(res.Body)
	if err != nil {
		return reply{err: err}
	}
	return reply{status: res.StatusCode, body: strings.TrimSpace(string(read))}
}

// putNightOwls registers night-owls through the owner's API.
func putNightOwls(t *testing.T, base string) {
	t.Helper()
	if r := call(http.MethodPut, base+"/salons/"+nightOwls, ownerToken, nightOwlsSettings); r.status != http.StatusOK {
		t.Fatalf("PUT /salons/%s: got %s, want 200", nightOwls, r)
	}
}

// openSlot is one of the salon's open slots as GET /salons/{salon} lists it.
type openSlot struct{ Slot, Label string }

// openSlots is what GET /salons/night-owls lists open now.
func openSlots(t *testing.T, base string) []openSlot {
	t.Helper()
	r := call(http.MethodGet, base+"/salons/"+nightOwls, "", "")
	var view struct{ OpenSlots []openSlot }
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &view) != nil || len(view.OpenSlots) == 0 {
		t.Fatalf("GET /salons/%s: got %s, want 200 with open slots", nightOwls, r)
	}
	return view.OpenSlots
}

// slotsAhead writes the ids of n consecutive night-owls slots starting an hour or more from now, as
// the salon's hours give them: every five minutes in UTC, but 23:55, which would end after 23:59.
func slotsAhead(n int) []string {
	start := time.Now().UTC().Truncate(5 * time.Minute).Add(time.Hour)
	var ids []string
	for at := start; len(ids) < n; at = at.Add(5 * time.Minute) {
		if at.Hour() == 23 && at.Minute() == 55 {
			continue
		}
		ids = append(ids, at.Format(time.RFC3339))
	}
	return ids
}

// listedBooking is one booking as the owner's list shows it.
type listedBooking struct {
	Booking, Slot, Label, Name, Contact, Status string
}

// ownersBookings is the owner's list of night-owls' bookings, from now to the end of its horizon,
// every page of it.
func ownersBookings(t *testing.T, base string) []listedBooking {
	t.Helper()
	var all []listedBooking
	for after := ""; ; {
		query := ""
		if after != "" {
			query = "?after=" + url.QueryEscape(after)
		}
		r := call(http.MethodGet, base+"/salons/"+nightOwls+"/bookings"+query, ownerToken, "")
		var page struct {
			Bookings []listedBooking
			Next     string
		}
		if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &page) != nil {
			t.Fatalf("the owner's bookings: got %s, want 200 with a list", r)
		}
		all = append(all, page.Bookings...)
		if page.Next == "" {
			return all
		}
		after = page.Next
	}
}

// patron is a customer of these tests: a name and contact of their own, so a state of their own,
// asking for the slots in openSlots.
type patron struct {
	name, contact string
	openSlots     []string
	state         string // round one's requestState
}

// patronsFor are a patron for each of slots, patron i asking for slots[i] alone.
func patronsFor(slots []string) []*patron {
	patrons := make([]*patron, len(slots))
	for i := range patrons {
		patrons[i] = newPatron(i, slots[i])
	}
	return patrons
}

func newPatron(i int, openSlots ...string) *patron {
	return &patron{name: fmt.Sprintf("Customer %03d", i), contact: fmt.Sprintf("+44 7700 900%03d", i), openSlots: openSlots}
}

func (p *patron) arguments() string {
	return `{"message":"Any time will do.","openSlots":` + mustJSON(p.openSlots) +
		`,"customer":{"name":` + mustJSON(p.name) + `,"contact":` + mustJSON(p.contact) + `}}`
}

// ask sends round one to base and keeps the state; it must be a question offering want first.
func (p *patron) ask(base, want string) error {
	r := call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "", `{"arguments":`+p.arguments()+`}`)
	var asked struct {
		RequestState  string
		InputRequests struct {
			Time struct {
				Params struct {
					RequestedSchema struct {
						Properties struct{ Time struct{ Enum []string } }
					}
				}
			}
		}
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &asked) != nil || asked.RequestState == "" {
		return fmt.Errorf("%s's round one: got %s, want 200 with a requestState", p.name, r)
	}
	if offered := asked.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum; len(offered) == 0 || offered[0] != want {
		return fmt.Errorf("%s's round one offered %q, want %s first", p.name, offered, want)
	}
	p.state = asked.RequestState
	return nil
}

// accept sends round two to base, accepting slot with the state round one gave.
func (p *patron) accept(base, slot string) reply {
	return call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "", `{"arguments":`+p.arguments()+
		`,"inputResponses":{"time":{"action":"accept","content":{"time":`+mustJSON(slot)+`}}},"requestState":`+mustJSON(p.state)+`}`)
}

// spendID is what the patron's state is spent under: its MAC, the hex after the state's last dot.
func (p *patron) spendID(t *testing.T) requeststate.SpendID {
	t.Helper()
	var id requeststate.SpendID
	mac := p.state[strings.LastIndexByte(p.state, '.')+1:]
	if n, err := hex.Decode(id[:], []byte(mac)); err != nil || n != len(id) {
		t.Fatalf("%s's state doesn't end in a MAC: %q", p.name, p.state)
	}
	return id
}

// outcome is round two's structuredContent.
type outcome struct{ Status, Slot, Say, Booking string }

// completed reads round two's reply: 200 and complete, or false.
func completed(r reply) (outcome, bool) {
	var done struct {
		ResultType        string
		StructuredContent outcome
	}
	if r.err != nil || r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &done) != nil || done.ResultType != "complete" {
		return outcome{}, false
	}
	return done.StructuredContent, true
}

// askAll sends every patron's round one to base (or alternately to bases), expecting each to be
// offered its first open slot.
func askAll(t *testing.T, patrons []*patron, bases ...string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(patrons))
	work := make(chan int)
	for range 8 {
		wg.Go(func() {
			for i := range work {
				if err := patrons[i].ask(bases[i%len(bases)], patrons[i].openSlots[0]); err != nil {
					errs <- err
				}
			}
		})
	}
	for i := range patrons {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// acceptAll sends every patron's round two, patron i accepting slots[i], at base from workers
// at once, and hands each reply to each as it comes (from many goroutines at once).
func acceptAll(base string, patrons []*patron, slots []string, workers int, each func(i int, r reply)) {
	work := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range work {
				each(i, patrons[i].accept(base, slots[i]))
			}
		})
	}
	for i := range patrons {
		work <- i
	}
	close(work)
	wg.Wait()
}

// raceFor has every patron accept slot at once, patron i on bases[(i+1) % len(bases)] (so, with two
// instances, not the one that asked), and returns each reply by patron.
func raceFor(patrons []*patron, slot string, bases ...string) []reply {
	replies := make([]reply, len(patrons))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, p := range patrons {
		wg.Go(func() {
			<-start
			replies[i] = p.accept(bases[(i+1)%len(bases)], slot)
		})
	}
	close(start)
	wg.Wait()
	return replies
}

// checkOneBooked checks that exactly one of the replies booked slot, saying label, and every other
// was told it was taken meanwhile; it returns the one that booked and its booking's reference.
func checkOneBooked(t *testing.T, patrons []*patron, replies []reply, slot openSlot) (*patron, string) {
	t.Helper()
	var winner *patron
	var booking string
	booked, taken := 0, 0
	wantTaken := `{"resultType":"complete","structuredContent":{"status":"not_booked","say":` +
		mustJSON(slot.Label+" was taken meanwhile, so nothing is booked.") + `}}`
	for i, r := range replies {
		got, ok := completed(r)
		switch {
		case ok && got.Status == "booked":
			if got.Slot != slot.Slot || got.Say != slot.Label+" is yours." || got.Booking == "" {
				t.Errorf("%s booked: got %+v, want %s saying %q with a reference", patrons[i].name, got, slot.Slot, slot.Label+" is yours.")
			}
			if winner != nil {
				t.Errorf("%s and %s were both told %s is theirs", winner.name, patrons[i].name, slot.Slot)
			}
			winner, booking = patrons[i], got.Booking
			booked++
		case r.status == http.StatusOK && r.body == wantTaken:
			taken++
		default:
			t.Errorf("%s's round two: got %s, want booked or %s", patrons[i].name, r, wantTaken)
		}
	}
	if booked != 1 || taken != len(patrons)-1 {
		t.Fatalf("got %d booked and %d taken meanwhile, want 1 and %d", booked, taken, len(patrons)-1)
	}
	return winner, booking
}

// checkOneLive checks that the owner's list holds exactly one booking, live, the winner's.
func checkOneLive(t *testing.T, base string, winner *patron, booking string, slot openSlot) {
	t.Helper()
	list := ownersBookings(t, base)
	want := listedBooking{Booking: booking, Slot: slot.Slot, Label: slot.Label, Name: winner.name, Contact: winner.contact, Status: "booked"}
	if len(list) != 1 {
		t.Fatalf("the owner's list on %s: got %d bookings %+v, want exactly %+v", base, len(list), list, want)
	}
	if got := list[0]; got != want {
		t.Errorf("the owner's list on %s: got %+v, want %+v", base, got, want)
	}
}

// checkSpent checks that replaying p's state on base is refused as already used.
func checkSpent(t *testing.T, base string, p *patron, slot string) {
	t.Helper()
	if r := p.accept(base, slot); r.status != http.StatusBadRequest || r.body != `"requestState was already used"` {
		t.Errorf("%s's spent state again on %s: got %s, want 400 \"requestState was already used\"", p.name, base, r)
	}
}

func TestFortyCustomersRacingAcrossTwoInstancesOnPostgreSQLBookOneSlotOnce(t *testing.T) {
	t.Parallel()
	url := testpg.Shared(t).URL(t)
	a := spawn(t, calendarEnv(envDatabaseURL+"="+url))
	b := spawn(t, calendarEnv(), "-db", url)
	putNightOwls(t, a.base())
	slot := openSlots(t, b.base())[2]
	patrons := make([]*patron, 40)
	for i := range patrons {
		patrons[i] = newPatron(i, slot.Slot)
	}
	askAll(t, patrons, a.base(), b.base())

	replies := raceFor(patrons, slot.Slot, a.base(), b.base())
	winner, booking := checkOneBooked(t, patrons, replies, slot)
	for _, p := range []*process{a, b} {
		checkOneLive(t, p.base(), winner, booking, slot)
	}

	// Each patron answered on the instance it didn't ask: each instance refuses every state the
	// other spent, the winner's and the losers'.
	for i, p := range patrons {
		checkSpent(t, []*process{a, b}[i%2].base(), p, slot.Slot)
	}
}

func TestThirtyCustomersRacingOnSQLiteBookOnceAndARestartKeepsEveryBookingAndSpend(t *testing.T) {
	t.Parallel()
	skipShort(t)
	db := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	first := spawn(t, calendarEnv(), "-db", db)
	putNightOwls(t, first.base())
	slot := openSlots(t, first.base())[2]
	patrons := make([]*patron, 30)
	for i := range patrons {
		patrons[i] = newPatron(i, slot.Slot)
	}
	askAll(t, patrons, first.base())
	winner, booking := checkOneBooked(t, patrons, raceFor(patrons, slot.Slot, first.base()), slot)
	checkOneLive(t, first.base(), winner, booking, slot)

	if err := first.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	first.rest()
	if err := first.cmd.Wait(); err != nil {
		t.Fatalf("bookingd after SIGTERM: got %v, want exit status 0", err)
	}

	again := spawn(t, calendarEnv(), "-db", db)
	checkOneLive(t, again.base(), winner, booking, slot)
	for _, p := range patrons {
		checkSpent(t, again.base(), p, slot.Slot)
	}
	for _, open := range openSlots(t, again.base()) {
		if open.Slot == slot.Slot {
			t.Errorf("%s is open again after the restart", slot.Slot)
		}
	}
	late := newPatron(99, slot.Slot)
	r := call(http.MethodPost, again.base()+"/salons/"+nightOwls+"/book", "", `{"arguments":`+late.arguments()+`}`)
	if got, ok := completed(r); !ok || got.Status != "not_booked" || got.Say != "Nothing is open then, so the salon will call you." {
		t.Errorf("round one asking for the booked slot after the restart: got %s, want nothing open", r)
	}
}

func TestAKillMidLoadLeavesEveryBookingAnsweredOrUnansweredAndNoSpendWithoutItsOutcome(t *testing.T) {
	t.Parallel()
	skipShort(t)
	t.Run("on SQLite", func(t *testing.T) {
		killMidLoad(t, "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"), nil)
	})
	t.Run("on PostgreSQL", func(t *testing.T) {
		url := testpg.Shared(t).URL(t)
		killMidLoad(t, url, func() { awaitNoOtherSessions(t, url) })
	})
}

// killMidLoad books many patrons, each its own slot, at the bookingd on db, kills it with SIGKILL
// once a third have been answered, and checks the database against what each patron heard.
// settled, when not nil, waits until the database has finished with the dead process's sessions.
func killMidLoad(t *testing.T, db string, settled func()) {
	const n, workers = 240, 32
	p := spawn(t, calendarEnv(), "-db", db)
	putNightOwls(t, p.base())
	slots := slotsAhead(n)
	patrons := make([]*patron, n)
	byName := map[string]int{}
	bySpend := map[requeststate.SpendID]int{}
	for i := range patrons {
		patrons[i] = newPatron(i, slots[i])
		byName[patrons[i].name] = i
	}
	askAll(t, patrons, p.base())
	for i, c := range patrons {
		bySpend[c.spendID(t)] = i
	}

	replies := make([]reply, n)
	var answered atomic.Int64
	var kill sync.Once
	acceptAll(p.base(), patrons, slots, workers, func(i int, r reply) {
		replies[i] = r
		if r.err == nil && answered.Add(1) == n/3 {
			kill.Do(func() { _ = p.cmd.Process.Signal(syscall.SIGKILL) })
		}
	})
	p.rest()
	err := p.cmd.Wait()
	if ws, ok := processStatus(err); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("bookingd: got %v, want killed by SIGKILL", err)
	}
	if got := answered.Load(); got >= n {
		t.Fatalf("every one of %d round twos was answered: the kill didn't land mid-load", got)
	}
	if settled != nil {
		settled()
	}

	// What each patron heard: booked with a reference, or nothing at all.
	heard := map[int]string{} // patron → the booking they were told of
	for i, r := range replies {
		if r.err != nil {
			continue
		}
		got, ok := completed(r)
		if !ok || got.Status != "booked" || got.Slot != slots[i] || got.Booking == "" {
			t.Errorf("%s's answered round two: got %s, want %s booked", patrons[i].name, r, slots[i])
			continue
		}
		heard[i] = got.Booking
	}

	cal, err := store.Open(t.Context(), db, time.Now)
	if err != nil {
		t.Fatalf("opening the database after the kill: %v", err)
	}
	now := time.Now()
	bookings, err := cal.Bookings(t.Context(), nightOwls, now, now.AddDate(0, 0, 91))
	if err != nil {
		t.Fatal(err)
	}
	spends, err := cal.SpentStates(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	cal.Close()

	held := map[int]salon.Booking{} // patron → the booking the database holds for them
	for _, b := range bookings {
		i, ok := byName[b.Name]
		switch {
		case !ok:
			t.Errorf("a booking for nobody who asked: %+v", b)
			continue
		case b.Status != salon.Booked || b.Slot != slots[i] || b.Contact != patrons[i].contact:
			t.Errorf("%s's booking: got %+v, want %s live", b.Name, b, slots[i])
		case held[i].ID != "":
			t.Errorf("%s holds two bookings: %s and %s", b.Name, held[i].ID, b.ID)
		}
		held[i] = b
		if told, wasTold := heard[i]; wasTold && told != b.ID {
			t.Errorf("%s was told booking %s, but the database holds %s", b.Name, told, b.ID)
		} else if !wasTold && replies[i].err == nil {
			t.Errorf("%s's booking %s is in the database, but they were answered %s", b.Name, b.ID, replies[i])
		}
	}
	for i, told := range heard {
		if held[i].ID != told {
			t.Errorf("%s was told %s is booked as %s, but the database holds no such booking", patrons[i].name, slots[i], told)
		}
	}
	spent := map[int]bool{}
	for _, s := range spends {
		i, ok := bySpend[s.ID]
		if !ok {
			t.Errorf("a spent state no patron holds: %s", s.ID)
			continue
		}
		spent[i] = true
		if s.Outcome != "booked" || s.Booking == "" || s.Booking != held[i].ID {
			t.Errorf("%s's spend: got outcome %q booking %q, want booked %q, the booking the database holds", patrons[i].name, s.Outcome, s.Booking, held[i].ID)
		}
	}
	for i, b := range held {
		if !spent[i] {
			t.Errorf("%s's booking %s has no spent state", patrons[i].name, b.ID)
		}
	}
	t.Logf("of %d round twos: %d answered booked before the kill, %d booked but never answered, %d never reached the database",
		n, len(heard), len(held)-len(heard), n-len(held))

	// Restarted on the same database, each patron not answered learns where they stand: a state
	// already spent is refused, and one that never reached the database books now.
	again := spawn(t, calendarEnv(), "-db", db)
	for i, c := range patrons {
		if replies[i].err == nil {
			continue
		}
		r := c.accept(again.base(), slots[i])
		if spent[i] {
			if r.status != http.StatusBadRequest || r.body != `"requestState was already used"` {
				t.Errorf("%s, spent before the kill, again: got %s, want 400 \"requestState was already used\"", c.name, r)
			}
		} else if got, ok := completed(r); !ok || got.Status != "booked" || got.Slot != slots[i] {
			t.Errorf("%s, never spent, after the restart: got %s, want %s booked", c.name, r, slots[i])
		}
	}
	if list := ownersBookings(t, again.base()); len(list) != n {
		t.Errorf("after the restart and the retries: got %d bookings, want one for each of the %d patrons", len(list), n)
	}
}

// processStatus is how a child process ended, from cmd.Wait's error.
func processStatus(err error) (syscall.WaitStatus, bool) {
	var exit interface{ Sys() any }
	if !errors.As(err, &exit) {
		return 0, false
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ws, ok
}

// awaitNoOtherSessions waits until no session but its own is connected to the PostgreSQL database
// at url: the server has then ended every transaction of a killed client, committed or rolled back.
func awaitNoOtherSessions(t *testing.T, url string) {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var others int
		err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&others)
		if err == nil && others == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the killed process's sessions are still connected after 10s: %d (%v)", others, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPostgreSQLStoppedMidFlowAnswers503AndTheSameStateCompletesOnceItIsBack(t *testing.T) {
	t.Parallel()
	srv := testpg.Start(t)
	p := spawn(t, calendarEnv(), "-db", srv.URL(t))
	putNightOwls(t, p.base())
	slot := openSlots(t, p.base())[5] // half an hour ahead: still ahead once the database is back
	c := newPatron(1, slot.Slot)
	if err := c.ask(p.base(), slot.Slot); err != nil {
		t.Fatal(err)
	}

	srv.Stop()
	const unavailable = `"the booking service is unavailable"`
	if r := c.accept(p.base(), slot.Slot); r.status != http.StatusServiceUnavailable || r.body != unavailable {
		t.Errorf("round two with the database down: got %s, want 503 %s", r, unavailable)
	}
	for _, check := range []struct {
		path string
		want int
	}{{"/readyz", http.StatusServiceUnavailable}, {"/healthz", http.StatusOK}, {"/salons/" + nightOwls, http.StatusServiceUnavailable}} {
		if r := call(http.MethodGet, p.base()+check.path, "", ""); r.status != check.want {
			t.Errorf("GET %s with the database down: got %s, want %d", check.path, r, check.want)
		}
	}

	srv.Start()
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	for r := call(http.MethodGet, p.base()+"/readyz", "", ""); r.status != http.StatusOK; r = call(http.MethodGet, p.base()+"/readyz", "", "") {
		select {
		case <-ctx.Done():
			t.Fatalf("/readyz with the database back: got %s for 15s, want 200", r)
		case <-time.After(50 * time.Millisecond):
		}
	}
	r := c.accept(p.base(), slot.Slot)
	if got, ok := completed(r); !ok || got.Status != "booked" || got.Slot != slot.Slot || got.Say != slot.Label+" is yours." {
		t.Errorf("the same state with the database back: got %s, want %s booked", r, slot.Slot)
	}
	if list := ownersBookings(t, p.base()); len(list) != 1 || list[0].Name != c.name {
		t.Errorf("the owner's list: got %+v, want %s's one booking", list, c.name)
	}
}
