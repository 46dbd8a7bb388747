// This file holds the booking's wire types: what crosses every transport, and so what the OpenAPI document describes.

package wire

import "encoding/json"

// Bounds of a booking request. The decoder enforces them and the OpenAPI document states them.
const (
	MaxBodyBytes    = 64 << 10
	MaxSalonChars   = 64
	MaxMessageChars = 1000
	MaxOpenSlots    = 50
	MaxSlotChars    = 64
	// A customer's name and contact, in characters.
	MaxCustomerNameChars = 100
	MaxContactChars      = 200
	// MaxIDChars is the longest id of a service or a stylist, in characters.
	MaxIDChars = 40
)

// The values of resultType and of structuredContent.status.
const (
	ResultInputRequired = "input_required"
	ResultComplete      = "complete"
	StatusBooked        = "booked"
	StatusNotBooked     = "not_booked"
)

// BookRequest is the body of both rounds. Round one sends Arguments alone; round two sends the same
// Arguments with InputResponses and RequestState exactly as round one returned it.
type BookRequest struct {
	Arguments      BookArguments   `json:"arguments" doc:"The app's booking; the same in both rounds."`
	InputResponses json.RawMessage `json:"inputResponses,omitempty" doc:"Round two: the customer's answers, keyed by the name of the request they answer."`
	RequestState   *string         `json:"requestState,omitempty" doc:"Round two: the requestState round one returned, byte for byte."`
}

// BookArguments is the app's booking: the customer's words and the slots still open, in the app's order.
type BookArguments struct {
	Message   string    `json:"message" maxLength:"1000" doc:"The customer's words."`
	OpenSlots []string  `json:"openSlots" maxItems:"50" uniqueItems:"true" itemMinLength:"1" itemMaxLength:"64" doc:"The slots still open, in the app's order. Opaque to the server."`
	Customer  *Customer `json:"customer,omitempty" doc:"Whom the booking is for. Required at a salon with a calendar; the request state is bound to it."`
	Service   string    `json:"service,omitempty" minLength:"1" maxLength:"40" doc:"The service, at a salon with a menu: required where the menu has more than one; the request state is bound to it. Give service or services, not both."`
	Services  []string  `json:"services,omitempty" minItems:"1" maxItems:"5" uniqueItems:"true" itemMinLength:"1" itemMaxLength:"40" doc:"A visit of several services booked as one, in the order they are done: one stylist does them back to back, each starting as the one before ends its processing. In place of service; the request state is bound to the list."`
	Stylist   string    `json:"stylist,omitempty" minLength:"1" maxLength:"40" doc:"The stylist, at a salon with a menu; absent for anyone. The request state is bound to it."`
}

// Customer is whom a booking is for, as the customer wrote it.
type Customer struct {
	Name    string `json:"name" minLength:"1" maxLength:"100" doc:"The customer's name."`
	Contact string `json:"contact" minLength:"1" maxLength:"200" doc:"A phone number or an e-mail address, as the customer writes it."`
}

// InputRequiredResult is round one's answer when there is something to choose: a question and the state to send back with its answer.
type InputRequiredResult struct {
	ResultType    string        `json:"resultType" enum:"input_required"`
	InputRequests InputRequests `json:"inputRequests"`
	RequestState  string        `json:"requestState" doc:"Opaque to the client: send it back unchanged with the answers."`
}

// PaymentRequiredResult is round two's answer at a service with a deposit, and round three's while
// it is unpaid: the time is held, and the customer pays on Stripe's page before round three books it.
type PaymentRequiredResult struct {
	ResultType    string          `json:"resultType" enum:"input_required"`
	InputRequests PaymentRequests `json:"inputRequests"`
	RequestState  string          `json:"requestState" doc:"Opaque to the client: send it back unchanged, with the payment's answer, once the customer is back from paying."`
}

// PaymentRequests is the one request of a held booking: to pay its deposit.
type PaymentRequests struct {
	Payment URLElicitationRequest `json:"payment"`
}

// URLElicitationRequest is an MCP elicitation/create request in URL mode: the client sends the
// customer to the URL, and answers accept once they are back.
type URLElicitationRequest struct {
	Method string         `json:"method" enum:"elicitation/create"`
	Params URLElicitation `json:"params"`
}

// URLElicitation is the page the customer is sent to, and why.
type URLElicitation struct {
	Mode          string `json:"mode" enum:"url"`
	Message       string `json:"message" doc:"What to tell the customer: the deposit, the time held and until when."`
	URL           string `json:"url" doc:"Stripe's Checkout page, where the customer pays the deposit."`
	ElicitationID string `json:"elicitationId" doc:"The held booking's reference."`
}

// InputRequests are the questions the customer must answer before the booking completes.
type InputRequests struct {
	Time ElicitationRequest `json:"time"`
}

// ElicitationRequest is an MCP elicitation/create request in form mode.
type ElicitationRequest struct {
	Method string            `json:"method" enum:"elicitation/create"`
	Params ElicitationParams `json:"params"`
}

// ElicitationParams is the form the client shows the customer.
type ElicitationParams struct {
	Mode            string     `json:"mode" enum:"form"`
	Message         string     `json:"message"`
	RequestedSchema TimeSchema `json:"requestedSchema"`
}

// TimeSchema is the JSON schema of the answer: an object whose one required field, time, is one of the offered times.
type TimeSchema struct {
	Type       string         `json:"type" enum:"object"`
	Properties TimeProperties `json:"properties"`
	Required   []string       `json:"required"`
}

// TimeProperties holds the schema of the one field asked for.
type TimeProperties struct {
	Time TimeChoice `json:"time"`
}

// TimeChoice is a string schema whose enum lists the offered times, in the order offered.
type TimeChoice struct {
	Type string   `json:"type" enum:"string"`
	Enum []string `json:"enum" minItems:"1"`
}

// CompleteResult is the answer that ends the request.
type CompleteResult struct {
	ResultType        string     `json:"resultType" enum:"complete"`
	StructuredContent Completion `json:"structuredContent"`
}

// Completion is what the request came to. Slot is set exactly when Status is booked.
type Completion struct {
	Status string `json:"status" enum:"booked|not_booked"`
	Slot   string `json:"slot,omitempty" doc:"The booked slot; present only when status is booked."`
	Say    string `json:"say" doc:"What to tell the customer. Shown, never parsed."`
	// Booking is the calendar's reference; present only when a salon's calendar recorded the booking.
	Booking string `json:"booking,omitempty" doc:"The booking's reference at a salon with a calendar; present only when status is booked there."`
	Service string `json:"service,omitempty" doc:"The service booked, at a menu salon (at a visit of several, the first); present only when status is booked there."`
	// Services are the services booked, in order: one, or a visit's several.
	Services []string `json:"services,omitempty" doc:"The services booked, in the order they are done: one, or the visit's; present only with service."`
	Stylist  string   `json:"stylist,omitempty" doc:"The stylist booked, at a menu salon; present only when status is booked there."`
	Manage   string   `json:"manage,omitempty" doc:"The key the customer sees, cancels and moves the booking with, at a salon with a calendar: keep it; it is shown only here. Present only when status is booked there."`
	Deposit  int64    `json:"deposit,omitempty" doc:"The deposit paid to hold the booking, in the minor unit of the salon's currency; present only when its service asked one."`
}

// Answer is one entry of inputResponses: MCP's elicitation result.
type Answer struct {
	Action  string         `json:"action" enum:"accept|decline|cancel"`
	Content map[string]any `json:"content,omitempty"`
}
