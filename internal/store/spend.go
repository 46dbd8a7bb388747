// This file holds Spend: a state spent and its slot booked in one transaction, batched on SQLite
// and sent in one round trip on PostgreSQL.

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

// The statements of a spend, prepared at Open.
const (
	// qSpend writes a spend. ON CONFLICT DO NOTHING, on the primary key: a spend of the same id
	// that is committing makes this one wait for it, then insert nothing; one that rolled back
	// lets this one through.
	qSpend = `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`
	// qSpendAt writes a spend at a salon, and nothing when the salon isn't registered. The dialect's
	// lock on the salon's row goes after it, then qOnConflict.
	qSpendAt = `INSERT INTO spent_states (id, good_until, outcome, booking, slot)
		SELECT $1, $2, $3, $4, $6 FROM salons WHERE id = $5`
	// qUnderCap goes after qSpendAt's WHERE when the hold has a cap: the spend is written only while
	// the contact ($7, its normal form) holds fewer upcoming live bookings after $8 than $9.
	qUnderCap = ` AND (SELECT count(*) FROM bookings
		WHERE salon = $5 AND contact_key = $7 AND status = 'booked' AND starts_at > $8) < $9`
	// qOnConflict ends qSpendAt as it ends qSpend.
	qOnConflict = ` ON CONFLICT (id) DO NOTHING`
	// qBookingByID reads a booking by its primary key.
	qBookingByID = `SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1`
)

// Both databases insert a simple salon's booking alike: qInsertSlot, under conditions of their
// own, and qOneLivePerStart. A menu salon's (qMenuBook) names a stylist, a span and a deposit too.
const (
	// qInsertSlot inserts $1 to $12 as a live booking of a slot, as a SELECT that a WHERE follows.
	qInsertSlot = `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, manage_hash, contact_key, language)
		SELECT $1, $2, $3, $4, $5, $6, $7, $8, 'booked', $9, $10, $11, $12`
	// qOneLivePerStart inserts nothing where a live booking holds the stylist's start already
	// (bookings_one_live_per_slot), rather than fail, so the transaction goes on.
	qOneLivePerStart = `
		ON CONFLICT (salon, stylist, starts_at) WHERE status = 'booked' DO NOTHING`
)

// On SQLite a booking is qBookFirst, then, in the same transaction, the booking read back by
// qBookingByID and its spend written by qSpend. The transaction holds the only write lock, so
// nothing can spend the state or book the slot between the checks and the writes, and the spend
// finds its booking already there, which is all the foreign key asks of it.
const (
	// qBookFirst books a slot of a registered salon unless the state is spent or the slot is
	// closed. ON CONFLICT DO NOTHING: a live booking of the slot makes it insert nothing.
	qBookFirst = qInsertSlot + `
		WHERE EXISTS (SELECT 1 FROM salons WHERE id = $2)
			AND NOT EXISTS (SELECT 1 FROM spent_states WHERE id = $9)
			AND NOT EXISTS (SELECT 1 FROM closed_slots WHERE salon = $2 AND starts_at = $4)` + qOneLivePerStart
	// qIsClosed says whether a salon's slot is closed.
	qIsClosed = `SELECT EXISTS (SELECT 1 FROM closed_slots WHERE salon = $1 AND starts_at = $2)`
)

// On PostgreSQL a booking is qSpendAt, qBook and qNotBooked, sent together in one round trip and
// run as one transaction. Each decides from what the one before it wrote, not from what it
// answered, and each is a statement of its own, so each sees what committed before it began: a
// booking whose lock on the salon's row waited for a close sees the closed slot.
const (
	// qBook books a slot when qSpendAt wrote this booking's spend, unless the slot is closed. ON
	// CONFLICT DO NOTHING: a live booking of the slot, committed or committing, makes it insert
	// nothing instead of failing, so the transaction goes on to spend the state as taken. It
	// returns the row as the database stored it.
	qBook = qInsertSlot + `
		WHERE EXISTS (SELECT 1 FROM spent_states WHERE id = $9 AND booking = $1)
			AND NOT EXISTS (SELECT 1 FROM closed_slots WHERE salon = $2 AND starts_at = $4)` + qOneLivePerStart + `
		RETURNING ` + bookingColumns
	// qNotBooked records a spend written as booked as taken instead, when qBook booked nothing,
	// and returns whether the slot is closed, which is why.
	qNotBooked = `UPDATE spent_states SET outcome = 'taken', booking = NULL
		WHERE id = $1 AND booking = $2 AND NOT EXISTS (SELECT 1 FROM bookings WHERE id = $2)
		RETURNING EXISTS (SELECT 1 FROM closed_slots WHERE salon = $3 AND starts_at = $4)`
)

// keepAfter is how long a spent state's row outlives its goodUntil. A state verifies through its
// whole last second, and instances' clocks may differ a little, so the row stays a few seconds
// longer than the state can be used anywhere.
const keepAfter = 5 * time.Second

// Spend spends the request state id, good until goodUntil, and, when hold is not nil, books hold,
// in one transaction: either the state is spent with its outcome recorded, or nothing changed.
//
// A state already spent gives requeststate.ErrAlreadyUsed, and nothing changes. Of any number of
// spends of one id, concurrent or not and from any instance, exactly one succeeds.
//
// With no hold the spend is recorded as declined and the Outcome is zero. With a hold, an unknown
// salon gives salon.NoSalon and nothing changes. A hold whose slot is live-booked, closed, or starts at
// or before now books nothing: the state is spent, recorded as taken, and Outcome.Taken says why.
// Otherwise the slot is booked, and the booking is returned as the database stored it, read inside
// the transaction that wrote it (by its key on SQLite, from its INSERT's RETURNING on PostgreSQL)
// and answered once that transaction committed. Of holds racing for one slot, exactly one books it.
//
// Any other error means the database failed. Before the commit, nothing changed, and the same
// spend can succeed later. If the commit succeeded but the booking's row couldn't be read, the
// outcome is Unread, with the booking as held: the state is spent and the booking made.
//
// On SQLite, spends that arrive while others are being written go together in the next
// transaction, so that one commit, and one sync to the disk, carries them all. Each still
// decides as if it were alone, in the order they arrived, and a spend that fails is tried again
// alone, so batching changes no outcome. ctx bounds the wait for a place in a batch; once its
// batch is under way, a spend's answer is the batch's. On PostgreSQL, a booking's statements
// travel to the server together, in one round trip.
func (s *Store) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *salon.Hold, now time.Time) (salon.SpendOutcome, error) {
	sp := &spend{ctx: ctx, id: id, goodUntil: goodUntil, hold: hold, now: now}
	if s.batch == nil {
		sp.spent = s.spendAlone(sp)
	} else {
		sp.done = make(chan spent, 1)
		s.batch.add(sp, s.runBatches)
		select {
		case sp.spent = <-sp.done:
		case <-ctx.Done():
			if s.batch.remove(sp) {
				return salon.SpendOutcome{}, ctx.Err()
			}
			sp.spent = <-sp.done
		}
	}
	if r := sp.spent; r.booked || errors.As(r.err, new(*notReadBack)) {
		s.wake()
	}
	var unread *notReadBack
	switch r := sp.spent; {
	case errors.As(r.err, &unread):
		b := salon.Booking{ID: hold.ID, Salon: hold.Salon, Slot: hold.Slot, Start: hold.Start.UTC().Truncate(time.Second),
			Customer: hold.Customer, Words: hold.Words, BookedAt: now.UTC().Truncate(time.Second), Status: salon.Booked}
		return salon.SpendOutcome{Booking: &b, Unread: true}, nil
	case r.err != nil:
		return salon.SpendOutcome{}, r.err
	case !r.booked:
		return salon.SpendOutcome{Taken: r.taken}, nil
	default:
		return salon.SpendOutcome{Booking: &r.booking}, nil
	}
}

// notReadBack is a booking that committed but whose row couldn't be read: the state is spent and
// the hold booked, so the caller must not tell the customer the booking failed.
type notReadBack struct{ Err error }

func (e *notReadBack) Error() string {
	return "the booking committed but couldn't be read back: " + e.Err.Error()
}

// Unwrap gives the read's own error.
func (e *notReadBack) Unwrap() error { return e.Err }

// spend is one call of Spend.
type spend struct {
	ctx       context.Context
	id        requeststate.SpendID
	goodUntil time.Time
	hold      *salon.Hold
	now       time.Time

	spent spent
	done  chan spent // a batched spend's answer; buffered, so the batch never waits on it
}

// books reports whether sp would book a slot: it has a hold whose slot is still ahead.
func (sp *spend) books() bool { return sp.hold != nil && sp.hold.Start.After(sp.now) }

// spent is what a spend did, known at its commit.
type spent struct {
	booked  bool          // the hold was booked
	booking salon.Booking // as the database stored it
	taken   salon.Taken   // or why not
	err     error
}

// spendAlone runs sp in a transaction of its own.
func (s *Store) spendAlone(sp *spend) spent {
	var r spent
	switch {
	case !sp.books():
		// One statement is one transaction.
		r = s.spendIn(sp.ctx, s.w, sp)
	case s.batch == nil && !sp.menu():
		r = s.bookPipelined(sp)
	default:
		r = s.bookInTx(sp)
	}
	if r.err != nil && s.d.unique(r.err) && s.stateBooked(sp.ctx, sp.id) {
		// The state's spend was swept while it could still book, and the unique index on the
		// bookings' states refused its second booking.
		return spent{err: requeststate.ErrAlreadyUsed}
	}
	return r
}

// bookInTx runs a booking in a transaction of its own: on SQLite, and a menu salon's on PostgreSQL too.
func (s *Store) bookInTx(sp *spend) spent {
	tx, err := s.write.BeginTx(sp.ctx, nil)
	if err != nil {
		return spent{err: err}
	}
	defer tx.Rollback()
	r := s.spendIn(sp.ctx, s.w.in(tx), sp)
	if r.err != nil {
		return r
	}
	if err := tx.Commit(); err != nil {
		return spent{err: err}
	}
	return r
}

// spendIn runs the statements of sp on w: in a transaction, on SQLite or at a menu salon, when sp books. A named
// error comes with nothing written; any other leaves the transaction to be rolled back.
func (s *Store) spendIn(ctx context.Context, w prepared, sp *spend) spent {
	h := sp.hold
	switch {
	case h == nil:
		res, err := w.exec(ctx, qSpend, sp.id[:], sp.goodUntil.Unix(), "declined", nil)
		if err != nil {
			return spent{err: err}
		}
		if n, err := res.RowsAffected(); err != nil {
			return spent{err: err}
		} else if n == 0 {
			return spent{err: requeststate.ErrAlreadyUsed}
		}
		return spent{}
	case !sp.books():
		return s.spendTaken(ctx, w, sp, salon.TakenPast)
	case sp.menu():
		return s.spendMenuIn(ctx, w, sp)
	}
	if err := s.capHold(ctx, w, sp); err != nil {
		// Over the cap: nothing is written, and the state stays unspent.
		return spent{err: err}
	}
	start := h.Start.Unix()
	res, err := w.exec(ctx, qBookFirst, text(h.ID), text(h.Salon), text(h.Slot), start,
		text(h.Name), text(h.Contact), text(h.Words), sp.now.Unix(), sp.id[:], h.ManageHash, h.Key(), h.Language)
	if err != nil {
		return spent{err: err}
	}
	if n, err := res.RowsAffected(); err != nil {
		return spent{err: err}
	} else if n == 0 {
		// Booked nothing: the salon is unknown, the state spent, or the slot closed or booked.
		var closed bool
		if err := w.queryRow(ctx, qIsClosed, text(h.Salon), start).Scan(&closed); err != nil {
			return spent{err: err}
		}
		if closed {
			return s.spendTaken(ctx, w, sp, salon.TakenClosed)
		}
		return s.spendTaken(ctx, w, sp, salon.TakenBooked)
	}
	b, err := scanBooking(w.queryRow(ctx, qBookingByID, text(h.ID)))
	if err != nil {
		return spent{err: err}
	}
	res, err = w.exec(ctx, qSpend, sp.id[:], sp.goodUntil.Unix(), "booked", text(h.ID))
	if err != nil {
		return spent{err: err}
	}
	if n, err := res.RowsAffected(); err != nil {
		return spent{err: err}
	} else if n != 1 {
		return spent{err: errors.New("the state was spent while its booking was being written")}
	}
	if err := s.told(ctx, w, salon.EventCreated, b, time.Time{}, sp.now); err != nil {
		return spent{err: err}
	}
	return spent{booked: true, booking: b}
}

// spendTaken writes sp's spend as taken, for why, unless its salon is unknown or the state spent.
func (s *Store) spendTaken(ctx context.Context, w prepared, sp *spend, why salon.Taken) spent {
	res, err := w.exec(ctx, s.spendAt, sp.id[:], sp.goodUntil.Unix(), "taken", nil, text(sp.hold.Salon), text(sp.hold.Slot))
	if err != nil {
		return spent{err: err}
	}
	if n, err := res.RowsAffected(); err != nil {
		return spent{err: err}
	} else if n == 0 {
		return spent{err: s.notSpent(ctx, w, sp.hold.Salon)}
	}
	return spent{taken: why}
}

// notSpent says why a spend at the salon id wrote nothing: salon.NoSalon, or the state was spent.
func (s *Store) notSpent(ctx context.Context, w prepared, id string) error {
	var one int
	err := w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`, text(id)).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return salon.NoSalon(id)
	case err != nil:
		return err
	}
	return requeststate.ErrAlreadyUsed
}

// bookPipelined runs a booking on PostgreSQL: its statements go to the server in one
// round trip, and run as one transaction, which commits at the end of the round trip unless one
// of them failed.
func (s *Store) bookPipelined(sp *spend) spent {
	conn, err := s.write.Conn(sp.ctx)
	if err != nil {
		return spent{err: err}
	}
	defer conn.Close()
	var r spent
	err = conn.Raw(func(driverConn any) error {
		pg, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("a PostgreSQL connection is a %T, not pgx's", driverConn)
		}
		r = s.pipeline(sp, pg.Conn())
		return nil
	})
	if err != nil {
		return spent{err: err}
	}
	if r.err == nil && !r.booked && r.taken == 0 {
		// Wrote nothing at all: the salon is unknown, the state spent, or the contact at its cap.
		r.err = s.notSpent(sp.ctx, s.r, sp.hold.Salon)
		if errors.Is(r.err, requeststate.ErrAlreadyUsed) && sp.hold.MaxUpcoming > 0 && !s.stateSpent(sp.ctx, sp.id) {
			r.err = s.overCapNow(sp)
		}
	}
	return r
}

// stateSpent reports whether the state id is spent; true when it can't say, so the caller keeps
// the refusal it had.
func (s *Store) stateSpent(ctx context.Context, id requeststate.SpendID) bool {
	var one int
	err := s.r.queryRow(ctx, `SELECT 1 FROM spent_states WHERE id = $1`, id[:]).Scan(&one)
	return !errors.Is(err, sql.ErrNoRows)
}

// overCapNow is the refusal of sp's hold over its contact's cap, counted again after the spend that
// wrote nothing; at least the cap, since the spend found the contact there.
func (s *Store) overCapNow(sp *spend) error {
	h := sp.hold
	held, err := s.Upcoming(sp.ctx, h.Salon, h.Key(), sp.now)
	if err != nil {
		return err
	}
	return s.overCap(sp.ctx, s.r, h.Salon, max(held, h.MaxUpcoming))
}

// pipeline sends the booking's statements on c and reads their answers: zero when it wrote nothing.
func (s *Store) pipeline(sp *spend, c *pgx.Conn) spent {
	h := sp.hold
	start := h.Start.Unix()
	key := h.Key()
	var batch pgx.Batch
	if h.MaxUpcoming > 0 {
		// The contact's lock first, then the spend, written only while the contact holds fewer
		// upcoming bookings than the cap: over it, nothing at all is written.
		batch.Queue(s.d.lockContact, contactLock(h.Salon, key))
		batch.Queue(s.spendAtCapped, sp.id[:], sp.goodUntil.Unix(), "booked", text(h.ID), text(h.Salon), text(h.Slot),
			key, sp.now.Unix(), int64(h.MaxUpcoming))
	} else {
		batch.Queue(s.spendAt, sp.id[:], sp.goodUntil.Unix(), "booked", text(h.ID), text(h.Salon), text(h.Slot))
	}
	batch.Queue(qBook, text(h.ID), text(h.Salon), text(h.Slot), start,
		text(h.Name), text(h.Contact), text(h.Words), sp.now.Unix(), sp.id[:], h.ManageHash, key, h.Language)
	batch.Queue(qNotBooked, sp.id[:], text(h.ID), text(h.Salon), start)
	// The event and its deliveries: written exactly when qBook wrote the booking.
	s.queueTold(&batch, salon.EventCreated, salon.Booking{ID: h.ID, Customer: h.Customer, Start: h.Start}, sp.now)
	results := c.SendBatch(sp.ctx, &batch)
	if h.MaxUpcoming > 0 {
		if _, err := results.Exec(); err != nil {
			return spent{err: errors.Join(err, results.Close())}
		}
	}
	r, unread, err := readPipeline(results)
	// Closing reads the end of the round trip, and with it the commit's answer.
	if err := errors.Join(err, results.Close()); err != nil {
		return spent{err: err}
	}
	if unread != nil {
		return spent{err: &notReadBack{Err: unread}}
	}
	return r
}

// readPipeline reads the answers of a booking's statements: the spend, the booking, the spend
// made taken, and the event with its deliveries. unread is the booking's row failing to scan,
// which changes nothing the server does.
func readPipeline(results pgx.BatchResults) (r spent, unread, err error) {
	if _, err := results.Exec(); err != nil {
		return spent{}, nil, err
	}
	rows, err := results.Query()
	if err != nil {
		return spent{}, nil, err
	}
	for rows.Next() {
		r.booked = true
		r.booking, unread = scanBooking(rows)
	}
	if err := rows.Err(); err != nil && unread == nil {
		return spent{}, nil, err
	}
	var closed bool
	switch err := results.QueryRow().Scan(&closed); {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return spent{}, nil, err
	case closed:
		r.taken = salon.TakenClosed
	default:
		r.taken = salon.TakenBooked
	}
	for range 2 { // the event and its deliveries
		if _, err := results.Exec(); err != nil {
			return spent{}, nil, err
		}
	}
	return r, unread, nil
}

// stateBooked reports whether a booking made by the state id exists; false when it can't say.
func (s *Store) stateBooked(ctx context.Context, id requeststate.SpendID) bool {
	var one int
	return s.r.queryRow(ctx, `SELECT 1 FROM bookings WHERE state = $1`, id[:]).Scan(&one) == nil
}

// batcher queues SQLite's spends for the next shared transaction.
type batcher struct {
	mu      sync.Mutex
	running bool     // a goroutine is running batches, and will take what is queued
	queue   []*spend // waiting for the next batch, in the order they came
	batches atomic.Int64
}

// maxBatch bounds a batch, so a transaction stays short whatever the load.
const maxBatch = 128

// add queues sp, starting run in a goroutine when none is running.
func (b *batcher) add(sp *spend, run func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.queue = append(b.queue, sp)
	if !b.running {
		b.running = true
		go run()
	}
}

// remove takes sp out of the queue, and reports whether it was still there.
func (b *batcher) remove(sp *spend) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	i := slices.Index(b.queue, sp)
	if i < 0 {
		return false
	}
	b.queue = slices.Delete(b.queue, i, i+1)
	return true
}

// next takes the next batch off the queue, or reports that there is none and the runner stops.
func (b *batcher) next() ([]*spend, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := min(len(b.queue), maxBatch)
	if n == 0 {
		b.running = false
		return nil, false
	}
	batch := slices.Clone(b.queue[:n])
	b.queue = slices.Delete(b.queue, 0, n)
	return batch, true
}

// runBatches runs batches until the queue is empty.
func (s *Store) runBatches() {
	for {
		batch, ok := s.batch.next()
		if !ok {
			return
		}
		s.runBatch(batch)
	}
}

// runBatch runs batch's spends in one transaction and answers each. If one fails, the batch is
// rolled back and each runs again alone, so that only the failing one fails.
func (s *Store) runBatch(batch []*spend) {
	answers, err := s.spendBatch(batch)
	if err != nil {
		for _, sp := range batch {
			sp.done <- s.spendAlone(sp)
		}
		return
	}
	for i, sp := range batch {
		sp.done <- answers[i]
	}
}

func (s *Store) spendBatch(batch []*spend) ([]spent, error) {
	s.batch.batches.Add(1)
	// No context can end a batch: modernc's driver watches a cancellable one with a goroutine and a
	// progress callback for every statement, which costs a booking 7 % of its instructions, and a
	// batch's statements are short. What can hold one up is another process's lock, and SQLite's
	// busy timeout bounds that wait at 5 s.
	ctx := context.Background()
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	answers := make([]spent, len(batch))
	for i, sp := range batch {
		answers[i] = s.spendIn(ctx, w, sp)
		if err := answers[i].err; err != nil && refusal.KindOf(err) == refusal.Internal {
			return nil, err
		}
	}
	return answers, tx.Commit()
}
