// This file holds the Prometheus metrics of the service: requests, latency, booking outcomes and spent-store errors.

package api

import (
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the service's instruments, registered on one registry.
type metrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	outcomes    *prometheus.CounterVec
	storeErrors prometheus.Counter

	children        sync.Map                    // requestKey → *keyedSeries
	last            atomic.Pointer[keyedSeries] // the series child gave last, which the next request most likely wants
	outcomeChildren sync.Map                    // outcome → prometheus.Counter
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
	c := m.child(route, method, code)
	c.requests.Inc()
	c.latency.Observe(took.Seconds())
	if route == BookPath && outcome != "" {
		m.outcome(outcome).Inc()
	}
}

// requestKey names one series of the request metrics.
type requestKey struct {
	route, method string
	code          int
}

// requestSeries are the request counter and latency histogram of one requestKey.
type requestSeries struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

// keyedSeries are the series of key.
type keyedSeries struct {
	key    requestKey
	series requestSeries
}

// child is the series for route, method and code, looked up in the vectors once and kept: a
// vector hashes its label values and takes a lock on every lookup. The series given last is
// tried first, with a comparison instead of a hash. A method outside HTTP's own counts as
// "other", so a client can't grow the series (or this cache) without bound.
func (m *metrics) child(route, method string, code int) requestSeries {
	if !slices.Contains(httpMethods, method) {
		method = "other"
	}
	key := requestKey{route, method, code}
	if last := m.last.Load(); last != nil && last.key == key {
		return last.series
	}
	c, ok := m.children.Load(key)
	if !ok {
		c, _ = m.children.LoadOrStore(key, &keyedSeries{key: key, series: requestSeries{
			requests: m.requests.WithLabelValues(route, method, strconv.Itoa(code)),
			latency:  m.latency.WithLabelValues(route, method),
		}})
	}
	keyed := c.(*keyedSeries)
	m.last.Store(keyed)
	return keyed.series
}

// outcome is the counter of one booking outcome, kept as child keeps its series.
func (m *metrics) outcome(name string) prometheus.Counter {
	if c, ok := m.outcomeChildren.Load(name); ok {
		return c.(prometheus.Counter)
	}
	c := m.outcomes.WithLabelValues(name)
	m.outcomeChildren.Store(name, c)
	return c
}

// httpMethods are the methods the request metrics name; any other is "other".
var httpMethods = []string{
	http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
	http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace,
}
