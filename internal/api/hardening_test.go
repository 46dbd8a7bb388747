// This file tests the application's own hardening in process: a panic answers 500 with no detail and is logged, and CORS is off unless origins are allowed.

package api_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/requeststate"
	"salon/internal/testkit"
	"salon/internal/wire"
)

// panickingStore is a spent-state store with a bug: it panics, with a detail no client may see.
type panickingStore struct{}

func (panickingStore) Spend(context.Context, requeststate.SpendID, time.Time) error {
	panic("the store's internals: table spent_states, host db-7")
}

func TestAPanicAnswers500WithNoDetailAndIsLogged(t *testing.T) {
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	var logged testkit.Buffer
	nonces := &counter{}
	panicRoundOne := true
	svc := api.Service{
		Keys: &keys, Life: 2 * time.Minute, Now: func() time.Time { return fuzzNow }, Spent: panickingStore{},
		Nonce: func() requeststate.Nonce {
			if panicRoundOne {
				panic("the nonce source's internals: /dev/urandom unreadable")
			}
			return nonces.nonce()
		},
		Log: slog.New(slog.NewJSONHandler(&logged, nil)),
	}
	app := api.New(svc)
	serve := func(body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/salons/"+salon+"/book", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		return rec
	}
	assertInternal := func(t *testing.T, rec *httptest.ResponseRecorder, detail string) {
		t.Helper()
		if rec.Code != http.StatusInternalServerError || strings.TrimSpace(rec.Body.String()) != `"internal error"` {
			t.Errorf("got %d %s, want 500 \"internal error\"", rec.Code, rec.Body)
		}
		if strings.Contains(rec.Body.String(), detail) || strings.Contains(rec.Body.String(), "goroutine") {
			t.Errorf("the reply %s tells the client about the panic", rec.Body)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("the reply lost its security headers: %v", rec.Header())
		}
		var found bool
		for _, line := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
			var rec struct{ Msg, Error, Stack string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "panic" && strings.Contains(rec.Error, detail) && strings.Contains(rec.Stack, "goroutine") {
				found = true
			}
		}
		if !found {
			t.Errorf("no log line with msg \"panic\", the panic %q and a stack; the log:\n%s", detail, logged.String())
		}
	}

	t.Run("a panic in round one", func(t *testing.T) {
		assertInternal(t, serve(`{"arguments":`+booking(slots...)+`}`), "/dev/urandom unreadable")
	})
	panicRoundOne = false
	t.Run("a panic in round two", func(t *testing.T) {
		reply := serve(`{"arguments":` + booking(slots...) + `}`)
		var asked wire.InputRequiredResult
		if reply.Code != http.StatusOK || json.Unmarshal(reply.Body.Bytes(), &asked) != nil {
			t.Fatalf("round one after a panic: got %d %s, want 200: one panic must not stop the service", reply.Code, reply.Body)
		}
		assertInternal(t, serve(roundTwo(booking(slots...), accept("sat-10:30"), asked.RequestState)), "db-7")
	})
	t.Run("the request line says 500 and the log holds no state", func(t *testing.T) {
		if !strings.Contains(logged.String(), `"status":500,`) ||
			!strings.Contains(logged.String(), `"outcome":"internal","reason":"internal error"}`) {
			t.Errorf("no request line with status 500, outcome internal and its reason:\n%s", logged.String())
		}
		if strings.Contains(logged.String(), "goodUntil") {
			t.Errorf("the log holds a state:\n%s", logged.String())
		}
	})
}

func TestCORSIsOffUnlessOriginsAreAllowed(t *testing.T) {
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	newApp := func(origins ...string) http.Handler {
		nonces := &counter{}
		clock := func() time.Time { return fuzzNow }
		app := api.New(api.Service{Keys: &keys, Life: time.Minute, Now: clock, Nonce: nonces.nonce, Spent: requeststate.NewMemory(clock)})
		api.AllowOrigins(app, origins)
		return app
	}
	preflight := func(app http.Handler, origin string) http.Header {
		req := httptest.NewRequest(http.MethodOptions, "/salons/"+salon+"/book", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", http.MethodPost)
		req.Header.Set("Access-Control-Request-Headers", "content-type")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		return rec.Header()
	}
	for _, none := range [][]string{nil, {}} {
		if h := preflight(newApp(none...), "https://elsewhere.example"); h.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("no origins allowed (%q): got Access-Control-Allow-Origin %q, want none", none, h.Get("Access-Control-Allow-Origin"))
		}
	}
	app := newApp("https://salon.example")
	if got := preflight(app, "https://salon.example").Get("Access-Control-Allow-Origin"); got != "https://salon.example" {
		t.Errorf("an allowed origin: got Access-Control-Allow-Origin %q, want https://salon.example", got)
	}
	if got := preflight(app, "https://elsewhere.example").Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("another origin: got Access-Control-Allow-Origin %q, want none", got)
	}
	// The customer's page sends a booking's manage key as Authorization; never a cookie.
	h := preflight(app, "https://salon.example")
	if got := strings.ToLower(h.Get("Access-Control-Allow-Headers")); !strings.Contains(got, "authorization") || !strings.Contains(got, "content-type") {
		t.Errorf("an allowed origin: got Access-Control-Allow-Headers %q, want Content-Type and Authorization", got)
	}
	if got := h.Get("Access-Control-Allow-Credentials"); got != "" {
		t.Errorf("an allowed origin: got Access-Control-Allow-Credentials %q, want none", got)
	}
}
