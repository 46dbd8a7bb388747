// This file holds the salons' wire types: a salon's settings as an owner puts them, its view as anyone reads it, and the owner's list of bookings.

package wire

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"salon/internal/booking"
	"salon/internal/salon"
)

// SalonSettings is what an owner puts: a salon's settings. A field left out takes its default; one
// put as zero is judged as put, so "horizonDays": 0 is refused. With services it is a menu salon,
// without them the simple salon of one appointment length.
type SalonSettings struct {
	Name                  string                `json:"name" minLength:"1" maxLength:"100" doc:"What the customer sees."`
	TimeZone              string                `json:"timeZone" doc:"An IANA time zone name, such as Europe/London. Opening hours are wall-clock times in it."`
	Phone                 string                `json:"phone" minLength:"1" maxLength:"40" doc:"Shown when nothing is booked, and for changes."`
	Language              *string               `json:"language,omitempty" maxLength:"35" doc:"The salon's language, as a BCP 47 tag: en, de, fr or es, a region allowed (de-AT); en when absent. Its questions, mails and texts are in it, unless the customer's Accept-Language matches another."`
	EmbedOrigins          []string              `json:"embedOrigins,omitempty" maxItems:"10" doc:"The sites that may show the booking page in a frame (the embed script's iframe): at most 10 origins such as https://studio-nine.example; http only for localhost. None when absent: no site may frame it."`
	Prices                []PriceLine           `json:"prices,omitempty" maxItems:"20" doc:"The price list of a simple salon, as words; never computed. Refused with services."`
	Hours                 map[string][][]string `json:"hours" doc:"Weekly opening hours by day (mon to sun), each a list of [start, end] in HH:MM, 24-hour, in the salon's zone. A day absent is closed."`
	SlotMinutes           *int                  `json:"slotMinutes,omitempty" doc:"The length of one appointment at a simple salon, 5 to 480 minutes; 45 when absent. Refused with services."`
	HorizonDays           *int                  `json:"horizonDays,omitempty" doc:"How many local days slots open on, today included: 1 to 90; 14 when absent."`
	Currency              *string               `json:"currency,omitempty" doc:"The ISO 4217 code of every price, such as GBP: three capital letters. Required when a service has a price; needs services."`
	Services              []ServiceLine         `json:"services,omitempty" maxItems:"50" doc:"The menu: 1 to 50 services. A salon put without services is the simple salon."`
	Stylists              []StylistLine         `json:"stylists,omitempty" maxItems:"50" doc:"The team: 1 to 50 stylists, in the order anyone is booked. Needs services."`
	GridMinutes           *int                  `json:"gridMinutes,omitempty" doc:"How far apart start times are: 5 to 60, a multiple of 5; 15 when absent. Needs services."`
	MinNoticeMinutes      *int                  `json:"minNoticeMinutes,omitempty" doc:"No start sooner than this after now: 0 to 10080; 60 when absent. Needs services."`
	ChangeCutoffHours     *int                  `json:"changeCutoffHours,omitempty" doc:"A customer may cancel or move a booking until this long before it starts: 0 to 168; 24 when absent."`
	MaxUpcomingPerContact *int                  `json:"maxUpcomingPerContact,omitempty" doc:"How many upcoming bookings one contact may hold: 0 to 20, 0 meaning no cap; 0 when absent."`
	MaxBookingsPerMinute  *int                  `json:"maxBookingsPerMinute,omitempty" doc:"How many new bookings the salon takes in any minute, from everyone, across every instance: 1 to 1000; 30 when absent. Past it round two answers 429 with Retry-After, and its state can still be used."`
	PaymentMinutes        *int                  `json:"paymentMinutes,omitempty" doc:"How long a time is held while its customer pays a service's deposit: 30 to 1440 minutes; 30 when absent."`
	Closures              []ClosureLine         `json:"closures,omitempty" maxItems:"200" doc:"Spans when the salon, or one stylist, takes no booking: at most 200. Needs services."`
	Resources             []ResourceLine        `json:"resources,omitempty" maxItems:"20" doc:"What the salon has only so many of, such as basins: at most 20. A service holds a unit of each it names for its minutes and afterMinutes, and no instant holds more units than a resource's count. Needs services."`
}

// ResourceLine is one resource, as put and as shown.
type ResourceLine struct {
	ID    string `json:"id" minLength:"1" maxLength:"40" doc:"The resource's id: 1 to 40 of a-z, 0-9 and -, unique among the resources."`
	Name  string `json:"name" minLength:"1" maxLength:"100" doc:"What the owner sees, such as Basin."`
	Count int    `json:"count" doc:"How many the salon has: 1 to 50."`
}

// PriceLine is one line of a salon's price list.
type PriceLine struct {
	Service string `json:"service" minLength:"1" maxLength:"100" doc:"The service, such as cut."`
	Price   string `json:"price" minLength:"1" maxLength:"40" doc:"Its price as the salon writes it, such as $45."`
}

// ServiceLine is one service of the menu as an owner puts it.
type ServiceLine struct {
	ID           string   `json:"id" minLength:"1" maxLength:"40" doc:"The service's id: 1 to 40 of a-z, 0-9 and -, unique on the menu."`
	Name         string   `json:"name" minLength:"1" maxLength:"100" doc:"What the customer sees, such as Colour."`
	Minutes      int      `json:"minutes" doc:"How long the customer is in the chair: 5 to 480, a multiple of 5."`
	Price        *int64   `json:"price,omitempty" doc:"The price in the currency's minor unit (4500 is £45.00 in GBP), 0 or more; absent when not on the sheet."`
	AfterMinutes int      `json:"afterMinutes,omitempty" doc:"Processing or clean-up after the service, when the stylist can't start another client: 0 to 120, a multiple of 5; 0 when absent."`
	Deposit      *int64   `json:"deposit,omitempty" doc:"What the customer pays by card to hold the time, in the currency's minor unit: 1 to the service's price. Needs a price, and payments configured on the server."`
	Resources    []string `json:"resources,omitempty" maxItems:"20" doc:"The ids of the salon's resources the service holds, a unit of each, for its minutes and afterMinutes; none when absent."`
}

// ServiceView is one service of the menu as GET shows it, the defaults filled in.
type ServiceView struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Minutes      int      `json:"minutes"`
	Price        *int64   `json:"price,omitempty" doc:"In the currency's minor unit; absent when not on the sheet."`
	AfterMinutes int      `json:"afterMinutes"`
	Deposit      *int64   `json:"deposit,omitempty" doc:"The deposit paid by card to hold the time, in the currency's minor unit; absent when the service takes none."`
	Resources    []string `json:"resources" doc:"The ids of the resources it holds; empty when none."`
}

// StylistLine is one stylist of the team, as put and as shown.
type StylistLine struct {
	ID       string                `json:"id" minLength:"1" maxLength:"40" doc:"The stylist's id: 1 to 40 of a-z, 0-9 and -, unique on the team."`
	Name     string                `json:"name" minLength:"1" maxLength:"100" doc:"What the customer sees, such as Ana."`
	Services []string              `json:"services" minItems:"1" doc:"The ids of the services the stylist does."`
	Hours    map[string][][]string `json:"hours,omitempty" doc:"The stylist's own weekly hours, as the salon's are written; absent when they follow the salon's."`
}

// ClosureLine is one closure, as put and as shown.
type ClosureLine struct {
	From    string `json:"from" doc:"When it starts, RFC 3339."`
	To      string `json:"to" doc:"When it ends, RFC 3339; after from."`
	Stylist string `json:"stylist,omitempty" doc:"The stylist it closes; absent for the whole salon."`
	Note    string `json:"note,omitempty" maxLength:"200" doc:"The owner's words for it, such as Christmas."`
}

// closure reads c, its fields named after prefix in a refusal.
func (c ClosureLine) closure(prefix string) (salon.Closure, error) {
	from, err1 := time.Parse(time.RFC3339, c.From)
	to, err2 := time.Parse(time.RFC3339, c.To)
	switch {
	case err1 != nil:
		return salon.Closure{}, Refusal(prefix + "from must be a time in RFC 3339, such as 2026-12-24T13:00:00Z")
	case err2 != nil:
		return salon.Closure{}, Refusal(prefix + "to must be a time in RFC 3339, such as 2026-12-27T00:00:00Z")
	}
	return salon.Closure{From: from, To: to, Stylist: c.Stylist, Note: c.Note}, nil
}

// SalonView is a salon as GET shows it: its settings, read back whole with the defaults filled in,
// and the slots open now (at a menu salon, for the first service with anyone).
type SalonView struct {
	Salon                 string                `json:"salon" doc:"The salon's id, as in its path."`
	Name                  string                `json:"name"`
	TimeZone              string                `json:"timeZone"`
	Phone                 string                `json:"phone"`
	Language              string                `json:"language" doc:"The salon's language, as put; en when none was."`
	EmbedOrigins          []string              `json:"embedOrigins" doc:"The sites that may frame the booking page; empty when none may."`
	Prices                *[]PriceLine          `json:"prices,omitempty" doc:"A simple salon's price list; empty when no price is set. Absent at a menu salon."`
	Hours                 map[string][][]string `json:"hours"`
	SlotMinutes           *int                  `json:"slotMinutes,omitempty" doc:"A simple salon's appointment length; absent at a menu salon."`
	HorizonDays           int                   `json:"horizonDays"`
	ChangeCutoffHours     int                   `json:"changeCutoffHours"`
	MaxUpcomingPerContact int                   `json:"maxUpcomingPerContact"`
	MaxBookingsPerMinute  int                   `json:"maxBookingsPerMinute"`
	PaymentMinutes        int                   `json:"paymentMinutes"`
	Currency              string                `json:"currency,omitempty" doc:"The currency of the menu's prices; absent at a simple salon, or when no service has a price and none was put."`
	Services              []ServiceView         `json:"services,omitempty" doc:"The menu; absent at a simple salon."`
	Stylists              []StylistLine         `json:"stylists,omitempty" doc:"The team, in the order anyone is booked; absent at a simple salon."`
	GridMinutes           *int                  `json:"gridMinutes,omitempty" doc:"Absent at a simple salon."`
	MinNoticeMinutes      *int                  `json:"minNoticeMinutes,omitempty" doc:"Absent at a simple salon."`
	Closures              *[]ClosureLine        `json:"closures,omitempty" doc:"Absent at a simple salon."`
	Resources             *[]ResourceLine       `json:"resources,omitempty" doc:"What the salon has only so many of; empty when none. Absent at a simple salon."`
	OpenSlots             []OpenSlot            `json:"openSlots" maxItems:"50" doc:"The slots open now, earliest first, at most 50: send them as round one's openSlots. At a menu salon, for the first service with anyone."`
}

// OpenSlot is one open slot: its id, to send as a slot, and its label, to show.
type OpenSlot struct {
	Slot  string `json:"slot" doc:"The slot's start in RFC 3339, with the salon's offset on that day."`
	Label string `json:"label" doc:"The start in the salon's words, such as Saturday 5 December, 10:30."`
}

// SalonList is a page of the registered salons, and whether this server keeps calendars at all.
type SalonList struct {
	Salons []SalonSummary `json:"salons" maxItems:"1000" doc:"The registered salons, ordered by id, at most limit of them."`
	// Calendar tells an empty list with a database (no salon registered yet) from a server without one.
	Calendar bool   `json:"calendar" doc:"Whether this server keeps salons' calendars (a database is configured). Without one the list is empty and the app keeps its own open times."`
	Next     string `json:"next,omitempty" doc:"When more salons follow: send it as after for the next page. Absent on the last page."`
}

// SalonSummary names one registered salon.
type SalonSummary struct {
	Salon string `json:"salon"`
	Name  string `json:"name"`
}

// BookingList is a page of a salon's bookings in a window, earliest slot first.
type BookingList struct {
	Bookings []BookingView `json:"bookings" maxItems:"1000" doc:"Earliest slot first, then earliest booked; at most limit of them."`
	Next     string        `json:"next,omitempty" doc:"When more bookings follow: send it as after for the next page. Absent on the last page."`
}

// BookingListOf is bookings as the owner's list and the export show them; next, when not nil,
// is where the next page starts.
func BookingListOf(bookings []booking.Listed, next *salon.BookingKey) BookingList {
	list := BookingList{Bookings: make([]BookingView, len(bookings))}
	for i, b := range bookings {
		list.Bookings[i] = BookingViewOf(b)
	}
	if next != nil {
		list.Next = BookingCursor(*next)
	}
	return list
}

// BookingView is one booking as the owner sees it. At a simple salon it holds only the fields
// every salon has; at a menu salon every row adds the six of the menu.
type BookingView struct {
	Booking     string       `json:"booking" doc:"The booking's reference."`
	Slot        string       `json:"slot"`
	Label       string       `json:"label"`
	Name        string       `json:"name"`
	Contact     string       `json:"contact"`
	Words       string       `json:"words" doc:"What the customer wrote when booking."`
	BookedAt    string       `json:"bookedAt" doc:"When it was booked, RFC 3339 in UTC."`
	Status      string       `json:"status" enum:"booked|cancelled|awaiting_payment|no_show" doc:"awaiting_payment: its time is held while the customer pays its deposit; no_show: marked as not come."`
	Deposit     *DepositView `json:"deposit,omitempty" doc:"The deposit its service asked; absent when none."`
	LastText    string       `json:"lastText,omitempty" doc:"The status of the last text about it, as Twilio last called it back (queued, sent, delivered, undelivered, failed), or unsubscribed when its number had opted out; absent when none was sent."`
	Service     *string      `json:"service,omitempty" doc:"At a menu salon: the id of the service booked (at a visit of several, the first). Absent at a simple salon."`
	Services    []string     `json:"services,omitempty" doc:"At a menu salon: the ids of the services booked, in the order they are done: one, or the visit's. Absent at a simple salon."`
	ServiceName *string      `json:"serviceName,omitempty" doc:"At a menu salon: the service's name as the settings now give it (its id when they no longer hold it)."`
	Stylist     *string      `json:"stylist,omitempty" doc:"At a menu salon: the id of the stylist booked."`
	StylistName *string      `json:"stylistName,omitempty" doc:"At a menu salon: the stylist's name as the settings now give it (their id when they no longer hold them)."`
	Ends        *string      `json:"ends,omitempty" doc:"At a menu salon: when the service ends, slot plus its minutes (processing not included), written as slot is."`
	Fits        *bool        `json:"fits,omitempty" doc:"At a menu salon: false for a live booking that no longer fits the settings (hours, closures, the menu or the team); the notice and the horizon don't count."`
}

// DepositView is a booking's deposit and where it stands.
type DepositView struct {
	Amount int64  `json:"amount" doc:"In the minor unit of the salon's currency."`
	Status string `json:"status" enum:"awaiting|paid|refunded|kept|released" doc:"awaiting: being paid; paid; refunded after a cancel; kept by the salon (a no-show, or the owner's cancel without refund); released: never paid, the time open again."`
}

// DepositOf is a booking's deposit as the wire shows it; nil when it has none.
func DepositOf(d *salon.Deposit) *DepositView {
	if d == nil {
		return nil
	}
	return &DepositView{Amount: d.Amount, Status: string(d.Status)}
}

// MoveRequest is the owner's move of a booking to another start, and maybe another stylist.
type MoveRequest struct {
	Slot    string  `json:"slot" minLength:"1" maxLength:"64" doc:"The new start: a slot id as the salon writes it, such as 2026-12-05T10:30:00Z."`
	Stylist *string `json:"stylist,omitempty" minLength:"1" maxLength:"40" doc:"At a menu salon, the stylist who keeps the booking; absent, its own."`
}

// Availability is a menu salon's open times for one service, with one stylist or anyone.
type Availability struct {
	Service  string          `json:"service" doc:"The service's id; at a visit of several, the first's."`
	Services []string        `json:"services" doc:"The ids of the services asked for, in order: the one, or the visit's."`
	Stylist  *string         `json:"stylist" doc:"The stylist asked for; null for anyone."`
	Slots    []AvailableSlot `json:"slots" maxItems:"500" doc:"The open starts, earliest first, at most 500."`
	More     bool            `json:"more" doc:"Whether open starts of the window were left out past the 500 listed."`
}

// AvailableSlot is one open start and who is free to do the service then.
type AvailableSlot struct {
	Slot     string   `json:"slot" doc:"The start's slot id: RFC 3339 with the salon's offset on that day."`
	Label    string   `json:"label" doc:"The start in the salon's words, such as Saturday 5 December, 10:30."`
	Stylists []string `json:"stylists" minItems:"1" doc:"The ids of the stylists free then who do the service, in the salon's order."`
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

// Settings reads the put body into a salon's settings and says which fields were put; the desk
// resolves the defaults and checks the bounds.
func (p SalonSettings) Settings() (salon.Settings, salon.Given, error) {
	hours, err := salon.ParseHours(p.Hours)
	if err != nil {
		return salon.Settings{}, salon.Given{}, err
	}
	s := salon.Settings{Name: p.Name, TimeZone: p.TimeZone, Phone: p.Phone, Hours: hours}
	if p.Language != nil {
		s.Language = *p.Language
	}
	s.EmbedOrigins = p.EmbedOrigins
	given := salon.Given{
		Prices: p.Prices != nil, Currency: p.Currency != nil, Services: p.Services != nil,
		Stylists: p.Stylists != nil, Closures: p.Closures != nil, Resources: p.Resources != nil,
	}
	for _, n := range []struct {
		from  *int
		to    *int
		given *bool
	}{
		{p.SlotMinutes, &s.SlotMinutes, &given.SlotMinutes},
		{p.HorizonDays, &s.HorizonDays, &given.HorizonDays},
		{p.GridMinutes, &s.GridMinutes, &given.GridMinutes},
		{p.MinNoticeMinutes, &s.MinNoticeMinutes, &given.MinNoticeMinutes},
		{p.ChangeCutoffHours, &s.ChangeCutoffHours, &given.ChangeCutoffHours},
		{p.MaxUpcomingPerContact, &s.MaxUpcomingPerContact, new(bool)},
		{p.MaxBookingsPerMinute, &s.MaxBookingsPerMinute, &given.MaxBookingsPerMinute},
		{p.PaymentMinutes, &s.PaymentMinutes, &given.PaymentMinutes},
	} {
		if n.from != nil {
			*n.to, *n.given = *n.from, true
		}
	}
	if p.Currency != nil {
		s.Currency = *p.Currency
	}
	if p.Prices != nil {
		s.Prices = make([]salon.Price, len(p.Prices))
		for i, line := range p.Prices {
			s.Prices[i] = salon.Price{Service: line.Service, Price: line.Price}
		}
	}
	if p.Services != nil {
		s.Services = make([]salon.Service, len(p.Services))
		for i, v := range p.Services {
			s.Services[i] = salon.Service{ID: v.ID, Name: v.Name, Minutes: v.Minutes, Price: v.Price, AfterMinutes: v.AfterMinutes, Deposit: v.Deposit, Resources: v.Resources}
		}
	}
	if p.Stylists != nil {
		s.Stylists = make([]salon.Stylist, len(p.Stylists))
		for i, v := range p.Stylists {
			st := salon.Stylist{ID: v.ID, Name: v.Name, Services: v.Services}
			if v.Hours != nil {
				if st.Hours, err = salon.ParseHours(v.Hours); err != nil {
					return salon.Settings{}, salon.Given{}, Refusal(fmt.Sprintf("stylists[%d].%s", i, err.Error()))
				}
			}
			s.Stylists[i] = st
		}
	}
	if p.Resources != nil {
		s.Resources = make([]salon.Resource, len(p.Resources))
		for i, r := range p.Resources {
			s.Resources[i] = salon.Resource(r)
		}
	}
	if p.Closures != nil {
		s.Closures = make([]salon.Closure, len(p.Closures))
		for i, c := range p.Closures {
			if s.Closures[i], err = c.closure(fmt.Sprintf("closures[%d].", i)); err != nil {
				return salon.Settings{}, salon.Given{}, err
			}
		}
	}
	return s, given, nil
}

// ViewOf is a salon as GET /salons/{salon} shows it.
func ViewOf(v booking.View) SalonView {
	s := v.Settings
	out := SalonView{
		Salon: v.ID, Name: s.Name, TimeZone: s.TimeZone, Phone: s.Phone, Language: s.LanguageOrDefault(), Hours: s.Hours.Wire(),
		EmbedOrigins: append([]string{}, s.EmbedOrigins...),
		HorizonDays:  s.HorizonDays, ChangeCutoffHours: s.ChangeCutoffHours, MaxUpcomingPerContact: s.MaxUpcomingPerContact,
		MaxBookingsPerMinute: s.BookingsPerMinute(), PaymentMinutes: s.HoldMinutes(), OpenSlots: make([]OpenSlot, len(v.Open)),
	}
	for i, slot := range v.Open {
		out.OpenSlots[i] = OpenSlot{Slot: slot.ID, Label: slot.Label}
	}
	if !s.HasMenu() {
		prices := make([]PriceLine, len(s.Prices))
		for i, p := range s.Prices {
			prices[i] = PriceLine{Service: p.Service, Price: p.Price}
		}
		out.Prices, out.SlotMinutes = &prices, &s.SlotMinutes
		return out
	}
	out.Currency, out.GridMinutes, out.MinNoticeMinutes = s.Currency, &s.GridMinutes, &s.MinNoticeMinutes
	out.Services = make([]ServiceView, len(s.Services))
	for i, v := range s.Services {
		out.Services[i] = ServiceView{ID: v.ID, Name: v.Name, Minutes: v.Minutes, Price: v.Price, AfterMinutes: v.AfterMinutes, Deposit: v.Deposit,
			Resources: append([]string{}, v.Resources...)}
	}
	out.Stylists = make([]StylistLine, len(s.Stylists))
	for i, p := range s.Stylists {
		out.Stylists[i] = StylistLine{ID: p.ID, Name: p.Name, Services: p.Services}
		if p.Hours != nil {
			out.Stylists[i].Hours = p.Hours.Wire()
		}
	}
	closures := closureLines(s.Closures)
	out.Closures = &closures
	resources := make([]ResourceLine, len(s.Resources))
	for i, r := range s.Resources {
		resources[i] = ResourceLine(r)
	}
	out.Resources = &resources
	return out
}

// BookingViewOf is a booking as the owner's list shows it: with the menu's six fields at a menu
// salon, without them at a simple one.
func BookingViewOf(b booking.Listed) BookingView {
	v := BookingView{
		Booking: b.ID, Slot: b.Slot, Label: b.Label, Name: b.Name, Contact: b.Contact, Words: b.Words,
		BookedAt: b.BookedAt.UTC().Format(time.RFC3339), Status: string(b.Status), Deposit: DepositOf(b.Deposit),
		LastText: b.LastText,
	}
	if m := b.Menu; m != nil {
		service, serviceName, stylist, stylistName, ends, fits := b.Service, m.ServiceName, b.Stylist, m.StylistName, m.Ends, m.Fits
		v.Services = salon.VisitServices(service)
		v.Service, v.ServiceName, v.Stylist, v.StylistName, v.Ends, v.Fits = &v.Services[0], &serviceName, &stylist, &stylistName, &ends, &fits
	}
	return v
}

// AvailabilityOf is a menu salon's open times as GET /salons/{salon}/availability shows them.
func AvailabilityOf(a booking.Availability) Availability {
	services := salon.VisitServices(a.Service)
	out := Availability{Service: services[0], Services: services, Slots: make([]AvailableSlot, len(a.Times)), More: a.More}
	if a.Stylist != "" {
		out.Stylist = &a.Stylist
	}
	for i, t := range a.Times {
		out.Slots[i] = AvailableSlot{Slot: t.ID, Label: t.Label, Stylists: t.Stylists}
	}
	return out
}

// CancelRequest is the owner's cancel, when it keeps a paid deposit.
type CancelRequest struct {
	Refund *bool `json:"refund,omitempty" doc:"false keeps a paid deposit (the salon's to keep); absent or true gives it back."`
}

// DecodeCancel reads the owner's cancel body, and says whether a paid deposit is given back: an
// empty body gives it back.
func DecodeCancel(body []byte) (refund bool, err error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return true, nil
	}
	var r CancelRequest
	if err := json.Unmarshal(body, &r); err != nil {
		return false, Refusal(fieldRefusal(err))
	}
	return r.Refund == nil || *r.Refund, nil
}

// DecodeMove reads the owner's move body: the new slot, and the stylist, "" when absent. Names
// match exactly; a field of the wrong type, or a key twice, is refused naming it.
func DecodeMove(body []byte) (slot, stylist string, err error) {
	var m struct {
		Slot    *string `json:"slot"`
		Stylist *string `json:"stylist"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return "", "", Refusal(fieldRefusal(err))
	}
	switch {
	case m.Slot == nil:
		return "", "", Refusal("slot is required")
	case len(*m.Slot) < 1 || utf8.RuneCountInString(*m.Slot) > MaxSlotChars:
		return "", "", Refusal(fmt.Sprintf("slot must be 1 to %d characters", MaxSlotChars))
	}
	if m.Stylist != nil {
		if n := utf8.RuneCountInString(*m.Stylist); n < 1 || n > MaxIDChars {
			return "", "", Refusal(fmt.Sprintf("stylist must be 1 to %d characters", MaxIDChars))
		}
		stylist = *m.Stylist
	}
	return *m.Slot, stylist, nil
}
