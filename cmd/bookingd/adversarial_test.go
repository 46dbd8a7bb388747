// This file sends hostile requests over real HTTP to the built bookingd: each row is a clear 4xx naming its reason, and spends nothing.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/step"
)

// The booking every row starts from, as the curl session of the README sends it.
const (
	hostileSalon = "studio-nine"
	hostileArgs  = `{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}`
)

var hostileBooking = step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"}}

// hostileClient sends the rows; it never follows a redirect, so a reply is the server's own.
var hostileClient = &http.Client{
	Timeout:       20 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// exchange is one request over the wire and its reply.
type exchange struct {
	status      int
	contentType string
	body        []byte
}

// send posts body to path (written as it goes on the wire, escapes and dots kept) with contentType ("" sends none).
func send(t *testing.T, base, path, contentType string, body io.Reader) exchange {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := hostileClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	reply, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return exchange{res.StatusCode, res.Header.Get("Content-Type"), bytes.TrimSpace(reply)}
}

// states remembers every state the server issued in a test, so the log can be searched for them.
type states struct {
	mu  sync.Mutex
	all []string
}

func (s *states) add(state string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all = append(s.all, state)
}

// ask runs round one for the usual booking at studio-nine and returns the state it was given.
func (s *states) ask(t *testing.T, base string) string {
	t.Helper()
	got := send(t, base, "/salons/"+hostileSalon+"/book", "application/json", strings.NewReader(`{"arguments":`+hostileArgs+`}`))
	var asked struct{ RequestState string }
	if got.status != http.StatusOK || json.Unmarshal(got.body, &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s, want 200 with a requestState", got.status, got.body)
	}
	s.add(asked.RequestState)
	return asked.RequestState
}

func secondRound(args, answers, state string) string {
	return `{"arguments":` + args + `,"inputResponses":` + answers + `,"requestState":` + mustJSON(state) + `}`
}

const (
	acceptFirst = `{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`
	bookedFirst = `{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}}`
)

// hostileRow is one hostile request. body is given a fresh state issued for the usual booking
// at studio-nine. A row with reason "" completes with want instead of being refused.
type hostileRow struct {
	name        string
	path        string // "" is /salons/studio-nine/book
	contentType string // "" is application/json; "-" sends none
	body        func(state string) string
	status      int
	reason      string
	want        string
}

// rowPath is the path of salon's booking route, salon written as it goes on the wire.
func rowPath(salon string) string { return "/salons/" + salon + "/book" }

func hostileRows() []hostileRow {
	roundOne := func(args string) func(string) string {
		return func(string) string { return `{"arguments":` + args + `}` }
	}
	withState := func(edit func(state string) string) func(string) string {
		return func(state string) string { return secondRound(hostileArgs, acceptFirst, edit(state)) }
	}
	answering := func(answers string) func(string) string {
		return func(state string) string { return secondRound(hostileArgs, answers, state) }
	}
	split := func(state string) (payload, mac string) {
		dot := strings.LastIndexByte(state, '.')
		return state[:dot], state[dot+1:]
	}
	many := make([]string, 5000)
	for i := range many {
		many[i] = fmt.Sprintf("%d", i)
	}
	const (
		notAnObject = "the body must be a JSON object"
		notUTF8     = "the body must be UTF-8 JSON"
		tooDeep     = "the body must nest at most 32 levels deep"
		argsObject  = "arguments must be an object"
		msgString   = "arguments.message must be a string"
		slotsList   = "arguments.openSlots must be a list of strings"
		stateString = "requestState must be a string"
		unpaired    = "answers and their requestState travel together"
		noAnswer    = "no answer to the question asked"
		notAChoice  = "the answer is not an accept, a decline or a cancel"
		doesnt      = "requestState doesn't verify"
		another     = "requestState belongs to another request"
		dotSegment  = "salon must not hold . or .. as a path segment"
		salonLength = "salon must be 1 to 64 characters"
	)
	rows := []hostileRow{
		{name: "a body one byte over the limit", body: roundOne(hostileArgs + strings.Repeat(" ", 65536-len(`{"arguments":}`)-len(hostileArgs)+1)), status: 413, reason: "the body must be at most 65536 bytes"},
		{name: "a body of a megabyte", body: roundOne(hostileArgs + strings.Repeat(" ", 1<<20)), status: 413, reason: "the body must be at most 65536 bytes"},
		{name: "round two over the limit", body: func(s string) string { return secondRound(hostileArgs+strings.Repeat(" ", 65536), acceptFirst, s) }, status: 413, reason: "the body must be at most 65536 bytes"},

		{name: "nesting 33 deep in a field the server doesn't read", body: roundOne(`{"message":"","openSlots":["a"],"x":` + strings.Repeat("[", 31) + strings.Repeat("]", 31) + `}`), status: 400, reason: tooDeep},
		{name: "nesting 30000 deep", body: roundOne(hostileArgs + `,"x":` + strings.Repeat("[", 30000) + strings.Repeat("]", 30000)), status: 400, reason: tooDeep},
		{name: "nesting 30000 deep and never closed", body: roundOne(hostileArgs + `,"x":` + strings.Repeat(`{"a":`, 10000)), status: 400, reason: tooDeep},
		{name: "nesting 40 deep in the answers", body: answering(`{"time":` + strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat("}", 40) + `}`), status: 400, reason: tooDeep},

		{name: "invalid UTF-8 in the message", body: roundOne("{\"message\":\"caf\xe9\",\"openSlots\":[\"a\"]}"), status: 400, reason: notUTF8},
		{name: "invalid UTF-8 in a key the server doesn't read", body: roundOne("{\"message\":\"\",\"openSlots\":[\"a\"],\"\xff\":1}"), status: 400, reason: notUTF8},
		{name: "invalid UTF-8 in the state", body: func(s string) string {
			quoted := mustJSON(s) // a raw byte 0xff goes inside the string, where an encoder would write U+FFFD
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":` + quoted[:len(quoted)-1] + "\xff\"}"
		}, status: 400, reason: notUTF8},
		{name: "a UTF-16 body", body: roundOne("\x00{"), status: 400, reason: notAnObject},
		{name: "a byte order mark", body: func(string) string { return "\xef\xbb\xbf{\"arguments\":" + hostileArgs + "}" }, status: 400, reason: notAnObject},

		{name: "labelled text/plain", contentType: "text/plain", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "labelled as a form, as a cross-site form would send it", contentType: "application/x-www-form-urlencoded", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "labelled multipart", contentType: "multipart/form-data; boundary=x", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "labelled application/jsonp", contentType: "application/jsonp", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "a label that doesn't parse", contentType: "application/json; charset", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "no label at all", contentType: "-", body: roundOne(hostileArgs), status: 415, reason: "the body must be application/json"},
		{name: "no label, round two", contentType: "-", body: answering(acceptFirst), status: 415, reason: "the body must be application/json"},

		{name: "arguments twice", body: func(string) string { return `{"arguments":` + hostileArgs + `,"arguments":` + hostileArgs + `}` }, status: 400, reason: "arguments appears twice"},
		{name: "the message twice", body: roundOne(`{"message":"a","openSlots":["a"],"message":"b"}`), status: 400, reason: "arguments.message appears twice"},
		{name: "the message twice, once escaped", body: roundOne(`{"message":"a","openSlots":["a"],"mess\u0061ge":"b"}`), status: 400, reason: "arguments.message appears twice"},
		{name: "the slots twice", body: roundOne(`{"message":"","openSlots":["a"],"openSlots":["b"]}`), status: 400, reason: "arguments.openSlots appears twice"},
		{name: "the state twice", body: func(s string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":"x","requestState":` + mustJSON(s) + `}`
		}, status: 400, reason: "requestState appears twice"},
		{name: "the answers twice", body: func(s string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":{"time":{"action":"decline"}},"requestState":` + mustJSON(s) + `,"inputResponses":` + acceptFirst + `}`
		}, status: 400, reason: "inputResponses appears twice"},
		{name: "the chosen time twice", body: answering(`{"time":{"action":"accept","content":{"time":"sat-13:00","time":"sat-10:30"}}}`), status: 400, reason: "inputResponses.time.content.time appears twice"},
		{name: "the action twice", body: answering(`{"time":{"action":"decline","action":"accept","content":{"time":"sat-10:30"}}}`), status: 400, reason: "inputResponses.time.action appears twice"},
		{name: "a key twice deep in a list the server doesn't read", body: roundOne(`{"message":"","openSlots":["a"],"notes":[{},{"a b":1,"a b":2}]}`), status: 400, reason: `arguments.notes[1]["a b"] appears twice`},

		{name: "arguments a string", body: roundOne(`"A cut"`), status: 400, reason: argsObject},
		{name: "arguments a number", body: roundOne(`7`), status: 400, reason: argsObject},
		{name: "arguments a list", body: roundOne(`["A cut",["sat-10:30"]]`), status: 400, reason: argsObject},
		{name: "arguments true", body: roundOne(`true`), status: 400, reason: argsObject},
		{name: "the message a number", body: roundOne(`{"message":7,"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "the message a list", body: roundOne(`{"message":["a"],"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "the message an object", body: roundOne(`{"message":{},"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "the message false", body: roundOne(`{"message":false,"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "the message missing", body: roundOne(`{"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "the slots a string", body: roundOne(`{"message":"","openSlots":"sat-10:30"}`), status: 400, reason: slotsList},
		{name: "the slots an object", body: roundOne(`{"message":"","openSlots":{"0":"sat-10:30"}}`), status: 400, reason: slotsList},
		{name: "the slots a number", body: roundOne(`{"message":"","openSlots":3}`), status: 400, reason: slotsList},
		{name: "the slots missing", body: roundOne(`{"message":""}`), status: 400, reason: slotsList},
		{name: "a slot a number", body: roundOne(`{"message":"","openSlots":["a",1030]}`), status: 400, reason: slotsList},
		{name: "a slot an object", body: roundOne(`{"message":"","openSlots":[{"time":"a"}]}`), status: 400, reason: slotsList},
		{name: "a slot a list", body: roundOne(`{"message":"","openSlots":[["a"]]}`), status: 400, reason: slotsList},
		{name: "a slot true", body: roundOne(`{"message":"","openSlots":[true]}`), status: 400, reason: slotsList},
		{name: "the state a number", body: func(string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":7}`
		}, status: 400, reason: stateString},
		{name: "the state an object", body: func(string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":{}}`
		}, status: 400, reason: stateString},
		{name: "the state a list", body: func(s string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":[` + mustJSON(s) + `]}`
		}, status: 400, reason: stateString},
		{name: "the state true", body: func(string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":true}`
		}, status: 400, reason: stateString},
		{name: "the answers a string", body: answering(`"sat-10:30"`), status: 400, reason: noAnswer},
		{name: "the answers a list", body: answering(`[` + acceptFirst + `]`), status: 400, reason: noAnswer},
		{name: "the answers a number", body: answering(`1`), status: 400, reason: noAnswer},
		{name: "the answer a string", body: answering(`{"time":"sat-10:30"}`), status: 400, reason: notAChoice},
		{name: "the answer a list", body: answering(`{"time":["accept","sat-10:30"]}`), status: 400, reason: notAChoice},
		{name: "the action a number", body: answering(`{"time":{"action":1,"content":{"time":"sat-10:30"}}}`), status: 400, reason: notAChoice},
		{name: "the action an object", body: answering(`{"time":{"action":{"accept":true},"content":{"time":"sat-10:30"}}}`), status: 400, reason: notAChoice},
		{name: "the content a string", body: answering(`{"time":{"action":"accept","content":"sat-10:30"}}`), status: 400, reason: notAChoice},
		{name: "the content a list", body: answering(`{"time":{"action":"accept","content":["sat-10:30"]}}`), status: 400, reason: notAChoice},
		{name: "the chosen time a number", body: answering(`{"time":{"action":"accept","content":{"time":1030}}}`), status: 400, reason: notAChoice},
		{name: "the chosen time a list", body: answering(`{"time":{"action":"accept","content":{"time":["sat-10:30"]}}}`), status: 400, reason: notAChoice},
		{name: "the chosen time an object", body: answering(`{"time":{"action":"accept","content":{"time":{"slot":"sat-10:30"}}}}`), status: 400, reason: notAChoice},

		{name: "a body that is null", body: func(string) string { return `null` }, status: 400, reason: notAnObject},
		{name: "an empty body", body: func(string) string { return `` }, status: 400, reason: notAnObject},
		{name: "null everywhere", body: func(string) string { return `{"arguments":null,"inputResponses":null,"requestState":null}` }, status: 400, reason: argsObject},
		{name: "a null message", body: roundOne(`{"message":null,"openSlots":["a"]}`), status: 400, reason: msgString},
		{name: "null slots", body: roundOne(`{"message":"","openSlots":null}`), status: 400, reason: slotsList},
		{name: "a null slot", body: roundOne(`{"message":"","openSlots":["sat-10:30",null]}`), status: 400, reason: slotsList},
		{name: "a null state with answers", body: func(string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":` + acceptFirst + `,"requestState":null}`
		}, status: 400, reason: unpaired},
		{name: "null answers with a state", body: func(s string) string {
			return `{"arguments":` + hostileArgs + `,"inputResponses":null,"requestState":` + mustJSON(s) + `}`
		}, status: 400, reason: unpaired},
		{name: "a null answer", body: answering(`{"time":null}`), status: 400, reason: noAnswer},
		{name: "a null action", body: answering(`{"time":{"action":null,"content":{"time":"sat-10:30"}}}`), status: 400, reason: notAChoice},
		{name: "null content", body: answering(`{"time":{"action":"accept","content":null}}`), status: 400, reason: notAChoice},
		{name: "a null chosen time", body: answering(`{"time":{"action":"accept","content":{"time":null}}}`), status: 400, reason: notAChoice},

		{name: "five thousand slots", body: roundOne(`{"message":"","openSlots":["` + strings.Join(many, `","`) + `"]}`), status: 400, reason: "arguments.openSlots must hold at most 50 slots"},
		{name: "five thousand slots, all the same", body: roundOne(`{"message":"","openSlots":[` + strings.Repeat(`"a",`, 4999) + `"a"]}`), status: 400, reason: "arguments.openSlots must hold at most 50 slots"},

		{name: "a salon of 65 characters", path: rowPath(strings.Repeat("s", 65)), body: roundOne(hostileArgs), status: 400, reason: salonLength},
		{name: "a salon of 5000 characters", path: rowPath(strings.Repeat("s", 5000)), body: roundOne(hostileArgs), status: 400, reason: salonLength},
		{name: "a salon of 65 two-byte characters, escaped", path: rowPath(strings.Repeat("%C3%A9", 65)), body: roundOne(hostileArgs), status: 400, reason: salonLength},
		{name: "a salon that isn't UTF-8", path: rowPath("caf%E9"), body: roundOne(hostileArgs), status: 400, reason: salonLength},
		{name: "a salon with an escaped slash, with the state of the salon without", path: rowPath("studio-nine%2F"), body: answering(acceptFirst), status: 400, reason: another},
		{name: "a salon with a slash, unescaped", path: "/salons/studio/nine/book", body: roundOne(hostileArgs), status: 405, reason: "Method Not Allowed"},
		{name: "a salon that is ..", path: "/salons/../book", body: roundOne(hostileArgs), status: 400, reason: dotSegment},
		{name: "a salon that is an escaped ..", path: rowPath("%2e%2E"), body: roundOne(hostileArgs), status: 400, reason: dotSegment},
		{name: "a salon that climbs out with escaped slashes", path: rowPath("..%2F..%2Fetc%2Fpasswd"), body: roundOne(hostileArgs), status: 400, reason: dotSegment},
		{name: "a salon that climbs out with backslashes", path: rowPath("studio-nine%5C..%5Cadmin"), body: roundOne(hostileArgs), status: 400, reason: dotSegment},
		{name: "the state's salon followed by an escaped /..", path: rowPath("studio-nine%2F.."), body: answering(acceptFirst), status: 400, reason: dotSegment},
		{name: "a salon that is .", path: rowPath("%2E"), body: roundOne(hostileArgs), status: 400, reason: dotSegment},
		{name: "a salon escaped twice, with the state of the salon once unescaped", path: rowPath("studio%252Dnine"), body: answering(acceptFirst), status: 400, reason: another},
		{name: "a salon with a NUL", path: rowPath("studio%00nine"), body: roundOne(hostileArgs), status: 400, reason: "salon holds a character that isn't allowed"},
		{name: "a salon with a newline", path: rowPath("studio-nine%0A"), body: answering(acceptFirst), status: 400, reason: "salon holds a character that isn't allowed"},
		{name: "another salon's state", path: rowPath("studio-ten"), body: answering(acceptFirst), status: 400, reason: another},

		{name: "a state with no dot", body: withState(func(s string) string { p, m := split(s); return p + m }), status: 400, reason: doesnt},
		{name: "a state with two dots before the MAC", body: withState(func(s string) string { p, m := split(s); return p + ".." + m }), status: 400, reason: doesnt},
		{name: "a state with a dot inside the MAC", body: withState(func(s string) string { p, m := split(s); return p + "." + m[:32] + "." + m[32:] }), status: 400, reason: doesnt},
		{name: "a state with a dot after the MAC", body: withState(func(s string) string { return s + "." }), status: 400, reason: doesnt},
		{name: "a state with an empty MAC", body: withState(func(s string) string { p, _ := split(s); return p + "." }), status: 400, reason: doesnt},
		{name: "a state with an odd-length MAC", body: withState(func(s string) string { return s[:len(s)-1] }), status: 400, reason: doesnt},
		{name: "a state with a MAC one digit long", body: withState(func(s string) string { return s + "0" }), status: 400, reason: doesnt},
		{name: "a state with a MAC that isn't hex", body: withState(func(s string) string { p, m := split(s); return p + "." + m[:62] + "zz" }), status: 400, reason: doesnt},
		{name: "a state with a MAC of spaces", body: withState(func(s string) string { p, _ := split(s); return p + "." + strings.Repeat(" ", 64) }), status: 400, reason: doesnt},
		{name: "a state that is only its MAC", body: withState(func(s string) string { _, m := split(s); return "." + m }), status: 400, reason: doesnt},
		{name: "an empty state", body: withState(func(string) string { return "" }), status: 400, reason: doesnt},
		{name: "a state whose payload is spaced out", body: withState(func(s string) string { return strings.Replace(s, `":`, `": `, 1) }), status: 400, reason: doesnt},
		{name: "a state that offers another time", body: withState(func(s string) string { return strings.Replace(s, "sat-11:30", "sat-13:00", 1) }), status: 400, reason: doesnt},
		{name: "a state that lives longer", body: withState(func(s string) string { return strings.Replace(s, `"goodUntil":1`, `"goodUntil":9`, 1) }), status: 400, reason: doesnt},
		{name: "a state signed with another key", body: withState(func(string) string {
			other, _ := requeststate.NewKeys(bytes.Repeat([]byte{7}, 32))
			return requeststate.Issue(other, time.Now(), time.Minute, hostileSalon, hostileBooking, []string{"sat-10:30", "sat-11:30"}, requeststate.Nonce{1})
		}), status: 400, reason: doesnt},
		{name: "a state for a slot added", body: func(s string) string {
			return secondRound(`{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00","sun-09:00"]}`, acceptFirst, s)
		}, status: 400, reason: another},
		{name: "a state for the slots moved", body: func(s string) string {
			return secondRound(`{"message":"A cut on Saturday morning?","openSlots":["sat-11:30","sat-10:30","sat-13:00"]}`, acceptFirst, s)
		}, status: 400, reason: another},
		{name: "a state for other words", body: func(s string) string {
			return secondRound(`{"message":"A cut on Sunday?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}`, acceptFirst, s)
		}, status: 400, reason: another},
		{name: "a time never offered", body: answering(`{"time":{"action":"accept","content":{"time":"sat-13:00"}}}`), status: 400, reason: "sat-13:00 was never offered"},

		{name: "a state with its MAC in capitals completes", body: withState(func(s string) string { p, m := split(s); return p + "." + strings.ToUpper(m) }), status: 200, want: bookedFirst},
		{name: "a state with its MAC in mixed case completes", body: withState(func(s string) string {
			p, m := split(s)
			return p + "." + strings.ToUpper(m[:32]) + m[32:]
		}), status: 200, want: bookedFirst},
		{name: "a salon with an escaped unreserved character is the same salon, and completes", path: rowPath("studio%2Dnine"), body: answering(acceptFirst), status: 200, want: bookedFirst},
	}
	return rows
}

// TestHostileRequestsOverRealHTTP sends each row to the built binary, with a fresh state. A
// refusal answers its status with a JSON string naming the reason, issues no state and spends
// none: the row's state still completes afterwards. Then the replay of a completed row is refused,
// and nothing the server logged holds its key or a state it issued.
func TestHostileRequestsOverRealHTTP(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	issued := &states{}
	for _, row := range hostileRows() {
		t.Run(row.name, func(t *testing.T) {
			state := issued.ask(t, p.base())
			path := row.path
			if path == "" {
				path = rowPath(hostileSalon)
			}
			contentType := row.contentType
			switch contentType {
			case "":
				contentType = "application/json"
			case "-":
				contentType = ""
			}
			got := send(t, p.base(), path, contentType, strings.NewReader(row.body(state)))
			if !strings.HasPrefix(got.contentType, "application/json") {
				t.Errorf("Content-Type: got %q, want application/json", got.contentType)
			}
			if row.reason == "" {
				if got.status != row.status || string(got.body) != row.want {
					t.Fatalf("got %d %s, want %d %s", got.status, got.body, row.status, row.want)
				}
				replay := send(t, p.base(), rowPath(hostileSalon), "application/json", strings.NewReader(secondRound(hostileArgs, acceptFirst, state)))
				if replay.status != 400 || string(replay.body) != `"requestState was already used"` {
					t.Errorf("the replay in lowercase: got %d %s, want 400 \"requestState was already used\"", replay.status, replay.body)
				}
				return
			}
			if want := mustJSON(row.reason); got.status != row.status || string(got.body) != want {
				t.Fatalf("got %d %s, want %d %s", got.status, got.body, row.status, want)
			}
			after := send(t, p.base(), rowPath(hostileSalon), "application/json", strings.NewReader(secondRound(hostileArgs, acceptFirst, state)))
			if after.status != 200 || string(after.body) != bookedFirst {
				t.Errorf("the row's state afterwards: got %d %s, want 200 %s: the refusal must spend nothing", after.status, after.body, bookedFirst)
			}
		})
	}
	t.Run("nothing logged holds the key or a state", func(t *testing.T) {
		assertNoSecretsLogged(t, p.lines(), issued)
	})
}

// assertNoSecretsLogged checks the log for the key, each state issued, its MAC in either case and its claims.
func assertNoSecretsLogged(t *testing.T, lines []string, issued *states) {
	t.Helper()
	if len(lines) == 0 {
		t.Fatal("the process logged nothing, want a line per request")
	}
	logged := strings.Join(lines, "\n")
	secrets := []string{testKey, strings.ToUpper(testKey), "goodUntil", `nonce\"`, `offered\"`}
	issued.mu.Lock()
	for _, state := range issued.all {
		mac := state[strings.LastIndexByte(state, '.')+1:]
		secrets = append(secrets, mac, strings.ToUpper(mac), mac[:16])
	}
	issued.mu.Unlock()
	for _, secret := range secrets {
		if strings.Contains(logged, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
	for _, line := range lines {
		var rec struct {
			Msg    string
			Status int
		}
		if json.Unmarshal([]byte(line), &rec) != nil {
			t.Errorf("a log line that isn't JSON: %q", line)
		}
		if rec.Status >= 500 || rec.Msg == "panic" {
			t.Errorf("a log line of a failure: %s", line)
		}
	}
}

// TestAStateOneSecondEitherSideOfItsExpiry runs bookingd with a 3-second life: a state sent in
// the last second before its goodUntil completes; one sent a second after it is refused, unspent.
func TestAStateOneSecondEitherSideOfItsExpiry(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey}, "-state-ttl", "3s")
	issued := &states{}
	goodUntil := func(state string) time.Time {
		var claims struct{ GoodUntil int64 }
		if err := json.Unmarshal([]byte(state[:strings.LastIndexByte(state, '.')]), &claims); err != nil {
			t.Fatal(err)
		}
		return time.Unix(claims.GoodUntil, 0)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		state := issued.ask(t, p.base())
		// goodUntil is the last whole second the state is good for: this lands a second before its end.
		time.Sleep(time.Until(goodUntil(state).Add(-time.Second + 100*time.Millisecond)))
		got := send(t, p.base(), rowPath(hostileSalon), "application/json", strings.NewReader(secondRound(hostileArgs, acceptFirst, state)))
		if got.status != 200 || string(got.body) != bookedFirst {
			t.Errorf("a second before expiry: got %d %s, want 200 %s", got.status, got.body, bookedFirst)
		}
	})
	wg.Go(func() {
		state := issued.ask(t, p.base())
		time.Sleep(time.Until(goodUntil(state).Add(time.Second + 100*time.Millisecond)))
		for _, answers := range []string{acceptFirst, `{"time":{"action":"decline"}}`} {
			got := send(t, p.base(), rowPath(hostileSalon), "application/json", strings.NewReader(secondRound(hostileArgs, answers, state)))
			if got.status != 400 || string(got.body) != `"requestState has expired"` {
				t.Errorf("a second after expiry: got %d %s, want 400 \"requestState has expired\"", got.status, got.body)
			}
		}
	})
	wg.Wait()
	assertNoSecretsLogged(t, p.lines(), issued)
}
