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
