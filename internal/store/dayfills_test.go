// This file holds the tests of the days' counts: the store vouches for a day only when each of its
// live bookings was booked after the owner last changed what the slots depend on.

package store_test

import (
	"maps"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

func TestADayIsVouchedForOnlyWhenBookedAfterTheSlotsLastChanged(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		clock := now
		s.SetClock(func() time.Time { return clock })
		bookAt := func(id string, start, bookedAt time.Time) {
			t.Helper()
			out, err := s.Spend(t.Context(), stateID(t.Name(), id), bookedAt.Add(time.Minute), hold(id, "studio-nine", start), bookedAt)
			if err != nil || out.Booking == nil {
				t.Fatalf("booking %s: got %+v, %v", id, out, err)
			}
		}
		// vouched is each day the store vouches for, with its count.
		vouched := func() map[string]int {
			t.Helper()
			fills, err := s.DayFills(t.Context(), "studio-nine", now, now.Add(14*24*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]int{}
			for _, f := range fills {
				out[f.Day.Format(time.DateOnly)] = f.Booked
			}
			return out
		}
		want := func(what string, w map[string]int) {
			t.Helper()
			if got := vouched(); !maps.Equal(got, w) {
				t.Errorf("%s: got %v, want %v", what, got, w)
			}
		}

		bookAt("first", at(2), now)
		want("a salon never changed", map[string]int{"2026-12-01": 1})

		clock = now.Add(time.Hour)
		renamed := studioNine
		renamed.Name, renamed.Phone = "Studio Ten", "+44 20 7946 0001"
		if err := s.PutSalon(t.Context(), "studio-nine", renamed); err != nil {
			t.Fatal(err)
		}
		want("a new name and phone", map[string]int{"2026-12-01": 1})

		changed := renamed
		changed.SlotMinutes = 30
		clock = now.Add(2 * time.Hour)
		if err := s.PutSalon(t.Context(), "studio-nine", changed); err != nil {
			t.Fatal(err)
		}
		want("new slots", map[string]int{})

		settled := clock.Add(store.GridSettle)
		bookAt("settling", at(26), settled.Add(-time.Second))
		bookAt("settled", at(50), settled.Add(time.Second))
		bookAt("beside-an-old-one", at(3), settled.Add(time.Second))
		want("bookings while the change settles and after", map[string]int{"2026-12-03": 1})

		if _, err := s.Cancel(t.Context(), "studio-nine", "settling"); err != nil {
			t.Fatal(err)
		}
		bookAt("again", at(27), settled.Add(time.Minute))
		want("the day's old booking cancelled and a new one made", map[string]int{"2026-12-02": 1, "2026-12-03": 1})

		for _, change := range []func(*salon.Settings){
			func(s *salon.Settings) { s.TimeZone = "Europe/Paris" },
			func(s *salon.Settings) { s.Hours = salon.Hours{time.Wednesday: {{Start: 9 * 60, End: 17 * 60}}} },
			func(s *salon.Settings) { s.HorizonDays = 7 },
		} {
			next := changed
			change(&next)
			clock = clock.Add(time.Hour)
			if err := s.PutSalon(t.Context(), "studio-nine", next); err != nil {
				t.Fatal(err)
			}
			want("another change", map[string]int{})
			if err := s.PutSalon(t.Context(), "studio-nine", changed); err != nil {
				t.Fatal(err)
			}
		}
	})
}
