// This file holds the words for what the service tells and keeps beside the bookings: the
// changes of a booking that are told and the webhooks told of them, the messages dropped past the
// daily bound, the salons' keys, and what a spend of a state did. The store keeps them; the desk,
// the wire and the routes speak them.

package salon

import "time"

// EventType is what happened to a booking, as webhooks name it.
type EventType string

// The changes of a booking that are told.
const (
	EventCreated   EventType = "booking.created"
	EventCancelled EventType = "booking.cancelled"
	EventMoved     EventType = "booking.moved"
)

// EventTypes are every event type, in the order the contract lists them.
var EventTypes = []EventType{EventCreated, EventCancelled, EventMoved}

// Webhook is one of a salon's webhooks.
type Webhook struct {
	Salon, ID string
	// URL is where its deliveries go.
	URL string
	// Events are the types it takes, in the order of EventTypes.
	Events []EventType
	// Secret signs its deliveries: whsec_ and the base64 of its bytes.
	Secret string
}

// WebhookState is a webhook with what became of its deliveries still kept (see SweepEvents).
type WebhookState struct {
	Webhook
	// LastDelivery is when the last delivery to it was made; zero when none was.
	LastDelivery time.Time
	// Failures counts the deliveries to it given up.
	Failures int
}

// Dropped is a message to a customer that was not sent, because its contact had been sent as many
// as a day allows: which booking, which event and kind of message, and when.
type Dropped struct {
	Booking, Event string
	Type           EventType
	// Target is the kind of message: "mail" or "reminder" (store.MailTarget, store.ReminderTarget).
	Target string
	At     time.Time
}

// Key is one salon's key as the database holds it: never the key itself, only its hash.
type Key struct {
	// ID names the key in lists, in the audit and in a revocation; it is no secret.
	ID    string
	Salon string
	// Name is what the operator called it, such as "front desk".
	Name string
	// Hash is the SHA3-256 of the key.
	Hash []byte
	// Created is when it was made, to the millisecond, in UTC.
	Created time.Time
	// Revoked says it was revoked: no check accepts it any more.
	Revoked bool
}

// Spent is what a spend did, as the calendar recorded it: its outcome ("booked", "taken" or
// "declined"), the booking it made, and the time it asked for.
type Spent struct {
	Outcome string
	Booking *Booking
	Slot    string
}
