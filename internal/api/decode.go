// This file holds the request decoder: a body becomes a checked booking request, or a refusal naming the field.
package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"salon/internal/booking"
)

// decode reads a booking request for salon from body, refusing anything outside the bounds with a reason that names the field.
// Fields it does not know are ignored, at any depth; null counts as absent.
func decode(salon string, body []byte) (booking.Request, error) {
	if n := utf8.RuneCountInString(salon); n < 1 || n > MaxSalonChars || !utf8.ValidString(salon) {
		return booking.Request{}, badRequest(fmt.Sprintf("salon must be 1 to %d characters", MaxSalonChars))
	}
	if !utf8.Valid(body) {
		return booking.Request{}, badRequest("the body must be UTF-8 JSON")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return booking.Request{}, badRequest("the body must be a JSON object")
	}
	var args map[string]json.RawMessage
	if raw := present(top["arguments"]); raw == nil || json.Unmarshal(raw, &args) != nil {
		return booking.Request{}, badRequest("arguments must be an object")
	}
	r := booking.Request{Salon: salon, InputResponses: present(top["inputResponses"])}

	if err := decodeString(present(args["message"]), &r.Booking.Message); err != nil {
		return booking.Request{}, badRequest("arguments.message must be a string")
	}
	if utf8.RuneCountInString(r.Booking.Message) > MaxMessageChars {
		return booking.Request{}, badRequest(fmt.Sprintf("arguments.message must be at most %d characters", MaxMessageChars))
	}
	slots, err := decodeSlots(present(args["openSlots"]))
	if err != nil {
		return booking.Request{}, err
	}
	r.Booking.OpenSlots = slots

	if raw := present(top["requestState"]); raw != nil {
		var state string
		if err := decodeString(raw, &state); err != nil {
			return booking.Request{}, badRequest("requestState must be a string")
		}
		r.RequestState = &state
	}
	return r, nil
}

func decodeSlots(raw json.RawMessage) ([]string, error) {
	var slots []string
	if raw == nil || json.Unmarshal(raw, &slots) != nil || slots == nil {
		return nil, badRequest("arguments.openSlots must be a list of strings")
	}
	if len(slots) > MaxOpenSlots {
		return nil, badRequest(fmt.Sprintf("arguments.openSlots must hold at most %d slots", MaxOpenSlots))
	}
	seen := make(map[string]struct{}, len(slots))
	for i, slot := range slots {
		if n := utf8.RuneCountInString(slot); n < 1 || n > MaxSlotChars {
			return nil, badRequest(fmt.Sprintf("arguments.openSlots[%d] must be 1 to %d characters", i, MaxSlotChars))
		}
		if _, twice := seen[slot]; twice {
			return nil, badRequest(fmt.Sprintf("arguments.openSlots[%d] repeats a slot", i))
		}
		seen[slot] = struct{}{}
	}
	return slots, nil
}

// decodeString reads a JSON string, refusing absence and every other type.
func decodeString(raw json.RawMessage, into *string) error {
	if raw == nil || raw[0] != '"' {
		return errNotAString
	}
	return json.Unmarshal(raw, into)
}

var errNotAString = fmt.Errorf("not a string")

// present returns raw, or nil when the field is absent or null.
func present(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	return raw
}
