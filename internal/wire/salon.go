// This file holds the salons' wire types: a salon's settings as an owner puts them, its view as anyone reads it, and the owner's list of bookings.

package wire

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"salon/internal/booking"
	"salon/internal/salon"
)

// SalonSettings is what an owner puts: a salon's settings. Absent slotMinutes and horizonDays take their defaults.
type SalonSettings struct {
	Name        string                `json:"name" minLength:"1" maxLength:"100" doc:"What the customer sees."`
	TimeZone    string                `json:"timeZone" doc:"An IANA time zone name, such as Europe/London. Opening hours are wall-clock times in it."`
	Phone       string                `json:"phone" minLength:"1" maxLength:"40" doc:"Shown when nothing is booked, and for changes."`
	Prices      []PriceLine           `json:"prices,omitempty" maxItems:"20" doc:"The price list, as words; never computed."`
	Hours       map[string][][]string `json:"hours" doc:"Weekly opening hours by day (mon to sun), each a list of [start, end] in HH:MM, 24-hour, in the salon's zone. A day absent is closed."`
	SlotMinutes int                   `json:"slotMinutes,omitempty" doc:"The length of one appointment, 5 to 480 minutes; 45 when absent."`
	HorizonDays int                   `json:"horizonDays,omitempty" doc:"How many local days slots open on, today included: 1 to 90; 14 when absent."`
}

// PriceLine is one line of a salon's price list.
type PriceLine struct {
	Service string `json:"service" minLength:"1" maxLength:"100" doc:"The service, such as cut."`
	Price   string `json:"price" minLength:"1" maxLength:"40" doc:"Its price as the salon writes it, such as $45."`
}

// SalonView is a salon as GET shows it: its settings, read back whole, and the slots open now.
type SalonView struct {
	Salon       string                `json:"salon" doc:"The salon's id, as in its path."`
	Name        string                `json:"name"`
	TimeZone    string                `json:"timeZone"`
	Phone       string                `json:"phone"`
	Prices      []PriceLine           `json:"prices" doc:"Empty when no price is set."`
	Hours       map[string][][]string `json:"hours"`
	SlotMinutes int                   `json:"slotMinutes"`
	HorizonDays int                   `json:"horizonDays"`
	OpenSlots   []OpenSlot            `json:"openSlots" maxItems:"50" doc:"The slots open now, earliest first, at most 50: send them as round one's openSlots."`
}

// OpenSlot is one open slot: its id, to send as a slot, and its label, to show.
type OpenSlot struct {
	Slot  string `json:"slot" doc:"The slot's start in RFC 3339, with the salon's offset on that day."`
	Label string `json:"label" doc:"The start in the salon's words, such as Saturday 5 December, 10:30."`
}

// SalonList is the registered salons, and whether this server keeps calendars at all.
type SalonList struct {
	Salons []SalonSummary `json:"salons"`
	// Calendar tells an empty list with a database (no salon registered yet) from a server without one.
	Calendar bool `json:"calendar" doc:"Whether this server keeps salons' calendars (a database is configured). Without one the list is empty and the app keeps its own open times."`
}

// SalonSummary names one registered salon.
type SalonSummary struct {
	Salon string `json:"salon"`
	Name  string `json:"name"`
}

// BookingList is a salon's bookings in a window, earliest slot first.
type BookingList struct {
	Bookings []BookingView `json:"bookings"`
}

// BookingView is one booking as the owner sees it.
type BookingView struct {
	Booking  string `json:"booking" doc:"The booking's reference."`
	Slot     string `json:"slot"`
	Label    string `json:"label"`
	Name     string `json:"name"`
	Contact  string `json:"contact"`
	Words    string `json:"words" doc:"What the customer wrote when booking."`
	BookedAt string `json:"bookedAt" doc:"When it was booked, RFC 3339 in UTC."`
	Status   string `json:"status" enum:"booked|cancelled"`
}

// SlotList is a salon's slots in a window, earliest first, as its owner sees them.
type SlotList struct {
	Slots []SlotView `json:"slots" doc:"At most 500; ask again from a later time for more."`
}

// SlotView is one of a salon's slots with its state: open, booked, or closed by the owner.
type SlotView struct {
	Slot   string `json:"slot" doc:"The slot's id: its start in RFC 3339, with the salon's offset on that day."`
	Label  string `json:"label" doc:"The start in the salon's words, such as Saturday 5 December, 10:30."`
	Status string `json:"status" enum:"open|booked|closed"`
}

// DecodeSalonSettings reads an owner's put body. Names match exactly; a field of the wrong type, or
// a key twice, is refused naming it (prices[2].service must be a string).
func DecodeSalonSettings(body []byte) (SalonSettings, error) {
	var put SalonSettings
	if err := json.Unmarshal(body, &put); err != nil {
		return SalonSettings{}, Refusal(fieldRefusal(err))
	}
	return put, nil
}

// fieldRefusal names, for a body the JSON decoder refused, where it went wrong, in the refusals'
// own field syntax (prices[2].service).
func fieldRefusal(err error) string {
	var semantic *json.SemanticError
	var syntactic *jsontext.SyntacticError
	switch {
	case errors.As(err, &semantic) && semantic.JSONPointer != "":
		return fieldName(semantic.JSONPointer) + " must be " + kindWord(semantic.GoType)
	case errors.As(err, &syntactic) && errors.Is(err, jsontext.ErrDuplicateName):
		return fieldName(syntactic.JSONPointer) + " appears twice"
	}
	return "the body must be a JSON object"
}

// kindWord names the JSON a Go type reads, for a refusal.
func kindWord(t reflect.Type) string {
	if t == nil {
		return "of another type"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

// fieldName writes a JSON pointer as the refusals name a field: /prices/2/service is prices[2].service.
func fieldName(p jsontext.Pointer) string {
	var b strings.Builder
	for token := range p.Tokens() {
		if _, err := strconv.Atoi(token); err == nil {
			b.WriteString("[" + token + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(token)
	}
	return b.String()
}

// Settings reads the put body into a salon's settings; the desk checks their bounds.
func (p SalonSettings) Settings() (salon.Settings, error) {
	hours, err := salon.ParseHours(p.Hours)
	if err != nil {
		return salon.Settings{}, err
	}
	s := salon.Settings{
		Name: p.Name, TimeZone: p.TimeZone, Phone: p.Phone, Hours: hours,
		SlotMinutes: p.SlotMinutes, HorizonDays: p.HorizonDays,
	}
	for _, line := range p.Prices {
		s.Prices = append(s.Prices, salon.Price{Service: line.Service, Price: line.Price})
	}
	return s, nil
}

// ViewOf is a salon as GET /salons/{salon} shows it.
func ViewOf(v booking.View) SalonView {
	s := v.Settings
	out := SalonView{
		Salon: v.ID, Name: s.Name, TimeZone: s.TimeZone, Phone: s.Phone,
		Prices: []PriceLine{}, Hours: s.Hours.Wire(),
		SlotMinutes: s.SlotMinutes, HorizonDays: s.HorizonDays, OpenSlots: make([]OpenSlot, len(v.Open)),
	}
	for _, p := range s.Prices {
		out.Prices = append(out.Prices, PriceLine{Service: p.Service, Price: p.Price})
	}
	for i, slot := range v.Open {
		out.OpenSlots[i] = OpenSlot{Slot: slot.ID, Label: slot.Label}
	}
	return out
}

// BookingViewOf is a booking as the owner's list shows it.
func BookingViewOf(b booking.Listed) BookingView {
	return BookingView{
		Booking: b.ID, Slot: b.Slot, Label: b.Label, Name: b.Name, Contact: b.Contact, Words: b.Words,
		BookedAt: b.BookedAt.UTC().Format(time.RFC3339), Status: string(b.Status),
	}
}
