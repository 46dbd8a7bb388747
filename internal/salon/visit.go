// This file holds a visit of several services booked as one, and what a booking holds of the
// salon's resources.

package salon

import (
	"fmt"
	"slices"
	"strings"
)

// MaxVisitServices is how many services one visit holds at most.
const MaxVisitServices = 5

// visitSep joins a visit's service ids into the one id the visit books under, such as
// "cut+colour": no service id holds it.
const visitSep = "+"

// VisitID is the id a visit of the services ids, in the order they are done, books under: the id
// itself for one service.
func VisitID(ids []string) string { return strings.Join(ids, visitSep) }

// VisitServices are the ids of the services of the visit id, in order: one for a single service.
func VisitServices(id string) []string { return strings.Split(id, visitSep) }

// IsVisit reports whether the service id is a visit of several services.
func IsVisit(id string) bool { return strings.Contains(id, visitSep) }

// Held is a unit of one resource a booking holds, over part of its span.
type Held struct {
	Resource string
	// From and To are minutes after the booking's start: it holds the unit over [From, To).
	From, To int
}

// Holds are what a booking of v holds of the salon's resources: a unit of each resource a service
// names, over that service's minutes and afterMinutes; at a visit, each service's over its own
// part of the span.
func (v Service) Holds() []Held {
	if len(v.parts) == 0 {
		var held []Held
		for _, id := range v.Resources {
			held = append(held, Held{Resource: id, To: v.Minutes + v.AfterMinutes})
		}
		return held
	}
	var held []Held
	at := 0
	for _, p := range v.parts {
		for _, h := range p.Holds() {
			held = append(held, Held{Resource: h.Resource, From: at + h.From, To: at + h.To})
		}
		at += p.Minutes + p.AfterMinutes
	}
	return held
}

// Parts are the services of a visit, in order; nil for a single service.
func (v Service) Parts() []Service { return v.parts }

// inBounds reports whether v's lengths are within their bounds, so the open times' loops end: a
// service's own, and a visit's each, with its whole span at most MaxSpanMinutes.
func (v Service) inBounds() bool {
	if len(v.parts) == 0 {
		return stepped(v.Minutes, MinServiceMinutes, MaxServiceMinutes) && stepped(v.AfterMinutes, 0, MaxAfterMinutes)
	}
	for _, p := range v.parts {
		if !p.inBounds() {
			return false
		}
	}
	return v.Minutes+v.AfterMinutes <= MaxSpanMinutes
}

// visit is the visit of the services ids, as one Service: its id the visit's, its name the
// services' joined by " + ", its minutes from its start to the end of the last service's own
// minutes and its afterMinutes the last's, its price and deposit the sums (a price only when each
// service has one). It returns false when an id is not on the menu, or the visit holds more than
// MaxVisitServices or one service twice.
func (s Settings) visit(ids []string) (Service, bool) {
	if len(ids) > MaxVisitServices {
		return Service{}, false
	}
	v := Service{ID: VisitID(ids), parts: make([]Service, 0, len(ids))}
	names := make([]string, 0, len(ids))
	span := 0
	var price, deposit int64
	priced, deposited := true, false
	for i, id := range ids {
		if IsVisit(id) || slices.Contains(ids[:i], id) {
			return Service{}, false
		}
		p, ok := s.Service(id)
		if !ok {
			return Service{}, false
		}
		v.parts = append(v.parts, p)
		names = append(names, p.Name)
		span += p.Minutes + p.AfterMinutes
		if p.Price == nil {
			priced = false
		} else {
			price += *p.Price
		}
		if p.Deposit != nil {
			deposited, deposit = true, deposit+*p.Deposit
		}
	}
	last := v.parts[len(v.parts)-1]
	v.Name = strings.Join(names, " + ")
	v.Minutes, v.AfterMinutes = span-last.AfterMinutes, last.AfterMinutes
	if priced {
		v.Price = &price
	}
	if deposited {
		v.Deposit = &deposit
	}
	return v, true
}

// ErrVisitTooLong refuses a visit whose services, back to back, take longer than MaxSpanMinutes.
var ErrVisitTooLong = Refusal(fmt.Sprintf("a visit must end within %d minutes of its start, its processing included", MaxSpanMinutes))

// CheckVisit refuses a visit's list of service ids that no visit can be, naming the field it came
// in: "arguments.services must hold 1 to 5 ids", "arguments.services must not name a service
// twice". Whether each is on the menu is Choose's to say.
func CheckVisit(field string, ids []string) error {
	if len(ids) < 1 || len(ids) > MaxVisitServices {
		return Refusal(fmt.Sprintf("%s must hold 1 to %d ids", field, MaxVisitServices))
	}
	for i, id := range ids {
		if slices.Contains(ids[:i], id) {
			return Refusal(field + " must not name a service twice")
		}
	}
	return nil
}
