// This file holds the salon's refusals: each reply string of the calendar's contract, written once.

package salon

import (
	"fmt"

	"salon/internal/refusal"
)

// Refusal is a setting outside its bounds: invalid, with a reason that names the field, such as
// "slotMinutes must be 5 to 480".
func Refusal(reason string) error { return refusal.New(refusal.Invalid, "invalid_settings", reason) }

// NoSalon refuses a salon that isn't registered, or any salon when no calendar is configured.
func NoSalon(id string) error {
	return refusal.New(refusal.NotFound, "no_salon", "there is no salon "+id)
}

// NoBooking refuses a booking id the salon doesn't hold.
func NoBooking(id string) error {
	return refusal.New(refusal.NotFound, "no_booking", "there is no booking "+id)
}

// NoSlot refuses a slot id that isn't one of the salon's slots: not a start its hours give,
// within its horizon, still ahead.
func NoSlot(id string) error { return refusal.New(refusal.NotFound, "no_slot", "there is no slot "+id) }

// SlotBooked refuses closing a slot someone has booked; label is the slot's label.
func SlotBooked(label string) error {
	return refusal.New(refusal.Conflict, "slot_booked", label+" is booked; cancel the booking first")
}

// ErrServiceRequired refuses a booking request that names no service at a salon with more than one.
var ErrServiceRequired = refusal.New(refusal.Invalid, "service_required", "arguments.service is required at this salon")

// ErrCustomerRequired refuses a booking request that doesn't say whom it is for, at a salon with a calendar.
var ErrCustomerRequired = refusal.New(refusal.Invalid, "customer_required", "arguments.customer is required at this salon")

// ClosesWithClosures refuses closing or opening a single slot at the menu salon id: a menu salon
// closes time with the closures in its settings, for the whole salon or for one stylist.
func ClosesWithClosures(id string) error {
	return refusal.New(refusal.Conflict, "closes_with_closures", id+" closes time with closures in its settings")
}

// NotLive refuses moving the booking id, which is cancelled.
func NotLive(id string) error {
	return refusal.New(refusal.Conflict, "booking_cancelled", "booking "+id+" is cancelled")
}

// SlotTaken refuses moving a booking of a simple salon to the slot labelled label, which another
// live booking holds.
func SlotTaken(label string) error {
	return refusal.New(refusal.Conflict, "slot_taken", label+" is taken")
}

// SlotClosed refuses moving a booking of a simple salon to the slot labelled label, which the
// owner closed.
func SlotClosed(label string) error {
	return refusal.New(refusal.Conflict, "slot_closed", label+" is closed")
}

// SpanTaken refuses moving a booking at a menu salon to the start labelled label, where another
// live booking of the stylist named stylist overlaps the span the booking keeps them.
func SpanTaken(label, stylist string) error {
	return refusal.New(refusal.Conflict, "span_taken", label+" is taken for "+stylist)
}

// SpanClosed refuses moving a booking at a menu salon to the start labelled label, where a
// closure of the stylist named stylist, or of the whole salon, overlaps the service.
func SpanClosed(label, stylist string) error {
	return refusal.New(refusal.Conflict, "span_closed", label+" is closed for "+stylist)
}

// NoStylist refuses a stylist the salon whose path id is salon doesn't have: "studio-nine has no
// stylist zoe", or, for an id not written as ids are (IsID), which is never echoed, "studio-nine
// has no such stylist". A simple salon has no stylist at all.
func NoStylist(salon, stylist string) error {
	if !IsID(stylist) {
		return Refusal(salon + " has no such stylist")
	}
	return Refusal(salon + " has no stylist " + stylist)
}

// NoMenu refuses asking the simple salon id for a menu's open times: its open slots are the ones
// GET /salons/{salon} shows.
func NoMenu(id string) error {
	return refusal.New(refusal.Invalid, "no_menu", id+" has no menu of services")
}

// ErrServiceAsked refuses asking for open times without naming a service, at a salon with more
// than one.
var ErrServiceAsked = refusal.New(refusal.Invalid, "service_required", "service is required at this salon")

// OverCap refuses a booking by a contact who already holds held upcoming bookings at the salon
// named name, as many as its cap (maxUpcomingPerContact) allows, or more: "you already hold 3
// upcoming bookings here; call Studio Nine to book more".
func OverCap(held int, name string) error {
	bookings := "bookings"
	if held == 1 {
		bookings = "booking"
	}
	return refusal.New(refusal.Conflict, "over_cap",
		fmt.Sprintf("you already hold %d upcoming %s here; call %s to book more", held, bookings, name))
}

// NoKey refuses a key id that isn't one of the salon's live keys.
func NoKey(id string) error { return refusal.New(refusal.NotFound, "no_key", "there is no key "+id) }

// AwaitingDeposit refuses changing the booking id while its time is held for a deposit not yet
// paid: it is booked once paid, and released by itself if it isn't.
func AwaitingDeposit(id string) error {
	return refusal.New(refusal.Conflict, "awaiting_deposit", "booking "+id+" is waiting for its deposit")
}

// NotStarted refuses marking the booking id as a no-show before it starts.
func NotStarted(id string) error {
	return refusal.New(refusal.Conflict, "not_started", "booking "+id+" hasn't started yet")
}

// ErrNotAContact refuses a customer's contact that is neither a phone number nor an e-mail address,
// or a phone number that can't be one in the salon's region: the same words on every transport.
var ErrNotAContact = refusal.New(refusal.Invalid, "invalid_request", "arguments.customer.contact must be a phone number or an e-mail address")
