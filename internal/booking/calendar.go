// This file holds the desk's calendar mode: the server owns each salon's open times and records every booking.

package booking

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"salon/internal/answer"
	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// Calendar is the salons' database, written in the salon's own types; *store.Store implements
// it. A method refuses with the salon's refusals (salon.NoSalon, salon.NoBooking,
// salon.SlotBooked, requeststate.ErrAlreadyUsed); any other error means the database failed, and
// the request answers 503.
type Calendar interface {
	PutSalon(ctx context.Context, id string, s salon.Settings) error
	Salon(ctx context.Context, id string) (salon.Settings, error)
	// RecentSalon is Salon from settings kept decoded: after a change through another instance it
	// may return the settings before it, for at most store.SettingsAge.
	RecentSalon(ctx context.Context, id string) (salon.Settings, error)
	Salons(ctx context.Context) ([]salon.Summary, error)
	// Window reads a salon's settings and what is taken in [from, to), at one moment.
	Window(ctx context.Context, id string, from, to time.Time) (salon.Calendar, error)
	// DayFills reads how full the UTC days of [from, to) are, as the store keeps it with the
	// bookings: the days it can vouch for that hold a live booking, in order.
	DayFills(ctx context.Context, id string, from, to time.Time) ([]salon.DayFill, error)
	// WindowPassing is Window of [from, to) but the UTC days of [passFrom, passTo) inside it, with
	// the DayFills of those days, all at one moment; Taken holds nothing of the days passed over.
	WindowPassing(ctx context.Context, id string, from, to, passFrom, passTo time.Time) (salon.Calendar, []salon.DayFill, error)
	// CalendarTag reads the salon's calendar tag (salon.Calendar.Tag) alone.
	CalendarTag(ctx context.Context, id string) (int64, error)
	Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *salon.Hold, now time.Time) (salon.SpendOutcome, error)
	// BookedSince counts the salon's bookings made after since, on every instance, and says when
	// the first of them was made.
	BookedSince(ctx context.Context, salon string, since time.Time) (n int, first time.Time, err error)
	// Spans are the live bookings of a salon whose spans can touch [from, to), earliest first.
	Spans(ctx context.Context, salon string, from, to time.Time) ([]salon.Span, error)
	// EachSpan hands yield those spans one at a time as they are read, until yield returns false.
	EachSpan(ctx context.Context, salon string, from, to time.Time, yield func(salon.Span) bool) error
	Bookings(ctx context.Context, salon string, from, to time.Time) ([]salon.Booking, error)
	// BookingPage is Bookings, at most limit of them, after the key after when it is not nil.
	BookingPage(ctx context.Context, salon string, from, to time.Time, after *salon.BookingKey, limit int) ([]salon.Booking, error)
	// SalonPage is Salons, at most limit of them, after the id after when it is not "".
	SalonPage(ctx context.Context, after string, limit int) ([]salon.Summary, error)
	// Move moves a live booking where decide says, in one transaction; a Taken says why it stayed
	// where it was.
	Move(ctx context.Context, salon, booking string, decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error)
	// Cancel cancels a live booking; its event gives back a paid deposit.
	Cancel(ctx context.Context, salon, booking string) (salon.Booking, error)
	// CancelKeepingDeposit is Cancel with a paid deposit kept by the salon.
	CancelKeepingDeposit(ctx context.Context, salon, booking string) (salon.Booking, error)
	// LastTexts are the statuses of the last text about each of the salon's bookings starting in
	// [from, to), by booking; a booking never texted is absent.
	LastTexts(ctx context.Context, salon string, from, to time.Time) (map[string]string, error)
	// MarkNoShow marks a live booking that has started as a no-show; a paid deposit is kept.
	MarkNoShow(ctx context.Context, salon, booking string, now time.Time) (salon.Booking, error)
	CloseSlot(ctx context.Context, salon string, slot salon.Slot) error
	OpenSlot(ctx context.Context, salon string, start time.Time) error
	Ping(ctx context.Context) error
}

// MaxOpenSlots is how many open slots a salon's view lists at most: as many as round one may send.
const MaxOpenSlots = 50

// View is a salon as its page and its assistant read it: the settings and the slots open now.
type View struct {
	ID       string
	Settings salon.Settings
	// Open are the slots open now, earliest first, at most MaxOpenSlots.
	Open []salon.Slot
}

// Salon reads a salon and the slots it holds open now. Without a calendar every salon is NoSalon.
func (d *Desk) Salon(ctx context.Context, id string) (View, error) {
	if view, ok, err := d.keptPage(ctx, id); ok || err != nil {
		return view, err
	}
	rd, open, err := d.readOpen(ctx, id)
	if err != nil {
		return View{}, err
	}
	if rd.Settings.HasMenu() {
		if open, err = d.openNow(ctx, id, rd); err != nil {
			return View{}, err
		}
	}
	view := View{ID: id, Settings: rd.Settings, Open: open}
	d.keep(rd, view)
	return view, nil
}

// openNow is the salon's first MaxOpenSlots open slots: at a menu salon, the open times of its
// first service with anyone.
func (d *Desk) openNow(ctx context.Context, id string, rd reading) ([]salon.Slot, error) {
	if !rd.Settings.HasMenu() {
		return rd.open(MaxOpenSlots), nil
	}
	times, _, err := d.openTimes(ctx, id, rd, salon.Ask{Service: rd.Settings.Services[0].ID, Limit: MaxOpenSlots})
	if err != nil {
		return nil, err
	}
	slots := make([]salon.Slot, len(times))
	for i, t := range times {
		slots[i] = t.Slot
	}
	return slots, nil
}

// reading is a salon as one read found it at now: its settings, what is taken from now on (only
// when the whole calendar was read), and the zone its times are in. A round reads its salon
// once, into a reading, and carries it down.
type reading struct {
	salon.Calendar
	loc *time.Location
	now time.Time
	// lang is the language the round's words are in, once the request is admitted; the zero Lang
	// (English) before.
	lang lang.Lang
}

// slot is the start of the slot id when it is one of the salon's slots, ahead of now within its
// horizon; booked and closed ones count.
func (rd reading) slot(id string) (time.Time, bool) {
	start, ok := salon.ParseSlotID(id, rd.loc)
	return start, ok && salon.Holds(rd.Settings, rd.loc, rd.now, start)
}

// holdsOpen reports whether slot is one of the salon's slots, ahead of now within its horizon, and neither booked nor closed.
func (rd reading) holdsOpen(slot string) bool {
	start, ok := rd.slot(slot)
	return ok && !rd.taken(start)
}

// taken reports whether the slot starting at start is booked or closed.
func (rd reading) taken(start time.Time) bool {
	_, taken := rd.Taken[start.Unix()]
	return taken
}

// open is the first limit slots of the salon's horizon that start after now and are neither
// booked nor closed.
func (rd reading) open(limit int) []salon.Slot {
	return salon.Open(rd.Settings, rd.loc, rd.now, rd.taken, limit)
}

// openIn is the first limit slots of the salon's horizon that start in [from, to) and are neither
// booked nor closed, and how many of the horizon's starts it went through to find them.
func (rd reading) openIn(from, to time.Time, limit int) (slots []salon.Slot, starts int) {
	slots = make([]salon.Slot, 0, limit)
	for start := range salon.StartsFrom(rd.Settings, rd.loc, rd.now, from) {
		if !start.Before(to) || len(slots) == limit {
			break
		}
		starts++
		if !rd.taken(start) {
			slots = append(slots, salon.NewSlot(start, rd.loc))
		}
	}
	return slots, starts
}

// label is how the slot starting at start reads in the salon's zone, in English: refusals and
// what a model is shown say it so.
func (rd reading) label(start time.Time) string { return salon.Label(start, rd.loc) }

// when is how the slot starting at start reads in the salon's zone, in the round's language.
func (rd reading) when(start time.Time) string { return rd.lang.Label(start, rd.loc) }

// read reads the salon id's calendar at the desk's clock: its settings, and what is taken in
// [from, to) (a zero from is now). It reads what the window holds, however many bookings the salon
// has. Round one and the owner's operations start here. Without a calendar every salon is
// salon.NoSalon, and the clock is not read.
func (d *Desk) read(ctx context.Context, id string, from, to time.Time) (reading, error) {
	if d.Calendar == nil {
		return reading{}, salon.NoSalon(id)
	}
	now := d.Now()
	if from.IsZero() {
		from = now
	}
	window, err := d.Calendar.Window(ctx, id, from, to)
	if err != nil {
		return reading{}, refusal.Or(err)
	}
	return d.located(id, window, now)
}

// window is the instants the request's slots start at, as a window [first, last+1s) to read the
// calendar over; an empty window when none reads as an instant.
func window(slots []string) (from, to time.Time) {
	for _, slot := range slots {
		t, err := time.Parse(time.RFC3339, slot)
		if err != nil {
			continue
		}
		if from.IsZero() || t.Before(from) {
			from = t
		}
		if t.After(to) {
			to = t
		}
	}
	if from.IsZero() {
		return time.Unix(0, 0), time.Unix(0, 0)
	}
	return from, to.Add(time.Second)
}

// readSettings reads the salon id's recent settings at now, without what is taken: round two needs
// no more, since the spend decides whether the slot is still open inside its own transaction.
// Settings as old as store.SettingsAge cost at most a label written in the zone before an
// owner's change.
func (d *Desk) readSettings(ctx context.Context, id string, now time.Time) (reading, error) {
	set, err := d.Calendar.RecentSalon(ctx, id)
	if err != nil {
		return reading{}, refusal.Or(err)
	}
	return d.located(id, salon.Calendar{Settings: set}, now)
}

// located is the reading of rd at now, in the zone of the salon's times. A zone that won't load
// is a failure of the database that holds it.
func (d *Desk) located(id string, window salon.Calendar, now time.Time) (reading, error) {
	loc, err := d.zones.load(window.Settings.TimeZone)
	if err != nil {
		return reading{}, refusal.Failed(fmt.Errorf("salon %s: %w", id, err))
	}
	return reading{Calendar: window, loc: loc, now: now}, nil
}

// bookAtSalon answers a round at a salon with a calendar: the salon must be registered and the
// customer named; round one offers only slots the calendar holds open, and round two spends the
// state and books in one transaction. Each round reads its salon once.
func (d *Desk) bookAtSalon(ctx context.Context, r Request) (Result, error) {
	if r.RequestState == nil && r.InputResponses == nil {
		from, to := window(r.Booking.OpenSlots)
		rd, err := d.read(ctx, r.Salon, from, to)
		if err != nil {
			return Result{}, err
		}
		if err := admit(&rd, &r); err != nil {
			return Result{}, err
		}
		if err := d.underCap(ctx, r.Salon, rd, *r.Booking.Customer); err != nil {
			return Result{}, err
		}
		if c := r.Booking.Choice; c != nil {
			return d.askFromMenu(ctx, r, rd, *c)
		}
		return d.askAtSalon(ctx, r, rd)
	}
	now := d.Now()
	rd, err := d.readSettings(ctx, r.Salon, now)
	if err != nil {
		return Result{}, err
	}
	if err := admit(&rd, &r); err != nil {
		return Result{}, err
	}
	if (r.InputResponses == nil) != (r.RequestState == nil) {
		return Result{}, ErrUnpaired
	}
	verified, err := requeststate.Verify(*d.Keys, now, r.Salon, r.Booking, *r.RequestState)
	if err != nil {
		return Result{}, err
	}
	if id, ok := verified.PayingFor(); ok {
		return d.payRound(ctx, r, rd, verified, id)
	}
	ans, err := answer.Parse(verified.Offered, r.InputResponses)
	if err != nil {
		return Result{}, err
	}
	return d.spendAtSalon(ctx, r, rd, verified, ans)
}

// admit checks what both rounds ask of a request once its salon is read: the customer named, with a
// contact that can be a phone number in the salon's region (or an e-mail address), and
// at a menu salon the service and stylist, settled onto the request so its state binds them.
//
// It also settles the language the round's words are in: Accept-Language's best match, else the
// salon's.
func admit(rd *reading, r *Request) error {
	r.Booking.Lang = lang.Choose(r.AcceptLanguage, rd.Settings.Language)
	rd.lang = r.Booking.Lang
	if r.Booking.Customer == nil {
		return salon.ErrCustomerRequired
	}
	if !salon.PossiblePhone(r.Booking.Customer.Contact, rd.Settings.Region()) {
		return salon.ErrNotAContact
	}
	if rd.Settings.HasMenu() {
		c, err := settle(r.Salon, rd.Settings, r.Choice)
		if err != nil {
			return err
		}
		r.Booking.Choice = &c
	}
	return nil
}

// askAtSalon answers round one at a salon with a calendar, offering only the request's slots the
// calendar holds open now.
func (d *Desk) askAtSalon(ctx context.Context, r Request, rd reading) (Result, error) {
	held := r.Booking
	held.OpenSlots = slices.DeleteFunc(slices.Clone(r.Booking.OpenSlots), func(slot string) bool {
		return !rd.holdsOpen(slot)
	})
	held.Salon = salonFacts(rd, held.OpenSlots, nil)
	if d.Offerer != nil && len(held.OpenSlots) > 0 {
		var err error
		if held.Withheld, err = d.withheld(ctx, r.Salon, rd, held); err != nil {
			return Result{}, err
		}
	}
	return d.ask(ctx, r, held), nil
}

// spendAtSalon answers round two once its state verified and its answer read: it spends the
// state, booking the accepted time for the customer in the same transaction, and answers from
// what the calendar then shows. Its records go to Observe.
func (d *Desk) spendAtSalon(ctx context.Context, r Request, rd reading, verified requeststate.Verified, ans answer.Answer) (result Result, err error) {
	var rec recorder
	offered, accepted := ans.Accepted()
	rec.answered(verified.Offered, offered.Time(), accepted)
	var hold *salon.Hold
	if accepted {
		start, ok := salon.ParseSlotID(offered.Time(), rd.loc)
		if !ok {
			// Only a slot id this desk offered can be here, so this is a state of another era; it holds no slot.
			return Result{}, refusal.Failed(fmt.Errorf("the offered slot %q is not a slot id", offered.Time()))
		}
		hold = &salon.Hold{ID: d.BookingID(), Salon: r.Salon, Slot: offered.Time(), Start: start,
			Customer: *r.Booking.Customer, Words: r.Booking.Message, MaxUpcoming: rd.Settings.MaxUpcomingPerContact,
			ContactKey: salon.ContactKey(r.Booking.Customer.Contact, rd.Settings.Region()),
			Language:   rd.lang.Code()}
		if c := r.Booking.Choice; c != nil {
			menuHold(rd, *c, hold)
		}
		if err := d.paced(ctx, r.Salon, rd); err != nil && !d.Unpaced {
			return Result{}, err
		}
		if v, ok := depositOf(rd, hold); ok {
			// The hold's id becomes the state's, so its manage key is made from that id.
			if err := d.holdForDeposit(ctx, rd, verified, v, hold); err != nil {
				return Result{}, err
			}
		}
		manage := d.Keys.ManageKey(r.Salon, hold.ID)
		hold.ManageHash = requeststate.ManageHash(manage)
		defer func() { result = withManage(result, manage) }()
		rec.held(hold)
	}
	spending, done := spendContext(ctx)
	defer done()
	out, err := d.Calendar.Spend(spending, verified.ID, verified.GoodUntil, hold, rd.now)
	if err != nil {
		return Result{}, refusal.Or(err)
	}
	switch {
	case hold == nil:
		d.observe(rec)
		return Result{Outcome: step.Step(r.Booking, step.Declined())}, nil
	case hold.Deposit != nil:
		rec.spent(out)
		d.observe(rec)
		return d.afterHold(ctx, r, rd, hold, out), nil
	case out.Unread:
		// The commit holds the booking; only reading its row failed, so it is answered as held.
		return Result{Outcome: bookedOutcome(rd, &salon.Booking{ID: hold.ID, Slot: hold.Slot, Start: hold.Start})}, nil
	}
	rec.spent(out)
	d.observe(rec)
	if out.Booking == nil {
		return Result{Outcome: step.NotBooked{Say: rd.lang.Taken(rd.when(hold.Start))}}, nil
	}
	return Result{Outcome: bookedOutcome(rd, out.Booking)}, nil
}

// paced refuses a booking at the salon id while it has taken its maxBookingsPerMinute in the last
// minute, from everyone, on every instance: 429 "too many requests; try again shortly", to ask
// again once the first of them is a minute old. Nothing is spent, so the same round two can be
// sent again then.
//
// The count is read before the booking's transaction, not in it: bookings racing past it together
// can pass the bound by as many as are in flight at once, which the quota per client address keeps
// to a few. What it stops is a salon booked out in a second.
func (d *Desk) paced(ctx context.Context, id string, rd reading) error {
	n, first, err := d.Calendar.BookedSince(ctx, id, rd.now.Add(-time.Minute))
	if err != nil {
		return refusal.Or(err)
	}
	if n < rd.Settings.BookingsPerMinute() {
		return nil
	}
	return refusal.Busy("salon_busy", first.Add(time.Minute).Sub(rd.now))
}

// spendTime bounds a round two's spend at a salon with a calendar, once it has begun.
const spendTime = 10 * time.Second

// spendContext is the context a round two's spend runs in: ctx's values, not its end. Once the
// state verified and the answer read, the customer has decided, so a client that hangs up (a train
// going into a tunnel) doesn't stop the spend half way: it completes or fails as the database
// decides, within spendTime, and the outcome route tells it again. done releases it.
func spendContext(ctx context.Context) (spending context.Context, done context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), spendTime)
}

// withManage is res with the manage key when it booked.
func withManage(res Result, key string) Result {
	if b, ok := res.Outcome.(step.Booked); ok {
		b.Manage = key
		res.Outcome = b
	}
	return res
}

// bookedOutcome is what the customer is told of the booking b: at a menu salon with its service
// and stylist.
func bookedOutcome(rd reading, b *salon.Booking) step.Booked {
	if b.Service == "" {
		return step.Booked{Slot: b.Slot, Say: rd.lang.Yours(rd.when(b.Start)), Booking: b.ID}
	}
	return step.Booked{Slot: b.Slot, Say: sayBookedFromMenu(rd, b), Booking: b.ID, Service: b.Service, Stylist: b.Stylist}
}

// salonFacts is what round one's offerer is told of a salon: the labels of the open slots, the
// price sheet and the zone, and at a menu salon, for the choice c, the menu (each service's
// minutes and its price written in the salon's currency), the service chosen and the name of the
// stylist chosen. All of it comes from the settings alone: nothing of the salon's bookings is
// read, so nothing of another customer is in it.
func salonFacts(rd reading, open []string, c *salon.Choice) *step.Salon {
	s := rd.Settings
	facts := &step.Salon{Zone: s.TimeZone, Labels: make(map[string]string, len(open)), Prices: slices.Clone(s.Prices)}
	if facts.Prices == nil {
		facts.Prices = []salon.Price{}
	}
	for _, slot := range open {
		if start, ok := salon.ParseSlotID(slot, rd.loc); ok {
			facts.Labels[slot] = rd.label(start)
		}
	}
	if c == nil || !s.HasMenu() {
		return facts
	}
	facts.Currency, facts.Service = s.Currency, c.Service
	facts.Services = make([]step.Service, len(s.Services))
	for i, v := range s.Services {
		facts.Services[i] = step.Service{ID: v.ID, Name: v.Name, Minutes: v.Minutes}
		if v.Price != nil {
			facts.Services[i].Price = salon.FormatPrice(s.Currency, *v.Price)
		}
	}
	if c.Stylist != "" {
		p, _ := s.Stylist(c.Stylist)
		facts.Stylist = nameOr(p.Name, c.Stylist)
	}
	return facts
}

// withheld is what an offerer at the salon must never say: the names, contacts, words and
// references of the other customers booked from a horizon back to the horizon's end, and the
// slots they hold (by id and by label), less what the offerer is told anyway (b's words and the
// salon's facts, its menu and the stylist chosen included). The customer's own bookings are
// theirs to hear of. Only an offerer that isn't the default needs it, so only it reads bookings.
func (d *Desk) withheld(ctx context.Context, id string, rd reading, b step.Request) (*step.Withheld, error) {
	s := rd.Settings
	rows, err := d.Calendar.Bookings(ctx, id, rd.now.AddDate(0, 0, -s.HorizonDays), salon.HorizonEnd(s, rd.loc, rd.now))
	if err != nil {
		return nil, refusal.Or(err)
	}
	allowed := []string{b.Message}
	for id, label := range b.Salon.Labels {
		allowed = append(allowed, id, label)
	}
	for _, p := range b.Salon.Prices {
		allowed = append(allowed, p.Service, p.Price)
	}
	for _, v := range b.Salon.Services {
		allowed = append(allowed, v.ID, v.Name, v.Price)
	}
	allowed = append(allowed, b.Salon.Stylist)
	var names, texts, words []string
	for _, row := range rows {
		if c := b.Customer; c != nil && row.Name == c.Name && row.Contact == c.Contact {
			continue
		}
		names, words = append(names, row.Name), append(words, row.Words)
		texts = append(texts, row.Contact, row.ID)
		if row.Status == salon.Booked {
			texts = append(texts, row.Slot, rd.label(row.Start))
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
