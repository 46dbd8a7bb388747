// This file texts a customer whose contact is a phone number: the notice of a booking's change or
// its reminder, in at most two segments, to the number in E.164, unless it unsubscribed.

package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nyaruka/phonenumbers"

	"salon/internal/booking"
	"salon/internal/lang"
	"salon/internal/salon"
	"salon/internal/sms"
	"salon/internal/store"
)

// Texter sends one text. *sms.Twilio is one.
type Texter interface {
	Send(to, body, callback string) (string, error)
}

// StatusPath is where Twilio calls back a text's status, under the public address.
const StatusPath = "/sms/twilio/status"

// Unsubscribed is a text's status when its number unsubscribed from the salon's texts (Twilio's
// 21610): it was not sent, and no text goes to that number at that salon again.
const Unsubscribed = "unsubscribed"

// sendText texts the customer of held (the booking as it is now; b as dl told it) what dl is for.
func (d *Dispatcher) sendText(ctx context.Context, dl store.Delivery, held, b salon.Booking, set salon.Settings, loc *time.Location) result {
	if d.Texts == nil {
		return result{err: errors.New("no texts are configured")}
	}
	region := set.Region()
	n, err := phonenumbers.Parse(held.Contact, region)
	switch {
	case held.Contact == "" || err != nil || !phonenumbers.IsPossibleNumber(n):
		return result{skip: "the contact is not a phone number"}
	case dl.Target == store.TextReminderTarget && (held.Status != salon.Booked || held.Sequence != dl.Event.Sequence):
		return result{skip: "the booking changed since"}
	}
	key := salon.ContactKey(held.Contact, region)
	if out, err := d.Store.OptedOut(ctx, dl.Event.Salon, key); err != nil {
		return result{err: fmt.Errorf("reading the number's opt-out: %w", err)}
	} else if out {
		return result{skip: "the number unsubscribed from the salon's texts"}
	}
	if res, over := d.overDaily(ctx, dl, held, region); over {
		return res
	}
	body := TextOf(dl.Target == store.TextReminderTarget, dl.Event, set, b, loc, d.manageLink(held))
	callback := ""
	if d.PublicURL != "" {
		callback = d.PublicURL + StatusPath
	}
	sid, err := d.Texts.Send(phonenumbers.Format(n, phonenumbers.E164), body, callback)
	var failure *sms.Failure
	switch {
	case errors.Is(err, sms.ErrUnsubscribed):
		if err := d.Store.OptOut(ctx, dl.Event.Salon, key, d.Now()); err != nil {
			return result{err: fmt.Errorf("recording the opt-out: %w", err)}
		}
		if err := d.Store.TextSent(ctx, "refused:"+dl.Event.ID+":"+dl.Target, dl.Event.Salon, dl.Event.Booking, Unsubscribed, d.Now()); err != nil {
			return result{err: fmt.Errorf("recording the opt-out: %w", err)}
		}
		return result{err: err, permanent: true}
	case errors.As(err, &failure):
		return result{status: failure.Status, err: err, permanent: !failure.Retry}
	case err != nil:
		return result{err: err}
	}
	if err := d.Store.TextSent(ctx, sid, dl.Event.Salon, dl.Event.Booking, "queued", d.Now()); err != nil {
		// Twilio has it; only its status can't be followed.
		d.Log.Warn("a text was sent, but not recorded", "event", dl.Event.ID, "error", err.Error())
	}
	return result{status: 201}
}

// TextOf is the text about the event e of the booking b (as e told it) at the salon: its notice,
// or its reminder, with the manage link when there is one. It fits two segments: a long salon or
// service name costs the stylist, then the link, then the words around the time.
func TextOf(reminder bool, e store.Event, set salon.Settings, b salon.Booking, loc *time.Location, link string) string {
	l := booking.LangOf(set, b)
	when := l.Label(b.Start, loc)
	what := booking.What(l, set, b)
	service := what
	if v, ok := set.Service(b.Service); ok {
		service = v.Name
	}
	if what == "" {
		what, service = l.TextAppointment(), l.TextAppointment()
	}
	kind := lang.TextBooked
	switch {
	case reminder:
		kind = lang.TextReminder
	case e.Type == salon.EventCancelled:
		kind = lang.TextCancelled
	case e.Type == salon.EventMoved:
		kind = lang.TextMoved
	}
	was := ""
	if kind == lang.TextMoved {
		was = l.Label(e.MovedFrom, loc)
	}
	for _, short := range []struct{ what, link string }{{what, link}, {service, link}, {service, ""}} {
		if body := l.TextAbout(kind, set.Name, short.what, when, was, short.link); sms.Fits(body) {
			return body
		}
	}
	return truncate(l.TextShort(set.Name, service, when))
}

// truncate cuts body to what two segments hold.
func truncate(body string) string {
	r := []rune(body)
	for !sms.Fits(string(r)) {
		r = r[:len(r)-1]
	}
	return string(r)
}
