// This file tests the composed service through what New returns: both rounds over HTTP in memory and at a calendar, /mcp, CORS, readiness, stdio, and what New refuses.

package server_test

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"log/slog"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/requeststate"
	"salon/internal/server"
	"salon/internal/testkit"
)

// TestMain checks that every server a test closed left no goroutine behind: Close stops the sweeper.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

const roundOne = `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`

// roundTwo accepts slot with state, for the booking of roundOne.
func roundTwo(slot, state string) string {
	return `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},` + accepting(slot, state)
}

// accepting is the end of a round two's body: slot accepted with state, and the closing brace.
func accepting(slot, state string) string {
	quoted, _ := json.Marshal(state) // a state is JSON text, quoted as a string
	return `"inputResponses":{"time":{"action":"accept","content":{"time":"` + slot + `"}}},"requestState":` + string(quoted) + `}`
}

// freshKeys are keys with a random current key.
func freshKeys(t *testing.T) *requeststate.Keys {
	t.Helper()
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	keys, err := requeststate.NewKeys(key)
	if err != nil {
		t.Fatal(err)
	}
	return &keys
}

// build is New's server for cfg, closed when the test ends.
func build(t *testing.T, cfg server.Config) *server.Server {
	t.Helper()
	srv, err := server.New(t.Context(), cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// send serves one request to h and returns the status, the headers and the trimmed body.
func send(h http.Handler, method, path, body string, header map[string]string) (int, http.Header, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Header(), strings.TrimSpace(rec.Body.String())
}

// ask sends round one to h at path and returns the state.
func ask(t *testing.T, h http.Handler, path, body string) string {
	t.Helper()
	status, _, reply := send(h, http.MethodPost, path, body, nil)
	var asked struct{ RequestState string }
	if status != http.StatusOK || json.Unmarshal([]byte(reply), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s, want 200 with a requestState", status, reply)
	}
	return asked.RequestState
}

func TestInMemoryBothRoundsBookOnceAndTheStateIsSpent(t *testing.T) {
	for _, own := range []bool{true, false} {
		t.Run(map[bool]string{true: "with a key of its own", false: "with a configured key, once the store vouches"}[own], func(t *testing.T) {
			h := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: own, Life: 2 * time.Minute}).Handler()
			state := ask(t, h, "/salons/studio-nine/book", roundOne)
			want := `{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-11:30","say":"sat-11:30 is yours."}}`
			if status, _, body := send(h, http.MethodPost, "/salons/studio-nine/book", roundTwo("sat-11:30", state), nil); status != http.StatusOK || body != want {
				t.Fatalf("round two: got %d %s, want 200 %s", status, body, want)
			}
			if status, _, body := send(h, http.MethodPost, "/salons/studio-nine/book", roundTwo("sat-11:30", state), nil); status != http.StatusBadRequest || body != `"requestState was already used"` {
				t.Errorf("the same state again: got %d %s, want 400 \"requestState was already used\"", status, body)
			}
		})
	}
}

func TestWithoutKeysEveryBookingAnswers503(t *testing.T) {
	h := build(t, server.Config{Now: time.Now, Life: time.Minute}).Handler()
	if status, _, body := send(h, http.MethodPost, "/salons/studio-nine/book", roundOne, nil); status != http.StatusServiceUnavailable {
		t.Errorf("got %d %s, want 503", status, body)
	}
}

func TestTheHandlerServesTheAppMetricsAndMCPBesideTheRoute(t *testing.T) {
	var logged testkit.Buffer
	h := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute, Log: slog.New(slog.NewJSONHandler(&logged, nil))}).Handler()
	for _, path := range []string{"/", "/healthz", "/readyz", "/openapi.json"} {
		if status, _, body := send(h, http.MethodGet, path, "", nil); status != http.StatusOK {
			t.Errorf("GET %s: got %d %.80s, want 200", path, status, body)
		}
	}
	if status, _, body := send(h, http.MethodGet, "/metrics", "", nil); status != http.StatusOK || !strings.Contains(body, "go_goroutines") || !strings.Contains(body, "process_cpu_seconds_total") {
		t.Errorf("GET /metrics: got %d, want 200 with the Go and process collectors:\n%.400s", status, body)
	}
	status, _, body := send(h, http.MethodPost, api.MCPPath, mcptest.Discover("7"), map[string]string{
		"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover"})
	if r := mcptest.ReadReply(t, body); status != http.StatusOK || r.Result == nil || string(r.ID) != "7" {
		t.Errorf("POST /mcp: got %d %s, want 200 and a result with id 7", status, body)
	}
	if !strings.Contains(logged.String(), `"route":"/mcp"`) {
		t.Errorf("the request log has no line for /mcp:\n%s", logged.String())
	}
}

func TestTheMCPTokenGuardsTheEndpointAndNothingElse(t *testing.T) {
	const token = "a-token-for-the-mcp-endpoint-0123456789"
	var logged testkit.Buffer
	h := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute, MCPToken: token, Log: slog.New(slog.NewJSONHandler(&logged, nil))}).Handler()
	header := map[string]string{"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover"}
	for _, c := range []struct {
		name, authorization string
		want                int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"a wrong token", "Bearer not-" + token, http.StatusUnauthorized},
		{"the token", "Bearer " + token, http.StatusOK},
	} {
		header["Authorization"] = c.authorization
		if status, _, body := send(h, http.MethodPost, api.MCPPath, mcptest.Discover("1"), header); status != c.want {
			t.Errorf("%s: got %d %s, want %d", c.name, status, body, c.want)
		}
	}
	ask(t, h, "/salons/studio-nine/book", roundOne) // the route takes no token
	if strings.Contains(logged.String(), token) {
		t.Errorf("the token reached the log:\n%s", logged.String())
	}
}

func TestCORSOriginsMayCallTheRouteAndMCPAndNoOtherMay(t *testing.T) {
	h := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute, CORSOrigins: []string{"https://salon.example"}}).Handler()
	for _, c := range []struct{ origin, want string }{
		{"https://salon.example", "https://salon.example"},
		{"https://elsewhere.example", ""},
	} {
		_, header, _ := send(h, http.MethodOptions, "/salons/studio-nine/book", "", map[string]string{
			"Origin": c.origin, "Access-Control-Request-Method": http.MethodPost})
		if got := header.Get("Access-Control-Allow-Origin"); got != c.want {
			t.Errorf("a preflight from %s: got Access-Control-Allow-Origin %q, want %q", c.origin, got, c.want)
		}
	}
	for _, c := range []struct {
		origin string
		want   int
	}{
		{"https://salon.example", http.StatusOK},
		{"https://elsewhere.example", http.StatusForbidden},
	} {
		status, _, body := send(h, http.MethodPost, api.MCPPath, mcptest.Discover("1"), map[string]string{"Origin": c.origin,
			"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": mcp.ProtocolVersion, "Mcp-Method": "server/discover"})
		if status != c.want {
			t.Errorf("POST /mcp from %s: got %d %s, want %d", c.origin, status, body, c.want)
		}
	}
}

func TestACalendarHoldsTheDemoSalonBooksThereAndLogsTheRecords(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	const owner = "the-owners-token"
	var logged testkit.Buffer
	cfg := server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute, DatabaseURL: db, Demo: true, OwnerToken: owner,
		Log: slog.New(slog.NewJSONHandler(&logged, nil))}
	first, err := server.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	first.Close() // a second Close does nothing
	// Opened again, the demo salon is there already and isn't registered twice.
	h := build(t, cfg).Handler()
	status, _, body := send(h, http.MethodGet, "/salons/"+server.DemoSalon, "", nil)
	var view struct {
		Name      string
		OpenSlots []struct{ Slot string }
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &view) != nil || view.Name != "Studio Nine" || len(view.OpenSlots) < 2 {
		t.Fatalf("GET the demo salon: got %d %.200s, want Studio Nine with open times", status, body)
	}
	slots, _ := json.Marshal([]string{view.OpenSlots[0].Slot, view.OpenSlots[1].Slot})
	// The demo salon is a menu salon: its page's open times are a cut's with anyone.
	args := `{"message":"A cut?","openSlots":` + string(slots) + `,"customer":{"name":"Ana Lima","contact":"+44 7700 900123"},"service":"cut"}`
	path := "/salons/" + server.DemoSalon + "/book"
	state := ask(t, h, path, `{"arguments":`+args+`}`)
	status, _, body = send(h, http.MethodPost, path, `{"arguments":`+args+`,`+accepting(view.OpenSlots[0].Slot, state), nil)
	if status != http.StatusOK || !strings.Contains(body, `"status":"booked"`) || !strings.Contains(body, `"service":"cut"`) {
		t.Fatalf("round two: got %d %s, want a cut booked", status, body)
	}
	if status, _, body := send(h, http.MethodGet, path[:len(path)-len("/book")]+"/bookings", "", map[string]string{"Authorization": "Bearer " + owner}); status != http.StatusOK || !strings.Contains(body, `"name":"Ana Lima"`) {
		t.Errorf("the owner's bookings: got %d %s, want Ana's booking", status, body)
	}
	if !strings.Contains(logged.String(), `"msg":"round two","records":`) {
		t.Errorf("want a line of round two's records, got:\n%s", logged.String())
	}
	for _, personal := range []string{"Ana Lima", "+44 7700 900123", "A cut?"} {
		if strings.Contains(logged.String(), personal) {
			t.Errorf("the log holds the customer's %q:\n%s", personal, logged.String())
		}
	}
}

func TestAnUnreachableRedisLeavesTheServerUnready(t *testing.T) {
	var logged testkit.Buffer
	h := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute, RedisURL: "redis://127.0.0.1:1/0", RedisTimeout: 200 * time.Millisecond,
		Log: slog.New(slog.NewJSONHandler(&logged, nil))}).Handler()
	if status, _, body := send(h, http.MethodGet, "/readyz", "", nil); status != http.StatusServiceUnavailable {
		t.Errorf("GET /readyz: got %d %s, want 503", status, body)
	}
	if !strings.Contains(logged.String(), "redis can't be reached yet") {
		t.Errorf("New didn't warn that Redis can't be reached:\n%s", logged.String())
	}
}

func TestServeStdioAnswersWhatItsStdinCarriesAndEndsWithIt(t *testing.T) {
	srv := build(t, server.Config{Now: time.Now, Keys: freshKeys(t), KeyIsOwn: true, Life: time.Minute})
	var stdout bytes.Buffer
	if err := srv.ServeStdio(t.Context(), strings.NewReader(mcptest.Discover(`"one"`)+"\n"), &stdout); err != nil {
		t.Fatalf("got %v once stdin ended, want nil", err)
	}
	if r := mcptest.ReadReply(t, strings.TrimSpace(stdout.String())); r.Result == nil || string(r.ID) != `"one"` {
		t.Errorf("got %s, want one result with id \"one\"", stdout.String())
	}
}

func TestNewRefusesWhatCantBeComposed(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		cfg  server.Config
		want string
	}{
		{"no state life", server.Config{Now: time.Now}, "life must be positive"},
		{"no clock", server.Config{Life: time.Minute}, "the clock, Config.Now, must be set"},
		{"a database and Redis", server.Config{Now: time.Now, Life: time.Minute, DatabaseURL: "sqlite:" + filepath.Join(dir, "a.db"), RedisURL: "redis://127.0.0.1:1/0"}, "don't go together"},
		{"the demo salon without a database", server.Config{Now: time.Now, Life: time.Minute, Demo: true}, "needs a calendar's database"},
		{"an unreadable database URL", server.Config{Now: time.Now, Life: time.Minute, DatabaseURL: "mysql://somewhere"}, "sqlite:PATH"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, err := server.New(t.Context(), c.cfg)
			if err == nil {
				srv.Close()
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
}
