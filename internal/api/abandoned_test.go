// This file holds the test that a request whose client hung up counts as 499, not as an outage.

package api_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"salon/internal/api"
	desk "salon/internal/booking"
	"salon/internal/requeststate"
	domain "salon/internal/salon"
)

// stalled is a calendar whose every read waits for its caller to give up, then says why.
type stalled struct{ calendar }

// calendar names the desk's calendar for embedding beside a Calendar method.
type calendar = desk.Calendar

func (stalled) Window(ctx context.Context, _ string, _, _ time.Time) (domain.Calendar, error) {
	<-ctx.Done()
	return domain.Calendar{}, ctx.Err()
}

// TestAClientThatHangsUpIsNotAnOutage: when the client closes its connection while the calendar
// is read, the request is logged and counted as 499 at INFO, not as a 503 from a failing store.
func TestAClientThatHangsUpIsNotAnOutage(t *testing.T) {
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	registry := prometheus.NewRegistry()
	e := api.New(api.Service{
		Keys: &keys, Life: 2 * time.Minute, Now: time.Now, Nonce: func() requeststate.Nonce { return requeststate.Nonce{} },
		Spent: requeststate.NewMemory(time.Now), Calendar: stalled{}, BookingID: func() string { return "b" },
		Log: slog.New(slog.NewJSONHandler(&logged, nil)), Registry: registry,
	})
	ctx, hangUp := context.WithCancel(context.Background())
	body := `{"arguments":{"message":"A cut?","openSlots":["2026-12-05T10:30:00Z"],"customer":{"name":"Ana","contact":"ana@example.com"}}}`
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/salons/studio-nine/book", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	time.AfterFunc(20*time.Millisecond, hangUp)
	e.ServeHTTP(httptest.NewRecorder(), req)

	if got := countedCodes(t, registry); len(got) != 1 || got["499"] != 1 {
		t.Errorf("bookingd_http_requests_total by code: got %v, want map[499:1]", got)
	}
	if got := logged.String(); !strings.Contains(got, `"status":499`) || !strings.Contains(got, `"outcome":"client_closed"`) ||
		strings.Contains(got, `"level":"ERROR"`) || strings.Contains(got, "the store failed") {
		t.Errorf("logged %s, want one INFO line with status 499 and outcome client_closed, and no ERROR", got)
	}
	if n, err := testutil.GatherAndCount(registry, "bookingd_spent_store_errors_total"); err != nil || n != 0 && storeErrors(t, registry) != 0 {
		t.Errorf("store errors counted (%v), want none", err)
	}
}

// countedCodes is bookingd_http_requests_total by its code label.
func countedCodes(t *testing.T, registry *prometheus.Registry) map[string]float64 {
	t.Helper()
	families, err := registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "bookingd_http_requests_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "code" {
					codes[l.GetValue()] += m.GetCounter().GetValue()
				}
			}
		}
	}
	return codes
}

// storeErrors is bookingd_spent_store_errors_total.
func storeErrors(t *testing.T, registry *prometheus.Registry) float64 {
	t.Helper()
	families, err := registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "bookingd_spent_store_errors_total" {
			return f.GetMetric()[0].GetCounter().GetValue()
		}
	}
	return 0
}
