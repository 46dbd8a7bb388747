// This file holds the test that every field of the request has a decision in the digest.

package requeststate_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"salon/internal/lang"
	"salon/internal/requeststate"
	domain "salon/internal/salon"
	"salon/internal/step"
)

// TestEveryRequestFieldHasADigestDecision fails when a field is added to step.Request without a
// decision in requeststate.Bound on whether the digest binds it, so a new field can't be left
// unbound by oversight (a state issued for a trim must not complete a colour).
func TestEveryRequestFieldHasADigestDecision(t *testing.T) {
	var fields []string
	for f := range reflect.TypeFor[step.Request]().Fields() {
		fields = append(fields, f.Name)
	}
	var decided []string
	for _, f := range requeststate.Bound {
		if f.Why == "" {
			t.Errorf("Bound's %s gives no reason for its decision", f.Name)
		}
		decided = append(decided, f.Name)
	}
	for _, name := range fields {
		if n := countOf(decided, name); n != 1 {
			t.Errorf("step.Request.%s has %d decisions in requeststate.Bound, want exactly 1: bind it or say why not", name, n)
		}
	}
	for _, name := range decided {
		if !slices.Contains(fields, name) {
			t.Errorf("requeststate.Bound decides on %s, which step.Request doesn't have", name)
		}
	}
}

// TestEveryBoundFieldChangesTheDigest: for each field the digest binds, two requests that differ
// only in it belong to different digests; for each it doesn't, they share one.
func TestEveryBoundFieldChangesTheDigest(t *testing.T) {
	base := step.Request{Message: "A cut?", OpenSlots: []string{"sat-10:30", "sat-11:30"}}
	changed := map[string]step.Request{
		"Message":   {Message: "A colour?", OpenSlots: base.OpenSlots},
		"OpenSlots": {Message: base.Message, OpenSlots: []string{"sat-11:30", "sat-10:30"}},
		"Customer":  {Message: base.Message, OpenSlots: base.OpenSlots, Customer: &domain.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}},
		"Choice":    {Message: base.Message, OpenSlots: base.OpenSlots, Choice: &domain.Choice{Service: "cut"}},
		"Moving":    {Message: base.Message, OpenSlots: base.OpenSlots, Moving: "b1"},
		"ByOwner":   {Message: base.Message, OpenSlots: base.OpenSlots, ByOwner: true},
		"Salon":     {Message: base.Message, OpenSlots: base.OpenSlots, Salon: &step.Salon{Zone: "Europe/London"}},
		"Withheld":  {Message: base.Message, OpenSlots: base.OpenSlots, Withheld: step.NewWithheld(nil, []string{"Rosa"}, nil, nil)},
		"Lang":      {Message: base.Message, OpenSlots: base.OpenSlots, Lang: lang.Of("de")},
	}
	for _, f := range requeststate.Bound {
		other, ok := changed[f.Name]
		if !ok {
			t.Errorf("no request here differs in %s: add one", f.Name)
			continue
		}
		same := requeststate.Digest(salon, base) == requeststate.Digest(salon, other)
		if bound := f.Bind != nil; same == bound {
			t.Errorf("a request that differs only in %s: digest the same %v, want %v (bound: %v)", f.Name, same, !bound, bound)
		}
	}
}

func countOf(names []string, name string) int {
	n := 0
	for _, got := range names {
		if got == name {
			n++
		}
	}
	return n
}

// TestAnOwnersMoveIsAnotherRequest: a state issued for the owner's move of a booking doesn't
// verify for its customer's move with the same words, times and stylist, nor the other way round.
func TestAnOwnersMoveIsAnotherRequest(t *testing.T) {
	customers := step.Request{OpenSlots: []string{"2026-12-05T10:30:00Z"}, Moving: "b1", Choice: &domain.Choice{Stylist: "ana"}}
	owners := customers
	owners.ByOwner = true
	if requeststate.Digest(salon, customers) == requeststate.Digest(salon, owners) {
		t.Fatal("the owner's move and the customer's share a digest")
	}
	keys, err := requeststate.NewKeys(make([]byte, requeststate.MinKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	state := requeststate.Issue(keys, now, time.Minute, salon, owners, owners.OpenSlots, requeststate.Nonce{1})
	if _, err := requeststate.Verify(keys, now, salon, customers, state); !errors.Is(err, requeststate.ErrAnotherRequest) {
		t.Errorf("the owner's state for the customer's move: %v, want %v", err, requeststate.ErrAnotherRequest)
	}
	if _, err := requeststate.Verify(keys, now, salon, owners, state); err != nil {
		t.Errorf("the owner's state for the owner's move: %v", err)
	}
}
