// This file holds the envelope check both transports run before the SDK sees a message: what makes a line or a POST body one JSON-RPC message this server reads, and the error response that answers anything else.

package mcp

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// kind is what a message is, by its members.
type kind int

const (
	request      kind = iota + 1 // a method and an id: answered
	notification                 // a method and no id: never answered
	response                     // an id with a result or an error: a client answering the server
)

// message is one JSON-RPC message as the envelope check read it. Every member the SDK decodes
// has the type it expects, so the SDK can't fail on it.
type message struct {
	kind kind
	// id is the id as sent (nil for a notification). exact says whether the SDK writes it back
	// byte for byte: a string with no escapes, or an integer written plainly within ±(2^53−1).
	// The SDK reads ids through float64, so 9007199254740993 would come back as
	// 9007199254740992 and 1.0 as 1, and decodes strings, so "\u0041" would come back as "A";
	// such ids travel through the SDK under a stand-in and are written back as sent.
	id    json.RawMessage
	exact bool
	// idAt is where the id's member value lies in the message (from the colon to the value's
	// end), so a stand-in can be put in its place.
	idAt   [2]int
	method string
	params json.RawMessage
	// unfitParams marks a request or notification whose params are present and neither an object
	// nor an array, so they fit no method: a params error of that request (never an invalid
	// request), and a notification that is dropped unanswered.
	unfitParams bool
	result      json.RawMessage
	err         *jsonrpc.Error
}

// refusal is the JSON-RPC error that answers what isn't a message this server reads.
type refusal struct {
	code    int64
	message string
	// id is the message's id when it could be read, and null when it couldn't: JSON-RPC 2.0's
	// rule for parse errors and invalid requests.
	id json.RawMessage
}

var null = json.RawMessage("null")

// The refusals, in JSON-RPC's words (parse error, invalid request) and then the reason.
func parseError() *refusal {
	return &refusal{code: jsonrpc.CodeParseError, message: "parse error: the message isn't valid JSON", id: null}
}

func invalid(id json.RawMessage, reason string) *refusal {
	if id == nil {
		id = null
	}
	return &refusal{code: jsonrpc.CodeInvalidRequest, message: "invalid request: " + reason, id: id}
}

// readMessage reads data, one line of stdio or one POST body, as a single JSON-RPC 2.0 message
// of MCP: an object whose jsonrpc is "2.0", whose id (when present) is a string or an integer,
// never null, and that is a request, a notification or a response. Anything else is refused:
// -32700 when data isn't JSON, -32600 otherwise, with the id when it could be read. A batch (an
// array) is refused whole: MCP removed JSON-RPC batching in 2025-06-18, and the revisions this
// server speaks send one message at a time. Params that are neither an object nor an array don't
// make a message malformed: the message is read, marked unfitParams, for paramsRefusal to answer
// (a request) or for the transport to drop (a notification).
func readMessage(data []byte) (message, *refusal) {
	data = trimSpace(data)
	if !json.Valid(data) {
		return message{}, parseError()
	}
	if tooDeep(data) {
		return message{}, invalid(nil, fmt.Sprintf("the message nests deeper than %d levels", maxDepth))
	}
	switch data[0] {
	case '{':
	case '[':
		return message{}, invalid(nil, "batches are not accepted; send one message at a time (MCP removed JSON-RPC batching in 2025-06-18)")
	default:
		return message{}, invalid(nil, "a message is a JSON object")
	}
	members, idAt, dup := objectMembers(data)
	if dup != "" {
		return message{}, invalid(nil, "the message has "+strconv.Quote(dup)+" twice")
	}
	var m message
	if raw, ok := members["id"]; ok {
		integer, exact := readID(raw)
		if !integer && raw[0] != '"' {
			return message{}, invalid(nil, "id must be a string or an integer")
		}
		m.id, m.exact, m.idAt = raw, exact || (raw[0] == '"' && plainString(raw)), idAt
	}
	if raw := members["jsonrpc"]; string(raw) != `"2.0"` {
		var version string
		if json.Unmarshal(raw, &version) != nil || version != "2.0" {
			return message{}, invalid(m.id, `jsonrpc must be "2.0"`)
		}
	}
	method, hasMethod := members["method"]
	result, hasResult := members["result"]
	errObj, hasError := members["error"]
	switch {
	case hasMethod:
		if method[0] != '"' || json.Unmarshal(method, &m.method) != nil {
			return message{}, invalid(m.id, "method must be a string")
		}
		if hasResult || hasError {
			return message{}, invalid(m.id, "a request carries no result or error")
		}
		if params, ok := members["params"]; ok {
			if params[0] == '{' || params[0] == '[' {
				m.params = params
			} else {
				m.unfitParams = true
			}
		}
		m.kind = request
		if m.id == nil {
			m.kind = notification
		}
	case m.id == nil:
		return message{}, invalid(nil, "a message has a method (a request or a notification), or an id with a result or an error (a response)")
	case hasResult == hasError:
		return message{}, invalid(m.id, "a message with an id and no method is a response, which carries either a result or an error")
	case hasResult:
		m.kind, m.result = response, result
	default:
		var e jsonrpc.Error
		if !wireError(errObj, &e) {
			return message{}, invalid(m.id, "a response's error is an object with an integer code and a string message")
		}
		m.kind, m.err = response, &e
	}
	return m, nil
}

// paramsRefusal answers a request whose params fit no method (m.unfitParams): Invalid params
// (-32602) with its id, as JSON-RPC answers params that don't fit the method asked. A
// notification's method sent with an id is no request of this server at all, and stays an invalid
// request (-32600), as it is with params that fit. A method the server doesn't answer is answered
// Method not found before its params are looked at.
func paramsRefusal(m message) *refusal {
	if isNotification(m.method) {
		return invalid(m.id, "params must be an object")
	}
	return &refusal{code: jsonrpc.CodeInvalidParams, message: "invalid params: params must be an object", id: m.id}
}

// trimSpace drops JSON's whitespace around data (and nothing else, unlike bytes.TrimSpace).
func trimSpace(data []byte) []byte {
	return bytes.Trim(data, " \t\r\n")
}

// objectMembers reads the members of the JSON object data (already valid JSON). It returns the
// span of the id member's value, and the name of a member that appears twice, if any: parsers
// that disagree on which of two ids or methods counts are how a header check is fooled, so a
// message that names one twice is refused.
func objectMembers(data []byte) (members map[string]json.RawMessage, idAt [2]int, dup string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	members = make(map[string]json.RawMessage, 5)
	if _, err := dec.Token(); err != nil { // the opening brace
		return members, idAt, ""
	}
	for dec.More() {
		tok, err := dec.Token()
		name, ok := tok.(string)
		if err != nil || !ok {
			return members, idAt, ""
		}
		start := int(dec.InputOffset())
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return members, idAt, ""
		}
		if _, seen := members[name]; seen {
			return members, idAt, name
		}
		members[name] = value
		if name == "id" {
			idAt = [2]int{start, int(dec.InputOffset())}
		}
	}
	return members, idAt, ""
}

// maxDepth bounds how deeply a message nests: the SDK's own bound, far beyond any real message.
const maxDepth = 1000

// tooDeep reports whether data (valid JSON) nests objects and arrays deeper than maxDepth.
func tooDeep(data []byte) bool {
	depth, inString, escaped := 0, false, false
	for _, b := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			if depth++; depth > maxDepth {
				return true
			}
		case b == '}' || b == ']':
			depth--
		}
	}
	return false
}

// maxExactID is the largest integer a float64 holds exactly, and so the largest the SDK echoes.
const maxExactID = 1<<53 - 1

// readID reports whether raw is a JSON number whose value is an integer (1, -7, 1.0, 2e3), and
// whether it is one the SDK carries exactly as written: plain digits within ±maxExactID.
func readID(raw json.RawMessage) (integer, exact bool) {
	text := string(raw)
	if text == "" || (text[0] != '-' && (text[0] < '0' || text[0] > '9')) || !integral(text) {
		return false, false
	}
	n, err := strconv.ParseInt(text, 10, 64)
	plain := err == nil && text != "-0" && strconv.FormatInt(n, 10) == text
	return true, plain && n >= -maxExactID && n <= maxExactID
}

// integral reports whether the JSON number num (valid JSON) has no fractional part, by its
// digits alone, so neither a long number nor a vast exponent costs more than reading it.
func integral(num string) bool {
	num = strings.TrimPrefix(num, "-")
	mantissa, exponent := num, 0
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		mantissa = num[:i]
		e, err := strconv.Atoi(num[i+1:])
		switch {
		case err == nil:
			exponent = e
		case strings.HasPrefix(num[i+1:], "-"): // beyond int: only its sign matters
			exponent = math.MinInt32
		default:
			exponent = math.MaxInt32
		}
	}
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := whole + fraction
	point := min(max(len(whole)+exponent, 0), len(digits)) // digits from here on are fractional
	return strings.Trim(digits[point:], "0") == ""
}

// plainString reports whether the JSON string raw reads back the same once decoded and encoded
// again as the SDK does: valid UTF-8 with no escape, and none of the two characters encoding/json
// always escapes (U+2028, U+2029).
func plainString(raw json.RawMessage) bool {
	return utf8.Valid(raw) && !bytes.ContainsAny(raw, "\\\u2028\u2029")
}

// standInPrefix begins the ids that stand in for ids the SDK can't carry: random, so no client
// id is ever taken for one.
func standInPrefix() string {
	var nonce [12]byte
	rand.Read(nonce[:])
	return fmt.Sprintf("bookingd-id-%x-", nonce)
}

// wireError reads a response's error member into e: an object with an integer code and a string
// message, as the SDK decodes it.
func wireError(raw json.RawMessage, e *jsonrpc.Error) bool {
	if raw[0] != '{' {
		return false
	}
	var members struct {
		Code    json.RawMessage `json:"code"`
		Message json.RawMessage `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &members) != nil || len(members.Message) == 0 || members.Message[0] != '"' {
		return false
	}
	code, err := strconv.ParseInt(string(members.Code), 10, 64)
	if err != nil || json.Unmarshal(members.Message, &e.Message) != nil {
		return false
	}
	e.Code, e.Data = code, members.Data
	return true
}

// errorResponse is a JSON-RPC error response with id, or without one when id is nil (a refusal
// before any message was read, as the Streamable HTTP transport words it).
func errorResponse(id json.RawMessage, code int64, text string) []byte {
	return encodeResponse(id, nil, &jsonrpc.Error{Code: code, Message: text})
}

// encode is the refusal's error response.
func (r *refusal) encode() []byte { return errorResponse(r.id, r.code, r.message) }

// encodeResponse writes a response with id as given, the way the SDK writes one (no HTML
// escaping; an error that isn't a JSON-RPC error keeps its message and any wrapped code).
func encodeResponse(id, result json.RawMessage, err error) []byte {
	wire := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id,omitempty"`
		Result  json.RawMessage `json:"result,omitempty"`
		Error   *jsonrpc.Error  `json:"error,omitempty"`
	}{JSONRPC: "2.0", ID: id, Result: result}
	if err != nil {
		wire.Error = &jsonrpc.Error{Message: err.Error()}
		var coded *jsonrpc.Error
		if direct, ok := err.(*jsonrpc.Error); ok {
			wire.Error = direct
		} else if errors.As(err, &coded) {
			wire.Error.Code = coded.Code
		}
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if enc.Encode(wire) != nil {
		return []byte(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"internal error"}}`)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n"))
}
