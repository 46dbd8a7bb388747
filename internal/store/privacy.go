// This file holds the customer's data in the calendar: each booking's contact in its normal form,
// a contact's bookings found, exported and erased, one booking erased by its customer, the cap of
// upcoming bookings per contact, and the retention sweep.

package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"salon/internal/audit"
	"salon/internal/requeststate"
	"salon/internal/salon"
)

// erasedDetails is what a booking's name, contact and words become when erased: each empty. Its
// contact_key becomes ” beside them, which marks it erased.
var erasedDetails = []byte{}

// qUpcoming counts a contact's upcoming live bookings at a salon.
const qUpcoming = `SELECT count(*) FROM bookings
	WHERE salon = $1 AND contact_key = $2 AND status = 'booked' AND starts_at > $3`

// fillBatch is how many bookings without a contact key one statement fills at most.
const fillBatch = 500

// fillContactKeys writes the contact key of every booking that has none yet (those made before the
// keys were kept, or during a rolling upgrade by an instance that doesn't write them), at the
// salon id or at every salon when id is "", a batch at a time, and reports how many it filled.
func (s *Store) fillContactKeys(ctx context.Context, w prepared, id string) (int, error) {
	filled := 0
	for {
		// Each booking's contact is read in its salon's region, from the salon's phone.
		query, args := `SELECT b.id, b.contact, s.phone FROM bookings b JOIN salons s ON s.id = b.salon
			WHERE b.contact_key IS NULL LIMIT $1`, []any{int64(fillBatch)}
		if id != "" {
			query, args = `SELECT b.id, b.contact, s.phone FROM bookings b JOIN salons s ON s.id = b.salon
				WHERE b.salon = $2 AND b.contact_key IS NULL LIMIT $1`, []any{int64(fillBatch), text(id)}
		}
		rows, err := w.query(ctx, query, args...)
		if err != nil {
			return filled, err
		}
		type unfilled struct{ id, contact, phone []byte }
		var batch []unfilled
		for rows.Next() {
			var u unfilled
			if err := rows.Scan(&u.id, &u.contact, &u.phone); err != nil {
				rows.Close()
				return filled, err
			}
			batch = append(batch, u)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return filled, err
		}
		for _, u := range batch {
			if _, err := w.exec(ctx, `UPDATE bookings SET contact_key = $2 WHERE id = $1 AND contact_key IS NULL`,
				u.id, salon.ContactKey(string(u.contact), salon.RegionOf(string(u.phone)))); err != nil {
				return filled, err
			}
		}
		filled += len(batch)
		if len(batch) < fillBatch {
			return filled, nil
		}
	}
}

// fillAll fills every booking's contact key, in transactions of a batch each, as Open does.
func (s *Store) fillAll(ctx context.Context) error {
	for {
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		var n int
		n, err = s.fillContactKeys(ctx, s.w.in(tx), "")
		if err == nil {
			err = tx.Commit()
		}
		tx.Rollback()
		if err != nil || n < fillBatch {
			return err
		}
	}
}

// Upcoming counts the live bookings at the salon id whose contact has the normal form key
// (salon.ContactKey) and which start after now.
func (s *Store) Upcoming(ctx context.Context, id, key string, now time.Time) (int, error) {
	var n int64
	err := s.r.queryRow(ctx, qUpcoming, text(id), key, now.Unix()).Scan(&n)
	return int(n), err
}

// contactLock is the advisory lock's key of the salon id's contact key: 64 bits of their SHA-256.
func contactLock(id, key string) int64 {
	sum := sha256.Sum256([]byte(id + "\x00" + key))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}

// overCap is the refusal of a hold whose contact holds held upcoming bookings at the salon id, the
// salon's name read on w.
func (s *Store) overCap(ctx context.Context, w prepared, id string, held int) error {
	var name []byte
	if err := w.queryRow(ctx, `SELECT name FROM salons WHERE id = $1`, text(id)).Scan(&name); err != nil {
		return err
	}
	return salon.OverCap(held, string(name))
}

// capHold checks the cap of sp's hold on w, inside the booking's transaction: nil when the hold
// has no cap or its contact holds fewer upcoming bookings than it allows at sp.now, else
// salon.OverCap, or requeststate.ErrAlreadyUsed when the state is spent already (a round two sent
// again hears that, as it would without a cap). On PostgreSQL it first takes the transaction's
// lock of the salon's contact, so two bookings of one contact count one after the other; SQLite's
// write transactions run one at a time already.
func (s *Store) capHold(ctx context.Context, w prepared, sp *spend) error {
	h := sp.hold
	if h.MaxUpcoming <= 0 {
		return nil
	}
	key := h.Key()
	if s.d.lockContact != "" {
		if _, err := w.exec(ctx, s.d.lockContact, contactLock(h.Salon, key)); err != nil {
			return err
		}
	}
	var held int64
	if err := w.queryRow(ctx, qUpcoming, text(h.Salon), key, sp.now.Unix()).Scan(&held); err != nil {
		return err
	}
	if held < int64(h.MaxUpcoming) {
		return nil
	}
	var one int
	switch err := w.queryRow(ctx, `SELECT 1 FROM spent_states WHERE id = $1`, sp.id[:]).Scan(&one); {
	case err == nil:
		return requeststate.ErrAlreadyUsed
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	return s.overCap(ctx, w, h.Salon, int(held))
}

// EraseContact erases the name, contact and words of every booking at the salon id whose contact
// has the normal form key, leaving each "", and reports how many it erased. The bookings stay,
// with their spans and statuses, so the calendar holds as it was. The erasure is recorded in the
// audit in the same transaction, by count: the entry names no contact. An unknown salon is
// salon.NoSalon.
func (s *Store) EraseContact(ctx context.Context, id, key string) (int, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	if err := s.salonIn(ctx, w, id); err != nil {
		return 0, err
	}
	if _, err := s.fillContactKeys(ctx, w, id); err != nil {
		return 0, err
	}
	res, err := w.exec(ctx, `UPDATE bookings SET name = $3, contact = $3, words = $3, contact_key = ''
		WHERE salon = $1 AND contact_key = $2`, text(id), key, erasedDetails)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if err := s.audit(ctx, w, id, audit.Entry{Action: audit.EraseCustomer, Detail: plural(n, "booking") + " erased"}); err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return int(n), s.scrubbed(ctx, n)
}

// scrubbed scrubs the database once n bookings' details were erased (see scrub); nothing when n is 0.
func (s *Store) scrubbed(ctx context.Context, n int64) error {
	if n == 0 {
		return nil
	}
	return s.scrub(ctx)
}

// scrub is run after details were erased in a transaction that committed. On SQLite it leaves no
// copy of them on disk: secure_delete zeroed the erased bytes in the pages written, and scrub
// checkpoints the WAL into the database and truncates it, so the old pages it held are gone. On
// PostgreSQL it vacuums the bookings table, whose dead row versions held them, at once and without
// locking anything; their bytes stay in the pages' free space until reused, so it also notes that
// the table is to be rewritten, which ScrubDue does. What neither reaches is a copy made before: a
// backup, or PostgreSQL's write-ahead log until its segments are recycled (docs/privacy.md).
//
// An erasure that committed is done whatever scrub says: a failure here is the operator's to see,
// and the next erasure or retention sweep scrubs again.
func (s *Store) scrub(ctx context.Context) error {
	if s.d.rewrite != "" {
		if _, err := s.write.ExecContext(ctx, `UPDATE scrubs SET wanted_at = $1 WHERE id = 1`, s.now().UnixMilli()); err != nil {
			return fmt.Errorf("noting what was erased: %w", err)
		}
	}
	if _, err := s.write.ExecContext(ctx, s.d.scrub); err != nil {
		return fmt.Errorf("scrubbing what was erased: %w", err)
	}
	return nil
}

// ScrubDue rewrites PostgreSQL's bookings table and its indexes into new files when an erasure
// asked for it and the last rewrite is at least every old at now, so no byte of an erased
// customer's details is left in the table's files; it reports whether it did. The rewrite holds
// the table's exclusive lock while it runs (about 1.5 s at 200,000 bookings), so it comes at most
// once an every; of many instances, the one whose claim of it lands first does it. On SQLite it
// does nothing: each erasure scrubbed the file already.
func (s *Store) ScrubDue(ctx context.Context, now time.Time, every time.Duration) (bool, error) {
	if s.d.rewrite == "" {
		return false, nil
	}
	at := now.UnixMilli()
	res, err := s.write.ExecContext(ctx, `UPDATE scrubs SET done_at = $1 WHERE id = 1 AND wanted_at IS NOT NULL
		AND (done_at IS NULL OR (done_at < wanted_at AND done_at <= $2))`, at, at-every.Milliseconds())
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := s.write.ExecContext(ctx, s.d.rewrite); err != nil {
		// Claimed and not done: let the next sweep claim it again.
		_, undo := s.write.ExecContext(context.WithoutCancel(ctx), `UPDATE scrubs SET done_at = NULL WHERE id = 1 AND done_at = $1`, at)
		return false, errors.Join(err, undo)
	}
	return true, nil
}

// plural is n things, the thing's word in the plural unless n is 1.
func plural(n int64, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// salonIn checks on w that the salon id is registered: salon.NoSalon when it isn't. It locks
// nothing, so the salon's bookings go on meanwhile.
func (s *Store) salonIn(ctx context.Context, w prepared, id string) error {
	var one int
	err := w.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`, text(id)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.NoSalon(id)
	}
	return err
}

// ContactBookings lists every booking at the salon id whose contact has the normal form key, live
// and cancelled, past and upcoming, earliest first, for the customer's export, and records the
// export in the audit in the same transaction, by count. An unknown salon is salon.NoSalon.
func (s *Store) ContactBookings(ctx context.Context, id, key string) ([]salon.Booking, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	if err := s.salonIn(ctx, w, id); err != nil {
		return nil, err
	}
	if _, err := s.fillContactKeys(ctx, w, id); err != nil {
		return nil, err
	}
	rows, err := w.query(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE salon = $1 AND contact_key = $2
		ORDER BY starts_at, booked_at, id`, text(id), key)
	if err != nil {
		return nil, err
	}
	var found []salon.Booking
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		found = append(found, b)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	if err := s.audit(ctx, w, id, audit.Entry{Action: audit.ExportCustomer, Detail: plural(int64(len(found)), "booking") + " exported"}); err != nil {
		return nil, err
	}
	return found, tx.Commit()
}

// EraseBooking erases the name, contact and words of the salon's booking id, leaving each "", for
// its customer, and reports whether it erased anything: false when they were erased already. The
// booking stays, with its span and status. An unknown booking is salon.NoBooking.
func (s *Store) EraseBooking(ctx context.Context, salonID, id string) (bool, error) {
	res, err := s.w.exec(ctx, `UPDATE bookings SET name = $3, contact = $3, words = $3, contact_key = ''
		WHERE salon = $1 AND id = $2 AND (contact_key IS NULL OR contact_key <> '')`, text(salonID), text(id), erasedDetails)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n == 0 {
		if _, err := s.Booking(ctx, salonID, id); err != nil {
			return false, err
		}
	}
	return n == 1, s.scrubbed(ctx, n)
}

// The retention sweep's bounds: a batch of bookings per transaction, and batches per sweep, so one
// sweep's transactions stay short and a backlog is worked off over a few sweeps.
const (
	eraseBatch    = 500
	erasesPerTurn = 200
)

// retentionLock is the PostgreSQL advisory lock the retention sweep holds for each batch, so one
// instance at a time sweeps: the others find it taken and leave the batch to it.
const retentionLock int64 = 0x626f6f6b696e6764 // "bookingd"

// qEraseEnded erases the details of a batch of bookings that ended before $1: a menu booking at its
// start plus its service's minutes, a simple salon's at its start plus the salon's slot.
const qEraseEnded = `UPDATE bookings SET name = $2, contact = $2, words = $2, contact_key = ''
	WHERE id IN (SELECT b.id FROM bookings b
		WHERE b.contact_key <> '' AND b.starts_at < $1
			AND b.starts_at + 60 * (CASE WHEN b.minutes > 0 THEN b.minutes
				ELSE (SELECT slot_minutes FROM salons WHERE salons.id = b.salon) END) < $1
		LIMIT $3)`

// EraseEnded erases the name, contact and words of every booking that ended before before, leaving
// each "", and reports how many it erased: the retention sweep. The bookings stay, as spans. It
// fills in the contact keys still missing first. On PostgreSQL each batch holds an advisory lock,
// and a sweep that finds it held by another instance stops there and reports what it erased: one
// instance at a time sweeps. (SQLite is one instance's database, and the server runs one sweep at
// a time.) A sweep erases at most erasesPerTurn batches; the next sweep goes on. A sweep that
// erased anything scrubs the database after (see scrub).
func (s *Store) EraseEnded(ctx context.Context, before time.Time) (int64, error) {
	var erased int64
	for range erasesPerTurn {
		n, locked, err := s.eraseBatch(ctx, before)
		erased += n
		if err != nil || !locked || n < eraseBatch {
			return erased, errors.Join(err, s.scrubbed(ctx, erased))
		}
	}
	return erased, s.scrubbed(ctx, erased)
}

// eraseBatch erases one batch in a transaction of its own, when it can take the sweep's lock.
func (s *Store) eraseBatch(ctx context.Context, before time.Time) (n int64, locked bool, err error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	if s.d.tryLock != "" {
		if err := w.queryRow(ctx, s.d.tryLock, retentionLock).Scan(&locked); err != nil || !locked {
			return 0, false, err
		}
	}
	if _, err := s.fillContactKeys(ctx, w, ""); err != nil {
		return 0, true, err
	}
	res, err := w.exec(ctx, qEraseEnded, before.Unix(), erasedDetails, int64(eraseBatch))
	if err != nil {
		return 0, true, err
	}
	if n, err = res.RowsAffected(); err != nil {
		return 0, true, err
	}
	return n, true, tx.Commit()
}
