// This file composes a turn's context from the request and the salon's own facts: the facts, the one offer list and the customer's words.

package harness

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"salon/internal/salon"
	"salon/internal/step"
)

// Context is everything a turn may tell the model, composed from the request and, at a salon with
// a calendar, the salon's own facts, and nothing else. It is plain data: a record holds it, and
// the prompt is rendered from it alone.
type Context struct {
	// Words are the customer's words, as the request carried them.
	Words string `json:"words"`
	// Open is the request's open slots, in the app's order (at a salon with a calendar, those it holds open).
	Open []string `json:"open"`
	// AskedDay is the weekday the customer's words name first, in full ("Saturday"); empty when they name none.
	AskedDay string `json:"askedDay,omitempty"`
	// AskedPrice says whether the customer's words ask about a price. Read only at a salon with a calendar.
	AskedPrice bool `json:"askedPrice,omitempty"`
	// Salon is the salon's own facts (labels, prices, zone), nil without a calendar.
	Salon *step.Salon `json:"salon,omitempty"`
	// Facts are the sentences the question may draw on: whether the day asked for has openings,
	// each open slot, and at a salon with a calendar each price on its sheet or that none is.
	Facts []string `json:"facts"`
	// Options is the one offer list: the grammar and the checker both read it.
	Options []string `json:"options"`
}

// The facts of a salon whose sheet holds no price: the second when the customer's words ask about one.
const (
	FactNoPrice      = "No price is on the sheet."
	FactAskedNoPrice = "The customer asked about a price, and no price is on the sheet."
)

// Compose builds the context of a turn from the booking alone: no clock, nothing else. Without a
// calendar (b.Salon nil) the facts are the request's: each open slot as the app spells it. At a
// salon with a calendar they are the salon's too: each open slot by its label, and each price on
// the sheet ("A cut costs $45."), or that no price is on it. At a menu salon, instead of the
// sheet, what the customer is booking ("The customer is booking a cut with Ana.") and each
// service with its minutes and its price in the salon's currency ("A cut takes 45 minutes and
// costs £45.00."), or that its price isn't on the sheet. Nothing of any other customer is in a
// booking, so nothing of one can reach a context.
func Compose(b step.Request) Context {
	asked, named := askedDay(b.Message)
	days := daysOf(b.OpenSlots, b.Salon)
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
	if b.Salon == nil {
		for _, o := range options {
			c.Facts = append(c.Facts, quote(o)+" is open.")
		}
		return c
	}
	salon := cloneSalon(*b.Salon)
	c.Salon = &salon
	c.AskedPrice = AsksAboutPrice(b.Message)
	for _, o := range options {
		if label, ok := salon.Labels[o]; ok {
			c.Facts = append(c.Facts, quote(o)+" is open: "+label+".")
		} else {
			c.Facts = append(c.Facts, quote(o)+" is open.")
		}
	}
	if len(salon.Services) > 0 {
		c.Facts = append(c.Facts, menuFacts(salon, c.AskedPrice)...)
		return c
	}
	for _, p := range salon.Prices {
		c.Facts = append(c.Facts, article(p.Service)+" "+p.Service+" costs "+p.Price+".")
	}
	switch {
	case len(salon.Prices) > 0:
	case c.AskedPrice:
		c.Facts = append(c.Facts, FactAskedNoPrice)
	default:
		c.Facts = append(c.Facts, FactNoPrice)
	}
	return c
}

// menuFacts are a menu salon's facts: what the customer is booking, each service's minutes and
// price ("A cut takes 45 minutes and costs £45.00.") or that its price isn't on the sheet, and,
// when the customer's words ask about a price and the service booked has none, that they asked.
func menuFacts(s step.Salon, askedPrice bool) []string {
	var facts []string
	chosen, ok := s.Chosen()
	if ok {
		with := " with any stylist."
		if s.Stylist != "" {
			with = " with " + s.Stylist + "."
		}
		facts = append(facts, "The customer is booking "+aService(chosen)+with)
	}
	for _, v := range s.Services {
		if v.Price == "" {
			facts = append(facts, capitalise(aService(v))+" takes "+strconv.Itoa(v.Minutes)+" minutes, and its price isn't on the sheet.")
			continue
		}
		facts = append(facts, capitalise(aService(v))+" takes "+strconv.Itoa(v.Minutes)+" minutes and costs "+v.Price+".")
	}
	if ok && askedPrice && chosen.Price == "" {
		facts = append(facts, "The customer asked about a price, and the price of "+aService(chosen)+" isn't on the sheet.")
	}
	return facts
}

// aService is a service's name with its article, as a sentence says it: "a cut", "an eyebrow
// shape", "an OPI manicure" (a name whose first two letters are capitals is kept as written).
func aService(v step.Service) string {
	name := inSentence(v.Name)
	return strings.ToLower(article(name)) + " " + name
}

// inSentence is a name as it reads inside a sentence: its first letter lowered when the letter
// after it is lower case ("Cut" is "cut", "Beard trim" "beard trim"), so a name that starts with
// an abbreviation ("OPI manicure") or is one letter stays as the owner wrote it.
func inSentence(name string) string {
	first, size := utf8.DecodeRuneInString(name)
	second, _ := utf8.DecodeRuneInString(name[size:])
	if unicode.IsUpper(first) && unicode.IsLower(second) {
		return string(unicode.ToLower(first)) + name[size:]
	}
	return name
}

// capitalise is a sentence's start: its first letter upper case.
func capitalise(s string) string {
	first, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(first)) + s[size:]
}

// asksPrice finds a question about a price in a customer's words.
var asksPrice = regexp.MustCompile(`(?i)\b(?:cost|costs|costing|price|prices|priced|pricing|how\s+much)\b|[$£€]`)

// AsksAboutPrice reports whether a customer's words ask about a price: they speak of a cost, a
// price, "how much", or write a currency sign.
func AsksAboutPrice(words string) bool { return asksPrice.MatchString(words) }

// article is "An" before a service that starts with a vowel, "A" before any other.
func article(service string) string {
	if service != "" && strings.ContainsRune("aeiouAEIOU", rune(service[0])) {
		return "An"
	}
	return "A"
}

// cloneSalon copies a salon's facts, so a context shares no memory with the booking it came from.
func cloneSalon(s step.Salon) step.Salon {
	labels := make(map[string]string, len(s.Labels))
	for id, label := range s.Labels {
		labels[id] = label
	}
	s.Labels, s.Prices = labels, append([]salon.Price{}, s.Prices...)
	s.Services = slices.Clone(s.Services)
	return s
}

// OfferList is the one offer list: every open slot, those on the day the customer's words ask for
// first, the app's order otherwise kept. A slot is on a day when the first day it names is that day
// ("sat-10:30" is on Saturday); a slot that names no day is on none.
func OfferList(openSlots []string, words string) []string {
	asked, named := askedDay(words)
	return offerList(openSlots, daysOf(openSlots, nil), asked, named)
}

// day is the day a slot is on, when it is on one.
type day struct {
	day time.Weekday
	ok  bool
}

// daysOf is the day each slot is on: the first its label names at a salon with a calendar, else
// the first it names itself.
func daysOf(slots []string, salon *step.Salon) []day {
	days := make([]day, len(slots))
	for i, s := range slots {
		if salon != nil {
			if label, ok := salon.Labels[s]; ok {
				s = label
			}
		}
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

// dayOf is the first weekday a text names, alone or in an hour; a date alone names none.
func dayOf(text string) (time.Weekday, bool) {
	for _, c := range Claims(text) {
		if (c.Kind == ClaimDay || c.Kind == ClaimHour) && c.Day != NoWeekday {
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
