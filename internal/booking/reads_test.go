// This file holds the count of the calendar's calls in each round: a round reads its salon once.

package booking_test

import (
	"context"
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
