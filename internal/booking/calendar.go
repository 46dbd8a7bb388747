// This file holds the desk's calendar mode: the server owns each salon's open times and records every booking.

package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"salon/internal/answer"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/store"
)

// Calendar is the salons' database, as the desk and the owner's operations use it. *store.Store is one.
// Any error but the store's named ones means the database failed, and the request answers 503.
type Calendar interface {
	PutSalon(ctx context.Context, id string, s salon.Settings) error
	Salon(ctx context.Context, id string) (salon.Settings, error)
	// RecentSalon is Salon from settings kept decoded: after a change through another instance it
	// may return the settings before it, for at most store.SettingsAge.
	RecentSalon(ctx context.Context, id string) (salon.Settings, error)
	Salons(ctx context.Context) ([]store.Summary, error)
	Calendar(ctx context.Context, id string, from time.Time) (store.Calendar, error)
	Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *store.Hold, now time.Time) (store.Outcome, error)
	Bookings(ctx context.Context, salon string, from, to time.Time) ([]store.Booking, error)
	Cancel(ctx context.Context, salon, booking string) (store.Booking, error)
	CloseSlot(ctx context.Context, salon string, start time.Time) error
	OpenSlot(ctx context.Context, salon string, start time.Time) error
	Ping(ctx context.Context) error
}

// The refusals only a desk with a calendar makes.
const (
	ErrCustomerRequired Refusal = "arguments.customer is required at this salon"
)

// NoSalon refuses a salon that isn't registered, or any salon when no calendar is configured.
type NoSalon string

func (n NoSalon) Error() string { return "there is no salon " + string(n) }

// MaxOpenSlots is how many open slots a salon's view lists at most: as many as round one may send.
const MaxOpenSlots = 50

// SayTaken is what a customer hears when the time they chose was taken before their answer came.
func SayTaken(label string) string { return label + " was taken meanwhile, so nothing is booked." }

// SayYours is what a customer hears when the time they chose is booked for them.
func SayYours(label string) string { return label + " is yours." }

// View is a salon as its page and its assistant read it: the settings and the slots open now.
type View struct {
	ID       string
	Settings salon.Settings
	// Open are the slots open now, earliest first, at most MaxOpenSlots.
	Open []salon.Slot
}

// Salon reads a salon and the slots it holds open now. Without a calendar every salon is NoSalon.
func (d *Desk) Salon(ctx context.Context, id string) (View, error) {
	cal, err := d.read(ctx, id)
	if err != nil {
		return View{}, err
	}
	return View{ID: id, Settings: cal.Settings, Open: cal.open(MaxOpenSlots)}, nil
}

// reading is a salon's calendar as read at now: its settings and what is taken from now on, and
// the zone its times are in.
type reading struct {
	store.Calendar
	loc *time.Location
	now time.Time
}

// slot is the start of the slot id when it is one of the salon's slots, ahead of now within its
// horizon; booked and closed ones count.
func (cal reading) slot(id string) (time.Time, bool) {
	start, ok := salon.ParseSlotID(id, cal.loc)
	return start, ok && salon.Holds(cal.Settings, cal.loc, cal.now, start)
}

// holdsOpen reports whether slot is one of the salon's slots, ahead of now within its horizon, and neither booked nor closed.
func (cal reading) holdsOpen(slot string) bool {
	start, ok := cal.slot(slot)
	return ok && !cal.taken(start)
}

// taken reports whether the slot starting at start is booked or closed.
func (cal reading) taken(start time.Time) bool {
	_, taken := cal.Taken[start.Unix()]
	return taken
}

// open is the first limit slots of the salon's horizon that start after now and are neither
// booked nor closed.
func (cal reading) open(limit int) []salon.Slot {
	return salon.Open(cal.Settings, cal.loc, cal.now, cal.taken, limit)
}

// read reads the salon id's calendar at the desk's clock: the owner's operations start here.
// Without a calendar every salon is NoSalon, and the clock is not read.
func (d *Desk) read(ctx context.Context, id string) (reading, error) {
	if d.Calendar == nil {
		return reading{}, NoSalon(id)
	}
	return d.calendar(ctx, id, d.Now())
}

// calendar reads a salon's calendar from now on, and the zone its times are in. The desk must
// have a calendar.
func (d *Desk) calendar(ctx context.Context, id string, now time.Time) (reading, error) {
	cal, err := d.Calendar.Calendar(ctx, id, now)
	loc, err := d.located(id, cal.Settings, err)
	if err != nil {
		return reading{}, err
	}
	return reading{Calendar: cal, loc: loc, now: now}, nil
}

// zone reads the zone of a salon's times from its recent settings: round two needs no more, since
// the spend decides whether the slot is still open inside its own transaction. Settings as old as
// store.SettingsAge cost at most a label written in the zone before an owner's change.
func (d *Desk) zone(ctx context.Context, id string) (*time.Location, error) {
	set, err := d.Calendar.RecentSalon(ctx, id)
	return d.located(id, set, err)
}

// located is the zone of the salon id's times, from a read of its settings s that answered err:
// the store's ErrNoSalon is NoSalon, and any other failure, or a zone that won't load, a StoreError.
func (d *Desk) located(id string, s salon.Settings, err error) (*time.Location, error) {
	switch {
	case errors.Is(err, store.ErrNoSalon):
		return nil, NoSalon(id)
	case err != nil:
		return nil, &StoreError{Cause: err}
	}
	loc, err := d.zones.load(s.TimeZone)
	if err != nil {
		return nil, &StoreError{Cause: fmt.Errorf("salon %s: %w", id, err)}
	}
	return loc, nil
}

// bookAtSalon answers a round at a salon with a calendar: the salon must be registered and the
// customer named; round one offers only slots the calendar holds open, and round two spends the
// state and books in one transaction.
func (d *Desk) bookAtSalon(ctx context.Context, r Request) (Result, error) {
	now := d.Now()
	if r.RequestState == nil && r.InputResponses == nil {
		return d.askAtSalon(ctx, r, now)
	}
	loc, err := d.zone(ctx, r.Salon)
	if err != nil {
		return Result{}, err
	}
	if r.Booking.Customer == nil {
		return Result{}, ErrCustomerRequired
	}
	if (r.InputResponses == nil) != (r.RequestState == nil) {
		return Result{}, ErrUnpaired
	}
	verified, ans, err := d.check(r, now)
	if err != nil {
		return Result{}, err
	}
	var rec recorder
	offered, accepted := ans.Accepted()
	rec.answered(verified.Offered, offered.Time(), accepted)
	if !accepted {
		if _, err := d.spendAtSalon(ctx, r.Salon, verified, nil, now); err != nil {
			return Result{}, err
		}
		d.observe(rec)
		return Result{Outcome: step.Step(r.Booking, step.Declined())}, nil
	}
	slot := offered.Time()
	start, err := time.Parse(time.RFC3339, slot)
	if err != nil {
		// Only a slot id this desk offered can be here, so this is a state of another era; it holds no slot.
		return Result{}, &StoreError{Cause: fmt.Errorf("the offered slot %q is not a slot id", slot)}
	}
	label := salon.Label(start, loc)
	hold := &store.Hold{
		ID: d.BookingID(), Salon: r.Salon, Slot: slot, Start: start,
		Name: r.Booking.Customer.Name, Contact: r.Booking.Customer.Contact, Words: r.Booking.Message,
	}
	rec.held(hold)
	out, err := d.spendAtSalon(ctx, r.Salon, verified, hold, now)
	var unread *store.NotReadBack
	if errors.As(err, &unread) {
		// The commit holds the booking; only reading its row failed, so it is answered as held.
		return Result{Outcome: step.Booked{Slot: slot, Say: SayYours(label), Booking: hold.ID}}, nil
	}
	if err != nil {
		return Result{}, err
	}
	rec.spent(out)
	d.observe(rec)
	if out.Booking == nil {
		return Result{Outcome: step.NotBooked{Say: SayTaken(label)}}, nil
	}
	got := out.Booking
	return Result{Outcome: step.Booked{Slot: got.Slot, Say: SayYours(salon.Label(got.Start, loc)), Booking: got.ID}}, nil
}

// askAtSalon answers round one at a salon with a calendar, offering only the request's slots the
// calendar holds open now.
func (d *Desk) askAtSalon(ctx context.Context, r Request, now time.Time) (Result, error) {
	cal, err := d.calendar(ctx, r.Salon, now)
	if err != nil {
		return Result{}, err
	}
	if r.Booking.Customer == nil {
		return Result{}, ErrCustomerRequired
	}
	held := r.Booking
	held.OpenSlots = slices.DeleteFunc(slices.Clone(r.Booking.OpenSlots), func(slot string) bool {
		return !cal.holdsOpen(slot)
	})
	held.Salon = salonFacts(cal.Settings, cal.loc, held.OpenSlots)
	if d.Offerer != nil && len(held.OpenSlots) > 0 {
		if held.Withheld, err = d.withheld(ctx, r.Salon, cal.Settings, cal.loc, now, held); err != nil {
			return Result{}, err
		}
	}
	return d.ask(ctx, r, held), nil
}

// salonFacts is what round one's offerer is told of a salon: the labels of the open slots, the
// price sheet and the zone, from its settings alone. Nothing of its bookings is read.
func salonFacts(s salon.Settings, loc *time.Location, open []string) *step.Salon {
	facts := &step.Salon{Zone: s.TimeZone, Labels: make(map[string]string, len(open)), Prices: make([]step.Price, len(s.Prices))}
	for _, slot := range open {
		if start, ok := salon.ParseSlotID(slot, loc); ok {
			facts.Labels[slot] = salon.Label(start, loc)
		}
	}
	for i, p := range s.Prices {
		facts.Prices[i] = step.Price{Service: p.Service, Price: p.Price}
	}
	return facts
}

// withheld is what an offerer at the salon must never say: the names, contacts, words and
// references of the other customers booked from a horizon back to the horizon's end, and the
// slots they hold (by id and by label), less what the offerer is told anyway (b's words and the
// salon's facts). The customer's own bookings are
// theirs to hear of. Only an offerer that isn't the default needs it, so only it reads bookings.
func (d *Desk) withheld(ctx context.Context, id string, s salon.Settings, loc *time.Location, now time.Time, b step.Booking) (*step.Withheld, error) {
	rows, err := d.Calendar.Bookings(ctx, id, now.AddDate(0, 0, -s.HorizonDays), salon.HorizonEnd(s, loc, now))
	if err != nil {
		return nil, &StoreError{Cause: err}
	}
	allowed := []string{b.Message}
	for id, label := range b.Salon.Labels {
		allowed = append(allowed, id, label)
	}
	for _, p := range b.Salon.Prices {
		allowed = append(allowed, p.Service, p.Price)
	}
	var names, texts, words []string
	for _, row := range rows {
		if c := b.Customer; c != nil && row.Name == c.Name && row.Contact == c.Contact {
			continue
		}
		names, words = append(names, row.Name), append(words, row.Words)
		texts = append(texts, row.Contact, row.ID)
		if row.Status == store.Booked {
			texts = append(texts, row.Slot, salon.Label(row.Start, loc))
		}
	}
	return step.NewWithheld(allowed, names, texts, words), nil
}

// observe hands round two's records to Observe, when it is set.
func (d *Desk) observe(rec recorder) {
	if d.Observe != nil {
		d.Observe(rec.records)
	}
}

// spendAtSalon spends a verified state at the salon id, booking hold when there is one, in the
// calendar's one transaction.
func (d *Desk) spendAtSalon(ctx context.Context, id string, v requeststate.Verified, hold *store.Hold, now time.Time) (store.Outcome, error) {
	out, err := d.Calendar.Spend(ctx, v.ID, v.GoodUntil, hold, now)
	var unread *store.NotReadBack
	switch {
	case errors.As(err, &unread):
		return out, err
	case errors.Is(err, requeststate.ErrAlreadyUsed):
		return store.Outcome{}, requeststate.ErrAlreadyUsed
	case errors.Is(err, store.ErrNoSalon):
		// Salons are never removed, so only a database replaced under the service gets here.
		return store.Outcome{}, NoSalon(id)
	case err != nil:
		return store.Outcome{}, &StoreError{Cause: err}
	}
	return out, nil
}

// check verifies round two's state against the request at now, then parses the answer against the
// times the state carried. Nothing is spent.
func (d *Desk) check(r Request, now time.Time) (requeststate.Verified, answer.Answer, error) {
	verified, err := requeststate.Verify(*d.Keys, now, r.Salon, r.Booking, *r.RequestState)
	if err != nil {
		return requeststate.Verified{}, answer.Answer{}, err
	}
	ans, err := answer.Parse(verified.Offered, r.InputResponses)
	if err != nil {
		return requeststate.Verified{}, answer.Answer{}, err
	}
	return verified, ans, nil
}

// zones loads time zones once each: time.LoadLocation reads the zone database every call.
type zones struct{ loaded sync.Map } // zone name → *time.Location

func (z *zones) load(name string) (*time.Location, error) {
	if loc, ok := z.loaded.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	z.loaded.Store(name, loc)
	return loc, nil
}
