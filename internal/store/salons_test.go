// This file holds the tests of registering salons and reading their settings and calendars.

package store_test

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

func TestSettingsReadBackAsPut(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		hostile := salon.Settings{
			Name:     "Robert'); DROP TABLE salons; --",
			TimeZone: "Pacific/Chatham",
			Phone:    "\x00\xff\xfe not text at all",
			Prices: []salon.Price{
				{Service: "zz last in the alphabet, first in the list", Price: "$1"},
				{Service: "", Price: ""},
				{Service: "a NUL \x00 and a bad byte \xc3", Price: "¥ 5 000 💇"},
			},
			Hours:       salon.Hours{time.Sunday: {{Start: 0, End: 1439}}, time.Monday: {}},
			SlotMinutes: 5,
			HorizonDays: 90,
		}
		for _, tc := range []struct {
			name string
			set  salon.Settings
		}{
			{"every field set", studioNine},
			{"no prices and no hours", salon.Settings{Name: "Bare", TimeZone: "UTC", Phone: "1", SlotMinutes: 45, HorizonDays: 14}},
			{"empty prices and empty hours", salon.Settings{Name: "Empty", TimeZone: "UTC", Phone: "1", Prices: []salon.Price{}, Hours: salon.Hours{}, SlotMinutes: 45, HorizonDays: 14}},
			{"hostile strings, kept byte for byte", hostile},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s, _ := b.open(t)
				if err := s.PutSalon(t.Context(), "studio-nine", tc.set); err != nil {
					t.Fatalf("PutSalon: %v", err)
				}
				got, err := s.Salon(t.Context(), "studio-nine")
				if err != nil {
					t.Fatalf("Salon: %v", err)
				}
				if !reflect.DeepEqual(got, tc.set) {
					t.Errorf("got %#v, want %#v", got, tc.set)
				}
				cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
				if err != nil {
					t.Fatalf("Calendar: %v", err)
				}
				if !reflect.DeepEqual(cal.Settings, tc.set) {
					t.Errorf("Calendar's settings: got %#v, want %#v", cal.Settings, tc.set)
				}
			})
		}
	})
}

func TestSalons(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("an unknown salon is ErrNoSalon", func(t *testing.T) {
			s, _ := b.withSalon(t)
			for _, id := range []string{"elsewhere", "", "studio-nine\x00", "\xff", "studio-nine' OR '1'='1"} {
				if _, err := s.Salon(t.Context(), id); refusal.KindOf(err) != refusal.NotFound {
					t.Errorf("Salon(%q): got %v, want ErrNoSalon", id, err)
				}
				if _, err := s.Window(t.Context(), id, now, (now).AddDate(1, 0, 0)); refusal.KindOf(err) != refusal.NotFound {
					t.Errorf("Calendar(%q): got %v, want ErrNoSalon", id, err)
				}
			}
		})

		t.Run("salons are listed by id, byte by byte", func(t *testing.T) {
			s, _ := b.open(t)
			ids := []string{"zeta", "Alpha", "alpha", "123", "1e3", "", "\x00", "\xff", "élan", "a'b"}
			for _, id := range ids {
				set := studioNine
				set.Name = "salon " + id
				if err := s.PutSalon(t.Context(), id, set); err != nil {
					t.Fatalf("PutSalon(%q): %v", id, err)
				}
			}
			got, err := s.Salons(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			sorted := slices.Clone(ids)
			slices.Sort(sorted)
			var want []salon.Summary
			for _, id := range sorted {
				want = append(want, salon.Summary{ID: id, Name: "salon " + id})
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %q, want %q", got, want)
			}
		})

		t.Run("no salons is an empty list", func(t *testing.T) {
			s, _ := b.open(t)
			got, err := s.Salons(t.Context())
			if err != nil || len(got) != 0 {
				t.Errorf("got %v, %v, want no salons and no error", got, err)
			}
		})

		t.Run("putting again replaces the settings and keeps bookings and closed slots", func(t *testing.T) {
			s, _ := b.withSalon(t)
			if _, err := s.Spend(t.Context(), stateID(t.Name()), goodUntil, hold("b1", "studio-nine", at(2)), now); err != nil {
				t.Fatal(err)
			}
			if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(3))); err != nil {
				t.Fatal(err)
			}
			changed := studioNine
			changed.Name, changed.Prices, changed.SlotMinutes = "Studio Ten", nil, 30
			if err := s.PutSalon(t.Context(), "studio-nine", changed); err != nil {
				t.Fatal(err)
			}
			wantBookedAndClosed(t, s, changed)
		})
	})
}

func TestCalendar(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("holds live bookings and closed slots from the time asked, of this salon only", func(t *testing.T) {
			s, _ := b.withSalon(t)
			ctx := t.Context()
			if err := s.PutSalon(ctx, "elsewhere", studioNine); err != nil {
				t.Fatal(err)
			}
			book := func(name string, h *salon.Hold) {
				t.Helper()
				out, err := s.Spend(ctx, stateID(t.Name(), name), goodUntil, h, now)
				if err != nil || out.Booking == nil {
					t.Fatalf("booking %s: got %+v, %v, want a booking", name, out, err)
				}
			}
			book("before", hold("before", "studio-nine", at(1)))
			book("live", hold("live", "studio-nine", at(3)))
			book("cancelled", hold("cancelled", "studio-nine", at(4)))
			if _, err := s.Cancel(ctx, "studio-nine", "cancelled"); err != nil {
				t.Fatal(err)
			}
			book("elsewhere", hold("elsewhere", "elsewhere", at(5)))
			for _, h := range []float64{1.5, 6} {
				if err := s.CloseSlot(ctx, "studio-nine", slotAt(at(h))); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.CloseSlot(ctx, "elsewhere", slotAt(at(7))); err != nil {
				t.Fatal(err)
			}

			cal, err := s.Window(ctx, "studio-nine", at(2), (at(2)).AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			want := map[int64]salon.Taken{at(3).Unix(): salon.TakenBooked, at(6).Unix(): salon.TakenClosed}
			if !reflect.DeepEqual(cal.Taken, want) {
				t.Errorf("got %v, want %v", cal.Taken, want)
			}

			cal, err = s.Window(ctx, "studio-nine", at(1), (at(1)).AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			want = map[int64]salon.Taken{
				at(1).Unix(): salon.TakenBooked, at(1.5).Unix(): salon.TakenClosed,
				at(3).Unix(): salon.TakenBooked, at(6).Unix(): salon.TakenClosed,
			}
			if !reflect.DeepEqual(cal.Taken, want) {
				t.Errorf("from the first booking: got %v, want %v", cal.Taken, want)
			}
		})

		t.Run("a salon with nothing taken has an empty map", func(t *testing.T) {
			s, _ := b.withSalon(t)
			cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			if cal.Taken == nil || len(cal.Taken) != 0 {
				t.Errorf("got %#v, want an empty, non-nil map", cal.Taken)
			}
		})
	})
}
