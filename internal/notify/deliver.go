// This file holds one delivery: its attempt (a webhook or a mail), what came of it, and its record.

package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"sync"
	"time"

	"salon/internal/booking"
	"salon/internal/ical"
	"salon/internal/mail"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/webhook"
	"salon/internal/wire"
)

// result is what came of one attempt.
type result struct {
	// status is the receiver's HTTP status, or the mail server's 250 for a mail sent; 0 when none came.
	status int
	// err is why the attempt failed; nil when it was made, or skipped.
	err error
	// skip says why there was nothing to deliver after all; "" when there was.
	skip string
	// dropped says why a message to the customer was not sent though there was one: its contact
	// had MessagesPerDay already. "" when it wasn't dropped.
	dropped string
	// permanent says trying again would change nothing.
	permanent bool
}

// kind is the metrics' name for a delivery's target: webhook, mail or reminder.
func kind(dl store.Delivery) string {
	if _, ok := dl.Webhook(); ok {
		return "webhook"
	}
	return dl.Target
}

// deliver makes one attempt at dl, within ctx and AttemptTimeout, and records what came of it.
func (r *Running) deliver(ctx context.Context, dl store.Delivery) {
	attempt, cancel := context.WithTimeout(ctx, AttemptTimeout)
	res := r.d.attempt(attempt, dl)
	cancel()
	record, cancel := context.WithTimeout(context.Background(), recordTimeout)
	defer cancel()
	now := r.d.Now()
	k := kind(dl)
	log := r.d.Log.With("event", dl.Event.ID, "type", string(dl.Event.Type), "target", dl.Target, "attempt", dl.Attempt)
	var err error
	switch {
	case res.skip != "":
		r.metrics.attempts.WithLabelValues(k, "skipped").Inc()
		err = r.d.Store.Delivered(record, dl, now, res.status, "skipped: "+res.skip)
	case res.dropped != "":
		r.metrics.attempts.WithLabelValues(k, "dropped").Inc()
		r.metrics.dropped.WithLabelValues(k).Inc()
		log.Warn("a message to a customer was dropped; the owner sees it", "why", res.dropped)
		err = r.d.Store.Delivered(record, dl, now, 0, store.DroppedNote+res.dropped)
	case res.err == nil:
		r.metrics.attempts.WithLabelValues(k, "delivered").Inc()
		r.metrics.latency.WithLabelValues(k).Observe(now.Sub(dl.Due).Seconds())
		err = r.d.Store.Delivered(record, dl, now, res.status, "")
	case ctx.Err() != nil:
		// Cut off by Stop: whoever claims it next tries again at once.
		r.metrics.attempts.WithLabelValues(k, "cut_off").Inc()
		err = r.d.Store.Retry(record, dl, r.owner, now, res.status, "cut off by a shutdown")
	default:
		next, again := r.d.next(dl.FirstAttempt, now, dl.Attempt)
		if again && !res.permanent {
			r.metrics.attempts.WithLabelValues(k, "retried").Inc()
			log.Warn("a delivery failed; it is tried again", "error", res.err.Error(), "status", res.status, "next", next)
			err = r.d.Store.Retry(record, dl, r.owner, next, res.status, res.err.Error())
			if wait := next.Sub(now); err == nil && wait < wakeWithin {
				// Look again when it is due rather than at the next poll, so a short gap stays short.
				time.AfterFunc(wait, r.Wake)
			}
			break
		}
		r.metrics.attempts.WithLabelValues(k, "given_up").Inc()
		r.metrics.failed.WithLabelValues(k).Inc()
		log.Error("a delivery failed for good; the owner sees it", "error", res.err.Error(), "status", res.status)
		err = r.d.Store.GiveUp(record, dl, r.owner, now, res.status, res.err.Error())
	}
	if err != nil {
		log.Warn("recording a delivery failed; it is claimed again once its lease runs out", "error", err.Error())
	}
}

// next is when to try again after attempt n of a delivery first attempted at first failed at
// failed, and whether it is still to be tried: webhook.Next, with the gaps scaled to FirstRetry.
func (d *Dispatcher) next(first, failed time.Time, n int) (time.Time, bool) {
	u := rand.Float64()
	if d.FirstRetry <= 0 || d.FirstRetry == webhook.FirstRetry {
		return webhook.Next(first, failed, n, u)
	}
	gap := time.Duration(webhook.Backoff(n)/webhook.FirstRetry) * d.FirstRetry
	at := failed.Add(webhook.Jitter(gap, u))
	return at, at.Sub(first) <= webhook.GiveUpAfter
}

// attempt makes one attempt at dl.
func (d *Dispatcher) attempt(ctx context.Context, dl store.Delivery) result {
	e := dl.Event
	b, err := d.Store.Booking(ctx, e.Salon, e.Booking)
	if err != nil {
		return result{err: fmt.Errorf("reading the booking: %w", err)}
	}
	set, err := d.Store.RecentSalon(ctx, e.Salon)
	if err != nil {
		return result{err: fmt.Errorf("reading the salon: %w", err)}
	}
	loc, err := zone(set.TimeZone)
	if err != nil {
		return result{err: fmt.Errorf("the salon's zone: %w", err), permanent: true}
	}
	told := asTold(b, e)
	if id, ok := dl.Webhook(); ok {
		return d.postWebhook(ctx, dl, id, told, loc)
	}
	switch dl.Target {
	case store.RefundTarget:
		return d.refund(ctx, b)
	case store.TextTarget, store.TextReminderTarget:
		return d.sendText(ctx, dl, b, told, set, loc)
	}
	if d.Mail == nil {
		return result{err: errors.New("no mail is configured")}
	}
	return d.sendMail(ctx, dl, b, told, set, loc)
}

// refund gives back the deposit of the cancelled booking b, under an idempotency key of the
// booking's, so however often it is tried, and on whichever instance, Stripe refunds it once.
func (d *Dispatcher) refund(ctx context.Context, b salon.Booking) result {
	if d.Refunds == nil {
		return result{err: errors.New("no payments are configured")}
	}
	dep := b.Deposit
	switch {
	case dep == nil || dep.Payment == "":
		return result{skip: "no deposit was paid"}
	case dep.Status == salon.DepositRefunded:
		return result{skip: "refunded already"}
	case dep.Status != salon.DepositPaid:
		return result{skip: "the deposit is " + string(dep.Status)}
	}
	if _, err := d.Refunds.Refund(ctx, dep.Payment, dep.Amount, "refund-"+b.ID); err != nil {
		return result{err: err}
	}
	if err := d.Store.Refunded(ctx, b.ID); err != nil {
		// Refunded at Stripe; the next attempt asks again, and Stripe answers the same refund.
		return result{err: fmt.Errorf("recording the refund: %w", err)}
	}
	return result{}
}

// asTold is b as the event e tells of it: its facts as the change left them, and the customer's
// details as the booking holds them now.
func asTold(b salon.Booking, e store.Event) salon.Booking {
	b.Slot, b.Start, b.Service, b.Stylist, b.Status, b.Sequence = e.Slot, e.Start, e.Service, e.Stylist, e.Status, e.Sequence
	return b
}

// Body is a webhook's body: {"type","timestamp","data"}.
type Body struct {
	// Type is the event's type, such as booking.created.
	Type string `json:"type"`
	// Timestamp is when the change was made, RFC 3339 in UTC to the millisecond.
	Timestamp string `json:"timestamp"`
	// Data is the booking as the owner's list shows it, with its sequence.
	Data Data `json:"data"`
}

// Data is the booking a webhook tells of.
type Data struct {
	wire.BookingView
	// Sequence counts the booking's changes: 0 when made, raised by each cancel or move.
	Sequence int `json:"sequence"`
}

// timestampLayout writes an event's time.
const timestampLayout = "2006-01-02T15:04:05.000Z07:00"

// BodyOf is the body of a webhook telling of the event e of booking b (b as told), in the salon's
// zone loc.
func BodyOf(e store.Event, b salon.Booking, loc *time.Location) ([]byte, error) {
	view := wire.BookingViewOf(booking.Listed{Booking: b, Label: salon.Label(b.Start, loc)})
	return json.Marshal(Body{Type: string(e.Type), Timestamp: e.At.UTC().Format(timestampLayout),
		Data: Data{BookingView: view, Sequence: b.Sequence}})
}

// postWebhook makes one attempt at the webhook id.
func (d *Dispatcher) postWebhook(ctx context.Context, dl store.Delivery, id string, b salon.Booking, loc *time.Location) result {
	w, ok, err := d.Store.Webhook(ctx, dl.Event.Salon, id)
	switch {
	case err != nil:
		return result{err: fmt.Errorf("reading the webhook: %w", err)}
	case !ok:
		return result{skip: "the webhook was deleted"}
	}
	secret, err := webhook.ParseSecret(w.Secret)
	if err != nil {
		return result{err: err, permanent: true}
	}
	body, err := BodyOf(dl.Event, b, loc)
	if err != nil {
		return result{err: err, permanent: true}
	}
	status, err := webhook.Deliver(ctx, d.Client, w.URL, secret, dl.Event.ID, d.Now(), body)
	return result{status: status, err: err}
}

// smtpOK is the status recorded for a mail the server took.
const smtpOK = 250

// sendMail sends the customer of held (the booking as it is now; b as dl told it) the mail dl is
// for: the notice of its change, or its reminder.
func (d *Dispatcher) sendMail(ctx context.Context, dl store.Delivery, held, b salon.Booking, set salon.Settings, loc *time.Location) result {
	switch {
	case !mail.IsEmail(held.Contact):
		return result{skip: "the contact is not an e-mail address"}
	case dl.Target == store.ReminderTarget && (held.Status != salon.Booked || held.Sequence != dl.Event.Sequence):
		return result{skip: "the booking changed since"}
	}
	if res, over := d.overDaily(ctx, dl, held, set.Region()); over {
		return res
	}
	manage := d.manageLink(held)
	l := booking.LangOf(set, held)
	n := mail.Notice{Name: held.Name, Email: held.Contact, Salon: set.Name, Phone: set.Phone,
		What: booking.What(l, set, b), When: l.Label(b.Start, loc), Manage: manage, Lang: l}
	var m mail.Message
	if dl.Target == store.ReminderTarget {
		m = mail.Reminder(n)
	} else {
		e := booking.CalendarEvent(set, loc, b, booking.Summary(l, set, b), dl.Event.At)
		e.URL = manage
		ics, err := ical.Calendar(booking.ProdID, []ical.Event{e})
		if err != nil {
			return result{err: err, permanent: true}
		}
		switch dl.Event.Type {
		case salon.EventCreated:
			m = mail.Confirmation(n, ics)
		case salon.EventCancelled:
			m = mail.Cancellation(n, ics)
		case salon.EventMoved:
			m = mail.Moved(n, l.Label(dl.Event.MovedFrom, loc), ics)
		default:
			return result{err: fmt.Errorf("an event of type %q", dl.Event.Type), permanent: true}
		}
	}
	if err := d.Mail.Send(ctx, m); err != nil {
		var refused *mail.Error
		permanent := errors.As(err, &refused) && refused.Permanent() || errors.Is(err, mail.ErrNotEmail)
		return result{err: err, permanent: permanent}
	}
	return result{status: smtpOK}
}

// dailyDropped is why a message past MessagesPerDay is dropped.
var dailyDropped = fmt.Sprintf("its contact had %d messages from the salon in the last 24 hours", MessagesPerDay)

// overDaily reports whether the message dl to the customer of b is past MessagesPerDay, counted
// with the contact's other messages (its contact read in the salon's region) about their bookings
// at b's salon in the last 24 hours, on any
// instance, and if so the result that drops it; a failure to count is a failed attempt, tried
// again. Otherwise dl takes its place among them before it is sent.
func (d *Dispatcher) overDaily(ctx context.Context, dl store.Delivery, b salon.Booking, region string) (result, bool) {
	ok, err := d.Store.ReserveMessage(ctx, dl, salon.ContactKey(b.Contact, region), d.Now(), MessagesPerDay)
	switch {
	case err != nil:
		return result{err: fmt.Errorf("counting the contact's messages: %w", err)}, true
	case !ok:
		return result{dropped: dailyDropped}, true
	}
	return result{}, false
}

// manageLink is the link that manages b, its key derived again from the signing keys: the one of
// them whose hash b keeps. "" without a public URL or keys, or when no key opens b.
func (d *Dispatcher) manageLink(b salon.Booking) string {
	if d.PublicURL == "" || d.Keys == nil {
		return ""
	}
	for _, key := range d.Keys.ManageKeys(b.Salon, b.ID) {
		if requeststate.ManageOpens(key, b.ManageHash) {
			return d.PublicURL + "/my/" + url.PathEscape(b.Salon) + "/" + url.PathEscape(b.ID) + "#" + key
		}
	}
	return ""
}

// zones are the zones loaded, by name.
var zones sync.Map

// zone is the location named name, loaded once.
func zone(name string) (*time.Location, error) {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}
