// This file holds the desk: its dependencies, its offerer and the two rounds of the stateless mode.

package booking

import (
	"context"
	"time"

	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// Request is one round, decoded and checked against the bounds by its transport.
type Request struct {
	Salon   string
	Booking step.Request
	// InputResponses is round two's answers, raw JSON until the state verifies; nil when absent.
	InputResponses []byte
	// RequestState is round two's state exactly as round one issued it; nil when absent.
	RequestState *string
	// Choice is the service and stylist the request named (each "" when not named); nil when it
	// named neither. Only a menu salon reads it: the desk settles it into Booking.Choice.
	Choice *salon.Choice
	// AcceptLanguage is the request's Accept-Language header, "" when it sent none: the words
	// follow its best match among the shipped languages, else the salon's (English without a
	// calendar). The desk settles it into Booking.Lang.
	AcceptLanguage string
}

// Result is a round's answer: Question with State when the customer must choose, Payment with
// State when they must pay a deposit, else Outcome (step.Booked or step.NotBooked).
type Result struct {
	Question *step.Question
	// Payment, at a service with a deposit, asks the customer to pay on Stripe's page; State is
	// then round three's.
	Payment *Payment
	State   string
	Outcome step.Outcome
}

// ErrUnpaired refuses answers without their state, or a state without answers.
var ErrUnpaired = refusal.New(refusal.Invalid, "unpaired", "answers and their requestState travel together")

// Desk answers both rounds. Its fields are its dependencies, handed in so a test can hold each.
// A Desk must not be changed once in use; it is safe for concurrent use.
type Desk struct {
	// Keys sign and verify request states. Nil means no key is configured: every round is refusal.ErrUnavailable.
	Keys *requeststate.Keys
	// Life is how long an issued state stays good.
	Life time.Duration
	// Now is the clock.
	Now func() time.Time
	// Nonce returns fresh randomness for each state issued.
	Nonce func() requeststate.Nonce
	// Spent records the states already used. Share one store between every Desk of a process,
	// and one Redis between every process, so a state completes once wherever it is sent.
	Spent requeststate.Spent
	// Offerer chooses round one's times and question. Nil is DefaultOfferer.
	Offerer Offerer
	// Calendar, when set, owns every salon's open times and records every booking: only registered
	// salons are served, and a state is spent in the calendar's database, not in Spent.
	// Nil is the stateless mode, where the app owns its calendar.
	Calendar Calendar
	// Access, Tell, MyCalendar and Amend are what the calendar's database does beside Calendar: the
	// salons' keys and the audit, the webhooks and the feed, the customer's own booking, and the
	// owner's assistant's changes. Each is usually the Calendar itself (*store.Store), handed in
	// by whoever composes the desk; nil, or without a Calendar, its operations answer as a
	// server without them does.
	Access     Access
	Tell       Tell
	MyCalendar MyCalendar
	Amend      Amend
	// BookingID returns a fresh, URL-safe booking id of at least 16 random bytes. Used with Calendar.
	BookingID func() string
	// Observe, when set, is handed the records of every round two at a salon with a calendar that
	// spent its state: the answer, the hold, and the read-back or why the slot was taken. They
	// never hold a customer's contact. Nil keeps none. It must be safe for concurrent use.
	Observe func([]Record)
	// WebhooksInsecure lets the owner register webhooks at http URLs and private addresses, for
	// tests and private networks; false keeps them to https and public addresses.
	WebhooksInsecure bool
	// Unpaced lifts every salon's maxBookingsPerMinute, for load tests and benchmarks, which book
	// thousands a minute at one salon. The pace is still read, so a benchmark measures its cost.
	Unpaced bool
	// Payments takes the deposits of the services that ask one, through Stripe; nil means this
	// server takes none, and a salon can't ask any. Holds keeps the holds waiting for them; both
	// are set together.
	Payments Payments
	Holds    Holds
	// PublicURL is where the server is reached from outside, without a trailing slash: the
	// addresses a customer comes back to from paying start with it.
	PublicURL string

	zones  zones
	passed passedDays
	kept   keptPages
}

// Offerer decides what round one asks when something is open: which times, in which words.
// It is asked before the pure step builds the question, and the state carries the times it chose.
// At a salon with a calendar, b carries the salon's own facts in b.Salon (labels, prices, zone),
// and, for an offerer that isn't the default, what it must never say in b.Withheld: other
// customers' details, which it can redact and never read.
// It never fails: an offerer whose own means fail falls back to an offer built by typed code.
// Every time it offers must be one of b.OpenSlots. It must be safe for concurrent use.
type Offerer interface {
	Offer(ctx context.Context, b step.Request) step.Offer
}

// OffererFunc is a function that is an Offerer.
type OffererFunc func(ctx context.Context, b step.Request) step.Offer

// Offer calls f.
func (f OffererFunc) Offer(ctx context.Context, b step.Request) step.Offer { return f(ctx, b) }

// DefaultOfferer is the offerer of the contract: pure, it offers the first two open slots and asks
// step.AskWhichTime.
var DefaultOfferer Offerer = OffererFunc(func(_ context.Context, b step.Request) step.Offer {
	return step.DefaultOfferIn(b.Lang, b.OpenSlots)
})

// inLanguage is an offerer that words in English (a model behind the harness, whose claims are
// read in English) asked in another language: its times stand, and the question is the catalog's.
type inLanguage struct{ Offerer }

func (o inLanguage) Offer(ctx context.Context, b step.Request) step.Offer {
	offer := o.Offerer.Offer(ctx, b)
	if len(offer.Times) > 0 {
		offer.Question = b.Lang.WhichTime()
	}
	return offer
}

// Book answers one round, checking in the order the contract fixes: the key, the pairing of
// answers and state, then in round two the state (requeststate.Verify), the answer against the
// times the state carried (answer.Parse), and the spend. A refused answer leaves the state unspent.
func (d *Desk) Book(ctx context.Context, r Request) (Result, error) {
	if d.Keys == nil {
		return Result{}, refusal.ErrUnavailable
	}
	if d.Calendar != nil {
		return d.bookAtSalon(ctx, r)
	}
	r.Booking.Lang = lang.Choose(r.AcceptLanguage, "")
	if (r.InputResponses == nil) != (r.RequestState == nil) {
		return Result{}, ErrUnpaired
	}
	if r.RequestState == nil {
		return d.ask(ctx, r, r.Booking), nil
	}
	return d.roundTwo(ctx, r)
}

// CanAsk reports whether a round one of b would ask the customer a question, so a transport
// whose client can't be asked can refuse before a state is issued.
func CanAsk(b step.Request) bool {
	_, asks := step.Step(b, step.FirstRound()).(step.Question)
	return asks
}

// ask answers round one of r, offering from open: the request's slots that are open (all of them
// without a calendar). The offerer is asked only when something is open, so an empty list never
// reaches a model. The state is bound to r as it came, and carries the times offered.
func (d *Desk) ask(ctx context.Context, r Request, open step.Request) Result {
	offerer := d.Offerer
	switch {
	case offerer == nil:
		offerer = DefaultOfferer
	case open.Lang.Code() != lang.English:
		offerer = inLanguage{offerer}
	}
	return d.askWith(ctx, r, open, offerer)
}

// askWith is ask with the offerer given.
func (d *Desk) askWith(ctx context.Context, r Request, open step.Request, offerer Offerer) Result {
	var offer step.Offer
	if len(open.OpenSlots) > 0 {
		offer = offerer.Offer(ctx, open)
	}
	o := step.Ask(open, offer)
	q, ok := o.(step.Question)
	if !ok {
		return Result{Outcome: o}
	}
	state := requeststate.Issue(*d.Keys, d.Now(), d.Life, r.Salon, r.Booking, q.Times, d.Nonce())
	return Result{Question: &q, State: state}
}

func (d *Desk) roundTwo(ctx context.Context, r Request) (Result, error) {
	verified, ans, err := d.check(r, d.Now())
	if err != nil {
		return Result{}, err
	}
	if err := d.Spent.Spend(ctx, verified.ID, verified.GoodUntil); err != nil {
		// The store's refusals (used, or expired because it can't vouch for the state) are the
		// customer's answer; anything else is the store failing.
		return Result{}, refusal.Or(err)
	}
	reply := step.Declined()
	if offered, ok := ans.Accepted(); ok {
		reply = step.Accepted(offered.Time())
	}
	return Result{Outcome: step.Step(r.Booking, reply)}, nil
}
