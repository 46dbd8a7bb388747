// This file holds my booking (the customer's own) as tools (my_booking, cancel_booking and move_booking, the last in two rounds, as book), their arguments and the schemas derived from them.

package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/booking"
	"salon/internal/wire"
)

// The names of the customer's own tools.
const (
	MyToolName     = "my_booking"
	CancelToolName = "cancel_booking"
	MoveToolName   = "move_booking"
)

// MyArguments name a booking and open it: what my_booking and cancel_booking take, and what
// move_booking takes first.
type MyArguments struct {
	Salon   string `json:"salon" minLength:"1" maxLength:"64" doc:"The salon's id, as in its booking link."`
	Booking string `json:"booking" minLength:"1" doc:"The booking's reference: booking in book's booked result."`
	Key     string `json:"key" minLength:"1" doc:"The booking's manage key: manage in book's booked result. It opens this booking and no other; a wrong key is answered as an unknown booking."`
}

// MoveArguments are move_booking's: the booking and its key, the customer's words and the times
// they would move to, and in round two, for a client asked in the conversation, the answer and
// the state.
type MoveArguments struct {
	MyArguments
	wire.MyMoveArguments
	Answer       *AnswerArgument `json:"answer,omitempty" doc:"Round two, when the last result's status was input_required: the customer's answer, {\"action\":\"accept\",\"content\":{\"time\":\"<one of the times offered, exactly as offered>\"}}, or {\"action\":\"decline\"}. Send it with requestState, and with the same other arguments."`
	RequestState string          `json:"requestState,omitempty" minLength:"1" doc:"Round two, when the last result's status was input_required: its requestState, exactly as given. Send it with answer."`
}

// AnswerArgument is the customer's answer, as a form would have returned it.
type AnswerArgument struct {
	Action  string      `json:"action" enum:"accept|decline"`
	Content *TimeAnswer `json:"content,omitempty" doc:"With accept: the time chosen."`
}

// TimeAnswer is the time an answer accepts.
type TimeAnswer struct {
	Time string `json:"time" minLength:"1" maxLength:"64"`
}

// MoveResult is move_booking's structuredContent: the move's outcome, or, for a client asked in
// the conversation, the question with its times and state.
type MoveResult struct {
	Status       string   `json:"status" enum:"booked|not_booked|input_required" doc:"booked when the booking moved; not_booked when it stays where it was; input_required when the customer must choose first."`
	Slot         string   `json:"slot,omitempty" doc:"The booking's new slot; present only when status is booked."`
	Say          string   `json:"say" doc:"What to tell the customer; when status is input_required, the question to ask them."`
	Booking      string   `json:"booking,omitempty" doc:"The booking's reference, unchanged by the move; present only when status is booked."`
	Times        []string `json:"times,omitempty" doc:"The times offered, in order; present only when status is input_required."`
	RequestState string   `json:"requestState,omitempty" doc:"Present only when status is input_required: send it back unchanged as the requestState argument, with answer."`
}

// myTools are the definitions of my_booking, cancel_booking and move_booking, their schemas
// derived from OwnArguments, MoveArguments, wire.MyBooking and MoveResult.
func myTools() (my, cancel, move *sdk.Tool) {
	my = &sdk.Tool{
		Name: MyToolName, Title: "See a booking",
		Description: "Shows a booking to its customer: when and where, for whom, and until when they may cancel or move it themselves " +
			"(changeUntil, canChange). Send the salon, the booking's reference and its manage key, as book's booked result gave them.",
		InputSchema: schemaOf[MyArguments](), OutputSchema: schemaOf[wire.MyBooking](),
		Annotations: &sdk.ToolAnnotations{Title: "See a booking", ReadOnlyHint: true, IdempotentHint: true,
			DestructiveHint: ptr(false), OpenWorldHint: ptr(false)},
	}
	cancel = &sdk.Tool{
		Name: CancelToolName, Title: "Cancel a booking",
		Description: "Cancels a booking for its customer, until changeUntil: its time opens again for others. Send the salon, the " +
			"booking's reference and its manage key. After changeUntil the customer must call the salon; the refusal says on which number.",
		InputSchema: schemaOf[MyArguments](), OutputSchema: schemaOf[wire.MyBooking](),
		Annotations: &sdk.ToolAnnotations{Title: "Cancel a booking", ReadOnlyHint: false, IdempotentHint: true,
			DestructiveHint: ptr(true), OpenWorldHint: ptr(false)},
	}
	move = &sdk.Tool{
		Name: MoveToolName, Title: "Move a booking",
		Description: moveDescription,
		InputSchema: schemaOf[MoveArguments](), OutputSchema: schemaOf[MoveResult](),
		Annotations: &sdk.ToolAnnotations{Title: "Move a booking", ReadOnlyHint: false, IdempotentHint: false,
			DestructiveHint: ptr(false), OpenWorldHint: ptr(false)},
	}
	return my, cancel, move
}

// moveDescription tells a client's model how a move's two rounds go, as bookDescription does a booking's.
const moveDescription = "Moves a booking to another time, for its customer, until changeUntil; it keeps its reference, key and customer, " +
	"and at a menu salon its service. Send the salon, the booking's reference and manage key, the customer's words and the slots " +
	"they would move to (openSlots: the salon's slot ids), and at a menu salon optionally the stylist to move to. The customer is " +
	"asked which of the open times suits them, as book asks. A client that can show a form asks them itself and completes the move. " +
	"Otherwise the result's status is input_required: ask the customer the question in say, offering the times listed, then call " +
	"move_booking again with the same arguments plus answer and requestState, copied unchanged from that result. A requestState " +
	"completes one move, once, within minutes. The result says whether the booking moved, and what to tell the customer."

// schemaOf is the JSON schema of T, derived by the SDK's schema library and annotated from T's
// struct tags as the OpenAPI document is (doc, enum, minLength, maxLength, maxItems, uniqueItems,
// itemMinLength, itemMaxLength), so a bound the wire states is stated here from the same tag.
// Every object stays open to more properties, as the decoder reads them; a list is never null.
func schemaOf[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic("mcp: the schema of a tool's own type: " + err.Error())
	}
	annotate(s, reflect.TypeFor[T]())
	return s
}

// annotate writes the keywords t's struct tags carry into s, t's schema, and into its fields'.
func annotate(s *jsonschema.Schema, t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || s == nil {
		return
	}
	s.AdditionalProperties = nil
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		p := s.Properties[name]
		if f.Anonymous || name == "" || name == "-" || p == nil {
			continue
		}
		p.Description = f.Tag.Get("doc")
		if enum, ok := f.Tag.Lookup("enum"); ok {
			for _, v := range strings.Split(enum, "|") {
				p.Enum = append(p.Enum, v)
			}
		}
		p.MinLength, p.MaxLength, p.MaxItems = tagNumber(f.Tag, "minLength"), tagNumber(f.Tag, "maxLength"), tagNumber(f.Tag, "maxItems")
		p.UniqueItems = f.Tag.Get("uniqueItems") == "true"
		if f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct {
			// An optional object is left out, never sent as null.
			p.Types, p.Type = nil, "object"
		}
		if f.Type.Kind() == reflect.Slice {
			p.Types, p.Type = nil, "array"
			if p.Items != nil {
				p.Items.MinLength, p.Items.MaxLength = tagNumber(f.Tag, "itemMinLength"), tagNumber(f.Tag, "itemMaxLength")
			}
		}
		annotate(p, f.Type)
	}
}

// tagNumber is the number a struct tag's key holds, or nil when it holds none.
func tagNumber(tag reflect.StructTag, key string) *int {
	n, err := strconv.Atoi(tag.Get(key))
	if err != nil {
		return nil
	}
	return &n
}

// errNoKey refuses a call of a customer's tool whose key isn't a string: the schema requires one.
var errNoKey = errors.New("arguments.key must be a string")

// myArguments reads the salon, the booking and the key from a call's arguments, as strings, the
// salon within the route's bounds.
func myArguments(raw json.RawMessage) (MyArguments, map[string]json.RawMessage, error) {
	var args map[string]json.RawMessage
	if json.Unmarshal(raw, &args) != nil || args == nil {
		return MyArguments{}, nil, errors.New("arguments must be an object")
	}
	var out MyArguments
	for _, f := range []struct {
		name string
		to   *string
		err  error
	}{
		{"salon", &out.Salon, errors.New("arguments.salon must be a string")},
		{"booking", &out.Booking, errors.New("arguments.booking must be a string")},
		{"key", &out.Key, errNoKey},
	} {
		if v := args[f.name]; len(v) == 0 || v[0] != '"' || json.Unmarshal(v, f.to) != nil {
			return MyArguments{}, nil, f.err
		}
	}
	if err := wire.CheckSalon(out.Salon); err != nil {
		return MyArguments{}, nil, err
	}
	return out, args, nil
}

// ownOp is the desk's operation a customer's tool runs: (*booking.Desk).MyBooking or CancelMine.
type ownOp func(d *booking.Desk, ctx context.Context, salon, booking, key string) (booking.Mine, error)

// own answers my_booking or cancel_booking with op: the booking as its customer sees it, or the
// desk's refusal through codes, a wrong key answered as an unknown booking.
func (b *booker) own(ctx context.Context, req *sdk.CallToolRequest, op ownOp) (*sdk.CallToolResult, error) {
	args, _, err := myArguments(req.Params.Arguments)
	if err != nil {
		b.logCall(req, 1, "invalid_arguments", "reason", err.Error())
		return toolError(err), nil
	}
	m, err := op(b.desk, ctx, args.Salon, args.Booking, args.Key)
	if err != nil {
		return nil, b.refused(req, 1, err)
	}
	b.logCall(req, 1, string(m.Status))
	return structured(wire.MyBookingOf(m))
}

func (b *booker) myBooking(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return b.own(ctx, req, (*booking.Desk).MyBooking)
}

func (b *booker) cancelBooking(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return b.own(ctx, req, (*booking.Desk).CancelMine)
}

// moveBooking answers one round of move_booking as book answers one of a booking: the same
// order, the same ways of asking, through the desk's MoveMine.
func (b *booker) moveBooking(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return b.twoRounds(ctx, req, func(p *sdk.CallToolParamsRaw) (rounds, error) {
		r, inArguments, err := decodeMove(p)
		return rounds{ask: r.Ask, inArguments: inArguments,
			run: func(ctx context.Context) (booking.Result, error) { return b.desk.MoveMine(ctx, r) }}, err
	})
}

// decodeMove reads a call of move_booking: the booking and its key, then the move with the
// route's decoder, then round two's answer and state from the arguments or the request.
func decodeMove(p *sdk.CallToolParamsRaw) (r booking.MoveRequest, inArguments bool, err error) {
	own, args, err := myArguments(p.Arguments)
	if err != nil {
		return booking.MoveRequest{}, false, err
	}
	r, err = wire.DecodeMyMove(own.Salon, own.Booking, append(append([]byte(`{"arguments":`), p.Arguments...), '}'))
	if err != nil {
		return booking.MoveRequest{}, false, err
	}
	r.Key = own.Key
	r.InputResponses, r.RequestState, inArguments, err = roundTwoOf(args, p)
	return r, inArguments, err
}

// roundTwoOf is a call's round-two answer and state: from the arguments, for a client asked in
// the conversation (in reports they were there), or from the request's inputResponses and
// requestState. The SDK has already read inputResponses into typed results; they are written
// back to JSON here and stay unread until the desk has verified the state.
func roundTwoOf(args map[string]json.RawMessage, p *sdk.CallToolParamsRaw) (inputResponses []byte, requestState *string, in bool, err error) {
	inputResponses, requestState, in, err = fromArguments(args, p)
	if err != nil || in {
		return inputResponses, requestState, in, err
	}
	if p.InputResponses != nil {
		raw, err := json.Marshal(map[string]sdk.InputResponse(p.InputResponses))
		if err != nil {
			return nil, nil, false, errors.New("inputResponses must be an object")
		}
		inputResponses = raw
	}
	if p.RequestState != "" {
		state := p.RequestState
		requestState = &state
	}
	return inputResponses, requestState, false, nil
}
