// This file holds the tests of a menu salon's bookings in the store: the database keeps two spans
// of one stylist apart, however they are written.

package store_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// menuSalon is a salon with a menu and two stylists, registered in a fresh store.
func (b backend) menuSalon(t *testing.T) (*store.Store, string) {
	t.Helper()
	s, url := b.open(t)
	set := studioNine
	set.Prices, set.SlotMinutes = nil, 0
	set.Currency, set.GridMinutes, set.MinNoticeMinutes = "GBP", 15, 0
	set.Services = []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}, {ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30}}
	set.Stylists = []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut", "colour"}}, {ID: "ben", Name: "Ben", Services: []string{"cut"}}}
	if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
		t.Fatalf("PutSalon: %v", err)
	}
	return s, url
}

// menuHold is a hold of service (its minutes and processing) at start, for the stylists in order.
func menuHold(id string, start time.Time, service string, minutes, after int, stylists ...string) *salon.Hold {
	h := hold(id, "studio-nine", start)
	h.Service, h.Minutes, h.AfterMinutes, h.Stylists = service, minutes, after, stylists
	return h
}

func TestASpanOverlappingAStylistsBookingIsTaken(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.menuSalon(t)
		ten := at(2) // 10:00
		spend := func(id string, h *salon.Hold) salon.SpendOutcome {
			t.Helper()
			out, err := s.Spend(t.Context(), stateID(id), goodUntil, h, now)
			if err != nil {
				t.Fatalf("Spend %s: %v", id, err)
			}
			return out
		}
		if out := spend("colour", menuHold("b-colour", ten, "colour", 90, 30, "ana")); out.Booking == nil || out.Booking.Stylist != "ana" {
			t.Fatalf("the colour at 10:00: got %+v, want booked with Ana", out)
		}
		// The colour keeps Ana until 12:00: her cut at 11:30 is taken; anyone's goes to Ben.
		if out := spend("ana-cut", menuHold("b-ana", ten.Add(90*time.Minute), "cut", 45, 0, "ana")); out.Booking != nil || out.Taken != salon.TakenBooked {
			t.Errorf("Ana's cut at 11:30: got %+v, want taken", out)
		}
		if out := spend("any-cut", menuHold("b-any", ten.Add(90*time.Minute), "cut", 45, 0, "ana", "ben")); out.Booking == nil || out.Booking.Stylist != "ben" {
			t.Errorf("anyone's cut at 11:30: got %+v, want booked with Ben", out)
		}
		// At 12:00 Ana is free again: spans that only touch don't overlap.
		if out := spend("ana-noon", menuHold("b-noon", ten.Add(2*time.Hour), "cut", 45, 0, "ana")); out.Booking == nil {
			t.Errorf("Ana's cut at 12:00: got %+v, want booked", out)
		}
		// Cancelling the colour frees its span.
		if _, err := s.Cancel(t.Context(), "studio-nine", "b-colour"); err != nil {
			t.Fatal(err)
		}
		if out := spend("ana-again", menuHold("b-again", ten.Add(90*time.Minute), "cut", 30, 0, "ana")); out.Booking == nil {
			t.Errorf("Ana's cut at 11:30 once the colour is cancelled: got %+v, want booked", out)
		}
	})
}

// TestTheDatabaseRefusesAnOverlapWrittenStraightThroughIt writes a second span over a live one with
// SQL of its own, under the store: the cells' primary key refuses it.
func TestTheDatabaseRefusesAnOverlapWrittenStraightThroughIt(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.menuSalon(t)
		if out, err := s.Spend(t.Context(), stateID("first"), goodUntil, menuHold("b1", at(2), "colour", 90, 30, "ana"), now); err != nil || out.Booking == nil {
			t.Fatalf("the first booking: %+v, %v", out, err)
		}
		db := raw(t, url)
		start := at(3).Unix() // 11:00, inside the colour's span
		if _, err := db.ExecContext(t.Context(), `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, service, stylist, minutes, after_minutes)
			VALUES ($1, $2, $3, $4, $5, $5, $5, $4, 'booked', $1, 'cut', 'ana', 45, 0)`,
			[]byte("b2"), []byte("studio-nine"), []byte("x"), start, []byte("x")); err != nil {
			t.Fatalf("the row itself: %v", err)
		}
		_, err := db.ExecContext(t.Context(), `INSERT INTO booking_cells (salon, stylist, cell, booking) VALUES ($1, 'ana', $2, $3)`,
			[]byte("studio-nine"), start/300, []byte("b2"))
		if err == nil {
			t.Fatal("a cell of Ana's live colour taken again: got no error, want the primary key's refusal")
		}
		if n := count(t, db, `SELECT count(*) FROM booking_cells WHERE booking = $1`, []byte("b2")); n != 0 {
			t.Errorf("the overlapping booking holds %d cells, want 0", n)
		}
	})
}

// TestRacingOverlappingSpansBookOnlyWhatFitsTogether races a colour and cuts of one stylist whose
// spans overlap: what is booked never overlaps, and every span refused overlaps one booked.
func TestRacingOverlappingSpansBookOnlyWhatFitsTogether(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.menuSalon(t)
		type ask struct {
			start          time.Time
			minutes, after int
		}
		var asks []ask
		asks = append(asks, ask{at(2), 90, 30})
		for m := 0; m <= 75; m += 15 {
			for range 5 {
				asks = append(asks, ask{at(2).Add(time.Duration(m) * time.Minute), 45, 0})
			}
		}
		booked := make([]bool, len(asks))
		batchesBefore := s.Batches()
		var wg sync.WaitGroup
		for i, a := range asks {
			wg.Go(func() {
				service := "cut"
				if a.after > 0 {
					service = "colour"
				}
				out, err := s.Spend(t.Context(), stateID("race", i), goodUntil, menuHold(fmt.Sprint("r", i), a.start, service, a.minutes, a.after, "ana"), now)
				if err != nil {
					t.Errorf("spend %d: %v", i, err)
					return
				}
				booked[i] = out.Booking != nil
			})
		}
		wg.Wait()
		end := func(a ask) time.Time { return a.start.Add(time.Duration(a.minutes+a.after) * time.Minute) }
		overlap := func(a, b ask) bool { return a.start.Before(end(b)) && b.start.Before(end(a)) }
		n := 0
		for i := range asks {
			if !booked[i] {
				continue
			}
			n++
			for j := range i {
				if booked[j] && overlap(asks[i], asks[j]) {
					t.Errorf("booked %d and %d overlap", i, j)
				}
			}
		}
		for i := range asks {
			if booked[i] {
				continue
			}
			blocked := false
			for j := range asks {
				blocked = blocked || booked[j] && overlap(asks[i], asks[j])
			}
			if !blocked {
				t.Errorf("spend %d was refused though no booked span overlaps it", i)
			}
		}
		if n == 0 {
			t.Error("nothing was booked")
		}
		// On SQLite the spends that meet share transactions: the overlaps above were decided
		// inside shared ones, as well as alone.
		if batches := s.Batches() - batchesBefore; b.name == "sqlite" && (batches == 0 || batches >= int64(len(asks))) {
			t.Errorf("%d racing spends ran in %d shared transactions, want more than none and fewer than one each", len(asks), batches)
		}
		t.Logf("%d of %d racing spans booked", n, len(asks))
	})
}
