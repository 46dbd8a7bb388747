// This file holds a salon's settings, their bounds and the slot type.

package salon

import "time"

// Bounds of a salon's settings. Settings.Check enforces them and the OpenAPI document states them.
const (
	MaxNameChars       = 100
	MaxPhoneChars      = 40
	MaxPrices          = 20
	MaxPriceChars      = 100 // each of a price line's two words, the service and its price
	MinSlotMinutes     = 5
	MaxSlotMinutes     = 480
	DefaultSlotMinutes = 45
	MinHorizonDays     = 1
	MaxHorizonDays     = 90
	DefaultHorizonDays = 14
)

// Price is one line of the salon's price list. Both are words, shown as written and never computed.
type Price struct {
	Service string `json:"service"`
	Price   string `json:"price"`
}

// Clock is a wall-clock time of day, in minutes after midnight (0 to 1439); 24:00 is not one.
type Clock int

// Interval is one opening on a day, from Start until End, wall clock in the salon's zone. Start is before End.
type Interval struct {
	Start, End Clock
}

// Hours is the weekly opening hours, by weekday. A day absent, or with no interval, is closed.
// A day's intervals are in order and don't overlap.
type Hours map[time.Weekday][]Interval

// Settings is what an owner sets for a salon.
type Settings struct {
	Name     string
	TimeZone string // an IANA zone name, such as Europe/London
	Phone    string
	// Language is the BCP 47 tag of the language the salon speaks, one of those shipped (see
	// package lang), such as "de"; "" is English.
	Language string
	// EmbedOrigins are the sites that may show the salon's booking page in a frame, such as
	// "https://studio-nine.example": at most MaxEmbedOrigins origins; none, no site may.
	EmbedOrigins []string
	Prices       []Price
	Hours        Hours
	// SlotMinutes is the length of one appointment.
	SlotMinutes int
	// HorizonDays is how many local days slots open on: today and the HorizonDays-1 days after it.
	HorizonDays int

	// The fields below are the menu and the team, and the terms of a salon with a calendar: see
	// menu.go. A simple salon leaves every one but ChangeCutoffHours and MaxUpcomingPerContact zero.

	// Currency is the ISO 4217 code of every service's price, such as GBP; "" when none is set.
	Currency string
	// Services is the menu, in the salon's order. A salon with none is a simple salon: one
	// appointment length (SlotMinutes) and one chair.
	Services []Service
	// Stylists is the team, in the salon's order: "anyone" books the first of them who is free.
	Stylists []Stylist
	// Resources are what the salon has only so many of, such as basins: a service holds those it
	// names for its span, and no instant holds more units of one than its Count.
	Resources []Resource
	// GridMinutes is how far apart a menu salon's start times are.
	GridMinutes int
	// MinNoticeMinutes is how soon after now a menu salon's first start may be.
	MinNoticeMinutes int
	// ChangeCutoffHours is how long before its start a customer may still cancel or move a booking.
	ChangeCutoffHours int
	// MaxUpcomingPerContact is how many upcoming bookings one contact may hold; 0 sets no cap.
	MaxUpcomingPerContact int
	// MaxBookingsPerMinute is how many bookings the salon takes in any minute, counted across
	// instances, so a script can't book it out in a second; 0 stands for its default (see
	// BookingsPerMinute).
	MaxBookingsPerMinute int
	// PaymentMinutes is how long a time is held while its customer pays the deposit; 0 stands for
	// its default (see HoldMinutes).
	PaymentMinutes int
	// Closures are the spans a menu salon, or one of its stylists, is closed.
	Closures []Closure
}

// Slot is one appointment's start: its id on the wire, the instant, and its label in the salon's words.
type Slot struct {
	// ID is the start in RFC 3339, to the second, with the salon's offset on that day.
	ID string
	// Start is the instant the slot starts.
	Start time.Time
	// Label is the start in English in the salon's zone, such as "Saturday 5 December, 10:30".
	Label string
}

// WithDefaults returns s with a zero HorizonDays read as DefaultHorizonDays and, at a simple
// salon, a zero SlotMinutes as DefaultSlotMinutes; at a menu salon (HasMenu) a zero GridMinutes
// is read as DefaultGridMinutes. Any other value is kept, for Check to judge.
//
// It reads zero as "left out", so it fills only the defaults whose zero is out of bounds anyway:
// settings that pass Check come back unchanged, whatever made them. A default whose zero is a
// value of its own (minNoticeMinutes, changeCutoffHours) needs to know whether the field was put
// at all, which only Resolve is told.
func (s Settings) WithDefaults() Settings {
	if s.SlotMinutes == 0 && !s.HasMenu() {
		s.SlotMinutes = DefaultSlotMinutes
	}
	if s.HorizonDays == 0 {
		s.HorizonDays = DefaultHorizonDays
	}
	if s.GridMinutes == 0 && s.HasMenu() {
		s.GridMinutes = DefaultGridMinutes
	}
	return s
}

// LanguageOrDefault is the salon's language: Language, or "en" when none was put.
func (s Settings) LanguageOrDefault() string {
	if s.Language == "" {
		return "en"
	}
	return s.Language
}

// HoldMinutes is how long a time is held for its deposit: PaymentMinutes, or
// DefaultPaymentMinutes when that is 0.
func (s Settings) HoldMinutes() int {
	if s.PaymentMinutes == 0 {
		return DefaultPaymentMinutes
	}
	return s.PaymentMinutes
}

// Deposits reports whether any service of the menu takes a deposit, and the first that does.
func (s Settings) Deposits() (int, bool) {
	for i, v := range s.Services {
		if v.Deposit != nil {
			return i, true
		}
	}
	return 0, false
}

// BookingsPerMinute is how many bookings the salon takes in any minute: MaxBookingsPerMinute, or
// DefaultMaxBookingsPerMinute when that is 0.
func (s Settings) BookingsPerMinute() int {
	if s.MaxBookingsPerMinute == 0 {
		return DefaultMaxBookingsPerMinute
	}
	return s.MaxBookingsPerMinute
}
