package booking_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

// TestAPageIsKeptOnlyWhileItsCalendarIsAsItWasRead reads a simple salon's page, then changes
// what the page is read from, straight through the store as another instance would, and moves the
// clock: on SQLite the same page is given again for one read of the calendar's tag while nothing
// changed, and read anew after each change, after its first slot begins, and when the clock goes
// back. On PostgreSQL, which keeps no tag, every page is read. Every page lists exactly what the
// bookings and closed slots leave open then.
func TestAPageIsKeptOnlyWhileItsCalendarIsAsItWasRead(t *testing.T) {
	for _, db := range databases {
		keeps := db.name == "sqlite" // PostgreSQL keeps no calendar tag
		t.Run(db.name, func(t *testing.T) {
			ctx := context.Background()
			s := openSalonAt(t, db.url(t))
			hours := salon.Hours{}
			for d := time.Sunday; d <= time.Saturday; d++ {
				hours[d] = []salon.Interval{{Start: 0, End: 23 * 60}}
			}
			s.put(t, "studio-nine", hours)
			s.put(t, "studio-ten", hours)
			set, err := s.db.Salon(ctx, "studio-nine")
			if err != nil {
				t.Fatal(err)
			}
			london, err := time.LoadLocation(set.TimeZone)
			if err != nil {
				t.Fatal(err)
			}
			clock := friday
			s.desk.Now = func() time.Time { return clock }
			calls := &counting{calendar: s.db, db: s.db, calls: map[string]int{}, tags: true}
			s.desk.Calendar = calls
			taken := map[int64]bool{}
			n := 0
			book := func(id string, slot salon.Slot) string {
				t.Helper()
				n++
				h := &salon.Hold{ID: fmt.Sprint("b", n), Salon: id, Slot: slot.ID, Start: slot.Start, Customer: salon.Customer{Name: "x", Contact: "x"}}
				if out, err := s.db.Spend(ctx, requeststate.SpendID{byte(n), 7}, clock.Add(time.Minute), h, clock); err != nil || out.Booking == nil {
					t.Fatalf("booking %s: %+v, %v", slot.ID, out, err)
				}
				return h.ID
			}
			// page reads the page and checks it against what is taken, and that it was kept, one
			// read of the tag, or read anew.
			var view booking.View
			page := func(what string, kept bool) {
				t.Helper()
				var err error
				if view, err = s.desk.Salon(ctx, "studio-nine"); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				want := salon.Open(set, london, clock, func(start time.Time) bool { return taken[start.Unix()] }, booking.MaxOpenSlots)
				if len(want) != booking.MaxOpenSlots {
					t.Fatalf("%s: the salon holds %d open slots, want a full page", what, len(want))
				}
				if !slices.EqualFunc(view.Open, want, func(a, b salon.Slot) bool { return a.ID == b.ID && a.Label == b.Label }) {
					t.Fatalf("%s lists %v, want %v", what, ids(view.Open), ids(want))
				}
				if view.Settings.Name != set.Name {
					t.Errorf("%s names the salon %q, want %q", what, view.Settings.Name, set.Name)
				}
				reads := calls.took()
				if got := maps.Equal(reads, map[string]int{"CalendarTag": 1}); got != (kept && keeps) {
					t.Errorf("%s read %v: kept %v, want %v", what, reads, got, kept && keeps)
				}
				if !keeps && reads["CalendarTag"] > 0 {
					t.Errorf("%s read the tag where the store keeps none: %v", what, reads)
				}
			}

			page("the first page", false)
			page("the same page again", true)
			page("and again", true)

			booked := view.Open[2]
			id := book("studio-nine", booked)
			taken[booked.Start.Unix()] = true
			page("the page after a booking", false)
			page("the page after that", true)

			book("studio-ten", view.Open[0])
			page("the page after a booking at another salon", true)

			closed := view.Open[0]
			if err := s.db.CloseSlot(ctx, "studio-nine", closed); err != nil {
				t.Fatal(err)
			}
			taken[closed.Start.Unix()] = true
			page("the page after a slot is closed", false)
			page("the page after that", true)
			if err := s.db.OpenSlot(ctx, "studio-nine", closed.Start); err != nil {
				t.Fatal(err)
			}
			delete(taken, closed.Start.Unix())
			page("the page after it is opened", false)

			if _, err := s.db.Cancel(ctx, "studio-nine", id); err != nil {
				t.Fatal(err)
			}
			taken[booked.Start.Unix()] = false
			page("the page after the booking is cancelled", false)
			page("the page after that", true)

			set.Name = "Studio Nine and a Half"
			if err := s.db.PutSalon(ctx, "studio-nine", set); err != nil {
				t.Fatal(err)
			}
			page("the page after the salon is renamed", false)
			page("the page after that", true)

			clock = view.Open[0].Start.Add(-time.Second)
			page("the page a second before its first slot", true)
			clock = view.Open[0].Start
			page("the page as its first slot begins", false)
			page("the page after that", true)
			clock = clock.Add(-2 * time.Hour)
			page("the page with the clock two hours back", false)
		})
	}
}

// ids are the slots' ids.
func ids(slots []salon.Slot) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.ID
	}
	return out
}
