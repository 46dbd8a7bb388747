// This file holds the count of the calendar's calls in each round: a round reads its salon once.

package booking_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

// calendar names the desk's calendar for embedding beside a Calendar method.
type calendar = booking.Calendar

// counting is a calendar that counts each method's calls before passing them on.
type counting struct {
	calendar
	db    booking.Calendar
	mu    sync.Mutex
	calls map[string]int
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
	return c.db.Window(ctx, id, from, to)
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
func TestAPackedSalonsPagePassesOverItsFullDaysAndNoMore(t *testing.T) {
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
	every := salon.Slots(set, newYork, friday)
	dayOf := func(slot salon.Slot) string { return slot.Start.UTC().Format(time.DateOnly) }
	for _, tc := range []struct {
		name string
		// days is how many UTC days are booked full, from the first; 0 is all of them.
		days int
		// leave is the slot of the full days left open, -1 for none.
		leave int
		// moved puts the hours half an hour later once the days are booked.
		moved bool
		// calendarReads is how many windows the page reads.
		calendarReads int
	}{
		{"the first ten days full", 10, -1, false, 2},
		{"one slot left on the sixth", 10, 5*14 + 3, false, 2},
		{"the hours moved after the booking", 10, -1, true, 2},
		{"every day full", 0, -1, false, 1},
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
				if !fullDays[dayOf(slot)] || i == tc.leave {
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
			want := salon.Open(now, newYork, friday, func(start time.Time) bool { return taken[start.Unix()] }, booking.MaxOpenSlots)
			got := s.open(t, "studio-nine")
			if len(got) != len(want) {
				t.Fatalf("the page lists %d slots %v, want %d: %v", len(got), got, len(want), want)
			}
			for i := range want {
				if got[i] != want[i].ID {
					t.Fatalf("the page's slot %d is %s, want %s", i, got[i], want[i].ID)
				}
			}
			if reads := calls.took(); reads["Calendar"] != tc.calendarReads || reads["DayFills"] != 1 {
				t.Errorf("the page read %v, want the calendar %d times and the days' counts once", reads, tc.calendarReads)
			}
		})
	}
}

func (c *counting) DayFills(ctx context.Context, id string, from, to time.Time) ([]salon.DayFill, error) {
	c.count("DayFills")
	return c.db.DayFills(ctx, id, from, to)
}
