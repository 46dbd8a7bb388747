// This file tests the sessionless way to book: a client of an earlier revision that the server can't ask through a form gets round one's question as a completed result, and books with its answer and the state in the arguments, under the route's rules.

package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/requeststate"
	"salon/internal/step"
	"salon/internal/testkit"
)

// legacyOverHTTP connects a client of revision over /mcp that declared form elicitation in
// initialize, as the Python client did: stateless HTTP can't ask it, whatever it declared.
func legacyOverHTTP(t *testing.T, b *bench, revision string) *sdk.ClientSession {
	t.Helper()
	cs := transports[1].connect(t, b, answeringClient(func(*sdk.ElicitRequest) *sdk.ElicitResult {
		t.Error("the server asked a client over stateless HTTP with elicitation/create")
		return &sdk.ElicitResult{Action: "cancel"}
	}), &sdk.ClientSessionOptions{ProtocolVersion: revision})
	if got := cs.InitializeResult().ProtocolVersion; got != revision {
		t.Fatalf("negotiated %q, want %s", got, revision)
	}
	return cs
}

// wantAsking checks round one asked in the conversation: a completed result whose structuredContent
// is the question, the first two times and a state that verifies for arguments, and whose one
// text block says the same in words, with the answer's shape and the state written as JSON. It
// returns the state.
func wantAsking(t *testing.T, b *bench, res *sdk.CallToolResult, err error, arguments map[string]any) string {
	t.Helper()
	if err != nil {
		t.Fatalf("round one: got error %v, want the question in the conversation", err)
	}
	if res.IsError || res.NeedsInput() || res.InputRequests != nil {
		t.Fatalf("round one: got %s, want a completed result", mustJSON(t, res))
	}
	asked := as[mcp.Asking](t, res.StructuredContent)
	want := `{"status":"input_required","say":"Which time suits you?","times":["sat-10:30","sat-11:30"],"requestState":` + mustJSON(t, asked.RequestState) + `}`
	if got := mustJSON(t, asked); got != want {
		t.Errorf("structuredContent: got %s, want %s", got, want)
	}
	verified, verr := requeststate.Verify(b.keys, b.now(), arguments["salon"].(string),
		step.Request{Message: arguments["message"].(string), OpenSlots: arguments["openSlots"].([]string)}, asked.RequestState)
	if verr != nil || strings.Join(verified.Offered, ",") != "sat-10:30,sat-11:30" {
		t.Errorf("the state: got %v offering %v, want it to verify, offering the first two slots", verr, verified.Offered)
	}
	if len(res.Content) != 1 {
		t.Fatalf("content: got %s, want one text block", mustJSON(t, res.Content))
	}
	text, ok := res.Content[0].(*sdk.TextContent)
	if !ok {
		t.Fatalf("content: got %s, want text", mustJSON(t, res.Content[0]))
	}
	for _, said := range []string{step.AskWhichTime, `"sat-10:30", "sat-11:30"`, `answer`, `{"action":"accept","content":{"time":`,
		`{"action":"decline"}`, "requestState: " + mustJSON(t, asked.RequestState) + ", unchanged"} {
		if !strings.Contains(text.Text, said) {
			t.Errorf("the words for the model:\n%s\ndon't say %s", text.Text, said)
		}
	}
	return asked.RequestState
}

// answering is arguments with round two's answer and state added.
func answering(arguments map[string]any, answer any, state any) map[string]any {
	out := map[string]any{}
	for k, v := range arguments {
		out[k] = v
	}
	out[mcp.ArgAnswer], out[mcp.ArgRequestState] = answer, state
	return out
}

// The answers as the model sends them: what the form would have returned.
var (
	accept1130 = map[string]any{"action": "accept", "content": map[string]any{"time": "sat-11:30"}}
	declined   = map[string]any{"action": "decline"}
)

// call calls book with arguments.
func call(cs *sdk.ClientSession, arguments map[string]any) (*sdk.CallToolResult, error) {
	return cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: arguments})
}

// wantToolError checks a tool execution error whose one text block is want.
func wantToolError(t *testing.T, res *sdk.CallToolResult, err error, want string) {
	t.Helper()
	if err != nil {
		t.Fatalf("got error %v, want a tool error %q", err, want)
	}
	if len(res.Content) != 1 {
		t.Fatalf("got %s, want a tool error %q", mustJSON(t, res), want)
	}
	if text, ok := res.Content[0].(*sdk.TextContent); !res.IsError || !ok || text.Text != want {
		t.Errorf("got %s, want a tool error %q", mustJSON(t, res), want)
	}
}

const booked1130 = `{"status":"booked","slot":"sat-11:30","say":"sat-11:30 is yours."}`

func TestALegacyClientOverHTTPBooksInTheConversation(t *testing.T) {
	for _, revision := range []string{"2025-11-25", "2025-06-18", "2025-03-26"} {
		t.Run(revision, func(t *testing.T) {
			b := newBench(t, false)
			cs := legacyOverHTTP(t, b, revision)
			res, err := call(cs, args)
			state := wantAsking(t, b, res, err, args)

			res, err = call(cs, answering(args, accept1130, state))
			wantOutcome(t, res, err, booked1130)

			// Single use, whichever way the state comes back.
			res, err = call(cs, answering(args, accept1130, state))
			wantToolError(t, res, err, "requestState was already used")
			_, err = roundTwo(cs, args, accept("sat-10:30"), state)
			wantRPCError(t, err, jsonrpc.CodeInvalidParams, "requestState was already used")
		})
	}
}

func TestADeclineInTheConversationBooksNothing(t *testing.T) {
	for _, answer := range []map[string]any{declined, {"action": "cancel"}} {
		t.Run(answer["action"].(string), func(t *testing.T) {
			b := newBench(t, false)
			cs := legacyOverHTTP(t, b, "2025-11-25")
			res, err := call(cs, args)
			state := wantAsking(t, b, res, err, args)
			res, err = call(cs, answering(args, answer, state))
			wantOutcome(t, res, err, noneChosen)
		})
	}
}

func TestAnAnswerInTheConversationIsRefusedWithTheRouteReasonAsAToolError(t *testing.T) {
	b := newBench(t, false)
	cs := legacyOverHTTP(t, b, "2025-11-25")
	res, err := call(cs, args)
	state := wantAsking(t, b, res, err, args)
	dot := strings.LastIndexByte(state, '.')
	flipped := []byte(state)
	flipped[len(flipped)-1] ^= 1
	for _, c := range []struct {
		name      string
		arguments map[string]any
		want      string
	}{
		{"a byte of the MAC changed", answering(args, accept1130, string(flipped)), "requestState doesn't verify"},
		{"the offer edited", answering(args, accept1130, strings.Replace(state[:dot], "sat-11:30", "sat-13:00", 1)+state[dot:]), "requestState doesn't verify"},
		{"an empty state", answering(args, accept1130, ""), "requestState doesn't verify"},
		{"another salon", answering(withArgs(map[string]any{"salon": "studio-ten"}), accept1130, state), "requestState belongs to another request"},
		{"the slots reordered", answering(withArgs(map[string]any{"openSlots": []string{"sat-11:30", "sat-10:30", "sat-13:00"}}), accept1130, state),
			"requestState belongs to another request"},
		{"a time never offered", answering(args, map[string]any{"action": "accept", "content": map[string]any{"time": "sat-13:00"}}, state), "sat-13:00 was never offered"},
		{"an accept without a time", answering(args, map[string]any{"action": "accept"}, state), "the answer is not an accept, a decline or a cancel"},
		{"not an accept, a decline or a cancel", answering(args, map[string]any{"action": "maybe"}, state), "the answer is not an accept, a decline or a cancel"},
		{"an answer that is a bare time", answering(args, "sat-11:30", state), "the answer is not an accept, a decline or a cancel"},
		{"an answer without its state", answering(args, accept1130, nil), "answers and their requestState travel together"},
		{"a state without an answer", answering(args, nil, state), "answers and their requestState travel together"},
		{"a state that isn't a string", answering(args, accept1130, 7), "arguments.requestState must be a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := call(cs, c.arguments)
			wantToolError(t, res, err, c.want)
		})
	}
	t.Run("an answer in the arguments and one in inputResponses", func(t *testing.T) {
		res, err := roundTwo(cs, answering(args, accept1130, state), accept("sat-10:30"), state)
		wantToolError(t, res, err, "answer and requestState go either in the arguments or in the request's inputResponses and requestState, not both")
	})

	// Every refusal above left the state unspent: the corrected answer completes.
	res, err = call(cs, answering(args, accept1130, state))
	wantOutcome(t, res, err, booked1130)

	res, err = call(cs, args)
	fresh := wantAsking(t, b, res, err, args)
	b.unix.Add(121)
	res, err = call(cs, answering(args, accept1130, fresh))
	wantToolError(t, res, err, "requestState has expired")
}

func TestALegacyClientThatDeclaredNoElicitationIsAskedInTheConversationOnALiveSession(t *testing.T) {
	b := newBench(t, false)
	cs := transports[0].connect(t, b, sdk.NewClient(impl, &sdk.ClientOptions{Capabilities: &sdk.ClientCapabilities{}}),
		&sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	res, err := call(cs, args)
	state := wantAsking(t, b, res, err, args)
	res, err = call(cs, answering(args, declined, state))
	wantOutcome(t, res, err, noneChosen)
}

func TestAStateAskedInTheConversationCompletesOnTheRouteOnce(t *testing.T) {
	b := newBench(t, false)
	cs := legacyOverHTTP(t, b, "2025-11-25")
	res, err := call(cs, args)
	state := wantAsking(t, b, res, err, args)

	body := `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},` +
		`"inputResponses":{"time":{"action":"accept","content":{"time":"sat-11:30"}}},"requestState":` + mustJSON(t, state) + `}`
	status, _, got := mcptest.Post(t, b.http.URL+"/salons/studio-nine/book", body, nil)
	if want := `{"resultType":"complete","structuredContent":` + booked1130 + `}`; status != http.StatusOK || got != want {
		t.Fatalf("the route: got %d %s, want 200 %s", status, got, want)
	}
	res, err = call(cs, answering(args, accept1130, state))
	wantToolError(t, res, err, "requestState was already used")
}

func TestTheConversationBooksAtASalonWithACalendar(t *testing.T) {
	b := newCalendarBench(t)
	cs := legacyOverHTTP(t, b, "2025-11-25")
	page, err := api.NewDesk(b.svc).Salon(context.Background(), "studio-nine")
	if err != nil {
		t.Fatal(err)
	}
	first, second := page.Open[0], page.Open[1]
	arguments := map[string]any{"salon": "studio-nine", "message": "A cut?", "openSlots": []string{first.ID, second.ID},
		"customer": map[string]any{"name": "Ana Lima", "contact": "ana@example.com"}}
	res, err := call(cs, arguments)
	if err != nil || res.IsError {
		t.Fatalf("round one: got %v %s, want the question", err, mustJSON(t, res))
	}
	asked := as[mcp.Asking](t, res.StructuredContent)
	if asked.Status != "input_required" || strings.Join(asked.Times, ",") != first.ID+","+second.ID || asked.RequestState == "" {
		t.Fatalf("round one: got %s, want the two slots offered with a state", mustJSON(t, asked))
	}
	answer := map[string]any{"action": "accept", "content": map[string]any{"time": second.ID}}
	res, err = call(cs, answering(map[string]any{"salon": "studio-nine", "message": "A cut?", "openSlots": []string{first.ID, second.ID}}, answer, asked.RequestState))
	wantToolError(t, res, err, "arguments.customer is required at this salon")
	res, err = call(cs, answering(arguments, answer, asked.RequestState))
	manage := b.svc.Keys.ManageKey("studio-nine", "booking-b")
	wantOutcome(t, res, err, `{"status":"booked","slot":"`+second.ID+`","say":"`+second.Label+` is yours.","booking":"booking-b","manage":"`+manage+`"}`)
}

func TestTheConversationLogsNeitherTheStateNorTheCustomer(t *testing.T) {
	b := newBench(t, false)
	var logged testkit.Buffer
	ct, st := sdk.NewInMemoryTransports()
	ss, err := mcp.NewServer(api.NewDesk(b.svc), mcp.Options{Log: slog.New(slog.NewJSONHandler(&logged, nil))}).Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(impl, nil).Connect(context.Background(), ct, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	res, err := call(cs, args)
	state := wantAsking(t, b, res, err, args)
	res, err = call(cs, answering(args, accept1130, state))
	wantOutcome(t, res, err, booked1130)

	lines := logged.String()
	for _, want := range []string{`"round":1,"outcome":"input_required"`, `"asked":"in_conversation"`, `"round":2,"outcome":"booked"`} {
		if !strings.Contains(lines, want) {
			t.Errorf("the log doesn't hold %s:\n%s", want, lines)
		}
	}
	if mac := state[strings.LastIndexByte(state, '.')+1:]; strings.Contains(lines, mac) || strings.Contains(lines, "Saturday morning") {
		t.Errorf("the log holds the state's MAC or the customer's words:\n%s", lines)
	}
}

// TestTheMultiRoundTripPathIsByteForByteAsItWas pins what a client of 2026-07-28 with form
// elicitation reads, byte for byte: the sessionless way changes nothing of it.
func TestTheMultiRoundTripPathIsByteForByteAsItWas(t *testing.T) {
	b := newBench(t, false)
	m := meta(`{"elicitation":{"form":{}}}`)
	const serverInfo = `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"salon-booking","title":"Salon booking assistant","version":"1.0.0"}}`
	const state = `{\"goodUntil\":1790000120,\"nonce\":\"00000000000000010000000000000000\",\"offered\":[\"sat-10:30\",\"sat-11:30\"],` +
		`\"request\":\"ced30646b9a131f94407e3f52a0eed08b737e42f67b5c59ccf8ede59b7324ca1\"}.81b3b640d649ddc0ead8ae874808d87dee905a6a08253799e03f7e3209d56f1f`
	roundTwo := `"arguments":` + mustJSON(t, args) + `,"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},"requestState":"` + state + `",` + m
	for _, c := range []struct {
		params string
		want   string
	}{
		{`"arguments":` + mustJSON(t, args) + `,` + m, `{"jsonrpc":"2.0","id":1,"result":{` + serverInfo + `,"content":null,"requestState":"` + state + `",` +
			`"resultType":"input_required","inputRequests":{"time":{"method":"elicitation/create","params":{"mode":"form","message":"Which time suits you?",` +
			`"requestedSchema":{"type":"object","properties":{"time":{"type":"string","enum":["sat-10:30","sat-11:30"]}},"required":["time"]}}}}}}`},
		{roundTwo, `{"jsonrpc":"2.0","id":1,"result":{` + serverInfo + `,"content":[{"type":"text","text":"{\"status\":\"booked\",\"slot\":\"sat-10:30\",\"say\":\"sat-10:30 is yours.\"}"}],` +
			`"structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."},"resultType":"complete"}}`},
		{roundTwo, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"requestState was already used"}}`},
	} {
		if _, got := toolCall(t, b, c.params); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
}

// Over raw HTTP, as a client of 2025-11-25 that sent initialize on an earlier POST: no session,
// no _meta, and still a booking.
func TestARawLegacyRequestBooksInTheConversation(t *testing.T) {
	b := newBench(t, false)
	post := func(arguments map[string]any) map[string]any {
		t.Helper()
		status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath,
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":`+mustJSON(t, arguments)+`}}`,
			map[string]string{"MCP-Protocol-Version": "2025-11-25"})
		var reply struct {
			Result struct {
				StructuredContent map[string]any
				IsError           bool
			}
		}
		if status != http.StatusOK || json.NewDecoder(bytes.NewReader([]byte(body))).Decode(&reply) != nil || reply.Result.IsError {
			t.Fatalf("got %d %s, want 200 and a result", status, body)
		}
		return reply.Result.StructuredContent
	}
	asked := post(args)
	if asked["status"] != "input_required" {
		t.Fatalf("round one: got %v, want input_required", asked)
	}
	done := post(answering(args, map[string]any{"action": "accept", "content": map[string]any{"time": "sat-10:30"}}, asked["requestState"]))
	if mustJSON(t, done) != mustJSON(t, map[string]any{"status": "booked", "slot": "sat-10:30", "say": "sat-10:30 is yours."}) {
		t.Errorf("round two: got %v, want sat-10:30 booked", done)
	}
}
