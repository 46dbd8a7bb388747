// This file tests the envelope check on its own: what each message reads as, which ids the SDK carries as sent, the stand-ins that carry the others, and a fuzz target that feeds it anything.

package mcp

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"salon/internal/mcp/mcptest"
)

func TestEachMessageReadsAsItsKind(t *testing.T) {
	for _, c := range []struct {
		name    string
		message string
		want    kind
		method  string
		id      string
		unfit   bool
	}{
		{"a request", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, request, "tools/list", "1", false},
		{"a request with params", ` {"jsonrpc":"2.0","method":"tools/call","params":{"name":"book"},"id":"x"} `, request, "tools/call", `"x"`, false},
		{"a request with array params, for the SDK to refuse", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}`, request, "tools/list", "1", false},
		{"an escaped method", `{"jsonrpc":"2.0","id":1,"method":"tools\/list"}`, request, "tools/list", "1", false},
		{"a notification", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`, notification, "notifications/cancelled", "", false},
		{"a request whose params fit no method", `{"jsonrpc":"2.0","id":7,"method":"ping","params":"invalid"}`, request, "ping", "7", true},
		{"a notification whose params fit no method", `{"jsonrpc":"2.0","method":"ping","params":null}`, notification, "ping", "", true},
		{"a response", `{"jsonrpc":"2.0","id":3,"result":{}}`, response, "", "3", false},
		{"an error response", `{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"no","data":[1]}}`, response, "", "3", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, refused := readMessage([]byte(c.message))
			if refused != nil {
				t.Fatalf("got the refusal %s, want a message", refused.encode())
			}
			if m.kind != c.want || m.method != c.method || string(m.id) != c.id || m.unfitParams != c.unfit {
				t.Errorf("got kind %d, method %q, id %s, params that fit no method %v; want kind %d, method %q, id %s, %v",
					m.kind, m.method, m.id, m.unfitParams, c.want, c.method, c.id, c.unfit)
			}
		})
	}
}

func TestParamsThatFitNoMethodAreAParamsErrorOfTheRequest(t *testing.T) {
	for _, c := range []struct {
		message string
		code    int64
	}{
		{`{"jsonrpc":"2.0","id":7,"method":"ping","params":"invalid"}`, jsonrpc.CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":null}`, jsonrpc.CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":7,"method":"notifications/cancelled","params":1}`, jsonrpc.CodeInvalidRequest},
	} {
		m, refused := readMessage([]byte(c.message))
		if refused != nil || !m.unfitParams {
			t.Fatalf("%s: got %+v, refusal %v; want a request whose params fit no method", c.message, m, refused)
		}
		mcptest.WantError(t, string(paramsRefusal(m).encode()), c.code, "7")
	}
}

func TestEveryMalformedMessageIsRefusedWithItsCodeAndID(t *testing.T) {
	for _, c := range mcptest.Malformed {
		if c.Code == 0 || c.Code == jsonrpc.CodeMethodNotFound || c.Code == jsonrpc.CodeInvalidParams ||
			strings.HasPrefix(c.Name, "a notification's method with an id") {
			continue // well-formed messages, for the server to answer
		}
		t.Run(c.Name, func(t *testing.T) {
			_, refused := readMessage([]byte(c.Message))
			if refused == nil {
				t.Fatal("got a message, want a refusal")
			}
			mcptest.WantError(t, string(refused.encode()), c.Code, c.ID)
		})
	}
}

func TestTheSDKCarriesOnlyPlainSafeIntegersAndStrings(t *testing.T) {
	for _, c := range []struct {
		id      string
		integer bool
		exact   bool
	}{
		{"0", true, true}, {"-7", true, true}, {"9007199254740991", true, true}, {"-9007199254740991", true, true},
		{"9007199254740992", true, false}, {"-9223372036854775809", true, false}, {"1" + string(bytes.Repeat([]byte("0"), 40)), true, false},
		{"-0", true, false}, {"1.0", true, false}, {"1e2", true, false}, {"0.5e1", true, false}, {"100e-2", true, false},
		{"0e-999999999999999999999", true, false}, {"1e999999999999999999999", true, false},
		{"1.5", false, false}, {"5e-1", false, false}, {"1e-999999999999999999999", false, false},
		{`"1"`, false, false}, {"true", false, false}, {"null", false, false},
	} {
		integer, exact := readID(json.RawMessage(c.id))
		if integer != c.integer || exact != c.exact {
			t.Errorf("%s: got integer %v, exact %v; want %v, %v", c.id, integer, exact, c.integer, c.exact)
		}
	}
}

func TestACancellationFindsTheStandInOfTheRequestItNames(t *testing.T) {
	c, _ := (&lineTransport{in: bytes.NewReader(nil), out: &bytes.Buffer{}}).Connect(t.Context())
	conn := c.(*lineConn)
	m, _ := readMessage([]byte(`{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{}}`))
	standIn, ok := conn.carry(m).Raw().(string)
	if !ok {
		t.Fatalf("got id %v for 9007199254740993, want a stand-in string", conn.carry(m).Raw())
	}
	got := conn.cancelling(json.RawMessage(`{"requestId":9007199254740993,"reason":"the customer left"}`))
	want := `{"reason":"the customer left","requestId":"` + standIn + `"}`
	if string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if other := conn.cancelling(json.RawMessage(`{"requestId":5}`)); string(other) != `{"requestId":5}` {
		t.Errorf("a cancellation of another request: got %s, want it unchanged", other)
	}
	if sent, ok := conn.sentAsFor(mustID(t, "bookingd-id-never-issued")); ok {
		t.Errorf("an id that is no stand-in stood for %s", sent)
	}
	if sent, ok := conn.sentAsFor(mustID(t, standIn)); !ok || string(sent) != "9007199254740993" {
		t.Errorf("the stand-in's reply: got the id %s, want 9007199254740993", sent)
	}
}

func mustID(t *testing.T, v any) jsonrpc.ID {
	t.Helper()
	id, err := jsonrpc.MakeID(v)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestAStandInCutAcrossWritesIsStillReplaced(t *testing.T) {
	rec := httptest.NewRecorder()
	w := &idRestorer{ResponseWriter: rec, standIn: []byte(`"bookingd-id-x-1"`), id: []byte("9007199254740993")}
	for _, part := range []string{`{"jsonrpc":"2.0","id":"booki`, `ngd-id-x-1","result":{}}`, "\n\"bookingd", "-id-"} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	w.finish()
	if want := "{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"result\":{}}\n\"bookingd-id-"; rec.Body.String() != want {
		t.Errorf("got %q, want %q", rec.Body.String(), want)
	}
}

// FuzzReadMessage feeds the envelope check anything: it never panics, what it lets through the
// SDK decodes (under a stand-in id where it must), and what it refuses is answered with one
// JSON-RPC error.
func FuzzReadMessage(f *testing.F) {
	for _, c := range mcptest.Malformed {
		f.Add([]byte(c.Message))
	}
	for _, id := range mcptest.IDs {
		f.Add([]byte(mcptest.Discover(id)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, refused := readMessage(data)
		if refused != nil {
			var reply struct {
				ID    json.RawMessage
				Error *jsonrpc.Error
			}
			if err := json.Unmarshal(refused.encode(), &reply); err != nil || reply.Error == nil || reply.ID == nil {
				t.Fatalf("the refusal of %q is %s, want one JSON-RPC error with an id or null", data, refused.encode())
			}
			return
		}
		if m.unfitParams {
			if m.kind != request && m.kind != notification {
				t.Fatalf("read %q as kind %d with params that fit no method, want a request or a notification", data, m.kind)
			}
			if r := paramsRefusal(m); m.kind == request && !bytes.Equal(r.id, m.id) {
				t.Fatalf("the params error of %q has the id %s, want %s", data, r.id, m.id)
			}
			return // answered or dropped before the SDK
		}
		forSDK := trimSpace(data)
		if m.id != nil && !m.exact { // as the HTTP endpoint sends it on, under a stand-in
			forSDK = bytes.Join([][]byte{forSDK[:m.idAt[0]], []byte(`:"bookingd-id-x-1"`), forSDK[m.idAt[1]:]}, nil)
		}
		if _, err := jsonrpc.DecodeMessage(forSDK); err != nil {
			t.Fatalf("let %q through as %q, and the SDK can't decode it: %v", data, forSDK, err)
		}
		if m.id != nil {
			place := trimSpace(data)[m.idAt[0]:m.idAt[1]]
			if got := trimSpace(bytes.TrimPrefix(trimSpace(place), []byte(":"))); !bytes.Equal(got, m.id) {
				t.Fatalf("the id's place in %q holds %q, want %s", data, place, m.id)
			}
		}
	})
}
