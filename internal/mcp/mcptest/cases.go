// Package mcptest holds the raw JSON-RPC messages the MCP server's tests send over stdio and HTTP, in process and to the built bookingd, each with the answer it must get.
package mcptest

import (
	"net/http"
	"strings"
)

// Revisions are the protocol revisions the HTTP cases are sent as, oldest first.
var Revisions = []string{"2025-11-25", "2026-07-28"}

// stateless is the revision from which the transport keeps no sessions and clients send no responses.
const stateless = "2026-07-28"

// Meta is the per-request _meta of revision 2026-07-28, as a JSON member.
const Meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
	`"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"},` +
	`"io.modelcontextprotocol/clientCapabilities":{}}`

// Discover is a valid server/discover request of revision 2026-07-28 with id (JSON), which any
// session answers.
func Discover(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"server/discover","params":{` + Meta + `}}`
}

// A Case is one message as a client might write it, and the answer the server must give.
type Case struct {
	Name    string // what the case shows, as a subtest name
	Message string // one line of stdio, or one POST body
	// Code is the JSON-RPC error code of the answer; 0 when the message gets no answer (a
	// notification, or a response).
	Code int64
	// ID is the answer's id as JSON: the message's own, or null where it couldn't be read.
	ID string
	// Response marks a JSON-RPC response from the client.
	Response bool
}

// HTTP is what POSTing the case answers a client of revision: the status, and the code and id of
// the JSON-RPC error in the body (code 0: an empty body). A malformed message is 400 (the
// transport's status for input it can't accept); a method not found is 404 on 2026-07-28 (its
// transport's rule) and 200 before (a JSON-RPC error like any other); invalid params are 400 on
// 2026-07-28 and 200 before, as the SDK answers them; a notification is 202; a response is 202,
// and 400 on 2026-07-28, whose clients send none.
func (c Case) HTTP(revision string) (status int, code int64, id string) {
	switch {
	case c.Response && revision >= stateless:
		return http.StatusBadRequest, -32600, "null"
	case c.Code == 0:
		return http.StatusAccepted, 0, ""
	case c.Code == -32601 && revision >= stateless:
		return http.StatusNotFound, c.Code, c.ID
	case (c.Code == -32601 || c.Code == -32602) && revision < stateless:
		return http.StatusOK, c.Code, c.ID
	}
	return http.StatusBadRequest, c.Code, c.ID
}

// Malformed are the messages that aren't requests the server can serve: every one is answered
// with its error (or, if it may not be answered, nothing) and changes nothing.
var Malformed = []Case{
	{Name: "not JSON", Message: `not json`, Code: -32700, ID: "null"},
	{Name: "JSON cut short", Message: `{"jsonrpc":"2.0","id":1,"method":"tools/list"`, Code: -32700, ID: "null"},
	{Name: "JSON with more after it", Message: `{"jsonrpc":"2.0","id":1,"method":"tools/list"} {}`, Code: -32700, ID: "null"},
	{Name: "an empty object", Message: `{}`, Code: -32600, ID: "null"},
	{Name: "a string", Message: `"tools/list"`, Code: -32600, ID: "null"},
	{Name: "a number", Message: `42`, Code: -32600, ID: "null"},
	{Name: "null", Message: `null`, Code: -32600, ID: "null"},
	{Name: "an empty batch", Message: `[]`, Code: -32600, ID: "null"},
	{Name: "a batch", Message: `[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`, Code: -32600, ID: "null"},
	{Name: "version 1.0", Message: `{"jsonrpc":"1.0","id":2,"method":"server/discover","params":{` + Meta + `}}`, Code: -32600, ID: "2"},
	{Name: "no version", Message: `{"id":3,"method":"tools/list"}`, Code: -32600, ID: "3"},
	{Name: "a version that is a number", Message: `{"jsonrpc":2.0,"id":4,"method":"tools/list"}`, Code: -32600, ID: "4"},
	{Name: "id true", Message: `{"jsonrpc":"2.0","id":true,"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id false", Message: `{"jsonrpc":"2.0","id":false,"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id null", Message: `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id an object", Message: `{"jsonrpc":"2.0","id":{"n":1},"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id an array", Message: `{"jsonrpc":"2.0","id":[1],"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id a fraction", Message: `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "id twice", Message: `{"jsonrpc":"2.0","id":5,"id":6,"method":"tools/list"}`, Code: -32600, ID: "null"},
	{Name: "method twice", Message: `{"jsonrpc":"2.0","id":7,"method":"tools/list","method":"tools/call"}`, Code: -32600, ID: "null"},
	{Name: "an id and no method", Message: `{"jsonrpc":"2.0","id":8}`, Code: -32600, ID: "8"},
	{Name: "neither a method nor an id", Message: `{"jsonrpc":"2.0"}`, Code: -32600, ID: "null"},
	{Name: "a method that is a number", Message: `{"jsonrpc":"2.0","id":9,"method":42}`, Code: -32600, ID: "9"},
	{Name: "a method that is null", Message: `{"jsonrpc":"2.0","id":10,"method":null}`, Code: -32600, ID: "10"},
	// Params that fit no method (neither an object nor an array) in an otherwise well-formed
	// message: a params error of that request, and a notification is never answered.
	{Name: "params that are a string", Message: `{"jsonrpc":"2.0","id":11,"method":"tools/list","params":"all"}`, Code: -32602, ID: "11"},
	{Name: "params that are null", Message: `{"jsonrpc":"2.0","id":12,"method":"tools/list","params":null}`, Code: -32602, ID: "12"},
	{Name: "a ping whose params are a string", Message: `{"jsonrpc":"2.0","id":7,"method":"ping","params":"invalid"}`, Code: -32602, ID: "7"},
	{Name: "a ping whose params are a number", Message: `{"jsonrpc":"2.0","id":"p","method":"ping","params":42}`, Code: -32602, ID: `"p"`},
	{Name: "a ping whose params are true", Message: `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping","params":true}`, Code: -32602, ID: "9007199254740993"},
	{Name: "a ping without an id whose params are a string", Message: `{"jsonrpc":"2.0","method":"ping","params":"invalid"}`},
	{Name: "a notification whose params are a string", Message: `{"jsonrpc":"2.0","method":"notifications/initialized","params":"invalid"}`},
	{Name: "a notification whose params are null", Message: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":null}`},
	{Name: "a method the server doesn't know, whose params are a string", Message: `{"jsonrpc":"2.0","id":22,"method":"unknown/method","params":"x"}`, Code: -32601, ID: "22"},
	{Name: "a notification's method with an id, whose params are a string", Message: `{"jsonrpc":"2.0","id":23,"method":"notifications/initialized","params":"x"}`, Code: -32600, ID: "23"},
	{Name: "a string params with a bad version", Message: `{"jsonrpc":"1.0","id":24,"method":"ping","params":"x"}`, Code: -32600, ID: "24"},
	{Name: "a string params with a result", Message: `{"jsonrpc":"2.0","id":25,"method":"ping","params":"x","result":{}}`, Code: -32600, ID: "25"},
	{Name: "a request with a result", Message: `{"jsonrpc":"2.0","id":13,"method":"tools/list","result":{}}`, Code: -32600, ID: "13"},
	{Name: "a response with a result and an error", Message: `{"jsonrpc":"2.0","id":14,"result":{},"error":{"code":-32603,"message":"x"}}`, Code: -32600, ID: "14"},
	{Name: "a response whose error has no code", Message: `{"jsonrpc":"2.0","id":15,"error":{"message":"x"}}`, Code: -32600, ID: "15"},
	{Name: "a message nested too deep", Message: `{"jsonrpc":"2.0","id":16,"method":"tools/list","params":{"x":` +
		strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}}`, Code: -32600, ID: "null"},
	{Name: "a method the server doesn't know", Message: `{"jsonrpc":"2.0","id":17,"method":"unknown/method","params":{` + Meta + `}}`, Code: -32601, ID: "17"},
	{Name: "a method the server doesn't know, before initialize", Message: `{"jsonrpc":"2.0","id":21,"method":"unknown/method"}`, Code: -32601, ID: "21"},
	{Name: "a method of a feature not declared", Message: `{"jsonrpc":"2.0","id":"c","method":"logging/setLevel","params":{"level":"info",` + Meta + `}}`, Code: -32601, ID: `"c"`},
	{Name: "a notification's method with an id", Message: `{"jsonrpc":"2.0","id":18,"method":"notifications/initialized"}`, Code: -32600, ID: "18"},
	{Name: "a notification the server doesn't know", Message: `{"jsonrpc":"2.0","method":"notifications/unknown"}`},
	{Name: "a request's method without an id", Message: `{"jsonrpc":"2.0","method":"tools/list","params":{` + Meta + `}}`},
	{Name: "a response to nothing", Message: `{"jsonrpc":"2.0","id":19,"result":{}}`, Response: true},
	{Name: "an error response to nothing", Message: `{"jsonrpc":"2.0","id":20,"error":{"code":-32603,"message":"x"}}`, Response: true},
}

// IDs are ids of every valid kind, each as a client writes it; the reply carries it back the
// same, byte for byte. The SDK alone would answer the large ones and 1.0 with other numbers, and
// the strings with escapes (or U+2028) written otherwise.
var IDs = []string{
	`0`, `-1`, `42`, `9007199254740991`, `-9007199254740991`,
	`9007199254740993`, `-9223372036854775808`, `123456789012345678901234567890`, `1.0`, `1e2`,
	`"a"`, `""`, `"bookingd-id-0"`, `"🙂"`, "\"\u2028\"", `"\u0041"`, `"a\/b"`, `"\ud800"`, `"\ud83d\ude42"`,
}
