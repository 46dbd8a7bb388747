// This file holds the owner's assistant's shapes: a salon's day by stylist, and the time it closed.

package wire

import (
	"time"

	"github.com/go-json-experiment/json"

	"salon/internal/booking"
	"salon/internal/salon"
)

// SalonDay is one local day of a salon as its owner plans it.
type SalonDay struct {
	Salon    string        `json:"salon" doc:"The salon's id."`
	Date     string        `json:"date" doc:"The day, YYYY-MM-DD in the salon's time zone."`
	TimeZone string        `json:"timeZone" doc:"The salon's IANA time zone, in which every label reads."`
	Stylists []StylistDay  `json:"stylists" doc:"The day's columns: at a menu salon one per stylist of the team, in its order; at a simple salon one, with stylist null."`
	Closures []ClosureLine `json:"closures" doc:"The closures that touch the day; empty at a simple salon."`
}

// StylistDay is one stylist's bookings of a day.
type StylistDay struct {
	Stylist  *string       `json:"stylist" doc:"The stylist's id; null at a simple salon."`
	Name     string        `json:"name" doc:"The stylist's name; empty at a simple salon."`
	Bookings []BookingView `json:"bookings" doc:"Their bookings that start that day, earliest first, cancelled and no-show ones included, as the owner's list shows them."`
}

// SalonDayOf is the day d of the salon id as salon_day shows it.
func SalonDayOf(id string, d booking.Day) SalonDay {
	out := SalonDay{Salon: id, Date: d.Date, TimeZone: d.TimeZone, Stylists: make([]StylistDay, len(d.Stylists)), Closures: closureLines(d.Closures)}
	for i, s := range d.Stylists {
		col := StylistDay{Name: s.Name, Bookings: make([]BookingView, len(s.Bookings))}
		if s.ID != "" {
			stylist := s.ID
			col.Stylist = &stylist
		}
		for j, b := range s.Bookings {
			col.Bookings[j] = BookingViewOf(b)
		}
		out.Stylists[i] = col
	}
	return out
}

// closureLines are closures as the settings show them.
func closureLines(closures []salon.Closure) []ClosureLine {
	out := make([]ClosureLine, len(closures))
	for i, c := range closures {
		out[i] = ClosureLine{From: c.From.UTC().Format(time.RFC3339), To: c.To.UTC().Format(time.RFC3339), Stylist: c.Stylist, Note: c.Note}
	}
	return out
}

// DecodeClosure reads one closure, as the settings' closures hold each: from, to, and optionally
// the stylist and a note. A field of the wrong type, or a key twice, is refused naming it; other
// members are read by whoever sent them.
func DecodeClosure(body []byte) (salon.Closure, error) {
	var c struct {
		From    *string `json:"from"`
		To      *string `json:"to"`
		Stylist string  `json:"stylist"`
		Note    string  `json:"note"`
	}
	if err := json.Unmarshal(body, &c); err != nil {
		return salon.Closure{}, Refusal(fieldRefusal(err))
	}
	switch {
	case c.From == nil:
		return salon.Closure{}, Refusal("from is required")
	case c.To == nil:
		return salon.Closure{}, Refusal("to is required")
	}
	return ClosureLine{From: *c.From, To: *c.To, Stylist: c.Stylist, Note: c.Note}.closure("")
}

// TimeClosed is what close_time closed.
type TimeClosed struct {
	Closure *ClosureLine `json:"closure,omitempty" doc:"At a menu salon: the closure added to its settings."`
	Slots   []string     `json:"slots" doc:"At a simple salon: the slots closed, earliest first; empty at a menu salon."`
	Booked  []string     `json:"booked" doc:"At a simple salon: the slots in the span left open because a booking holds them; cancel or move it first."`
}

// TimeClosedOf is c as close_time shows it.
func TimeClosedOf(c booking.Closed) TimeClosed {
	out := TimeClosed{Slots: slotIDs(c.Slots), Booked: slotIDs(c.Booked)}
	if !c.Closure.From.IsZero() {
		out.Closure = &closureLines([]salon.Closure{c.Closure})[0]
	}
	return out
}

func slotIDs(slots []salon.Slot) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.ID
	}
	return out
}
