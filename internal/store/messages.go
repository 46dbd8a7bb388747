// This file holds what a salon sends its customers, counted: each message's place among its
// contact's of the day, and those dropped past the daily bound, which the owner sees.

package store

import (
	"context"
	"database/sql"
	"time"

	"salon/internal/salon"
)

// DroppedNote starts the note of a message dropped past the daily bound of a contact.
const DroppedNote = "dropped: "

// qMessagesReserved counts the messages that took their place among the salon $1's contact $2
// (its normal form) from $3 on, in Unix milliseconds: the deliveries to the customer of the
// contact's bookings' events. The contact's bookings are found by their index, each one's events
// by theirs, and each event's deliveries by their key.
const qMessagesReserved = `SELECT count(*) FROM bookings b
	JOIN events e ON e.booking = b.id
	JOIN deliveries d ON d.event = e.id
	WHERE b.salon = $1 AND b.contact_key = $2 AND d.target IN ('` + MailTarget + `', '` + ReminderTarget + `')
		AND d.reserved_at >= $3`

// ReserveMessage gives the message d to the customer of a booking at the salon id a place among its
// contact's messages (the contact's normal form is key) at now, unless perDay of them took theirs
// in the 24 hours before: then it reports false, and d has none. A delivery tried again keeps the
// place its first attempt took, so a retry is never dropped.
//
// The count and the place are taken in one transaction, holding the contact's lock on PostgreSQL
// (SQLite's write transactions run one at a time), so messages to one contact sent at once from
// any number of instances and goroutines take their places one after the other, and never more
// than perDay a day.
func (s *Store) ReserveMessage(ctx context.Context, d Delivery, key string, now time.Time, perDay int) (bool, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	salonID := d.Event.Salon
	if s.d.lockContact != "" {
		if _, err := w.exec(ctx, s.d.lockContact, contactLock(salonID, key)); err != nil {
			return false, err
		}
	}
	var held sql.NullInt64
	if err := w.queryRow(ctx, `SELECT reserved_at FROM deliveries WHERE event = $1 AND target = $2`, d.Event.ID, d.Target).Scan(&held); err != nil {
		return false, err
	}
	if held.Valid {
		return true, nil
	}
	var n int64
	if err := w.queryRow(ctx, qMessagesReserved, text(salonID), key, now.Add(-24*time.Hour).UnixMilli()).Scan(&n); err != nil {
		return false, err
	}
	if n >= int64(perDay) {
		return false, nil
	}
	if _, err := w.exec(ctx, `UPDATE deliveries SET reserved_at = $3 WHERE event = $1 AND target = $2`,
		d.Event.ID, d.Target, now.UnixMilli()); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// DroppedMessages lists the salon id's messages dropped past the daily bound, newest first, at most
// limit of them, over the deliveries still kept (see SweepEvents). It names no customer. An
// unknown salon is salon.NoSalon.
func (s *Store) DroppedMessages(ctx context.Context, id string, limit int) ([]salon.Dropped, error) {
	if ok, err := s.salonExists(ctx, id); err != nil || !ok {
		if err == nil {
			err = salon.NoSalon(id)
		}
		return nil, err
	}
	rows, err := s.r.query(ctx, `SELECT e.booking, e.id, e.type, d.target, d.delivered_at FROM deliveries d
		JOIN events e ON e.id = d.event
		WHERE d.salon = $1 AND d.target IN ('`+MailTarget+`', '`+ReminderTarget+`') AND d.last_error LIKE '`+DroppedNote+`%'
		ORDER BY d.delivered_at DESC, d.event LIMIT $2`, text(id), int64(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []salon.Dropped{}
	for rows.Next() {
		var booking []byte
		var d salon.Dropped
		var at int64
		var kind string
		if err := rows.Scan(&booking, &d.Event, &kind, &d.Target, &at); err != nil {
			return nil, err
		}
		d.Booking, d.Type, d.At = string(booking), salon.EventType(kind), time.UnixMilli(at).UTC()
		out = append(out, d)
	}
	return out, rows.Err()
}
