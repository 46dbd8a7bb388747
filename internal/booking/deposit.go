// This file holds deposits: round two at a service that asks one holds the time and sends the
// customer to pay on Stripe's Checkout, round three books it once paid, and Stripe's events and the
// sweep settle the holds whose customer never came back.

package booking

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"salon/internal/answer"
	"salon/internal/lang"
	"salon/internal/payments"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// Payments takes card payments on a hosted page; *payments.Stripe implements it. Each call may
// fail (Stripe down or slow): the desk then answers 503 and changes nothing of its own.
type Payments interface {
	// Open creates the Checkout Session of c; a second call with c's idempotency key answers the first one's.
	Open(ctx context.Context, c payments.Checkout) (payments.Session, error)
	// Session reads a session as Stripe has it now.
	Session(ctx context.Context, id string) (payments.Session, error)
	// Expire ends an open session, so it takes no payment, and answers it as it then stands.
	Expire(ctx context.Context, id string) (payments.Session, error)
}

// Holds is what the calendar's database does with a booking held for its deposit; *store.Store
// implements it. Each change is made once, however often it is asked.
type Holds interface {
	// Hold reads the salon's booking held for its deposit, or once held.
	Hold(ctx context.Context, salon, booking string) (salon.Booking, error)
	// Paid books the hold, paid on its session checkout, told as booking.created in the same
	// transaction; event is the Stripe event that says so, "" when Stripe was asked.
	Paid(ctx context.Context, booking, checkout, payment, event string, now time.Time) (salon.Booking, bool, error)
	// Release opens the hold's time again, unpaid.
	Release(ctx context.Context, booking, checkout, event string, now time.Time) (salon.Booking, bool, error)
	// HoldsDue lists at most limit holds still waiting whose session ended before before.
	HoldsDue(ctx context.Context, before time.Time, limit int) ([]salon.Booking, error)
	// SpendPaying spends round three's state, and returns the hold as it stood then.
	SpendPaying(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salon, booking string) (salon.Booking, error)
}

// Payment is round two's request to pay a held booking's deposit: MCP's URL-mode elicitation,
// whose id is the booking's.
type Payment struct {
	Booking, URL, Message string
}

// SayNothingBooked is what a customer hears, in English, when they gave up paying.
var SayNothingBooked = lang.Lang{}.NothingBooked()

// payingGrace is how long round three's state outlives the hold it waits for, so a customer who
// paid in the last minute still finishes, and one whose hold the sweep released hears so.
const payingGrace = 10 * time.Minute

// sweepGrace is how long past its session's end a hold waits for Stripe's event before the sweep
// asks Stripe itself: well inside payingGrace.
const sweepGrace = 2 * time.Minute

// stripeLongest is the latest a Checkout Session may end, after it is created: Stripe takes at most
// 24 hours, and this keeps a few minutes from the edge.
const stripeLongest = 24*time.Hour - 5*time.Minute

// payUntil is when a hold made under a state good until goodUntil ends: paymentMinutes after the
// state's own end, so the same however late in its life round two is sent (Stripe's idempotency
// asks the same parameters of a retry), and at least paymentMinutes from now; never more than
// Stripe's longest after the state was issued.
func payUntil(goodUntil time.Time, life time.Duration, minutes int) time.Time {
	until := goodUntil.Add(time.Duration(minutes) * time.Minute)
	if latest := goodUntil.Add(-life).Add(stripeLongest); until.After(latest) {
		return latest
	}
	return until
}

// depositOf is the deposit the service of hold asks, and false when it asks none.
func depositOf(rd reading, hold *salon.Hold) (salon.Service, bool) {
	if hold.Service == "" {
		return salon.Service{}, false
	}
	v, ok := rd.Settings.Service(hold.Service)
	return v, ok && v.Deposit != nil
}

// holdForDeposit readies hold for the deposit of the service v: its id made from the state, so a
// round two sent again holds the same booking on the same session, and a Checkout Session opened
// for it. Stripe failing is 503 with nothing spent.
func (d *Desk) holdForDeposit(ctx context.Context, rd reading, verified requeststate.Verified, v salon.Service, hold *salon.Hold) error {
	if d.Payments == nil || d.Holds == nil {
		return refusal.Failed(fmt.Errorf("salon %s: service %s asks a deposit, and this server takes no payments", hold.Salon, v.ID))
	}
	hold.ID = verified.ID.HoldID()
	until := payUntil(verified.GoodUntil, d.Life, rd.Settings.HoldMinutes())
	back := d.PublicURL + "/book/" + url.PathEscape(hold.Salon) + "/paid?booking=" + url.QueryEscape(hold.ID)
	session, err := d.Payments.Open(ctx, payments.Checkout{
		Booking: hold.ID, Amount: *v.Deposit, Currency: rd.Settings.Currency,
		Description: "Deposit: " + v.Name + ", " + rd.label(hold.Start),
		ExpiresAt:   until, SuccessURL: back, CancelURL: back + "&cancelled=1",
		IdempotencyKey: "checkout-" + hold.ID,
	})
	if err != nil {
		return refusal.Failed(err)
	}
	hold.Deposit = &salon.Deposit{Amount: *v.Deposit, Status: salon.DepositAwaiting, Checkout: session.ID, URL: session.URL, PayUntil: until}
	return nil
}

// askToPay is round two's answer once the hold b waits for its deposit: the URL-mode request to
// pay, and a state bound to the hold that is good until a little after the hold ends.
func (d *Desk) askToPay(r Request, rd reading, b salon.Booking) Result {
	dep := b.Deposit
	message := rd.lang.PayDeposit(salon.FormatPriceIn(rd.lang.Code(), rd.Settings.Currency, dep.Amount),
		withStylist(rd.lang, rd.Settings, b.Service, b.Stylist), rd.when(b.Start), rd.lang.Clock(dep.PayUntil, rd.loc))
	life := dep.PayUntil.Add(payingGrace).Sub(rd.now)
	state := requeststate.Issue(*d.Keys, rd.now, life, r.Salon, r.Booking, requeststate.Paying(b.ID), d.Nonce())
	return Result{Payment: &Payment{Booking: b.ID, URL: dep.URL, Message: message}, State: state}
}

// afterHold is round two's answer at a service with a deposit, from what the spend did: the hold
// made, the request to pay; the time taken meanwhile, the session expired and not_booked.
func (d *Desk) afterHold(ctx context.Context, r Request, rd reading, hold *salon.Hold, out salon.SpendOutcome) Result {
	if out.Booking == nil {
		// Nobody was sent to pay this session; expired, it can't take a payment. Should Stripe be
		// unreachable now, it ends by itself at its expires_at, and no time is held for it.
		d.Payments.Expire(context.WithoutCancel(ctx), hold.Deposit.Checkout)
		return Result{Outcome: step.NotBooked{Say: rd.lang.Taken(rd.when(hold.Start))}}
	}
	b := *out.Booking
	if out.Unread {
		// The hold committed, but its row wasn't read back: read it again, or name what was asked.
		if read, err := d.Holds.Hold(ctx, r.Salon, hold.ID); err == nil {
			b = read
		} else {
			b.Service, b.Stylist = hold.Service, hold.Stylists[0]
		}
	}
	b.Deposit = hold.Deposit
	return d.askToPay(r, rd, b)
}

// payRound answers round three: the customer is back from paying (accept), or gives the held time
// up (decline, cancel). Its state is spent in the same transaction that reads the hold, so it is
// single use as every state is. Stripe is asked about the session only while the hold still
// waits: on accept, whether it was paid before Stripe's event came; on decline, to expire it
// first, since a session paid meanwhile books rather than releases.
func (d *Desk) payRound(ctx context.Context, r Request, rd reading, verified requeststate.Verified, id string) (Result, error) {
	back, err := answer.ParsePayment(r.InputResponses)
	if err != nil {
		return Result{}, err
	}
	if d.Holds == nil || d.Payments == nil {
		return Result{}, refusal.Failed(fmt.Errorf("salon %s: a state waits for a deposit, and this server takes no payments", r.Salon))
	}
	b, err := d.Holds.Hold(ctx, r.Salon, id)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	if b.Deposit.Status == salon.DepositAwaiting {
		if err := d.settleAsked(ctx, b, back, rd.now); err != nil {
			return Result{}, err
		}
	}
	spending, done := spendContext(ctx)
	defer done()
	b, err = d.Holds.SpendPaying(spending, verified.ID, verified.GoodUntil, r.Salon, id)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	switch b.Deposit.Status {
	case salon.DepositAwaiting:
		return d.askToPay(r, rd, b), nil
	case salon.DepositReleased:
		if !back {
			return Result{Outcome: step.NotBooked{Say: rd.lang.NothingBooked()}}, nil
		}
		return Result{Outcome: step.NotBooked{Say: rd.lang.Released(rd.when(b.Start))}}, nil
	}
	out := bookedOutcome(rd, &b)
	out.Deposit = b.Deposit.Amount
	for _, key := range d.Keys.ManageKeys(r.Salon, b.ID) {
		if requeststate.ManageOpens(key, b.ManageHash) {
			out.Manage = key
		}
	}
	return Result{Outcome: out}, nil
}

// settleAsked settles the waiting hold b as round three finds it: on accept, booked if Stripe says
// its session is paid (Stripe unreachable leaves it waiting, for its event or the sweep); on
// decline, its session expired at Stripe and the hold released, or booked if it was paid meanwhile.
// Only the database failing, or Stripe failing on a decline, is an error: 503, nothing spent.
func (d *Desk) settleAsked(ctx context.Context, b salon.Booking, back bool, now time.Time) error {
	var s payments.Session
	var err error
	if back {
		if s, err = d.Payments.Session(ctx, b.Deposit.Checkout); err != nil {
			return nil
		}
	} else if s, err = d.Payments.Expire(ctx, b.Deposit.Checkout); err != nil {
		return refusal.Failed(err)
	}
	_, err = d.settle(ctx, b, s, "", now)
	return err
}

// settle applies what Stripe says of the hold b's session s, once: paid books it; expired releases it; an open one, or one complete whose
// payment is still settling, stays held. event is the
// Stripe event that said it, "" when Stripe was asked. It reports whether the hold changed.
func (d *Desk) settle(ctx context.Context, b salon.Booking, s payments.Session, event string, now time.Time) (bool, error) {
	var changed bool
	var err error
	switch {
	case s.Paid:
		_, changed, err = d.Holds.Paid(ctx, b.ID, b.Deposit.Checkout, s.PaymentIntent, event, now)
	case s.Status == payments.Expired:
		_, changed, err = d.Holds.Release(ctx, b.ID, b.Deposit.Checkout, event, now)
	}
	return changed, refusal.Or(err)
}

// StripeEvent applies one of Stripe's verified events: a completed session paid books its hold, an
// expired one releases it, each once however often it is sent. An event of another type, a
// session not paid yet, or one for no hold of this service changes nothing.
func (d *Desk) StripeEvent(ctx context.Context, e payments.Event) error {
	if d.Holds == nil || (e.Type != payments.SessionCompleted && e.Type != payments.SessionExpired) || e.Session.Booking == "" {
		return nil
	}
	b := salon.Booking{ID: e.Session.Booking, Deposit: &salon.Deposit{Checkout: e.Session.ID}}
	s := e.Session
	if e.Type == payments.SessionCompleted && !s.Paid {
		return nil // paid later, by a method that settles late: its own event follows
	}
	_, err := d.settle(ctx, b, s, e.ID, d.Now())
	if refusal.KindOf(err) == refusal.NotFound {
		return nil // not a hold of this service's: Stripe's account may serve others too
	}
	return err
}

// SweepHolds asks Stripe about each hold still waiting whose session ended more than sweepGrace
// ago, at most limit of them: their event was lost or is late. A paid one is booked, an unpaid one
// released (its session expired first, should it still be open). It returns how many it settled;
// a hold Stripe can't be asked about now waits for the next sweep.
func (d *Desk) SweepHolds(ctx context.Context, limit int) (int, error) {
	if d.Holds == nil || d.Payments == nil {
		return 0, nil
	}
	now := d.Now()
	due, err := d.Holds.HoldsDue(ctx, now.Add(-sweepGrace), limit)
	if err != nil {
		return 0, err
	}
	settled := 0
	for _, b := range due {
		s, err := d.Payments.Session(ctx, b.Deposit.Checkout)
		if err == nil && s.Status == payments.Open && !s.Paid {
			s, err = d.Payments.Expire(ctx, b.Deposit.Checkout)
		}
		if err != nil {
			continue
		}
		changed, err := d.settle(ctx, b, s, "", now)
		if err != nil {
			return settled, err
		}
		if changed {
			settled++
		}
	}
	return settled, nil
}
