// This file holds what the dispatcher's tests share: a calendar in SQLite, a webhook receiver and
// an SMTP server, both real and on loopback, and a dispatcher wired to them.

package notify_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"fmt"
	"io"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/mail"
	"salon/internal/notify"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testsmtp"
	"salon/internal/webhook"
)

// hit is one request the receiver got.
type hit struct {
	header http.Header
	body   []byte
	at     time.Time
}

// receiver is a webhook receiver on loopback that keeps every request and answers each as told.
type receiver struct {
	srv *httptest.Server

	mu     sync.Mutex
	hits   []hit
	answer func(n int) int // the status of the nth request, from 1; nil is 200
	delay  time.Duration   // how long it takes to answer
	more   chan struct{}
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{more: make(chan struct{})}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.hits = append(r.hits, hit{header: req.Header.Clone(), body: body, at: time.Now()})
		n, answer, delay := len(r.hits), r.answer, r.delay
		close(r.more)
		r.more = make(chan struct{})
		r.mu.Unlock()
		select {
		case <-time.After(delay):
		case <-req.Context().Done():
			return
		}
		status := http.StatusOK
		if answer != nil {
			status = answer(n)
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// await waits until the receiver got n requests or timeout passed, and returns them.
func (r *receiver) await(n int, timeout time.Duration) []hit {
	deadline := time.After(timeout)
	for {
		r.mu.Lock()
		hits, more := append([]hit(nil), r.hits...), r.more
		r.mu.Unlock()
		if len(hits) >= n {
			return hits
		}
		select {
		case <-more:
		case <-deadline:
			return hits
		}
	}
}

// world is a calendar, a receiver, an SMTP server and a dispatcher of them.
type world struct {
	t        *testing.T
	db       *store.Store
	url      string
	keys     requeststate.Keys
	recv     *receiver
	smtp     *testsmtp.Server
	registry *prometheus.Registry
	d        *notify.Dispatcher
	running  *notify.Running
}

// salonID is the tests' salon.
const salonID = "studio-nine"

func newWorld(t *testing.T) *world {
	t.Helper()
	url := storetest.SQLite(t)
	db, err := store.Open(t.Context(), url, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: salon.Hours{},
		SlotMinutes: 45, HorizonDays: 14}
	for d := time.Sunday; d <= time.Saturday; d++ {
		set.Hours[d] = []salon.Interval{{Start: 0, End: 23*60 + 59}}
	}
	if err := db.PutSalon(t.Context(), salonID, set); err != nil {
		t.Fatal(err)
	}
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, url: url, keys: keys, recv: newReceiver(t), smtp: testsmtp.Start(t), registry: prometheus.NewRegistry()}
	w.d = &notify.Dispatcher{
		Store: db, Client: webhook.NewClient(true), Keys: &w.keys, PublicURL: "https://book.studio-nine.example",
		Mail: mail.Sender{URL: w.smtp.URL(), From: "Studio Nine <hello@studio-nine.example>"},
		Now:  time.Now, Registry: w.registry, FirstRetry: 200 * time.Millisecond,
	}
	return w
}

// start starts the dispatcher and has the calendar wake it; it is stopped when the test ends.
func (w *world) start() *notify.Running {
	w.t.Helper()
	w.running = w.d.Start()
	w.db.Tell(store.Telling{Mailable: mail.IsEmail, RemindBefore: 24 * time.Hour, Wake: w.running.Wake})
	running := w.running
	w.t.Cleanup(func() { running.Stop(context.Background()) })
	return running
}

// putWebhook registers the receiver as the salon's webhook id, for every event type, and returns
// its secret.
func (w *world) putWebhook(id string) string {
	w.t.Helper()
	secret := webhook.NewSecret()
	if _, err := w.db.PutWebhook(w.t.Context(), salon.Webhook{Salon: salonID, ID: id, URL: w.recv.srv.URL + "/in/" + id,
		Events: salon.EventTypes, Secret: secret}); err != nil {
		w.t.Fatal(err)
	}
	return secret
}

// book books the slot at start for a customer with contact, with a manage key, through the store.
func (w *world) book(id, name, contact string, start time.Time) salon.Booking {
	w.t.Helper()
	return w.bookIn("", id, name, contact, start)
}

// bookIn is book, the booking made in the language code ("" for the salon's).
func (w *world) bookIn(language, id, name, contact string, start time.Time) salon.Booking {
	w.t.Helper()
	h := &salon.Hold{ID: id, Salon: salonID, Slot: start.Format(time.RFC3339), Start: start,
		Customer: salon.Customer{Name: name, Contact: contact}, Words: "Just a trim, please.",
		ManageHash: requeststate.ManageHash(w.keys.ManageKey(salonID, id)), Language: language}
	spend := requeststate.SpendID(sha256.Sum256([]byte(fmt.Sprint(w.t.Name(), id))))
	out, err := w.db.Spend(w.t.Context(), spend, time.Now().Add(time.Minute), h, time.Now())
	if err != nil || out.Booking == nil {
		w.t.Fatalf("booking %s: %+v, %v", id, out, err)
	}
	return *out.Booking
}

// ahead is a whole hour at least d from now, as a slot's start.
func ahead(d time.Duration) time.Time {
	return time.Now().Add(d).Truncate(time.Hour).Add(time.Hour).UTC()
}

// counter is the value of a counter or gauge of the world's registry.
func (w *world) counter(name string, labels ...string) float64 {
	w.t.Helper()
	families, err := w.registry.Gather()
	if err != nil {
		w.t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	metric:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, l := range m.GetLabel() {
					found = found || l.GetName() == labels[i] && l.GetValue() == labels[i+1]
				}
				if !found {
					continue metric
				}
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue()
			case m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return 0
}

// rawDB is a plain connection to the SQLite database at url, around the store.
func rawDB(t *testing.T, url string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", strings.TrimPrefix(url, "sqlite:")+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// base64Reader decodes a base64 part, whose lines end in CRLF.
func base64Reader(b []byte) io.Reader {
	return base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.ReplaceAll(b, []byte("\r\n"), nil)))
}

// quotedPrintable decodes a quoted-printable part.
func quotedPrintable(b []byte) io.Reader { return quotedprintable.NewReader(bytes.NewReader(b)) }
