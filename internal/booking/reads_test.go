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

func (c *counting) Calendar(ctx context.Context, id string, from, to time.Time) (salon.Calendar, error) {
	c.count("Calendar")
	return c.db.Calendar(ctx, id, from, to)
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
