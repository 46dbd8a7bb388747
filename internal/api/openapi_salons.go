// This file holds the table of the booking and salon routes (reading a salon, and the owner's operations behind the bearer scheme) and the schemas they share.

package api

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/getkin/kin-openapi/openapi3"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/wire"
)

// ownerScheme names the owner's bearer token in the document's security schemes.
const ownerScheme = "ownerToken"

// manageScheme names a booking's manage key, the customer's bearer token, in the document's
// security schemes.
const manageScheme = "manageKey"

// hoursSchema is the schema of a salon's weekly hours: for each day, a list of [start, end] pairs in HH:MM.
func hoursSchema(description string) *openapi3.SchemaRef {
	clock := openapi3.NewStringSchema().WithPattern(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	pair := openapi3.NewArraySchema().WithItems(clock).WithMinItems(2).WithMaxItems(2)
	day := openapi3.NewArraySchema().WithItems(pair)
	hours := openapi3.NewObjectSchema().WithoutAdditionalProperties()
	hours.Description = description
	for _, d := range salon.DayKeys() {
		hours.WithProperty(d, day)
	}
	return hours.NewRef()
}

// The responses several routes share.
var (
	noSalon      = refused(http.StatusNotFound, "There is no such salon, or no calendar is configured.")
	unavailable  = refused(http.StatusServiceUnavailable, "The calendar's database can't be reached.")
	unauthorized = refused(http.StatusUnauthorized, "The owner's token is missing or wrong, or is another salon's key; the reply carries WWW-Authenticate: Bearer.")
	tooLarge     = refused(http.StatusRequestEntityTooLarge, "The body is over the size limit.")
	notJSON      = refused(http.StatusUnsupportedMediaType, "The body is not labelled application/json.")
	salonView    = success("The salon, with the slots open now.", "SalonView")
	noSlot       = refused(http.StatusNotFound, "There is no such salon, or the slot is not one of its slots.")
	badID        = refused(http.StatusBadRequest, "The salon's id or the path's other id holds a character no id may hold, or is outside its bounds.")
)

// The customer's routes' shared parameters and responses.
var (
	bookingParams = openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)}
	noBooking     = refused(http.StatusNotFound,
		"There is no such booking, or the manage key is missing or wrong: each answers \"there is no booking <id>\".")
	badSalon      = refused(http.StatusBadRequest, "The salon's id is outside its bounds.")
	mine          = success("The booking, as its customer sees it.", "MyBooking")
	refusedChange = refused(http.StatusConflict, "Changes have closed (changeUntil has passed: the body says whom to call), "+
		"or the booking is already cancelled.")
)

// The parameters several routes share.
var (
	salonParam = pathParameter("salon", "The salon's id.", wire.MaxSalonChars)
	slotParam  = pathParameter("slot", "The slot's id, percent-encoded (+ as %2B).", wire.MaxSlotChars)
	// windowParams are an owner's window [from, to) over what the salon holds.
	windowParams = openapi3.Parameters{salonParam,
		timeQuery("from", "The window's start; now when absent."),
		timeQuery("to", "The window's end; the end of the horizon's last local day when absent.")}
	// pageParams are a page of a list: its limit and where it goes on from.
	pageParams = openapi3.Parameters{
		intQuery("limit", fmt.Sprintf("The most rows the page holds: 1 to %d; %d when absent.", booking.MaxPageLimit, booking.DefaultPageLimit), 1, booking.MaxPageLimit),
		stringQuery("after", "The next of the page before, to read the page after it; the first page when absent. Opaque.", wire.MaxCursorChars),
	}
	badPage = refused(http.StatusBadRequest, "A query value is outside its bounds; the body names the parameter.")
)

// acceptLanguage is the header the rounds' words follow.
var acceptLanguage = &openapi3.ParameterRef{Value: openapi3.NewHeaderParameter("Accept-Language").
	WithDescription("The languages the customer reads, as browsers send them. The question and say are in its best match among en, de, fr and es, " +
		"else in the salon's language; a booking's mails and texts are in the language its round two was answered in. Refusal reasons are always English.").
	WithSchema(openapi3.NewStringSchema())}

// routes are the service's booking and salon routes: the document's operations and Echo's routes
// are both made from this table (addRoutes, serveRoutes).
var routes = []route{{
	method: http.MethodPost, path: "/salons/{salon}/book", id: "book",
	summary: "Asks for a time, or completes the booking with the customer's answer.",
	params:  openapi3.Parameters{pathParameter("salon", "The salon's name.", wire.MaxSalonChars), acceptLanguage},
	body:    &requestBody{schema: "BookRequest", description: fmt.Sprintf("The booking, and in round two the answers with their state. At most %d bytes.", wire.MaxBodyBytes)},
	replies: []response{
		success("A question to answer, or the completed booking.", "BookResult"),
		refused(http.StatusBadRequest, "The request was refused; the body names the reason."),
		refused(http.StatusNotFound, "With a calendar configured, the salon is not registered."),
		refused(http.StatusConflict, "The contact already holds as many upcoming bookings at this salon as it allows "+
			"(maxUpcomingPerContact); nothing is spent."),
		tooLarge, notJSON,
		refused(http.StatusServiceUnavailable, "The service can't complete bookings now."),
	},
	quota: true,
	serve: (*Service).book,
}, {
	method: http.MethodPost, path: "/salons/{salon}/book/outcome", id: "bookOutcome",
	summary: "Tells again what a round two did, for a client whose reply was lost: send round two's body exactly.",
	params:  openapi3.Parameters{salonParam, acceptLanguage},
	body:    &requestBody{schema: "BookRequest", description: "Round two's body, exactly as it was sent."},
	replies: []response{
		success("The same complete result round two gave, manage key included.", "CompleteResult"),
		refused(http.StatusBadRequest, "The body was refused; the body names the reason."),
		refused(http.StatusNotFound, "There is no outcome for this request: its state was not spent by it, or its life has ended."),
		tooLarge, notJSON, unavailable,
	},
	serve: (*Service).outcome,
}, {
	method: http.MethodGet, path: "/salons/{salon}/my/{booking}", id: "myBooking",
	summary: "Reads a booking for the holder of its manage key.",
	params:  bookingParams,
	replies: []response{mine, badSalon, noBooking, unavailable},
	manage:  true,
	serve:   (*Service).myBooking,
}, {
	method: http.MethodPost, path: "/salons/{salon}/my/{booking}/cancel", id: "cancelMyBooking",
	summary: "Cancels a booking for the holder of its manage key, until changeUntil; its span opens again.",
	params:  bookingParams,
	replies: []response{success("The booking, cancelled.", "MyBooking"), badSalon, noBooking, refusedChange, unavailable},
	manage:  true,
	serve:   (*Service).cancelMine,
}, {
	method: http.MethodPost, path: "/salons/{salon}/my/{booking}/move", id: "moveMyBooking",
	summary: "Moves a booking for the holder of its manage key, in the booking route's two rounds, until changeUntil.",
	params:  append(slices.Clone(bookingParams), acceptLanguage),
	body:    &requestBody{schema: "MyMoveRequest", description: fmt.Sprintf("The move, and in round two the answers with their state. At most %d bytes.", wire.MaxBodyBytes)},
	replies: []response{
		success("A question to answer, or the completed move: booked at the new time, or not_booked and where it stays.", "BookResult"),
		refused(http.StatusBadRequest, "The request was refused; the body names the reason."),
		noBooking, refused(http.StatusConflict, "Changes have closed (changeUntil has passed: the body says whom to call), "+
			fmt.Sprintf("the booking is already cancelled, or its customer has moved it %d times already.", booking.MaxCustomerMoves)), tooLarge, notJSON, unavailable,
	},
	manage: true,
	serve:  (*Service).moveMine,
}, {
	method: http.MethodGet, path: "/salons/{salon}/my/{booking}/calendar.ics", id: "myBookingCalendar",
	summary: "The booking as an RFC 5545 calendar of one event, for the holder of its manage key.",
	params:  bookingParams,
	replies: []response{textReply("One VEVENT (UID <booking>@<salon>, SEQUENCE, DTSTART and DTEND in the salon's zone with its "+
		"VTIMEZONE, STATUS CONFIRMED or CANCELLED).", calendarMedia), badSalon, noBooking, unavailable},
	manage: true,
	serve:  (*Service).myCalendar,
}, {
	method: http.MethodGet, path: "/salons", id: "listSalons",
	summary: "Lists a page of the registered salons, ordered by id; empty when no calendar is configured.",
	params:  pageParams,
	replies: []response{success("A page of the registered salons.", "SalonList"), badPage, unavailable},
	serve:   (*Service).listSalons,
}, {
	method: http.MethodGet, path: "/salons/{salon}", id: "getSalon",
	summary: "Reads a salon: its settings and the slots open now, earliest first.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{salonView, refused(http.StatusBadRequest, "The salon's id is outside its bounds."), noSalon, unavailable},
	serve:   (*Service).readSalon,
}, {
	method: http.MethodGet, path: "/salons/{salon}/qr.svg", id: "salonQR",
	summary: "A QR code of the salon's booking page (/book/{salon} at the service's public address, or at the host and scheme the request came to), as SVG, for the front desk and social profiles.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{textReply("The QR code, black on white with its quiet zone, 8 px a module.", "image/svg+xml"),
		refused(http.StatusBadRequest, "The salon's id is outside its bounds."), noSalon, unavailable},
	serve: (*Service).salonQR,
}, {
	method: http.MethodGet, path: "/salons/{salon}/availability", id: "getAvailability",
	summary: "Lists a menu salon's open starts for one service, with one stylist or anyone, earliest first.",
	params: openapi3.Parameters{salonParam,
		stringQuery("service", "The service's id; may be left out at a salon with one service.", 0),
		stringQuery("services", "A visit of several services, their ids in the order they are done, joined by commas (cut,colour): the starts where the whole visit fits. In place of service.", 0),
		stringQuery("stylist", "The stylist's id; anyone who does the service when absent.", 0),
		timeQuery("from", "No start before it is listed, and days counts the salon's local dates from its date; now when absent."),
		intQuery("days", fmt.Sprintf("How many of the salon's local dates the window holds: 1 to %d; the rest of the horizon when absent.", salon.MaxHorizonDays), 1, salon.MaxHorizonDays),
	},
	replies: []response{success("The open starts.", "Availability"),
		refused(http.StatusBadRequest, "The service or stylist can't be booked, the salon has no menu, or a query value is outside its bounds; the body says which."),
		noSalon, unavailable},
	serve: (*Service).readAvailability,
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
	summary: "Lists a page of the salon's bookings whose slot starts in [from, to), earliest first.",
	params:  append(slices.Clone(windowParams), pageParams...),
	replies: []response{success("A page of the bookings.", "BookingList"),
		refused(http.StatusBadRequest, "A query value is not a time, or is outside its bounds; the body names the parameter."), unauthorized, noSalon, unavailable},
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
	summary: "Cancels a booking; its slot opens again if it is still ahead, and a paid deposit is given back unless the body says {\"refund\":false}.",
	params:  openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)},
	body:    &requestBody{schema: "CancelRequest", optional: true},
	replies: []response{success("The booking, cancelled.", "BookingView"), badID,
		unauthorized, refused(http.StatusNotFound, "There is no such salon or booking."),
		refused(http.StatusConflict, "The booking's time is held while its deposit is paid."), tooLarge, notJSON, unavailable},
	owner: true,
	serve: (*Service).cancelBooking,
}, {
	method: http.MethodPost, path: "/salons/{salon}/bookings/{booking}/no-show", id: "markNoShow",
	summary: "Marks a booking that has started as a no-show: its customer didn't come, and a paid deposit is kept.",
	params:  openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)},
	replies: []response{success("The booking, marked.", "BookingView"), badID,
		unauthorized, refused(http.StatusNotFound, "There is no such salon or booking."),
		refused(http.StatusConflict, "The booking hasn't started, is cancelled, or is held for its deposit; the body says which."), unavailable},
	owner: true,
	serve: (*Service).markNoShow,
}, {
	method: http.MethodPost, path: "/salons/{salon}/bookings/{booking}/move", id: "moveBooking",
	summary: "Moves a live booking to another start, and maybe another stylist, in one transaction; it keeps its id.",
	params:  openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)},
	body:    &requestBody{schema: "MoveRequest"},
	replies: []response{success("The booking, moved.", "BookingView"),
		refused(http.StatusBadRequest, "The body was refused, or the stylist can't do the booking's service; the body says which."),
		unauthorized,
		refused(http.StatusNotFound, "There is no such salon or booking, or the start is not one of the salon's times ahead."),
		refused(http.StatusConflict, "The booking is cancelled, or the new start is taken or closed; the body says which."),
		tooLarge, notJSON, unavailable},
	owner: true,
	serve: (*Service).moveBooking,
}, {
	method: http.MethodPost, path: "/salons/{salon}/slots/{slot}/close", id: "closeSlot",
	summary: "Closes one slot, so it isn't offered (a day off, a break). A menu salon closes time with closures in its settings instead.",
	params:  openapi3.Parameters{salonParam, slotParam},
	replies: []response{salonView, badID, unauthorized, noSlot,
		refused(http.StatusConflict, "The slot is booked (cancel the booking first), or the salon has a menu."), unavailable},
	owner: true,
	serve: (*Service).closeSlot,
}, {
	method: http.MethodPost, path: "/salons/{salon}/slots/{slot}/open", id: "openSlot",
	summary: "Opens a slot the owner closed. A menu salon closes time with closures in its settings instead.",
	params:  openapi3.Parameters{salonParam, slotParam},
	replies: []response{salonView, badID, unauthorized, noSlot,
		refused(http.StatusConflict, "The salon has a menu."), unavailable},
	owner: true,
	serve: (*Service).openSlot,
}, {
	method: http.MethodPut, path: "/salons/{salon}/webhooks/{id}", id: "putWebhook",
	summary: "Registers a webhook of the salon's booking events, or changes its URL and events; the secret is shown only when it is created.",
	params:  openapi3.Parameters{salonParam, pathParameter("id", "The webhook's id: 1 to 64 of a-z, A-Z, 0-9, - and _.", booking.MaxWebhookIDChars)},
	body:    &requestBody{schema: "WebhookPut"},
	replies: []response{success("The webhook; with its secret when this put created it.", "WebhookView"),
		refused(http.StatusBadRequest, "The URL breaks the address rule, the events name no event type, or the id is outside its bounds."),
		refused(http.StatusConflict, "The salon has 20 webhooks already: a salon has at most 20."),
		unauthorized, noSalon, tooLarge, notJSON, unavailable},
	owner: true,
	serve: (*Service).putWebhook,
}, {
	method: http.MethodGet, path: "/salons/{salon}/webhooks", id: "listWebhooks",
	summary: "Lists the salon's webhooks, without their secrets, with their last delivery and their failures.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{success("The webhooks, by id.", "WebhookList"), badID, unauthorized, noSalon, unavailable},
	owner:   true,
	serve:   (*Service).listWebhooks,
}, {
	method: http.MethodGet, path: "/salons/{salon}/messages/dropped", id: "listDroppedMessages",
	summary: "Lists the mails to customers that were not sent because their contact had 10 from the salon in 24 hours already, the newest first.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{success("The dropped messages, naming their bookings.", "DroppedList"), badID, unauthorized, noSalon, unavailable},
	owner:   true,
	serve:   (*Service).listDropped,
}, {
	method: http.MethodDelete, path: "/salons/{salon}/webhooks/{id}", id: "deleteWebhook",
	summary: "Deletes a webhook, with its deliveries still to go.",
	params:  openapi3.Parameters{salonParam, pathParameter("id", "The webhook's id.", 0)},
	replies: []response{noContent("The webhook is deleted."), badID, unauthorized,
		refused(http.StatusNotFound, "There is no such salon or webhook."), unavailable},
	owner: true,
	serve: (*Service).deleteWebhook,
}, {
	method: http.MethodPost, path: "/salons/{salon}/feed", id: "newFeed",
	summary: "Makes a new address for the salon's calendar feed; the one before stops answering at once.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{success("The feed's address.", "FeedView"), badID, unauthorized, noSalon, unavailable},
	owner:   true,
	serve:   (*Service).newFeed,
}, {
	method: http.MethodGet, path: "/salons/{salon}/calendar.ics", id: "feed",
	summary: "The salon's calendar feed (RFC 5545): every booking from 30 days ago to the horizon's end, one event each, named by the customer.",
	params: openapi3.Parameters{salonParam, &openapi3.ParameterRef{Value: openapi3.NewQueryParameter("key").
		WithRequired(true).WithSchema(openapi3.NewStringSchema()).WithDescription("The feed's key, as its address gave it.")}},
	replies: []response{textReply("The calendar.", "text/calendar"), badID,
		refused(http.StatusNotFound, "The key is not the salon's current feed key, or there is no such salon or feed."), unavailable},
	serve: (*Service).feed,
}, {
	method: http.MethodPost, path: "/salons/{salon}/keys", id: "createKey",
	summary: "Makes a key for this salon alone, good on its owner routes but not on its keys; the key is in this reply alone, and only its hash is kept. The operator's token only.",
	params:  openapi3.Parameters{salonParam},
	body:    &requestBody{schema: "KeyRequest"},
	replies: []response{success("The key, shown this once.", "KeyMade"),
		refused(http.StatusBadRequest, "The name is empty, too long, or holds a character no name may hold."),
		operatorOnly, noSalon, tooLarge, notJSON, unavailable},
	owner: true, operator: true,
	serve: (*Service).createKey,
}, {
	method: http.MethodGet, path: "/salons/{salon}/keys", id: "listKeys",
	summary: "Lists this salon's live keys, oldest first, without the keys themselves. The operator's token only.",
	params:  openapi3.Parameters{salonParam},
	replies: []response{success("The keys.", "KeyList"), operatorOnly, noSalon, unavailable},
	owner:   true, operator: true,
	serve: (*Service).listKeys,
}, {
	method: http.MethodDelete, path: "/salons/{salon}/keys/{id}", id: "revokeKey",
	summary: "Revokes one of this salon's keys: from this reply on, every instance refuses it. The operator's token only.",
	params:  openapi3.Parameters{salonParam, pathParameter("id", "The key's id.", 0)},
	replies: []response{{status: http.StatusNoContent, description: "Revoked."}, badID, operatorOnly,
		refused(http.StatusNotFound, "There is no such salon, or it holds no such live key."), unavailable},
	owner: true, operator: true,
	serve: (*Service).revokeKey,
}, {
	method: http.MethodGet, path: "/salons/{salon}/audit", id: "readAudit",
	summary: "Reads the salon's audit: every owner action, newest first, a page at a time. An entry never holds a customer's name, contact or words.",
	params: openapi3.Parameters{salonParam,
		intQuery("limit", "How many entries a page holds at most; 200 when absent.", 1, 1000),
		textQuery("after", "The next of the page before, to read the entries older than it.", false)},
	replies: []response{success("A page of entries.", "AuditList"),
		refused(http.StatusBadRequest, "The limit or the cursor is not one this list reads."), unauthorized, noSalon, unavailable},
	owner: true,
	serve: (*Service).readAudit,
}, {
	method: http.MethodPost, path: "/salons/{salon}/customers/erase", id: "eraseCustomer",
	summary: "Erases the name, contact and words of every booking with this contact, leaving each empty; the bookings stay, so the calendar holds.",
	params:  openapi3.Parameters{salonParam},
	body:    &requestBody{schema: "ContactRequest"},
	replies: []response{success("How many bookings were erased.", "Erased"),
		refused(http.StatusBadRequest, "The contact is empty, too long, or holds a character no contact may hold."),
		unauthorized, noSalon, tooLarge, notJSON, unavailable},
	owner: true,
	serve: (*Service).eraseCustomer,
}, {
	method: http.MethodGet, path: "/salons/{salon}/customers/export", id: "exportCustomer",
	summary: "Lists every booking with this contact, past and upcoming, live and cancelled, earliest first, as the owner's list shows them.",
	params: openapi3.Parameters{salonParam, textQuery("contact",
		"The customer's contact: an e-mail address, compared case-insensitively, or a phone number, compared by its digits. Percent-encode + as %2B.", true)},
	replies: []response{success("The customer's bookings.", "BookingList"),
		refused(http.StatusBadRequest, "The contact is missing, too long, or holds a character no contact may hold."),
		unauthorized, noSalon, unavailable},
	owner: true,
	serve: (*Service).exportCustomer,
}, {
	method: http.MethodPost, path: "/salons/{salon}/my/{booking}/erase", id: "eraseMyBooking",
	summary: "Erases the customer's own booking's name, contact and words, with its manage key as Authorization: Bearer <key>; the booking stays.",
	params:  openapi3.Parameters{salonParam, pathParameter("booking", "The booking's reference.", 0)},
	replies: []response{success("1 when the details were erased, 0 when they were erased already.", "Erased"), badID,
		refused(http.StatusNotFound, "There is no such booking, or the key is missing or not its key: the two answer the same."), unavailable},
	manage: true,
	serve:  (*Service).eraseMine,
}, {
	method: http.MethodPost, path: "/sms/twilio/status", id: "textStatus",
	summary: "Takes Twilio's status callbacks of the texts it sent, each signed with the account's auth token (X-Twilio-Signature). Exists only when texts are configured.",
	params: openapi3.Parameters{&openapi3.ParameterRef{Value: openapi3.NewHeaderParameter("X-Twilio-Signature").
		WithDescription("Twilio's signature: the HMAC-SHA1, in base64, of this address and the form's parameters in order of name.").WithRequired(true).
		WithSchema(openapi3.NewStringSchema())}},
	body: &requestBody{schema: "TextStatus", description: "The callback as Twilio sends it.", form: true},
	replies: []response{success("The status is verified and taken.", "Received"),
		refused(http.StatusBadRequest, "The signature doesn't verify, or the body is no callback; nothing changes."),
		refused(http.StatusNotFound, "Texts are not configured on this server."), tooLarge},
	serve: (*Service).textStatus,
}, {
	method: http.MethodPost, path: "/payments/stripe", id: "stripeEvent",
	summary: "Takes Stripe's events about deposits, each signed with the endpoint's secret (Stripe-Signature, five minutes' tolerance). Exists only when payments are configured.",
	params: openapi3.Parameters{&openapi3.ParameterRef{Value: openapi3.NewHeaderParameter("Stripe-Signature").
		WithDescription("Stripe's signature of the body: t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>.").WithRequired(true).
		WithSchema(openapi3.NewStringSchema())}},
	body: &requestBody{schema: "StripeEvent", description: "The event as Stripe sends it."},
	replies: []response{success("The event is verified and taken.", "Received"),
		refused(http.StatusBadRequest, "The signature doesn't verify (forged, more than five minutes off, or the body changed), or the body is no event; nothing changes."),
		refused(http.StatusNotFound, "Payments are not configured on this server."), tooLarge, notJSON},
	serve: (*Service).stripeEvent,
}}

// operatorOnly is the 401 of the routes a salon's key can't use.
var operatorOnly = refused(http.StatusUnauthorized,
	"The operator's token is missing or wrong; a salon's key is refused here too. The reply carries WWW-Authenticate: Bearer.")

// textQuery is a string query parameter of at least one character, required or not.
func textQuery(name, description string, required bool) *openapi3.ParameterRef {
	p := openapi3.NewQueryParameter(name).WithSchema(openapi3.NewStringSchema().WithMinLength(1))
	p.Description, p.Required = description, required
	return &openapi3.ParameterRef{Value: p}
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

// intQuery is an optional query parameter holding a whole number from least to most.
func intQuery(name, description string, least, most int) *openapi3.ParameterRef {
	p := openapi3.NewQueryParameter(name).WithSchema(openapi3.NewIntegerSchema().WithMin(float64(least)).WithMax(float64(most)))
	p.Description = description
	return &openapi3.ParameterRef{Value: p}
}

// stringQuery is an optional string query parameter; maxChars 0 leaves its length unbounded.
func stringQuery(name, description string, maxChars int64) *openapi3.ParameterRef {
	schema := openapi3.NewStringSchema()
	if maxChars > 0 {
		schema = schema.WithMaxLength(maxChars)
	}
	p := openapi3.NewQueryParameter(name).WithSchema(schema)
	p.Description = description
	return &openapi3.ParameterRef{Value: p}
}
