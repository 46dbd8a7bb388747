// This file holds the count of the calendar's calls in each round: a round reads its salon once.

package booking_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/storetest"
	"salon/internal/testpg"
)

// calendar names the desk's calendar for embedding beside a Calendar method.
type calendar = booking.Calendar

// counting is a calendar that counts each method's calls before passing them on. Unless tags is
// set, it keeps no calendar tag, as PostgreSQL keeps none: no page is kept, and each page is read.
type counting struct {
	calendar
	db    booking.Calendar
	mu    sync.Mutex
	calls map[string]int
	tags  bool
}

// tag is the calendar tag the counting calendar gives for the store's tag.
func (c *counting) tag(tag int64) int64 {
	if !c.tags {
		return 0
	}
	return tag
}

func (c *counting) CalendarTag(ctx context.Context, id string) (int64, error) {
	c.count("CalendarTag")
	tag, err := c.db.CalendarTag(ctx, id)
	return c.tag(tag), err
}

func (c *counting) count(method string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[method]++
}

// took returns the calls counted since the last took, and starts a new count.
func (c *counting) took() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	calls := c.calls
	c.calls = map[string]int{}
	return calls
}

func (c *counting) Salon(ctx context.Context, id string) (salon.Settings, error) {
	c.count("Salon")
	return c.db.Salon(ctx, id)
}

func (c *counting) RecentSalon(ctx context.Context, id string) (salon.Settings, error) {
	c.count("RecentSalon")
	return c.db.RecentSalon(ctx, id)
}

func (c *counting) Window(ctx context.Context, id string, from, to time.Time) (salon.Calendar, error) {
	c.count("Calendar")
	cal, err := c.db.Window(ctx, id, from, to)
	cal.Tag = c.tag(cal.Tag)
	return cal, err
}

func (c *counting) Bookings(ctx context.Context, id string, from, to time.Time) ([]salon.Booking, error) {
	c.count("Bookings")
	return c.db.Bookings(ctx, id, from, to)
}

func (c *counting) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *salon.Hold, now time.Time) (salon.SpendOutcome, error) {
	c.count("Spend")
	return c.db.Spend(ctx, id, goodUntil, hold, now)
}

// TestARoundReadsItsSalonOnce counts the calendar's calls of each round at a salon with a
// calendar: round one reads the salon's calendar once, and round two its settings once, then
// spends once. Nothing reads the salon a second time on the way down.
func TestARoundReadsItsSalonOnce(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "studio-nine", salon.Hours{time.Friday: {{Start: 13 * 60, End: 17 * 60}}})
	calls := &counting{calendar: s.db, db: s.db, calls: map[string]int{}}
	s.desk.Calendar = calls
	open := s.open(t, "studio-nine")
	calls.took()

	r, asked := s.roundOne(t, "studio-nine", salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, "This afternoon?", open)
	if got := calls.took(); !equalCounts(got, map[string]int{"Calendar": 1}) {
		t.Errorf("round one called the calendar %v, want the calendar read once: map[Calendar:1]", got)
	}
	done := s.roundTwo(t, r, asked.State, accepting(asked.Question.Times[0]))
	if done.Outcome == nil {
		t.Fatalf("round two: got %+v, want an outcome", done)
	}
	if got := calls.took(); !equalCounts(got, map[string]int{"RecentSalon": 1, "Spend": 1}) {
		t.Errorf("round two called the calendar %v, want the settings read once and one spend: map[RecentSalon:1 Spend:1]", got)
	}
}

func equalCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

// TestTheSalonsPageReadsFarEnoughForItsOpenSlots books the salon's first seventy slots, more than
// the page lists: the page's window must reach past them, and it lists the fifty after them.
func TestTheSalonsPageReadsFarEnoughForItsOpenSlots(t *testing.T) {
	s := openSalon(t, nil)
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = []salon.Interval{{Start: 0, End: 23 * 60}}
	}
	s.put(t, "studio-nine", hours)
	all := s.open(t, "studio-nine")
	set, err := s.db.Salon(context.Background(), "studio-nine")
	if err != nil {
		t.Fatal(err)
	}
	london, _ := time.LoadLocation("Europe/London")
	every := salon.Slots(set, london, friday)
	if len(every) < 70+booking.MaxOpenSlots {
		t.Fatalf("the salon has %d slots, want more than 120", len(every))
	}
	for i, slot := range every[:70] {
		h := &salon.Hold{ID: fmt.Sprint("b", i), Salon: "studio-nine", Slot: slot.ID, Start: slot.Start, Customer: salon.Customer{Name: "x", Contact: "x"}}
		if out, err := s.db.Spend(context.Background(), requeststate.SpendID{byte(i), 1}, friday.Add(time.Minute), h, friday); err != nil || out.Booking == nil {
			t.Fatalf("booking slot %d: %+v, %v", i, out, err)
		}
	}
	got := s.open(t, "studio-nine")
	want := every[70:min(len(every), 70+booking.MaxOpenSlots)]
	if len(got) != len(want) || got[0] != want[0].ID || got[len(got)-1] != want[len(want)-1].ID {
		t.Errorf("the page lists %d slots from %s to %s, want %d from %s to %s (it listed %d before)",
			len(got), got[0], got[len(got)-1], len(want), want[0].ID, want[len(want)-1].ID, len(all))
	}
}

// TestAPackedSalonsPagePassesOverItsFullDaysAndNoMore books a salon's first days full, its evening
// hours running over midnight in UTC: the page reads its first window, the days' counts once, and
// the first day with an open slot, and lists exactly what every booking read one by one leaves
// open. A day with one slot left stops the passing over; so does a day full of bookings made before
// the owner moved the hours, where a slot the new hours bring is open though the count matches.
// The next page goes on from the day the first reached in its one read, passing over the rest of
// the first window's day by its count too, until a booking of a day passed over is cancelled: that
// page goes on from that day, and lists the slot.
func TestAPackedSalonsPagePassesOverItsFullDaysAndNoMore(t *testing.T) {
	set, newYork := eveningsInNewYork(t)
	every := salon.Slots(set, newYork, friday)
	dayOf := func(slot salon.Slot) string { return slot.Start.UTC().Format(time.DateOnly) }
	type reads = map[string]int
	for _, tc := range []struct {
		name string
		// days is how many UTC days are booked full, from the first; 0 is all of them.
		days int
		// leave is the slot of the full days left open, -1 for none.
		leave int
		// moved puts the hours half an hour later once the days are booked.
		moved bool
		// first and next are what the first page and the one after it read.
		first, next reads
		// cancel is the slot whose booking is cancelled after the second page, -1 for none.
		cancel int
		// sparse books every other slot after the full days too.
		sparse bool
	}{
		{"the first ten days full", 10, -1, false,
			reads{"Calendar": 2, "DayFills": 1}, reads{"WindowPassing": 1}, 7*14 + 5, false},
		{"one slot left on the ninth", 10, 8*14 + 3, false,
			reads{"Calendar": 2, "DayFills": 1}, reads{"WindowPassing": 1}, -1, false},
		{"the hours moved after the booking", 10, -1, true,
			reads{"Calendar": 2, "DayFills": 1}, reads{"Calendar": 2, "DayFills": 1}, -1, false},
		{"every day full", 0, -1, false,
			reads{"Calendar": 1, "DayFills": 1}, reads{"Calendar": 1, "DayFills": 1}, -1, false},
		// Half the slots open after the full days: the next page reads as far as the first did.
		{"every other slot after the full days", 10, -1, false,
			reads{"Calendar": 3, "DayFills": 1}, reads{"WindowPassing": 1}, -1, true},
	} {
		fullDays := map[string]bool{}
		for _, slot := range every {
			if tc.days == 0 || len(fullDays) < tc.days || fullDays[dayOf(slot)] {
				fullDays[dayOf(slot)] = true
			}
		}
		t.Run(tc.name, func(t *testing.T) {
			s := openSalon(t, nil)
			if err := s.db.PutSalon(context.Background(), "studio-nine", set); err != nil {
				t.Fatal(err)
			}
			taken := map[int64]bool{}
			for i, slot := range every {
				if (!fullDays[dayOf(slot)] && !(tc.sparse && i%2 == 0)) || i == tc.leave {
					continue
				}
				h := &salon.Hold{ID: fmt.Sprint("b", i), Salon: "studio-nine", Slot: slot.ID, Start: slot.Start, Customer: salon.Customer{Name: "x", Contact: "x"}}
				if out, err := s.db.Spend(context.Background(), requeststate.SpendID{byte(i), byte(i >> 8), 2}, friday.Add(time.Minute), h, friday); err != nil || out.Booking == nil {
					t.Fatalf("booking slot %d: %+v, %v", i, out, err)
				}
				taken[slot.Start.Unix()] = true
			}
			now := set.Clone()
			if tc.moved {
				for d, day := range now.Hours {
					now.Hours[d] = []salon.Interval{{Start: day[0].Start + 30, End: day[0].End + 30}}
				}
				if err := s.db.PutSalon(context.Background(), "studio-nine", now); err != nil {
					t.Fatal(err)
				}
			}
			calls := &counting{calendar: s.db, db: s.db, calls: map[string]int{}}
			s.desk.Calendar = calls
			page := func(what string, want reads) {
				t.Helper()
				open := salon.Open(now, newYork, friday, func(start time.Time) bool { return taken[start.Unix()] }, booking.MaxOpenSlots)
				got := s.open(t, "studio-nine")
				if len(got) != len(open) {
					t.Fatalf("%s lists %d slots %v, want %d: %v", what, len(got), got, len(open), open)
				}
				for i := range open {
					if got[i] != open[i].ID {
						t.Fatalf("%s: slot %d is %s, want %s", what, i, got[i], open[i].ID)
					}
				}
				want["RecentSalon"] = 1 // the settings, kept decoded
				if got := calls.took(); !maps.Equal(got, want) {
					t.Errorf("%s read %v, want %v", what, got, want)
				}
			}
			page("the first page", tc.first)
			page("the next page", tc.next)
			if tc.cancel < 0 {
				return
			}
			if _, err := s.db.Cancel(context.Background(), "studio-nine", fmt.Sprint("b", tc.cancel)); err != nil {
				t.Fatal(err)
			}
			delete(taken, every[tc.cancel].Start.Unix())
			// The days' counts show the freed slot's day not full: the page goes on from that day,
			// as the first page did from its counts, and the next page from there.
			page("the page after a passed day's booking is cancelled", reads{"WindowPassing": 1, "Calendar": 2})
			page("the page after that", reads{"WindowPassing": 1, "Calendar": 1})
		})
	}
}

func (c *counting) WindowPassing(ctx context.Context, id string, from, to, passFrom, passTo time.Time) (salon.Calendar, []salon.DayFill, error) {
	c.count("WindowPassing")
	cal, fills, err := c.db.WindowPassing(ctx, id, from, to, passFrom, passTo)
	cal.Tag = c.tag(cal.Tag)
	return cal, fills, err
}

func (c *counting) DayFills(ctx context.Context, id string, from, to time.Time) ([]salon.DayFill, error) {
	c.count("DayFills")
	return c.db.DayFills(ctx, id, from, to)
}

// TestAPackedPageListsWhatTheBookingsLeaveOpenThroughEveryChange books a salon's first twelve days
// full and then, step by step, cancels a booking or books an open slot at random while the clock
// moves on, on SQLite and PostgreSQL: after every step the page lists exactly what the live
// bookings, read one by one, leave open, whatever the last page passed over.
func TestAPackedPageListsWhatTheBookingsLeaveOpenThroughEveryChange(t *testing.T) {
	set, newYork := eveningsInNewYork(t)
	for _, db := range databases {
		t.Run(db.name, func(t *testing.T) {
			s := openSalonAt(t, db.url(t))
			clock := friday
			s.desk.Now = func() time.Time { return clock }
			if err := s.db.PutSalon(context.Background(), "studio-nine", set); err != nil {
				t.Fatal(err)
			}
			live := map[int64]string{} // start → booking id
			n := 0
			book := func(slot salon.Slot) {
				t.Helper()
				n++
				id := fmt.Sprint("b", n)
				h := &salon.Hold{ID: id, Salon: "studio-nine", Slot: slot.ID, Start: slot.Start, Customer: salon.Customer{Name: "x", Contact: "x"}}
				if out, err := s.db.Spend(context.Background(), requeststate.SpendID{byte(n), byte(n >> 8), 3}, clock.Add(time.Minute), h, clock); err != nil || out.Booking == nil {
					t.Fatalf("booking %s: %+v, %v", slot.ID, out, err)
				}
				live[slot.Start.Unix()] = id
			}
			end := friday.Add(12 * 24 * time.Hour)
			for _, slot := range salon.Slots(set, newYork, friday) {
				if slot.Start.Before(end) {
					book(slot)
				}
			}
			random := rand.New(rand.NewPCG(7, 41))
			for step := range 60 {
				open := salon.Open(set, newYork, clock, func(start time.Time) bool { return live[start.Unix()] != "" }, booking.MaxOpenSlots)
				got := s.open(t, "studio-nine")
				if len(got) != len(open) {
					t.Fatalf("step %d: the page lists %d slots, want %d", step, len(got), len(open))
				}
				for i := range open {
					if got[i] != open[i].ID {
						t.Fatalf("step %d: the page's slot %d is %s, want %s", step, i, got[i], open[i].ID)
					}
				}
				switch random.IntN(3) {
				case 0: // a booking of the packed days cancelled
					starts := slices.Sorted(maps.Keys(live))
					start := starts[random.IntN(len(starts))]
					if time.Unix(start, 0).After(clock) {
						if _, err := s.db.Cancel(context.Background(), "studio-nine", live[start]); err != nil {
							t.Fatal(err)
						}
						delete(live, start)
					}
				case 1: // an open slot booked
					book(open[random.IntN(len(open))])
				default: // time passes
					clock = clock.Add(time.Duration(1+random.IntN(10)) * time.Hour)
				}
			}
		})
	}
}

// eveningsInNewYork is a salon open 16:00 to 23:00 in New York, Monday to Saturday, with half-hour
// slots: its evenings run over midnight in UTC. It comes with its zone.
func eveningsInNewYork(t *testing.T) (salon.Settings, *time.Location) {
	t.Helper()
	evenings := salon.Hours{}
	for d := time.Monday; d <= time.Saturday; d++ {
		evenings[d] = []salon.Interval{{Start: 16 * 60, End: 23 * 60}}
	}
	set := salon.Settings{Name: "Studio Nine", TimeZone: "America/New_York", Phone: "+1 212 555 0100",
		Hours: evenings, SlotMinutes: 30, HorizonDays: 30}
	newYork, err := time.LoadLocation(set.TimeZone)
	if err != nil {
		t.Fatal(err)
	}
	return set, newYork
}

// databases are the two a calendar runs on, each with a fresh database's URL for a test.
var databases = []struct {
	name string
	url  func(t *testing.T) string
}{
	{"sqlite", func(t *testing.T) string { return storetest.SQLite(t) }},
	{"postgres", func(t *testing.T) string { return storetest.Postgres(t, testpg.Shared(t)) }},
}
