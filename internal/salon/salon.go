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
	Prices   []Price
	Hours    Hours
	// SlotMinutes is the length of one appointment.
	SlotMinutes int
	// HorizonDays is how many local days slots open on: today and the HorizonDays-1 days after it.
	HorizonDays int
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

// WithDefaults returns s with a zero SlotMinutes read as DefaultSlotMinutes and a zero
// HorizonDays as DefaultHorizonDays: on the wire a field left out is zero, and means the default.
// Any other value is kept, for Check to judge.
func (s Settings) WithDefaults() Settings {
	if s.SlotMinutes == 0 {
		s.SlotMinutes = DefaultSlotMinutes
	}
	if s.HorizonDays == 0 {
		s.HorizonDays = DefaultHorizonDays
	}
	return s
}
