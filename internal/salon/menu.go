// This file holds a salon's menu and team: services, stylists, closures, their bounds, and how a put is resolved.

package salon

import (
	"slices"
	"time"
)

// Bounds of the menu, the team and the terms. Settings.Check enforces them.
const (
	MaxServices              = 50
	MaxStylists              = 50
	MaxIDChars               = 40 // a service's or a stylist's id: 1 to 40 of a-z, 0-9 and -
	MinuteStep               = 5  // a service's minutes and afterMinutes, and gridMinutes, are multiples of it
	MinServiceMinutes        = 5
	MaxServiceMinutes        = 480
	MaxAfterMinutes          = 120
	MaxSpanMinutes           = MaxServiceMinutes + MaxAfterMinutes // the longest a booking keeps its stylist
	MinGridMinutes           = 5
	MaxGridMinutes           = 60
	DefaultGridMinutes       = 15
	MaxMinNoticeMinutes      = 10080 // a week
	DefaultMinNoticeMinutes  = 60
	MaxChangeCutoffHours     = 168 // a week
	DefaultChangeCutoffHours = 24
	MaxMaxUpcomingPerContact = 20
	// A salon takes at most maxBookingsPerMinute new bookings in any minute, whoever makes them.
	MaxMaxBookingsPerMinute     = 1000
	DefaultMaxBookingsPerMinute = 30
	// A time held for a deposit stays held paymentMinutes while the customer pays.
	MinPaymentMinutes     = 30 // Stripe's shortest Checkout Session
	MaxPaymentMinutes     = 1440
	DefaultPaymentMinutes = 30
	MaxClosures           = 200
	MaxResources          = 20
	MaxResourceCount      = 50 // the units of one resource
	MaxNoteChars          = 200
)

// Service is one line of the menu.
type Service struct {
	// ID names the service on the wire and in bookings: 1 to 40 of a-z, 0-9 and -, unique on the menu.
	ID string
	// Name is what the customer sees, such as "Colour".
	Name string
	// Minutes is how long the customer is in the chair.
	Minutes int
	// Price is in the minor unit of the salon's Currency (pence for GBP); nil when the service
	// has no price on the sheet.
	Price *int64
	// AfterMinutes is processing or clean-up after Minutes, when the stylist can't start another
	// client. A booking keeps its stylist for Minutes+AfterMinutes.
	AfterMinutes int
	// Deposit is what the customer pays to hold the time, in the same minor unit, 1 to Price; nil
	// when the service takes none. It needs payments configured on the server.
	Deposit *int64
	// Resources are the ids of the salon's resources the service holds, a unit of each, for
	// Minutes+AfterMinutes; none when it holds nothing but its stylist.
	Resources []string
	// parts are a visit's services, in order (see Settings.visit); nil for a service of the menu.
	parts []Service
}

// Resource is something the salon has only so many of, such as a basin or a colour room.
type Resource struct {
	// ID names the resource in a service's Resources, by the rules of a service's id.
	ID string
	// Name is what the owner sees, such as "Basin".
	Name string
	// Count is how many units the salon has: 1 to MaxResourceCount.
	Count int
}

// Stylist is one member of the team.
type Stylist struct {
	// ID names the stylist on the wire and in bookings, by the rules of a service's id.
	ID string
	// Name is what the customer sees, such as "Ana".
	Name string
	// Services are the ids of the menu's services the stylist does, one or more.
	Services []string
	// Hours are the stylist's own weekly hours; nil means the salon's Hours. A non-nil Hours
	// with no day is a stylist who works no day.
	Hours Hours
}

// Closure is a span when the salon, or one stylist, takes no booking: no service may overlap it.
type Closure struct {
	// From and To are the span's instants, From before To; To is not in it.
	From, To time.Time
	// Stylist is the id of the stylist it closes, or "" for the whole salon.
	Stylist string
	// Note is the owner's words for it, 0 to 200 characters, such as "Christmas".
	Note string
}

// HasMenu reports whether s is a menu salon: one with services. A salon without any is the simple
// salon, one appointment length and one chair, and none of the menu's rules apply to it.
func (s Settings) HasMenu() bool { return len(s.Services) > 0 }

// Service returns the menu's service with the given id, and false when there is none. The id of a
// visit of several services (VisitID) gives the visit as one service; see Settings.visit.
func (s Settings) Service(id string) (Service, bool) {
	if IsVisit(id) {
		return s.visit(VisitServices(id))
	}
	i := slices.IndexFunc(s.Services, func(v Service) bool { return v.ID == id })
	if i < 0 {
		return Service{}, false
	}
	return s.Services[i], true
}

// Stylist returns the team's stylist with the given id, and false when there is none.
func (s Settings) Stylist(id string) (Stylist, bool) {
	i := slices.IndexFunc(s.Stylists, func(p Stylist) bool { return p.ID == id })
	if i < 0 {
		return Stylist{}, false
	}
	return s.Stylists[i], true
}

// HoursOf returns the weekly hours p works: p's own, or the salon's when p has none.
func (s Settings) HoursOf(p Stylist) Hours {
	if p.Hours == nil {
		return s.Hours
	}
	return p.Hours
}

// Resource returns the salon's resource with the given id, and false when there is none.
func (s Settings) Resource(id string) (Resource, bool) {
	i := slices.IndexFunc(s.Resources, func(r Resource) bool { return r.ID == id })
	if i < 0 {
		return Resource{}, false
	}
	return s.Resources[i], true
}

// Does reports whether p does the service with the given id: at a visit, every one of its services.
func (p Stylist) Does(service string) bool {
	if IsVisit(service) {
		for _, id := range VisitServices(service) {
			if !slices.Contains(p.Services, id) {
				return false
			}
		}
		return true
	}
	return slices.Contains(p.Services, service)
}

// Given says which of the settings an owner put, where the value alone can't tell: a field that
// has a default takes it only when left out, and one put as zero (or empty) is judged as put, so
// "horizonDays": 0 is refused rather than read as 14 days. A field whose value is not zero counts
// as put whether or not its flag is set, so a zero Given reads every zero as left out, as
// WithDefaults does.
//
// MaxUpcomingPerContact has no flag: its default is 0, so left out and put as 0 read the same.
type Given struct {
	SlotMinutes, HorizonDays                         bool
	GridMinutes, MinNoticeMinutes, ChangeCutoffHours bool
	MaxBookingsPerMinute, PaymentMinutes             bool
	Prices, Currency, Services, Stylists, Closures   bool
	Resources                                        bool
}

// Resolve returns the settings an owner's put makes: s holds the values put and given says which
// fields were put at all. It refuses, with a Refusal naming the field:
//
//   - services put as an empty list: "services must hold 1 to 50 entries";
//   - with services, slotMinutes or prices put: "give services, or slotMinutes and prices, not both";
//   - without services, currency, stylists, gridMinutes, minNoticeMinutes, closures or resources put, each
//     "<field> needs services", in that order;
//   - with services, currency put as "": "currency must be three capital letters".
//
// Then each field left out takes its default: horizonDays 14, changeCutoffHours 24, and
// slotMinutes 45 at a simple salon, or gridMinutes 15 and minNoticeMinutes 60 at a menu salon.
// Every value put is kept as put, zero included, and the result is judged by Check, whose refusal
// Resolve returns. load is Check's.
func (s Settings) Resolve(given Given, load func(name string) (*time.Location, error)) (Settings, error) {
	menu := given.Services || s.Services != nil
	if menu && len(s.Services) == 0 {
		return Settings{}, servicesRefusal
	}
	if menu {
		if given.SlotMinutes || s.SlotMinutes != 0 || given.Prices || s.Prices != nil {
			return Settings{}, ErrServicesOrSlotMinutes
		}
		if given.Currency && s.Currency == "" {
			return Settings{}, currencyRefusal
		}
	} else {
		for _, field := range []struct {
			name string
			put  bool
		}{
			{"currency", given.Currency || s.Currency != ""},
			{"stylists", given.Stylists || s.Stylists != nil},
			{"gridMinutes", given.GridMinutes || s.GridMinutes != 0},
			{"minNoticeMinutes", given.MinNoticeMinutes || s.MinNoticeMinutes != 0},
			{"closures", given.Closures || s.Closures != nil},
			{"resources", given.Resources || s.Resources != nil},
		} {
			if field.put {
				return Settings{}, needsServices(field.name)
			}
		}
	}
	left := func(put bool, value int) bool { return !put && value == 0 }
	if left(given.HorizonDays, s.HorizonDays) {
		s.HorizonDays = DefaultHorizonDays
	}
	if left(given.ChangeCutoffHours, s.ChangeCutoffHours) {
		s.ChangeCutoffHours = DefaultChangeCutoffHours
	}
	if given.MaxBookingsPerMinute && s.MaxBookingsPerMinute == 0 {
		// Left out, it stays 0, which stands for its default; put, 0 is out of its bounds.
		return Settings{}, perMinuteRefusal
	}
	if given.PaymentMinutes && s.PaymentMinutes == 0 {
		return Settings{}, paymentMinutesRefusal
	}
	if menu {
		if left(given.GridMinutes, s.GridMinutes) {
			s.GridMinutes = DefaultGridMinutes
		}
		if left(given.MinNoticeMinutes, s.MinNoticeMinutes) {
			s.MinNoticeMinutes = DefaultMinNoticeMinutes
		}
	} else if left(given.SlotMinutes, s.SlotMinutes) {
		s.SlotMinutes = DefaultSlotMinutes
	}
	if err := s.Check(load); err != nil {
		return Settings{}, err
	}
	return s, nil
}
