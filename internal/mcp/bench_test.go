// This file holds the tests' bench: a desk with a fixed key and a clock the test moves, and the two ways a test reaches the server, in process and over HTTP through the Echo application.

package mcp_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/requeststate"
	"salon/internal/wire"
)

// bench is one server's world: its service (key, clock, nonces, spent store) and what it serves.
type bench struct {
	keys requeststate.Keys
	unix atomic.Int64
	svc  api.Service
	http *httptest.Server
}

// newBench returns a bench whose service signs with a fixed key, or with none when keyless.
func newBench(t *testing.T, keyless bool) *bench {
	t.Helper()
	keys, err := requeststate.NewKeys(bytes.Repeat([]byte{7}, requeststate.MinKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	b := &bench{keys: keys}
	b.unix.Store(1_790_000_000)
	var nonces atomic.Uint64
	b.svc = api.Service{
		Keys:  &b.keys,
		Life:  2 * time.Minute,
		Now:   b.now,
		Nonce: func() (n requeststate.Nonce) { binary.BigEndian.PutUint64(n[:], nonces.Add(1)); return n },
	}
	b.svc.Spent = requeststate.NewMemory(b.now)
	if keyless {
		b.svc.Keys = nil
	}
	app := api.New(b.svc)
	api.MountMCP(app, mcp.Handler(mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}), mcp.HTTPOptions{}))
	b.http = httptest.NewServer(app)
	t.Cleanup(b.http.Close)
	return b
}

func (b *bench) now() time.Time { return time.Unix(b.unix.Load(), 0) }

// transport is a way to reach the bench's MCP server with a client.
type transport struct {
	name    string
	connect func(t *testing.T, b *bench, c *sdk.Client, opts *sdk.ClientSessionOptions) *sdk.ClientSession
}

// transports are in process (the SDK's in-memory transport, a live session) and over HTTP
// (the SDK's streamable client against /mcp of the Echo application).
var transports = []transport{
	{"in process", func(t *testing.T, b *bench, c *sdk.Client, opts *sdk.ClientSessionOptions) *sdk.ClientSession {
		t.Helper()
		ct, st := sdk.NewInMemoryTransports()
		ss, err := mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}).Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := c.Connect(context.Background(), ct, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
		return cs
	}},
	{"over HTTP", func(t *testing.T, b *bench, c *sdk.Client, opts *sdk.ClientSessionOptions) *sdk.ClientSession {
		t.Helper()
		cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: b.http.URL + api.MCPPath}, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close() })
		return cs
	}},
}

// The clients a test uses.
var (
	impl = &sdk.Implementation{Name: "salon-test", Version: "1.0.0"}
	form = &sdk.ClientCapabilities{Elicitation: &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}}}
)

// manualClient declares form elicitation but retries nothing itself: the test drives both rounds.
func manualClient() *sdk.Client {
	return sdk.NewClient(impl, &sdk.ClientOptions{Capabilities: form, MultiRoundTrip: &sdk.MultiRoundTripOptions{Disabled: true}})
}

// answeringClient fulfils every question with answer and retries, as a real client does.
func answeringClient(answer func(*sdk.ElicitRequest) *sdk.ElicitResult) *sdk.Client {
	return sdk.NewClient(impl, &sdk.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) { return answer(req), nil },
	})
}

// The booking the tests make.
var (
	slots = []string{"sat-10:30", "sat-11:30", "sat-13:00"}
	args  = map[string]any{"salon": "studio-nine", "message": "A cut on Saturday morning?", "openSlots": slots}
)

func withArgs(changes map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		out[k] = v
	}
	for k, v := range changes {
		out[k] = v
	}
	return out
}

func accept(time string) sdk.InputResponseMap {
	return sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": time}}}
}

// roundOne asks and returns the state, failing unless the result is input_required.
func roundOne(t *testing.T, cs *sdk.ClientSession, arguments map[string]any) (*sdk.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: arguments})
	if err != nil {
		t.Fatalf("round one: %v", err)
	}
	if !res.NeedsInput() || res.RequestState == "" {
		t.Fatalf("round one: got %s, want input_required with a requestState", mustJSON(t, res))
	}
	return res, res.RequestState
}

// roundTwo retries with answers and state.
func roundTwo(cs *sdk.ClientSession, arguments map[string]any, answers sdk.InputResponseMap, state string) (*sdk.CallToolResult, error) {
	return cs.CallTool(context.Background(), &sdk.CallToolParams{Name: mcp.ToolName, Arguments: arguments, InputResponses: answers, RequestState: state})
}

// wantOutcome checks a completed result: structuredContent, and the same JSON as its one text block.
func wantOutcome(t *testing.T, res *sdk.CallToolResult, err error, want string) {
	t.Helper()
	if err != nil {
		t.Fatalf("got error %v, want %s", err, want)
	}
	if res.NeedsInput() || res.IsError {
		t.Fatalf("got %s, want a completed %s", mustJSON(t, res), want)
	}
	if got := mustJSON(t, as[wire.Completion](t, res.StructuredContent)); got != want {
		t.Errorf("structuredContent: got %s, want %s", got, want)
	}
	if len(res.Content) != 1 {
		t.Fatalf("content: got %d blocks, want 1 text block", len(res.Content))
	}
	if text, ok := res.Content[0].(*sdk.TextContent); !ok || text.Text != want {
		t.Errorf("content: got %s, want the text %s", mustJSON(t, res.Content[0]), want)
	}
}

// wantRPCError checks err is a JSON-RPC error with code and message.
func wantRPCError(t *testing.T, err error, code int64, message string) *jsonrpc.Error {
	t.Helper()
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) {
		t.Fatalf("got %v, want JSON-RPC error %d %q", err, code, message)
	}
	if rpcErr.Code != code || rpcErr.Message != message {
		t.Errorf("got JSON-RPC error %d %q, want %d %q", rpcErr.Code, rpcErr.Message, code, message)
	}
	return rpcErr
}

// as reads v, as a client decoded it, into the route's wire type T, so it writes in T's order.
func as[T any](t *testing.T, v any) T {
	t.Helper()
	var out T
	if err := json.Unmarshal([]byte(mustJSON(t, v)), &out); err != nil {
		t.Fatalf("reading %s: %v", mustJSON(t, v), err)
	}
	return out
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// cannotAsk is the message of -32021, which speaks of the request, never of what a client declared.
const cannotAsk = "this request declares no form elicitation (elicitation.form) among its client capabilities, so the customer can't be asked which time suits them"

// The wire outcomes of the booking.
const (
	booked1030 = `{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}`
	noneChosen = `{"status":"not_booked","say":"No time was chosen, so nothing is booked."}`
	noneOpen   = `{"status":"not_booked","say":"Nothing is open then, so the salon will call you."}`
)

// meta is the per-request _meta of revision 2026-07-28, for raw exchanges.
func meta(capabilities string) string {
	return `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"},` +
		`"io.modelcontextprotocol/clientCapabilities":` + capabilities + `}`
}

// toolCall posts a tools/call of book with params (JSON members, without the braces).
func toolCall(t *testing.T, b *bench, params string) (int, string) {
	t.Helper()
	status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book",`+params+`}}`,
		map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/call", "Mcp-Name": mcp.ToolName})
	return status, body
}
