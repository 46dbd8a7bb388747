// This file holds what a salon's owner does with the calendar: set the salon, see the bookings a page at a time, cancel, move, close and open slots.

package booking

import (
	"context"
	"fmt"
	"slices"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

// Listed is a booking as the owner sees it, with its slot's label in the salon's zone.
type Listed struct {
	salon.Booking
	Label string
	// LastText is the status of the last text about it ("" when none was sent).
	LastText string
	// Menu is what a menu salon's list adds to the row; nil at a simple salon, whose rows read
	// as they always have.
	Menu *ListedMenu
}

// ListedMenu is what the owner's list shows of a booking at a menu salon.
type ListedMenu struct {
	// ServiceName and StylistName are the names the settings now give the booking's service and
	// stylist; each is the id when the settings no longer hold it.
	ServiceName, StylistName string
	// Ends is when the service ends, the start plus its minutes (processing not included), as a
	// slot id is written: in RFC 3339 with the salon's offset at that instant.
	Ends string
	// Fits is false for a live booking that no longer fits the settings: its service or stylist
	// gone, a stylist who no longer does it or no longer works then, a start off the grid, or a
	// closure over it. Bookings, the notice and the horizon don't count, so a booking fits
	// however soon or far it is. A cancelled booking always fits.
	Fits bool
}

// listed is b as the owner's list shows it, judged by the settings rd holds.
func listed(rd reading, b salon.Booking) Listed {
	l := Listed{Booking: b, Label: rd.label(b.Start)}
	s := rd.Settings
	if !s.HasMenu() {
		return l
	}
	v, _ := s.Service(b.Service)
	p, _ := s.Stylist(b.Stylist)
	l.Menu = &ListedMenu{
		ServiceName: nameOr(v.Name, b.Service), StylistName: nameOr(p.Name, b.Stylist),
		Ends: salon.SlotID(b.Ends(), rd.loc), Fits: true,
	}
	if b.Status == salon.Booked {
		switch salon.StartFits(s, rd.loc, rd.now, b.Service, b.Stylist, b.Start, nil) {
		case salon.Fits, salon.TooSoon, salon.OutOfHorizon:
		default:
			l.Menu.Fits = false
		}
	}
	return l
}

// PutSalon creates the salon id or replaces its settings; its bookings and closed slots are kept.
// given says which fields the owner put: a field left out takes its default, one put as zero is
// judged as put. The settings are checked (a salon.Refusal names what is wrong), and the salon is
// read back as Salon shows it.
func (d *Desk) PutSalon(ctx context.Context, id string, s salon.Settings, given salon.Given) (View, error) {
	if d.Calendar == nil {
		return View{}, salon.NoSalon(id)
	}
	s, err := s.Resolve(given, d.zones.load)
	if err != nil {
		return View{}, err
	}
	if i, ok := s.Deposits(); ok && d.Payments == nil {
		return View{}, salon.Refusal(fmt.Sprintf("services[%d].deposit needs payments configured on this server", i))
	}
	if err := d.Calendar.PutSalon(ctx, id, s); err != nil {
		return View{}, refusal.Or(err)
	}
	return d.Salon(ctx, id)
}

// Bounds of a page of the owner's lists.
const (
	DefaultPageLimit = 200
	MaxPageLimit     = 1000
)

// BookingPage is one page of a salon's bookings.
type BookingPage struct {
	Bookings []Listed
	// Next is the key of the page's last booking when more follow it; nil on the last page.
	Next *salon.BookingKey
}

// Bookings lists a page of the salon's bookings whose slot starts at or after from and before to,
// earliest first (then earliest booked, then by id): at most limit of them (DefaultPageLimit
// when limit is 0), after the key after when it is not nil. A zero from is now; a zero to is the
// end of the horizon's last local day. It reads the salon's settings and the page, and no more.
func (d *Desk) Bookings(ctx context.Context, id string, from, to time.Time, limit int, after *salon.BookingKey) (BookingPage, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return BookingPage{}, err
	}
	if from.IsZero() {
		from = rd.now
	}
	if to.IsZero() {
		to = salon.HorizonEnd(rd.Settings, rd.loc, rd.now)
	}
	if limit <= 0 {
		limit = DefaultPageLimit
	}
	found, err := d.Calendar.BookingPage(ctx, id, from, to, after, limit+1)
	if err != nil {
		return BookingPage{}, refusal.Or(err)
	}
	var page BookingPage
	if len(found) > limit {
		found = found[:limit]
		next := found[limit-1].Key()
		page.Next = &next
	}
	texts, err := d.Calendar.LastTexts(ctx, id, from, to)
	if err != nil {
		return BookingPage{}, refusal.Or(err)
	}
	page.Bookings = make([]Listed, len(found))
	for i, b := range found {
		page.Bookings[i] = listed(rd, b)
		page.Bookings[i].LastText = texts[b.ID]
	}
	return page, nil
}

// SalonPage is one page of the registered salons.
type SalonPage struct {
	Salons []salon.Summary
	// Next is the id of the page's last salon when more follow it; "" on the last page.
	Next string
}

// Salons lists a page of the registered salons, ordered by id byte by byte: at most limit of them
// (DefaultPageLimit when limit is 0), after the id after when it is not "". Without a calendar
// the list is empty.
func (d *Desk) Salons(ctx context.Context, limit int, after string) (SalonPage, error) {
	if d.Calendar == nil {
		return SalonPage{}, nil
	}
	if limit <= 0 {
		limit = DefaultPageLimit
	}
	found, err := d.Calendar.SalonPage(ctx, after, limit+1)
	if err != nil {
		return SalonPage{}, refusal.Or(err)
	}
	var page SalonPage
	if len(found) > limit {
		found = found[:limit]
		page.Next = found[limit-1].ID
	}
	page.Salons = found
	return page, nil
}

// Cancel marks the salon's booking cancelled; its slot opens again if it is still ahead.
func (d *Desk) Cancel(ctx context.Context, id, bookingID string, refund bool) (Listed, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Listed{}, err
	}
	cancel := d.Calendar.Cancel
	if !refund {
		cancel = d.Calendar.CancelKeepingDeposit
	}
	b, err := cancel(ctx, id, bookingID)
	if err != nil {
		return Listed{}, refusal.Or(err)
	}
	return listed(rd, b), nil
}

// MarkNoShow marks the salon's booking bookingID as a no-show: its customer didn't come, and a
// paid deposit is kept. Only a live booking that has started can be marked (salon.NotStarted,
// salon.NotLive, salon.AwaitingDeposit); it answers the booking as the list shows it.
func (d *Desk) MarkNoShow(ctx context.Context, id, bookingID string) (Listed, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Listed{}, err
	}
	b, err := d.Calendar.MarkNoShow(ctx, id, bookingID, rd.now)
	if err != nil {
		return Listed{}, refusal.Or(err)
	}
	return listed(rd, b), nil
}

// Move moves the salon's live booking to the start slotID, a slot id as the salon writes it, kept
// by the stylist with the id stylist, or by its own stylist when stylist is "". The move is one
// transaction, which judges the booking as it holds it; the booking keeps its id, customer, words,
// service and span, and its old time is open again. It answers the booking as the list shows it.
//
// At a menu salon the new start must be open for the booking's service with the stylist by the
// settings (salon.StartFits, judging the booking as if it weren't there): a stylist who doesn't do
// the service is refused as salon.Settings.Choose words it, a closure over it is
// salon.SpanClosed, a booking of the stylist over its span salon.SpanTaken. The minimum notice is
// the customers' and doesn't bind the owner, but the start must be ahead of now. At a simple
// salon the new start must be one of its slots, and no stylist can be named (salon.NoStylist): a
// booked slot is salon.SlotTaken, a closed one salon.SlotClosed.
//
// Any other start is salon.NoSlot; a cancelled booking salon.NotLive; an unknown one
// salon.NoBooking.
func (d *Desk) Move(ctx context.Context, id, bookingID, slotID, stylist string) (Listed, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Listed{}, err
	}
	j, err := d.judgeOwnerMove(ctx, id, rd, slotID, stylist)
	if err != nil {
		return Listed{}, err
	}
	moved, why, err := d.Calendar.Move(ctx, id, bookingID, j.decide)
	if err != nil {
		return Listed{}, refusal.Or(err)
	}
	if err := j.refuse(why); err != nil {
		return Listed{}, err
	}
	return listed(rd, moved), nil
}

// ownerMove is the owner's move of a booking to a start, judged: decide judges the booking inside
// the move's transaction, and refuse words why the database left it where it was.
type ownerMove struct {
	decide func(salon.Booking) (salon.Move, error)
	// move is what decide last decided.
	move          salon.Move
	taken, closed func(label string) error
}

// refuse is the refusal of a move the database left where it was for why; nil when it moved.
func (j *ownerMove) refuse(why salon.Taken) error {
	switch why {
	case 0:
		return nil
	case salon.TakenClosed:
		return j.closed(j.move.Slot.Label)
	}
	return j.taken(j.move.Slot.Label)
}

// judgeOwnerMove is how the owner's move to the start slotID, with stylist ("" for the booking's
// own), is judged at the salon id read as rd (Move says by which rules).
func (d *Desk) judgeOwnerMove(ctx context.Context, id string, rd reading, slotID, stylist string) (*ownerMove, error) {
	j := &ownerMove{}
	var decide func(salon.Booking) (salon.Move, error)
	if rd.Settings.HasMenu() {
		// The bookings near the new start, read before the move's transaction: whatever
		// changes meanwhile, the cells decide inside it.
		var spans []salon.Span
		if start, ok := salon.ParseSlotID(slotID, rd.loc); ok {
			var err error
			if spans, err = d.Calendar.Spans(ctx, id, start, start.Add(salon.MaxSpanMinutes*time.Minute)); err != nil {
				return nil, refusal.Or(err)
			}
		}
		var name string
		decide = func(b salon.Booking) (salon.Move, error) {
			m, p, err := judgeMenuMove(id, rd, b, slotID, stylist, spans)
			name = p
			return m, err
		}
		j.taken = func(label string) error { return salon.SpanTaken(label, name) }
		j.closed = func(label string) error { return salon.SpanClosed(label, name) }
	} else {
		if stylist != "" {
			return nil, salon.NoStylist(id, stylist)
		}
		decide = func(b salon.Booking) (salon.Move, error) {
			start, ok := rd.slot(slotID)
			if !ok {
				return salon.Move{}, salon.NoSlot(slotID)
			}
			return salon.Move{Slot: salon.NewSlot(start, rd.loc), Stylist: b.Stylist}, nil
		}
		j.taken, j.closed = salon.SlotTaken, salon.SlotClosed
	}
	j.decide = func(b salon.Booking) (salon.Move, error) {
		var err error
		j.move, err = decide(b)
		return j.move, err
	}
	return j, nil
}

// judgeMenuMove judges moving b, at the menu salon id, to the start slotID with the stylist
// (b's own when ""), by the settings and the bookings spans near the new start, less b itself.
// It returns the move and the stylist's name, for the refusals of a span taken meanwhile.
func judgeMenuMove(id string, rd reading, b salon.Booking, slotID, stylist string, spans []salon.Span) (salon.Move, string, error) {
	if stylist == "" {
		stylist = b.Stylist
	}
	s := rd.Settings
	if err := s.Choose(id, b.Service, stylist); err != nil {
		return salon.Move{}, "", err
	}
	start, ok := salon.ParseSlotID(slotID, rd.loc)
	if !ok || !start.After(rd.now) {
		return salon.Move{}, "", salon.NoSlot(slotID)
	}
	p, _ := s.Stylist(stylist)
	// One live booking of a stylist starts at one instant, so b is the span with its stylist and start.
	others := slices.DeleteFunc(slices.Clone(spans), func(sp salon.Span) bool { return sp.Stylist == b.Stylist && sp.Start.Equal(b.Start) })
	slot := salon.NewSlot(start, rd.loc)
	switch salon.StartFits(s, rd.loc, rd.now, b.Service, stylist, start, others) {
	case salon.Fits, salon.TooSoon:
	case salon.Closed:
		return salon.Move{}, "", salon.SpanClosed(slot.Label, p.Name)
	case salon.Overlapping, salon.NoUnitFree:
		return salon.Move{}, "", salon.SpanTaken(slot.Label, p.Name)
	default:
		return salon.Move{}, "", salon.NoSlot(slotID)
	}
	return salon.Move{Slot: slot, Stylist: stylist}, p.Name, nil
}

// MaxListedSlots is how many slots Slots lists at most: a week of a busy salon's days.
const MaxListedSlots = 500

// SlotState is one of a salon's slots as its owner sees it: open, or why it isn't (booked or closed).
type SlotState struct {
	salon.Slot
	// Taken is zero while the slot is open, else salon.TakenBooked or salon.TakenClosed.
	Taken salon.Taken
}

// Slots lists the salon's slots that start at or after from and before to, earliest first, at
// most MaxListedSlots, each with whether it is open, booked or closed, so the owner can close an
// open one or open a closed one. Only slots still ahead are listed. A zero from is now; a zero to
// is the end of the horizon's last local day.
func (d *Desk) Slots(ctx context.Context, id string, from, to time.Time) ([]SlotState, error) {
	set, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if to.IsZero() {
		to = salon.HorizonEnd(set.Settings, set.loc, set.now)
	}
	rd, err := d.read(ctx, id, from, to)
	if err != nil {
		return nil, err
	}
	var listed []SlotState
	for start := range salon.Starts(rd.Settings, rd.loc, rd.now) {
		if !start.Before(to) || len(listed) == MaxListedSlots {
			break
		}
		if start.Before(from) {
			continue
		}
		listed = append(listed, SlotState{Slot: salon.NewSlot(start, rd.loc), Taken: rd.Taken[start.Unix()]})
	}
	return listed, nil
}

// CloseSlot closes one of the salon's slots, so it isn't offered; a booked slot can't be closed.
// It answers the salon as Salon shows it. A menu salon closes time with closures in its settings,
// so there it is refused (salon.ClosesWithClosures), as OpenSlot is.
func (d *Desk) CloseSlot(ctx context.Context, id, slotID string) (View, error) {
	return d.setSlot(ctx, id, slotID, true)
}

// OpenSlot opens a slot the owner closed. It answers the salon as Salon shows it.
func (d *Desk) OpenSlot(ctx context.Context, id, slotID string) (View, error) {
	return d.setSlot(ctx, id, slotID, false)
}

func (d *Desk) setSlot(ctx context.Context, id, slotID string, closed bool) (View, error) {
	if err := d.markSlot(ctx, id, slotID, closed); err != nil {
		return View{}, err
	}
	return d.Salon(ctx, id)
}

// markSlot closes or opens the slot slotID of the simple salon id.
func (d *Desk) markSlot(ctx context.Context, id, slotID string, closed bool) error {
	from, to := window([]string{slotID})
	rd, err := d.read(ctx, id, from, to)
	if err != nil {
		return err
	}
	if rd.Settings.HasMenu() {
		return salon.ClosesWithClosures(id)
	}
	start, ok := rd.slot(slotID)
	if !ok {
		return salon.NoSlot(slotID)
	}
	if closed {
		err = d.Calendar.CloseSlot(ctx, id, salon.NewSlot(start, rd.loc))
	} else {
		err = d.Calendar.OpenSlot(ctx, id, start)
	}
	return refusal.Or(err)
}
