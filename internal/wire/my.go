// This file holds my booking (the customer's own) on the wire: the booking as its customer sees it, a move's request, and its calendar event.

package wire

import (
	"encoding/json"
	"time"

	"salon/internal/booking"
	"salon/internal/ical"
	"salon/internal/salon"
	"salon/internal/step"
)

// MyBooking is a booking as its customer sees it with its manage key: where and when, for whom,
// and until when they may change it. At a simple salon Service, ServiceName, Stylist and
// StylistName are null. Times are RFC 3339 with the salon's offset on that day, as slot ids are.
type MyBooking struct {
	Booking     string       `json:"booking" doc:"The booking's reference."`
	Salon       string       `json:"salon" doc:"The salon's id."`
	SalonName   string       `json:"salonName"`
	Phone       string       `json:"phone" doc:"The salon's phone, for what the customer can no longer change themselves."`
	Service     *string      `json:"service" doc:"The menu's service booked (at a visit of several, the first); null at a simple salon."`
	Services    []string     `json:"services" doc:"The menu's services booked, in the order they are done: one, or the visit's; empty at a simple salon."`
	ServiceName *string      `json:"serviceName" doc:"Its name on the menu; null at a simple salon."`
	Stylist     *string      `json:"stylist" doc:"The stylist booked; null at a simple salon."`
	StylistName *string      `json:"stylistName" doc:"Their name; null at a simple salon."`
	Slot        string       `json:"slot" doc:"The booked slot: its start in RFC 3339, with the salon's offset on that day."`
	Label       string       `json:"label" doc:"The start in the salon's words, such as Saturday 5 December, 10:30."`
	Ends        string       `json:"ends" doc:"When the appointment ends, RFC 3339 with the salon's offset: the service's minutes after the start, or the salon's slot at a simple salon."`
	Status      string       `json:"status" enum:"booked|cancelled|no_show"`
	Deposit     *DepositView `json:"deposit,omitempty" doc:"The deposit paid to hold it; absent when its service asked none. A cancel while canChange gives a paid one back."`
	Name        string       `json:"name" doc:"Whom it is for."`
	Contact     string       `json:"contact"`
	ChangeUntil string       `json:"changeUntil" doc:"The last moment the customer may cancel or move it, RFC 3339 with the salon's offset: the start less the salon's changeCutoffHours as the salon has it now."`
	CanChange   bool         `json:"canChange" doc:"Whether it is booked and changeUntil is still ahead."`
	Sequence    int          `json:"sequence" doc:"How many times it has changed since it was made: each cancel or move raises it. Its calendar event's SEQUENCE."`
}

// MyBookingOf is m as its customer sees it.
func MyBookingOf(m booking.Mine) MyBooking {
	out := MyBooking{
		Booking: m.ID, Salon: m.Salon, SalonName: m.Settings.Name, Phone: m.Settings.Phone,
		Slot: m.Slot, Label: m.Label, Ends: m.Ends.In(m.Zone).Format(time.RFC3339), Status: string(m.Status),
		Name: m.Name, Contact: m.Contact, ChangeUntil: m.ChangeUntil.In(m.Zone).Format(time.RFC3339),
		CanChange: m.CanChange, Sequence: m.Sequence, Deposit: DepositOf(m.Deposit), Services: []string{},
	}
	if m.Service != "" {
		stylist := m.Stylist
		out.Services = salon.VisitServices(m.Service)
		serviceName, stylistName := ServiceName(m.Settings, m.Service), StylistName(m.Settings, m.Stylist)
		out.Service, out.ServiceName, out.Stylist, out.StylistName = &out.Services[0], &serviceName, &stylist, &stylistName
	}
	return out
}

// ServiceName is the menu's name of the service id, or the id when the menu no longer has it.
func ServiceName(s salon.Settings, id string) string {
	if v, ok := s.Service(id); ok {
		return v.Name
	}
	return id
}

// StylistName is the team's name of the stylist id, or the id when the team no longer has them.
func StylistName(s salon.Settings, id string) string {
	if p, ok := s.Stylist(id); ok {
		return p.Name
	}
	return id
}

// MyMoveRequest is the body of both rounds of a move: round one sends Arguments alone, round two the
// same Arguments with InputResponses and RequestState exactly as round one returned it.
type MyMoveRequest struct {
	Arguments      MyMoveArguments `json:"arguments" doc:"The move; the same in both rounds."`
	InputResponses json.RawMessage `json:"inputResponses,omitempty" doc:"Round two: the customer's answers, keyed by the name of the request they answer."`
	RequestState   *string         `json:"requestState,omitempty" doc:"Round two: the requestState round one returned, byte for byte."`
}

// MyMoveArguments is what a customer moving their booking asks: their words, the slots they would
// move to, and at a menu salon the stylist to move to.
type MyMoveArguments struct {
	Message   string   `json:"message" maxLength:"1000" doc:"The customer's words."`
	OpenSlots []string `json:"openSlots" maxItems:"50" uniqueItems:"true" itemMinLength:"1" itemMaxLength:"64" doc:"The slots the customer would move to, in the app's order: the salon's slot ids."`
	Stylist   string   `json:"stylist,omitempty" minLength:"1" maxLength:"40" doc:"At a menu salon, the stylist to move to; absent keeps the booking's own. The booking's service is kept."`
}

// DecodeMyMove reads one round of a move of the booking bookingID at salon from body, with the
// booking route's decoder, so its bounds and its refusals are the route's. The booking's own
// customer and service are kept: a customer or service in the arguments is read for its bounds
// and otherwise ignored. The key is the transport's to fill in.
func DecodeMyMove(salonID, bookingID string, body []byte) (booking.MoveRequest, error) {
	r, err := DecodeBooking(salonID, body)
	if err != nil {
		return booking.MoveRequest{}, err
	}
	m := booking.MoveRequest{
		Salon: salonID, Booking: bookingID,
		Ask:            step.Request{Message: r.Booking.Message, OpenSlots: r.Booking.OpenSlots},
		InputResponses: r.InputResponses, RequestState: r.RequestState,
	}
	if r.Choice != nil {
		m.Stylist = r.Choice.Stylist
	}
	return m, nil
}

// ProdID is the PRODID of every calendar the service writes.
const ProdID = "-//Salon booking assistant//bookingd//EN"

// EventOf is m as its calendar event, stamped at stamp: its UID for its whole life, its sequence,
// its span in the salon's zone, "Cut at Studio Nine" (the service's name) or, at a simple salon,
// "Appointment at Studio Nine", and confirmed or cancelled.
func EventOf(m booking.Mine, stamp time.Time) ical.Event {
	l := booking.LangOf(m.Settings, m.Booking)
	status := ical.Confirmed
	if m.Status == salon.Cancelled {
		status = ical.Cancelled
	}
	end := m.Ends
	if !end.After(m.Start) {
		// A span the salon no longer knows (a simple salon's booking, after the salon took a
		// menu): an event must end after it starts, so it lasts a minute.
		end = m.Start.Add(time.Minute)
	}
	return ical.Event{
		UID: ical.UID(m.ID, m.Salon), Sequence: m.Sequence, Start: m.Start, End: end, Zone: m.Zone,
		Summary: booking.Summary(l, m.Settings, m.Booking), Status: status, Stamp: stamp,
		Description: l.EventDescription(m.ID, m.Settings.Name, m.Settings.Phone),
	}
}
