// This file holds the deliveries of events: claiming those due under a lease, recording what came
// of each attempt, the backlog, and sweeping what was told long enough ago.

package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"salon/internal/salon"
)

// Event is a change of a booking as its event recorded it: the booking's facts as the change left
// them, without the customer's name, contact or words, which a delivery reads from the booking.
type Event struct {
	// ID is the event's id, the webhook-id of every delivery of it.
	ID   string
	Type salon.EventType
	// Salon and Booking name the booking; Slot, Start, Service, Stylist, Status and Sequence are
	// its own as the change left them.
	Salon, Booking   string
	Slot             string
	Start            time.Time
	Service, Stylist string
	Status           salon.Status
	Sequence         int
	// MovedFrom is a move's start before it; zero for any other change.
	MovedFrom time.Time
	// At is when the change was made, to the millisecond.
	At time.Time
}

// Delivery is one delivery of an event to one target, as a claim hands it out.
type Delivery struct {
	Event Event
	// Target is WebhookTarget(id), MailTarget or ReminderTarget.
	Target string
	// Attempt is the number of the attempt this claim is for, from 1.
	Attempt int
	// FirstAttempt is when it was first claimed, from which the retries' limit counts.
	FirstAttempt time.Time
	// Due is when it was first due: the event's time, or a reminder's.
	Due time.Time
}

// salon.Webhook reports whether the delivery is to a webhook, and that webhook's id.
func (d Delivery) Webhook() (id string, ok bool) { return strings.CutPrefix(d.Target, webhookPrefix) }

// The statements of claiming and recording.
const (
	// qClaim claims up to $4 deliveries due at $3 that nobody holds, oldest due first, for $1
	// until $2, counting the attempt: webhooks', the mails and reminders too when $5 is 1, the
	// refunds when $6 is 1, and the texts when $7 is 1. The dialect's skipLocked goes after it, then qClaimEnd.
	qClaim = `UPDATE deliveries SET lease_owner = $1, lease_until = $2, attempts = attempts + 1, first_at = COALESCE(first_at, $3)
		WHERE (event, target) IN (SELECT event, target FROM deliveries
			WHERE delivered_at IS NULL AND failed_at IS NULL AND next_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
				AND (target LIKE 'webhook:%' OR (CAST($5 AS INTEGER) = 1 AND target IN ('mail', 'reminder'))
					OR (CAST($6 AS INTEGER) = 1 AND target = 'refund')
					OR (CAST($7 AS INTEGER) = 1 AND target IN ('text', 'text-reminder')))
			ORDER BY next_at LIMIT $4`
	qClaimEnd = `) RETURNING event, target, attempts, first_at, due_at`
	// qEventByID reads an event.
	qEventByID = `SELECT id, salon, booking, type, slot, starts_at, service, stylist, status, sequence, moved_from, created_at
		FROM events WHERE id = $1`
	// qDelivered records a delivery made, whoever holds it: it was made, so it stays made.
	qDelivered = `UPDATE deliveries SET delivered_at = $3, failed_at = NULL, last_status = $4, last_error = $5,
			lease_until = NULL, lease_owner = NULL
		WHERE event = $1 AND target = $2 AND delivered_at IS NULL`
	// qRetry puts a failed attempt's delivery off until $4, when $3 still holds it.
	qRetry = `UPDATE deliveries SET next_at = $4, last_status = $5, last_error = $6, lease_until = NULL, lease_owner = NULL
		WHERE event = $1 AND target = $2 AND lease_owner = $3 AND delivered_at IS NULL AND failed_at IS NULL`
	// qGiveUp marks a delivery failed for good, when $3 still holds it.
	qGiveUp = `UPDATE deliveries SET failed_at = $4, last_status = $5, last_error = $6, lease_until = NULL, lease_owner = NULL
		WHERE event = $1 AND target = $2 AND lease_owner = $3 AND delivered_at IS NULL AND failed_at IS NULL`
)

// Claimable says which deliveries beside webhooks' an instance makes.
type Claimable int

// What an instance can deliver.
const (
	ClaimMail    Claimable = 1 << iota // the customers' mails and reminders
	ClaimRefunds                       // deposits given back through Stripe
	ClaimTexts                         // the customers' texts and their reminders
)

// Claim claims for owner up to n deliveries due at now that nobody holds (never claimed, or whose
// lease ran out), the longest due first, each until now plus lease, and counts each one's attempt.
// It claims webhooks' deliveries always, and of the rest only those what names (ClaimMail,
// ClaimRefunds), leaving the others to an instance that makes them. On PostgreSQL, instances claiming at once never claim one delivery both: each skips the
// rows another is claiming. A delivery claimed and never recorded (its process died) is claimed
// again once its lease runs out.
func (s *Store) Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, n int, what Claimable) ([]Delivery, error) {
	rows, err := s.w.query(ctx, qClaim+s.d.skipLocked+qClaimEnd, owner, now.Add(lease).UnixMilli(), now.UnixMilli(), int64(n),
		int64(what&ClaimMail), int64(what&ClaimRefunds)/int64(ClaimRefunds), int64(what&ClaimTexts)/int64(ClaimTexts))
	if err != nil {
		return nil, err
	}
	var claimed []Delivery
	for rows.Next() {
		var d Delivery
		var attempts, first, due int64
		if err := rows.Scan(&d.Event.ID, &d.Target, &attempts, &first, &due); err != nil {
			rows.Close()
			return nil, err
		}
		d.Attempt, d.FirstAttempt, d.Due = int(attempts), time.UnixMilli(first).UTC(), time.UnixMilli(due).UTC()
		claimed = append(claimed, d)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	for i := range claimed {
		e, err := s.event(ctx, claimed[i].Event.ID)
		if err != nil {
			return nil, err
		}
		claimed[i].Event = e
	}
	return claimed, nil
}

// event reads the event id.
func (s *Store) event(ctx context.Context, id string) (Event, error) {
	var e Event
	var salonID, booking, slot []byte
	var kind, status string
	var start, sequence, at int64
	var movedFrom sql.NullInt64
	// An event never changes once written, so a reader's snapshot has it: SQLite's one writer is
	// left to the bookings.
	err := s.r.queryRow(ctx, qEventByID, id).Scan(&e.ID, &salonID, &booking, &kind, &slot, &start,
		&e.Service, &e.Stylist, &status, &sequence, &movedFrom, &at)
	if err != nil {
		return Event{}, err
	}
	e.Salon, e.Booking, e.Slot, e.Type, e.Status = string(salonID), string(booking), string(slot), salon.EventType(kind), salon.Status(status)
	e.Start, e.Sequence, e.At = instant(start), int(sequence), time.UnixMilli(at).UTC()
	if movedFrom.Valid {
		e.MovedFrom = instant(movedFrom.Int64)
	}
	return e, nil
}

// Events lists every event kept, oldest first: for audits and tests, which compare what was told
// with what the calendar holds.
func (s *Store) Events(ctx context.Context) ([]Event, error) {
	rows, err := s.r.query(ctx, `SELECT id FROM events ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	events := make([]Event, len(ids))
	for i, id := range ids {
		if events[i], err = s.event(ctx, id); err != nil {
			return nil, err
		}
	}
	return events, nil
}

// Delivered records d as made at at, with the receiver's status and a note ("" for none, or why
// it was skipped), whoever holds it now.
func (s *Store) Delivered(ctx context.Context, d Delivery, at time.Time, status int, note string) error {
	_, err := s.w.exec(ctx, qDelivered, d.Event.ID, d.Target, at.UnixMilli(), int64(status), nullable(note))
	return err
}

// Retry records d's attempt as failed, with the status and why, and puts it off until next, when
// owner still holds it: when another instance claimed it meanwhile, the record is that instance's
// to make.
func (s *Store) Retry(ctx context.Context, d Delivery, owner string, next time.Time, status int, why string) error {
	_, err := s.w.exec(ctx, qRetry, d.Event.ID, d.Target, owner, next.UnixMilli(), int64(status), nullable(why))
	return err
}

// GiveUp records d as failed for good at at, with the last attempt's status and why, when owner
// still holds it. The owner sees it among the webhook's failures.
func (s *Store) GiveUp(ctx context.Context, d Delivery, owner string, at time.Time, status int, why string) error {
	_, err := s.w.exec(ctx, qGiveUp, d.Event.ID, d.Target, owner, at.UnixMilli(), int64(status), nullable(why))
	return err
}

// ReleaseLeases lets go of every claim, on SQLite, which serves one instance: the claims a process
// that died held are its own, and it can take them again at once rather than wait out their
// leases. A delivery it releases may have been made already, so it may be made twice, never
// lost. On PostgreSQL, which many instances share, it does nothing: a claim there is released
// only by its lease running out.
func (s *Store) ReleaseLeases(ctx context.Context) (int64, error) {
	if s.d.skipLocked != "" {
		return 0, nil
	}
	res, err := s.w.exec(ctx, `UPDATE deliveries SET lease_until = NULL, lease_owner = NULL
		WHERE lease_until IS NOT NULL AND delivered_at IS NULL AND failed_at IS NULL`)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Backlog counts the deliveries due at now and not yet made, by kind: "webhook", "mail" and
// "reminder".
func (s *Store) Backlog(ctx context.Context, now time.Time) (map[string]int, error) {
	rows, err := s.r.query(ctx, `SELECT CASE WHEN target LIKE 'webhook:%' THEN 'webhook' ELSE target END, count(*)
		FROM deliveries WHERE delivered_at IS NULL AND failed_at IS NULL AND next_at <= $1 GROUP BY 1`, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	backlog := map[string]int{"webhook": 0, MailTarget: 0, ReminderTarget: 0}
	for rows.Next() {
		var kind string
		var n int64
		if err := rows.Scan(&kind, &n); err != nil {
			return nil, err
		}
		backlog[kind] = int(n)
	}
	return backlog, rows.Err()
}

// maxSwept bounds what one sweep deletes, so its transaction stays short; the next takes the rest.
const maxSwept = 1000

// SweepEvents deletes the events made before before whose every delivery is done (made or given
// up), with their deliveries, up to a bound a sweep, and reports how many events it deleted. An
// event with a delivery still to go (a reminder, a retry) stays however old it is.
func (s *Store) SweepEvents(ctx context.Context, before time.Time) (int64, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	cut := before.UnixMilli()
	if _, err := w.exec(ctx, `DELETE FROM deliveries WHERE event IN (SELECT e.id FROM events e WHERE e.created_at < $1
		AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event = e.id AND d.delivered_at IS NULL AND d.failed_at IS NULL)
		LIMIT $2)`, cut, int64(maxSwept)); err != nil {
		return 0, err
	}
	res, err := w.exec(ctx, `DELETE FROM events WHERE id IN (SELECT e.id FROM events e WHERE e.created_at < $1
		AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event = e.id) LIMIT $2)`, cut, int64(maxSwept))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	return n, tx.Commit()
}

// nullable is s as a query argument, NULL when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
