// This file holds what a customer does with their own booking: read it, cancel it before its
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
		if _, err := w.exec(ctx, qUntakeCells, text(id)); err != nil {
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
		if err := s.told(ctx, w, EventCancelled, b, time.Time{}, time.Now()); err != nil {
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

// Move is a booking to move: the salon's booking ID to Start (slot id Slot), with the first of
// Stylists whose span there is free (at a simple salon, none: the salon's one chair). The booking
// must be live and start after Latest, or nothing moves.
type Move struct {
	Salon, ID string
	Slot      string
	Start     time.Time
	Stylists  []string
	Latest    time.Time
}

// Moved is what a move did. Booking is the booking as it stands afterwards; Moved says whether it
// moved. When it didn't, Taken says the new time wasn't free, and otherwise the booking was not
// live, or started too soon, as Booking shows.
type Moved struct {
	Booking salon.Booking
	Moved   bool
	Taken   bool
}

// MoveSpend moves a booking and spends the request state id, good until goodUntil, in one
// transaction, at now. A booking that isn't live or starts too soon moves nothing and spends
// nothing. Otherwise the state is spent (requeststate.ErrAlreadyUsed when it was, and nothing
// changes), and the booking moves to the first stylist free for its whole span there, keeping its
// id, key and customer, with its sequence raised; when none is, the state is spent and the booking
// stays where it was. Of a move and a cancel racing, one wins: the other finds the booking moved or
// cancelled.
func (s *Store) MoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, m Move, now time.Time) (Moved, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return Moved{}, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	var one int
	err = w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`+s.d.lockSalon, text(m.Salon)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return Moved{}, salon.NoSalon(m.Salon)
	}
	if err != nil {
		return Moved{}, err
	}
	b, err := scanBooking(w.queryRow(ctx, qBookingByID+` AND salon = $2`, text(m.ID), text(m.Salon)))
	if errors.Is(err, sql.ErrNoRows) {
		return Moved{}, salon.NoBooking(m.ID)
	}
	if err != nil {
		return Moved{}, err
	}
	if b.Status != salon.Booked || !b.Start.After(m.Latest) {
		return Moved{Booking: b}, nil
	}
	res, err := w.exec(ctx, qSpend, id[:], goodUntil.Unix(), "taken", nil)
	if err != nil {
		return Moved{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return Moved{}, err
	} else if n == 0 {
		return Moved{}, requeststate.ErrAlreadyUsed
	}
	moved, err := s.moveIn(ctx, w, b, m, now)
	if err != nil {
		return Moved{}, err
	}
	if moved.Moved {
		if _, err := w.exec(ctx, qMenuBooked, id[:], text(m.ID)); err != nil {
			return Moved{}, err
		}
		if err := s.told(ctx, w, EventMoved, moved.Booking, b.Start, now); err != nil {
			return Moved{}, err
		}
	}
	if err := tx.Commit(); err != nil {
		return Moved{}, err
	}
	if moved.Moved {
		s.wake()
	}
	return moved, nil
}

// moveIn moves the live booking b as m asks, on w inside a transaction that holds the salon's row.
func (s *Store) moveIn(ctx context.Context, w prepared, b salon.Booking, m Move, now time.Time) (Moved, error) {
	if !m.Start.After(now) {
		return Moved{Booking: b, Taken: true}, nil
	}
	if b.Service == "" {
		// The simple salon's one chair: the salon's row is held, so no booking or close of the slot
		// can come between this look and the move.
		var taken bool
		if err := w.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE salon = $1 AND stylist = '' AND starts_at = $2
				AND status = 'booked' AND id <> $3)
			OR EXISTS (SELECT 1 FROM closed_slots WHERE salon = $1 AND starts_at = $2)`,
			text(m.Salon), m.Start.Unix(), text(m.ID)).Scan(&taken); err != nil {
			return Moved{}, err
		}
		if taken {
			return Moved{Booking: b, Taken: true}, nil
		}
		return s.moveTo(ctx, w, b, m, "")
	}
	if _, err := w.exec(ctx, qUntakeCells, text(m.ID)); err != nil {
		return Moved{}, err
	}
	first, end := cells(m.Start, b.Minutes+b.AfterMinutes)
	for _, stylist := range m.Stylists {
		res, err := w.exec(ctx, qTakeCells, text(m.Salon), stylist, first, end, text(m.ID))
		if err != nil {
			return Moved{}, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return Moved{}, err
		}
		if n == end-first {
			return s.moveTo(ctx, w, b, m, stylist)
		}
		if _, err := w.exec(ctx, qUntakeCells, text(m.ID)); err != nil {
			return Moved{}, err
		}
	}
	// No one was free: the booking takes its own cells back.
	first, end = cells(b.Start, b.Minutes+b.AfterMinutes)
	if _, err := w.exec(ctx, qTakeCells, text(m.Salon), b.Stylist, first, end, text(m.ID)); err != nil {
		return Moved{}, err
	}
	return Moved{Booking: b, Taken: true}, nil
}

// moveTo writes b's new start and stylist, raises its sequence and reads it back.
func (s *Store) moveTo(ctx context.Context, w prepared, b salon.Booking, m Move, stylist string) (Moved, error) {
	if _, err := w.exec(ctx, `UPDATE bookings SET starts_at = $2, slot = $3, stylist = $4, sequence = sequence + 1 WHERE id = $1`,
		text(m.ID), m.Start.Unix(), text(m.Slot), stylist); err != nil {
		return Moved{}, err
	}
	got, err := scanBooking(w.queryRow(ctx, qBookingByID, text(m.ID)))
	if err != nil {
		return Moved{}, err
	}
	return Moved{Booking: got, Moved: true}, nil
}

// Spent is what a spend did, as the calendar recorded it: its outcome ("booked", "taken" or
// "declined"), the booking it made, and the time it asked for.
type Spent struct {
	Outcome string
	Booking *salon.Booking
	Slot    string
}

// SpentState reads what the spend of the state id did: false when no spend of it is recorded (never
// spent, or swept after its life).
func (s *Store) SpentState(ctx context.Context, id requeststate.SpendID) (Spent, bool, error) {
	var out Spent
	var booking, slot []byte
	err := s.r.queryRow(ctx, `SELECT outcome, booking, slot FROM spent_states WHERE id = $1`, id[:]).Scan(&out.Outcome, &booking, &slot)
	if errors.Is(err, sql.ErrNoRows) {
		return Spent{}, false, nil
	}
	if err != nil {
		return Spent{}, false, err
	}
	out.Slot = string(slot)
	if booking != nil {
		b, err := scanBooking(s.r.queryRow(ctx, qBookingByID, booking))
		if err != nil {
			return Spent{}, false, err
		}
		out.Booking = &b
	}
	return out, true, nil
}
