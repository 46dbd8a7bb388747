// This file holds the book tool's definition (input and output schemas with the route's bounds, annotations) and the client capability round one needs.

package mcp

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/wire"
)

// bookTool is the definition clients list: its input schema states the bounds the route's decoder
// enforces, its output schema the shape of a completed booking.
func bookTool() *sdk.Tool {
	slot := &jsonschema.Schema{Type: "string", MinLength: ptr(1), MaxLength: ptr(wire.MaxSlotChars)}
	return &sdk.Tool{
		Name:  ToolName,
		Title: "Book a salon time",
		Description: "Books a time at a salon. Send the salon, the customer's words and the slots still open, in the app's order. " +
			"When something is open the customer is asked (a form, through the client) which of the first two open times suits them; " +
			"their answer completes the booking. The result says whether a time was booked, which, and what to tell the customer.",
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"salon": {Type: "string", MinLength: ptr(1), MaxLength: ptr(wire.MaxSalonChars),
					Description: "The salon's name, as it appears in its booking link."},
				"message": {Type: "string", MaxLength: ptr(wire.MaxMessageChars),
					Description: "The customer's words, such as \"A cut on Saturday morning?\"."},
				"openSlots": {Type: "array", Items: slot, MaxItems: ptr(wire.MaxOpenSlots), UniqueItems: true,
					Description: "The slots still open, in the app's order. At a salon with a calendar, the slot ids its resource salon://{salon} lists; elsewhere, opaque strings such as \"sat-10:30\"."},
				"customer": {Type: "object", Description: "Whom the booking is for. Required at a salon with a calendar.",
					Properties: map[string]*jsonschema.Schema{
						"name": {Type: "string", MinLength: ptr(1), MaxLength: ptr(wire.MaxCustomerNameChars),
							Description: "The customer's name."},
						"contact": {Type: "string", MinLength: ptr(1), MaxLength: ptr(wire.MaxContactChars),
							Description: "A phone number or an e-mail address, as the customer writes it."},
					},
					Required: []string{"name", "contact"}},
			},
			Required: []string{"salon", "message", "openSlots"},
		},
		OutputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"status":  {Type: "string", Enum: []any{wire.StatusBooked, wire.StatusNotBooked}},
				"slot":    {Type: "string", Description: "The booked slot; present only when status is booked."},
				"say":     {Type: "string", Description: "What to tell the customer."},
				"booking": {Type: "string", Description: "The booking's reference, at a salon with a calendar; present only when status is booked there."},
			},
			Required: []string{"status", "say"},
		},
		Annotations: &sdk.ToolAnnotations{
			Title:           "Book a salon time",
			ReadOnlyHint:    false, // it books
			DestructiveHint: ptr(false),
			IdempotentHint:  false, // a state completes once; a second round one asks again
			OpenWorldHint:   ptr(false),
		},
	}
}

func ptr[T any](v T) *T { return &v }

// canAskForm reports whether a client declared form elicitation. An elicitation capability that
// names no mode means form, for clients of the revisions before modes were named.
func canAskForm(c *sdk.ClientCapabilities) bool {
	if c == nil || c.Elicitation == nil {
		return false
	}
	return c.Elicitation.Form != nil || c.Elicitation.URL == nil
}

// errCannotAsk answers a round one that would ask a client that can't be asked: MCP's
// MissingRequiredClientCapability, naming form elicitation in requiredCapabilities. Nothing is
// issued, so nothing is spent. (The SDK's ClientCapabilities would also write an empty "roots",
// which this server doesn't require, so the data is written out here.)
var errCannotAsk = &jsonrpc.Error{
	Code: sdk.CodeMissingRequiredClientCapabilities,
	Message: "the client did not declare the elicitation capability with form mode (elicitation.form), " +
		"so the customer can't be asked which time suits them",
	Data: json.RawMessage(`{"requiredCapabilities":{"elicitation":{"form":{}}}}`),
}
