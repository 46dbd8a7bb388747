// This file holds the sessionless way to book for clients that can't be asked through a form: round one's question as a completed result the model reads, and round two's answer and state taken from the tool's arguments.

package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/answer"
	"salon/internal/booking"
	"salon/internal/step"
	"salon/internal/wire"
)

// The arguments that carry round two in the conversation: the customer's answer, and the state
// round one gave, unchanged.
const (
	ArgAnswer       = "answer"
	ArgRequestState = "requestState"
)

// Asking is round one's structuredContent for a client asked in the conversation: the question
// in Say, the times offered, and the state to send back. Status is wire.ResultInputRequired.
type Asking struct {
	Status       string   `json:"status"`
	Say          string   `json:"say"`
	Times        []string `json:"times"`
	RequestState string   `json:"requestState"`
}

// askedInConversation reports whether round one of req asks the customer through the model
// rather than through the client: a client of a revision before 2026-07-28 that the server can't
// ask itself. Over stateless HTTP that is every such client, since the endpoint neither keeps a
// session to send elicitation/create on nor remembers what initialize declared; on a live session
// (stdio) it is one that declared no form elicitation. A client of 2026-07-28 declares what it
// can do on every request, so one without form elicitation is told so (-32021) instead.
func askedInConversation(req *sdk.CallToolRequest) bool {
	return req.ProtocolVersion() < ProtocolVersion && !canAskForm(req.ClientCapabilities())
}

// fromArguments reads round two's answer and state from the tool's arguments: the answer becomes
// inputResponses' entry for the question, as a form would have returned it, and requestState the
// state. null counts as absent. Nothing is read beyond its type: the desk verifies the state, then
// parses the answer against the times it carried, as for every round two. They travel in the
// arguments or in the request's inputResponses and requestState (p), never both. in reports
// whether either was in the arguments.
func fromArguments(args map[string]json.RawMessage, p *sdk.CallToolParamsRaw) (inputResponses []byte, requestState *string, in bool, err error) {
	given, state := present(args[ArgAnswer]), present(args[ArgRequestState])
	if given == nil && state == nil {
		return nil, nil, false, nil
	}
	if p.InputResponses != nil || p.RequestState != "" {
		return nil, nil, true, errors.New("answer and requestState go either in the arguments or in the request's inputResponses and requestState, not both")
	}
	if state != nil {
		var s string
		if state[0] != '"' || json.Unmarshal(state, &s) != nil {
			return nil, nil, true, errors.New("arguments.requestState must be a string")
		}
		requestState = &s
	}
	if given != nil {
		// Under both requests' names: the state says which one it answers, a time's or a deposit's.
		inputResponses = slices.Concat([]byte(`{"`+answer.Question+`":`), given, []byte(`,"`+answer.Payment+`":`), given, []byte("}"))
	}
	return inputResponses, requestState, true, nil
}

// present is raw without its surrounding space, or nil when it is absent or null.
func present(raw json.RawMessage) json.RawMessage {
	raw = trimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}

// Paying is a held booking's request to pay its deposit, for a client asked in the conversation:
// what to tell the customer, the page to send them to, and the state to send back once they are
// back. Status is wire.ResultInputRequired.
type Paying struct {
	Status       string `json:"status"`
	Say          string `json:"say"`
	URL          string `json:"url"`
	Booking      string `json:"booking"`
	RequestState string `json:"requestState"`
}

// payInConversation is the request to pay as a completed result: the model tells the customer, gives
// them the page, and calls tool again with their answer and the state once they are back.
func payInConversation(tool string, p booking.Payment, state string) *sdk.CallToolResult {
	out := Paying{Status: wire.ResultInputRequired, Say: p.Message + " " + p.URL, URL: p.URL, Booking: p.Booking, RequestState: state}
	var b strings.Builder
	b.WriteString("Nothing is booked yet: the time is held while the customer pays the deposit. Tell them: ")
	b.WriteString(p.Message)
	b.WriteString("\nGive them this page to pay on: ")
	b.WriteString(p.URL)
	b.WriteString("\nWhen they are back from paying, call " + tool + " again with the same arguments as this call, and add:\n")
	b.WriteString(`- answer: {"action":"accept"}, or {"action":"decline"} if they won't pay (the time is then released);` + "\n")
	b.WriteString("- requestState: ")
	b.WriteString(quote(state))
	b.WriteString(", unchanged.\nIf the result asks for the payment again, it isn't paid yet.")
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: b.String()}}, StructuredContent: out}
}

// askInConversation is round one's question as a completed result: the question, the times and
// the state as structuredContent, and the same in words for the model, which asks the customer
// and calls the tool again with their answer and the state in the arguments.
func askInConversation(tool string, q step.Question, state string) *sdk.CallToolResult {
	out := Asking{Status: wire.ResultInputRequired, Say: q.Message, Times: q.Times, RequestState: state}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: conversationText(tool, q, state)}}, StructuredContent: out}
}

// conversationText tells the model what to do with round one's question of tool (book or
// move_booking): ask, then call the tool again with the answer and the state, both written as
// JSON so they can be copied as they are.
func conversationText(tool string, q step.Question, state string) string {
	times := make([]string, len(q.Times))
	for i, t := range q.Times {
		times[i] = quote(t)
	}
	opening, completes := "Nothing is booked yet: the customer chooses a time first. Ask them: ", "booking"
	if tool == MoveToolName {
		opening, completes = "Nothing has moved yet: the customer chooses the new time first. Ask them: ", "move"
	}
	var b strings.Builder
	b.WriteString(opening)
	b.WriteString(q.Message)
	b.WriteString("\nThe times offered, exactly as to send back: ")
	b.WriteString(strings.Join(times, ", "))
	b.WriteString(".\nWhen they have answered, call " + tool + " again with the same arguments as this call, and add:\n")
	b.WriteString(`- answer: {"action":"accept","content":{"time":"<the time they chose, as offered>"}}, or {"action":"decline"} if none suits them;` + "\n")
	b.WriteString("- requestState: ")
	b.WriteString(quote(state))
	b.WriteString(", unchanged.\n")
	b.WriteString("The requestState completes one " + completes + ", once, and only for a few minutes; if it has expired, call " +
		tool + " without answer and requestState to be offered times again.")
	return b.String()
}

// quote writes s as a JSON string, without escaping HTML.
func quote(s string) string {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if enc.Encode(s) != nil {
		return `""`
	}
	return strings.TrimSuffix(out.String(), "\n")
}
