// This file holds my booking (the customer's own) in the store: read it, cancel it before its
// cutoff, move it with a spent state, and read back what a spend did, for a reply that was lost.

package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
)

// Booking reads the salon's booking id: salon.NoBooking when the salon holds none under it.
func (s *Store) Booking(ctx context.Context, salonID, id string) (salon.Booking, error) {
	b, err := scanBooking(s.r.queryRow(ctx, qBookingByID+` AND salon = $2`, text(id), text(salonID)))
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Booking{}, salon.NoBooking(id)
	}
	return b, err
}

// CancelBefore cancels the salon's live booking id when it starts after latest, freeing its span and
// raising its sequence, in one transaction, and returns the booking as it then stands with whether
// it changed. A booking already cancelled, or starting at or before latest, is returned unchanged:
// the caller says why from what it shows. An unknown booking is salon.NoBooking.
func (s *Store) CancelBefore(ctx context.Context, salonID, id string, latest time.Time) (salon.Booking, bool, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, false, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	res, err := w.exec(ctx, `UPDATE bookings SET status = 'cancelled', sequence = sequence + 1
		WHERE salon = $1 AND id = $2 AND status = 'booked' AND starts_at > $3`, text(salonID), text(id), latest.Unix())
	if err != nil {
		return salon.Booking{}, false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return salon.Booking{}, false, err
	}
	if n == 1 {
		if err := untake(ctx, w, id); err != nil {
			return salon.Booking{}, false, err
		}
	}
	b, err := scanBooking(w.queryRow(ctx, qBookingByID+` AND salon = $2`, text(id), text(salonID)))
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Booking{}, false, salon.NoBooking(id)
	}
	if err != nil {
		return salon.Booking{}, false, err
	}
	if n == 1 {
		if err := s.told(ctx, w, salon.EventCancelled, b, time.Time{}, s.now()); err != nil {
			return salon.Booking{}, false, err
		}
	}
	if err := tx.Commit(); err != nil {
		return salon.Booking{}, false, err
	}
	if n == 1 {
		s.wake()
	}
	return b, n == 1, nil
}

// MoveSpend is Move with a request state spent in the same transaction: decide judges the booking
// whatever its status (a refusal changes nothing and spends nothing); once it lets the move go
// ahead, the state id, good until goodUntil, is spent (requeststate.ErrAlreadyUsed, and nothing
// changes, when it was spent already), and the booking moves, or, when its new start is taken
// (Taken), stays where it was with the state spent. It returns the booking as it then stands. Of a
// move and a cancel racing, one wins: the other finds the booking moved, or cancelled.
func (s *Store) MoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salonID, bookingID string,
	decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error) {
	return s.move(ctx, salonID, bookingID, decide, &spentIn{id: id, goodUntil: goodUntil})
}

// OwnerMoveSpend is the owner's move (Move: a live booking only, the owner's move audited, the
// customer's own moves not counted) with the owner's confirmation, the request state id good until
// goodUntil, spent in the same transaction as MoveSpend spends one.
func (s *Store) OwnerMoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salonID, bookingID string,
	decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error) {
	return s.move(ctx, salonID, bookingID, live(bookingID, decide), &spentIn{id: id, goodUntil: goodUntil, byOwner: true})
}

// SpentState reads what the spend of the state id did: false when no spend of it is recorded (never
// spent, or swept after its life).
func (s *Store) SpentState(ctx context.Context, id requeststate.SpendID) (salon.Spent, bool, error) {
	var out salon.Spent
	var booking, slot []byte
	err := s.r.queryRow(ctx, `SELECT outcome, booking, slot FROM spent_states WHERE id = $1`, id[:]).Scan(&out.Outcome, &booking, &slot)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Spent{}, false, nil
	}
	if err != nil {
		return salon.Spent{}, false, err
	}
	out.Slot = string(slot)
	if booking != nil {
		b, err := scanBooking(s.r.queryRow(ctx, qBookingByID, booking))
		if err != nil {
			return salon.Spent{}, false, err
		}
		out.Booking = &b
	}
	return out, true, nil
}
