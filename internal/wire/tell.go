// This file holds the wire types of telling people: the owner's webhooks and the owner's feed.

package wire

import (
	"time"

	"github.com/go-json-experiment/json"

	"salon/internal/salon"
)

// WebhookPut is what an owner puts to register a webhook or change it.
type WebhookPut struct {
	URL    string   `json:"url" doc:"Where the deliveries go: https to a public address (http and private addresses too when the server runs with -webhooks-insecure)."`
	Events []string `json:"events,omitempty" doc:"The event types it takes: booking.created, booking.cancelled, booking.moved. Absent, all three."`
}

// WebhookView is a webhook as its put answers: with its secret when the put created it, and
// never again.
type WebhookView struct {
	ID     string   `json:"id"`
	URL    string   `json:"url"`
	Events []string `json:"events"`
	Secret string   `json:"secret,omitempty" doc:"Only when this put created the webhook: whsec_ and the base64 of the key that signs its deliveries. Keep it; it is never shown again."`
}

// WebhookList is the salon's webhooks, by id.
type WebhookList struct {
	Webhooks []WebhookState `json:"webhooks"`
}

// WebhookState is a webhook as its list shows it: never its secret, with what became of its
// deliveries.
type WebhookState struct {
	ID           string   `json:"id"`
	URL          string   `json:"url"`
	Events       []string `json:"events"`
	LastDelivery *string  `json:"lastDelivery" doc:"When a delivery to it was last made, RFC 3339 in UTC; null when none was."`
	Failures     int      `json:"failures" doc:"How many events it was given up on, after 24 hours of retries, over the deliveries still kept (see docs/webhooks.md)."`
}

// DroppedList is the salon's messages to customers that were not sent, the newest first.
type DroppedList struct {
	Dropped []DroppedMessage `json:"dropped" doc:"At most 100, over the deliveries still kept (see docs/webhooks.md)."`
}

// DroppedMessage is one message to a customer dropped because its contact had been sent the day's
// bound already. It names the booking, never the customer.
type DroppedMessage struct {
	Booking string `json:"booking"`
	Event   string `json:"event" doc:"The change it would have told of: booking.created, booking.cancelled or booking.moved."`
	Kind    string `json:"kind" doc:"mail (the notice of the change) or reminder."`
	At      string `json:"at" doc:"When it was dropped, RFC 3339 in UTC."`
}

// DroppedListOf is the salon's dropped messages as the owner reads them.
func DroppedListOf(found []salon.Dropped) DroppedList {
	list := DroppedList{Dropped: make([]DroppedMessage, len(found))}
	for i, d := range found {
		list.Dropped[i] = DroppedMessage{Booking: d.Booking, Event: string(d.Type), Kind: d.Target, At: d.At.UTC().Format(time.RFC3339Nano)}
	}
	return list
}

// FeedView is the address of the salon's calendar feed, made anew.
type FeedView struct {
	URL string `json:"url" doc:"The feed's address, its key in the query. It replaces the one before, which no longer answers."`
}

// DecodeWebhook reads an owner's webhook put: names match exactly, and a field of the wrong type, or
// a key twice, is refused naming it.
func DecodeWebhook(body []byte) (WebhookPut, error) {
	var put WebhookPut
	if err := json.Unmarshal(body, &put); err != nil {
		return WebhookPut{}, Refusal(fieldRefusal(err))
	}
	return put, nil
}

// WebhookViewOf is a webhook as its put answers it.
func WebhookViewOf(w salon.Webhook) WebhookView {
	return WebhookView{ID: w.ID, URL: w.URL, Events: typeNames(w.Events), Secret: w.Secret}
}

// WebhookStateOf is a webhook as its list shows it.
func WebhookStateOf(w salon.WebhookState) WebhookState {
	v := WebhookState{ID: w.ID, URL: w.URL, Events: typeNames(w.Events), Failures: w.Failures}
	if !w.LastDelivery.IsZero() {
		at := w.LastDelivery.UTC().Format(time.RFC3339Nano)
		v.LastDelivery = &at
	}
	return v
}

// typeNames is types as the wire names them.
func typeNames(types []salon.EventType) []string {
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = string(t)
	}
	return names
}
