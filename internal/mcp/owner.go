// This file holds the owner's assistant: who runs which salon (a salon's key, or the operator's
// token, read on every request), the gate that lists and answers the owner's tools, prompt and
// day resource only for them, and the tools themselves, each the desk operation of its HTTP route.

package mcp

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/audit"
	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/wire"
)

// The names of the owner's tools, prompt and day resource.
const (
	DayToolName         = "salon_day"
	OwnerCancelToolName = "cancel_booking_as_owner"
	OwnerMoveToolName   = "move_booking_as_owner"
	NoShowToolName      = "mark_no_show"
	CloseToolName       = "close_time"
	SettingsToolName    = "salon_settings"
	PlanPromptName      = "plan_my_day"
	DayURITemplate      = "salon://{salon}/day/{date}"
)

// ownerTools, ownerPrompts and ownerTemplates are what only an owner is shown and may use.
var (
	ownerTools = map[string]bool{DayToolName: true, OwnerCancelToolName: true, OwnerMoveToolName: true,
		NoShowToolName: true, CloseToolName: true, SettingsToolName: true}
	ownerPrompts   = map[string]bool{PlanPromptName: true}
	ownerTemplates = map[string]bool{DayURITemplate: true}
)

// Access says who runs which salon through the server: the operator's token runs every salon, and
// a salon's key its own. A key is read from the database on every request, so one revoked through
// any instance is refused at once. With no operator's token the owner's tools don't exist, as the
// owner's routes don't.
type Access struct {
	desk     *booking.Desk
	operator *[sha256.Size]byte // the operator's token's digest; nil when none is configured
}

// NewAccess is the access of desk's salons' keys and of operatorToken ("" for none: no owner's tools).
func NewAccess(desk *booking.Desk, operatorToken string) *Access {
	a := &Access{desk: desk}
	if operatorToken != "" {
		digest := sha256.Sum256([]byte(operatorToken))
		a.operator = &digest
	}
	return a
}

// owner is who runs a salon through this request: by is who the audit names (audit.Operator or
// a key's id), salon the one salon a key runs ("" for the operator's every salon).
type owner struct{ by, salon string }

// runs reports whether o may run the salon id.
func (o owner) runs(id string) bool { return o.salon == "" || o.salon == id }

// open is who token makes an owner, and false when it makes none: no token, no operator's token
// configured, or a token that is neither it nor a live key. It fails only when the database does.
func (a *Access) open(ctx context.Context, token string) (owner, bool, error) {
	if a == nil || a.operator == nil || token == "" {
		return owner{}, false, nil
	}
	got := sha256.Sum256([]byte(token))
	if subtle.ConstantTimeCompare(got[:], a.operator[:]) == 1 {
		return owner{by: audit.Operator}, true, nil
	}
	key, found, err := a.desk.OpenKey(ctx, token)
	if err != nil || !found || key.Revoked {
		return owner{}, false, err
	}
	return owner{by: key.ID, salon: key.Salon}, true, nil
}

// Opens reports whether token makes an owner of some salon: the operator's token or a live key.
func (a *Access) Opens(ctx context.Context, token string) bool {
	_, ok, _ := a.open(ctx, token)
	return ok
}

// bearerOf is the bearer token of an Authorization header, "" when there is none.
func bearerOf(h http.Header) string {
	scheme, token, ok := strings.Cut(h.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// gate shows the owner's tools, prompt and day resource to an owner alone: it resolves who asks on
// every request that needs it, from the request's bearer token over HTTP, or from the key the
// stdio server was started with.
type gate struct {
	access *Access
	key    string // stdio's BOOKING_MCP_KEY; "" over HTTP, where each request brings its own
}

// token is the credential req comes with.
func (g gate) token(req sdk.Request) string {
	if extra := req.GetExtra(); extra != nil && extra.Header != nil {
		return bearerOf(extra.Header)
	}
	return g.key
}

// carries reports whether req comes with a credential: its results depend on who asks.
func (g gate) carries(req sdk.Request) bool { return g.token(req) != "" }

type ownerKey struct{}

// ownerOf is the owner the gate put in ctx.
func ownerOf(ctx context.Context) (owner, bool) {
	o, ok := ctx.Value(ownerKey{}).(owner)
	return o, ok
}

// middleware lists the owner's things only to an owner, and answers a call of them by anyone else
// as the SDK answers what it doesn't have: an unknown tool or prompt, a resource not found. For an
// owner it puts who they are in the context, for the handlers and the audit.
func (g gate) middleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		var refuse error
		switch r := req.(type) {
		case *sdk.CallToolRequest:
			if ownerTools[r.Params.Name] {
				refuse = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown tool %q", r.Params.Name)}
			}
		case *sdk.GetPromptRequest:
			if ownerPrompts[r.Params.Name] {
				refuse = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %q", r.Params.Name)}
			}
		case *sdk.ReadResourceRequest:
			if _, _, ok := dayURI(r.Params.URI); ok {
				refuse = notFound(r, r.Params.URI)
			}
		case *sdk.ListToolsRequest, *sdk.ListPromptsRequest, *sdk.ListResourceTemplatesRequest:
			result, err := next(ctx, method, req)
			if err != nil {
				return result, err
			}
			if _, ok, err := g.access.open(ctx, g.token(req)); ok && err == nil {
				return result, nil
			}
			return withoutOwners(result), nil
		}
		if refuse == nil {
			return next(ctx, method, req)
		}
		o, ok, err := g.access.open(ctx, g.token(req))
		switch {
		case err != nil:
			return nil, errUnavailable
		case !ok:
			return nil, refuse
		}
		return next(context.WithValue(audit.WithActor(ctx, o.by), ownerKey{}, o), method, req)
	}
}

// withoutOwners is a list result without the owner's things.
func withoutOwners(result sdk.Result) sdk.Result {
	switch r := result.(type) {
	case *sdk.ListToolsResult:
		r.Tools = slices.DeleteFunc(slices.Clone(r.Tools), func(t *sdk.Tool) bool { return ownerTools[t.Name] })
	case *sdk.ListPromptsResult:
		r.Prompts = slices.DeleteFunc(slices.Clone(r.Prompts), func(p *sdk.Prompt) bool { return ownerPrompts[p.Name] })
	case *sdk.ListResourceTemplatesResult:
		r.ResourceTemplates = slices.DeleteFunc(slices.Clone(r.ResourceTemplates),
			func(t *sdk.ResourceTemplate) bool { return ownerTemplates[t.URITemplate] })
	}
	return result
}

// SalonArgument names the salon an owner's tool acts on.
type SalonArgument struct {
	Salon string `json:"salon" minLength:"1" maxLength:"64" doc:"The salon's id, as in its booking link. A salon's key runs its own salon only."`
}

// DayArguments are salon_day's.
type DayArguments struct {
	SalonArgument
	Date string `json:"date,omitempty" minLength:"10" maxLength:"10" doc:"The day, YYYY-MM-DD in the salon's time zone; today there when absent."`
}

// OwnerBookingArguments name one of the salon's bookings.
type OwnerBookingArguments struct {
	SalonArgument
	Booking string `json:"booking" minLength:"1" maxLength:"64" doc:"The booking's reference, as salon_day lists it."`
}

// OwnerCancelArguments are cancel_booking_as_owner's: the booking, and the owner's cancel body.
type OwnerCancelArguments struct {
	OwnerBookingArguments
	wire.CancelRequest
}

// OwnerMoveArguments are move_booking_as_owner's: the booking, the owner's move body, and in round
// two, for a client asked in the conversation, the owner's answer and the state.
type OwnerMoveArguments struct {
	OwnerBookingArguments
	wire.MoveRequest
	Answer       *AnswerArgument `json:"answer,omitempty" doc:"Round two, when the last result's status was input_required: the owner's answer, {\"action\":\"accept\",\"content\":{\"time\":\"<the slot offered>\"}} to move, or {\"action\":\"decline\"}. Send it with requestState, and with the same other arguments."`
	RequestState string          `json:"requestState,omitempty" minLength:"1" doc:"Round two, when the last result's status was input_required: its requestState, exactly as given. Send it with answer."`
}

// CloseArguments are close_time's: the salon, and one closure as its settings hold each.
type CloseArguments struct {
	SalonArgument
	wire.ClosureLine
}

// ownerToolDefinitions are the owner's tools, their schemas derived from the arguments above and
// the wire's shapes, so the bounds and the words are the HTTP routes'.
func ownerToolDefinitions(b *booker) []struct {
	tool    *sdk.Tool
	handler sdk.ToolHandler
} {
	read := &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: ptr(false), OpenWorldHint: ptr(false)}
	change := func(destructive, idempotent bool) *sdk.ToolAnnotations {
		return &sdk.ToolAnnotations{DestructiveHint: ptr(destructive), IdempotentHint: idempotent, OpenWorldHint: ptr(false)}
	}
	type def = struct {
		tool    *sdk.Tool
		handler sdk.ToolHandler
	}
	return []def{{
		tool: &sdk.Tool{Name: DayToolName, Title: "A day at the salon", Annotations: read,
			Description: "Lists one day of the salon for its owner: each stylist's bookings, earliest first, with the customer's name, contact and words, " +
				"the status of each (booked, cancelled, awaiting_payment, no_show) and its deposit, and the closures over the day. Send the salon and the date (YYYY-MM-DD); today when left out.",
			InputSchema: schemaOf[DayArguments](), OutputSchema: schemaOf[wire.SalonDay]()},
		handler: b.salonDay,
	}, {
		tool: &sdk.Tool{Name: OwnerCancelToolName, Title: "Cancel a booking for the salon", Annotations: change(true, true),
			Description: "Cancels one of the salon's bookings, at any time: its time opens again for others, the customer is told, and a paid deposit is given back unless refund is false. " +
				"Confirm with the owner before calling it.",
			InputSchema: schemaOf[OwnerCancelArguments](), OutputSchema: schemaOf[wire.BookingView]()},
		handler: b.cancelAsOwner,
	}, {
		tool: &sdk.Tool{Name: OwnerMoveToolName, Title: "Move a booking for the salon", Annotations: change(false, false),
			Description: ownerMoveDescription,
			InputSchema: schemaOf[OwnerMoveArguments](), OutputSchema: schemaOf[MoveResult]()},
		handler: b.moveAsOwner,
	}, {
		tool: &sdk.Tool{Name: NoShowToolName, Title: "Mark a no-show", Annotations: change(false, true),
			Description: "Marks a booking that has started as a no-show: its customer didn't come, and a paid deposit is kept.",
			InputSchema: schemaOf[OwnerBookingArguments](), OutputSchema: schemaOf[wire.BookingView]()},
		handler: b.markNoShow,
	}, {
		tool: &sdk.Tool{Name: CloseToolName, Title: "Close time", Annotations: change(false, false),
			Description: "Closes a span of time so it isn't offered: a day off, a training, a stylist's holiday. At a salon with a menu it adds a closure " +
				"(from, to, optionally one stylist and a note) to the settings; at a simple salon it closes each open slot that starts in the span, " +
				"and lists those a booking holds, which stay.",
			InputSchema: schemaOf[CloseArguments](), OutputSchema: schemaOf[wire.TimeClosed]()},
		handler: b.closeTime,
	}, {
		tool: &sdk.Tool{Name: SettingsToolName, Title: "The salon's settings", Annotations: read,
			Description: "Reads the salon's settings as they stand (name, phone, hours, prices or menu and team, closures, cutoffs, language) and the times open now.",
			InputSchema: schemaOf[SalonArgument](), OutputSchema: schemaOf[wire.SalonView]()},
		handler: b.salonSettings,
	}}
}

// ownerMoveDescription tells a client's model how the owner's move goes.
const ownerMoveDescription = "Moves one of the salon's bookings to another start, and optionally another stylist, as the owner: no cutoff applies, " +
	"and the customer is told. Send the salon, the booking and slot (the new start, a slot id such as 2026-12-05T10:30:00Z). The move is judged first " +
	"and the owner asked to confirm it: a client that can show a form asks them itself; otherwise the result's status is input_required, " +
	"so ask the owner the question in say, then call move_booking_as_owner again with the same arguments plus answer " +
	`({"action":"accept","content":{"time":"<the slot offered>"}}, or {"action":"decline"}) and requestState, copied unchanged. ` +
	"A requestState confirms one move, once, within minutes."

// acting is the owner in ctx, for the salon id: a salon's key acts on its own salon only, and
// another is answered as a salon that doesn't exist, so the reply never says whether it does.
func acting(ctx context.Context, id string) error {
	if o, ok := ownerOf(ctx); ok && o.runs(id) {
		return nil
	}
	return salon.NoSalon(id)
}

// ownerCall reads an owner's tool's arguments as T, the salon checked and in the caller's reach,
// then answers with run's result. A bound the arguments break is a tool execution error; a
// refusal is mapped through codes, as for every tool.
func ownerCall[T any](b *booker, ctx context.Context, req *sdk.CallToolRequest, salonOf func(T) string,
	decode func(json.RawMessage) (T, error), run func(context.Context, T) (any, error)) (*sdk.CallToolResult, error) {
	args, err := decode(req.Params.Arguments)
	if err == nil {
		err = wire.CheckSalon(salonOf(args))
	}
	if err != nil {
		b.logCall(req, 1, "invalid_arguments", "reason", err.Error())
		return toolError(err), nil
	}
	if err := acting(ctx, salonOf(args)); err != nil {
		return nil, b.refused(req, 1, err)
	}
	out, err := run(ctx, args)
	if err != nil {
		return nil, b.refused(req, 1, err)
	}
	o, _ := ownerOf(ctx)
	b.logCall(req, 1, "done", "by", o.by)
	return structured(out)
}

// decodeArguments reads a call's arguments into T, refusing anything but an object.
func decodeArguments[T any](raw json.RawMessage) (T, error) {
	var out T
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) != nil || probe == nil {
		return out, errors.New("arguments must be an object")
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, errors.New("arguments don't fit the tool's input schema: " + err.Error())
	}
	return out, nil
}

func (b *booker) salonDay(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return ownerCall(b, ctx, req, func(a DayArguments) string { return a.Salon }, decodeArguments[DayArguments],
		func(ctx context.Context, a DayArguments) (any, error) { return b.day(ctx, a.Salon, a.Date) })
}

// day is the salon's day as salon_day and the day resource show it.
func (b *booker) day(ctx context.Context, id, date string) (wire.SalonDay, error) {
	d, err := b.desk.Day(ctx, id, date)
	if err != nil {
		return wire.SalonDay{}, err
	}
	return wire.SalonDayOf(id, d), nil
}

func (b *booker) cancelAsOwner(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	type call struct {
		OwnerBookingArguments
		refund bool
	}
	decode := func(raw json.RawMessage) (call, error) {
		a, err := decodeArguments[OwnerBookingArguments](raw)
		if err != nil {
			return call{}, err
		}
		refund, err := wire.DecodeCancel(raw)
		return call{a, refund}, err
	}
	return ownerCall(b, ctx, req, func(a call) string { return a.Salon }, decode, func(ctx context.Context, a call) (any, error) {
		l, err := b.desk.Cancel(ctx, a.Salon, a.Booking, a.refund)
		return wire.BookingViewOf(l), err
	})
}

func (b *booker) markNoShow(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return ownerCall(b, ctx, req, func(a OwnerBookingArguments) string { return a.Salon }, decodeArguments[OwnerBookingArguments],
		func(ctx context.Context, a OwnerBookingArguments) (any, error) {
			l, err := b.desk.MarkNoShow(ctx, a.Salon, a.Booking)
			return wire.BookingViewOf(l), err
		})
}

func (b *booker) closeTime(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	type call struct {
		SalonArgument
		closure salon.Closure
	}
	decode := func(raw json.RawMessage) (call, error) {
		a, err := decodeArguments[SalonArgument](raw)
		if err != nil {
			return call{}, err
		}
		c, err := wire.DecodeClosure(raw)
		return call{a, c}, err
	}
	return ownerCall(b, ctx, req, func(a call) string { return a.Salon }, decode, func(ctx context.Context, a call) (any, error) {
		c, err := b.desk.CloseTime(ctx, a.Salon, a.closure)
		return wire.TimeClosedOf(c), err
	})
}

func (b *booker) salonSettings(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return ownerCall(b, ctx, req, func(a SalonArgument) string { return a.Salon }, decodeArguments[SalonArgument],
		func(ctx context.Context, a SalonArgument) (any, error) {
			view, err := b.desk.Salon(ctx, a.Salon)
			return wire.ViewOf(view), err
		})
}

// moveAsOwner answers one round of move_booking_as_owner as move_booking answers one of a
// customer's move: the same order and ways of asking, through the desk's MoveAsOwner.
func (b *booker) moveAsOwner(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return b.twoRounds(ctx, req, func(p *sdk.CallToolParamsRaw) (rounds, error) {
		r, inArguments, err := decodeOwnerMove(p)
		return rounds{ask: ownerMoveAsk(r), inArguments: inArguments, run: func(ctx context.Context) (booking.Result, error) {
			if err := acting(ctx, r.Salon); err != nil {
				return booking.Result{}, err
			}
			return b.desk.MoveAsOwner(ctx, r)
		}}, err
	})
}

// decodeOwnerMove reads a call of move_booking_as_owner: the salon and booking, the owner's move
// body with the route's decoder, then round two's answer and state.
func decodeOwnerMove(p *sdk.CallToolParamsRaw) (r booking.OwnerMoveRequest, inArguments bool, err error) {
	a, err := decodeArguments[OwnerBookingArguments](p.Arguments)
	if err == nil {
		err = wire.CheckSalon(a.Salon)
	}
	if err == nil {
		err = wire.CheckID("booking", a.Booking)
	}
	if err != nil {
		return booking.OwnerMoveRequest{}, false, err
	}
	r = booking.OwnerMoveRequest{Salon: a.Salon, Booking: a.Booking}
	if r.Slot, r.Stylist, err = wire.DecodeMove(p.Arguments); err != nil {
		return booking.OwnerMoveRequest{}, false, err
	}
	var args map[string]json.RawMessage
	_ = json.Unmarshal(p.Arguments, &args)
	r.InputResponses, r.RequestState, inArguments, err = roundTwoOf(args, p)
	return r, inArguments, err
}

// ownerMoveAsk is what round one of the owner's move would ask with: the one start, to confirm.
func ownerMoveAsk(r booking.OwnerMoveRequest) step.Request {
	return step.Request{OpenSlots: []string{r.Slot}, Moving: r.Booking, ByOwner: true}
}

// dayURI reads salon://{salon}/day/{date}: the salon and the date, and whether uri is one.
func dayURI(uri string) (id, date string, ok bool) {
	rest, ok := strings.CutPrefix(uri, "salon://")
	if !ok {
		return "", "", false
	}
	escaped, date, ok := strings.Cut(rest, "/day/")
	if !ok || strings.Contains(date, "/") {
		return "", "", false
	}
	id, err := url.PathUnescape(escaped)
	return id, date, err == nil && id != ""
}

func dayURIOf(id, date string) string { return salonURI(id) + "/day/" + date }

// readDay answers resources/read of salon://{salon}/day/{date}: the day as salon_day shows it.
func (b *booker) readDay(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	uri := req.Params.URI
	id, date, ok := dayURI(uri)
	if !ok || acting(ctx, id) != nil {
		return nil, notFound(req, uri)
	}
	day, err := b.day(ctx, id, date)
	if err != nil {
		return nil, b.resourceRefused(req, uri, err)
	}
	text, err := json.Marshal(day)
	if err != nil {
		return nil, errInternal
	}
	return &sdk.ReadResourceResult{
		Cacheable: sdk.Cacheable{TTLMs: 0, CacheScope: "private"},
		Contents:  []*sdk.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(text)}},
	}, nil
}

// resourceRefused is a read's refusal: not found for an unknown salon, else the refusal through codes.
func (b *booker) resourceRefused(req *sdk.ReadResourceRequest, uri string, err error) error {
	if missing(err) {
		return notFound(req, uri)
	}
	return asRPC(err)
}

// planPrompt answers prompts/get of plan_my_day: the day's resource, embedded, and what to do with it.
func (b *booker) planPrompt(ctx context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
	id, date := req.Params.Arguments[argSalon], req.Params.Arguments["date"]
	if id == "" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "the prompt needs its salon argument"}
	}
	if err := acting(ctx, id); err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	day, err := b.day(ctx, id, date)
	if err != nil {
		return nil, asRPC(err)
	}
	text, err := json.Marshal(day)
	if err != nil {
		return nil, errInternal
	}
	uri := dayURIOf(id, day.Date)
	ask := fmt.Sprintf("Plan my day at the salon %q on %s. The day's bookings by stylist, and the closures over it, are in the resource %s, attached. "+
		"Go through it stylist by stylist: the first and last appointment, the gaps worth filling, bookings still awaiting their deposit, and anything that no longer fits the settings (fits false). "+
		"Then ask me what to change. You can move a booking with %s, cancel one with %s, mark a no-show with %s and close time with %s; "+
		"ask me before each change.", id, day.Date, uri, OwnerMoveToolName, OwnerCancelToolName, NoShowToolName, CloseToolName)
	return &sdk.GetPromptResult{
		Description: "Plan the day at " + id,
		Messages: []*sdk.PromptMessage{
			{Role: "user", Content: &sdk.TextContent{Text: ask}},
			{Role: "user", Content: &sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: uri, MIMEType: "application/json", Text: string(text)}}},
		},
	}, nil
}

// offerOwners registers the owner's tools, the day template and plan_my_day on s; the gate shows
// them to owners alone.
func offerOwners(s *sdk.Server, b *booker) {
	for _, d := range ownerToolDefinitions(b) {
		s.AddTool(d.tool, d.handler)
	}
	s.AddResourceTemplate(&sdk.ResourceTemplate{
		URITemplate: DayURITemplate, Name: "salon-day", Title: "A day at the salon", MIMEType: "application/json",
		Description: "For the salon's owner: one day's bookings by stylist and the closures over it, as salon_day lists them.",
	}, b.readDay)
	s.AddPrompt(&sdk.Prompt{
		Name: PlanPromptName, Title: "Plan my day",
		Description: "For the salon's owner: reads the day's bookings by stylist and walks through them, then offers the owner's tools to change it.",
		Arguments: []*sdk.PromptArgument{
			{Name: argSalon, Description: "The salon's id.", Required: true},
			{Name: "date", Description: "The day, YYYY-MM-DD in the salon's time zone; today when left out."},
		},
	}, b.planPrompt)
}
