// This file holds the spent states as the database holds them, read whole, for checking a database after a crash.

package store

import (
	"context"
	"fmt"
	"time"

	"salon/internal/requeststate"
)

// SpentState is one spent request state as the database holds it.
type SpentState struct {
	ID requeststate.SpendID
	// GoodUntil is the last second the state was good for.
	GoodUntil time.Time
	// Outcome is what the spend did: "booked", "taken" or "declined".
	Outcome string
	// Booking is the id of the booking the spend made: set exactly when Outcome is "booked".
	Booking string
}

// SpentStates lists every spent state the database holds, by id, byte by byte. Sweep removes those
// whose life has passed, so this is about one state life of spends. It only reads, and nothing on
// the booking path needs it: it is there to check a database after a crash, that every spend
// kept its outcome and every booking its spend.
func (s *Store) SpentStates(ctx context.Context) ([]SpentState, error) {
	rows, err := s.r.query(ctx, `SELECT id, good_until, outcome, booking FROM spent_states ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []SpentState
	for rows.Next() {
		var (
			id, booking []byte
			goodUntil   int64
			st          SpentState
		)
		if err := rows.Scan(&id, &goodUntil, &st.Outcome, &booking); err != nil {
			return nil, err
		}
		if len(id) != len(st.ID) {
			return nil, fmt.Errorf("a spent state's id is %d bytes, want %d", len(id), len(st.ID))
		}
		copy(st.ID[:], id)
		st.GoodUntil, st.Booking = instant(goodUntil), string(booking)
		all = append(all, st)
	}
	return all, rows.Err()
}
