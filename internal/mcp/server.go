// Package mcp offers the salon's booking to AI clients as MCP tools (book, and the customer's own my_booking, cancel_booking and move_booking) on the official Go SDK and the route's own desk.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/answer"
	"salon/internal/booking"
	refuse "salon/internal/refusal"
	"salon/internal/step"
	"salon/internal/wire"
)

// ToolName is the name of the booking tool.
const ToolName = "book"

// ProtocolVersion is the revision whose multi round-trip requests the tool follows. Clients of
// earlier revisions are served too, through the SDK's initialize handshake.
const ProtocolVersion = "2026-07-28"

// Version is the server's version, told to clients in serverInfo.
const Version = "1.0.0"

// NewServer returns an MCP server whose tool book answers both rounds of a booking through desk,
// the same desk (or one built from the same Service) as the HTTP route, so the rules, the signer
// and the spent store are shared; my_booking, cancel_booking and move_booking serve the
// customer's own booking through the same desk. It also lists a guide to booking as a resource,
// and puts caching hints (ttlMs, cacheScope) on server/discover, every list and resources/read.
// log receives one line per call, never a requestState nor a manage key; nil discards. The server is safe for
// concurrent use and may serve any number of transports.
func NewServer(desk *booking.Desk, o Options) *sdk.Server {
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	g := gate{access: o.Access, key: o.Key}
	s := sdk.NewServer(&sdk.Implementation{Name: "salon-booking", Title: "Salon booking assistant", Version: Version},
		&sdk.ServerOptions{Logger: warnings(log), Instructions: instructions, Capabilities: capabilities(),
			SetCacheable: g.setCacheable, CompletionHandler: salons{desk: desk}.complete})
	b := &booker{desk: desk, log: log}
	offer(s, b)
	offerOwners(s, b)
	s.AddReceivingMiddleware(answeredOnly, listingSalons(salons{desk: desk}), g.middleware)
	return s
}

// Options configure a server.
type Options struct {
	// Log receives one line per call, never a requestState, a manage key, a salon's key or a
	// customer's details. Nil discards.
	Log *slog.Logger
	// Access says who runs which salon: with it (and an operator's token in it), the owner's tools
	// are listed and answered for the operator's token and the salons' keys. Nil: customers only.
	Access *Access
	// Key is the credential every request of a stdio session comes with (BOOKING_MCP_KEY): over
	// stdio there is no header. Leave it empty over HTTP, where each request brings its own.
	Key string
}

// warnings is log for the SDK's own messages: warnings and errors only, since its lines at info
// (a session connected, a session ended) would come with every stateless request.
func warnings(log *slog.Logger) *slog.Logger {
	return slog.New(atLeast{log.Handler(), slog.LevelWarn})
}

// atLeast is a handler that drops records below min.
type atLeast struct {
	slog.Handler
	min slog.Level
}

func (h atLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h atLeast) WithAttrs(attrs []slog.Attr) slog.Handler {
	return atLeast{h.Handler.WithAttrs(attrs), h.min}
}

func (h atLeast) WithGroup(name string) slog.Handler {
	return atLeast{h.Handler.WithGroup(name), h.min}
}

// instructions tell a client's model when the tool fits.
const instructions = "Books a time at a hair salon for the customer. Call book with the salon, the customer's words " +
	"and the slots still open; the customer is asked which of the first open times suits them, and their answer completes the booking. " +
	"When your client can't show the question as a form, book's result has status input_required: ask the customer yourself, " +
	"then call book again with their answer and the requestState, as its description says. " +
	"A booked result at a salon with a calendar carries the booking's reference and its manage key: with both, " +
	"my_booking shows the booking, cancel_booking cancels it and move_booking moves it (in two rounds, as book), until the salon's cutoff."

// booker is the tool's handler and what it depends on.
type booker struct {
	desk *booking.Desk
	log  *slog.Logger
}

// The JSON-RPC errors the tool answers with besides a refusal's own reason.
var (
	// errUnavailable says nothing of why: no key, or a spent-state store that can't say.
	errUnavailable = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: refuse.Unavailability}
	errInternal    = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error"}
)

// book answers one round: the key first, then the arguments with the route's bounds, then the
// client's capability to be asked, then the desk's own checks in the contract's order. A client
// that can be asked through a form is asked with input_required; one of an earlier revision that
// can't be is asked in the conversation (askedInConversation), and brings its answer and the
// state back in the arguments.
func (b *booker) book(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return b.twoRounds(ctx, req, func(p *sdk.CallToolParamsRaw) (rounds, error) {
		r, inArguments, err := decodeCall(p)
		return rounds{ask: r.Booking, inArguments: inArguments,
			run: func(ctx context.Context) (booking.Result, error) { return b.desk.Book(ctx, r) }}, err
	})
}

// rounds is one call of a tool that answers in two rounds (book, move_booking), decoded: what
// round one would ask with, whether round two's answer and state came in the arguments, and the
// desk's answer to the call.
type rounds struct {
	ask         step.Request
	inArguments bool
	run         func(context.Context) (booking.Result, error)
}

// twoRounds answers one round of a tool whose call decode reads, in the order book's description
// gives: the key, the arguments, the client's capability to be asked, then the desk.
func (b *booker) twoRounds(ctx context.Context, req *sdk.CallToolRequest, decode func(*sdk.CallToolParamsRaw) (rounds, error)) (*sdk.CallToolResult, error) {
	round := 1
	if req.Params.RequestState != "" || req.Params.InputResponses != nil {
		round = 2
	}
	if b.desk.Keys == nil {
		b.logCall(req, round, "unavailable")
		return nil, errUnavailable
	}
	r, err := decode(req.Params)
	if r.inArguments {
		round = 2
	}
	if err != nil {
		// A bound the arguments break is a tool execution error: the model can read it and correct the call.
		b.logCall(req, round, "invalid_arguments", "reason", err.Error())
		return toolError(err), nil
	}
	inConversation := round == 1 && askedInConversation(req)
	if round == 1 && !inConversation && booking.CanAsk(r.ask) && !canAskForm(req.ClientCapabilities()) {
		b.logCall(req, round, "cannot_ask")
		return nil, errCannotAsk
	}
	result, err := r.run(ctx)
	if err != nil {
		err = b.refused(req, round, err)
		if rpcErr, ok := err.(*jsonrpc.Error); ok && r.inArguments && rpcErr.Code == jsonrpc.CodeInvalidParams {
			// The answer and the state were arguments the model wrote: it reads why, and asks again.
			return toolError(errors.New(rpcErr.Message)), nil
		}
		return nil, err
	}
	if p := result.Payment; p != nil {
		if r.inArguments || req.ProtocolVersion() < ProtocolVersion || !canAskURL(req.ClientCapabilities()) {
			b.logCall(req, round, wire.ResultInputRequired, "asked", "in_conversation", "payment", true)
			return payInConversation(req.Params.Name, *p, result.State), nil
		}
		b.logCall(req, round, wire.ResultInputRequired, "payment", true)
		return payByURL(*p, result.State), nil
	}
	if result.Question != nil {
		if inConversation {
			b.logCall(req, round, wire.ResultInputRequired, "asked", "in_conversation")
			return askInConversation(req.Params.Name, *result.Question, result.State), nil
		}
		b.logCall(req, round, wire.ResultInputRequired)
		return inputRequired(*result.Question, result.State), nil
	}
	out := wire.CompletionOf(result.Outcome)
	b.logCall(req, round, out.Status)
	return structured(out)
}

// toolError is a tool execution error whose text is err's.
func toolError(err error) *sdk.CallToolResult {
	result := &sdk.CallToolResult{}
	result.SetError(err)
	return result
}

// codes is the one table from a refusal's kind to the JSON-RPC error code the client is told. A
// kind not here is internal.
var codes = map[refuse.Kind]int64{
	refuse.Invalid:     jsonrpc.CodeInvalidParams,
	refuse.NotFound:    jsonrpc.CodeInvalidParams,
	refuse.Conflict:    jsonrpc.CodeInvalidParams,
	refuse.Unavailable: jsonrpc.CodeInternalError,
}

// missing reports whether err says what a read names isn't there: a resource read answers it as
// not found, and a completion with nothing to complete.
func missing(err error) bool { return refuse.KindOf(err) == refuse.NotFound }

// asRPC is the JSON-RPC error of a desk's error, through codes: a refusal keeps its reason, the
// store failing is unavailable, anything else internal. A tool's call logs it too (refused).
func asRPC(err error) error {
	r, ok := refuse.As(err)
	var code int64
	if ok {
		code, ok = codes[r.Kind]
	}
	switch {
	case !ok:
		return errInternal
	case r.Kind == refuse.Unavailable:
		return errUnavailable
	}
	return &jsonrpc.Error{Code: code, Message: r.Reason}
}

// refused maps a desk error to the JSON-RPC error the client is told, as asRPC does. A refusal
// keeps the HTTP route's reason, word for word; a failure of the store is logged with its cause,
// and the client hears only that the service is unavailable.
func (b *booker) refused(req *sdk.CallToolRequest, round int, err error) error {
	out := asRPC(err)
	switch out {
	case errInternal:
		b.log.Error("mcp tool call failed", "error", err.Error())
	case errUnavailable:
		if r, ok := refuse.As(err); ok && r.Cause != nil {
			b.log.Error("the store failed", "error", r.Cause.Error())
		}
		b.logCall(req, round, "unavailable")
	default:
		b.logCall(req, round, "refused", "reason", out.(*jsonrpc.Error).Message)
	}
	return out
}

// logCall writes the one line of a call: which tool, who asked, which round, what it came to.
// Never a state, an answer, a manage key or a customer's details.
func (b *booker) logCall(req *sdk.CallToolRequest, round int, outcome string, attrs ...any) {
	client := ""
	if info := req.ClientInfo(); info != nil {
		client = info.Name
	}
	b.log.Info("mcp tool call", append([]any{"tool", req.Params.Name, "round", round, "outcome", outcome,
		"protocol", req.ProtocolVersion(), "client", client}, attrs...)...)
}

// decodeCall reads a call's arguments with the route's decoder, so the bounds and the reasons
// that name a field are the route's, then takes the answers and the state from the params, or, in
// the conversation, from the arguments (fromArguments; inArguments reports they were there).
// The SDK has already read inputResponses into typed results; they are written back to JSON here
// and stay unread until the desk has verified the state.
func decodeCall(p *sdk.CallToolParamsRaw) (r booking.Request, inArguments bool, err error) {
	var args map[string]json.RawMessage
	if json.Unmarshal(p.Arguments, &args) != nil || args == nil {
		return booking.Request{}, false, errors.New("arguments must be an object")
	}
	var salon string
	if raw := args["salon"]; len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &salon) != nil {
		return booking.Request{}, false, errors.New("arguments.salon must be a string")
	}
	body := append(append([]byte(`{"arguments":`), p.Arguments...), '}')
	r, err = wire.DecodeBooking(salon, body)
	if err != nil {
		return booking.Request{}, false, err
	}
	r.InputResponses, r.RequestState, inArguments, err = roundTwoOf(args, p)
	if err != nil {
		return booking.Request{}, inArguments, err
	}
	return r, inArguments, nil
}

// inputRequired is round one's question: the route's elicitation form, and the state to echo.
func inputRequired(q step.Question, state string) *sdk.CallToolResult {
	form := wire.Form(q)
	return &sdk.CallToolResult{
		InputRequests: sdk.InputRequestMap{answer.Question: &sdk.ElicitParams{
			Mode: form.Mode, Message: form.Message, RequestedSchema: form.RequestedSchema,
		}},
		RequestState: state,
	}
}

// payByURL is a held booking's request to pay its deposit, as MCP's URL-mode elicitation: the
// client sends the customer to the page, and answers accept once they are back.
func payByURL(p booking.Payment, state string) *sdk.CallToolResult {
	return &sdk.CallToolResult{
		InputRequests: sdk.InputRequestMap{answer.Payment: &sdk.ElicitParams{
			Mode: "url", Message: p.Message, URL: p.URL, ElicitationID: p.Booking,
		}},
		RequestState: state,
	}
}

// structured carries out (a completed booking or move, or a booking as its customer sees it) as
// structuredContent and, for clients that read only text, the same JSON as a text block.
func structured(out any) (*sdk.CallToolResult, error) {
	text, err := json.Marshal(out)
	if err != nil {
		return nil, errInternal
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(text)}}, StructuredContent: out}, nil
}
