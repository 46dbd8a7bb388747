// This file holds the dispatcher's Prometheus metrics: its backlog, its attempts, its failures and
// its latency.

package notify

import (
	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/store"
)

// metrics are the dispatcher's instruments.
type metrics struct {
	backlog  *prometheus.GaugeVec
	attempts *prometheus.CounterVec
	failed   *prometheus.CounterVec
	dropped  *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// newMetrics makes the instruments and registers them on reg, when it isn't nil.
func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		backlog: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "bookingd_deliveries_backlog",
			Help: "Deliveries due and not yet made, across every instance, by kind: webhook, mail, reminder.",
		}, []string{"kind"}),
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_delivery_attempts_total",
			Help: "Delivery attempts this instance made, by kind and result: delivered, retried, given_up, skipped, dropped, cut_off.",
		}, []string{"kind", "result"}),
		failed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_deliveries_failed_total",
			Help: "Deliveries this instance gave up on, after 24 hours of retries or a permanent refusal, by kind.",
		}, []string{"kind"}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bookingd_messages_dropped_total",
			Help: "Mails and texts to customers this instance dropped because their contact had been sent MessagesPerDay (10) in 24 hours, by kind: mail, reminder.",
		}, []string{"kind"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bookingd_delivery_latency_seconds",
			Help:    "From when a delivery was due (the change, or a reminder's time) to when it was made, by kind.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 24 * 3600},
		}, []string{"kind"}),
	}
	for _, k := range []string{"webhook", "mail", "reminder"} {
		m.backlog.WithLabelValues(k)
		m.failed.WithLabelValues(k)
	}
	for _, k := range []string{store.MailTarget, store.ReminderTarget} {
		m.dropped.WithLabelValues(k)
	}
	if reg != nil {
		reg.MustRegister(m.backlog, m.attempts, m.failed, m.dropped, m.latency)
	}
	return m
}
