// This file tests the booking route in process: each result, each refusal with its exact reason, and the order of checks.

package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/requeststate"
	"salon/internal/step"
	"salon/internal/testkit"
	"salon/internal/wire"
)

const (
	salon   = "studio-nine"
	message = "A cut on Saturday morning?"
)

var slots = []string{"sat-10:30", "sat-11:30", "sat-13:00"}

// world is one application with a clock the test moves and a store it can inspect.
type world struct {
	t      *testing.T
	mu     sync.Mutex
	clock  *testkit.Clock
	spent  *requeststate.Memory
	client *apitest.Client
	nonces int
}

func newWorld(t *testing.T, keyed bool) *world {
	t.Helper()
	w := &world{t: t, clock: testkit.NewClock(time.Unix(1_800_000_000, 0))}
	w.spent = requeststate.NewMemory(w.clock.Now)
	svc := api.Service{Life: 2 * time.Minute, Now: w.clock.Now, Nonce: w.nonce, Spent: w.spent}
	if keyed {
		keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
		if err != nil {
			t.Fatal(err)
		}
		svc.Keys = &keys
	}
	client, err := apitest.New(api.New(svc))
	if err != nil {
		t.Fatal(err)
	}
	w.client = client
	return w
}

func (w *world) nonce() requeststate.Nonce {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.nonces++
	return requeststate.Nonce{byte(w.nonces), byte(w.nonces >> 8)}
}

// book sends body to salon's booking route, failing the test on an exchange the document doesn't describe.
func (w *world) book(salon, body string) apitest.Reply {
	w.t.Helper()
	reply, err := w.client.Book(salon, body)
	if err != nil {
		w.t.Fatal(err)
	}
	return reply
}

func booking(slots ...string) string {
	return fmt.Sprintf(`{"message":%q,"openSlots":%s}`, message, mustJSON(append([]string{}, slots...)))
}

func mustJSON(v any) string {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(out)
}

func roundTwo(args, answers, state string) string {
	return fmt.Sprintf(`{"arguments":%s,"inputResponses":%s,"requestState":%s}`, args, answers, mustJSON(state))
}

func accept(time string) string {
	return fmt.Sprintf(`{"time":{"action":"accept","content":{"time":%q}}}`, time)
}

// askedState runs round one and returns the state it issued.
func (w *world) askedState(args string) string {
	w.t.Helper()
	reply := w.book(salon, `{"arguments":`+args+`}`)
	var r wire.InputRequiredResult
	if reply.Status != http.StatusOK || json.Unmarshal(reply.Body, &r) != nil || r.RequestState == "" {
		w.t.Fatalf("round one: got %d %s, want 200 input_required", reply.Status, reply.Body)
	}
	return r.RequestState
}

func wantJSON(t *testing.T, reply apitest.Reply, status int, want string) {
	t.Helper()
	if reply.Status != status || strings.TrimSpace(string(reply.Body)) != want {
		t.Errorf("got %d %s, want %d %s", reply.Status, reply.Body, status, want)
	}
	if ct := reply.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type: got %q, want application/json", ct)
	}
}

func TestRoundOneAsksWhichOfTheFirstTwoOpenTimes(t *testing.T) {
	w := newWorld(t, true)
	reply := w.book(salon, `{"arguments":`+booking(slots...)+`}`)
	var r wire.InputRequiredResult
	if err := json.Unmarshal(reply.Body, &r); err != nil {
		t.Fatal(err)
	}
	q := r.InputRequests.Time.Params
	if r.ResultType != "input_required" || q.Message != "Which time suits you?" ||
		mustJSON(q.RequestedSchema.Properties.Time.Enum) != `["sat-10:30","sat-11:30"]` {
		t.Errorf("got %s, want a question offering sat-10:30 and sat-11:30", reply.Body)
	}
}

func TestRoundTwoCompletes(t *testing.T) {
	for _, c := range []struct {
		name, answers, want string
	}{
		{"an accepted time is booked", accept("sat-11:30"),
			`{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-11:30","say":"sat-11:30 is yours."}}`},
		{"a decline books nothing", `{"time":{"action":"decline"}}`,
			`{"resultType":"complete","structuredContent":{"status":"not_booked","say":"No time was chosen, so nothing is booked."}}`},
		{"a cancel books nothing", `{"time":{"action":"cancel"}}`,
			`{"resultType":"complete","structuredContent":{"status":"not_booked","say":"No time was chosen, so nothing is booked."}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, true)
			args := booking(slots...)
			state := w.askedState(args)
			wantJSON(t, w.book(salon, roundTwo(args, c.answers, state)), http.StatusOK, c.want)
			if w.spent.Len() != 1 {
				t.Errorf("spent states: got %d, want 1", w.spent.Len())
			}
		})
	}
}

func TestNothingOpenCompletesWithoutAQuestion(t *testing.T) {
	w := newWorld(t, true)
	wantJSON(t, w.book(salon, `{"arguments":`+booking()+`}`), http.StatusOK,
		`{"resultType":"complete","structuredContent":{"status":"not_booked","say":"Nothing is open then, so the salon will call you."}}`)
}

func TestRefusalsNameTheirReasonAndSpendNothing(t *testing.T) {
	args := booking(slots...)
	for _, c := range []struct {
		name   string
		salon  string
		body   func(state string) string
		status int
		want   string
	}{
		{"a body that isn't JSON", salon, func(string) string { return `{"arguments":` }, 400, `"the body must be a JSON object"`},
		{"slots that aren't a list", salon, func(string) string { return `{"arguments":{"message":"hi","openSlots":"sat-10:30"}}` }, 400, `"arguments.openSlots must be a list of strings"`},
		{"no arguments", salon, func(string) string { return `{"arguments":null}` }, 400, `"arguments must be an object"`},
		{"a message that isn't a string", salon, func(string) string { return `{"arguments":{"message":7,"openSlots":[]}}` }, 400, `"arguments.message must be a string"`},
		{"a message over 1000 characters", salon, func(string) string {
			return `{"arguments":{"message":"` + strings.Repeat("é", 1001) + `","openSlots":[]}}`
		}, 400, `"arguments.message must be at most 1000 characters"`},
		{"51 slots", salon, func(string) string {
			many := make([]string, 51)
			for i := range many {
				many[i] = fmt.Sprint("slot-", i)
			}
			return `{"arguments":` + booking(many...) + `}`
		}, 400, `"arguments.openSlots must hold at most 50 slots"`},
		{"an empty slot", salon, func(string) string { return `{"arguments":` + booking("sat-10:30", "") + `}` }, 400, `"arguments.openSlots[1] must be 1 to 64 characters"`},
		{"a slot twice", salon, func(string) string { return `{"arguments":` + booking("a", "b", "a") + `}` }, 400, `"arguments.openSlots[2] repeats a slot"`},
		{"a salon of 65 characters", strings.Repeat("s", 65), func(string) string { return `{"arguments":` + args + `}` }, 400, `"salon must be 1 to 64 characters"`},
		{"answers with no state", salon, func(string) string { return `{"arguments":` + args + `,"inputResponses":` + accept("sat-10:30") + `}` }, 400, `"answers and their requestState travel together"`},
		{"a state with no answers", salon, func(s string) string { return `{"arguments":` + args + `,"requestState":` + mustJSON(s) + `}` }, 400, `"answers and their requestState travel together"`},
		{"a state with a wrong MAC", salon, func(s string) string { return roundTwo(args, accept("sat-10:30"), s[:len(s)-1]+flip(s[len(s)-1])) }, 400, `"requestState doesn't verify"`},
		{"another salon's state", "studio-ten", func(s string) string { return roundTwo(args, accept("sat-10:30"), s) }, 400, `"requestState belongs to another request"`},
		{"a slot added", salon, func(s string) string { return roundTwo(booking(append(slots, "sun-09:00")...), accept("sat-10:30"), s) }, 400, `"requestState belongs to another request"`},
		{"a time never offered", salon, func(s string) string { return roundTwo(args, accept("sat-13:00"), s) }, 400, `"sat-13:00 was never offered"`},
		{"an answer to another question", salon, func(s string) string { return roundTwo(args, `{"date":{"action":"accept"}}`, s) }, 400, `"no answer to the question asked"`},
		{"an answer that is no choice", salon, func(s string) string { return roundTwo(args, `{"time":{"action":"maybe"}}`, s) }, 400, `"the answer is not an accept, a decline or a cancel"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, true)
			state := w.askedState(args)
			wantJSON(t, w.book(c.salon, c.body(state)), c.status, c.want)
			if w.spent.Len() != 0 {
				t.Errorf("spent states: got %d, want 0", w.spent.Len())
			}
			// The state was left unspent: it still completes.
			wantJSON(t, w.book(salon, roundTwo(args, accept("sat-10:30"), state)), http.StatusOK,
				`{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}}`)
		})
	}
}

func flip(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}

func TestExpiryAndReplay(t *testing.T) {
	args := booking(slots...)
	t.Run("good through its last second", func(t *testing.T) {
		w := newWorld(t, true)
		state := w.askedState(args)
		w.clock.Advance(2 * time.Minute)
		if reply := w.book(salon, roundTwo(args, accept("sat-10:30"), state)); reply.Status != http.StatusOK {
			t.Errorf("got %d %s, want 200", reply.Status, reply.Body)
		}
	})
	t.Run("refused a second later", func(t *testing.T) {
		w := newWorld(t, true)
		state := w.askedState(args)
		w.clock.Advance(2*time.Minute + time.Second)
		wantJSON(t, w.book(salon, roundTwo(args, accept("sat-10:30"), state)), 400, `"requestState has expired"`)
	})
	t.Run("a replay is refused however its MAC is written", func(t *testing.T) {
		w := newWorld(t, true)
		state := w.askedState(args)
		w.book(salon, roundTwo(args, accept("sat-10:30"), state))
		dot := strings.LastIndexByte(state, '.')
		for _, replay := range []string{state, state[:dot] + strings.ToUpper(state[dot:])} {
			wantJSON(t, w.book(salon, roundTwo(args, `{"time":{"action":"decline"}}`, replay)), 400, `"requestState was already used"`)
		}
	})
}

func TestTheBodyLimit(t *testing.T) {
	w := newWorld(t, true)
	padding := strings.Repeat(" ", wire.MaxBodyBytes)
	wantJSON(t, w.book(salon, `{"arguments":`+booking(slots...)+padding+`}`), http.StatusRequestEntityTooLarge, `"the body must be at most 65536 bytes"`)
}

func TestContentTypeMustBeJSON(t *testing.T) {
	w := newWorld(t, true)
	req := httptest.NewRequest(http.MethodPost, "/salons/"+salon+"/book", strings.NewReader(`{"arguments":`+booking(slots...)+`}`))
	req.Header.Set("Content-Type", "text/plain")
	reply, err := w.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON(t, reply, http.StatusUnsupportedMediaType, `"the body must be application/json"`)
}

func TestNoKeyAnswers503AndBooksNothing(t *testing.T) {
	w := newWorld(t, false)
	for _, body := range []string{`{"arguments":` + booking(slots...) + `}`, `not even json`} {
		wantJSON(t, w.book(salon, body), http.StatusServiceUnavailable, `"the booking service is unavailable"`)
	}
}

func TestSalonNamesAreUnescapedOnce(t *testing.T) {
	w := newWorld(t, true)
	args := booking(slots...)
	for _, name := range []string{"studio/nine", "100%", "café", "a b"} {
		state := w.askedState(args) // issued for salon
		wantJSON(t, w.book(name, roundTwo(args, accept("sat-10:30"), state)), 400, `"requestState belongs to another request"`)
		reply := w.book(name, `{"arguments":`+args+`}`)
		var r wire.InputRequiredResult
		if err := json.Unmarshal(reply.Body, &r); err != nil {
			t.Fatal(err)
		}
		if got, want := digestOf(t, r.RequestState), requeststate.Digest(name, bookingOf(slots)); got != want {
			t.Errorf("salon %q: state bound to digest %s, want %s", name, got, want)
		}
	}
}

func digestOf(t *testing.T, state string) string {
	t.Helper()
	var claims struct{ Request string }
	if err := json.Unmarshal([]byte(state[:strings.LastIndexByte(state, '.')]), &claims); err != nil {
		t.Fatal(err)
	}
	return claims.Request
}

func bookingOf(slots []string) step.Request { return step.Request{Message: message, OpenSlots: slots} }

// TestRepliesAreWrittenAsEncodingJSONWritesThem checks each booking reply, byte for byte, against
// encoding/json's Encoder (HTML escaping on, a newline at the end), as Echo's c.JSON writes it,
// with slots that encoding/json escapes (<, & and U+2028) and one long enough to grow a buffer.
func TestRepliesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	o := newObserved(t)
	path := "/salons/" + salon + "/book"
	for _, tc := range []struct {
		name  string
		slots []string
	}{
		{"plain slots", slots},
		{"slots encoding/json escapes", []string{"<sat>&10:30", "sat\u202811:30", `sat "13:00"`}},
		{"a long slot", []string{strings.Repeat("é", 64), "sat-11:30"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := booking(tc.slots...)
			one := o.send(http.MethodPost, path, `{"arguments":`+args+`}`)
			var asked wire.InputRequiredResult
			wantEncoded(t, one, &asked)
			two := o.send(http.MethodPost, path, roundTwo(args, accept(tc.slots[1]), asked.RequestState))
			wantEncoded(t, two, &wire.CompleteResult{})
		})
	}
}

// wantEncoded decodes rec's 200 reply into v and fails unless encoding/json encodes v to the same bytes.
func wantEncoded(t *testing.T, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("got %d %s, want 200", rec.Code, rec.Body)
	}
	if got := rec.Header().Values("Content-Type"); len(got) != 1 || got[0] != "application/json" {
		t.Errorf("Content-Type: got %q, want [application/json]", got)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err := json.NewEncoder(&want).Encode(v); err != nil {
		t.Fatal(err)
	}
	if got := rec.Body.String(); got != want.String() {
		t.Errorf("got reply\n%s\nwant\n%s", got, want.String())
	}
}
