// This file holds what a salon's owner does with the calendar: set the salon, see the bookings, cancel, close and open slots.

package booking

import (
	"context"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

// Listed is a booking as the owner sees it, with its slot's label in the salon's zone.
type Listed struct {
	salon.Booking
	Label string
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
	if err := d.Calendar.PutSalon(ctx, id, s); err != nil {
		return View{}, refusal.Or(err)
	}
	return d.Salon(ctx, id)
}

// Bookings lists the salon's bookings whose slot starts at or after from and before to, earliest
// first. A zero from is now; a zero to is the end of the horizon's last local day.
func (d *Desk) Bookings(ctx context.Context, id string, from, to time.Time) ([]Listed, error) {
	cal, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if from.IsZero() {
		from = cal.now
	}
	if to.IsZero() {
		to = salon.HorizonEnd(cal.Settings, cal.loc, cal.now)
	}
	found, err := d.Calendar.Bookings(ctx, id, from, to)
	if err != nil {
		return nil, refusal.Or(err)
	}
	listed := make([]Listed, len(found))
	for i, b := range found {
		listed[i] = Listed{Booking: b, Label: cal.label(b.Start)}
	}
	return listed, nil
}

// Cancel marks the salon's booking cancelled; its slot opens again if it is still ahead.
func (d *Desk) Cancel(ctx context.Context, id, bookingID string) (Listed, error) {
	cal, err := d.readSettingsOf(ctx, id)
	if err != nil {
		return Listed{}, err
	}
	b, err := d.Calendar.Cancel(ctx, id, bookingID)
	if err != nil {
		return Listed{}, refusal.Or(err)
	}
	return Listed{Booking: b, Label: cal.label(b.Start)}, nil
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
	cal, err := d.read(ctx, id, from, to)
	if err != nil {
		return nil, err
	}
	var listed []SlotState
	for start := range salon.Starts(cal.Settings, cal.loc, cal.now) {
		if !start.Before(to) || len(listed) == MaxListedSlots {
			break
		}
		if start.Before(from) {
			continue
		}
		listed = append(listed, SlotState{Slot: salon.NewSlot(start, cal.loc), Taken: cal.Taken[start.Unix()]})
	}
	return listed, nil
}

// CloseSlot closes one of the salon's slots, so it isn't offered; a booked slot can't be closed.
// It answers the salon as Salon shows it.
func (d *Desk) CloseSlot(ctx context.Context, id, slotID string) (View, error) {
	return d.setSlot(ctx, id, slotID, true)
}

// OpenSlot opens a slot the owner closed. It answers the salon as Salon shows it.
func (d *Desk) OpenSlot(ctx context.Context, id, slotID string) (View, error) {
	return d.setSlot(ctx, id, slotID, false)
}

func (d *Desk) setSlot(ctx context.Context, id, slotID string, closed bool) (View, error) {
	from, to := window([]string{slotID})
	cal, err := d.read(ctx, id, from, to)
	if err != nil {
		return View{}, err
	}
	start, ok := cal.slot(slotID)
	if !ok {
		return View{}, salon.NoSlot(slotID)
	}
	if closed {
		err = d.Calendar.CloseSlot(ctx, id, salon.NewSlot(start, cal.loc))
	} else {
		err = d.Calendar.OpenSlot(ctx, id, start)
	}
	if err != nil {
		return View{}, refusal.Or(err)
	}
	return d.Salon(ctx, id)
}
