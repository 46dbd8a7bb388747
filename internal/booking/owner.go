// This file holds what a salon's owner does with the calendar: set the salon, see the bookings, cancel, close and open slots.

package booking

import (
	"context"
	"errors"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// NoBooking refuses a booking id the salon doesn't hold.
type NoBooking string

func (n NoBooking) Error() string { return "there is no booking " + string(n) }

// NoSlot refuses a slot id that isn't one of the salon's slots: not a start its hours give, within its horizon, still ahead.
type NoSlot string

func (n NoSlot) Error() string { return "there is no slot " + string(n) }

// SlotBooked refuses closing a slot someone has booked. It is the slot's label.
type SlotBooked string

func (s SlotBooked) Error() string { return string(s) + " is booked; cancel the booking first" }

// Listed is a booking as the owner sees it, with its slot's label in the salon's zone.
type Listed struct {
	store.Booking
	Label string
}

// PutSalon creates the salon id or replaces its settings; its bookings and closed slots are kept.
// The settings are checked first (a salon.Refusal names what is wrong), defaults filled in, and the
// salon is read back as Salon shows it.
func (d *Desk) PutSalon(ctx context.Context, id string, s salon.Settings) (View, error) {
	if d.Calendar == nil {
		return View{}, NoSalon(id)
	}
	s = s.WithDefaults()
	if err := s.Check(d.zones.load); err != nil {
		return View{}, err
	}
	if err := d.Calendar.PutSalon(ctx, id, s); err != nil {
		return View{}, &StoreError{Cause: err}
	}
	return d.Salon(ctx, id)
}

// Bookings lists the salon's bookings whose slot starts at or after from and before to, earliest
// first. A zero from is now; a zero to is the end of the horizon's last local day.
func (d *Desk) Bookings(ctx context.Context, id string, from, to time.Time) ([]Listed, error) {
	cal, err := d.read(ctx, id)
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
		return nil, &StoreError{Cause: err}
	}
	listed := make([]Listed, len(found))
	for i, b := range found {
		listed[i] = Listed{Booking: b, Label: salon.Label(b.Start, cal.loc)}
	}
	return listed, nil
}

// Cancel marks the salon's booking cancelled; its slot opens again if it is still ahead.
func (d *Desk) Cancel(ctx context.Context, id, bookingID string) (Listed, error) {
	cal, err := d.read(ctx, id)
	if err != nil {
		return Listed{}, err
	}
	b, err := d.Calendar.Cancel(ctx, id, bookingID)
	switch {
	case errors.Is(err, store.ErrNoBooking):
		return Listed{}, NoBooking(bookingID)
	case err != nil:
		return Listed{}, &StoreError{Cause: err}
	}
	return Listed{Booking: b, Label: salon.Label(b.Start, cal.loc)}, nil
}

// MaxListedSlots is how many slots Slots lists at most: a week of a busy salon's days.
const MaxListedSlots = 500

// SlotState is one of a salon's slots as its owner sees it: open, or why it isn't (booked or closed).
type SlotState struct {
	salon.Slot
	// Taken is zero while the slot is open, else store.TakenBooked or store.TakenClosed.
	Taken store.Taken
}

// Slots lists the salon's slots that start at or after from and before to, earliest first, at
// most MaxListedSlots, each with whether it is open, booked or closed, so the owner can close an
// open one or open a closed one. Only slots still ahead are listed. A zero from is now; a zero to
// is the end of the horizon's last local day.
func (d *Desk) Slots(ctx context.Context, id string, from, to time.Time) ([]SlotState, error) {
	cal, err := d.read(ctx, id)
	if err != nil {
		return nil, err
	}
	if to.IsZero() {
		to = salon.HorizonEnd(cal.Settings, cal.loc, cal.now)
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
	cal, err := d.read(ctx, id)
	if err != nil {
		return View{}, err
	}
	start, ok := cal.slot(slotID)
	if !ok {
		return View{}, NoSlot(slotID)
	}
	slot := salon.NewSlot(start, cal.loc)
	if closed {
		err = d.Calendar.CloseSlot(ctx, id, slot.Start)
	} else {
		err = d.Calendar.OpenSlot(ctx, id, slot.Start)
	}
	switch {
	case errors.Is(err, store.ErrSlotBooked):
		return View{}, SlotBooked(slot.Label)
	case err != nil:
		return View{}, &StoreError{Cause: err}
	}
	return d.Salon(ctx, id)
}
