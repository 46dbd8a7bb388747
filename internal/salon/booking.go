// This file holds the salon's nouns beyond its settings: the customer, a booking and a hold, what is
// taken on a calendar, and what a spend did.

package salon

import "time"

// Customer is whom a booking is for, in the customer's own words.
type Customer struct {
	Name string
	// Contact is a phone number or an e-mail address, as the customer wrote it.
	Contact string
}

// Choice is what a customer chose from a menu salon's menu: a service, and a stylist or "" for
// anyone.
type Choice struct {
	Service, Stylist string
}

// Summary names one registered salon.
type Summary struct {
	ID, Name string
}

// Status is where a booking stands.
type Status string

// A booking's statuses.
const (
	Booked          Status = "booked"           // live: the slot is the customer's
	Cancelled       Status = "cancelled"        // cancelled; its slot is open again
	AwaitingPayment Status = "awaiting_payment" // held while its customer pays the deposit; not yet booked
	NoShow          Status = "no_show"          // the customer didn't come; the salon keeps the deposit
)

// Deposit is what a booking's customer pays to hold its time, through Stripe's Checkout.
type Deposit struct {
	// Amount is in the minor unit of the salon's currency.
	Amount int64
	Status DepositStatus
	// Checkout is the Stripe Checkout Session the customer pays on, and URL its page.
	Checkout, URL string
	// PayUntil is when the session stops taking the payment, and an unpaid hold is released.
	PayUntil time.Time
	// Payment is Stripe's PaymentIntent once paid, which a refund refers to; "" before.
	Payment string
}

// DepositStatus is where a deposit stands.
type DepositStatus string

// A deposit's statuses.
const (
	DepositAwaiting DepositStatus = "awaiting" // the time is held while the customer pays
	DepositPaid     DepositStatus = "paid"     // paid: the booking is made
	DepositRefunded DepositStatus = "refunded" // given back after a cancel
	DepositKept     DepositStatus = "kept"     // kept by the salon after a no-show
	DepositReleased DepositStatus = "released" // never paid: the time was released
)

// Booking is a booking that was made, as the calendar holds it. Instants are in UTC, to the second.
// Nothing else is called a booking: the request of the two rounds is a step.Request, and what the
// wire shows of a booking is the wire's.
type Booking struct {
	ID, Salon, Slot string
	Start           time.Time
	// Customer is who the booking is for, and Words what they wrote, each as given.
	Customer
	Words    string
	BookedAt time.Time
	Status   Status
	// Service and Stylist are the menu's service and the stylist booked, and Minutes and
	// AfterMinutes the service's span as it was when booked: at a simple salon "", "", 0 and 0.
	Service, Stylist      string
	Minutes, AfterMinutes int
	// Sequence counts the booking's changes since it was made: a cancel or a move raises it.
	Sequence int
	// CustomerMoves counts the moves its customer made with its manage key; the owner's don't count.
	CustomerMoves int
	// ManageHash is the SHA3-256 of the key its customer manages it with; nil when none opens it.
	ManageHash []byte
	// Deposit is what its customer pays to hold it; nil when its service asked none.
	Deposit *Deposit
	// Language is the code of the language it was made in, whose words its mails and texts use;
	// "" (a booking made before languages, or by the owner) is the salon's.
	Language string
	// Resources are what it holds of the salon's resources, as its service held them when it was
	// made; none at a simple salon.
	Resources []Held
}

// Live reports whether b holds its time as a booking: booked, not held for a deposit nor ended.
func (b Booking) Live() bool { return b.Status == Booked }

// Ends is when the service itself ends: the start plus its minutes, processing time not included.
func (b Booking) Ends() time.Time { return b.Start.Add(time.Duration(b.Minutes) * time.Minute) }

// Span is the time the booking keeps its stylist: its minutes and its processing time after them.
func (b Booking) Span() Span {
	return Span{Stylist: b.Stylist, Start: b.Start, Minutes: b.Minutes, AfterMinutes: b.AfterMinutes}
}

// Key returns where b stands in the owner's list of bookings.
func (b Booking) Key() BookingKey { return BookingKey{Start: b.Start, BookedAt: b.BookedAt, ID: b.ID} }

// BookingKey is where a booking stands in the owner's list, which runs by start, then by when it
// was booked, then by id, byte by byte: a page of the list goes on after the key of the last
// booking it showed. Instants count to the second.
type BookingKey struct {
	Start, BookedAt time.Time
	ID              string
}

// Move is where a live booking moves: another start, and maybe another stylist. The booking
// keeps its id, its customer, its words, its service and the span it was booked with.
type Move struct {
	// Slot is the new start: its id, its instant and its label, in the salon's zone.
	Slot Slot
	// Stylist is the stylist the booking keeps after the move: its own, or another; "" at a
	// simple salon.
	Stylist string
}

// Hold is a booking to make: a slot of a salon, for a customer. Round two hands one to the
// calendar's spend, which books it in the same transaction as it spends the state.
type Hold struct {
	// ID is the booking's id, chosen by the caller: opaque, unique, URL-safe.
	ID string
	// Salon is the salon's id; Slot the slot's id on the wire and Start its instant, which the
	// calendar keeps to the second.
	Salon, Slot string
	Start       time.Time
	// Customer is who the booking is for, and Words what they wrote, kept as given.
	Customer
	Words string
	// ContactKey is the customer's contact in its normal form at the salon (ContactKey, in the
	// salon's region); "" reads it without a region.
	ContactKey string
	// Service is the menu's service, and Minutes and AfterMinutes its span; at a simple salon "",
	// 0 and 0.
	Service               string
	Minutes, AfterMinutes int
	// ManageHash is the SHA3-256 of the key its customer manages it with; the key itself is never
	// kept. Nil keeps none, and no key opens the booking.
	ManageHash []byte
	// Stylists are whom the hold may book, in order: the first free for the whole span is booked.
	// One for a named stylist; every stylist who does the service and works then, in the salon's
	// order, for anyone. Empty at a simple salon.
	Stylists []string
	// Deposit, when not nil, is the deposit the hold waits for: its Amount, Checkout and PayUntil.
	// The hold then holds its span as a booking does, but is booked only once paid (no
	// booking.created is told until then).
	Deposit *Deposit
	// Language is the code of the language the booking is made in (one of lang.Shipped): its mails
	// and texts are written in it. "" is the salon's.
	Language string
	// Resources are what the service (or visit) holds of the salon's resources (Service.Holds); none
	// at a simple salon.
	Resources []Held
	// MaxUpcoming, when above zero, is how many upcoming live bookings at the salon one contact may
	// hold (the salon's maxUpcomingPerContact): the hold books only while the contact holds fewer,
	// as counted inside the booking's own transaction, and otherwise nothing is spent (OverCap).
	MaxUpcoming int
}

// Taken says why a slot is not open.
type Taken int

// Why a slot is not open. The zero Taken means it is.
const (
	TakenBooked Taken = iota + 1 // a live booking holds it
	TakenClosed                  // the owner closed it
	TakenPast                    // it starts at or before now
)

// String is the reason in one word: "booked", "closed" or "past"; "" for the zero Taken.
func (t Taken) String() string {
	switch t {
	case TakenBooked:
		return "booked"
	case TakenClosed:
		return "closed"
	case TakenPast:
		return "past"
	}
	return ""
}

// Calendar is a salon's settings with its taken slots, read together at one moment.
type Calendar struct {
	Settings Settings
	// Taken holds the salon's live bookings (TakenBooked) and closed slots (TakenClosed) that start
	// at or after the time asked for, by the Unix second they start. A slot both booked and closed
	// counts as booked.
	Taken map[int64]Taken
	// Through is how far Taken is known: from the time asked for up to Through, which is at least
	// the end asked for. A calendar that reads whole days says so, and a caller that wants more may
	// use the rest. Zero means the end asked for.
	Through time.Time
	// Tag is the salon's calendar tag as read: a value the store draws anew whenever the settings,
	// the live bookings or the closed slots change, so that a later read of the same tag finds the
	// calendar as it was. 0 means the store keeps none, or this read didn't read it.
	Tag int64
}

// DayFill is how full one UTC day of a salon's calendar is, as the store keeps it with the
// bookings: enough to know a simple salon's day is full without reading it. The store vouches that
// each of the day's live bookings sits on a slot of the salon's present settings, one to a slot:
// none was made before the owner last changed what the slots depend on. So Booked equal to the
// day's slots makes it full.
type DayFill struct {
	// Day is the UTC day's first instant.
	Day time.Time
	// Booked is how many live bookings start in it.
	Booked int
}

// SpendOutcome is what spending a state did with its hold.
type SpendOutcome struct {
	// Booking is the booking made, as the calendar stored it; nil when nothing was booked.
	Booking *Booking
	// Taken is why the hold's slot wasn't booked; zero when it was, or when there was no hold.
	Taken Taken
	// Unread is a booking that committed but whose row couldn't be read back: Booking is then the
	// hold as it was written. The state is spent and the booking made, so the customer is told so.
	Unread bool
}

// Key is the hold's contact in its normal form: ContactKey, or the contact read without a region
// when the hold carries none.
func (h *Hold) Key() string {
	if h.ContactKey != "" {
		return h.ContactKey
	}
	return ContactKey(h.Contact, "")
}
