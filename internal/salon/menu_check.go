// This file holds the bounds of the menu, the team and the terms, each refused by field name.

package salon

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrServicesOrSlotMinutes refuses a put that gives a menu (services) and the simple salon's one
// appointment length (slotMinutes) or its price words (prices) together.
var ErrServicesOrSlotMinutes = Refusal("give services, or slotMinutes and prices, not both")

var (
	servicesRefusal = Refusal(fmt.Sprintf("services must hold 1 to %d entries", MaxServices))
	currencyRefusal = Refusal("currency must be three capital letters")
)

// needsServices refuses a field that only a menu salon takes, put without services.
func needsServices(field string) error { return Refusal(field + " needs services") }

// checkKind refuses the fields that belong to the other kind of salon: slotMinutes and prices at a
// menu salon, and the menu's own fields at a simple one. It judges values, not what was put:
// Resolve adds the fields put as zero.
func (s Settings) checkKind() error {
	if s.HasMenu() {
		if s.SlotMinutes != 0 || len(s.Prices) > 0 {
			return ErrServicesOrSlotMinutes
		}
		return nil
	}
	switch {
	case s.Currency != "":
		return needsServices("currency")
	case len(s.Stylists) > 0:
		return needsServices("stylists")
	case s.GridMinutes != 0:
		return needsServices("gridMinutes")
	case s.MinNoticeMinutes != 0:
		return needsServices("minNoticeMinutes")
	case len(s.Closures) > 0:
		return needsServices("closures")
	case len(s.Resources) > 0:
		return needsServices("resources")
	}
	return nil
}

// checkMenu judges a menu salon's own fields, in the order currency, resources, services,
// stylists, gridMinutes, minNoticeMinutes, closures.
func (s Settings) checkMenu() error {
	if s.Currency != "" && !isCurrency(s.Currency) {
		return currencyRefusal
	}
	if err := s.checkResources(); err != nil {
		return err
	}
	if err := s.checkServices(); err != nil {
		return err
	}
	if s.Currency == "" {
		for _, v := range s.Services {
			if v.Price != nil {
				return Refusal("currency is required when a service has a price")
			}
		}
	}
	if err := s.checkStylists(); err != nil {
		return err
	}
	if s.GridMinutes < MinGridMinutes || s.GridMinutes > MaxGridMinutes || s.GridMinutes%MinuteStep != 0 {
		return Refusal(fmt.Sprintf("gridMinutes must be %d to %d, a multiple of %d", MinGridMinutes, MaxGridMinutes, MinuteStep))
	}
	if s.MinNoticeMinutes < 0 || s.MinNoticeMinutes > MaxMinNoticeMinutes {
		return Refusal(fmt.Sprintf("minNoticeMinutes must be 0 to %d", MaxMinNoticeMinutes))
	}
	return s.checkClosures()
}

// perMinuteRefusal refuses a maxBookingsPerMinute outside its bounds.
var perMinuteRefusal = Refusal(fmt.Sprintf("maxBookingsPerMinute must be 1 to %d", MaxMaxBookingsPerMinute))

// paymentMinutesRefusal refuses a paymentMinutes outside its bounds.
var paymentMinutesRefusal = Refusal(fmt.Sprintf("paymentMinutes must be %d to %d", MinPaymentMinutes, MaxPaymentMinutes))

// checkTerms judges the terms every salon with a calendar has: changeCutoffHours,
// maxUpcomingPerContact and maxBookingsPerMinute.
func (s Settings) checkTerms() error {
	if s.ChangeCutoffHours < 0 || s.ChangeCutoffHours > MaxChangeCutoffHours {
		return Refusal(fmt.Sprintf("changeCutoffHours must be 0 to %d", MaxChangeCutoffHours))
	}
	if s.MaxUpcomingPerContact < 0 || s.MaxUpcomingPerContact > MaxMaxUpcomingPerContact {
		return Refusal(fmt.Sprintf("maxUpcomingPerContact must be 0 to %d", MaxMaxUpcomingPerContact))
	}
	if s.MaxBookingsPerMinute < 0 || s.MaxBookingsPerMinute > MaxMaxBookingsPerMinute {
		return perMinuteRefusal
	}
	if s.PaymentMinutes != 0 && (s.PaymentMinutes < MinPaymentMinutes || s.PaymentMinutes > MaxPaymentMinutes) {
		return paymentMinutesRefusal
	}
	return nil
}

func (s Settings) checkServices() error {
	if len(s.Services) < 1 || len(s.Services) > MaxServices {
		return servicesRefusal
	}
	for i, v := range s.Services {
		field := fmt.Sprintf("services[%d]", i)
		if err := checkID(field+".id", v.ID); err != nil {
			return err
		}
		for _, before := range s.Services[:i] {
			if before.ID == v.ID {
				return Refusal(field + ".id must be unique")
			}
		}
		if err := checkWords(field+".name", v.Name, MaxNameChars); err != nil {
			return err
		}
		if !stepped(v.Minutes, MinServiceMinutes, MaxServiceMinutes) {
			return Refusal(fmt.Sprintf("%s.minutes must be %d to %d, a multiple of %d", field, MinServiceMinutes, MaxServiceMinutes, MinuteStep))
		}
		if v.Price != nil && *v.Price < 0 {
			return Refusal(field + ".price must be 0 or more")
		}
		if !stepped(v.AfterMinutes, 0, MaxAfterMinutes) {
			return Refusal(fmt.Sprintf("%s.afterMinutes must be 0 to %d, a multiple of %d", field, MaxAfterMinutes, MinuteStep))
		}
		switch {
		case v.Deposit == nil:
		case v.Price == nil:
			return Refusal(field + ".deposit needs a price")
		case *v.Deposit < 1 || *v.Deposit > *v.Price:
			return Refusal(field + ".deposit must be 1 to the service's price")
		}
		for j, id := range v.Resources {
			if _, ok := s.Resource(id); !ok {
				return Refusal(fmt.Sprintf("%s.resources[%d] must be the id of one of the salon's resources", field, j))
			}
			if slices.Contains(v.Resources[:j], id) {
				return Refusal(fmt.Sprintf("%s.resources[%d] must be unique", field, j))
			}
		}
	}
	return nil
}

func (s Settings) checkResources() error {
	if len(s.Resources) > MaxResources {
		return Refusal(fmt.Sprintf("resources must hold at most %d entries", MaxResources))
	}
	for i, r := range s.Resources {
		field := fmt.Sprintf("resources[%d]", i)
		if err := checkID(field+".id", r.ID); err != nil {
			return err
		}
		if slices.ContainsFunc(s.Resources[:i], func(before Resource) bool { return before.ID == r.ID }) {
			return Refusal(field + ".id must be unique")
		}
		if err := checkWords(field+".name", r.Name, MaxNameChars); err != nil {
			return err
		}
		if r.Count < 1 || r.Count > MaxResourceCount {
			return Refusal(fmt.Sprintf("%s.count must be 1 to %d", field, MaxResourceCount))
		}
	}
	return nil
}

func (s Settings) checkStylists() error {
	if len(s.Stylists) < 1 || len(s.Stylists) > MaxStylists {
		return Refusal(fmt.Sprintf("stylists must hold 1 to %d entries", MaxStylists))
	}
	for i, p := range s.Stylists {
		field := fmt.Sprintf("stylists[%d]", i)
		if err := checkID(field+".id", p.ID); err != nil {
			return err
		}
		for _, before := range s.Stylists[:i] {
			if before.ID == p.ID {
				return Refusal(field + ".id must be unique")
			}
		}
		if err := checkWords(field+".name", p.Name, MaxNameChars); err != nil {
			return err
		}
		if len(p.Services) == 0 {
			return Refusal(field + ".services must name 1 or more of the menu's services")
		}
		for j, id := range p.Services {
			if _, ok := s.Service(id); !ok {
				return Refusal(fmt.Sprintf("%s.services[%d] must be the id of a service on the menu", field, j))
			}
			for _, before := range p.Services[:j] {
				if before == id {
					return Refusal(fmt.Sprintf("%s.services[%d] must be unique", field, j))
				}
			}
		}
		if p.Hours != nil {
			if err := p.Hours.check(); err != nil {
				// The salon's refusals of hours name "hours..."; a stylist's are the same, under the stylist.
				return Refusal(field + "." + err.Error())
			}
		}
	}
	return nil
}

func (s Settings) checkClosures() error {
	if len(s.Closures) > MaxClosures {
		return Refusal(fmt.Sprintf("closures must hold at most %d entries", MaxClosures))
	}
	for i, c := range s.Closures {
		field := fmt.Sprintf("closures[%d]", i)
		if !c.From.Before(c.To) {
			return Refusal(field + ".from must be before to")
		}
		if c.Stylist != "" {
			if _, ok := s.Stylist(c.Stylist); !ok {
				return Refusal(field + ".stylist must be the id of one of the salon's stylists")
			}
		}
		if n := utf8.RuneCountInString(c.Note); n > MaxNoteChars || !utf8.ValidString(c.Note) {
			return Refusal(fmt.Sprintf("%s.note must be 0 to %d characters", field, MaxNoteChars))
		}
		if strings.IndexFunc(c.Note, unicode.IsControl) >= 0 {
			return Refusal(field + ".note must not hold control characters")
		}
	}
	return nil
}

// checkID refuses an id that is not 1 to MaxIDChars of a-z, 0-9 and -.
func checkID(field, id string) error {
	if !IsID(id) {
		return Refusal(fmt.Sprintf("%s must be 1 to %d of a-z, 0-9 and -", field, MaxIDChars))
	}
	return nil
}

// IsID reports whether id is written as a service's or a stylist's id must be: 1 to 40 of a-z, 0-9 and -.
func IsID(id string) bool {
	if len(id) < 1 || len(id) > MaxIDChars {
		return false
	}
	for i := range len(id) {
		c := id[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

func isCurrency(code string) bool {
	return len(code) == 3 && strings.IndexFunc(code, func(r rune) bool { return r < 'A' || r > 'Z' }) < 0
}

// stepped reports whether n is from least to most and a multiple of MinuteStep.
func stepped(n, least, most int) bool { return n >= least && n <= most && n%MinuteStep == 0 }
