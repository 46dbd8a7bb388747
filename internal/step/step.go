// Package step decides what the booking assistant answers, as a pure function of the booking and the customer's reply.
package step

import (
	"salon/internal/lang"
	"salon/internal/salon"
)

// Request is what the app asks for: the customer's words and the slots still open, in the app's own order.
// Slots are opaque to the service; it never parses them.
type Request struct {
	Message   string
	OpenSlots []string
	// Customer is whom the booking is for; nil when the app didn't say. A salon with a calendar requires one.
	Customer *salon.Customer
	// Choice is the service and stylist asked for at a menu salon, as the desk settled it (the
	// salon's one service when none was named); nil anywhere else.
	Choice *salon.Choice
	// Moving is the id of the booking a customer is moving, when the request moves one rather than
	// books: its rounds offer times for that booking, and its state moves only it. "" otherwise.
	Moving string
	// ByOwner says the salon's owner asks, not a customer: an owner's move is confirmed in two
	// rounds, and its state can't complete a customer's move, nor theirs an owner's.
	ByOwner bool
	// Salon is what a salon with a calendar says of itself to round one's offerer; nil without a
	// calendar. The desk fills it in from the salon's own settings, never from the request, and the
	// request state's digest doesn't read it.
	Salon *Salon
	// Withheld is what the offer must never say nor show a model: other customers' details at a
	// salon with a calendar, which can only be redacted, never read. Nil withholds nothing.
	Withheld *Withheld
	// Lang is the language the answer's words are in; the zero Lang is English. The transport and
	// the desk choose it, and the state doesn't bind it: an answer may come back in another.
	Lang lang.Lang
}

// Salon is a salon's own facts for round one's offerer: how each open slot reads, its price list
// and its zone, and at a menu salon its menu and what the customer is booking from it. It holds
// nothing of any customer: no name, contact, words or booking.
type Salon struct {
	// Zone is the salon's IANA time zone, such as "Europe/London", in which its slots read.
	Zone string `json:"zone"`
	// Labels are the labels of the booking's open slots, by slot id, such as
	// "2026-12-05T10:30:00Z" → "Saturday 5 December, 10:30".
	Labels map[string]string `json:"labels"`
	// Prices is a simple salon's price list as the owner wrote it, in the owner's order; empty when
	// no price is set, and at a menu salon.
	Prices []salon.Price `json:"prices"`
	// Currency is the ISO 4217 code of a menu salon's prices, such as "GBP"; "" elsewhere, or when
	// none was set.
	Currency string `json:"currency,omitempty"`
	// Services is a menu salon's menu, in the salon's order; empty at a simple salon.
	Services []Service `json:"services,omitempty"`
	// Service is the id of the service the customer is booking, one of Services; "" at a simple salon.
	Service string `json:"service,omitempty"`
	// Stylist is the name of the stylist the customer asked for; "" for anyone, and at a simple salon.
	Stylist string `json:"stylist,omitempty"`
}

// Chosen is the service the customer is booking, and false at a simple salon.
func (s Salon) Chosen() (Service, bool) {
	for _, v := range s.Services {
		if v.ID == s.Service {
			return v, true
		}
	}
	return Service{}, false
}

// Service is one service of a menu salon as its offerer is told it.
type Service struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Minutes is how long the customer is in the chair.
	Minutes int `json:"minutes"`
	// Price is the price written in the salon's currency, such as "£45.00"; "" when it isn't on the sheet.
	Price string `json:"price,omitempty"`
}

// Reply is what round two brings back: nothing yet (round one), a time the customer accepted, or a refusal to choose.
// Only the three constructors below make one.
// The zero Reply is FirstRound.
type Reply struct {
	kind replyKind
	slot string
}

type replyKind int

const (
	firstRound replyKind = iota
	accepted
	declined
)

// FirstRound is the reply of a request that carries no answers yet.
func FirstRound() Reply { return Reply{kind: firstRound} }

// Accepted is the customer's choice of slot. The caller has already checked that slot was offered.
func Accepted(slot string) Reply { return Reply{kind: accepted, slot: slot} }

// Declined is a customer who declined or cancelled the question.
func Declined() Reply { return Reply{kind: declined} }

// Outcome is exactly one of Question, Booked or NotBooked.
type Outcome interface{ outcome() }

// Question asks the customer to choose one of Times.
type Question struct {
	Message string
	Times   []string
}

// Booked is a completed booking of Slot.
type Booked struct {
	Slot string
	Say  string
	// Booking is the calendar's reference for it; empty when no calendar recorded it (the app owns its calendar).
	Booking string
	// Service and Stylist are the menu's service and the stylist booked, at a menu salon; empty elsewhere.
	Service, Stylist string
	// Manage is the key the customer manages the booking with; empty when none was made.
	Manage string
	// Deposit is what the customer paid to hold it, in the minor unit of the salon's currency; 0
	// when its service asked none.
	Deposit int64
}

// NotBooked is a completed request that booked nothing, and what to tell the customer.
type NotBooked struct {
	Say string
}

func (Question) outcome()  {}
func (Booked) outcome()    {}
func (NotBooked) outcome() {}

// The words the assistant says in English, the contract's. Other languages word them from the
// same catalog (package lang).
var (
	AskWhichTime   = lang.Lang{}.WhichTime()
	SayNothingOpen = lang.Lang{}.NothingOpen()
	SayNoneChosen  = lang.Lang{}.NoneChosen()
)

// offerSize is how many open slots round one offers.
const offerSize = 2

// ToOffer returns the times round one offers: the first two open slots, in the app's order.
// The result shares no memory with openSlots.
func ToOffer(openSlots []string) []string {
	n := min(len(openSlots), offerSize)
	return append([]string(nil), openSlots[:n]...)
}

// Offer is what round one asks, as an offerer chose it: the times to choose from and the question's words.
type Offer struct {
	Times    []string
	Question string
}

// DefaultOffer is the offer of the contract: the times ToOffer gives, asked with AskWhichTime.
func DefaultOffer(openSlots []string) Offer { return DefaultOfferIn(lang.Lang{}, openSlots) }

// DefaultOfferIn is DefaultOffer asked in the language l.
func DefaultOfferIn(l lang.Lang, openSlots []string) Offer {
	return Offer{Times: ToOffer(openSlots), Question: l.WhichTime()}
}

// Step answers a booking. In round one it asks which of the times to offer suits the customer,
// or, with nothing open, completes without booking. In round two it books the accepted slot,
// or nothing when the customer declined.
func Step(b Request, r Reply) Outcome {
	switch r.kind {
	case accepted:
		return Booked{Slot: r.slot, Say: b.Lang.Yours(r.slot)}
	case declined:
		return NotBooked{Say: b.Lang.NoneChosen()}
	}
	return Ask(b, DefaultOfferIn(b.Lang, b.OpenSlots))
}

// Ask answers round one with the offer an offerer chose. With nothing open it completes without
// booking, whatever the offer. The caller has already checked that every time of o is open;
// an offer with no times, or with no words, is replaced by DefaultOffer, so a question always
// offers a time and says something. The Question shares no memory with o.
func Ask(b Request, o Offer) Outcome {
	if len(b.OpenSlots) == 0 {
		return NotBooked{Say: b.Lang.NothingOpen()}
	}
	if len(o.Times) == 0 || o.Question == "" {
		o = DefaultOfferIn(b.Lang, b.OpenSlots)
	}
	return Question{Message: o.Question, Times: append([]string(nil), o.Times...)}
}
