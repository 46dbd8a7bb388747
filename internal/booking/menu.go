// This file holds the desk at a menu salon: settling the service and stylist asked for, the open
// times, round one's offer from the customer's words, and the hold round two books.

package booking

import (
	"context"
	"slices"
	"time"

	"salon/internal/lang"
	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/wish"
)

// MaxOpenTimes is how many open times Availability lists at most.
const MaxOpenTimes = 500

// settle is the service and stylist a request at the menu salon id books: the ones it named, or
// the salon's one service when it named none. A salon with more than one service must be told
// which (salon.ErrServiceRequired); an unknown service or stylist, or a stylist who doesn't do the
// service, is refused as salon.Settings.Choose words it.
func settle(id string, s salon.Settings, asked *salon.Choice) (salon.Choice, error) {
	var c salon.Choice
	if asked != nil {
		c = *asked
	}
	if c.Service == "" {
		if len(s.Services) != 1 {
			return salon.Choice{}, salon.ErrServiceRequired
		}
		c.Service = s.Services[0].ID
	}
	if err := s.Choose(id, c.Service, c.Stylist); err != nil {
		return salon.Choice{}, err
	}
	return c, nil
}

// Availability is a menu salon's open times for one service, with one stylist or anyone.
type Availability struct {
	Service string
	// Stylist is the stylist asked for; "" for anyone.
	Stylist string
	// Times are the open starts, earliest first, each with the stylists free then.
	Times []salon.OpenTime
	// More says whether open times were left out past the limit.
	More bool
}

// Availability lists the open times of the salon id for ask: its service (the salon's one service
// when "" and it has one), its stylist or anyone, from ask.From (zero: now) over ask.Days local
// dates (zero: the rest of the horizon), at most MaxOpenTimes of them. It reads only the bookings
// that can touch the window. A simple salon is refused (salon.NoMenu), and so is no service at a
// salon with several (salon.ErrServiceAsked); a service or stylist that can't be booked is refused
// as salon.Settings.Choose words it.
func (d *Desk) Availability(ctx context.Context, id string, ask salon.Ask) (Availability, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Availability{}, err
	}
	switch {
	case !rd.Settings.HasMenu():
		return Availability{}, salon.NoMenu(id)
	case ask.Service == "" && len(rd.Settings.Services) > 1:
		return Availability{}, salon.ErrServiceAsked
	}
	c, err := settle(id, rd.Settings, &salon.Choice{Service: ask.Service, Stylist: ask.Stylist})
	if err != nil {
		return Availability{}, err
	}
	ask.Service, ask.Stylist, ask.Limit = c.Service, c.Stylist, MaxOpenTimes
	times, more, err := d.openTimes(ctx, id, rd, ask)
	if err != nil {
		return Availability{}, err
	}
	return Availability{Service: c.Service, Stylist: c.Stylist, Times: times, More: more}, nil
}

// readSettingsOf reads the salon id's settings at the desk's clock. Without a calendar every salon
// is salon.NoSalon.
func (d *Desk) readSettingsOf(ctx context.Context, id string) (reading, error) {
	if d.Calendar == nil {
		return reading{}, salon.NoSalon(id)
	}
	return d.readSettings(ctx, id, d.Now())
}

// openTimes lists the open times of the menu salon id for ask, reading the bookings of its window
// as it goes: it stops reading once it has listed what ask asks for.
func (d *Desk) openTimes(ctx context.Context, id string, rd reading, ask salon.Ask) ([]salon.OpenTime, bool, error) {
	from, to := salon.OpenWindow(rd.Settings, rd.loc, rd.now, ask)
	var readErr error
	spans := func(yield func(salon.Span) bool) {
		if from.Before(to) {
			readErr = d.Calendar.EachSpan(ctx, id, from, to, yield)
		}
	}
	times, more := salon.OpenTimes(rd.Settings, rd.loc, rd.now, ask, spans)
	if readErr != nil {
		return nil, false, refusal.Or(readErr)
	}
	return times, more, nil
}

// askFromMenu answers round one at a menu salon for the choice settled: of the request's slots,
// those open for the service with the stylist (or anyone), and of those the first two that match
// the customer's words. When the words name a time and nothing open matches, it offers the first
// two open and says so. An offerer other than the default reads the words itself.
func (d *Desk) askFromMenu(ctx context.Context, r Request, rd reading, c salon.Choice) (Result, error) {
	return d.askFromMenuWithout(ctx, r, rd, c, nil)
}

// askFromMenuWithout is askFromMenu with the live bookings that ignore reports true left out of
// what blocks a start: a booking being moved doesn't block its own new time. A nil ignore leaves
// none out. The state binds r as it came, with the service settled.
func (d *Desk) askFromMenuWithout(ctx context.Context, r Request, rd reading, c salon.Choice, ignore func(salon.Span) bool) (Result, error) {
	if r.Booking.Choice == nil {
		r.Booking.Choice = &c
	}
	held := r.Booking
	held.OpenSlots = nil
	var starts []time.Time
	span := salon.Span{}
	if v, ok := rd.Settings.Service(c.Service); ok {
		span.Minutes, span.AfterMinutes = v.Minutes, v.AfterMinutes
	}
	var asked []time.Time
	for _, slot := range r.Booking.OpenSlots {
		if t, ok := salon.ParseSlotID(slot, rd.loc); ok {
			asked = append(asked, t)
		}
	}
	var spans []salon.Span
	if len(asked) > 0 {
		from, to := slices.MinFunc(asked, time.Time.Compare), slices.MaxFunc(asked, time.Time.Compare)
		var err error
		spans, err = d.Calendar.Spans(ctx, r.Salon, from, to.Add(time.Duration(span.Minutes+span.AfterMinutes)*time.Minute))
		if err != nil {
			return Result{}, refusal.Or(err)
		}
		if ignore != nil {
			spans = slices.DeleteFunc(spans, ignore)
		}
	}
	for _, slot := range r.Booking.OpenSlots {
		t, ok := salon.ParseSlotID(slot, rd.loc)
		if ok && fits(rd, c, t, spans) {
			held.OpenSlots = append(held.OpenSlots, slot)
			starts = append(starts, t)
		}
	}
	held.Salon = salonFacts(rd, held.OpenSlots, &c)
	if d.Offerer != nil {
		if len(held.OpenSlots) > 0 {
			var err error
			if held.Withheld, err = d.withheld(ctx, r.Salon, rd, held); err != nil {
				return Result{}, err
			}
		}
		return d.ask(ctx, r, held), nil
	}
	words := wish.ReadIn(rd.lang.Code(), r.Booking.Message, rd.now, rd.loc)
	picked, matched := wish.Pick(words, starts, 2)
	offer := step.Offer{Question: rd.lang.WhichTime()}
	if words.Names() && !matched {
		offer.Question = rd.lang.NothingThen()
	}
	for _, i := range picked {
		offer.Times = append(offer.Times, held.OpenSlots[i])
	}
	fixed := OffererFunc(func(context.Context, step.Request) step.Offer { return offer })
	return d.askWith(ctx, r, held, fixed), nil
}

// fits reports whether t is open for the choice: for its stylist, or for anyone free then.
func fits(rd reading, c salon.Choice, t time.Time, spans []salon.Span) bool {
	if c.Stylist != "" {
		return salon.StartFits(rd.Settings, rd.loc, rd.now, c.Service, c.Stylist, t, spans) == salon.Fits
	}
	_, ok := salon.FirstFree(rd.Settings, rd.loc, rd.now, c.Service, t, spans)
	return ok
}

// menuHold fills in what a menu salon's hold books: the service's span, and the stylists it may
// book in order: the one asked for, or everyone who does the service and works then, in the
// salon's order. Whether each is free is the calendar's to decide, inside the spend's transaction;
// here only the settings are read, so a stylist who doesn't work then, a closure, the notice or
// the horizon leave none.
func menuHold(rd reading, c salon.Choice, h *salon.Hold) {
	v, _ := rd.Settings.Service(c.Service)
	h.Service, h.Minutes, h.AfterMinutes, h.Resources = v.ID, v.Minutes, v.AfterMinutes, v.Holds()
	for _, p := range rd.Settings.Stylists {
		if (c.Stylist == "" || p.ID == c.Stylist) &&
			salon.StartFits(rd.Settings, rd.loc, rd.now, c.Service, p.ID, h.Start, nil) == salon.Fits {
			h.Stylists = append(h.Stylists, p.ID)
		}
	}
}

// sayBookedFromMenu is what a customer hears when a menu salon booked them: "Cut with Ana,
// Saturday 5 December, 10:30, is yours."
func sayBookedFromMenu(rd reading, b *salon.Booking) string {
	return rd.lang.YoursWith(withStylist(rd.lang, rd.Settings, b.Service, b.Stylist), rd.when(b.Start))
}

// withStylist is the service with the stylist, in l's words: "Cut with Ana", or at a visit "Cut
// and colour with Ana", by the names the settings give now (the ids where they no longer hold them).
func withStylist(l lang.Lang, set salon.Settings, service, stylist string) string {
	p, _ := set.Stylist(stylist)
	return l.With(serviceWords(l, set, service), nameOr(p.Name, stylist))
}

// serviceWords names the service, or each service of a visit, in l's words: "Cut and colour".
func serviceWords(l lang.Lang, set salon.Settings, service string) string {
	ids := salon.VisitServices(service)
	names := make([]string, len(ids))
	for i, id := range ids {
		v, _ := set.Service(id)
		names[i] = nameOr(v.Name, id)
	}
	return l.List(names)
}

// nameOr is name, or id when the settings no longer hold a name for it.
func nameOr(name, id string) string {
	if name == "" {
		return id
	}
	return name
}
