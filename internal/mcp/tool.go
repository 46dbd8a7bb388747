// This file holds the book tool's definition (input and output schemas with the route's bounds, annotations) and the client capability round one needs.

package mcp

import (
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/wire"
)

// BookInput is the book tool's arguments: the salon, the booking route's arguments (the wire's own
// type, so the route's bounds are the tool's), and the two arguments that bring round two back in
// the conversation. The tool's input schema is derived from it.
type BookInput struct {
	Salon string `json:"salon" minLength:"1" maxLength:"64" doc:"The salon's name, as it appears in its booking link."`
	wire.BookArguments
	Answer       *ConversationAnswer `json:"answer,omitempty"`
	RequestState string              `json:"requestState,omitempty" minLength:"1"`
}

// ConversationAnswer is the customer's answer as a client that asked them in the conversation
// sends it back: what a form would have returned.
type ConversationAnswer struct {
	Action  string `json:"action" enum:"accept|decline"`
	Content *struct {
		Time string `json:"time" minLength:"1" maxLength:"64" doc:"The time chosen, exactly as offered."`
	} `json:"content,omitempty" doc:"With accept: the time chosen."`
}

// bookDescriptions are what the tool's schema tells a client's model of each argument, beside the
// wire's words, where the tool says more.
var bookDescriptions = map[string]string{
	"message": "The customer's words, such as \"A cut on Saturday morning?\".",
	"openSlots": "The slots still open, in the app's order. At a salon with a calendar, the slot ids its resource salon://{salon} lists; " +
		"elsewhere, opaque strings such as \"sat-10:30\".",
	"customer": "Whom the booking is for. Required at a salon with a calendar.",
	"service": "At a salon with a menu: the id of the service to book, one of the services its resource salon://{salon} lists. " +
		"Required where the menu has more than one service; where it has one, leaving it out books that one. Send the same in round two.",
	"stylist": "At a salon with a menu: the id of the stylist to book, one of the stylists its resource lists who does the service. " +
		"Leave it out for anyone: the first stylist in the salon's order who is free then. Send the same in round two.",
	ArgAnswer: "Round two, when the last result's status was input_required: the customer's answer. " +
		`{"action":"accept","content":{"time":"<one of the times offered, exactly as offered>"}}, or {"action":"decline"} when none suits them. Send it with requestState, and with the same salon, message, openSlots and customer.`,
	ArgRequestState: "Round two, when the last result's status was input_required: its requestState, exactly as given. Send it with answer.",
}

// BookResult is book's structuredContent, from which its output schema is derived: a completed
// booking (wire.Completion's fields) or, for a client asked in the conversation, the question with
// its times and state (Asking's).
type BookResult struct {
	Status       string   `json:"status" enum:"booked|not_booked|input_required" doc:"booked or not_booked when the booking is complete; input_required when the customer must choose first."`
	Slot         string   `json:"slot,omitempty" doc:"The booked slot; present only when status is booked."`
	Say          string   `json:"say" doc:"What to tell the customer; when status is input_required, the question to ask them."`
	Booking      string   `json:"booking,omitempty" doc:"The booking's reference, at a salon with a calendar; present only when status is booked there."`
	Manage       string   `json:"manage,omitempty" doc:"The key the customer sees, cancels and moves the booking with, at a salon with a calendar: keep it, it is shown only here. Present only when status is booked there."`
	Times        []string `json:"times,omitempty" doc:"The times offered, in order; present only when status is input_required."`
	RequestState string   `json:"requestState,omitempty" doc:"Present only when status is input_required: send it back unchanged as the requestState argument, with answer."`
	Service      string   `json:"service,omitempty" doc:"The id of the service booked, at a salon with a menu (at a visit of several, the first); present only when status is booked there."`
	Services     []string `json:"services,omitempty" doc:"The ids of the services booked, in order: one, or the visit's; present only with service."`
	Stylist      string   `json:"stylist,omitempty" doc:"The id of the stylist booked, at a salon with a menu (for anyone, the one who was free); present only when status is booked there."`
	Deposit      int64    `json:"deposit,omitempty" doc:"The deposit paid to hold the booking, in the minor unit of the salon's currency; present only when its service asked one."`
}

// bookTool is the definition clients list: its input schema, derived from BookInput, states the
// bounds the route's decoder enforces and the two arguments that bring round two back in the
// conversation; its output schema, derived from BookResult, the shape of a completed booking and of
// a question asked in the conversation.
func bookTool() *sdk.Tool {
	input := schemaOf[BookInput]()
	for name, description := range bookDescriptions {
		input.Properties[name].Description = description
	}
	return &sdk.Tool{
		Name:         ToolName,
		Title:        "Book a salon time",
		Description:  bookDescription,
		InputSchema:  input,
		OutputSchema: schemaOf[BookResult](),
		Annotations: &sdk.ToolAnnotations{
			Title:           "Book a salon time",
			ReadOnlyHint:    false, // it books
			DestructiveHint: ptr(false),
			IdempotentHint:  false, // a state completes once; a second round one asks again
			OpenWorldHint:   ptr(false),
		},
	}
}

// bookDescription tells a client's model what book does and how both rounds go, by either way of asking.
const bookDescription = "Books a time at a salon. Send the salon, the customer's words and the slots still open, in the app's order " +
	"(and, at a salon with a calendar, the customer; at a salon with a menu, the service and, if the customer wants one, the stylist). When something is open the customer chooses one of the first open times. " +
	"A client that can show a form asks them itself and completes the booking. Otherwise the result's status is input_required: " +
	"ask the customer the question in say, offering the times listed, then call book again with the same arguments plus answer " +
	`({"action":"accept","content":{"time":"<the time they chose>"}}, or {"action":"decline"}) and requestState, copied unchanged from that result. ` +
	"A requestState completes one booking, once, within minutes. The result says whether a time was booked, which, and what to tell the customer."

func ptr[T any](v T) *T { return &v }

// canAskForm reports whether a client declared form elicitation. An elicitation capability that
// names no mode means form, for clients of the revisions before modes were named.
func canAskForm(c *sdk.ClientCapabilities) bool {
	if c == nil || c.Elicitation == nil {
		return false
	}
	return c.Elicitation.Form != nil || c.Elicitation.URL == nil
}

// canAskURL reports whether the client declared URL-mode elicitation, which sends the customer to
// a page (a deposit's Checkout).
func canAskURL(c *sdk.ClientCapabilities) bool {
	return c != nil && c.Elicitation != nil && c.Elicitation.URL != nil
}

// errCannotAsk answers a round one that would ask a client of 2026-07-28 whose request doesn't
// declare form elicitation: MCP's MissingRequiredClientCapability, naming form elicitation in
// requiredCapabilities. It speaks of the request, which carries the client's capabilities in
// that revision, and never of what a client declared elsewhere. Nothing is issued, so nothing is
// spent. Clients of earlier revisions that can't be asked are asked in the conversation instead. (The SDK's ClientCapabilities would also write an empty "roots",
// which this server doesn't require, so the data is written out here.)
var errCannotAsk = &jsonrpc.Error{
	Code: sdk.CodeMissingRequiredClientCapabilities,
	Message: "this request declares no form elicitation (elicitation.form) among its client capabilities, " +
		"so the customer can't be asked which time suits them",
	Data: json.RawMessage(`{"requiredCapabilities":{"elicitation":{"form":{}}}}`),
}
