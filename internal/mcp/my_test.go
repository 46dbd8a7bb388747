// This file tests the customer's own tools on a real calendar, in process and over HTTP: my_booking and cancel_booking with their refusals, and move_booking in both rounds, by the client's own retry and in the conversation.

package mcp_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/booking"
	"salon/internal/mcp"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/wire"
)

// booked is a booking the tests made through the desk, with its key and the slots around it.
type booked struct {
	id, key string
	slot    salon.Slot
	later   salon.Slot // an open slot after it, to move to
}

// bookAhead books, for a customer of their own, the n-th open slot that starts two days or more
// after the bench's clock, so its cutoff is still ahead.
func bookAhead(t *testing.T, b *bench, n int, name string) booked {
	t.Helper()
	desk := api.NewDesk(b.svc)
	page, err := desk.Salon(context.Background(), "studio-nine")
	if err != nil {
		t.Fatal(err)
	}
	var ahead []salon.Slot
	for _, s := range page.Open {
		if s.Start.After(b.now().Add(48 * time.Hour)) {
			ahead = append(ahead, s)
		}
	}
	if len(ahead) < n+2 {
		t.Fatalf("got %d open slots two days ahead, want at least %d", len(ahead), n+2)
	}
	slot := ahead[n]
	r := booking.Request{Salon: "studio-nine", Booking: step.Request{Message: "A cut?", OpenSlots: []string{slot.ID},
		Customer: &salon.Customer{Name: name, Contact: strings.ToLower(strings.Fields(name)[0]) + "@example.com"}}}
	res, err := desk.Book(context.Background(), r)
	if err != nil || res.Question == nil {
		t.Fatalf("round one: %+v %v", res, err)
	}
	r.InputResponses, r.RequestState = []byte(`{"time":{"action":"accept","content":{"time":"`+slot.ID+`"}}}`), &res.State
	res, err = desk.Book(context.Background(), r)
	done, ok := res.Outcome.(step.Booked)
	if err != nil || !ok || done.Manage == "" {
		t.Fatalf("round two: %+v %v", res, err)
	}
	return booked{id: done.Booking, key: done.Manage, slot: slot, later: ahead[len(ahead)-1]}
}

// callTool calls the tool name with arguments.
func callTool(cs *sdk.ClientSession, name string, arguments map[string]any) (*sdk.CallToolResult, error) {
	return cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: arguments})
}

func myArgs(bk booked, key string) map[string]any {
	return map[string]any{"salon": "studio-nine", "booking": bk.id, "key": key}
}

// wantMine checks a result carries the booking as its customer sees it, as the HTTP route shows
// it, in structuredContent and as its one text block, and returns it.
func wantMine(t *testing.T, res *sdk.CallToolResult, err error) wire.MyBooking {
	t.Helper()
	if err != nil || res.IsError {
		t.Fatalf("got %v %s, want the booking", err, mustJSON(t, res))
	}
	m := as[wire.MyBooking](t, res.StructuredContent)
	text, ok := res.Content[0].(*sdk.TextContent)
	if len(res.Content) != 1 || !ok || text.Text != mustJSON(t, m) {
		t.Errorf("content: got %s, want the structuredContent as text", mustJSON(t, res.Content))
	}
	return m
}

func TestMyBookingShowsTheBookingToItsKeyAndNoOther(t *testing.T) {
	b := newCalendarBench(t)
	ana, rosa := bookAhead(t, b, 0, "Ana Lima"), bookAhead(t, b, 1, "Rosa Diaz")
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			cs := tr.connect(t, b, manualClient(), nil)
			res, err := callTool(cs, mcp.MyToolName, myArgs(ana, ana.key))
			m := wantMine(t, res, err)
			mine, _ := api.NewDesk(b.svc).MyBooking(context.Background(), "studio-nine", ana.id, ana.key)
			if got, want := mustJSON(t, m), mustJSON(t, wire.MyBookingOf(mine)); got != want {
				t.Errorf("got %s, want what GET /salons/studio-nine/my/%s shows: %s", got, ana.id, want)
			}
			if m.Slot != ana.slot.ID || m.Name != "Ana Lima" || m.Status != "booked" || !m.CanChange || m.Service != nil {
				t.Errorf("got %s, want Ana's live booking of %s at a simple salon", mustJSON(t, m), ana.slot.ID)
			}

			noAna := "there is no booking " + ana.id
			for _, c := range []struct {
				name      string
				arguments map[string]any
				want      string
			}{
				{"Rosa's key", myArgs(ana, rosa.key), noAna},
				{"a key one character off", myArgs(ana, ana.key[:42]+"A"), noAna},
				{"an empty key", myArgs(ana, ""), noAna},
				{"an unknown booking", map[string]any{"salon": "studio-nine", "booking": "booking-z", "key": ana.key}, "there is no booking booking-z"},
				{"an unknown salon", map[string]any{"salon": "elsewhere", "booking": ana.id, "key": ana.key}, noAna},
			} {
				t.Run(c.name, func(t *testing.T) {
					for _, tool := range []string{mcp.MyToolName, mcp.CancelToolName} {
						_, err := callTool(cs, tool, c.arguments)
						wantRPCError(t, err, jsonrpc.CodeInvalidParams, c.want)
					}
					_, err := callTool(cs, mcp.MoveToolName, withMove(c.arguments, ana.later.ID))
					wantRPCError(t, err, jsonrpc.CodeInvalidParams, c.want)
				})
			}
			res, err = callTool(cs, mcp.MyToolName, map[string]any{"salon": "studio-nine", "booking": ana.id})
			wantToolError(t, res, err, "arguments.key must be a string")
			res, err = callTool(cs, mcp.MyToolName, map[string]any{"salon": strings.Repeat("s", 65), "booking": ana.id, "key": ana.key})
			wantToolError(t, res, err, "salon must be 1 to 64 characters")
		})
	}
}

func TestCancelBookingCancelsUntilTheCutoffAndOnce(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newCalendarBench(t)
			ana, rosa := bookAhead(t, b, 0, "Ana Lima"), bookAhead(t, b, 1, "Rosa Diaz")
			cs := tr.connect(t, b, manualClient(), nil)
			res, err := callTool(cs, mcp.CancelToolName, myArgs(ana, ana.key))
			if m := wantMine(t, res, err); m.Status != "cancelled" || m.Sequence != 1 || m.CanChange {
				t.Errorf("got %s, want cancelled at sequence 1", mustJSON(t, m))
			}
			_, err = callTool(cs, mcp.CancelToolName, myArgs(ana, ana.key))
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "this booking is already cancelled")

			// Past Rosa's cutoff, she is told whom to call, and her booking stands.
			b.unix.Store(rosa.slot.Start.Add(-24 * time.Hour).Unix())
			_, err = callTool(cs, mcp.CancelToolName, myArgs(rosa, rosa.key))
			closed := "changes close 24 hours before the appointment; call Studio Nine on +44 20 7946 0000"
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, closed)
			_, err = callTool(cs, mcp.MoveToolName, withMove(myArgs(rosa, rosa.key), rosa.later.ID))
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, closed)
			res, err = callTool(cs, mcp.MyToolName, myArgs(rosa, rosa.key))
			if m := wantMine(t, res, err); m.Status != "booked" || m.CanChange {
				t.Errorf("got %s, want booked and no longer changeable", mustJSON(t, m))
			}
		})
	}
}

// withMove is arguments with a move to slot.
func withMove(arguments map[string]any, slot string) map[string]any {
	out := map[string]any{"message": "Later, please", "openSlots": []string{slot}}
	for k, v := range arguments {
		out[k] = v
	}
	return out
}

func TestMoveBookingMovesInTwoRoundsThroughTheClientsOwnRetry(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newCalendarBench(t)
			ana := bookAhead(t, b, 0, "Ana Lima")
			var asked []*sdk.ElicitParams
			pickFirst := answeringClient(func(req *sdk.ElicitRequest) *sdk.ElicitResult {
				asked = append(asked, req.Params)
				return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": ana.later.ID}}
			})
			cs := tr.connect(t, b, pickFirst, nil)
			res, err := callTool(cs, mcp.MoveToolName, withMove(myArgs(ana, ana.key), ana.later.ID))
			wantOutcome(t, res, err, `{"status":"booked","slot":"`+ana.later.ID+`","say":"Your booking is now `+ana.later.Label+`.","booking":"`+ana.id+`"}`)
			if len(asked) != 1 || asked[0].Message != step.AskWhichTime {
				t.Errorf("the client was asked %s, want once, %q", mustJSON(t, asked), step.AskWhichTime)
			}
			res, err = callTool(cs, mcp.MyToolName, myArgs(ana, ana.key))
			if m := wantMine(t, res, err); m.Slot != ana.later.ID || m.Sequence != 1 || m.Name != "Ana Lima" {
				t.Errorf("after the move: got %s, want Ana's booking at %s, sequence 1", mustJSON(t, m), ana.later.ID)
			}
		})
	}
}

func TestMoveBookingsStateMovesItsBookingOnlyAndOnce(t *testing.T) {
	b := newCalendarBench(t)
	ana, rosa := bookAhead(t, b, 0, "Ana Lima"), bookAhead(t, b, 1, "Rosa Diaz")
	cs := transports[1].connect(t, b, manualClient(), nil)
	arguments := withMove(myArgs(ana, ana.key), ana.later.ID)
	_, state := roundOneOf(t, cs, mcp.MoveToolName, arguments)

	rosas := withMove(myArgs(rosa, rosa.key), ana.later.ID)
	_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.MoveToolName, Arguments: rosas, InputResponses: accept(ana.later.ID), RequestState: state})
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState belongs to another request")

	second := &sdk.CallToolParams{Name: mcp.MoveToolName, Arguments: arguments, InputResponses: accept(ana.later.ID), RequestState: state}
	res, err := cs.CallTool(context.Background(), second)
	wantOutcome(t, res, err, `{"status":"booked","slot":"`+ana.later.ID+`","say":"Your booking is now `+ana.later.Label+`.","booking":"`+ana.id+`"}`)
	_, err = cs.CallTool(context.Background(), second)
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
}

// roundOneOf asks tool and returns the state, failing unless the result is input_required.
func roundOneOf(t *testing.T, cs *sdk.ClientSession, tool string, arguments map[string]any) (*sdk.CallToolResult, string) {
	t.Helper()
	res, err := callTool(cs, tool, arguments)
	if err != nil {
		t.Fatalf("round one: %v", err)
	}
	if !res.NeedsInput() || res.RequestState == "" {
		t.Fatalf("round one: got %s, want input_required with a requestState", mustJSON(t, res))
	}
	return res, res.RequestState
}

func TestALegacyClientMovesInTheConversation(t *testing.T) {
	b := newCalendarBench(t)
	ana := bookAhead(t, b, 0, "Ana Lima")
	cs := legacyOverHTTP(t, b, "2025-11-25")
	arguments := withMove(myArgs(ana, ana.key), ana.later.ID)
	res, err := callTool(cs, mcp.MoveToolName, arguments)
	if err != nil || res.IsError || res.NeedsInput() {
		t.Fatalf("round one: got %v %s, want the question in the conversation", err, mustJSON(t, res))
	}
	asking := as[mcp.Asking](t, res.StructuredContent)
	if asking.Status != wire.ResultInputRequired || asking.Say != step.AskWhichTime || strings.Join(asking.Times, ",") != ana.later.ID || asking.RequestState == "" {
		t.Fatalf("round one: got %s, want %s offered with a state", mustJSON(t, asking), ana.later.ID)
	}
	text := res.Content[0].(*sdk.TextContent).Text
	for _, said := range []string{"Nothing has moved yet", "call move_booking again", "requestState: " + mustJSON(t, asking.RequestState)} {
		if !strings.Contains(text, said) {
			t.Errorf("the words for the model:\n%s\ndon't say %s", text, said)
		}
	}

	retry := answering(arguments, map[string]any{"action": "accept", "content": map[string]any{"time": ana.later.ID}}, asking.RequestState)
	res, err = callTool(cs, mcp.MoveToolName, retry)
	wantOutcome(t, res, err, `{"status":"booked","slot":"`+ana.later.ID+`","say":"Your booking is now `+ana.later.Label+`.","booking":"`+ana.id+`"}`)
	res, err = callTool(cs, mcp.MoveToolName, retry)
	wantToolError(t, res, err, "requestState was already used")
}

func TestTheCustomersToolsNeverLogTheKey(t *testing.T) {
	b := newCalendarBench(t)
	var logged strings.Builder
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ana := bookAhead(t, b, 0, "Ana Lima")
	ct, st := sdk.NewInMemoryTransports()
	ss, err := mcp.NewServer(api.NewDesk(b.svc), mcp.Options{Log: log}).Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := manualClient().Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cs.Close(); _ = ss.Wait() }()
	for _, c := range []struct {
		tool      string
		arguments map[string]any
	}{
		{mcp.MyToolName, myArgs(ana, ana.key)}, {mcp.MyToolName, myArgs(ana, ana.key+"x")},
		{mcp.MoveToolName, withMove(myArgs(ana, ana.key), ana.later.ID)},
		{mcp.CancelToolName, myArgs(ana, ana.key)}, {mcp.CancelToolName, myArgs(ana, ana.key)},
	} {
		_, _ = callTool(cs, c.tool, c.arguments)
	}
	if !strings.Contains(logged.String(), `tool=`+mcp.CancelToolName) {
		t.Fatalf("the log names no cancel_booking call:\n%s", logged.String())
	}
	if strings.Contains(logged.String(), ana.key) || strings.Contains(logged.String(), ana.key[:20]) {
		t.Errorf("the log holds the key:\n%s", logged.String())
	}
}

func TestTheCustomersToolsStateTheRouteBounds(t *testing.T) {
	b := newBench(t, false)
	list, err := transports[0].connect(t, b, manualClient(), nil).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type property struct {
		Type                 any
		MinLength, MaxLength *int
		MaxItems             *int
		UniqueItems          bool
		Items                *struct{ MinLength, MaxLength *int }
	}
	schemas := map[string]struct {
		Required   []string
		Properties map[string]property
	}{}
	for _, tool := range list.Tools {
		in := schemas[tool.Name]
		if err := json.Unmarshal([]byte(mustJSON(t, tool.InputSchema)), &in); err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = in
	}
	for _, name := range []string{mcp.MyToolName, mcp.CancelToolName, mcp.MoveToolName} {
		in := schemas[name]
		if strings.Join(in.Required[:3], ",") != "salon,booking,key" || deref(in.Properties["salon"].MaxLength) != wire.MaxSalonChars ||
			deref(in.Properties["key"].MinLength) != 1 {
			t.Errorf("%s: got %+v, want salon (at most %d), booking and key required", name, in, wire.MaxSalonChars)
		}
	}
	move := schemas[mcp.MoveToolName].Properties
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"message maxLength", deref(move["message"].MaxLength), wire.MaxMessageChars},
		{"openSlots maxItems", deref(move["openSlots"].MaxItems), wire.MaxOpenSlots},
		{"openSlots items maxLength", deref(move["openSlots"].Items.MaxLength), wire.MaxSlotChars},
		{"stylist maxLength", deref(move["stylist"].MaxLength), wire.MaxIDChars},
	} {
		if c.got != c.want {
			t.Errorf("move_booking's %s: got %d, want %d", c.what, c.got, c.want)
		}
	}
	if move["openSlots"].Type != "array" || !move["openSlots"].UniqueItems {
		t.Errorf("move_booking's openSlots: got %+v, want a list of unique slots, never null", move["openSlots"])
	}
}
