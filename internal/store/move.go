// This file holds the owner's move of a booking to another start, in one transaction.

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

// The statements of a move.
const (
	// qMoveRow moves the booking's row: its slot, its start and its stylist. The partial unique
	// index on live bookings refuses a start another live booking of the stylist (at a simple
	// salon, of the salon's one chair) already has.
	// A move raises the booking's sequence, as RFC 5545 asks of every change of an event, and a
	// customer's own move ($5, 1) its count of own moves.
	qMoveRow = `UPDATE bookings SET slot = $2, starts_at = $3, stylist = $4, sequence = sequence + 1, own_moves = own_moves + $5 WHERE id = $1`
	// qOwnCells counts the cells from $3 up to $4 of the stylist $2 that the booking $1 holds
	// already: a move onto part of its own span finds them taken by itself.
	qOwnCells = `SELECT count(*) FROM booking_cells WHERE booking = $1 AND stylist = $2 AND cell >= $3 AND cell < $4`
	// qFreeOldCells frees the cells the booking holds outside its new span.
	qFreeOldCells = `DELETE FROM booking_cells WHERE booking = $1 AND (stylist <> $2 OR cell < $3 OR cell >= $4)`
	// qSlotBookedByAnother says whether another live booking of the salon starts at $2.
	qSlotBookedByAnother = `SELECT EXISTS (SELECT 1 FROM bookings
		WHERE salon = $1 AND starts_at = $2 AND status = 'booked' AND id <> $3)`
)

// Move moves the salon's live booking id in one transaction: it reads the booking, locked, hands
// it to decide, which says where it goes (or refuses it, and nothing changes), and moves it to the
// start m.Slot, kept by the stylist m.Stylist. It returns the booking as the database then holds
// it. The booking keeps its id, its customer, its words, its service and the span it was booked
// with; its slot, start and stylist change. Its old time is free again from the commit on. decide
// must not call the store: it runs while the transaction holds the booking.
//
// A booking with a service (a menu salon's) takes the five-minute cells of its span at the new
// start, for the stylist: a cell another live booking of the stylist holds leaves it where it was,
// with salon.TakenBooked. A booking without one (a simple salon's) moves to a slot: one another
// live booking starts at gives salon.TakenBooked, one the owner closed salon.TakenClosed. Whether
// the start is one of the salon's times is decide's to judge; the database judges only what is
// taken, inside the transaction, so a move and a booking racing for one span never both commit,
// on any instance.
//
// An unknown salon gives salon.NoSalon, an unknown booking salon.NoBooking, a cancelled one
// salon.NotLive; none of them, and no Taken, changes anything.
func (s *Store) Move(ctx context.Context, salonID, id string, decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error) {
	return s.move(ctx, salonID, id, live(id, decide), nil)
}

// live is decide for a booked booking id, refusing one awaiting its deposit or no longer live.
func live(id string, decide func(salon.Booking) (salon.Move, error)) func(salon.Booking) (salon.Move, error) {
	return func(b salon.Booking) (salon.Move, error) {
		switch b.Status {
		case salon.Booked:
			return decide(b)
		case salon.AwaitingPayment:
			return salon.Move{}, salon.AwaitingDeposit(id)
		}
		return salon.Move{}, salon.NotLive(id)
	}
}

// spentIn is a request state spent in a move's transaction, after the move is decided and before
// it is written: the spend is recorded taken, and booked when the booking moved.
type spentIn struct {
	id        requeststate.SpendID
	goodUntil time.Time
	// byOwner: the owner confirmed the move, which is audited and isn't one of the customer's own.
	byOwner bool
}

// move is Move, with decide judging the booking whatever its status, and, when spend is not nil,
// spending that state in the same transaction once decide has let the move go ahead
// (requeststate.ErrAlreadyUsed, and nothing changes, when it was spent already).
func (s *Store) move(ctx context.Context, salonID, id string, decide func(salon.Booking) (salon.Move, error), spend *spentIn) (salon.Booking, salon.Taken, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Booking{}, 0, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	b, err := s.lockForMove(ctx, w, salonID, id)
	if err != nil {
		return salon.Booking{}, 0, err
	}
	m, err := decide(b)
	if err != nil {
		return salon.Booking{}, 0, err
	}
	if spend != nil {
		if err := spendForMove(ctx, w, spend); err != nil {
			return salon.Booking{}, 0, err
		}
	}
	why, err := s.placeMove(ctx, w, salonID, b, m, spend != nil && !spend.byOwner)
	switch {
	case err != nil:
		return salon.Booking{}, 0, err
	case why != 0 && spend == nil:
		return salon.Booking{}, why, nil
	case why != 0:
		// The move's writes are undone; the spend stands, and commits.
		if _, err := w.exec(ctx, `ROLLBACK TO SAVEPOINT move`); err != nil {
			return salon.Booking{}, 0, err
		}
		return b, why, tx.Commit()
	}
	moved, err := s.recordMove(ctx, w, salonID, b, spend)
	if err != nil {
		return salon.Booking{}, 0, err
	}
	if err := tx.Commit(); err != nil {
		return salon.Booking{}, 0, err
	}
	s.wake()
	return moved, 0, nil
}

// lockForMove takes the salon's row, shared, as a booking takes it (a close of a slot waits for the
// move, and a move that waited on a close sees the closed slot), then locks the booking's row and
// reads it.
func (s *Store) lockForMove(ctx context.Context, w prepared, salonID, id string) (salon.Booking, error) {
	var one int
	err := w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`+s.d.shareSalon, text(salonID)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Booking{}, salon.NoSalon(salonID)
	}
	if err != nil {
		return salon.Booking{}, err
	}
	b, err := scanBooking(w.queryRow(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE salon = $1 AND id = $2`+s.d.lockRow,
		text(salonID), text(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Booking{}, salon.NoBooking(id)
	}
	return b, err
}

// spendForMove spends the move's state as taken (requeststate.ErrAlreadyUsed when it was spent
// already), then opens a savepoint for the move's writes (the same statements in both databases),
// so a move that finds its start taken undoes them and still commits the spend.
func spendForMove(ctx context.Context, w prepared, spend *spentIn) error {
	res, err := w.exec(ctx, qSpend, spend.id[:], spend.goodUntil.Unix(), "taken", nil)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return requeststate.ErrAlreadyUsed
	}
	_, err = w.exec(ctx, `SAVEPOINT move`)
	return err
}

// placeMove writes b's move to m, counting it as one of the customer's own when own: a simple
// salon's slot must be neither closed nor another's; then the row, then a menu salon's cells. It
// reports why the move can't be placed (its writes then to be undone), or 0 once placed.
func (s *Store) placeMove(ctx context.Context, w prepared, salonID string, b salon.Booking, m salon.Move, own bool) (salon.Taken, error) {
	start := m.Slot.Start.Unix()
	if b.Service == "" {
		var closed, booked bool
		if err := w.queryRow(ctx, qIsClosed, text(salonID), start).Scan(&closed); err != nil {
			return 0, err
		}
		if closed {
			return salon.TakenClosed, nil
		}
		if err := w.queryRow(ctx, qSlotBookedByAnother, text(salonID), start, text(b.ID)).Scan(&booked); err != nil {
			return 0, err
		}
		if booked {
			return salon.TakenBooked, nil
		}
	}
	// The row first, then the cells, in the order a booking writes them: a booking racing for the
	// same start waits on the row, and one racing for the span finds the old cells still held, so
	// neither waits on the other in a circle.
	customerMove := 0
	if own {
		customerMove = 1
	}
	if _, err := w.exec(ctx, qMoveRow, text(b.ID), text(m.Slot.ID), start, m.Stylist, customerMove); err != nil {
		if s.d.unique(err) {
			return salon.TakenBooked, nil
		}
		return 0, err
	}
	if b.Service == "" {
		return 0, nil
	}
	first, end := cells(m.Slot.Start, b.Minutes+b.AfterMinutes)
	var held int64
	if err := w.queryRow(ctx, qOwnCells, text(b.ID), m.Stylist, first, end).Scan(&held); err != nil {
		return 0, err
	}
	res, err := w.exec(ctx, qTakeCells, text(salonID), m.Stylist, first, end, text(b.ID))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if n+held != end-first {
		return salon.TakenBooked, nil
	}
	if _, err := w.exec(ctx, qFreeOldCells, text(b.ID), m.Stylist, first, end); err != nil {
		return 0, err
	}
	// The units: freed, then taken again at the new span, so one the booking held stays its.
	if len(b.Resources) == 0 {
		return 0, nil
	}
	if _, err := w.exec(ctx, qUntakeUnits, text(b.ID)); err != nil {
		return 0, err
	}
	if took, err := takeUnits(ctx, w, salonID, b.ID, m.Slot.Start, b.Resources); err != nil || !took {
		return salon.TakenBooked, err
	}
	return 0, nil
}

// recordMove records b's move once placed: its state's spend as booked, the owner's move in the
// audit (the customer's own is no owner's action), and the event; it reads the booking back.
func (s *Store) recordMove(ctx context.Context, w prepared, salonID string, b salon.Booking, spend *spentIn) (salon.Booking, error) {
	if spend != nil {
		if _, err := w.exec(ctx, qMenuBooked, spend.id[:], text(b.ID)); err != nil {
			return salon.Booking{}, err
		}
	}
	moved, err := scanBooking(w.queryRow(ctx, qBookingByID, text(b.ID)))
	if err != nil {
		return salon.Booking{}, err
	}
	if spend == nil || spend.byOwner {
		if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.MoveBooking, Booking: b.ID,
			Detail: "slot " + slotDetail(b.Start) + " to " + slotDetail(moved.Start)}); err != nil {
			return salon.Booking{}, err
		}
	}
	return moved, s.told(ctx, w, salon.EventMoved, moved, b.Start, s.now())
}
