// This file holds the harness at the edge: the offerer that runs a turn under its time limit, and reports it to the served log, the log and the metrics.

package harness

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/step"
)

// DefaultLimit is how long a whole turn may take before round one falls back.
const DefaultLimit = 6 * time.Second

// ModelOfferer is round one's offerer with a model: it runs a Turn under one time limit and reports it.
// Its fields are its dependencies; it must not be changed once in use, and is safe for concurrent use.
type ModelOfferer struct {
	// Model proposes the offer. It must not be nil.
	Model Model
	// Attempts bounds the answers a turn asks for; below 1 is DefaultAttempts.
	Attempts int
	// Limit bounds the whole turn; 0 or less is DefaultLimit.
	Limit time.Duration
	// Served receives every model call as one JSON line (see Served). Nil keeps no served log.
	// Writes are serialised, one turn's lines in one write.
	Served io.Writer
	// Log receives one line per turn: warn when it fell back, error when its review failed. It never
	// receives a prompt or an output. Nil discards.
	Log *slog.Logger
	// Metrics counts turns, calls, fallbacks by reason and failed reviews. Nil counts nothing.
	Metrics *Metrics
	// Observe, when set, is handed every turn's outcome, after it is reported.
	Observe func(Decision)

	mu sync.Mutex // serialises writes to Served
}

// Offer runs one turn for b under the time limit, applied here with a context, and returns the
// model's checked offer or the default offer. A failure is never the customer's: it is a fallback,
// logged and counted.
func (o *ModelOfferer) Offer(ctx context.Context, b step.Request) step.Offer {
	limit := o.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	out := Turn(ctx, o.Model, o.Attempts, b)
	o.report(out)
	return out.Offer
}

func (o *ModelOfferer) report(out Decision) {
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	calls := 0
	for _, r := range out.Records {
		if r.Stage == StageCall {
			calls++
		}
		if r.Stage == StageRuling && r.Ruling != nil {
			o.Metrics.ruled(r.Ruling.Accepted)
		}
		if r.Stage == StageCall && r.Error != "" {
			o.Metrics.failed()
		}
	}
	if o.Served != nil && calls > 0 {
		o.mu.Lock()
		_, err := o.Served.Write(Served(out.Records))
		o.mu.Unlock()
		if err != nil {
			log.Warn("the served log could not be written", "error", err.Error())
		}
	}
	switch {
	case out.Served:
		o.Metrics.turn("served", "")
		log.Info("offer", "served", true, "calls", calls)
	case out.Why != "":
		o.Metrics.turn("fallback", out.Why)
		attrs := []any{"why", string(out.Why), "calls", calls}
		if last := out.Records[len(out.Records)-1]; last.Error != "" {
			attrs = append(attrs, "error", last.Error)
		}
		log.Warn("offer fell back to the default", attrs...)
	}
	if findings := Review(out.Records); len(findings) > 0 {
		o.Metrics.reviewed(len(findings))
		lines := make([]string, len(findings))
		for i, f := range findings {
			lines[i] = f.String()
		}
		log.Error("a turn's records fail their review", "findings", lines)
	}
	if o.Observe != nil {
		o.Observe(out)
	}
}

// Metrics are the harness's instruments. A nil *Metrics counts nothing.
type Metrics struct {
	turns     *prometheus.CounterVec
	fallbacks *prometheus.CounterVec
	calls     *prometheus.CounterVec
	reviews   prometheus.Counter
}

// NewMetrics registers the harness's instruments on reg: bookingd_offer_turns_total by result
// (served or fallback), bookingd_offer_fallbacks_total by reason (every reason of Whys, from 0),
// bookingd_offer_model_calls_total by ruling (accepted, refused or failed) and
// bookingd_offer_audit_failures_total.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		turns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_offer_turns_total",
			Help: "Round-one turns of the offer harness, by result: served (the model's checked offer) or fallback (the default offer).",
		}, []string{"result"}),
		fallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_offer_fallbacks_total",
			Help: "Turns that fell back to the default offer, by reason.",
		}, []string{"reason"}),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_offer_model_calls_total",
			Help: "Model calls of the offer harness, by ruling: accepted, refused by the checker, or failed.",
		}, []string{"ruling"}),
		reviews: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bookingd_offer_audit_failures_total",
			Help: "Failed checks found by the review of turns' records (each is also logged).",
		}),
	}
	reg.MustRegister(m.turns, m.fallbacks, m.calls, m.reviews)
	for _, why := range Whys {
		m.fallbacks.WithLabelValues(string(why))
	}
	for _, result := range []string{"served", "fallback"} {
		m.turns.WithLabelValues(result)
	}
	for _, ruling := range []string{"accepted", "refused", "failed"} {
		m.calls.WithLabelValues(ruling)
	}
	return m
}

func (m *Metrics) turn(result string, why Why) {
	if m == nil {
		return
	}
	m.turns.WithLabelValues(result).Inc()
	if why != "" {
		m.fallbacks.WithLabelValues(string(why)).Inc()
	}
}

func (m *Metrics) ruled(accepted bool) {
	if m == nil {
		return
	}
	ruling := "refused"
	if accepted {
		ruling = "accepted"
	}
	m.calls.WithLabelValues(ruling).Inc()
}

func (m *Metrics) failed() {
	if m != nil {
		m.calls.WithLabelValues("failed").Inc()
	}
}

func (m *Metrics) reviewed(findings int) {
	if m != nil {
		m.reviews.Add(float64(findings))
	}
}
