// This file holds the owner's side of bookings: listing, cancelling, closing and opening, sweeping.

package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"salon/internal/audit"
	"salon/internal/salon"
)

// notHeld is true of a booking that isn't a hold waiting for its deposit (deposits.go).
const notHeld = `(deposit_status IS NULL OR deposit_status <> 'awaiting')`

// bookingColumns are a booking's columns in the order scanBooking reads them.
const bookingColumns = `id, salon, slot, starts_at, name, contact, words, booked_at, status, service, stylist, minutes, after_minutes, sequence, manage_hash, own_moves,
	deposit, deposit_status, checkout, checkout_url, pay_until, payment, no_show_at, language, resources`

// scanBooking reads a booking's row: from database/sql, or from pgx itself, which scans BYTEA
// into bytes only.
func scanBooking(row scanner) (salon.Booking, error) {
	var id, salonID, slot, name, contact, words []byte
	var start, bookedAt, minutes, after, sequence, customerMoves int64
	var status, service, stylist, language, resources string
	var manage []byte
	var deposit, payUntil, noShowAt sql.NullInt64
	var depositStatus, checkout, checkoutURL, payment sql.NullString
	if err := row.Scan(&id, &salonID, &slot, &start, &name, &contact, &words, &bookedAt, &status,
		&service, &stylist, &minutes, &after, &sequence, &manage, &customerMoves,
		&deposit, &depositStatus, &checkout, &checkoutURL, &payUntil, &payment, &noShowAt, &language, &resources); err != nil {
		return salon.Booking{}, err
	}
	b := salon.Booking{
		ID: string(id), Salon: string(salonID), Slot: string(slot), Start: instant(start),
		Customer: salon.Customer{Name: string(name), Contact: string(contact)}, Words: string(words),
		BookedAt: instant(bookedAt), Status: salon.Status(status),
		Service: service, Stylist: stylist, Minutes: int(minutes), AfterMinutes: int(after),
		Sequence: int(sequence), ManageHash: manage, CustomerMoves: int(customerMoves), Language: language,
	}
	if deposit.Valid {
		b.Deposit = &salon.Deposit{Amount: deposit.Int64, Status: salon.DepositStatus(depositStatus.String),
			Checkout: checkout.String, URL: checkoutURL.String, PayUntil: instant(payUntil.Int64), Payment: payment.String}
		if b.Status == salon.Booked && b.Deposit.Status == salon.DepositAwaiting {
			b.Status = salon.AwaitingPayment
		}
	}
	if noShowAt.Valid {
		b.Status = salon.NoShow
	}
	b.Resources = heldOf(resources)
	return b, nil
}

// booking reads the booking id back.
func (s *Store) booking(ctx context.Context, id string) (salon.Booking, error) {
	return scanBooking(s.r.queryRow(ctx, qBookingByID, text(id)))
}

// salonExists reports whether the salon id is registered.
func (s *Store) salonExists(ctx context.Context, id string) (bool, error) {
	var one int
	err := s.r.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`, text(id)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// orNoSalon is list, or salon.NoSalon when list is empty because no salon is registered under
// salonID: a list reads its rows first, and asks whether the salon exists only when it found none.
func orNoSalon[T any](ctx context.Context, s *Store, salonID string, list []T) ([]T, error) {
	if len(list) > 0 {
		return list, nil
	}
	if ok, err := s.salonExists(ctx, salonID); err != nil {
		return nil, err
	} else if !ok {
		return nil, salon.NoSalon(salonID)
	}
	return list, nil
}

// Bookings lists the salon's bookings, live and cancelled, whose slots start at or after from and
// before to, earliest slot first (then earliest booked): salon.NoSalon when no salon is registered
// under the id.
func (s *Store) Bookings(ctx context.Context, salonID string, from, to time.Time) ([]salon.Booking, error) {
	rows, err := s.r.query(ctx, `SELECT `+bookingColumns+` FROM bookings
		WHERE salon = $1 AND starts_at >= $2 AND starts_at < $3
		ORDER BY starts_at, booked_at, id`, text(salonID), from.Unix(), to.Unix())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []salon.Booking
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		all = append(all, b)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return orNoSalon(ctx, s, salonID, all)
}

// Cancel makes the salon's booking cancelled, so its slot (at a menu salon, its stylist's span) is
// open again, and returns it as the database then shows it. Cancelling a cancelled booking changes
// nothing and returns it again. An unknown salon gives salon.NoSalon; an unknown booking of a known
// salon, salon.NoBooking. The cancel, even of a cancelled booking, is recorded in the audit in its
// own transaction.
func (s *Store) Cancel(ctx context.Context, salonID, booking string) (salon.Booking, error) {
	return s.cancel(ctx, salonID, booking, false)
}

// CancelKeepingDeposit is Cancel with a paid deposit kept by the salon (its status kept), not
// given back.
func (s *Store) CancelKeepingDeposit(ctx context.Context, salonID, booking string) (salon.Booking, error) {
	return s.cancel(ctx, salonID, booking, true)
}

// cancel is Cancel, keeping a paid deposit when keep: a cancel's event gives back a deposit it
// leaves paid (eventOf).
func (s *Store) cancel(ctx context.Context, salonID, booking string, keep bool) (salon.Booking, error) {
	keeps := 0
	if keep {
		keeps = 1
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	res, err := w.exec(ctx, `UPDATE bookings SET status = 'cancelled', sequence = sequence + 1,
			deposit_status = CASE WHEN CAST($3 AS INTEGER) = 1 AND deposit_status = 'paid' THEN 'kept' ELSE deposit_status END
		WHERE salon = $1 AND id = $2 AND status = 'booked' AND `+notHeld, text(salonID), text(booking), keeps)
	if err != nil {
		return salon.Booking{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return salon.Booking{}, err
	} else if n == 0 {
		b, err := scanBooking(w.queryRow(ctx, qBookingByID+` AND salon = $2`, text(booking), text(salonID)))
		switch {
		case err == nil && b.Status == salon.AwaitingPayment:
			return salon.Booking{}, salon.AwaitingDeposit(booking)
		case err == nil: // cancelled already
			if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.CancelBooking, Booking: booking,
				Detail: "slot " + slotDetail(b.Start) + ", cancelled already"}); err != nil {
				return salon.Booking{}, err
			}
			return b, tx.Commit()
		case !errors.Is(err, sql.ErrNoRows):
			return salon.Booking{}, err
		}
		if ok, err := s.salonExists(ctx, salonID); err != nil {
			return salon.Booking{}, err
		} else if !ok {
			return salon.Booking{}, salon.NoSalon(salonID)
		}
		return salon.Booking{}, salon.NoBooking(booking)
	}
	if err := untake(ctx, w, booking); err != nil {
		return salon.Booking{}, err
	}
	b, err := scanBooking(w.queryRow(ctx, qBookingByID, text(booking)))
	if err != nil {
		return salon.Booking{}, err
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.CancelBooking, Booking: booking,
		Detail: "slot " + slotDetail(b.Start)}); err != nil {
		return salon.Booking{}, err
	}
	if err := s.told(ctx, w, salon.EventCancelled, b, time.Time{}, s.now()); err != nil {
		return salon.Booking{}, err
	}
	if err := tx.Commit(); err != nil {
		return salon.Booking{}, err
	}
	s.wake()
	return b, nil
}

// slotDetail is a slot's start as an audit entry's detail writes it: RFC 3339 in UTC.
func slotDetail(start time.Time) string { return start.UTC().Format(time.RFC3339) }

// CloseSlot closes the salon's slot, so it isn't offered or booked. Closing a closed slot changes
// nothing. A live-booked slot gives salon.SlotBooked, an unknown salon salon.NoSalon, and neither
// changes anything. A close and a booking of one slot racing end with one of them. The close is
// recorded in the audit in its own transaction.
func (s *Store) CloseSlot(ctx context.Context, salonID string, slot salon.Slot) error {
	start := slot.Start
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	var one int
	err = w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`+s.d.lockSalon, text(salonID)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.NoSalon(salonID)
	}
	if err != nil {
		return err
	}
	var booked bool
	if err := w.queryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM bookings WHERE salon = $1 AND starts_at = $2 AND status = 'booked')`,
		text(salonID), start.Unix()).Scan(&booked); err != nil {
		return err
	}
	if booked {
		return salon.SlotBooked(slot.Label)
	}
	if _, err := w.exec(ctx,
		`INSERT INTO closed_slots (salon, starts_at) VALUES ($1, $2) ON CONFLICT (salon, starts_at) DO NOTHING`,
		text(salonID), start.Unix()); err != nil {
		return err
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.CloseSlot, Detail: "slot " + slotDetail(start)}); err != nil {
		return err
	}
	return tx.Commit()
}

// OpenSlot opens the salon's slot starting at start again, if it was closed; opening an open slot
// changes nothing. An unknown salon gives salon.NoSalon. The open is recorded in the audit in its
// own transaction.
func (s *Store) OpenSlot(ctx context.Context, salonID string, start time.Time) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	res, err := w.exec(ctx,
		`DELETE FROM closed_slots WHERE salon = $1 AND starts_at = $2`, text(salonID), start.Unix())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		var one int
		err := w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`, text(salonID)).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return salon.NoSalon(salonID)
		}
		if err != nil {
			return err
		}
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.OpenSlot, Detail: "slot " + slotDetail(start)}); err != nil {
		return err
	}
	return tx.Commit()
}

// Sweep deletes the spent states whose goodUntil is more than a few seconds before now, so the
// spent set holds about one state life of spends, and reports how many it deleted. A state swept
// can no longer verify anywhere. Bookings are never swept.
func (s *Store) Sweep(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.w.exec(ctx,
		`DELETE FROM spent_states WHERE good_until < $1`, now.Add(-keepAfter).Unix())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// BookedSince counts the bookings made at the salon id after since, whatever became of them, and
// says when the first of them was made (zero when there is none): the salon's pace of new bookings,
// as every instance writes them. An index on (salon, booked_at) finds them.
func (s *Store) BookedSince(ctx context.Context, id string, since time.Time) (n int, first time.Time, err error) {
	var firstAt sql.NullInt64
	err = s.r.queryRow(ctx, `SELECT count(*), min(booked_at) FROM bookings WHERE salon = $1 AND booked_at > $2`,
		text(id), since.Unix()).Scan(&n, &firstAt)
	if err != nil || !firstAt.Valid {
		return n, time.Time{}, err
	}
	return n, instant(firstAt.Int64), nil
}
