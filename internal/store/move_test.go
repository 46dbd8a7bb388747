// This file holds the tests of the owner's move: one transaction, the id kept, the old time freed, and races with bookings.

package store_test

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// teamSalon is a menu salon's settings as the store keeps them: a cut, a colour with processing
// after it, and two stylists. The store doesn't judge them; the desk does.
var teamSalon = salon.Settings{
	Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
	Hours:       salon.Hours{time.Tuesday: {{Start: 9 * 60, End: 17*60 + 30}}},
	HorizonDays: 14, GridMinutes: 15, MinNoticeMinutes: 60, ChangeCutoffHours: 24, Currency: "GBP",
	Services: []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}, {ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30}},
	Stylists: []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut", "colour"}}, {ID: "ben", Name: "Ben", Services: []string{"cut"}}},
	Closures: []salon.Closure{},
}

// withTeam opens a fresh store with the menu salon studio-nine registered.
func (b backend) withTeam(t *testing.T) (*store.Store, string) {
	t.Helper()
	s, url := b.open(t)
	if err := s.PutSalon(t.Context(), "studio-nine", teamSalon); err != nil {
		t.Fatalf("PutSalon: %v", err)
	}
	return s, url
}

// teamHold is a hold of service for stylist at start.
func teamHold(id, service, stylist string, start time.Time) *salon.Hold {
	h := hold(id, "studio-nine", start)
	v, _ := teamSalon.Service(service)
	h.Service, h.Minutes, h.AfterMinutes, h.Stylists = v.ID, v.Minutes, v.AfterMinutes, []string{stylist}
	return h
}

// bookTeam books service with stylist at start as booking id, or fails the test.
func bookTeam(t *testing.T, s *store.Store, id, service, stylist string, start time.Time) salon.Booking {
	t.Helper()
	out, err := s.Spend(t.Context(), stateID(t.Name(), id), goodUntil, teamHold(id, service, stylist, start), now)
	if err != nil || out.Booking == nil {
		t.Fatalf("booking %s: got %+v, %v, want a booking", id, out, err)
	}
	return *out.Booking
}

// moveTo moves the booking id at studio-nine to start, kept by stylist.
func moveTo(t *testing.T, s *store.Store, salonID, id string, start time.Time, stylist string) (salon.Booking, salon.Taken, error) {
	return s.Move(t.Context(), salonID, id, func(salon.Booking) (salon.Move, error) {
		return salon.Move{Slot: slotAt(start), Stylist: stylist}, nil
	})
}

// spansOf is the live spans of studio-nine that can touch the day of now, as "stylist start".
func spansOf(t *testing.T, s *store.Store) []string {
	t.Helper()
	spans, err := s.Spans(t.Context(), "studio-nine", now, now.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, sp := range spans {
		out = append(out, sp.Stylist+" "+sp.Start.UTC().Format("15:04"))
	}
	return out
}

// cellsOf is how many cells the booking id holds.
func cellsOf(t *testing.T, url, id string) int {
	t.Helper()
	return count(t, raw(t, url), `SELECT count(*) FROM booking_cells WHERE booking = $1`, []byte(id))
}

// bookingOf is studio-nine's booking id as the owner's list shows it.
func bookingOf(t *testing.T, s *store.Store, id string) salon.Booking {
	t.Helper()
	list, err := s.Bookings(t.Context(), "studio-nine", at(-24), at(24*14))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range list {
		if b.ID == id {
			return b
		}
	}
	t.Fatalf("no booking %s among %v", id, list)
	return salon.Booking{}
}

func TestMove(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("a menu booking moves with its id, and its old time books again", func(t *testing.T) {
			s, url := b.withTeam(t)
			before := bookTeam(t, s, "cut", "cut", "ana", at(2))
			got, taken, err := moveTo(t, s, "studio-nine", "cut", at(4), "ana")
			if err != nil || taken != 0 {
				t.Fatalf("Move: got %v, %v, want moved", taken, err)
			}
			want := before
			want.Start, want.Slot, want.Sequence = at(4).UTC(), slotAt(at(4)).ID, 1 // a move raises the sequence
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
			if spans := spansOf(t, s); !reflect.DeepEqual(spans, []string{"ana 12:00"}) {
				t.Errorf("got spans %q, want only ana 12:00", spans)
			}
			if n := cellsOf(t, url, "cut"); n != 9 {
				t.Errorf("got %d cells held, want 9 (45 minutes)", n)
			}
			bookTeam(t, s, "again", "cut", "ana", at(2))
		})

		t.Run("a move onto part of its own span keeps the part and frees the rest", func(t *testing.T) {
			s, url := b.withTeam(t)
			bookTeam(t, s, "colour", "colour", "ana", at(2))
			if _, taken, err := moveTo(t, s, "studio-nine", "colour", at(2.5), "ana"); err != nil || taken != 0 {
				t.Fatalf("Move: got %v, %v, want moved", taken, err)
			}
			if n := cellsOf(t, url, "colour"); n != 24 {
				t.Errorf("got %d cells held, want 24 (two hours)", n)
			}
			bookTeam(t, s, "early", "cut", "ana", at(1.75)) // 09:45 to 10:30: the freed half hour and before
		})

		t.Run("a move to another stylist frees the first stylist", func(t *testing.T) {
			s, _ := b.withTeam(t)
			bookTeam(t, s, "cut", "cut", "ana", at(2))
			got, taken, err := moveTo(t, s, "studio-nine", "cut", at(2), "ben")
			if err != nil || taken != 0 || got.Stylist != "ben" {
				t.Fatalf("Move: got %+v, %v, %v, want moved to ben", got, taken, err)
			}
			bookTeam(t, s, "ana-again", "cut", "ana", at(2))
		})

		t.Run("a span another booking of the stylist holds leaves everything as it was", func(t *testing.T) {
			s, url := b.withTeam(t)
			bookTeam(t, s, "colour", "colour", "ana", at(2)) // ana 10:00 to 12:00
			cut := bookTeam(t, s, "cut", "cut", "ana", at(4))
			for _, to := range []time.Time{at(3.5), at(2), at(1.5)} { // overlapping, the same start, ending into it
				if _, taken, err := moveTo(t, s, "studio-nine", "cut", to, "ana"); err != nil || taken != salon.TakenBooked {
					t.Errorf("moving to %s: got %v, %v, want TakenBooked", to.Format("15:04"), taken, err)
				}
			}
			if got := bookingOf(t, s, "cut"); !reflect.DeepEqual(got, cut) {
				t.Errorf("the booking after: got %+v, want it as it was, %+v", got, cut)
			}
			if n := cellsOf(t, url, "cut"); n != 9 {
				t.Errorf("got %d cells held, want the 9 it held", n)
			}
			if _, taken, err := moveTo(t, s, "studio-nine", "cut", at(2), "ben"); err != nil || taken != 0 {
				t.Errorf("the same time with ben: got %v, %v, want moved", taken, err)
			}
		})

		t.Run("a simple salon's booking moves to a free slot, not to a booked or closed one", func(t *testing.T) {
			s, _ := b.withSalon(t)
			first := book(t, s, "first", at(2))
			book(t, s, "second", at(3))
			if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(4))); err != nil {
				t.Fatal(err)
			}
			for to, want := range map[float64]salon.Taken{3: salon.TakenBooked, 4: salon.TakenClosed} {
				if _, taken, err := moveTo(t, s, "studio-nine", "first", at(to), ""); err != nil || taken != want {
					t.Errorf("moving to at(%v): got %v, %v, want %v", to, taken, err, want)
				}
			}
			got, taken, err := moveTo(t, s, "studio-nine", "first", at(5), "")
			if err != nil || taken != 0 || got.ID != first.ID || !got.Start.Equal(at(5)) {
				t.Fatalf("moving to a free slot: got %+v, %v, %v", got, taken, err)
			}
			book(t, s, "again", at(2))
		})

		t.Run("decide sees the booking as the database holds it, and its refusal changes nothing", func(t *testing.T) {
			s, url := b.withTeam(t)
			cut := bookTeam(t, s, "cut", "cut", "ana", at(2))
			refused := salon.NoSlot("somewhen")
			var seen salon.Booking
			_, _, err := s.Move(t.Context(), "studio-nine", "cut", func(b salon.Booking) (salon.Move, error) {
				seen = b
				return salon.Move{}, refused
			})
			if !errors.Is(err, refused) {
				t.Errorf("got %v, want decide's refusal", err)
			}
			if !reflect.DeepEqual(seen, cut) {
				t.Errorf("decide saw %+v, want %+v", seen, cut)
			}
			if got := bookingOf(t, s, "cut"); !reflect.DeepEqual(got, cut) || cellsOf(t, url, "cut") != 9 {
				t.Errorf("after the refusal: got %+v, want it as it was", got)
			}
		})

		t.Run("a cancelled booking, an unknown booking and an unknown salon are refused", func(t *testing.T) {
			s, _ := b.withTeam(t)
			bookTeam(t, s, "cut", "cut", "ana", at(2))
			if _, err := s.Cancel(t.Context(), "studio-nine", "cut"); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				salon, booking string
				want           error
			}{
				{"studio-nine", "cut", salon.NotLive("cut")},
				{"studio-nine", "nobody", salon.NoBooking("nobody")},
				{"elsewhere", "cut", salon.NoSalon("elsewhere")},
			} {
				if _, _, err := moveTo(t, s, tc.salon, tc.booking, at(4), "ana"); !errors.Is(err, tc.want) {
					t.Errorf("moving %s at %s: got %v, want %v", tc.booking, tc.salon, err, tc.want)
				}
			}
			if spans := spansOf(t, s); len(spans) != 0 {
				t.Errorf("got spans %q, want none", spans)
			}
		})
	})
}

// TestAMoveRacingABookingForItsSpanEndsWithOne races, round after round, the move of a booking onto
// a span and a customer's booking of an overlapping span of the same stylist, each through a store
// of its own on one database: exactly one of them wins each round, and no two live spans of the
// stylist overlap at the end.
func TestAMoveRacingABookingForItsSpanEndsWithOne(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		mover, url := b.withTeam(t)
		booker := openURL(t, url)
		const rounds = 20
		for i := range rounds {
			// Each round has three hours of its own: the booking at :30, moved onto the hour after,
			// and a customer booking a quarter past that hour, which overlaps the move's new span
			// and not the booking's old one.
			base := at(float64(1 + 3*i))
			id := fmt.Sprint("moved-", i)
			bookTeam(t, mover, id, "cut", "ana", base.Add(30*time.Minute))
			target := base.Add(time.Hour)
			var moved salon.Taken
			var out salon.SpendOutcome
			var moveErr, spendErr error
			var wg sync.WaitGroup
			start := make(chan struct{})
			wg.Go(func() {
				<-start
				_, moved, moveErr = moveTo(t, mover, "studio-nine", id, target, "ana")
			})
			wg.Go(func() {
				<-start
				out, spendErr = booker.Spend(t.Context(), stateID(t.Name(), "racer", i), goodUntil,
					teamHold(fmt.Sprint("racer-", i), "cut", "ana", target.Add(15*time.Minute)), now)
			})
			close(start)
			wg.Wait()
			if moveErr != nil || spendErr != nil {
				t.Fatalf("round %d: move %v, spend %v, want no failure", i, moveErr, spendErr)
			}
			if wins := btoi(moved == 0) + btoi(out.Booking != nil); wins != 1 {
				t.Fatalf("round %d: got the move %v and the booking %+v, want exactly one to win", i, moved, out)
			}
		}
		noOverlaps(t, mover)
		if n := count(t, raw(t, url), `SELECT count(*) FROM booking_cells c JOIN bookings b ON b.id = c.booking WHERE b.status <> 'booked'`); n != 0 {
			t.Errorf("got %d cells held by bookings that aren't live, want 0", n)
		}
	})
}

// noOverlaps fails when two live spans of one stylist at studio-nine overlap.
func noOverlaps(t *testing.T, s *store.Store) {
	t.Helper()
	spans, err := s.Spans(t.Context(), "studio-nine", at(-24), at(24*14))
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range spans {
		for _, b := range spans[i+1:] {
			aEnd := a.Start.Add(time.Duration(a.Minutes+a.AfterMinutes) * time.Minute)
			bEnd := b.Start.Add(time.Duration(b.Minutes+b.AfterMinutes) * time.Minute)
			if a.Stylist == b.Stylist && a.Start.Before(bEnd) && b.Start.Before(aEnd) {
				t.Errorf("got %+v and %+v overlapping, want no two live spans of one stylist to", a, b)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
