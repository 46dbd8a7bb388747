// This file holds the Prometheus metrics of the service: requests, latency, booking outcomes and spent-store errors.
package api

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the service's instruments, registered on one registry.
type metrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	outcomes    *prometheus.CounterVec
	storeErrors prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_http_requests_total",
			Help: "HTTP requests answered, by route, method and status code.",
		}, []string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bookingd_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route and method.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route", "method"}),
		outcomes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_booking_outcomes_total",
			Help: "What booking requests came to: input_required, booked, not_booked, unavailable, or the refusal's kind.",
		}, []string{"outcome"}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bookingd_spent_store_errors_total",
			Help: "Spends the spent-state store could not decide (each answered 503).",
		}),
	}
	reg.MustRegister(m.requests, m.latency, m.outcomes, m.storeErrors)
	return m
}

// observe records one answered request.
func (m *metrics) observe(route, method string, code int, took time.Duration, outcome string) {
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(route, method).Observe(took.Seconds())
	if route == BookPath && outcome != "" {
		m.outcomes.WithLabelValues(outcome).Inc()
	}
}
