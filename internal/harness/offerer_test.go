// This file tests the offerer at the edge: its time limit, its served log, its log lines and its counters.

package harness_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/harness"
	"salon/internal/harness/harnesstest"
	"salon/internal/testkit"
)

func TestOffererReportsEveryTurn(t *testing.T) {
	served, logged := &testkit.Buffer{}, &testkit.Buffer{}
	reg := prometheus.NewRegistry()
	var mu sync.Mutex
	var outcomes []harness.Decision
	o := &harness.ModelOfferer{
		Model:   harnesstest.Scripted(invented, good),
		Served:  served,
		Log:     slog.New(slog.NewJSONHandler(logged, nil)),
		Metrics: harness.NewMetrics(reg),
		Observe: func(out harness.Decision) { mu.Lock(); outcomes = append(outcomes, out); mu.Unlock() },
	}
	offer := o.Offer(context.Background(), booking)
	if !slices.Equal(offer.Times, []string{"sun-11:00", "sun-13:00"}) {
		t.Fatalf("got %+v, want the model's second answer", offer)
	}
	if got, want := served.String(), string(harness.Served(outcomes[0].Records)); got != want {
		t.Errorf("the served log holds\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(logged.String(), "Sunday?") || strings.Contains(logged.String(), "booking assistant") {
		t.Errorf("the log holds the customer's words or the prompt: %s", logged)
	}
	if got := counted(t, reg, "bookingd_offer_model_calls_total", "refused"); got != 1 {
		t.Errorf("got %v refused calls counted, want 1", got)
	}
}

func TestOffererFallsBackAtItsLimit(t *testing.T) {
	logged := &testkit.Buffer{}
	reg := prometheus.NewRegistry()
	o := &harness.ModelOfferer{
		Model:   harnesstest.Silent(),
		Limit:   80 * time.Millisecond,
		Log:     slog.New(slog.NewJSONHandler(logged, nil)),
		Metrics: harness.NewMetrics(reg),
	}
	began := time.Now()
	offer := o.Offer(context.Background(), booking)
	// The silent model never answers: ending within a couple of seconds keeps the limit, however
	// loaded the machine running the test is.
	if took := time.Since(began); took > 80*time.Millisecond+2*time.Second {
		t.Errorf("the turn took %s, want it to end at its limit of 80ms", took)
	}
	if !slices.Equal(offer.Times, defaultOffer.Times) || offer.Question != defaultOffer.Question {
		t.Errorf("got %+v, want the default offer", offer)
	}
	if got := counted(t, reg, "bookingd_offer_fallbacks_total", string(harness.WhyTimeLimit)); got != 1 {
		t.Errorf("got %v fallbacks for the time limit, want 1", got)
	}
	if got := counted(t, reg, "bookingd_offer_fallbacks_total", string(harness.WhyModelError)); got != 0 {
		t.Errorf("got %v fallbacks for a model error, want 0", got)
	}
	if !strings.Contains(logged.String(), `"msg":"offer fell back to the default","why":"time_limit"`) {
		t.Errorf("the log doesn't say the offer fell back at the time limit: %s", logged)
	}
}

func TestOffererKeepsServingWhenTheServedLogFails(t *testing.T) {
	logged := &testkit.Buffer{}
	o := &harness.ModelOfferer{Model: harness.Standin(), Served: failingWriter{}, Log: slog.New(slog.NewJSONHandler(logged, nil))}
	if offer := o.Offer(context.Background(), booking); offer.Question != "Would sun-11:00 or sun-13:00 suit you?" {
		t.Errorf("got %+v, want the stand-in's offer", offer)
	}
	if !strings.Contains(logged.String(), "the served log could not be written") {
		t.Errorf("the log doesn't say the served log failed: %s", logged)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Concurrent turns each write their lines whole.
func TestOffererServedLogUnderConcurrentTurns(t *testing.T) {
	served := &testkit.Buffer{}
	o := &harness.ModelOfferer{Model: harnesstest.Scripted(invented, good), Served: served}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { o.Offer(context.Background(), booking) })
	}
	wg.Wait()
	one := string(harness.Served(harness.Turn(context.Background(), harnesstest.Scripted(invented, good), 3, booking).Records))
	if got, want := served.String(), strings.Repeat(one, 8); got != want {
		t.Errorf("the served log of 8 turns is not 8 turns' lines, whole")
	}
}

// counted is the value of the counter name whose one label has value, as the registry gathers it.
func counted(t *testing.T, reg *prometheus.Registry, name, value string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if len(m.GetLabel()) == 1 && m.GetLabel()[0].GetValue() == value {
				return m.GetCounter().GetValue()
			}
		}
	}
	t.Fatalf("no counter %s{%q} is registered", name, value)
	return 0
}
