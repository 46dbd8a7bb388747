// This file holds the table of the booking and salon routes (reading a salon, and the owner's operations behind the bearer scheme) and the schemas they share.

package api

import (
	"fmt"
	"net/http"
	"salon/internal/wire"

	"github.com/getkin/kin-openapi/openapi3"
)

// ownerScheme names the owner's bearer token in the document's security schemes.
const ownerScheme = "ownerToken"

// days are the keys of a salon's weekly hours, in the week's order.
var days = []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}

// hoursSchema is the schema of a salon's weekly hours: for each day, a list of [start, end] pairs in HH:MM.
func hoursSchema(description string) *openapi3.SchemaRef {
	clock := openapi3.NewStringSchema().WithPattern(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	pair := openapi3.NewArraySchema().WithItems(clock).WithMinItems(2).WithMaxItems(2)
	day := openapi3.NewArraySchema().WithItems(pair)
	hours := openapi3.NewObjectSchema().WithoutAdditionalProperties()
	hours.Description = description
	for _, d := range days {
		hours.WithProperty(d, day)
	}
	return hours.NewRef()
}

// The responses several routes share.
var (
	noSalon      = refused(http.StatusNotFound, "There is no such salon, or no calendar is configured.")
	unavailable  = refused(http.StatusServiceUnavailable, "The calendar's database can't be reached.")
	unauthorized = refused(http.StatusUnauthorized, "The owner's token is missing or wrong; the reply carries WWW-Authenticate: Bearer.")
	tooLarge     = refused(http.StatusRequestEntityTooLarge, "The body is over the size limit.")
	notJSON      = refused(http.StatusUnsupportedMediaType, "The body is not labelled application/json.")
	salonView    = success("The salon, with the slots open now.", "SalonView")
	noSlot       = refused(http.StatusNotFound, "There is no such salon, or the slot is not one of its slots.")
	badID        = refused(http.StatusBadRequest, "The salon's id or the path's other id holds a character no id may hold, or is outside its bounds.")
)

// The parameters several routes share.
var (
	salonParam = pathParameter("salon", "The salon's id.", wire.MaxSalonChars)
	slotParam  = pathParameter("slot", "The slot's id, percent-encoded (+ as %2B).", wire.MaxSlotChars)
	// windowParams are an owner's window [from, to) over what the salon holds.
	windowParams = openapi3.Parameters{salonParam,
		timeQuery("from", "The window's start; now when absent."),
		timeQuery("to", "The window's end; the end of the horizon's last local day when absent.")}
)

// routes are the service's booking and salon routes: the document's operations and Echo's routes
// are both made from this table (addRoutes, serveRoutes).
var routes = []route{{
	method: http.MethodPost, path: "/salons/{salon}/book", id: "book",
	summary: "Asks for a time, or completes the booking with the customer's answer.",
	params:  openapi3.Parameters{pathParameter("salon", "The salon's name.", wire.MaxSalonChars)},
	body:    &requestBody{schema: "BookRequest", description: fmt.Sprintf("The booking, and in round two the answers with their state. At most %d bytes.", wire.MaxBodyBytes)},
	replies: []response{
		success("A question to answer, or the completed booking.", "BookResult"),
		refused(http.StatusBadRequest, "The request was refused; the body names the reason."),
		refused(http.StatusNotFound, "With a calendar configured, the salon is not registered."),
		tooLarge, notJSON,
		refused(http.StatusServiceUnavailable, "The service can't complete bookings now."),
	},
	quota: true,
	serve: (*Service).book,
}, {
	method: http.MethodGet, path: "/salons", id: "listSalons",
	summary: "Lists the registered salons; empty when no calendar is configured.",
	replies: []response{success("The registered salons.", "SalonList"), unavailable},
	serve:   (*Service).listSalons,
}, {
	method: http.MethodGet, path: "/salons/{salon}", id: "getSalon",
	summary: "Reads a salon: its settings and the slots open now, earliest first.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{salonView, refused(http.StatusBadRequest, "The salon's id is outside its bounds."), noSalon, unavailable},
	serve:   (*Service).readSalon,
}, {
	method: http.MethodPut, path: "/salons/{salon}", id: "putSalon",
	summary: "Creates the salon or replaces its settings; its bookings are kept.",
	params:  openapi3.Parameters{salonParam},
	body:    &requestBody{schema: "SalonSettings"},
	replies: []response{salonView,
		refused(http.StatusBadRequest, "The settings were refused; the body names the field."),
		unauthorized,
		refused(http.StatusNotFound, "No owner's token or no calendar is configured."),
		tooLarge, notJSON, unavailable},
	owner: true,
	serve: (*Service).putSalon,
}, {
	method: http.MethodGet, path: "/salons/{salon}/bookings", id: "listBookings",
	summary: "Lists the salon's bookings whose slot starts in [from, to), earliest first.",
	params:  windowParams,
	replies: []response{success("The bookings.", "BookingList"),
		refused(http.StatusBadRequest, "A query value is not a time."), unauthorized, noSalon, unavailable},
	owner: true,
	serve: (*Service).listBookings,
}, {
	method: http.MethodGet, path: "/salons/{salon}/slots", id: "listSlots",
	summary: "Lists the salon's slots ahead that start in [from, to), earliest first, each open, booked or closed.",
	params:  windowParams,
	replies: []response{success("The slots.", "SlotList"),
		refused(http.StatusBadRequest, "A query value is not a time."), unauthorized, noSalon, unavailable},
	owner: true,
	serve: (*Service).listSlots,
}, {
	method: http.MethodPost, path: "/salons/{salon}/bookings/{booking}/cancel", id: "cancelBooking",
	summary: "Cancels a booking; its slot opens again if it is still ahead.",
	params:  openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)},
	replies: []response{success("The booking, cancelled.", "BookingView"), badID,
		unauthorized, refused(http.StatusNotFound, "There is no such salon or booking."), unavailable},
	owner: true,
	serve: (*Service).cancelBooking,
}, {
	method: http.MethodPost, path: "/salons/{salon}/slots/{slot}/close", id: "closeSlot",
	summary: "Closes one slot, so it isn't offered (a day off, a break).",
	params:  openapi3.Parameters{salonParam, slotParam},
	replies: []response{salonView, badID, unauthorized, noSlot,
		refused(http.StatusConflict, "The slot is booked; cancel the booking first."), unavailable},
	owner: true,
	serve: (*Service).closeSlot,
}, {
	method: http.MethodPost, path: "/salons/{salon}/slots/{slot}/open", id: "openSlot",
	summary: "Opens a slot the owner closed.",
	params:  openapi3.Parameters{salonParam, slotParam},
	replies: []response{salonView, badID, unauthorized, noSlot, unavailable},
	owner:   true,
	serve:   (*Service).openSlot,
}}

// markPublic declares every operation without security of its own public (security: []), so the
// document says of each operation whether it needs the owner's token.
func markPublic(doc *openapi3.T) {
	public := &openapi3.SecurityRequirements{}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.Security == nil {
				op.Security = public
			}
		}
	}
}

// pathParameter is a required string path parameter; maxChars 0 leaves its length unbounded.
func pathParameter(name, description string, maxChars int64) *openapi3.ParameterRef {
	schema := openapi3.NewStringSchema().WithMinLength(1)
	if maxChars > 0 {
		schema = schema.WithMaxLength(maxChars)
	}
	p := openapi3.NewPathParameter(name).WithSchema(schema)
	p.Description = description
	return &openapi3.ParameterRef{Value: p}
}

// timeQuery is an optional query parameter holding an RFC 3339 time.
func timeQuery(name, description string) *openapi3.ParameterRef {
	p := openapi3.NewQueryParameter(name).WithSchema(openapi3.NewDateTimeSchema())
	p.Description = description + " RFC 3339; percent-encode + as %2B."
	return &openapi3.ParameterRef{Value: p}
}
