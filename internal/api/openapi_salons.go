// This file adds the salons' operations to the OpenAPI document: reading a salon, and the owner's operations behind the bearer scheme.

package api

import (
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

// addSalonPaths adds the salons' routes.
func addSalonPaths(doc *openapi3.T) {
	salon := pathParameter("salon", "The salon's id.", wire.MaxSalonChars)
	refusal := func(why string) *openapi3.ResponseRef { return jsonResponse(why, component("Refusal")) }
	noSalon := refusal("There is no such salon, or no calendar is configured.")
	unavailable := refusal("The calendar's database can't be reached.")
	unauthorized := refusal("The owner's token is missing or wrong; the reply carries WWW-Authenticate: Bearer.")
	owner := &openapi3.SecurityRequirements{{ownerScheme: []string{}}}
	salonView := jsonResponse("The salon, with the slots open now.", component("SalonView"))

	doc.Paths.Set("/salons", &openapi3.PathItem{Get: &openapi3.Operation{
		OperationID: "listSalons",
		Summary:     "Lists the registered salons; empty when no calendar is configured.",
		Responses: openapi3.NewResponses(
			openapi3.WithStatus(http.StatusOK, jsonResponse("The registered salons.", component("SalonList"))),
			openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
		),
	}})
	doc.Paths.Set("/salons/{salon}", &openapi3.PathItem{
		Get: &openapi3.Operation{
			OperationID: "getSalon",
			Summary:     "Reads a salon: its settings and the slots open now, earliest first.",
			Parameters:  openapi3.Parameters{{Value: salon}},
			Responses: openapi3.NewResponses(
				openapi3.WithStatus(http.StatusOK, salonView),
				openapi3.WithStatus(http.StatusBadRequest, refusal("The salon's id is outside its bounds.")),
				openapi3.WithStatus(http.StatusNotFound, noSalon),
				openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
			),
		},
		Put: &openapi3.Operation{
			OperationID: "putSalon",
			Summary:     "Creates the salon or replaces its settings; its bookings are kept.",
			Parameters:  openapi3.Parameters{{Value: salon}},
			Security:    owner,
			RequestBody: &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().
				WithRequired(true).WithJSONSchemaRef(component("SalonSettings"))},
			Responses: openapi3.NewResponses(
				openapi3.WithStatus(http.StatusOK, salonView),
				openapi3.WithStatus(http.StatusBadRequest, refusal("The settings were refused; the body names the field.")),
				openapi3.WithStatus(http.StatusUnauthorized, unauthorized),
				openapi3.WithStatus(http.StatusNotFound, refusal("No owner's token or no calendar is configured.")),
				openapi3.WithStatus(http.StatusRequestEntityTooLarge, refusal("The body is over the size limit.")),
				openapi3.WithStatus(http.StatusUnsupportedMediaType, refusal("The body is not labelled application/json.")),
				openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
			),
		},
	})
	window := func(name, what string) *openapi3.ParameterRef {
		p := openapi3.NewQueryParameter(name).WithSchema(openapi3.NewDateTimeSchema())
		p.Description = what + " RFC 3339; percent-encode + as %2B."
		return &openapi3.ParameterRef{Value: p}
	}
	// listing is an owner's list of what the salon holds in a window [from, to): the list is the
	// component named list, described as listed.
	listing := func(id, summary, listed, list string) *openapi3.PathItem {
		return &openapi3.PathItem{Get: &openapi3.Operation{
			OperationID: id,
			Summary:     summary,
			Parameters: openapi3.Parameters{{Value: salon},
				window("from", "The window's start; now when absent."),
				window("to", "The window's end; the end of the horizon's last local day when absent.")},
			Security: owner,
			Responses: openapi3.NewResponses(
				openapi3.WithStatus(http.StatusOK, jsonResponse(listed, component(list))),
				openapi3.WithStatus(http.StatusBadRequest, refusal("A query value is not a time.")),
				openapi3.WithStatus(http.StatusUnauthorized, unauthorized),
				openapi3.WithStatus(http.StatusNotFound, noSalon),
				openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
			),
		}}
	}
	doc.Paths.Set("/salons/{salon}/bookings", listing("listBookings",
		"Lists the salon's bookings whose slot starts in [from, to), earliest first.", "The bookings.", "BookingList"))
	doc.Paths.Set("/salons/{salon}/slots", listing("listSlots",
		"Lists the salon's slots ahead that start in [from, to), earliest first, each open, booked or closed.", "The slots.", "SlotList"))
	doc.Paths.Set("/salons/{salon}/bookings/{booking}/cancel", &openapi3.PathItem{Post: &openapi3.Operation{
		OperationID: "cancelBooking",
		Summary:     "Cancels a booking; its slot opens again if it is still ahead.",
		Parameters:  openapi3.Parameters{{Value: salon}, {Value: pathParameter("booking", "The booking's reference.", 0)}},
		Security:    owner,
		Responses: openapi3.NewResponses(
			openapi3.WithStatus(http.StatusOK, jsonResponse("The booking, cancelled.", component("BookingView"))),
			openapi3.WithStatus(http.StatusUnauthorized, unauthorized),
			openapi3.WithStatus(http.StatusNotFound, refusal("There is no such salon or booking.")),
			openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
		),
	}})
	for _, op := range []struct{ verb, summary string }{
		{"close", "Closes one slot, so it isn't offered (a day off, a break)."},
		{"open", "Opens a slot the owner closed."},
	} {
		responses := openapi3.NewResponses(
			openapi3.WithStatus(http.StatusOK, salonView),
			openapi3.WithStatus(http.StatusUnauthorized, unauthorized),
			openapi3.WithStatus(http.StatusNotFound, refusal("There is no such salon, or the slot is not one of its slots.")),
			openapi3.WithStatus(http.StatusServiceUnavailable, unavailable),
		)
		if op.verb == "close" {
			responses.Set("409", refusal("The slot is booked; cancel the booking first."))
		}
		doc.Paths.Set("/salons/{salon}/slots/{slot}/"+op.verb, &openapi3.PathItem{Post: &openapi3.Operation{
			OperationID: op.verb + "Slot",
			Summary:     op.summary,
			Parameters: openapi3.Parameters{{Value: salon},
				{Value: pathParameter("slot", "The slot's id, percent-encoded (+ as %2B).", wire.MaxSlotChars)}},
			Security:  owner,
			Responses: responses,
		}})
	}
}

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
func pathParameter(name, description string, maxChars int64) *openapi3.Parameter {
	schema := openapi3.NewStringSchema().WithMinLength(1)
	if maxChars > 0 {
		schema = schema.WithMaxLength(maxChars)
	}
	p := openapi3.NewPathParameter(name).WithSchema(schema)
	p.Description = description
	return p
}
