// This file holds telling people at the desk: the owner's webhooks, the owner's calendar feed, and
// a booking as a calendar event, which the feed and the customer's mails share.

package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"slices"
	"time"

	"salon/internal/ical"
	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/webhook"
)

// Tell is what the owner's webhooks and feed need of the calendar, beside Calendar. *store.Store
// is one.
type Tell interface {
	PutWebhook(ctx context.Context, w salon.Webhook) (created bool, err error)
	Webhooks(ctx context.Context, salon string) ([]salon.WebhookState, error)
	DeleteWebhook(ctx context.Context, salon, id string) (bool, error)
	SetFeed(ctx context.Context, salon string, hash []byte, at time.Time) error
	FeedHash(ctx context.Context, salon string) ([]byte, error)
	DroppedMessages(ctx context.Context, salon string, limit int) ([]salon.Dropped, error)
}

// MaxDroppedListed is how many dropped messages the owner's list shows, the newest.
const MaxDroppedListed = 100

// ErrWebhookURL refuses a webhook's URL that breaks the address rule (webhook.CheckURL).
var ErrWebhookURL = refusal.New(refusal.Invalid, "webhook_url", webhook.ErrURL.Error())

// ErrWebhookEvents refuses a webhook's events that aren't one or more of the event types.
var ErrWebhookEvents = refusal.New(refusal.Invalid, "webhook_events",
	"events must list one or more of booking.created, booking.cancelled and booking.moved")

// ErrWebhookID refuses a webhook's id outside its alphabet or length.
var ErrWebhookID = refusal.New(refusal.Invalid, "webhook_id",
	fmt.Sprintf("the webhook's id must be 1 to %d of a-z, A-Z, 0-9, - and _", MaxWebhookIDChars))

// ErrNoFeed refuses a feed's key that isn't the salon's current one, and a salon with no feed or
// none at all, alike.
var ErrNoFeed = refusal.New(refusal.NotFound, "no_feed", "there is no feed at this address")

// NoWebhook refuses a webhook id the salon doesn't have.
func NoWebhook(id string) error {
	return refusal.New(refusal.NotFound, "no_webhook", "there is no webhook "+id)
}

// The bounds of a webhook.
const (
	MaxWebhookIDChars  = 64
	MaxWebhookURLChars = 2000
)

// tell is the desk's Tell, as the webhooks and the feed use it: without one beside a calendar,
// there is no salon to tell of.
func (d *Desk) tell(salonID string) (Tell, error) {
	if d.Calendar == nil || d.Tell == nil {
		return nil, salon.NoSalon(salonID)
	}
	return d.Tell, nil
}

// checkWebhookID refuses an id a webhook can't have.
func checkWebhookID(id string) error {
	if id == "" || len(id) > MaxWebhookIDChars {
		return ErrWebhookID
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return ErrWebhookID
		}
	}
	return nil
}

// eventTypes reads a webhook's events: nil is every type; otherwise each must be a type, and
// at least one given. A type given twice counts once. They come back in the order of
// salon.EventTypes.
func eventTypes(events []string) ([]salon.EventType, error) {
	if events == nil {
		return salon.EventTypes, nil
	}
	var types []salon.EventType
	for _, e := range events {
		if !slices.Contains(salon.EventTypes, salon.EventType(e)) {
			return nil, ErrWebhookEvents
		}
	}
	for _, t := range salon.EventTypes {
		if slices.Contains(events, string(t)) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return nil, ErrWebhookEvents
	}
	return types, nil
}

// PutWebhook creates the salon's webhook id with a new secret, or changes the URL and events of the
// one it has, keeping its secret; created says which, and the secret is shown only on creation.
// events nil is every type. The URL must keep the address rule (ErrWebhookURL), unless the desk's
// WebhooksInsecure allows http and private addresses.
func (d *Desk) PutWebhook(ctx context.Context, salonID, id, url string, events []string) (w salon.Webhook, created bool, err error) {
	t, err := d.tell(salonID)
	if err != nil {
		return salon.Webhook{}, false, err
	}
	if err := checkWebhookID(id); err != nil {
		return salon.Webhook{}, false, err
	}
	if len(url) > MaxWebhookURLChars || webhook.CheckURL(url, d.WebhooksInsecure) != nil {
		return salon.Webhook{}, false, ErrWebhookURL
	}
	types, err := eventTypes(events)
	if err != nil {
		return salon.Webhook{}, false, err
	}
	w = salon.Webhook{Salon: salonID, ID: id, URL: url, Events: types, Secret: webhook.NewSecret()}
	created, err = t.PutWebhook(ctx, w)
	if err != nil {
		return salon.Webhook{}, false, refusal.Or(err)
	}
	if !created {
		w.Secret = ""
	}
	return w, created, nil
}

// Webhooks lists the salon's webhooks, each with when a delivery to it was last made and how many
// were given up. Their secrets are the caller's to leave out.
func (d *Desk) Webhooks(ctx context.Context, salonID string) ([]salon.WebhookState, error) {
	t, err := d.tell(salonID)
	if err != nil {
		return nil, err
	}
	all, err := t.Webhooks(ctx, salonID)
	return all, refusal.Or(err)
}

// DroppedMessages lists the salon's messages to customers dropped past a contact's daily bound,
// the newest first, at most MaxDroppedListed.
func (d *Desk) DroppedMessages(ctx context.Context, salonID string) ([]salon.Dropped, error) {
	t, err := d.tell(salonID)
	if err != nil {
		return nil, err
	}
	found, err := t.DroppedMessages(ctx, salonID, MaxDroppedListed)
	return found, refusal.Or(err)
}

// DeleteWebhook deletes the salon's webhook id, with its deliveries still to go: NoWebhook when
// there is none.
func (d *Desk) DeleteWebhook(ctx context.Context, salonID, id string) error {
	t, err := d.tell(salonID)
	if err != nil {
		return err
	}
	deleted, err := t.DeleteWebhook(ctx, salonID, id)
	switch {
	case err != nil:
		return refusal.Or(err)
	case !deleted:
		return NoWebhook(id)
	}
	return nil
}

// feedKeyBytes is the randomness of a feed's key: 256 bits.
const feedKeyBytes = 32

// feedHash is what the database keeps of a feed's key.
func feedHash(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// NewFeed makes a new key for the salon's calendar feed, replacing the one before at once, and
// returns it; the database keeps only its hash, so it is shown this once.
func (d *Desk) NewFeed(ctx context.Context, salonID string) (string, error) {
	t, err := d.tell(salonID)
	if err != nil {
		return "", err
	}
	raw := make([]byte, feedKeyBytes)
	rand.Read(raw)
	key := base64.RawURLEncoding.EncodeToString(raw)
	if err := t.SetFeed(ctx, salonID, feedHash(key), d.Now()); err != nil {
		return "", refusal.Or(err)
	}
	return key, nil
}

// FeedDaysBack is how far back the feed reaches: its bookings start from this many days ago.
const FeedDaysBack = 30

// Feed is the salon's calendar feed for the holder of its key: an RFC 5545 calendar of every
// booking from FeedDaysBack days ago to the end of the horizon, live and cancelled, one event each,
// named by the customer's name. A key that isn't the salon's current one, and a salon with no
// feed or none at all, are the same ErrNoFeed.
func (d *Desk) Feed(ctx context.Context, salonID, key string) ([]byte, error) {
	t, err := d.tell(salonID)
	if err != nil {
		return nil, ErrNoFeed
	}
	stored, err := t.FeedHash(ctx, salonID)
	if err != nil {
		return nil, refusal.Or(err)
	}
	given := feedHash(key)
	if len(stored) != len(given) {
		stored = make([]byte, len(given)) // compared all the same, so a miss costs what a hit does
		key = ""
	}
	if subtle.ConstantTimeCompare(given, stored) != 1 || key == "" {
		return nil, ErrNoFeed
	}
	rd, err := d.readSettingsOf(ctx, salonID)
	if refusal.KindOf(err) == refusal.NotFound {
		return nil, ErrNoFeed
	}
	if err != nil {
		return nil, err
	}
	from := rd.now.AddDate(0, 0, -FeedDaysBack)
	found, err := d.Calendar.Bookings(ctx, salonID, from, salon.HorizonEnd(rd.Settings, rd.loc, rd.now))
	if err != nil {
		return nil, refusal.Or(err)
	}
	events := make([]ical.Event, len(found))
	for i, b := range found {
		summary := b.Name
		if summary == "" {
			summary = lang.Of(rd.Settings.Language).Appointment() // its customer's details were erased
		}
		e := CalendarEvent(rd.Settings, rd.loc, b, summary, rd.now)
		e.Description = feedDescription(rd.Settings, b)
		events[i] = e
	}
	ics, err := ical.Calendar(ProdID, events)
	if err != nil {
		return nil, refusal.Failed(err)
	}
	return ics, nil
}

// feedDescription is what the owner's feed says of b beyond the customer's name: what is booked,
// the contact, and the customer's words.
func feedDescription(set salon.Settings, b salon.Booking) string {
	l := lang.Of(set.Language)
	what := What(l, set, b)
	if what == "" {
		what = l.Appointment()
	}
	s := what + "\n" + b.Contact
	if b.Words != "" {
		s += "\n\n" + b.Words
	}
	return s
}

// ProdID is the PRODID of every calendar the service writes.
const ProdID = "-//Salon booking assistant//bookingd//EN"

// What is what b books at the salon of set, in l's words: "Cut with Ana" at a menu salon, by the
// names the settings give now (the ids where they no longer hold them); "" at a simple salon.
func What(l lang.Lang, set salon.Settings, b salon.Booking) string {
	if b.Service == "" {
		return ""
	}
	if b.Stylist == "" {
		return serviceWords(l, set, b.Service)
	}
	return withStylist(l, set, b.Service, b.Stylist)
}

// Summary is the customer's title of b in l's words: "Cut at Studio Nine", or at a simple salon
// "Appointment at Studio Nine".
func Summary(l lang.Lang, set salon.Settings, b salon.Booking) string {
	if b.Service == "" {
		return l.AtSalon(l.Appointment(), set.Name)
	}
	return l.AtSalon(serviceWords(l, set, b.Service), set.Name)
}

// LangOf is the language b's customer is told of it in: the one it was made in, else the salon's.
func LangOf(set salon.Settings, b salon.Booking) lang.Lang {
	if b.Language != "" {
		return lang.Of(b.Language)
	}
	return lang.Of(set.Language)
}

// CalendarEvent is b, a booking of the salon of set whose zone is loc, as a calendar event named
// summary and stamped at stamp: its UID for its whole life, its sequence, its span (its service's
// minutes, or at a simple salon its slot's), confirmed or cancelled.
func CalendarEvent(set salon.Settings, loc *time.Location, b salon.Booking, summary string, stamp time.Time) ical.Event {
	end := b.Ends()
	if b.Minutes == 0 && set.SlotMinutes > 0 {
		end = b.Start.Add(time.Duration(set.SlotMinutes) * time.Minute)
	}
	if !end.After(b.Start) {
		end = b.Start.Add(time.Minute) // a span the settings no longer give: an event must end after it starts
	}
	status := ical.Confirmed
	if b.Status != salon.Booked {
		status = ical.Cancelled
	}
	return ical.Event{
		UID: ical.UID(b.ID, b.Salon), Sequence: b.Sequence, Start: b.Start, End: end, Zone: loc,
		Summary: summary, Status: status, Stamp: stamp,
	}
}
