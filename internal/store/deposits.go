// This file holds what becomes of a booking held for its deposit: booked once paid, released when
// not, each once however often Stripe tells it; and the spend of the state that waits for it.

package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"salon/internal/audit"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

// The statements of a held booking.
const (
	// qEventApplied records a Stripe event as applied, and nothing when it was already.
	qEventApplied = `INSERT INTO stripe_events (id, received_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`
	// qPaid books the hold $1 paid on its session $2, with the payment $3, while it waits.
	qPaid = `UPDATE bookings SET deposit_status = 'paid', payment = $3
		WHERE id = $1 AND checkout = $2 AND status = 'booked' AND deposit_status = 'awaiting'`
	// qRelease releases the hold $1 on its session $2 while it waits: its time is open again.
	qRelease = `UPDATE bookings SET status = 'cancelled', deposit_status = 'released', sequence = sequence + 1
		WHERE id = $1 AND checkout = $2 AND status = 'booked' AND deposit_status = 'awaiting'`
	// qHoldsDue lists the holds still waiting whose session ended before $1, the longest waiting first.
	qHoldsDue = `SELECT ` + bookingColumns + ` FROM bookings
		WHERE deposit_status = 'awaiting' AND pay_until < $1 ORDER BY pay_until, id LIMIT $2`
	// qSpendPaying writes the spend of a state that waited for a deposit.
	qSpendPaying = `INSERT INTO spent_states (id, good_until, outcome, booking, slot) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`
)

// Paid books the hold booking, paid on its Checkout Session checkout with the payment payment, and
// tells of it (booking.created, with its mails and webhooks) in the same transaction. event is the
// Stripe event that says so, "" when it was read from Stripe itself: an event already applied
// changes nothing. It returns the booking as it then stands and whether this call booked it: a
// hold that was paid, or released, already stays so. A booking that isn't there, or was held on
// another session, is salon.NoBooking.
func (s *Store) Paid(ctx context.Context, booking, checkout, payment, event string, now time.Time) (salon.Booking, bool, error) {
	return s.settle(ctx, booking, checkout, event, now, func(w prepared) (int64, error) {
		res, err := w.exec(ctx, qPaid, text(booking), checkout, payment)
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}, func(w prepared, b salon.Booking) error {
		return s.told(ctx, w, salon.EventCreated, b, time.Time{}, now)
	})
}

// Release releases the hold booking on its Checkout Session checkout, unpaid: its time is open
// again. It is told to no one, since nothing was booked. event is as Paid's. It returns the booking
// as it then stands and whether this call released it; a hold paid already stays booked.
func (s *Store) Release(ctx context.Context, booking, checkout, event string, now time.Time) (salon.Booking, bool, error) {
	return s.settle(ctx, booking, checkout, event, now, func(w prepared) (int64, error) {
		res, err := w.exec(ctx, qRelease, text(booking), checkout)
		if err != nil {
			return 0, err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return n, err
		}
		return n, untake(ctx, w, booking)
	}, nil)
}

// settle runs change on a hold in one transaction, with the event recorded as applied, and then,
// when change changed it, then on the booking read back.
func (s *Store) settle(ctx context.Context, booking, checkout, event string, now time.Time,
	change func(prepared) (int64, error), then func(prepared, salon.Booking) error) (salon.Booking, bool, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, false, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	fresh := true
	if event != "" {
		res, err := w.exec(ctx, qEventApplied, event, now.Unix())
		if err != nil {
			return salon.Booking{}, false, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return salon.Booking{}, false, err
		}
		fresh = n == 1
	}
	var changed int64
	if fresh {
		if changed, err = change(w); err != nil {
			return salon.Booking{}, false, err
		}
	}
	b, err := scanBooking(w.queryRow(ctx, qBookingByID, text(booking)))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return salon.Booking{}, false, salon.NoBooking(booking)
	case err != nil:
		return salon.Booking{}, false, err
	case b.Deposit == nil || b.Deposit.Checkout != checkout:
		return salon.Booking{}, false, salon.NoBooking(booking)
	}
	if changed == 1 && then != nil {
		if err := then(w, b); err != nil {
			return salon.Booking{}, false, err
		}
	}
	if err := tx.Commit(); err != nil {
		return salon.Booking{}, false, err
	}
	if changed == 1 {
		s.wake()
	}
	return b, changed == 1, nil
}

// HoldsDue lists at most limit holds still waiting for their deposit whose Checkout Session ended
// before before, the longest waiting first: those whose event from Stripe was lost, or is late.
func (s *Store) HoldsDue(ctx context.Context, before time.Time, limit int) ([]salon.Booking, error) {
	rows, err := s.r.query(ctx, qHoldsDue, before.Unix(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var due []salon.Booking
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		due = append(due, b)
	}
	return due, rows.Err()
}

// SpendPaying spends the state id, good until goodUntil, that waited for the deposit of the
// booking at the salon, and returns the booking as it stood when the state was spent, in one
// transaction. The spend is recorded as booked when the deposit is paid, taken when the hold was
// released, and declined while it still waits. A state spent already is
// requeststate.ErrAlreadyUsed; a booking that isn't the salon's, or holds no deposit,
// salon.NoBooking; neither changes anything.
func (s *Store) SpendPaying(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salonID, booking string) (salon.Booking, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	b, err := heldAt(ctx, w, salonID, booking)
	if err != nil {
		return salon.Booking{}, err
	}
	outcome, made := "declined", any(nil)
	switch b.Deposit.Status {
	case salon.DepositAwaiting:
	case salon.DepositReleased:
		outcome = "taken"
	default:
		outcome, made = "booked", text(b.ID)
	}
	res, err := w.exec(ctx, qSpendPaying, id[:], goodUntil.Unix(), outcome, made, text(b.Slot))
	if err != nil {
		return salon.Booking{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return salon.Booking{}, err
	} else if n == 0 {
		return salon.Booking{}, requeststate.ErrAlreadyUsed
	}
	return b, tx.Commit()
}

// Hold reads the salon's booking id, held for its deposit or once held: salon.NoBooking when the
// salon holds no such booking, or one whose service asked no deposit.
func (s *Store) Hold(ctx context.Context, salonID, id string) (salon.Booking, error) {
	return heldAt(ctx, s.r, salonID, id)
}

// bookingAt reads the salon's booking id on w: salon.NoBooking when the salon holds none.
func bookingAt(ctx context.Context, w prepared, salonID, id string) (salon.Booking, error) {
	b, err := scanBooking(w.queryRow(ctx, qBookingByID+` AND salon = $2`, text(id), text(salonID)))
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Booking{}, salon.NoBooking(id)
	}
	return b, err
}

// heldAt is bookingAt of a booking whose service asked a deposit: salon.NoBooking for any other.
func heldAt(ctx context.Context, w prepared, salonID, id string) (salon.Booking, error) {
	b, err := bookingAt(ctx, w, salonID, id)
	if err == nil && b.Deposit == nil {
		return salon.Booking{}, salon.NoBooking(id)
	}
	return b, err
}

// Refunded records the paid deposit of the booking given back; one refunded already, or not paid,
// stays as it is.
func (s *Store) Refunded(ctx context.Context, booking string) error {
	_, err := s.w.exec(ctx, `UPDATE bookings SET deposit_status = 'refunded' WHERE id = $1 AND deposit_status = 'paid'`, text(booking))
	return err
}

// MarkNoShow marks the salon's booking id as a no-show at now: its customer didn't come, and a paid
// deposit is kept (its status kept). Only a live booking that has started can be marked:
// salon.NotStarted before its start, salon.NotLive once cancelled, salon.AwaitingDeposit while held;
// an unknown one is salon.NoBooking, and none changes anything. Marked again, it stays as marked. It
// is recorded in the audit in the same transaction.
func (s *Store) MarkNoShow(ctx context.Context, salonID, id string, now time.Time) (salon.Booking, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	b, err := bookingAt(ctx, w, salonID, id)
	switch {
	case err != nil:
		return salon.Booking{}, err
	case b.Status == salon.NoShow:
		return b, tx.Commit()
	case b.Status == salon.AwaitingPayment:
		return salon.Booking{}, salon.AwaitingDeposit(id)
	case b.Status != salon.Booked:
		return salon.Booking{}, salon.NotLive(id)
	case b.Start.After(now):
		return salon.Booking{}, salon.NotStarted(id)
	}
	if _, err := w.exec(ctx, `UPDATE bookings SET no_show_at = $2,
			deposit_status = CASE WHEN deposit_status = 'paid' THEN 'kept' ELSE deposit_status END
		WHERE id = $1 AND no_show_at IS NULL`, text(id), now.Unix()); err != nil {
		return salon.Booking{}, err
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.MarkNoShow, Booking: id, Detail: "slot " + slotDetail(b.Start)}); err != nil {
		return salon.Booking{}, err
	}
	if b, err = scanBooking(w.queryRow(ctx, qBookingByID, text(id))); err != nil {
		return salon.Booking{}, err
	}
	return b, tx.Commit()
}
