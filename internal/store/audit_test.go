// This file tests SpentStates: every spend listed with its outcome, and none once swept.

package store_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

func TestSpentStatesListsEverySpendWithItsOutcome(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		if got, err := s.SpentStates(t.Context()); err != nil || len(got) != 0 {
			t.Fatalf("a fresh database: got %v, %v, want no spent states", got, err)
		}
		booked, taken, declined := stateID(t.Name(), "booked"), stateID(t.Name(), "taken"), stateID(t.Name(), "declined")
		if _, err := s.Spend(t.Context(), booked, goodUntil, hold("bk_audit", "studio-nine", at(2)), now); err != nil {
			t.Fatal(err)
		}
		if out, err := s.Spend(t.Context(), taken, goodUntil, hold("bk_other", "studio-nine", at(2)), now); err != nil || out.Taken != salon.TakenBooked {
			t.Fatalf("the second hold of one slot: got %+v, %v, want it taken", out, err)
		}
		if _, err := s.Spend(t.Context(), declined, goodUntil, nil, now); err != nil {
			t.Fatal(err)
		}

		got, err := s.SpentStates(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		want := []store.SpentState{
			{ID: booked, GoodUntil: goodUntil, Outcome: "booked", Booking: "bk_audit"},
			{ID: taken, GoodUntil: goodUntil, Outcome: "taken"},
			{ID: declined, GoodUntil: goodUntil, Outcome: "declined"},
		}
		slices.SortFunc(want, func(a, b store.SpentState) int { return bytes.Compare(a.ID[:], b.ID[:]) })
		same := func(a, b store.SpentState) bool {
			return a.ID == b.ID && a.GoodUntil.Equal(b.GoodUntil) && a.Outcome == b.Outcome && a.Booking == b.Booking
		}
		if !slices.EqualFunc(got, want, same) {
			t.Errorf("got %+v, want %+v", got, want)
		}

		if _, err := s.Sweep(t.Context(), goodUntil.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got, err := s.SpentStates(t.Context()); err != nil || len(got) != 0 {
			t.Errorf("after the sweep: got %v, %v, want no spent states", got, err)
		}
	})
}
