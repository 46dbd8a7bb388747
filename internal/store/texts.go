// This file holds what the store keeps of texts: the numbers that unsubscribed at a salon, and
// each text Twilio took with its last status.

package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// OptOut records that the contact (its key) unsubscribed from the salon's texts; recorded again, it
// stays as first recorded.
func (s *Store) OptOut(ctx context.Context, salonID, contactKey string, now time.Time) error {
	_, err := s.w.exec(ctx, `INSERT INTO text_opt_outs (salon, contact_key, at) VALUES ($1, $2, $3)
		ON CONFLICT (salon, contact_key) DO NOTHING`, text(salonID), contactKey, now.Unix())
	return err
}

// OptedOut reports whether the contact (its key) unsubscribed from the salon's texts.
func (s *Store) OptedOut(ctx context.Context, salonID, contactKey string) (bool, error) {
	var one int
	err := s.r.queryRow(ctx, `SELECT 1 FROM text_opt_outs WHERE salon = $1 AND contact_key = $2`, text(salonID), contactKey).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// TextSent records the text sid about the salon's booking with its status: queued, once Twilio
// took it; or, for one Twilio refused, a status of the service's own (unsubscribed) under an id
// that names the delivery, so the owner sees why the customer heard nothing.
func (s *Store) TextSent(ctx context.Context, sid, salonID, booking, status string, now time.Time) error {
	_, err := s.w.exec(ctx, `INSERT INTO texts (sid, salon, booking, status, at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (sid) DO NOTHING`, sid, text(salonID), text(booking), status, now.UnixMilli())
	return err
}

// TextStatus records the status Twilio called back for the text sid, and reports whether it knows
// the text. A status arriving after a later one (Twilio's callbacks may cross) still records: the
// last callback wins, as Twilio's own console shows it.
func (s *Store) TextStatus(ctx context.Context, sid, status string, now time.Time) (bool, error) {
	res, err := s.w.exec(ctx, `UPDATE texts SET status = $2, at = $3 WHERE sid = $1`, sid, status, now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// LastTextStatus is the status of the last text about the salon's booking, "" when none was sent.
func (s *Store) LastTextStatus(ctx context.Context, salonID, booking string) (string, error) {
	var status string
	err := s.r.queryRow(ctx, `SELECT status FROM texts WHERE salon = $1 AND booking = $2 ORDER BY at DESC LIMIT 1`,
		text(salonID), text(booking)).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return status, err
}

// LastTexts are the statuses of the last text about each of the salon's bookings starting in
// [from, to), by booking id; a booking never texted is absent.
func (s *Store) LastTexts(ctx context.Context, salonID string, from, to time.Time) (map[string]string, error) {
	rows, err := s.r.query(ctx, `SELECT t.booking, t.status FROM texts t JOIN bookings b ON b.id = t.booking
		WHERE b.salon = $1 AND b.starts_at >= $2 AND b.starts_at < $3 ORDER BY t.at`, text(salonID), from.Unix(), to.Unix())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	last := map[string]string{}
	for rows.Next() {
		var booking []byte
		var status string
		if err := rows.Scan(&booking, &status); err != nil {
			return nil, err
		}
		last[string(booking)] = status
	}
	return last, rows.Err()
}
