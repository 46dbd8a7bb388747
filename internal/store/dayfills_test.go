// This file holds the tests of the days' counts: the store vouches for a day only when each of its
// live bookings was booked after the owner last changed what the slots depend on.

package store_test

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
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

// TestAWindowPassingOverDaysReadsAroundThemAndCountsThem reads a window of five days passing over
// its second and third, at one moment: what is taken is the whole window's but those two days',
// bookings and closed slots alike, and the two days come with their counts.
func TestAWindowPassingOverDaysReadsAroundThemAndCountsThem(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		for i, hours := range []float64{2, 3, 20, 26, 27, 50, 74, 98} {
			book(t, s, fmt.Sprint("b", i), at(hours))
		}
		for _, hours := range []float64{4, 28, 75} {
			if err := s.CloseSlot(t.Context(), "studio-nine", salon.Slot{ID: at(hours).Format(time.RFC3339), Start: at(hours)}); err != nil {
				t.Fatal(err)
			}
		}
		day := func(n int) time.Time { return now.Truncate(24 * time.Hour).Add(time.Duration(n) * 24 * time.Hour) }
		from, to := at(1), day(5)
		whole, err := s.Window(t.Context(), "studio-nine", from, to)
		if err != nil {
			t.Fatal(err)
		}
		got, fills, err := s.WindowPassing(t.Context(), "studio-nine", from, to, day(1), day(3))
		if err != nil {
			t.Fatal(err)
		}
		want := maps.Clone(whole.Taken)
		maps.DeleteFunc(want, func(start int64, _ salon.Taken) bool { return start >= day(1).Unix() && start < day(3).Unix() })
		if !maps.Equal(got.Taken, want) || len(want) != 6 {
			t.Errorf("got taken %v, want %v: the window's but the passed days'", got.Taken, want)
		}
		if !reflect.DeepEqual(got.Settings, whole.Settings) || !got.Through.Equal(whole.Through) {
			t.Errorf("got settings %+v through %v, want %+v through %v", got.Settings, got.Through, whole.Settings, whole.Through)
		}
		wantFills := []salon.DayFill{{Day: day(1), Booked: 3}, {Day: day(2), Booked: 1}}
		if !reflect.DeepEqual(fills, wantFills) {
			t.Errorf("got the passed days' counts %v, want %v", fills, wantFills)
		}

		// Passing from inside a day: that day counts its live bookings from there on.
		got, fills, err = s.WindowPassing(t.Context(), "studio-nine", from, to, at(26.5), day(3))
		if err != nil {
			t.Fatal(err)
		}
		want = maps.Clone(whole.Taken)
		maps.DeleteFunc(want, func(start int64, _ salon.Taken) bool { return start >= at(26.5).Unix() && start < day(3).Unix() })
		if !maps.Equal(got.Taken, want) || len(want) != 8 {
			t.Errorf("passing from inside a day: got taken %v, want %v", got.Taken, want)
		}
		if want := []salon.DayFill{{Day: day(1), Booked: 1}, {Day: day(2), Booked: 1}}; !reflect.DeepEqual(fills, want) {
			t.Errorf("passing from inside a day: got the counts %v, want %v", fills, want)
		}

		// New slots: no day is vouched for, whatever its count.
		changed := studioNine
		changed.SlotMinutes = 30
		if err := s.PutSalon(t.Context(), "studio-nine", changed); err != nil {
			t.Fatal(err)
		}
		if _, fills, err = s.WindowPassing(t.Context(), "studio-nine", from, to, day(1), day(3)); err != nil || len(fills) != 0 {
			t.Errorf("with new slots: got the passed days' counts %v, %v, want none", fills, err)
		}

		if _, _, err := s.WindowPassing(t.Context(), "no-such-salon", from, to, day(1), day(3)); !errors.Is(err, salon.NoSalon("no-such-salon")) {
			t.Errorf("an unknown salon: got %v, want salon.NoSalon", err)
		}
	})
}
