// This file holds FuzzHandler: any salon, content type, header and body sent to the whole application never gets a 5xx (but the documented 503) and never spends a state it refuses.

package api_test

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	jsonv2 "github.com/go-json-experiment/json"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/requeststate"
	"salon/internal/step"
	"salon/internal/wire"
)

// fuzzNow is the fixed time of the fuzzed application, so the seeds' states never expire mid-run.
var fuzzNow = time.Unix(1_800_000_000, 0)

// fuzzKeys are the fuzzed application's keys; the seed states are signed with them.
func fuzzKeys(tb testing.TB) requeststate.Keys {
	tb.Helper()
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		tb.Fatal(err)
	}
	return keys
}

// counter hands out distinct nonces, safe for concurrent use.
type counter struct {
	mu sync.Mutex
	n  uint64
}

func (c *counter) nonce() requeststate.Nonce {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	var n requeststate.Nonce
	for i := range 8 {
		n[i] = byte(c.n >> (8 * i))
	}
	return n
}

// seedState is a state the fuzzed application's key signed for salon's booking of slots, issued at issued.
func seedState(tb testing.TB, issued time.Time, salon string, slots ...string) string {
	b := step.Request{Message: message, OpenSlots: slots}
	return requeststate.Issue(fuzzKeys(tb), issued, 2*time.Minute, salon, b, step.ToOffer(slots), requeststate.Nonce{0xfe, byte(len(slots))})
}

// FuzzHandler sends any salon, content type, extra header ("Name: value") and body to the whole
// application, keyed and not. The keyed one never answers 5xx or panics, refuses in the order of
// the contract (415 before 413 before the fields), answers every refusal as a JSON string, spends
// a state only when it completes, and books only a time round one could have offered. Every
// exchange is checked against the committed OpenAPI document. The one without a key answers
// every request 503 with the documented reason.
func FuzzHandler(f *testing.F) {
	keys := fuzzKeys(f)
	clock := func() time.Time { return fuzzNow }
	spent := requeststate.NewMemory(clock)
	nonces := &counter{}
	keyed, err := apitest.New(api.New(api.Service{Keys: &keys, Life: 2 * time.Minute, Now: clock, Nonce: nonces.nonce, Spent: spent}))
	if err != nil {
		f.Fatal(err)
	}
	unkeyed := api.New(api.Service{Life: 2 * time.Minute, Now: clock, Nonce: nonces.nonce, Spent: requeststate.NewMemory(clock)})

	args := booking(slots...)
	state := seedState(f, fuzzNow, salon, slots...)
	dot := strings.LastIndexByte(state, '.')
	for _, s := range []struct{ salon, contentType, header, body string }{
		{salon, "application/json", "", `{"arguments":` + args + `}`},
		{salon, "application/json; charset=utf-8", "Origin: https://elsewhere.example", roundTwo(args, accept("sat-10:30"), state)},
		{salon, "application/json", "", roundTwo(args, `{"time":{"action":"decline"}}`, state[:dot]+strings.ToUpper(state[dot:]))},
		{salon, "application/json", "", roundTwo(args, accept("sat-13:00"), state)},
		{salon, "application/json", "", roundTwo(args, accept("sat-10:30"), seedState(f, fuzzNow.Add(-3*time.Minute), salon, slots...))},
		{"studio/nine", "application/json", "X-Forwarded-For: 203.0.113.9", roundTwo(args, accept("sat-11:30"), seedState(f, fuzzNow, "studio/nine", slots...))},
		{salon, "application/json", "", `{"arguments":` + args + `,"arguments":` + args + `}`},
		{salon, "text/plain", "", `{"arguments":` + args + `}`},
		{salon, "", "Content-Type: application/json", `{"arguments":` + args + `}`},
		{"..", "application/json", "", `{"arguments":` + args + `}`},
		{salon, "application/json", "", `{"arguments":{"message":null,"openSlots":[null]},"inputResponses":null,"requestState":null}`},
	} {
		f.Add(s.salon, s.contentType, s.header, []byte(s.body))
	}

	f.Fuzz(func(t *testing.T, salonName, contentType, header string, body []byte) {
		newRequest := func() *http.Request {
			req := httptest.NewRequest(http.MethodPost, "/salons/"+url.PathEscape(salonName)+"/book", bytes.NewReader(body))
			if contentType != "" {
				req.Header.Set("Content-Type", contentType)
			}
			if name, value, ok := strings.Cut(header, ":"); ok && strings.TrimSpace(name) != "" {
				req.Header[strings.TrimSpace(name)] = append(req.Header[strings.TrimSpace(name)], strings.TrimSpace(value))
			}
			return req
		}

		rec := httptest.NewRecorder()
		unkeyed.ServeHTTP(rec, newRequest())
		if rec.Code != http.StatusServiceUnavailable || strings.TrimSpace(rec.Body.String()) != `"the booking service is unavailable"` {
			t.Fatalf("with no key: got %d %s, want 503 \"the booking service is unavailable\"", rec.Code, rec.Body)
		}

		before := spent.Len()
		req := newRequest()
		reply, err := keyed.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		after := spent.Len()
		if reply.Status >= 500 {
			t.Fatalf("got %d %s, want no 5xx with a key and an in-memory store", reply.Status, reply.Body)
		}
		if reply.Header.Get("X-Content-Type-Options") != "nosniff" || reply.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("got headers %v, want nosniff and no CORS", reply.Header)
		}
		media, _, mediaErr := mime.ParseMediaType(req.Header.Get("Content-Type"))
		switch {
		case mediaErr != nil || media != "application/json":
			wantStatus(t, reply, http.StatusUnsupportedMediaType)
		case len(body) > wire.MaxBodyBytes:
			wantStatus(t, reply, http.StatusRequestEntityTooLarge)
		}
		if reply.Status != http.StatusOK {
			var reason string
			if json.Unmarshal(reply.Body, &reason) != nil || reason == "" {
				t.Fatalf("got %d %s, want a refusal whose body is a JSON string naming the reason", reply.Status, reply.Body)
			}
			if after != before {
				t.Fatalf("got %d %q with %d states spent, want none spent by a refusal", reply.Status, reason, after-before)
			}
			return
		}
		assertResultFits(t, body, reply.Body, after-before)
	})
}

func wantStatus(t *testing.T, reply apitest.Reply, status int) {
	t.Helper()
	if reply.Status != status {
		t.Fatalf("got %d %s, want %d", reply.Status, reply.Body, status)
	}
}

// assertResultFits checks a 200 against the request it answers: a question offers the request's
// first two slots and spends nothing; a booking names one of them; a state is spent exactly when
// round two completes.
func assertResultFits(t *testing.T, request, result []byte, spentNow int) {
	t.Helper()
	var sent struct {
		Arguments struct {
			OpenSlots []string `json:"openSlots"`
		} `json:"arguments"`
		RequestState *string `json:"requestState"`
	}
	// Read as the server reads a body: names matched case-sensitively, so "requestStAte" is a
	// field it ignores, not a round two.
	if err := jsonv2.Unmarshal(request, &sent, wire.ReadOptions); err != nil {
		t.Fatalf("the server answered 200 to %q, which doesn't read as a request: %v", request, err)
	}
	offerable := step.ToOffer(sent.Arguments.OpenSlots)
	roundTwo := sent.RequestState != nil
	var got struct {
		ResultType    string
		RequestState  string
		InputRequests wire.InputRequests
		Structured    wire.Completion `json:"structuredContent"`
	}
	if err := json.Unmarshal(result, &got); err != nil {
		t.Fatal(err)
	}
	switch {
	case got.ResultType == wire.ResultInputRequired:
		if roundTwo || got.RequestState == "" || !slices.Equal(got.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum, offerable) || spentNow != 0 {
			t.Fatalf("got %s (%d spent) for %q, want a question offering %q with a state, nothing spent", result, spentNow, request, offerable)
		}
	case got.ResultType == wire.ResultComplete && got.Structured.Status == wire.StatusBooked:
		if !roundTwo || !slices.Contains(offerable, got.Structured.Slot) || spentNow != 1 {
			t.Fatalf("got %s (%d spent) for %q, want a booking of one of %q in round two, one state spent", result, spentNow, request, offerable)
		}
	case got.ResultType == wire.ResultComplete && got.Structured.Status == wire.StatusNotBooked:
		if roundTwo != (spentNow == 1) || spentNow > 1 || !roundTwo && len(offerable) > 0 {
			t.Fatalf("got %s (%d spent) for %q, want nothing booked: one state spent in round two, or none open in round one", result, spentNow, request)
		}
	default:
		t.Fatalf("got %s, want a result the contract names", result)
	}
}
