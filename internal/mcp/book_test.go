// This file tests the book tool with the Go SDK's own client, in process and over HTTP: both rounds, a decline, replayed and tampered states, and clients that can't be asked.

package mcp_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/requeststate"
	"salon/internal/step"
	"salon/internal/wire"
)

func TestTheToolStatesTheRouteBoundsAndItsOutput(t *testing.T) {
	b := newBench(t, false)
	cs := transports[0].connect(t, b, manualClient(), nil)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, " ") != "book cancel_booking move_booking my_booking" {
		t.Fatalf("got tools %q, want book and the customer's own: cancel_booking, move_booking and my_booking", names)
	}
	tool := list.Tools[0]
	var in struct {
		Required   []string
		Properties map[string]struct {
			Type                 string
			MinLength, MaxLength *int
			MaxItems             *int
			UniqueItems          bool
			Items                *struct{ MinLength, MaxLength *int }
		}
	}
	if err := json.Unmarshal([]byte(mustJSON(t, tool.InputSchema)), &in); err != nil {
		t.Fatal(err)
	}
	salon, message, open := in.Properties["salon"], in.Properties["message"], in.Properties["openSlots"]
	service, stylist := in.Properties["service"], in.Properties["stylist"]
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"salon minLength", deref(salon.MinLength), 1},
		{"salon maxLength", deref(salon.MaxLength), wire.MaxSalonChars},
		{"message maxLength", deref(message.MaxLength), wire.MaxMessageChars},
		{"openSlots maxItems", deref(open.MaxItems), wire.MaxOpenSlots},
		{"openSlots items minLength", deref(open.Items.MinLength), 1},
		{"openSlots items maxLength", deref(open.Items.MaxLength), wire.MaxSlotChars},
		{"service minLength", deref(service.MinLength), 1},
		{"service maxLength", deref(service.MaxLength), wire.MaxIDChars},
		{"stylist minLength", deref(stylist.MinLength), 1},
		{"stylist maxLength", deref(stylist.MaxLength), wire.MaxIDChars},
	} {
		if c.got != c.want {
			t.Errorf("input schema %s: got %d, want %d", c.what, c.got, c.want)
		}
	}
	if !open.UniqueItems || open.Type != "array" || strings.Join(in.Required, ",") != "salon,message,openSlots" {
		t.Errorf("input schema: got %s, want openSlots unique and salon, message, openSlots required", mustJSON(t, tool.InputSchema))
	}
	if service.Type != "string" || stylist.Type != "string" {
		t.Errorf("input schema: got %s, want service and stylist as strings", mustJSON(t, tool.InputSchema))
	}
	if got := mustJSON(t, tool.OutputSchema); !strings.Contains(got, `"enum":["booked","not_booked","input_required"]`) || !strings.Contains(got, `"required":["status","say"]`) {
		t.Errorf("output schema: got %s, want status (booked, not_booked or input_required) and say required", got)
	}
	var out struct {
		Properties map[string]struct{ Type string }
	}
	if err := json.Unmarshal([]byte(mustJSON(t, tool.OutputSchema)), &out); err != nil {
		t.Fatal(err)
	}
	// Every field a completed booking or a question in the conversation can carry is in it.
	fields := []string{}
	for _, v := range []any{wire.Completion{}, mcp.Asking{}} {
		for _, f := range reflect.VisibleFields(reflect.TypeOf(v)) {
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
				fields = append(fields, name)
			}
		}
	}
	if len(fields) < 10 {
		t.Fatalf("read %d fields of the results, want every one", len(fields))
	}
	for _, field := range fields {
		if _, ok := out.Properties[field]; !ok {
			t.Errorf("output schema: got %s, without %s", mustJSON(t, tool.OutputSchema), field)
		}
	}
	a := tool.Annotations
	if a == nil || a.ReadOnlyHint || a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
		t.Errorf("annotations: got %s, want not read-only, not idempotent, not destructive, not open-world", mustJSON(t, a))
	}
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

func TestBothRoundsCompleteThroughTheClientsOwnRetry(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newBench(t, false)
			var asked []*sdk.ElicitParams
			pickFirst := answeringClient(func(req *sdk.ElicitRequest) *sdk.ElicitResult {
				asked = append(asked, req.Params)
				schema := req.Params.RequestedSchema.(map[string]any)
				first := schema["properties"].(map[string]any)["time"].(map[string]any)["enum"].([]any)[0]
				return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": first}}
			})
			cs := tr.connect(t, b, pickFirst, nil)
			res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: args})
			wantOutcome(t, res, err, booked1030)
			if len(asked) != 1 || asked[0].Message != step.AskWhichTime || asked[0].Mode != "form" {
				t.Errorf("the client was asked %s, want once, in form mode, %q", mustJSON(t, asked), step.AskWhichTime)
			}
		})
	}
}

func TestRoundOneAsksWithTheRouteFormAndASignedState(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newBench(t, false)
			res, state := roundOne(t, tr.connect(t, b, manualClient(), nil), args)
			if len(res.InputRequests) != 1 || len(res.Content) != 0 || res.StructuredContent != nil {
				t.Fatalf("got %s, want one input request and no content", mustJSON(t, res))
			}
			asked, ok := res.InputRequests["time"].(*sdk.ElicitParams)
			if !ok {
				t.Fatalf("got input requests %s, want an elicitation named time", mustJSON(t, res.InputRequests))
			}
			want := `{"mode":"form","message":"Which time suits you?","requestedSchema":{"type":"object",` +
				`"properties":{"time":{"type":"string","enum":["sat-10:30","sat-11:30"]}},"required":["time"]}}`
			if got := mustJSON(t, as[wire.ElicitationParams](t, asked)); got != want {
				t.Errorf("the question: got %s, want %s", got, want)
			}
			verified, err := requeststate.Verify(b.keys, b.now(), "studio-nine", step.Request{Message: "A cut on Saturday morning?", OpenSlots: slots}, state)
			if err != nil || strings.Join(verified.Offered, ",") != "sat-10:30,sat-11:30" {
				t.Errorf("the state: got %v offering %v, want it to verify, offering the first two slots", err, verified.Offered)
			}
		})
	}
}

func TestADeclineOrACancelBooksNothing(t *testing.T) {
	for _, tr := range transports {
		for _, action := range []string{"decline", "cancel"} {
			t.Run(tr.name+"/"+action, func(t *testing.T) {
				b := newBench(t, false)
				cs := tr.connect(t, b, manualClient(), nil)
				_, state := roundOne(t, cs, args)
				res, err := roundTwo(cs, args, sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: action}}, state)
				wantOutcome(t, res, err, noneChosen)

				declining := answeringClient(func(*sdk.ElicitRequest) *sdk.ElicitResult { return &sdk.ElicitResult{Action: action} })
				res, err = tr.connect(t, b, declining, nil).CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: args})
				wantOutcome(t, res, err, noneChosen)
			})
		}
	}
}

func TestAReplayedStateIsRefusedHoweverItsMACIsWritten(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newBench(t, false)
			cs := tr.connect(t, b, manualClient(), nil)
			_, state := roundOne(t, cs, args)
			res, err := roundTwo(cs, args, accept("sat-10:30"), state)
			wantOutcome(t, res, err, booked1030)

			_, err = roundTwo(cs, args, accept("sat-10:30"), state)
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
			dot := strings.LastIndexByte(state, '.')
			_, err = roundTwo(cs, args, accept("sat-11:30"), state[:dot]+strings.ToUpper(state[dot:]))
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
		})
	}
}

func TestATamperedOrMisusedStateIsRefusedWithTheRouteReason(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newBench(t, false)
			cs := tr.connect(t, b, manualClient(), nil)
			_, state := roundOne(t, cs, args)
			dot := strings.LastIndexByte(state, '.')
			flipped := []byte(state)
			flipped[len(flipped)-1] ^= 1
			reordered := []string{"sat-11:30", "sat-10:30", "sat-13:00"}
			for _, c := range []struct {
				name      string
				arguments map[string]any
				answers   sdk.InputResponseMap
				state     string
				want      string
			}{
				{"a byte of the MAC changed", args, accept("sat-10:30"), string(flipped), "requestState doesn't verify"},
				{"the offer edited", args, accept("sat-13:00"), strings.Replace(state[:dot], "sat-11:30", "sat-13:00", 1) + state[dot:], "requestState doesn't verify"},
				{"no MAC", args, accept("sat-10:30"), state[:dot], "requestState doesn't verify"},
				{"another salon", withArgs(map[string]any{"salon": "studio-ten"}), accept("sat-10:30"), state, "requestState belongs to another request"},
				{"the slots reordered", withArgs(map[string]any{"openSlots": reordered}), accept("sat-10:30"), state, "requestState belongs to another request"},
				{"a slot added", withArgs(map[string]any{"openSlots": append(slots, "sat-15:00")}), accept("sat-10:30"), state, "requestState belongs to another request"},
				{"a time never offered", args, accept("sat-13:00"), state, "sat-13:00 was never offered"},
				{"no answer to the question", args, sdk.InputResponseMap{"colour": &sdk.ElicitResult{Action: "accept"}}, state, "no answer to the question asked"},
				{"not an accept, a decline or a cancel", args, sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: "maybe"}}, state, "the answer is not an accept, a decline or a cancel"},
				{"answers without their state", args, accept("sat-10:30"), "", "answers and their requestState travel together"},
				{"a state without answers", args, nil, state, "answers and their requestState travel together"},
			} {
				t.Run(c.name, func(t *testing.T) {
					_, err := roundTwo(cs, c.arguments, c.answers, c.state)
					wantRPCError(t, err, jsonrpc.CodeInvalidParams, c.want)
				})
			}
			// Every refusal above left the state unspent: the corrected answer completes.
			res, err := roundTwo(cs, args, accept("sat-10:30"), state)
			wantOutcome(t, res, err, booked1030)

			_, fresh := roundOne(t, cs, args)
			b.unix.Add(121)
			_, err = roundTwo(cs, args, accept("sat-10:30"), fresh)
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState has expired")
		})
	}
}

func TestAClientThatCantBeAskedIsToldTheCapabilityItLacks(t *testing.T) {
	for _, tr := range transports {
		for _, c := range []struct {
			name string
			caps *sdk.ClientCapabilities
		}{
			{"no elicitation", &sdk.ClientCapabilities{}},
			{"URL elicitation only", &sdk.ClientCapabilities{Elicitation: &sdk.ElicitationCapabilities{URL: &sdk.URLElicitationCapabilities{}}}},
		} {
			t.Run(tr.name+"/"+c.name, func(t *testing.T) {
				b := newBench(t, false)
				cs := tr.connect(t, b, sdk.NewClient(impl, &sdk.ClientOptions{Capabilities: c.caps}), nil)
				_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: args})
				rpcErr := wantRPCError(t, err, sdk.CodeMissingRequiredClientCapabilities,
					cannotAsk)
				if got, want := string(rpcErr.Data), `{"requiredCapabilities":{"elicitation":{"form":{}}}}`; got != want {
					t.Errorf("data: got %s, want %s", got, want)
				}
				res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: withArgs(map[string]any{"openSlots": []string{}})})
				wantOutcome(t, res, err, noneOpen)
			})
		}
	}
}

func TestAnElicitationCapabilityNamingNoModeMeansForm(t *testing.T) {
	b := newBench(t, false)
	status, body := toolCall(t, b, `"arguments":`+mustJSON(t, args)+`,`+meta(`{"elicitation":{}}`))
	if status != 200 || !strings.Contains(body, `"resultType":"input_required"`) {
		t.Errorf("got %d %s, want 200 input_required", status, body)
	}
}

func TestAServerWithoutItsKeyAnswersAnErrorThatSaysNothingOfWhy(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b := newBench(t, true)
			cs := tr.connect(t, b, manualClient(), nil)
			for _, params := range []*sdk.CallToolParams{
				{Name: mcp.ToolName, Arguments: args},
				{Name: mcp.ToolName, Arguments: args, InputResponses: accept("sat-10:30"), RequestState: "{}.00"},
				{Name: mcp.ToolName, Arguments: map[string]any{"openSlots": 7}},
			} {
				_, err := cs.CallTool(context.Background(), params)
				if rpcErr := wantRPCError(t, err, jsonrpc.CodeInternalError, "the booking service is unavailable"); rpcErr != nil && len(rpcErr.Data) != 0 {
					t.Errorf("data: got %s, want none", rpcErr.Data)
				}
			}
		})
	}
}

func TestArgumentsOutsideTheBoundsAreAToolErrorWithTheRouteReason(t *testing.T) {
	b := newBench(t, false)
	cs := transports[1].connect(t, b, manualClient(), nil)
	for _, c := range []struct {
		arguments any
		want      string
	}{
		{map[string]any{"message": "hi", "openSlots": slots}, "arguments.salon must be a string"},
		{withArgs(map[string]any{"salon": ""}), "salon must be 1 to 64 characters"},
		{withArgs(map[string]any{"salon": strings.Repeat("s", 65)}), "salon must be 1 to 64 characters"},
		{withArgs(map[string]any{"message": 7}), "arguments.message must be a string"},
		{withArgs(map[string]any{"message": strings.Repeat("m", 1001)}), "arguments.message must be at most 1000 characters"},
		{withArgs(map[string]any{"openSlots": "sat-10:30"}), "arguments.openSlots must be a list of strings"},
		{withArgs(map[string]any{"openSlots": []string{"a", "b", "a"}}), "arguments.openSlots[2] repeats a slot"},
		{withArgs(map[string]any{"openSlots": []string{""}}), "arguments.openSlots[0] must be 1 to 64 characters"},
		{withArgs(map[string]any{"openSlots": make([]string, 51)}), "arguments.openSlots must hold at most 50 slots"},
	} {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: c.arguments})
		if err != nil {
			t.Errorf("%s: got error %v, want a tool error", c.want, err)
			continue
		}
		if text, ok := res.Content[0].(*sdk.TextContent); !res.IsError || !ok || text.Text != c.want {
			t.Errorf("got %s, want isError with the text %q", mustJSON(t, res), c.want)
		}
	}
}

func TestALegacyClientIsAskedOnALiveSessionAndInTheConversationOverStatelessHTTP(t *testing.T) {
	b := newBench(t, false)
	legacy := &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"}
	pickFirst := answeringClient(func(*sdk.ElicitRequest) *sdk.ElicitResult {
		return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": "sat-10:30"}}
	})

	// On a live session (stdio, in process) the SDK asks it with an elicitation/create request
	// and runs the tool again with its answer, through the same desk.
	cs := transports[0].connect(t, b, pickFirst, legacy)
	if got := cs.InitializeResult().ProtocolVersion; got != "2025-11-25" {
		t.Fatalf("negotiated %q, want 2025-11-25", got)
	}
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: args})
	wantOutcome(t, res, err, booked1030)

	// Stateless HTTP keeps no session to ask it on, and doesn't remember what it declared: round
	// one completes with the question, for its model to ask in the conversation.
	cs = transports[1].connect(t, b, pickFirst, legacy)
	res, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: args})
	wantAsking(t, b, res, err, args)
	res, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: withArgs(map[string]any{"openSlots": []string{}})})
	wantOutcome(t, res, err, noneOpen)
}

func TestTheRouteAndTheToolShareOneSpentStore(t *testing.T) {
	b := newBench(t, false)
	cs := transports[1].connect(t, b, manualClient(), nil)
	_, state := roundOne(t, cs, args)

	// The state the tool issued completes on the route: same signer, same request digest.
	body := `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},` +
		`"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},"requestState":` + mustJSON(t, state) + `}`
	status, _, got := mcptest.Post(t, b.http.URL+"/salons/studio-nine/book", body, nil)
	if want := `{"resultType":"complete","structuredContent":` + booked1030 + `}`; status != 200 || got != want {
		t.Fatalf("the route: got %d %s, want 200 %s", status, got, want)
	}
	_, err := roundTwo(cs, args, accept("sat-10:30"), state)
	wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
}
