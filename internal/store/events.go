// This file holds the events of booking changes: what the store writes, in a change's own
// transaction, to tell people of it, and the one function every change calls to write them.

package store

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/jackc/pgx/v5"

	"salon/internal/salon"
)

// The targets of a delivery beside a webhook's, which is WebhookTarget(id).
const (
	// MailTarget is the customer's mail about the change: a confirmation, a cancellation or a move.
	MailTarget = "mail"
	// ReminderTarget is the customer's reminder, due RemindBefore before the appointment.
	ReminderTarget = "reminder"
	// RefundTarget is the deposit given back after a cancel, through Stripe.
	RefundTarget = "refund"
	// TextTarget is the customer's text about the change, and TextReminderTarget their reminder
	// by text.
	TextTarget         = "text"
	TextReminderTarget = "text-reminder"
	// webhookPrefix starts a webhook's target.
	webhookPrefix = "webhook:"
)

// WebhookTarget is the target of a delivery to the salon's webhook id.
func WebhookTarget(id string) string { return webhookPrefix + id }

// Telling is what the store tells of each change, beside its webhooks. The zero Telling writes
// webhook deliveries only.
type Telling struct {
	// Mailable reports whether a customer's contact is mailed; nil when the server sends no mail.
	Mailable func(contact string) bool
	// Textable reports whether a customer's contact is texted; nil when the server sends no text.
	Textable func(contact string) bool
	// RemindBefore is how long before a booking's start its reminder is due; 0 sends none. A
	// booking made or moved closer to its start than that gets no reminder.
	RemindBefore time.Duration
	// Wake, when set, is called after a change that wrote an event has committed, so a dispatcher
	// in this process can start on it at once. It must not block.
	Wake func()
}

// Tell sets what the store tells of each change from now on. Call it before the store is in use.
func (s *Store) Tell(t Telling) { s.telling.Store(&t) }

// wake calls the Wake of what the store tells, if any.
func (s *Store) wake() {
	if t := s.telling.Load(); t != nil && t.Wake != nil {
		t.Wake()
	}
}

// The statements that write a change's event and its deliveries.
const (
	// qEvent writes the event of a change of the booking $5, from its row as the change left it,
	// and nothing when there is no such row: so on PostgreSQL's pipelined spend it writes an event
	// exactly when the booking was written.
	qEvent = `INSERT INTO events (id, salon, booking, type, slot, starts_at, service, stylist, status, sequence, moved_from, created_at)
		SELECT $1, salon, id, $2, slot, starts_at, service, stylist, status, sequence, $3, $4 FROM bookings WHERE id = $5`
	// qDeliveries writes the deliveries of the event $1: one for each webhook of its salon that
	// takes its type, the customer's mail when $2 is 1 and their text when $5 is 1, each with its
	// reminder due at $3 when that is above 0, and the deposit's refund when $4 is 1. It writes
	// nothing when there is no such event.
	qDeliveries = `INSERT INTO deliveries (event, target, salon, due_at, next_at)
		SELECT e.id, 'webhook:' || w.id, e.salon, e.created_at, e.created_at FROM events e
			JOIN webhooks w ON w.salon = e.salon
			WHERE e.id = $1 AND w.events LIKE '%,' || e.type || ',%'
		UNION ALL
		SELECT id, 'mail', salon, created_at, created_at FROM events WHERE id = $1 AND CAST($2 AS INTEGER) = 1
		UNION ALL
		SELECT id, 'reminder', salon, CAST($3 AS BIGINT), CAST($3 AS BIGINT) FROM events
			WHERE id = $1 AND CAST($2 AS INTEGER) = 1 AND CAST($3 AS BIGINT) > 0
		UNION ALL
		SELECT id, 'refund', salon, created_at, created_at FROM events WHERE id = $1 AND CAST($4 AS INTEGER) = 1
		UNION ALL
		SELECT id, 'text', salon, created_at, created_at FROM events WHERE id = $1 AND CAST($5 AS INTEGER) = 1
		UNION ALL
		SELECT id, 'text-reminder', salon, CAST($3 AS BIGINT), CAST($3 AS BIGINT) FROM events
			WHERE id = $1 AND CAST($5 AS INTEGER) = 1 AND CAST($3 AS BIGINT) > 0`
	// qDropReminders drops the reminders still to go of the booking $1, which a cancel or a move
	// makes wrong; a move's own event brings the new one.
	qDropReminders = `DELETE FROM deliveries WHERE target IN ('reminder', 'text-reminder') AND delivered_at IS NULL AND failed_at IS NULL
		AND event IN (SELECT id FROM events WHERE booking = $1)`
)

// event is a change's event, ready to write.
type event struct {
	id        string
	kind      salon.EventType
	booking   string
	movedFrom any   // a move's old start in Unix seconds, or nil
	at        int64 // Unix milliseconds
	mail      int64 // 1 when the customer is mailed
	text      int64 // 1 when the customer is texted
	remindAt  int64 // Unix milliseconds; 0 for no reminder
	refund    int64 // 1 when the change gives the deposit back
}

// eventOf is the event of a change of kind to b (b as the change left it, or as it is being
// written), made at at; from is a move's old start.
func (s *Store) eventOf(kind salon.EventType, b salon.Booking, from, at time.Time) event {
	e := event{id: NewEventID(), kind: kind, booking: b.ID, at: at.UnixMilli()}
	if kind == salon.EventMoved {
		e.movedFrom = from.Unix()
	}
	if kind == salon.EventCancelled && b.Deposit != nil && b.Deposit.Status == salon.DepositPaid {
		// A paid deposit still paid once cancelled is given back; one the owner kept is kept.
		e.refund = 1
	}
	t := s.telling.Load()
	if t == nil {
		return e
	}
	mailed := t.Mailable != nil && t.Mailable(b.Contact)
	if mailed {
		e.mail = 1
	}
	texted := t.Textable != nil && t.Textable(b.Contact)
	if texted {
		e.text = 1
	}
	if remind := b.Start.Add(-t.RemindBefore); (mailed || texted) && t.RemindBefore > 0 && kind != salon.EventCancelled && remind.After(at) {
		e.remindAt = remind.UnixMilli()
	}
	return e
}

// told writes the event of a change of kind to b, and its deliveries, on w, inside the transaction
// that made the change: b is the booking as that transaction left it, from a move's old start, at
// the change's time. Every change of a booking calls it before its commit (PostgreSQL's pipelined
// spend queues the same statements with queueTold), so an event commits exactly when its change
// does. A cancel or a move drops the booking's reminders still to go.
func (s *Store) told(ctx context.Context, w prepared, kind salon.EventType, b salon.Booking, from, at time.Time) error {
	e := s.eventOf(kind, b, from, at)
	if kind != salon.EventCreated {
		if _, err := w.exec(ctx, qDropReminders, text(b.ID)); err != nil {
			return err
		}
	}
	if _, err := w.exec(ctx, qEvent, e.id, string(e.kind), e.movedFrom, e.at, text(e.booking)); err != nil {
		return err
	}
	_, err := w.exec(ctx, qDeliveries, e.id, e.mail, e.remindAt, e.refund, e.text)
	return err
}

// queueTold queues in batch the statements told runs, for a booking being made: each writes
// nothing unless the booking was written before it, in the same transaction.
func (s *Store) queueTold(batch *pgx.Batch, kind salon.EventType, b salon.Booking, at time.Time) {
	e := s.eventOf(kind, b, time.Time{}, at)
	batch.Queue(qEvent, e.id, string(e.kind), e.movedFrom, e.at, text(e.booking))
	batch.Queue(qDeliveries, e.id, e.mail, e.remindAt, e.refund, e.text)
}

// NewEventID is a fresh event id: "evt_" and 26 random characters (130 bits), of the characters a
// webhook-id may hold.
func NewEventID() string { return "evt_" + rand.Text() }
