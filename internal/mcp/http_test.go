// This file tests the /mcp endpoint on the wire: the same form as the route's, the headers of revision 2026-07-28, Origin validation and the methods it refuses.

package mcp_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/wire"
)

func TestTheRouteAndTheToolAskTheSameQuestion(t *testing.T) {
	b := newBench(t, false)
	status, fromTool := toolCall(t, b, `"arguments":`+mustJSON(t, args)+`,`+meta(`{"elicitation":{"form":{}}}`))
	var tool struct {
		Result struct {
			ResultType    string
			InputRequests any
			RequestState  string
		}
	}
	if status != http.StatusOK || json.Unmarshal([]byte(fromTool), &tool) != nil || tool.Result.ResultType != "input_required" || tool.Result.RequestState == "" {
		t.Fatalf("the tool: got %d %s, want 200 input_required with a requestState", status, fromTool)
	}
	status, _, fromRoute := mcptest.Post(t, b.http.URL+"/salons/studio-nine/book",
		`{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`, nil)
	var route struct{ InputRequests any }
	if status != http.StatusOK || json.Unmarshal([]byte(fromRoute), &route) != nil {
		t.Fatalf("the route: got %d %s, want 200", status, fromRoute)
	}
	if !reflect.DeepEqual(tool.Result.InputRequests, route.InputRequests) {
		t.Errorf("inputRequests differ:\n tool: %s\nroute: %s", mustJSON(t, tool.Result.InputRequests), mustJSON(t, route.InputRequests))
	}
}

func TestARefusedStateIsA400WithInvalidParamsAndTheReason(t *testing.T) {
	b := newBench(t, false)
	status, body := toolCall(t, b, `"arguments":`+mustJSON(t, args)+`,"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},`+
		`"requestState":"{}.00",`+meta(`{"elicitation":{"form":{}}}`))
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"requestState doesn't verify"}}`; status != http.StatusBadRequest || body != want {
		t.Errorf("got %d %s, want 400 %s", status, body, want)
	}
}

func TestTheEndpointChecksTheOrigin(t *testing.T) {
	b := newBench(t, false)
	discover := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{` + meta(`{}`) + `}}`
	headers := func(origin string) map[string]string {
		return map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover", "Origin": origin}
	}
	for _, c := range []struct {
		origin string
		want   int
	}{
		{"", http.StatusOK},
		{"http://localhost:6274", http.StatusOK},
		{"http://127.0.0.1:5173", http.StatusOK},
		{"http://[::1]:8080", http.StatusOK},
		{"https://evil.example", http.StatusForbidden},
		{"http://localhost.evil.example", http.StatusForbidden},
		{"null", http.StatusForbidden},
	} {
		status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath, discover, headers(c.origin))
		if status != c.want {
			t.Errorf("Origin %q: got %d %s, want %d", c.origin, status, body, c.want)
		}
		if c.want == http.StatusForbidden && !strings.HasPrefix(body, `{"jsonrpc":"2.0","error":{"code":-32600,`) {
			t.Errorf("Origin %q: got body %s, want a JSON-RPC error with no id", c.origin, body)
		}
	}
	listed := httpHandlerWithOrigins(t, b, "https://salon.example")
	if status, _, body := mcptest.Post(t, listed+api.MCPPath, discover, headers("https://salon.example")); status != http.StatusOK {
		t.Errorf("a listed origin: got %d %s, want 200", status, body)
	}
}

func TestAForeignHostOnLoopbackIsRefused(t *testing.T) {
	b := newBench(t, false)
	req, _ := http.NewRequest(http.MethodPost, b.http.URL+api.MCPPath, strings.NewReader(`{}`))
	req.Host = "evil.example"
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("got %d, want 403 (DNS rebinding)", res.StatusCode)
	}
}

func TestEveryMethodButPostAnswers405(t *testing.T) {
	b := newBench(t, false)
	for _, method := range []string{http.MethodGet, http.MethodDelete, http.MethodPut, http.MethodPatch} {
		req, _ := http.NewRequest(method, b.http.URL+api.MCPPath, nil)
		req.Header.Set("Accept", "text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != http.MethodPost {
			t.Errorf("%s: got %d Allow %q, want 405 Allow POST", method, res.StatusCode, res.Header.Get("Allow"))
		}
	}
}

func TestHeadersThatContradictTheBodyAreRefused(t *testing.T) {
	b := newBench(t, false)
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":` + mustJSON(t, args) + `,` + meta(`{"elicitation":{}}`) + `}}`
	for _, c := range []struct {
		name    string
		headers map[string]string
	}{
		{"another tool named", map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/call", "Mcp-Name": "cancel"}},
		{"another method named", map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/list", "Mcp-Name": "book"}},
		{"no Mcp-Name", map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/call"}},
		{"no Mcp-Method", map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Name": "book"}},
	} {
		status, _, body := mcptest.Post(t, b.http.URL+api.MCPPath, call, c.headers)
		if status != http.StatusBadRequest || !strings.Contains(body, `"code":-32020`) {
			t.Errorf("%s: got %d %s, want 400 HeaderMismatch (-32020)", c.name, status, body)
		}
	}
}

func TestABodyOverTheRouteBoundAnswers413(t *testing.T) {
	b := newBench(t, false)
	huge := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":{"message":"` + strings.Repeat("m", wire.MaxBodyBytes) + `"}}}`
	status, _, _ := mcptest.Post(t, b.http.URL+api.MCPPath, huge, map[string]string{"MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "tools/call", "Mcp-Name": "book"})
	if status != http.StatusRequestEntityTooLarge {
		t.Errorf("got %d, want 413", status)
	}
}

// httpHandlerWithOrigins serves the bench's desk at /mcp with origins listed, and returns its URL.
func httpHandlerWithOrigins(t *testing.T, b *bench, origins ...string) string {
	t.Helper()
	app := api.New(b.svc)
	api.MountMCP(app, mcp.Handler(mcp.NewServer(api.NewDesk(b.svc), mcp.Options{}), mcp.HTTPOptions{Origins: origins}))
	return newServer(t, app)
}

func newServer(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}
