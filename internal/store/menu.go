// This file holds a menu salon's bookings: a spend that books a stylist's span, the cells that keep
// two spans of one stylist apart, and the live spans that can touch a window.

package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"salon/internal/salon"
)

// cellSeconds is the size of a cell of a stylist's time. Services, their processing and the grid
// are multiples of five minutes, so a span whose start is on a five-minute mark takes whole cells.
const cellSeconds = 300

// cells is the first cell a span from start lasting minutes takes, and one past its last: every
// cell it touches.
func cells(start time.Time, minutes int) (first, end int64) {
	from := start.Unix()
	to := from + int64(minutes)*60
	first = floorDiv(from, cellSeconds)
	end = floorDiv(to+cellSeconds-1, cellSeconds)
	return first, end
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// The statements of a menu booking.
const (
	// qMenuSpend writes a spend at a registered salon as taken, and nothing when the salon isn't
	// registered or the state is spent: a menu booking writes it first, and makes it booked once a
	// stylist is booked.
	qMenuSpend = `INSERT INTO spent_states (id, good_until, outcome, booking, slot)
		SELECT $1, $2, 'taken', NULL, $4 FROM salons WHERE id = $3`
	// qMenuBook books the stylist's start, unless the stylist has a live booking starting then.
	// A hold for a deposit ($16 to $19 not NULL) is written the same, with its deposit awaiting.
	qMenuBook = `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state,
			service, stylist, minutes, after_minutes, manage_hash, contact_key,
			deposit, checkout, checkout_url, pay_until, deposit_status, language, resources)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'booked', $9, $10, $11, $12, $13, $14, $15,
			CAST($16 AS BIGINT), $17, $18, $19, CASE WHEN CAST($16 AS BIGINT) IS NULL THEN NULL ELSE 'awaiting' END, $20, $21)` +
		qOneLivePerStart
	// qCellsTaken reports whether a live booking holds any of the salon's stylist's cells from $3
	// up to $4: a stylist found busy by this read costs one lookup, not a booking written and undone.
	qCellsTaken = `SELECT EXISTS (SELECT 1 FROM booking_cells WHERE salon = $1 AND stylist = $2 AND cell >= $3 AND cell < $4)`
	// qTakeCells takes the cells from $3 up to $4 of the salon's stylist for the booking $5, each
	// (SQLite reads the ON of an upsert after a bare FROM as a join's, hence WHERE true),
	// unless a live booking holds it already. Fewer rows than cells means the span overlaps one.
	qTakeCells = `WITH RECURSIVE c(n) AS (
			SELECT CAST($3 AS BIGINT) UNION ALL SELECT n + 1 FROM c WHERE n + 1 < CAST($4 AS BIGINT)
		)
		INSERT INTO booking_cells (salon, stylist, cell, booking) SELECT $1, $2, n, $5 FROM c WHERE true
		ON CONFLICT (salon, stylist, cell) DO NOTHING`
	// qUntake undoes a booking that overlapped: its cells, then its row.
	qUntakeCells = `DELETE FROM booking_cells WHERE booking = $1`
	qUnbook      = `DELETE FROM bookings WHERE id = $1`
	// qMenuBooked records the spend as the booking's.
	qMenuBooked = `UPDATE spent_states SET outcome = 'booked', booking = $2 WHERE id = $1`
)

// spendMenuIn runs the statements of a spend whose hold is a menu salon's on w, in a transaction:
// it checks the contact's cap (refusing with nothing written when it is reached), writes the
// spend, then tries the hold's stylists in order, booking the first whose whole span is free, and
// records the spend as that booking's. With none free, the spend stays taken. The cells' primary
// key decides what is free, inside the transaction, so two bookings racing for overlapping spans of
// one stylist, on any instance, never both commit. A stylist found taken is undone by statements,
// not by an error, so on SQLite the spend can share its transaction with others (see Spend).
func (s *Store) spendMenuIn(ctx context.Context, w prepared, sp *spend) spent {
	h := sp.hold
	if err := s.capHold(ctx, w, sp); err != nil {
		// Over the cap: nothing is written, and the state stays unspent.
		return spent{err: err}
	}
	res, err := w.exec(ctx, s.menuSpend, sp.id[:], sp.goodUntil.Unix(), text(h.Salon), text(h.Slot))
	if err != nil {
		return spent{err: err}
	}
	if n, err := res.RowsAffected(); err != nil {
		return spent{err: err}
	} else if n == 0 {
		return spent{err: s.notSpent(ctx, w, h.Salon)}
	}
	first, end := cells(h.Start, h.Minutes+h.AfterMinutes)
	for _, stylist := range h.Stylists {
		booked, err := s.bookStylist(ctx, sp, w, stylist, first, end)
		if err != nil {
			return spent{err: err}
		}
		if !booked {
			continue
		}
		if _, err := w.exec(ctx, qMenuBooked, sp.id[:], text(h.ID)); err != nil {
			return spent{err: err}
		}
		b, err := scanBooking(w.queryRow(ctx, qBookingByID, text(h.ID)))
		if err != nil {
			return spent{err: err}
		}
		if h.Deposit == nil {
			// A hold is told of once paid (Paid).
			if err := s.told(ctx, w, salon.EventCreated, b, time.Time{}, sp.now); err != nil {
				return spent{err: err}
			}
		}
		return spent{booked: true, booking: b}
	}
	return spent{taken: salon.TakenBooked}
}

// bookStylist books h's span for stylist on w, and reports whether it did: false, with nothing
// left written, when the stylist has a live booking starting then or any of the span's cells.
func (s *Store) bookStylist(ctx context.Context, sp *spend, w prepared, stylist string, first, end int64) (bool, error) {
	h := sp.hold
	// Read first: most stylists found taken are taken already. What this read misses (a booking
	// of another instance committing meanwhile) the cells' key still refuses below.
	var busy bool
	if err := w.queryRow(ctx, qCellsTaken, text(h.Salon), stylist, first, end).Scan(&busy); err != nil {
		return false, err
	}
	if busy {
		return false, nil
	}
	var deposit, checkout, checkoutURL, payUntil any
	if d := h.Deposit; d != nil {
		deposit, checkout, checkoutURL, payUntil = d.Amount, d.Checkout, d.URL, d.PayUntil.Unix()
	}
	res, err := w.exec(ctx, qMenuBook, text(h.ID), text(h.Salon), text(h.Slot), h.Start.Unix(),
		text(h.Name), text(h.Contact), text(h.Words), sp.now.Unix(), sp.id[:],
		h.Service, stylist, int64(h.Minutes), int64(h.AfterMinutes), h.ManageHash, h.Key(),
		deposit, checkout, checkoutURL, payUntil, h.Language, holdsOf(h.Resources))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	res, err = w.exec(ctx, qTakeCells, text(h.Salon), stylist, first, end, text(h.ID))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n == end-first {
		if took, err := takeUnits(ctx, w, h.Salon, h.ID, h.Start, h.Resources); took || err != nil {
			return took, err
		}
	}
	if err := untake(ctx, w, h.ID); err != nil {
		return false, err
	}
	_, err = w.exec(ctx, qUnbook, text(h.ID))
	return false, err
}

// Spans returns the live bookings of the salon id whose spans can touch [from, to), earliest start
// first: every one starting before to and at most the longest span before from. Reading them costs
// what the window holds, not what the salon holds. An unknown salon has none.
func (s *Store) Spans(ctx context.Context, id string, from, to time.Time) ([]salon.Span, error) {
	var spans []salon.Span
	err := s.EachSpan(ctx, id, from, to, func(sp salon.Span) bool {
		spans = append(spans, sp)
		return true
	})
	return spans, err
}

// EachSpan hands yield the spans Spans returns, one at a time, until yield returns false: a
// caller that needs only the first few reads only their days. They come from the lists of the
// window's days (dayspans.go), one row a day, each day sorted by start then stylist as it is read,
// and a stylist's id is made a string once per call, not once per span.
func (s *Store) EachSpan(ctx context.Context, id string, from, to time.Time, yield func(salon.Span) bool) error {
	lo, hi := from.Unix()-salon.MaxSpanMinutes*60, to.Unix()
	rows, err := s.r.query(ctx, s.d.daySpans, text(id), lo, hi)
	if err != nil {
		return err
	}
	defer rows.Close()
	var (
		list     string
		spans    []daySpan
		stylists = map[string]string{}
		holds    = map[string][]salon.Held{}
		reaching = from.Unix()
	)
	for rows.Next() {
		if err := rows.Scan(&list); err != nil {
			return err
		}
		spans = spans[:0]
		err := eachToken(list, lo, hi, func(sp daySpan) {
			if sp.start+(sp.minutes+sp.afterMins)*60 > reaching {
				spans = append(spans, sp)
			}
		})
		if err != nil {
			return err
		}
		slices.SortFunc(spans, byStart)
		for _, sp := range spans {
			stylist, ok := stylists[sp.stylist]
			if !ok {
				stylist = strings.Clone(sp.stylist)
				stylists[stylist] = stylist
			}
			var resources []salon.Held
			if sp.resources != "" {
				if resources, ok = holds[sp.resources]; !ok {
					resources = heldOf(sp.resources)
					holds[strings.Clone(sp.resources)] = resources
				}
			}
			if !yield(salon.Span{Stylist: stylist, Start: instant(sp.start), Minutes: int(sp.minutes), AfterMinutes: int(sp.afterMins), Resources: resources}) {
				return nil
			}
		}
	}
	return rows.Err()
}

// menu reports whether sp books at a menu salon.
func (sp *spend) menu() bool { return sp.hold != nil && sp.hold.Service != "" }
