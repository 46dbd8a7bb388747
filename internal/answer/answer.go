// Package answer reads the customer's reply to the question against the times that were offered.
package answer

import (
	"bytes"
	"encoding/json"
	"slices"
	"unicode/utf8"

	"salon/internal/refusal"
)

// Question is the name of the one question the assistant asks; its answer travels under this key.
const Question = "time"

// The refusals Parse returns, besides NeverOffered. Each is invalid, and its reason is part of the contract.
var (
	ErrNoAnswer   = refusal.New(refusal.Invalid, "no_answer", "no answer to the question asked")
	ErrNotAChoice = refusal.New(refusal.Invalid, "not_a_choice", "the answer is not an accept, a decline or a cancel")
)

// NeverOffered is the refusal of an accepted time that was not among the offered times.
func NeverOffered(time string) error {
	return refusal.New(refusal.Invalid, "never_offered", time+" was never offered")
}

// Offered is a time the customer accepted that was among the times offered.
// Only Parse makes one, so holding an Offered is proof of that check.
type Offered struct{ time string }

// Time is the offered slot, exactly as it was offered.
func (o Offered) Time() string { return o.time }

// Answer is the customer's reply: an accepted offered time, or a decline (which includes a cancel).
type Answer struct {
	accepted Offered
	ok       bool
}

// Accepted returns the accepted time, and false when the customer declined.
func (a Answer) Accepted() (Offered, bool) { return a.accepted, a.ok }

// Parse reads inputResponses (raw JSON) against offered, the times the question carried.
// It refuses with ErrNoAnswer when there is no answer to the question, with NeverOffered
// when an accepted time wasn't offered, and with ErrNotAChoice for anything else it can't read.
// Keys are matched exactly, as MCP spells them: "Action" is not "action".
func Parse(offered []string, inputResponses []byte) (Answer, error) {
	if time, ok := compactAccept(inputResponses); ok && slices.Contains(offered, time) {
		return Answer{accepted: Offered{time: time}, ok: true}, nil
	}
	answers, ok := object(inputResponses)
	if !ok {
		return Answer{}, ErrNoAnswer
	}
	raw, ok := answers[Question]
	if !ok || isNull(raw) {
		return Answer{}, ErrNoAnswer
	}
	reply, ok := object(raw)
	if !ok {
		return Answer{}, ErrNotAChoice
	}
	var action string
	if json.Unmarshal(reply["action"], &action) != nil {
		return Answer{}, ErrNotAChoice
	}
	switch action {
	case "decline", "cancel":
		return Answer{}, nil
	case "accept":
		content, ok := object(reply["content"])
		var time string
		if !ok || !isString(content[Question]) || json.Unmarshal(content[Question], &time) != nil {
			return Answer{}, ErrNotAChoice
		}
		if !slices.Contains(offered, time) {
			return Answer{}, NeverOffered(time)
		}
		return Answer{accepted: Offered{time: time}, ok: true}, nil
	}
	return Answer{}, ErrNotAChoice
}

// object reads a JSON object with its keys exactly as written; null and every other value are not one.
func object(raw []byte) (map[string]json.RawMessage, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil || fields == nil {
		return nil, false
	}
	return fields, true
}

func isString(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '"' }

func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// The compact accept, as JSON.stringify writes it: {"time":{"action":"accept","content":{"time":"…"}}}.
const (
	acceptPrefix = `{"time":{"action":"accept","content":{"time":"`
	acceptSuffix = `"}}}`
)

// compactAccept reads the compact accept of a time with no escape in it, the answer nearly every
// client sends, without decoding; false sends any other spelling through the full reading.
func compactAccept(raw []byte) (string, bool) {
	rest, ok := bytes.CutPrefix(raw, []byte(acceptPrefix))
	if !ok {
		return "", false
	}
	time, ok := bytes.CutSuffix(rest, []byte(acceptSuffix))
	if !ok || bytes.ContainsAny(time, "\"\\") || !utf8.Valid(time) {
		return "", false
	}
	for _, c := range time {
		if c < 0x20 {
			return "", false
		}
	}
	return string(time), true
}

// Payment is the name of the deposit's input request: round three's answer travels under it.
const Payment = "payment"

// ParsePayment reads round three's inputResponses: {"payment":{"action":"accept"}} says the
// customer is back from paying (true); a decline or a cancel gives the held time up (false). It
// refuses as Parse does: ErrNoAnswer without an answer under "payment", ErrNotAChoice for any
// other action or shape. A URL-mode answer carries no content, and any given is not read.
func ParsePayment(inputResponses []byte) (bool, error) {
	answers, ok := object(inputResponses)
	if !ok {
		return false, ErrNoAnswer
	}
	raw, ok := answers[Payment]
	if !ok || isNull(raw) {
		return false, ErrNoAnswer
	}
	reply, ok := object(raw)
	if !ok {
		return false, ErrNotAChoice
	}
	var action string
	if json.Unmarshal(reply["action"], &action) != nil {
		return false, ErrNotAChoice
	}
	switch action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, ErrNotAChoice
}
