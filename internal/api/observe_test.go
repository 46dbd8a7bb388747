// This file tests what each request leaves behind: its one log line and its metric series.

package api_test

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"salon/internal/api"
	"salon/internal/requeststate"
	"salon/internal/testkit"
	"salon/internal/wire"
)

// observed is an application whose request log and metrics the test reads.
type observed struct {
	app      http.Handler
	log      *testkit.Buffer
	registry *prometheus.Registry
}

func newObserved(t *testing.T) *observed {
	t.Helper()
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	o := &observed{log: &testkit.Buffer{}, registry: prometheus.NewRegistry()}
	nonces := &counter{}
	o.app = api.New(api.Service{
		Keys: &keys, Life: 2 * time.Minute, Now: func() time.Time { return fuzzNow }, Nonce: nonces.nonce,
		Spent: requeststate.NewMemory(func() time.Time { return fuzzNow }),
		Log:   slog.New(slog.NewJSONHandler(o.log, nil)), Registry: o.registry,
	})
	return o
}

func (o *observed) send(method, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	o.app.ServeHTTP(rec, req)
	return rec
}

// lines are the request log's lines, each decoded.
func (o *observed) lines(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(o.log.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("a log line that isn't JSON: %q", line)
		}
		out = append(out, rec)
	}
	return out
}

func TestEachRequestLogsOneLineWithItsOutcomeAndNoBody(t *testing.T) {
	o := newObserved(t)
	bookPath := "/salons/" + salon + "/book"
	one := o.send(http.MethodPost, bookPath, `{"arguments":`+booking(slots...)+`}`)
	var asked wire.InputRequiredResult
	if err := json.Unmarshal(one.Body.Bytes(), &asked); err != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s", one.Code, one.Body)
	}
	refused := o.send(http.MethodPost, bookPath, roundTwo(booking(slots...), accept("sat-13:00"), asked.RequestState))
	if refused.Code != http.StatusBadRequest {
		t.Fatalf("an answer naming a time never offered: got %d %s", refused.Code, refused.Body)
	}

	lines := o.lines(t)
	if len(lines) != 2 {
		t.Fatalf("got %d log lines, want one per request:\n%s", len(lines), o.log)
	}
	for i, want := range []map[string]any{
		{"level": "INFO", "msg": "request", "method": "POST", "route": api.BookPath, "path": bookPath, "status": 200.0, "outcome": "input_required"},
		{"level": "INFO", "msg": "request", "method": "POST", "route": api.BookPath, "path": bookPath, "status": 400.0,
			"outcome": "never_offered", "reason": strings.Trim(refused.Body.String(), "\"\n")},
	} {
		got := lines[i]
		for key, value := range want {
			if got[key] != value {
				t.Errorf("line %d: %s is %v, want %v", i+1, key, got[key], value)
			}
		}
		if us, ok := got["duration_us"].(float64); !ok || us < 0 || us != float64(int64(us)) {
			t.Errorf("line %d: duration_us is %v, want whole microseconds", i+1, got["duration_us"])
		}
		if _, err := time.Parse(time.RFC3339Nano, got["time"].(string)); err != nil {
			t.Errorf("line %d: time %v: %v", i+1, got["time"], err)
		}
		if got["bytes"].(float64) <= 0 || got["remote"] == "" {
			t.Errorf("line %d: want the reply's size and the peer, got %v", i+1, got)
		}
	}
	if strings.Contains(o.log.String(), asked.RequestState[:20]) || strings.Contains(o.log.String(), "Saturday") {
		t.Errorf("the log holds a body:\n%s", o.log)
	}
}

func TestMetricsCountEachSeriesAndBoundTheMethods(t *testing.T) {
	o := newObserved(t)
	bookPath := "/salons/" + salon + "/book"
	for range 3 {
		o.send(http.MethodPost, bookPath, `{"arguments":`+booking(slots...)+`}`)
	}
	o.send(http.MethodPost, bookPath, `{"arguments":`+booking()+`}`) // nothing open: completes at once
	for _, method := range []string{"BREW", "PROPFIND", "X-" + strings.Repeat("A", 40)} {
		o.send(method, bookPath, `{}`)
	}

	const metrics = `
# HELP bookingd_booking_outcomes_total What booking requests came to: input_required, booked, not_booked, unavailable, or the refusal's kind.
# TYPE bookingd_booking_outcomes_total counter
bookingd_booking_outcomes_total{outcome="http_405"} 3
bookingd_booking_outcomes_total{outcome="input_required"} 3
bookingd_booking_outcomes_total{outcome="not_booked"} 1
# HELP bookingd_http_requests_total HTTP requests answered, by route, method and status code.
# TYPE bookingd_http_requests_total counter
bookingd_http_requests_total{code="200",method="POST",route="/salons/:salon/book"} 4
bookingd_http_requests_total{code="405",method="other",route="/salons/:salon/book"} 3
`
	if err := testutil.GatherAndCompare(o.registry, strings.NewReader(metrics),
		"bookingd_http_requests_total", "bookingd_booking_outcomes_total"); err != nil {
		t.Error(err)
	}
	if n := testutil.CollectAndCount(o.registry, "bookingd_http_request_duration_seconds"); n != 2 {
		t.Errorf("got %d latency series, want 2 (POST and other)", n)
	}
}

// unsendable is a connection that takes no bytes: its flush fails, as one whose client has gone
// or whose write time-out has passed.
type unsendable struct{ *httptest.ResponseRecorder }

func (unsendable) FlushError() error { return errors.New("write tcp: i/o timeout") }

func TestTheRequestLineSaysWhatARefusalActuallySent(t *testing.T) {
	bookPath := "/salons/" + salon + "/book"
	t.Run("a refusal sent is logged with its bytes, as its length says", func(t *testing.T) {
		o := newObserved(t)
		rec := o.send(http.MethodPost, bookPath, `{`)
		line := o.lines(t)[0]
		if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
			t.Errorf("Content-Length: got %q, want %q", got, want)
		}
		if got, want := line["bytes"], float64(rec.Body.Len()); got != want || line["unsent"] != nil {
			t.Errorf("the line: got bytes %v and unsent %v, want %v and none", got, line["unsent"], want)
		}
	})
	t.Run("a refusal the connection didn't take is logged as unsent, with no bytes", func(t *testing.T) {
		o := newObserved(t)
		req := httptest.NewRequest(http.MethodPost, bookPath, strings.NewReader(`{`))
		req.Header.Set("Content-Type", "application/json")
		o.app.ServeHTTP(unsendable{httptest.NewRecorder()}, req)
		line := o.lines(t)[0]
		if line["status"] != 400.0 || line["bytes"] != 0.0 || line["unsent"] != "write tcp: i/o timeout" {
			t.Errorf("the line: got status %v, bytes %v, unsent %v; want 400, 0 and the write's error", line["status"], line["bytes"], line["unsent"])
		}
	})
}
