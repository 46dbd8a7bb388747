// This file binds the calendar's scenarios: a real SQLite calendar behind the real application, over a real HTTP connection.

package features

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cucumber/godog"

	"salon/internal/api"
	"salon/internal/api/apitest"
	desk "salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testkit"
	"salon/internal/wire"
)

// ownerToken is the owner's token of every calendar scenario.
const ownerToken = "a-token-of-the-owner-that-is-long-enough"

// calendarWorld is one calendar scenario: its database file, the application over it, and each customer's conversation.
type calendarWorld struct {
	dir    string
	clock  *testkit.Clock
	keys   requeststate.Keys
	db     *store.Store
	down   flaky
	server *httptest.Server
	client *apitest.Client
	salon  string

	guests map[string]*guest
	reply  apitest.Reply

	settings map[string]any // the salon's settings as last put, so a step can change one and put them again
	offerer  desk.Offerer   // round one's offerer; nil is the default

	mu      sync.Mutex
	records [][]desk.Record // each round two's records, in order
}

// guest is one customer's conversation with the salon.
type guest struct {
	name, contact, words string
	slots                []string
	state                string
	offered              []string // the times round one's question offered
	booking              string   // the reference of the booking they were told of
	service, stylist     string   // at a menu salon, the arguments' service and stylist; "" leaves each out
	services             []string // at a menu salon, a visit's services in place of service; nil leaves them out
	key                  string   // the booking's manage key, as round two told it
	roundTwo, told       []byte   // their latest round two's body, and the reply it got, exactly
	moveState            string   // the state of their move's round one
}

// flaky is the calendar's database as the service reaches it: while down, every call fails as an unreachable database would.
type flaky struct {
	calendar // every call not overridden below goes straight through
	access   // the keys, the audit and the customer's data, straight through
	isDown   atomic.Bool
}

// calendar names the embedded database in flaky apart from its Calendar method.
type calendar = desk.Calendar

// access names the database's keys, audit and customers' data in flaky.
type access = desk.Access

var errDown = errors.New("the database can't be reached")

func (f *flaky) fail() error {
	if f.isDown.Load() {
		return errDown
	}
	return nil
}

func (f *flaky) Window(ctx context.Context, id string, from, to time.Time) (salon.Calendar, error) {
	if err := f.fail(); err != nil {
		return salon.Calendar{}, err
	}
	return f.calendar.Window(ctx, id, from, to)
}

func (f *flaky) RecentSalon(ctx context.Context, id string) (salon.Settings, error) {
	if err := f.fail(); err != nil {
		return salon.Settings{}, err
	}
	return f.calendar.RecentSalon(ctx, id)
}

func (f *flaky) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *salon.Hold, now time.Time) (salon.SpendOutcome, error) {
	if err := f.fail(); err != nil {
		return salon.SpendOutcome{}, err
	}
	return f.calendar.Spend(ctx, id, goodUntil, hold, now)
}

func (f *flaky) Ping(ctx context.Context) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.calendar.Ping(ctx)
}

func (w *calendarWorld) open() error {
	if w.dir == "" {
		dir, err := os.MkdirTemp("", "calendar-scenario-")
		if err != nil {
			return err
		}
		w.dir = dir
		// The scenario's calendar, new and migrated; a restart opens it again.
		if _, err := storetest.SQLiteAt(filepath.Join(dir, "calendar.db")); err != nil {
			return err
		}
		w.clock = testkit.NewClock(start)
		w.guests = map[string]*guest{}
		keys, err := requeststate.NewKeys(freshKey())
		if err != nil {
			return err
		}
		w.keys = keys
	}
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(w.dir, "calendar.db"), w.clock.Now)
	if err != nil {
		return err
	}
	w.db = db
	w.down.calendar, w.down.access = db, db
	w.server = httptest.NewServer(api.New(api.Service{
		Keys: &w.keys, Life: stateLife, Now: w.clock.Now, Nonce: randomNonce,
		Spent: requeststate.NewMemory(w.clock.Now), Calendar: &w.down, Access: &w.down, MyCalendar: &w.down, Ready: w.down.Ping,
		BookingID: func() string { return fmt.Sprintf("b%x", randomNonce()) }, OwnerToken: ownerToken,
		Offerer: w.offerer, Records: func(r []desk.Record) {
			w.mu.Lock()
			w.records = append(w.records, r)
			w.mu.Unlock()
		},
	}))
	client, err := apitest.New(relay(w.server.Client(), w.server.URL, func() {}))
	w.client = client
	return err
}

// close stops the service and closes the database, keeping its file for a restart.
func (w *calendarWorld) close() {
	if w.server != nil {
		w.server.Close()
		w.server = nil
	}
	if w.db != nil {
		w.db.Close()
		w.db = nil
	}
}

func randomNonce() requeststate.Nonce {
	var n requeststate.Nonce
	copy(n[:], freshKey())
	return n
}

// guest is the customer a step names, made on first mention with a contact and words of their own.
func (w *calendarWorld) guest(name string) *guest {
	g, ok := w.guests[name]
	if !ok {
		g = &guest{name: name + " Lima", contact: "+44 7700 9001" + fmt.Sprint(len(w.guests)), words: "A cut?"}
		w.guests[name] = g
	}
	return g
}

// send serves req over the real connection, checking the exchange against the committed document.
func (w *calendarWorld) send(req *http.Request) error {
	reply, err := w.client.Do(req)
	w.reply = reply
	if err != nil {
		return fmt.Errorf("the exchange breaks openapi.json: %w", err)
	}
	return nil
}

func (w *calendarWorld) request(method, path string, body any, owner bool) *http.Request {
	var req *http.Request
	if body == nil {
		req = httptest.NewRequest(method, path, nil)
	} else {
		req = httptest.NewRequest(method, path, strings.NewReader(string(encode(body))))
		req.Header.Set("Content-Type", "application/json")
	}
	if owner {
		req.Header.Set("Authorization", "Bearer "+ownerToken)
	}
	return req
}

// book sends a round for g to the salon: round one without answers, round two with them and g's state.
func (w *calendarWorld) book(salonID string, g *guest, answers any, withCustomer bool) error {
	args := map[string]any{"message": g.words, "openSlots": g.slots}
	if withCustomer {
		args["customer"] = map[string]any{"name": g.name, "contact": g.contact}
	}
	if g.service != "" {
		args["service"] = g.service
	}
	if g.services != nil {
		args["services"] = g.services
	}
	if g.stylist != "" {
		args["stylist"] = g.stylist
	}
	b := map[string]any{"arguments": args}
	if answers != nil {
		b["inputResponses"], b["requestState"] = answers, g.state
	}
	if err := w.send(w.request(http.MethodPost, "/salons/"+url.PathEscape(salonID)+"/book", b, false)); err != nil {
		return err
	}
	if answers != nil {
		g.roundTwo, g.told = encode(b), w.reply.Body
	}
	var r struct{ StructuredContent wire.Completion }
	if w.reply.Status == http.StatusOK && json.Unmarshal(w.reply.Body, &r) == nil && r.StructuredContent.Booking != "" {
		g.booking, g.key = r.StructuredContent.Booking, r.StructuredContent.Manage
	}
	return nil
}

// view reads the salon as anyone can.
func (w *calendarWorld) view() (wire.SalonView, error) {
	if err := w.send(w.request(http.MethodGet, "/salons/"+w.salon, nil, false)); err != nil {
		return wire.SalonView{}, err
	}
	var v wire.SalonView
	if w.reply.Status != http.StatusOK {
		return v, fmt.Errorf("reading the salon: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	if got := w.reply.Header.Get("Cache-Control"); got != "no-store" {
		return v, fmt.Errorf("got Cache-Control %q, want no-store", got)
	}
	return v, json.Unmarshal(w.reply.Body, &v)
}

func (w *calendarWorld) openIDs() ([]string, error) {
	v, err := w.view()
	ids := make([]string, len(v.OpenSlots))
	for i, s := range v.OpenSlots {
		ids[i] = s.Slot
	}
	return ids, err
}

// bookings lists what the owner sees over a wide window.
func (w *calendarWorld) bookings() ([]wire.BookingView, error) {
	q := url.Values{"from": {"2026-01-01T00:00:00Z"}, "to": {"2028-01-01T00:00:00Z"}}
	if err := w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/bookings?"+q.Encode(), nil, true)); err != nil {
		return nil, err
	}
	if w.reply.Status != http.StatusOK {
		return nil, fmt.Errorf("listing bookings: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	var list wire.BookingList
	return list.Bookings, json.Unmarshal(w.reply.Body, &list)
}

// asks sends round one for the customer name with words and slots, keeping the state it issues.
func (w *calendarWorld) asks(name, words string, slots []string) error {
	g := w.guest(name)
	g.words = words
	g.slots = slots
	if err := w.book(w.salon, g, nil, true); err != nil {
		return err
	}
	var r struct {
		RequestState  string
		InputRequests wire.InputRequests
	}
	if w.reply.Status == http.StatusOK && json.Unmarshal(w.reply.Body, &r) == nil {
		g.state, g.offered = r.RequestState, r.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum
	}
	return nil
}

// asksWithOpenTimes sends round one for the customer name with words and every open time the salon shows.
func (w *calendarWorld) asksWithOpenTimes(name, words string) error {
	ids, err := w.openIDs()
	if err != nil {
		return err
	}
	return w.asks(name, words, ids)
}

// putSalon puts the salon's settings as they stand.
func (w *calendarWorld) putSalon() error {
	if err := w.send(w.request(http.MethodPut, "/salons/"+w.salon, w.settings, true)); err != nil {
		return err
	}
	if w.reply.Status != http.StatusOK {
		return fmt.Errorf("putting the salon: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	return nil
}

// offer puts offerer in round one's seat, restarting the service on the same database if it runs.
func (w *calendarWorld) offer(offerer desk.Offerer) error {
	w.offerer = offerer
	if w.server == nil {
		return nil
	}
	w.close()
	return w.open()
}

// latestRecords is the latest round two's records.
func (w *calendarWorld) latestRecords() ([]desk.Record, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.records) == 0 {
		return nil, fmt.Errorf("no round two wrote records")
	}
	return w.records[len(w.records)-1], nil
}

// slots is the latest reply read as the owner's list of slots.
func (w *calendarWorld) slots() ([]wire.SlotView, error) {
	if w.reply.Status != http.StatusOK {
		return nil, fmt.Errorf("listing the slots: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	var list wire.SlotList
	return list.Slots, json.Unmarshal(w.reply.Body, &list)
}

// quoted reads a step's list of quoted strings: "a", "b" and "c".
func quoted(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func calendarSteps(sc *godog.ScenarioContext, w *calendarWorld) {
	sc.After(func(ctx context.Context, _ *godog.Scenario, _ error) (context.Context, error) {
		w.close()
		if w.dir != "" {
			os.RemoveAll(w.dir)
		}
		return ctx, nil
	})
	sc.Step(`^the salon "([^"]*)" in "([^"]*)" is open on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days from (\d\d:\d\d) to (\d\d:\d\d) with (\d+)-minute slots over (\d+) days$`,
		func(id, zone, day, from, to string, minutes, days int) error {
			if err := w.open(); err != nil {
				return err
			}
			w.salon = id
			hours := map[string][][]string{strings.ToLower(day[:3]): {{from, to}}}
			w.settings = map[string]any{"name": "Studio Nine", "timeZone": zone, "phone": "+44 20 7946 0000", "hours": hours, "slotMinutes": minutes, "horizonDays": days}
			return w.putSalon()
		})
	sc.Step(`^the salon has no price$`, func() error {
		w.settings["prices"] = []any{}
		return w.putSalon()
	})
	sc.Step(`^the salon's sheet prices a (\w+) at "([^"]*)"$`, func(service, price string) error {
		prices, _ := w.settings["prices"].([]any)
		w.settings["prices"] = append(prices, map[string]any{"service": service, "price": price})
		return w.putSalon()
	})
	sc.Step(`^it is "([^"]*)"$`, func(at string) error {
		t, err := time.Parse(time.RFC3339, at)
		w.clock.Set(t)
		return err
	})
	sc.Step(`^anyone reads the salon$`, func() error {
		return w.send(w.request(http.MethodGet, "/salons/"+w.salon, nil, false))
	})
	sc.Step(`^anyone reads the salon "([^"]*)"$`, func(id string) error {
		return w.send(w.request(http.MethodGet, "/salons/"+url.PathEscape(id), nil, false))
	})
	sc.Step(`^its open times are (.*)$`, func(want string) error {
		got, err := w.openIDs()
		if err == nil && !slices.Equal(got, quoted(want)) {
			err = fmt.Errorf("got open times %q, want %q", got, quoted(want))
		}
		return err
	})
	sc.Step(`^the open time "([^"]*)" reads "([^"]*)"$`, func(id, label string) error {
		v, err := w.view()
		if err != nil {
			return err
		}
		for _, s := range v.OpenSlots {
			if s.Slot == id {
				if s.Label != label {
					return fmt.Errorf("got label %q, want %q", s.Label, label)
				}
				return nil
			}
		}
		return fmt.Errorf("%s is not open", id)
	})
	asks := w.asks
	sc.Step(`^(\w+) asks "([^"]*)" with the salon's open times$`, w.asksWithOpenTimes)
	sc.Step(`^(\w+) asks "([^"]*)" with the slots (.*)$`, func(name, words, slots string) error {
		return asks(name, words, quoted(slots))
	})
	sc.Step(`^(\w+) asks the salon "([^"]*)" for "([^"]*)" with the slots (.*)$`, func(name, id, words, slots string) error {
		g := w.guest(name)
		g.words, g.slots = words, quoted(slots)
		return w.book(id, g, nil, true)
	})
	sc.Step(`^someone who doesn't say who they are asks "([^"]*)" with the salon's open times$`, func(words string) error {
		ids, err := w.openIDs()
		if err != nil {
			return err
		}
		g := w.guest("nobody")
		g.words, g.slots = words, ids
		return w.book(w.salon, g, nil, false)
	})
	sc.Step(`^(\w+) is asked to choose between "([^"]*)" and "([^"]*)"$`, func(name, first, second string) error {
		var r struct {
			ResultType    string
			InputRequests wire.InputRequests
		}
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &r) != nil || r.ResultType != wire.ResultInputRequired {
			return fmt.Errorf("got %d %s, want a question", w.reply.Status, w.reply.Body)
		}
		if got := r.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum; !slices.Equal(got, []string{first, second}) {
			return fmt.Errorf("got the choice %q, want %q", got, []string{first, second})
		}
		return nil
	})
	sc.Step(`^(\w+) is asked "([^"]*)" offering (.*)$`, func(name, message, times string) error {
		var r struct {
			ResultType    string
			RequestState  string
			InputRequests wire.InputRequests
		}
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &r) != nil || r.ResultType != wire.ResultInputRequired || r.RequestState == "" {
			return fmt.Errorf("got %d %s, want a question", w.reply.Status, w.reply.Body)
		}
		params := r.InputRequests.Time.Params
		if params.Message != message {
			return fmt.Errorf("%s is asked %q, want %q", name, params.Message, message)
		}
		if got := params.RequestedSchema.Properties.Time.Enum; !slices.Equal(got, quoted(times)) {
			return fmt.Errorf("%s is offered %q, want %q", name, got, quoted(times))
		}
		return nil
	})
	sc.Step(`^no hour is held$`, func() error {
		found, err := w.bookings()
		if err == nil && len(found) > 0 {
			err = fmt.Errorf("got bookings %+v, want no hour held", found)
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if err == nil && len(w.records) > 0 {
			err = fmt.Errorf("round two wrote records %+v, want none", w.records)
		}
		return err
	})
	sc.Step(`^(\w+), reachable at "([^"]*)", has booked "([^"]*)" saying "([^"]*)"$`, func(name, contact, slot, words string) error {
		w.guest(name).contact = contact
		if err := w.asks(name, words, []string{slot}); err != nil {
			return err
		}
		if err := w.book(w.salon, w.guest(name), accept(slot), true); err != nil {
			return err
		}
		return told(w, w.guest(name), "", true)
	})
	sc.Step(`^round two's records say "([^"]*)" is held for (\w+), read back as booked, and pass their review$`, func(slot, name string) error {
		records, err := w.latestRecords()
		if err != nil {
			return err
		}
		g := w.guest(name)
		want := []desk.Record{
			{Stage: desk.StageAnswer, Offered: g.offered, Accepted: true, Slot: slot},
			{Stage: desk.StageHold, Slot: slot, Booking: g.booking, For: g.name},
			{Stage: desk.StageReadBack, Slot: slot, Booking: g.booking, For: g.name, Status: salon.Booked},
		}
		if !reflect.DeepEqual(records, want) {
			return fmt.Errorf("round two's records are\n  %+v\nwant\n  %+v", records, want)
		}
		if findings := desk.Review(records); len(findings) > 0 {
			return fmt.Errorf("round two's records fail their review: %q", findings)
		}
		data, _ := json.Marshal(records)
		if strings.Contains(string(data), g.name) || strings.Contains(string(data), g.contact) || strings.Contains(string(data), g.words) {
			return fmt.Errorf("round two's records, written out, hold %s's name, contact or words: %s", name, data)
		}
		return nil
	})
	sc.Step(`^(\w+) accepts "([^"]*)"$`, func(name, slot string) error {
		return w.book(w.salon, w.guest(name), accept(slot), true)
	})
	sc.Step(`^(\w+) declines$`, func(name string) error {
		return w.book(w.salon, w.guest(name), map[string]any{"time": map[string]any{"action": "decline"}}, true)
	})
	sc.Step(`^(\w+) has booked "([^"]*)"$`, func(name, slot string) error {
		if err := asks(name, "A cut, please", []string{slot}); err != nil {
			return err
		}
		if err := w.book(w.salon, w.guest(name), accept(slot), true); err != nil {
			return err
		}
		return told(w, w.guest(name), "", true)
	})
	sc.Step(`^(\w+) is told "([^"]*)" with a booking reference$`, func(name, say string) error {
		return told(w, w.guest(name), say, true)
	})
	sc.Step(`^(\w+) is told "([^"]*)" with no booking reference$`, func(name, say string) error {
		return told(w, w.guest(name), say, false)
	})
	sc.Step(`^the salon's open times no longer hold "([^"]*)"$`, func(slot string) error {
		ids, err := w.openIDs()
		if err == nil && slices.Contains(ids, slot) {
			err = fmt.Errorf("%s is still open: %q", slot, ids)
		}
		return err
	})
	sc.Step(`^the salon's open times hold "([^"]*)" again$`, func(slot string) error {
		ids, err := w.openIDs()
		if err == nil && !slices.Contains(ids, slot) {
			err = fmt.Errorf("%s is not open: %q", slot, ids)
		}
		return err
	})
	sc.Step(`^the owner sees (\w+)'s booking of "([^"]*)" with (?:her|his|their) contact and words$`, func(name, label string) error {
		g := w.guest(name)
		found, err := w.bookings()
		if err != nil {
			return err
		}
		for _, b := range found {
			if b.Booking == g.booking {
				if b.Label != label || b.Name != g.name || b.Contact != g.contact || b.Words != g.words || b.Status != "booked" {
					return fmt.Errorf("got %+v, want %s's booked %s with contact %q and words %q", b, g.name, label, g.contact, g.words)
				}
				if _, err := time.Parse(time.RFC3339, b.BookedAt); err != nil || !strings.HasSuffix(b.BookedAt, "Z") {
					return fmt.Errorf("got bookedAt %q, want RFC 3339 in UTC", b.BookedAt)
				}
				return nil
			}
		}
		return fmt.Errorf("no booking %s among %+v", g.booking, found)
	})
	sc.Step(`^the owner sees (\w+)'s booking as cancelled$`, func(name string) error {
		found, err := w.bookings()
		if err != nil {
			return err
		}
		for _, b := range found {
			if b.Booking == w.guest(name).booking && b.Status == "cancelled" {
				return nil
			}
		}
		return fmt.Errorf("no cancelled booking %s among %+v", w.guest(name).booking, found)
	})
	sc.Step(`^the salon holds exactly one live booking, (\w+)'s of "([^"]*)"$`, func(name, slot string) error {
		found, err := w.bookings()
		if err != nil {
			return err
		}
		var live []wire.BookingView
		for _, b := range found {
			if b.Status == "booked" {
				live = append(live, b)
			}
		}
		if len(live) != 1 || live[0].Slot != slot || live[0].Booking != w.guest(name).booking {
			return fmt.Errorf("got live bookings %+v, want only %s's of %s", live, name, slot)
		}
		return nil
	})
	sc.Step(`^nothing is booked$`, func() error {
		found, err := w.bookings()
		if err == nil && len(found) > 0 {
			err = fmt.Errorf("got bookings %+v, want none", found)
		}
		return err
	})
	sc.Step(`^(\w+)'s state, sent again, is refused with (\d+) "([^"]*)"$`, func(name string, status int, reason string) error {
		g := w.guest(name)
		slot := g.slots[0]
		if err := w.book(w.salon, g, accept(slot), true); err != nil {
			return err
		}
		return refusal(w.reply, status, reason)
	})
	sc.Step(`^(\w+) sends (\w+)'s words, slots and state, accepting "([^"]*)"$`, func(name, other, slot string) error {
		g, o := w.guest(name), w.guest(other)
		g.words, g.slots, g.state = o.words, o.slots, o.state
		return w.book(w.salon, g, accept(slot), true)
	})
	sc.Step(`^the server refuses it with (\d+) "([^"]*)"$`, func(status int, reason string) error {
		return refusal(w.reply, status, w.references(reason))
	})
	sc.Step(`^the server refuses it with (\d+) "([^"]*)" and asks for a bearer token$`, func(status int, reason string) error {
		if got := w.reply.Header.Get("WWW-Authenticate"); got != "Bearer" {
			return fmt.Errorf("got WWW-Authenticate %q, want Bearer", got)
		}
		return refusal(w.reply, status, reason)
	})
	sc.Step(`^the owner cancels (\w+)'s booking$`, func(name string) error {
		path := "/salons/" + w.salon + "/bookings/" + url.PathEscape(w.guest(name).booking) + "/cancel"
		return w.send(w.request(http.MethodPost, path, nil, true))
	})
	slotCall := func(verb string) func(string) error {
		return func(slot string) error {
			return w.send(w.request(http.MethodPost, "/salons/"+w.salon+"/slots/"+url.PathEscape(slot)+"/"+verb, nil, true))
		}
	}
	sc.Step(`^the owner closes "([^"]*)"$`, slotCall("close"))
	sc.Step(`^the owner opens "([^"]*)"$`, slotCall("open"))
	sc.Step(`^the owner has closed "([^"]*)"$`, func(slot string) error {
		if err := slotCall("close")(slot); err != nil {
			return err
		}
		if w.reply.Status != http.StatusOK {
			return fmt.Errorf("closing %s: got %d %s, want 200", slot, w.reply.Status, w.reply.Body)
		}
		return nil
	})
	sc.Step(`^someone without the owner's token lists the bookings$`, func() error {
		return w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/bookings", nil, false))
	})
	sc.Step(`^the owner lists the slots$`, func() error {
		return w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/slots", nil, true))
	})
	sc.Step(`^someone without the owner's token lists the slots$`, func() error {
		return w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/slots", nil, false))
	})
	sc.Step(`^the slots read (.*)$`, func(want string) error {
		list, err := w.slots()
		if err != nil {
			return err
		}
		var got []string
		for _, s := range list {
			got = append(got, s.Slot+" "+s.Status)
		}
		var wanted []string
		for _, m := range regexp.MustCompile(`"([^"]*)" (\w+)`).FindAllStringSubmatch(want, -1) {
			wanted = append(wanted, m[1]+" "+m[2])
		}
		if !slices.Equal(got, wanted) {
			return fmt.Errorf("got slots %q, want %q", got, wanted)
		}
		return nil
	})
	sc.Step(`^the slot "([^"]*)" reads "([^"]*)"$`, func(id, label string) error {
		list, err := w.slots()
		if err != nil {
			return err
		}
		for _, s := range list {
			if s.Slot == id {
				if s.Label != label {
					return fmt.Errorf("got label %q, want %q", s.Label, label)
				}
				return nil
			}
		}
		return fmt.Errorf("no slot %s among %+v", id, list)
	})
	sc.Step(`^anyone lists the salons$`, func() error {
		return w.send(w.request(http.MethodGet, "/salons", nil, false))
	})
	sc.Step(`^the list holds "([^"]*)" named "([^"]*)" and says the server keeps calendars$`, func(id, name string) error {
		var list wire.SalonList
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &list) != nil {
			return fmt.Errorf("got %d %s, want the list of salons", w.reply.Status, w.reply.Body)
		}
		want := wire.SalonList{Salons: []wire.SalonSummary{{Salon: id, Name: name}}, Calendar: true}
		if !slices.Equal(list.Salons, want.Salons) || !list.Calendar {
			return fmt.Errorf("got %+v, want %+v", list, want)
		}
		return nil
	})
	sc.Step(`^the database goes down$`, func() error { w.down.isDown.Store(true); return nil })
	sc.Step(`^the database comes back$`, func() error { w.down.isDown.Store(false); return nil })
	sc.Step(`^the service restarts on the same database$`, func() error {
		w.close()
		return w.open()
	})
}

// told checks the latest reply completes for g with say (any words when say is empty), and a
// booking reference exactly when booked; a reference told is kept as g's booking.
func told(w *calendarWorld, g *guest, say string, booked bool) error {
	var r struct {
		ResultType        string
		StructuredContent wire.Completion
	}
	if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &r) != nil || r.ResultType != wire.ResultComplete {
		return fmt.Errorf("got %d %s, want a completed result", w.reply.Status, w.reply.Body)
	}
	out := r.StructuredContent
	if say != "" && out.Say != say {
		return fmt.Errorf("got say %q, want %q", out.Say, say)
	}
	if booked != (out.Status == wire.StatusBooked && out.Booking != "") {
		return fmt.Errorf("got %+v, want booked with a reference: %v", out, booked)
	}
	if booked {
		g.booking = out.Booking
	}
	return nil
}
