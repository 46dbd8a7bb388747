// This file holds my booking (the customer's own) at the desk: seeing it with its key, cancelling it
// before its cutoff, moving it in two rounds, and telling a lost reply again.

package booking

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// MyCalendar is what the operations on my booking (the customer's own) need of the calendar,
// beside Calendar. *store.Store is one.
type MyCalendar interface {
	Booking(ctx context.Context, salon, id string) (salon.Booking, error)
	CancelBefore(ctx context.Context, salon, id string, latest time.Time) (salon.Booking, bool, error)
	MoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salon, booking string,
		decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error)
	SpentState(ctx context.Context, id requeststate.SpendID) (salon.Spent, bool, error)
}

// ErrAlreadyCancelled refuses a change of a booking that is cancelled.
var ErrAlreadyCancelled = refusal.New(refusal.Conflict, "already_cancelled", "this booking is already cancelled")

// ErrNoOutcome refuses to tell an outcome that isn't this request's, or is no longer kept.
var ErrNoOutcome = refusal.New(refusal.NotFound, "no_outcome", "there is no outcome for this request")

// changesClosed refuses a change past the salon's cutoff, saying whom to call.
func changesClosed(s salon.Settings) error {
	return refusal.New(refusal.Conflict, "changes_closed", fmt.Sprintf(
		"changes close %s before the appointment; call %s on %s", hours(s.ChangeCutoffHours), s.Name, s.Phone))
}

// MaxCustomerMoves is how many times a customer may move a booking with its key: each move mails or
// texts the contact, so a booking moved without end would have the salon message anyone at all.
const MaxCustomerMoves = 3

// movedTooOften refuses a customer's move of a booking moved MaxCustomerMoves times, saying whom to call.
func movedTooOften(s salon.Settings) error {
	return refusal.New(refusal.Conflict, "moved_too_often", fmt.Sprintf(
		"this booking has been moved %d times; call %s on %s to change it again", MaxCustomerMoves, s.Name, s.Phone))
}

// refuseMove refuses a customer's move of m: what refuseChange refuses, and a booking its customer
// has moved MaxCustomerMoves times.
func refuseMove(m Mine) error {
	if err := refuseChange(m); err != nil {
		return err
	}
	if m.CustomerMoves >= MaxCustomerMoves {
		return movedTooOften(m.Settings)
	}
	return nil
}

func hours(n int) string {
	if n == 1 {
		return "1 hour"
	}
	return strconv.Itoa(n) + " hours"
}

// Mine is a booking as its customer sees it, with what they may still do.
type Mine struct {
	salon.Booking
	Settings salon.Settings
	// Zone is the salon's time zone, in which Label reads and the booking's times are written.
	Zone  *time.Location
	Label string
	// Ends is when the service ends: its minutes after the start (the salon's slot at a simple salon).
	Ends time.Time
	// ChangeUntil is the last moment the customer may cancel or move it: its start less the
	// salon's change cutoff, as the salon has it now.
	ChangeUntil time.Time
	// CanChange says whether it is live and before ChangeUntil now.
	CanChange bool
}

// myCalendar is the desk's MyCalendar, as the customer's operations use it, and whether it has one
// beside a calendar.
func (d *Desk) myCalendar() (MyCalendar, bool) {
	return d.MyCalendar, d.Calendar != nil && d.MyCalendar != nil
}

// mine reads the salon's booking id for the holder of key: the booking, and the salon's settings
// read once. A wrong key and an unknown booking are the same salon.NoBooking, reached in the same
// time.
func (d *Desk) mine(ctx context.Context, id, bookingID, key string) (Mine, reading, error) {
	if d.Calendar == nil {
		return Mine{}, reading{}, salon.NoBooking(bookingID)
	}
	cal, ok := d.myCalendar()
	if !ok {
		return Mine{}, reading{}, salon.NoBooking(bookingID)
	}
	rd, err := d.readSettings(ctx, id, d.Now())
	if refusal.KindOf(err) == refusal.NotFound {
		requeststate.ManageOpens(key, nil)
		return Mine{}, reading{}, salon.NoBooking(bookingID)
	}
	if err != nil {
		return Mine{}, reading{}, err
	}
	b, err := cal.Booking(ctx, id, bookingID)
	if err != nil && refusal.KindOf(err) != refusal.NotFound {
		return Mine{}, reading{}, refusal.Or(err)
	}
	if !requeststate.ManageOpens(key, b.ManageHash) || err != nil {
		return Mine{}, reading{}, salon.NoBooking(bookingID)
	}
	return d.seen(rd, b), rd, nil
}

// seen is b as its customer sees it at the salon of rd.
func (d *Desk) seen(rd reading, b salon.Booking) Mine {
	m := Mine{Booking: b, Settings: rd.Settings, Zone: rd.loc, Label: rd.label(b.Start), Ends: b.Ends()}
	if b.Minutes == 0 && rd.Settings.SlotMinutes > 0 {
		m.Ends = b.Start.Add(time.Duration(rd.Settings.SlotMinutes) * time.Minute)
	}
	m.ChangeUntil = b.Start.Add(-time.Duration(rd.Settings.ChangeCutoffHours) * time.Hour)
	m.CanChange = b.Status == salon.Booked && rd.now.Before(m.ChangeUntil)
	return m
}

// MyBooking is the salon's booking id, for the holder of its manage key.
func (d *Desk) MyBooking(ctx context.Context, id, bookingID, key string) (Mine, error) {
	m, _, err := d.mine(ctx, id, bookingID, key)
	return m, err
}

// CancelMine cancels the salon's booking id for the holder of its key, while its cutoff allows:
// the cutoff is checked inside the calendar's transaction, so a cancel and a move racing end with
// one of them. Past the cutoff it is refused, saying whom to call; a cancelled booking is
// ErrAlreadyCancelled.
func (d *Desk) CancelMine(ctx context.Context, id, bookingID, key string) (Mine, error) {
	m, rd, err := d.mine(ctx, id, bookingID, key)
	if err != nil {
		return Mine{}, err
	}
	if err := refuseChange(m); err != nil {
		return Mine{}, err
	}
	cal, _ := d.myCalendar()
	latest := rd.now.Add(time.Duration(rd.Settings.ChangeCutoffHours) * time.Hour)
	b, changed, err := cal.CancelBefore(ctx, id, bookingID, latest)
	if err != nil {
		return Mine{}, refusal.Or(err)
	}
	m = d.seen(rd, b)
	if !changed {
		if err := refuseChange(m); err != nil {
			return Mine{}, err
		}
		return Mine{}, ErrAlreadyCancelled
	}
	return m, nil
}

// refuseChange refuses a change of m that its status or its cutoff doesn't allow.
func refuseChange(m Mine) error {
	switch {
	case m.Status != salon.Booked:
		return ErrAlreadyCancelled
	case !m.CanChange:
		return changesClosed(m.Settings)
	}
	return nil
}

// MoveRequest is one round of a customer's move of their booking.
type MoveRequest struct {
	Salon, Booking, Key string
	// Ask is the customer's words and the slots they would move to, in the app's order.
	Ask step.Request
	// Stylist is the stylist to move to; "" keeps the booking's own.
	Stylist        string
	InputResponses []byte
	RequestState   *string
	// AcceptLanguage is the request's Accept-Language header: the words follow its best match
	// among the shipped languages, else the salon's.
	AcceptLanguage string
}

// MoveMine answers a round of a move: round one offers two of the request's slots open for the
// booking's service with its stylist (or the one asked for), the booking's own span not counting
// against it; round two moves the booking there and spends the state in one transaction. The key,
// the booking's status, the cutoff and its own moves (at most MaxCustomerMoves) are checked in both
// rounds, before anything else, and round two checks all but the key again inside the move's
// transaction, so two moves racing on two instances can't both make the fourth.
func (d *Desk) MoveMine(ctx context.Context, r MoveRequest) (Result, error) {
	if d.Keys == nil {
		return Result{}, refusal.ErrUnavailable
	}
	m, rd, err := d.mine(ctx, r.Salon, r.Booking, r.Key)
	if err != nil {
		return Result{}, err
	}
	if err := refuseMove(m); err != nil {
		return Result{}, err
	}
	ask := r.Ask
	ask.Moving, ask.Choice, ask.Customer = m.ID, &salon.Choice{Service: m.Service, Stylist: r.Stylist}, &m.Customer
	ask.Lang = lang.Choose(r.AcceptLanguage, rd.Settings.Language)
	rd.lang = ask.Lang
	switch {
	case r.Stylist == "":
	case !rd.Settings.HasMenu():
		// A simple salon has one chair and no stylist to move to.
		return Result{}, salon.Refusal(r.Salon + " has no such stylist")
	default:
		if err := rd.Settings.Choose(r.Salon, m.Service, r.Stylist); err != nil {
			return Result{}, err
		}
	}
	req := Request{Salon: r.Salon, Booking: ask, InputResponses: r.InputResponses, RequestState: r.RequestState}
	if (r.InputResponses == nil) != (r.RequestState == nil) {
		return Result{}, ErrUnpaired
	}
	if r.RequestState == nil {
		return d.askToMove(ctx, req, rd, m)
	}
	verified, ans, err := d.check(req, rd.now)
	if err != nil {
		return Result{}, err
	}
	offered, accepted := ans.Accepted()
	var start time.Time
	fits := false
	if accepted {
		var ok bool
		if start, ok = salon.ParseSlotID(offered.Time(), rd.loc); !ok {
			return Result{}, refusal.Failed(fmt.Errorf("the offered slot %q is not a slot id", offered.Time()))
		}
		fits = movable(rd, m, r.Stylist, start)
	}
	if !fits {
		// A decline, or a time the salon's settings no longer give: the state is spent and the
		// booking stays.
		if _, err := d.Calendar.Spend(ctx, verified.ID, verified.GoodUntil, nil, rd.now); err != nil {
			return Result{}, refusal.Or(err)
		}
		if !accepted {
			return Result{Outcome: step.NotBooked{Say: rd.lang.StaysUnchosen(rd.when(m.Start))}}, nil
		}
		return Result{Outcome: step.NotBooked{Say: rd.lang.StaysTaken(rd.when(start), rd.when(m.Start))}}, nil
	}
	cal, _ := d.myCalendar()
	spending, done := spendContext(ctx)
	defer done()
	b, taken, err := cal.MoveSpend(spending, verified.ID, verified.GoodUntil, r.Salon, m.ID, func(b salon.Booking) (salon.Move, error) {
		if err := refuseMove(d.seen(rd, b)); err != nil {
			return salon.Move{}, err
		}
		stylist := b.Stylist
		if r.Stylist != "" {
			stylist = r.Stylist
		}
		return salon.Move{Slot: salon.NewSlot(start, rd.loc), Stylist: stylist}, nil
	})
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	if taken != 0 {
		return Result{Outcome: step.NotBooked{Say: rd.lang.StaysTaken(rd.when(start), rd.when(m.Start))}}, nil
	}
	say := rd.lang.MovedTo(rd.when(b.Start))
	if b.Service != "" {
		say = rd.lang.MovedWith(withStylist(rd.lang, rd.Settings, b.Service, b.Stylist), rd.when(b.Start))
	}
	return Result{Outcome: step.Booked{Slot: b.Slot, Say: say, Booking: b.ID}}, nil
}

// movable reports whether the salon's settings let m move to start: at a menu salon, with the
// stylist asked for or its own, for its service; at a simple salon, to one of its slots. Whether
// the time is free is the calendar's to decide, inside the move's transaction.
func movable(rd reading, m Mine, asked string, start time.Time) bool {
	if m.Service == "" {
		return salon.Holds(rd.Settings, rd.loc, rd.now, start)
	}
	stylist := m.Stylist
	if asked != "" {
		stylist = asked
	}
	return salon.StartFits(rd.Settings, rd.loc, rd.now, m.Service, stylist, start, nil) == salon.Fits
}

// askToMove answers a move's round one: of the request's slots, those open for the booking's
// service with its stylist, its own span not counting against it, offered as round one of a
// booking offers.
func (d *Desk) askToMove(ctx context.Context, r Request, rd reading, m Mine) (Result, error) {
	if m.Service == "" {
		from, to := window(r.Booking.OpenSlots)
		full, err := d.read(ctx, r.Salon, from, to)
		if err != nil {
			return Result{}, err
		}
		delete(full.Taken, m.Start.Unix())
		return d.askAtSalon(ctx, r, full)
	}
	c := *r.Booking.Choice
	if c.Stylist == "" {
		c.Stylist = m.Stylist
	}
	own := m.Span()
	return d.askFromMenuWithout(ctx, r, rd, c, func(s salon.Span) bool {
		return s.Stylist == own.Stylist && s.Start.Equal(own.Start)
	})
}

// Outcome tells again what round two r's spend did, for a client whose reply was lost: the same
// complete result, the manage key included, while r's state is good and was spent by this very
// request. Anything else is ErrNoOutcome; the state is never spent here.
func (d *Desk) Outcome(ctx context.Context, r Request) (Result, error) {
	if d.Keys == nil {
		return Result{}, refusal.ErrUnavailable
	}
	cal, ok := d.myCalendar()
	if d.Calendar == nil || !ok || r.RequestState == nil || r.InputResponses == nil {
		return Result{}, ErrNoOutcome
	}
	now := d.Now()
	rd, err := d.readSettings(ctx, r.Salon, now)
	if refusal.KindOf(err) == refusal.NotFound {
		return Result{}, ErrNoOutcome
	}
	if err != nil {
		return Result{}, err
	}
	if err := admit(&rd, &r); err != nil {
		return Result{}, ErrNoOutcome
	}
	verified, ans, err := d.check(r, now)
	if err != nil {
		return Result{}, ErrNoOutcome
	}
	spent, found, err := cal.SpentState(ctx, verified.ID)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	offered, accepted := ans.Accepted()
	switch {
	case !found:
		return Result{}, ErrNoOutcome
	case spent.Outcome == "declined" && !accepted:
		return Result{Outcome: step.Step(r.Booking, step.Declined())}, nil
	case spent.Outcome == "taken" && accepted && spent.Slot == offered.Time():
		start, _ := salon.ParseSlotID(spent.Slot, rd.loc)
		return Result{Outcome: step.NotBooked{Say: rd.lang.Taken(rd.when(start))}}, nil
	case spent.Outcome == "booked" && accepted && spent.Booking != nil && spent.Booking.Slot == offered.Time():
		b := spent.Booking
		out := bookedOutcome(rd, b)
		for _, key := range d.Keys.ManageKeys(r.Salon, b.ID) {
			if requeststate.ManageOpens(key, b.ManageHash) {
				out.Manage = key
			}
		}
		return Result{Outcome: out}, nil
	}
	return Result{}, ErrNoOutcome
}
