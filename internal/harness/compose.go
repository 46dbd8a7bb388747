// This file composes a turn's context from the request alone: the facts, the one offer list and the customer's words.

package harness

import (
	"bytes"
	"encoding/json"
	"slices"
	"time"

	"salon/internal/step"
)

// Context is everything a turn may tell the model, composed from the request and nothing else.
// It is plain data: a record holds it, and the prompt is rendered from it alone.
type Context struct {
	// Words are the customer's words, as the request carried them.
	Words string `json:"words"`
	// Open is the request's open slots, in the app's order.
	Open []string `json:"open"`
	// AskedDay is the weekday the customer's words name first, in full ("Saturday"); empty when they name none.
	AskedDay string `json:"askedDay,omitempty"`
	// Facts are the sentences the question may draw on: whether the day asked for has openings, and each open slot.
	Facts []string `json:"facts"`
	// Options is the one offer list: the grammar and the checker both read it.
	Options []string `json:"options"`
}

// Compose builds the context of a turn from the booking alone: no clock, no salon, nothing else.
func Compose(b step.Booking) Context {
	asked, named := askedDay(b.Message)
	days := daysOf(b.OpenSlots)
	options := offerList(b.OpenSlots, days, asked, named)
	c := Context{Words: b.Message, Open: append([]string{}, b.OpenSlots...), Options: options}
	switch {
	case !named:
		c.Facts = append(c.Facts, "The customer named no day.")
	case slices.ContainsFunc(days, func(d day) bool { return d.ok && d.day == asked }):
		c.AskedDay = asked.String()
		c.Facts = append(c.Facts, "The customer asked for "+asked.String()+", and "+asked.String()+" has openings.")
	default:
		c.AskedDay = asked.String()
		c.Facts = append(c.Facts, "The customer asked for "+asked.String()+", and nothing is open on "+asked.String()+".")
	}
	for _, o := range options {
		c.Facts = append(c.Facts, quote(o)+" is open.")
	}
	return c
}

// OfferList is the one offer list: every open slot, those on the day the customer's words ask for
// first, the app's order otherwise kept. A slot is on a day when the first day it names is that day
// ("sat-10:30" is on Saturday); a slot that names no day is on none.
func OfferList(openSlots []string, words string) []string {
	asked, named := askedDay(words)
	return offerList(openSlots, daysOf(openSlots), asked, named)
}

// day is the day a slot is on, when it is on one.
type day struct {
	day time.Weekday
	ok  bool
}

func daysOf(slots []string) []day {
	days := make([]day, len(slots))
	for i, s := range slots {
		days[i].day, days[i].ok = dayOf(s)
	}
	return days
}

func offerList(slots []string, days []day, asked time.Weekday, named bool) []string {
	onAsked := func(i int) bool { return named && days[i].ok && days[i].day == asked }
	options := make([]string, 0, len(slots))
	for i, s := range slots {
		if onAsked(i) {
			options = append(options, s)
		}
	}
	for i, s := range slots {
		if !onAsked(i) {
			options = append(options, s)
		}
	}
	return options
}

// askedDay is the first weekday the customer's words name.
func askedDay(words string) (time.Weekday, bool) { return dayOf(words) }

// dayOf is the first weekday a text names, alone or in an hour.
func dayOf(text string) (time.Weekday, bool) {
	for _, c := range Claims(text) {
		if c.Kind == ClaimDay || c.Kind == ClaimHour {
			return c.Day, true
		}
	}
	return 0, false
}

// quote writes s as a JSON string, leaving every character that needs no escape as it is, so the
// prompt carries the customer's text byte for byte (a curly apostrophe stays one).
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic("harness: encoding a string can't fail: " + err.Error())
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
