// This file checks the spent set's flat hash table against a Go map under random adds and removes, through growing, shrinking and wrapping around.

package requeststate

import (
	"math/rand"
	"testing"
	"testing/quick"
)

// smallID is an ID from a small space, so adds and removes often meet the same ID again; 0 is the all-zero ID.
func smallID(n int) SpendID {
	var id SpendID
	id[0], id[1] = byte(n), byte(n>>8)
	id[31] = byte(n >> 16)
	return id
}

func TestIDSetHoldsExactlyWhatAMapHolds(t *testing.T) {
	property := func(seed int64) bool {
		r := rand.New(rand.NewSource(seed))
		s := newIDSet()
		model := map[SpendID]bool{}
		space := 1 + r.Intn(3000)
		for op := range 20000 {
			id := smallID(r.Intn(space))
			// Phases that mostly add, then mostly remove, so the table grows and shrinks.
			adding := (op/2500)%2 == 0
			if r.Intn(4) == 0 {
				adding = !adding
			}
			if adding {
				if got, want := s.add(id), !model[id]; got != want {
					t.Errorf("seed %d op %d: add(%x) got %v, want %v", seed, op, id[:2], got, want)
					return false
				}
				model[id] = true
			} else {
				s.remove(id)
				delete(model, id)
			}
			if s.len() != len(model) {
				t.Errorf("seed %d op %d: got len %d, want %d", seed, op, s.len(), len(model))
				return false
			}
			if len(s.slots) < minSlots || 4*s.n > 3*len(s.slots) {
				t.Errorf("seed %d op %d: %d IDs in %d slots, want at most three quarters full", seed, op, s.n, len(s.slots))
				return false
			}
		}
		for id := range model {
			if s.add(id) {
				t.Errorf("seed %d: %x held by the model, but add says it was not held", seed, id[:2])
				return false
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 30}); err != nil {
		t.Error(err)
	}
}
