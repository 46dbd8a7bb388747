// This file holds what the owner's assistant does beside the owner's routes: a day's bookings by
// stylist, a move the owner confirms in two rounds, and time closed in one step.

package booking

import (
	"context"
	"fmt"
	"slices"
	"time"

	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// Amend is what the owner's assistant needs of the calendar beside Calendar and MyCalendar. *store.Store
// is one.
type Amend interface {
	// OwnerMoveSpend is the owner's move, confirmed with a request state spent in its transaction.
	OwnerMoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salon, booking string,
		decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error)
	// AmendSalon changes a salon's settings in one transaction that holds its row.
	AmendSalon(ctx context.Context, id string, change func(salon.Settings) (salon.Settings, error)) error
}

// amend is the desk's Amend, as the owner's assistant uses it, and whether it has one beside a
// calendar.
func (d *Desk) amend() (Amend, bool) {
	return d.Amend, d.Calendar != nil && d.Amend != nil
}

// DayLayout is how a day is written: the salon's local date.
const DayLayout = time.DateOnly

// errDay refuses a day that isn't a date.
var errDay = salon.Refusal("date must be a day written as YYYY-MM-DD, such as 2026-12-05")

// Day is one local day of a salon as its owner plans it: its bookings by stylist and the
// closures over it.
type Day struct {
	// Date is the day, YYYY-MM-DD in the salon's zone, TimeZone.
	Date, TimeZone string
	// From and To are the day's first instant and the next day's.
	From, To time.Time
	// Stylists are the day's columns: at a menu salon each stylist of the team in its order, then
	// any stylist a booking names whom the team no longer holds; at a simple salon one column
	// with ID "".
	Stylists []StylistDay
	// Closures are the menu salon's closures that touch the day.
	Closures []salon.Closure
}

// StylistDay is one stylist's bookings of a day, earliest first, cancelled ones included.
type StylistDay struct {
	ID, Name string
	Bookings []Listed
}

// Day is the salon id's local day date (YYYY-MM-DD; "" for today) as its owner plans it. Any day
// may be read, past ones included.
func (d *Desk) Day(ctx context.Context, id, date string) (Day, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Day{}, err
	}
	day := rd.now.In(rd.loc)
	if date != "" {
		if day, err = time.ParseInLocation(DayLayout, date, rd.loc); err != nil {
			return Day{}, errDay
		}
	}
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, rd.loc)
	out := Day{Date: from.Format(DayLayout), TimeZone: rd.Settings.TimeZone, From: from, To: from.AddDate(0, 0, 1)}
	var all []Listed
	for page := (BookingPage{Next: nil}); ; {
		if page, err = d.Bookings(ctx, id, out.From, out.To, MaxPageLimit, page.Next); err != nil {
			return Day{}, err
		}
		all = append(all, page.Bookings...)
		if page.Next == nil {
			break
		}
	}
	set := rd.Settings
	if !set.HasMenu() {
		out.Stylists = []StylistDay{{Bookings: all}}
		return out, nil
	}
	for _, p := range set.Stylists {
		out.Stylists = append(out.Stylists, StylistDay{ID: p.ID, Name: p.Name})
	}
	for _, b := range all {
		i := slices.IndexFunc(out.Stylists, func(s StylistDay) bool { return s.ID == b.Stylist })
		if i < 0 {
			out.Stylists = append(out.Stylists, StylistDay{ID: b.Stylist, Name: b.Stylist})
			i = len(out.Stylists) - 1
		}
		out.Stylists[i].Bookings = append(out.Stylists[i].Bookings, b)
	}
	for _, c := range set.Closures {
		if c.From.Before(out.To) && c.To.After(out.From) {
			out.Closures = append(out.Closures, c)
		}
	}
	return out, nil
}

// OwnerMoveRequest is one round of the owner's move confirmed in two rounds: the booking and the
// start (and stylist) the owner's route takes, then the owner's answer and the state.
type OwnerMoveRequest struct {
	Salon, Booking string
	// Slot is the new start, a slot id; Stylist the stylist to keep it, "" for its own.
	Slot, Stylist  string
	InputResponses []byte
	RequestState   *string
}

// MoveAsOwner answers a round of the owner's move of a booking. Round one judges the move as
// Move does, against the calendar as it is, and asks the owner to confirm it, offering the one
// start; nothing changes. Round two verifies the state (bound to the salon, the booking, the start
// and the stylist, and to the owner), and on accept moves the booking as Move does, spending the
// state in the move's transaction, so it moves once; a decline spends the state and moves nothing.
// Its words are in the salon's language.
func (d *Desk) MoveAsOwner(ctx context.Context, r OwnerMoveRequest) (Result, error) {
	if d.Keys == nil {
		return Result{}, refusal.ErrUnavailable
	}
	a, ok := d.amend()
	own, ok2 := d.myCalendar()
	if d.Calendar == nil || !ok || !ok2 {
		return Result{}, salon.NoSalon(r.Salon)
	}
	rd, err := d.readSettingsOf(ctx, r.Salon)
	if err != nil {
		return Result{}, err
	}
	rd.lang = lang.Choose("", rd.Settings.Language)
	b, err := own.Booking(ctx, r.Salon, r.Booking)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	j, err := d.judgeOwnerMove(ctx, r.Salon, rd, r.Slot, r.Stylist)
	if err != nil {
		return Result{}, err
	}
	ask := step.Request{OpenSlots: []string{r.Slot}, Moving: b.ID, ByOwner: true,
		Choice: &salon.Choice{Service: b.Service, Stylist: r.Stylist}, Lang: rd.lang}
	req := Request{Salon: r.Salon, Booking: ask, InputResponses: r.InputResponses, RequestState: r.RequestState}
	if (r.InputResponses == nil) != (r.RequestState == nil) {
		return Result{}, ErrUnpaired
	}
	if r.RequestState == nil {
		return d.askOwnerToMove(ctx, rd, b, j, req)
	}
	verified, ans, err := d.check(req, rd.now)
	if err != nil {
		return Result{}, err
	}
	if _, accepted := ans.Accepted(); !accepted {
		if _, err := d.Calendar.Spend(ctx, verified.ID, verified.GoodUntil, nil, rd.now); err != nil {
			return Result{}, refusal.Or(err)
		}
		return Result{Outcome: step.NotBooked{Say: rd.lang.OwnerStaysUnchosen(b.Name, rd.when(b.Start))}}, nil
	}
	spending, done := spendContext(ctx)
	defer done()
	moved, why, err := a.OwnerMoveSpend(spending, verified.ID, verified.GoodUntil, r.Salon, b.ID, j.decide)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	if why != 0 {
		return Result{Outcome: step.NotBooked{Say: rd.lang.OwnerStaysTaken(b.Name, rd.when(j.move.Slot.Start), rd.when(b.Start))}}, nil
	}
	return Result{Outcome: step.Booked{Slot: moved.Slot, Booking: moved.ID, Service: moved.Service, Stylist: moved.Stylist,
		Say: rd.lang.OwnerMoved(moved.Name, rd.when(moved.Start))}}, nil
}

// askOwnerToMove is round one of the owner's move of b: judged as its transaction would judge it
// now, then the owner is asked to confirm, with the one start offered.
func (d *Desk) askOwnerToMove(ctx context.Context, rd reading, b salon.Booking, j *ownerMove, r Request) (Result, error) {
	switch b.Status {
	case salon.Booked:
	case salon.AwaitingPayment:
		return Result{}, salon.AwaitingDeposit(b.ID)
	default:
		return Result{}, salon.NotLive(b.ID)
	}
	m, err := j.decide(b)
	if err != nil {
		return Result{}, err
	}
	if !rd.Settings.HasMenu() {
		// A simple salon's slot is taken or closed by the calendar's rows, which decide doesn't read.
		atSlot, err := d.read(ctx, r.Salon, m.Slot.Start, m.Slot.Start.Add(time.Second))
		if err != nil {
			return Result{}, err
		}
		if why, taken := atSlot.Taken[m.Slot.Start.Unix()]; taken && !m.Slot.Start.Equal(b.Start) {
			return Result{}, j.refuse(why)
		}
	}
	what := rd.lang.Appointment()
	if b.Service != "" {
		what = withStylist(rd.lang, rd.Settings, b.Service, m.Stylist)
	}
	q := step.Question{Message: rd.lang.OwnerMove(b.Name, what, rd.when(b.Start), rd.when(m.Slot.Start)), Times: []string{m.Slot.ID}}
	state := requeststate.Issue(*d.Keys, rd.now, d.Life, r.Salon, r.Booking, q.Times, d.Nonce())
	return Result{Question: &q, State: state}, nil
}

// Closed is what CloseTime closed.
type Closed struct {
	// Closure is the closure added to a menu salon's settings; zero at a simple salon.
	Closure salon.Closure
	// Slots are the simple salon's slots closed, earliest first; Booked those left open because
	// a booking holds them. Both empty at a menu salon.
	Slots, Booked []salon.Slot
}

// CloseTime closes [c.From, c.To) at the salon id. A menu salon adds c to its closures, in one
// transaction with the settings as stored (checked as a put checks them, so the 201st closure or a
// stylist not on the team is refused), audited as a put. A simple salon has no closures: each of
// its open slots that starts in the span is closed as the owner's route closes one, and those a
// booking holds are left, and said.
func (d *Desk) CloseTime(ctx context.Context, id string, c salon.Closure) (Closed, error) {
	a, ok := d.amend()
	if d.Calendar == nil || !ok {
		return Closed{}, salon.NoSalon(id)
	}
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Closed{}, err
	}
	if !c.From.Before(c.To) {
		return Closed{}, salon.Refusal("to must be after from")
	}
	if !rd.Settings.HasMenu() {
		return d.closeSlots(ctx, id, c)
	}
	err = a.AmendSalon(ctx, id, func(s salon.Settings) (salon.Settings, error) {
		s.Closures = append(slices.Clone(s.Closures), c)
		if err := s.Check(d.zones.load); err != nil {
			return salon.Settings{}, err
		}
		return s, nil
	})
	if err != nil {
		return Closed{}, refusal.Or(err)
	}
	return Closed{Closure: c}, nil
}

// MaxClosedSlots is how many slots of a simple salon one CloseTime closes at most.
const MaxClosedSlots = MaxListedSlots

// closeSlots closes the simple salon id's open slots that start in c's span.
func (d *Desk) closeSlots(ctx context.Context, id string, c salon.Closure) (Closed, error) {
	if c.Stylist != "" {
		return Closed{}, salon.NoStylist(id, c.Stylist)
	}
	slots, err := d.Slots(ctx, id, c.From, c.To)
	if err != nil {
		return Closed{}, err
	}
	if len(slots) == MaxListedSlots {
		return Closed{}, salon.Refusal(fmt.Sprintf("a simple salon closes at most %d slots at once: close a shorter span", MaxClosedSlots))
	}
	var out Closed
	for _, s := range slots {
		switch s.Taken {
		case 0:
			if err := d.markSlot(ctx, id, s.ID, true); err != nil {
				if refusal.KindOf(err) == refusal.Conflict {
					out.Booked = append(out.Booked, s.Slot) // booked meanwhile
					continue
				}
				return Closed{}, err
			}
			out.Slots = append(out.Slots, s.Slot)
		case salon.TakenBooked:
			out.Booked = append(out.Booked, s.Slot)
		}
	}
	return out, nil
}
