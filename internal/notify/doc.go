// Package notify tells people of booking changes: it claims the deliveries the calendar wrote with
// each change, makes them, and records what came of each.
//
// # At least once
//
// Every change of a booking commits its event and the event's deliveries with it (see
// internal/store). A [Dispatcher] claims the deliveries that are due under a lease of [Lease],
// so that among many instances on one PostgreSQL database one at a time makes each, makes them,
// and records each: made, put off until its next attempt, or given up. A process that dies
// between making a delivery and recording it leaves the claim to run out, and the delivery is
// made again by whoever claims it next: at least once, never lost, and never invented, since no
// event exists without its change. A webhook's every attempt carries the event's id as its
// webhook-id, so a receiver dedupes on it. On SQLite, which serves one instance, a dispatcher
// releases every claim as it starts, so a restart after a crash makes what was cut off at once.
//
// # Retries
//
// A failed attempt is tried again after webhook.Backoff (about 5 s, doubling up to an hour,
// spread by ±10%); a delivery still failing 24 hours after its first attempt is given up, and the
// owner sees it among the webhook's failures. A mail the server refuses for good (an SMTP 5xx) is
// given up at once. Each attempt is bounded by [AttemptTimeout] (a webhook's by webhook.Timeout).
//
// # What is delivered
//
// A webhook's body is {"type","timestamp","data"}: the event's type, its time, and the booking as
// the owner's list shows it (with its sequence), with the booking's facts as the change left them
// and the customer's name, contact and words as the booking holds them at delivery, so an
// erasure applies to what is still to go. The customer's mails are internal/mail's: the
// confirmation and the notices of a cancel or a move carry the booking's .ics, and with a public
// URL every mail carries the link that manages the booking, its key derived again from the
// signing keys at sending, never stored. A reminder whose booking was cancelled or changed since
// is skipped; so is a mail whose contact is no longer an e-mail address.
//
// # Stopping
//
// [Running.Stop] stops claiming, lets the deliveries under way finish until its context ends,
// then cuts the rest off and records them to be tried again at once.
package notify
