// This file tests what the owner's assistant writes through the store: settings amended in one
// transaction, so racing amendments are all kept, and the owner's move confirmed by a state spent
// once in the move's own transaction.

package store_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"salon/internal/audit"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

func TestAmendSalon(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("racing amendments are each kept, and audited by who acts", func(t *testing.T) {
			s, _ := b.withTeam(t)
			const n = 8
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i := range n {
				wg.Go(func() {
					ctx := audit.WithActor(t.Context(), fmt.Sprintf("k%d", i))
					errs <- s.AmendSalon(ctx, "studio-nine", func(set salon.Settings) (salon.Settings, error) {
						set.Closures = append(set.Closures, salon.Closure{From: at(float64(24 * (i + 1))), To: at(float64(24*(i+1) + 1)), Note: fmt.Sprint(i)})
						return set, nil
					})
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatalf("AmendSalon: %v", err)
				}
			}
			set, err := s.Salon(t.Context(), "studio-nine")
			if err != nil || len(set.Closures) != n {
				t.Fatalf("got %d closures (%v), want %d: none lost", len(set.Closures), err, n)
			}
			entries, err := s.Audit(t.Context(), "studio-nine", nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			by := map[string]bool{}
			for _, e := range entries {
				if e.Action == audit.PutSalon {
					by[e.By] = true
				}
			}
			for i := range n {
				if !by[fmt.Sprintf("k%d", i)] {
					t.Errorf("no putSalon by k%d in the audit", i)
				}
			}
		})

		t.Run("a refused amendment changes nothing, and an unknown salon is no salon", func(t *testing.T) {
			s, _ := b.withTeam(t)
			refused := errors.New("refused")
			err := s.AmendSalon(t.Context(), "studio-nine", func(set salon.Settings) (salon.Settings, error) {
				set.Name = "Changed"
				return salon.Settings{}, refused
			})
			if !errors.Is(err, refused) {
				t.Fatalf("got %v, want the refusal", err)
			}
			if set, _ := s.Salon(t.Context(), "studio-nine"); set.Name != teamSalon.Name {
				t.Errorf("the name is %q after a refusal", set.Name)
			}
			err = s.AmendSalon(t.Context(), "nowhere", func(set salon.Settings) (salon.Settings, error) { return set, nil })
			if refusal.KindOf(err) != refusal.NotFound {
				t.Errorf("an unknown salon: got %v, want not found", err)
			}
		})
	})
}

func TestOwnerMoveSpend(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withTeam(t)
		bookTeam(t, s, "cut", "cut", "ana", at(2))
		to := func(start time.Time) func(salon.Booking) (salon.Move, error) {
			return func(salon.Booking) (salon.Move, error) { return salon.Move{Slot: slotAt(start), Stylist: "ben"}, nil }
		}
		id := stateID(t.Name(), "owner")
		ctx := audit.WithActor(t.Context(), "kowner")
		moved, taken, err := s.OwnerMoveSpend(ctx, id, goodUntil, "studio-nine", "cut", to(at(4)))
		if err != nil || taken != 0 || !moved.Start.Equal(at(4)) || moved.Stylist != "ben" || moved.CustomerMoves != 0 {
			t.Fatalf("got %+v %v %v, want moved to Ben at 4, no customer's move counted", moved, taken, err)
		}
		if _, _, err := s.OwnerMoveSpend(ctx, id, goodUntil, "studio-nine", "cut", to(at(6))); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("the state again: got %v, want %v", err, requeststate.ErrAlreadyUsed)
		}
		var outcome, booking string
		if err := raw(t, url).QueryRow(`SELECT outcome, booking FROM spent_states WHERE id = $1`, id[:]).Scan(&outcome, &booking); err != nil || outcome != "booked" || booking != "cut" {
			t.Errorf("the spend: got %q %q %v, want booked cut", outcome, booking, err)
		}
		entries, _ := s.Audit(t.Context(), "studio-nine", nil, 100)
		found := false
		for _, e := range entries {
			found = found || e.Action == audit.MoveBooking && e.By == "kowner" && e.Booking == "cut"
		}
		if !found {
			t.Errorf("no moveBooking of cut by kowner in %+v", entries)
		}
		if got := spansOf(t, s); len(got) != 1 || got[0] != "ben 12:00" {
			t.Errorf("spans: got %q, want ben 12:00 alone", got)
		}
	})
}
