// This file holds the tests of the owner's calls: bookings, cancelling, closing and opening, sweeping.

package store_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

// book books the slot starting at start as booking id, or fails the test.
func book(t *testing.T, s *store.Store, id string, start time.Time) salon.Booking {
	t.Helper()
	out, err := s.Spend(t.Context(), stateID(t.Name(), id), goodUntil, hold(id, "studio-nine", start), now)
	if err != nil || out.Booking == nil {
		t.Fatalf("booking %s: got %+v, %v, want a booking", id, out, err)
	}
	return *out.Booking
}

func TestBookings(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("lists from from up to before to, earliest first, live and cancelled", func(t *testing.T) {
			s, _ := b.withSalon(t)
			late := book(t, s, "late", at(5))
			early := book(t, s, "early", at(2))
			book(t, s, "before", at(1))
			book(t, s, "at-to", at(6))
			cancelled, err := s.Cancel(t.Context(), "studio-nine", book(t, s, "cancelled", at(3)).ID)
			if err != nil {
				t.Fatal(err)
			}
			// The cancelled slot, booked again a minute later: the same start lists by when booked.
			out, err := s.Spend(t.Context(), stateID(t.Name(), "again"), goodUntil, hold("again", "studio-nine", at(3)), now.Add(time.Minute))
			if err != nil || out.Booking == nil {
				t.Fatalf("booking again: got %+v, %v", out, err)
			}
			again := *out.Booking
			got, err := s.Bookings(t.Context(), "studio-nine", at(2), at(6))
			if err != nil {
				t.Fatal(err)
			}
			want := []salon.Booking{early, cancelled, again, late}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})

		t.Run("a salon with no bookings in the window lists none", func(t *testing.T) {
			s, _ := b.withSalon(t)
			book(t, s, "outside", at(30))
			got, err := s.Bookings(t.Context(), "studio-nine", now, at(24))
			if err != nil || len(got) != 0 {
				t.Errorf("got %v, %v, want none and no error", got, err)
			}
		})

		t.Run("an unknown salon is ErrNoSalon", func(t *testing.T) {
			s, _ := b.withSalon(t)
			if _, err := s.Bookings(t.Context(), "elsewhere", now, at(24)); refusal.KindOf(err) != refusal.NotFound {
				t.Errorf("got %v, want ErrNoSalon", err)
			}
		})
	})
}

func TestCancel(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("cancelling opens the slot again, and cancelling twice changes nothing", func(t *testing.T) {
			s, _ := b.withSalon(t)
			booking := book(t, s, "b1", at(2))
			want := booking
			want.Status, want.Sequence = salon.Cancelled, 1 // a cancel raises the sequence once, however often it is asked
			for range 2 {
				got, err := s.Cancel(t.Context(), "studio-nine", "b1")
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got %#v, want %#v", got, want)
				}
			}
			cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			if why, taken := cal.Taken[at(2).Unix()]; taken {
				t.Errorf("the cancelled slot: got taken %v, want open", why)
			}
			book(t, s, "b2", at(2))
		})

		for _, tc := range []struct {
			name, salon, booking string
			want                 error
		}{
			{"an unknown booking is NoBooking", "studio-nine", "nobody", salon.NoBooking("nobody")},
			{"another salon's booking is NoBooking", "elsewhere", "b1", salon.NoBooking("b1")},
			{"an unknown salon is NoSalon", "nowhere", "b1", salon.NoSalon("nowhere")},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s, _ := b.withSalon(t)
				if err := s.PutSalon(t.Context(), "elsewhere", studioNine); err != nil {
					t.Fatal(err)
				}
				booking := book(t, s, "b1", at(2))
				if _, err := s.Cancel(t.Context(), tc.salon, tc.booking); !errors.Is(err, tc.want) {
					t.Errorf("got %v, want %v", err, tc.want)
				}
				got, err := s.Bookings(t.Context(), "studio-nine", now, at(24))
				if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], booking) {
					t.Errorf("afterwards: got %v, %v, want [%v] unchanged", got, err, booking)
				}
			})
		}
	})
}

func TestCloseAndOpenSlots(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		taken := func(t *testing.T, s *store.Store, start time.Time) salon.Taken {
			t.Helper()
			cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			return cal.Taken[start.Unix()]
		}

		t.Run("closing twice is fine, and opening opens", func(t *testing.T) {
			s, _ := b.withSalon(t)
			for range 2 {
				if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(2))); err != nil {
					t.Fatal(err)
				}
			}
			if got := taken(t, s, at(2)); got != salon.TakenClosed {
				t.Errorf("closed: got %v, want closed", got)
			}
			for range 2 {
				if err := s.OpenSlot(t.Context(), "studio-nine", at(2)); err != nil {
					t.Fatal(err)
				}
			}
			if got := taken(t, s, at(2)); got != 0 {
				t.Errorf("opened: got %v, want open", got)
			}
			book(t, s, "b1", at(2))
		})

		t.Run("closing a booked slot is ErrSlotBooked and changes nothing", func(t *testing.T) {
			s, _ := b.withSalon(t)
			book(t, s, "b1", at(2))
			if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(2))); refusal.KindOf(err) != refusal.Conflict {
				t.Errorf("got %v, want ErrSlotBooked", err)
			}
			if _, err := s.Cancel(t.Context(), "studio-nine", "b1"); err != nil {
				t.Fatal(err)
			}
			if got := taken(t, s, at(2)); got != 0 {
				t.Errorf("after the cancel: got %v, want open, the refused close undone", got)
			}
			if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(2))); err != nil {
				t.Errorf("closing after the cancel: got %v, want it closed", err)
			}
		})

		t.Run("an unknown salon is ErrNoSalon", func(t *testing.T) {
			s, _ := b.withSalon(t)
			if err := s.CloseSlot(t.Context(), "elsewhere", slotAt(at(2))); refusal.KindOf(err) != refusal.NotFound {
				t.Errorf("CloseSlot: got %v, want ErrNoSalon", err)
			}
			if err := s.OpenSlot(t.Context(), "elsewhere", at(2)); refusal.KindOf(err) != refusal.NotFound {
				t.Errorf("OpenSlot: got %v, want ErrNoSalon", err)
			}
		})
	})
}

func TestSweep(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		// Spends whose states stopped being good 10 s and 4 s ago, and one still good.
		expired, recent, good := stateID(t.Name(), "expired"), stateID(t.Name(), "recent"), stateID(t.Name(), "good")
		for id, until := range map[requeststate.SpendID]time.Time{
			expired: now.Add(-10 * time.Second), recent: now.Add(-4 * time.Second), good: now.Add(time.Minute),
		} {
			if _, err := s.Spend(t.Context(), id, until, nil, now); err != nil {
				t.Fatal(err)
			}
		}
		booking := book(t, s, "kept", at(2))
		swept, err := s.Sweep(t.Context(), now)
		if err != nil {
			t.Fatal(err)
		}
		if swept != 1 {
			t.Errorf("got %d swept, want 1", swept)
		}
		if _, err := s.Spend(t.Context(), expired, goodUntil, nil, now); err != nil {
			t.Errorf("spending the swept state: got %v, want it spent anew", err)
		}
		for name, id := range map[string]requeststate.SpendID{"recent": recent, "good": good} {
			if _, err := s.Spend(t.Context(), id, goodUntil, nil, now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
				t.Errorf("the %s state: got %v, want ErrAlreadyUsed, still held", name, err)
			}
		}
		// The booking's own state is swept with the rest, and its booking stays.
		if swept, err := s.Sweep(t.Context(), goodUntil.Add(time.Hour)); err != nil || swept != 4 {
			t.Errorf("sweeping an hour later: got %d, %v, want 4 swept", swept, err)
		}
		got, err := s.Bookings(t.Context(), "studio-nine", now, at(24))
		if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], booking) {
			t.Errorf("bookings after the sweep: got %v, %v, want [%v]", got, err, booking)
		}
	})
}
