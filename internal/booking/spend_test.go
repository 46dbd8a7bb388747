// This file tests how round two reads its spent store's answers: a refusal is the customer's, any other failure the service's.

package booking_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/requeststate"
)

// answering is a spent store that answers every spend with err.
type answering struct{ err error }

func (a answering) Spend(context.Context, requeststate.SpendID, time.Time) error { return a.err }

func TestRoundTwoPassesTheStoresRefusalsOnAndTurnsItsFailuresIntoUnavailable(t *testing.T) {
	down := errors.New("redis: i/o timeout")
	for _, c := range []struct {
		name      string
		store     error
		refusal   error // the error Book returns, when the store refused
		storeFail bool  // Book returns a StoreError wrapping the store's error
	}{
		{"a state already used is refused as used", requeststate.ErrAlreadyUsed, requeststate.ErrAlreadyUsed, false},
		{"a state the store can't vouch for is refused as expired", requeststate.ErrExpired, requeststate.ErrExpired, false},
		{"a store that can't say is unavailable", down, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := desk(t, nil)
			asked, err := d.Book(context.Background(), sunday)
			if err != nil || asked.Question == nil {
				t.Fatalf("round one: got %+v, %v; want a question", asked, err)
			}
			d.Spent = answering{c.store}
			_, err = d.Book(context.Background(), roundTwo(sunday, asked.State, "sat-10:30"))
			r, refused := refusal.As(err)
			switch {
			case c.storeFail:
				if !refused || r.Kind != refusal.Unavailable || !errors.Is(err, refusal.ErrUnavailable) || !errors.Is(r.Cause, c.store) {
					t.Errorf("got %v, want an unavailable refusal caused by %v", err, c.store)
				}
			case !errors.Is(err, c.refusal) || r.Kind == refusal.Unavailable:
				t.Errorf("got %v, want the refusal %v itself", err, c.refusal)
			}
		})
	}
}
