// This file holds the in-process benchmarks of a whole round through the Echo handler: the booking app and the bare baseline side by side, and the app with a calendar.

package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"salon/internal/testpg"
)

// roundTripper sends one round to a handler in process, with no network, and returns the reply.
type roundTripper struct {
	h   http.Handler
	url string
}

func (r roundTripper) send(tb testing.TB, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, r.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	r.h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("POST %s: got %d %s, want 200", r.url, rec.Code, rec.Body)
	}
	return rec
}

// inProcessApp is the handler of newInProcess's server for tb, closed when tb ends: in memory
// when dbURL is empty, else with a calendar there.
func inProcessApp(tb testing.TB, dbURL, ownerToken string, now func() time.Time) http.Handler {
	tb.Helper()
	srv, err := newInProcess(tb.Context(), dbURL, ownerToken, now)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(srv.Close)
	return srv.Handler()
}

// processCPUTime is the CPU time this process has used, all threads (the collector's too).
func processCPUTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the process's CPU time per op since start as cpu-ns/op: unlike ns/op, other
// processes on a shared machine barely move it.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPUTime(b)-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkRoundTrip runs round one and round two through the booking app (server.New, as bookingd
// builds it) and through the bare Echo baseline; the ratio of the two is the cost of the booking itself.
func BenchmarkRoundTrip(b *testing.B) {
	for _, server := range []struct {
		name string
		h    func() http.Handler
	}{
		{"app", func() http.Handler { return inProcessApp(b, "", "", time.Now) }},
		{"baseline", func() http.Handler { return newBaseline() }},
	} {
		c := newCustomer(nil, "")
		rt := roundTripper{h: server.h(), url: c.url}
		b.Run("server="+server.name+"/round=one", func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPUTime(b)
			for b.Loop() {
				rt.send(b, c.one)
			}
			reportCPU(b, cpu)
		})
		b.Run("server="+server.name+"/round=two", func(b *testing.B) {
			bodies := make([][]byte, b.N)
			for i := range bodies {
				o, kind := readOffer(rt.send(b, c.one).Body.Bytes())
				if kind != okKind {
					b.Fatalf("round one: got %s, want an offer", kind)
				}
				c.roundTwoBody(o)
				bodies[i] = bytes.Clone(c.body)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := processCPUTime(b)
			for i := range b.N {
				rt.send(b, bodies[i])
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkCalendarRoundTrip runs round one, round two and GET /salons/{salon} through the booking
// app with a calendar (server.New, as bookingd builds it with -db), in process, one request at a time:
// what each costs with the database, and, with -cpuprofile, where it goes; and GET through the
// bare baseline beside them. Each benchmark books at 32 salons of its own, as a bookbench run
// does, so no salon holds more bookings than a run's.
func BenchmarkCalendarRoundTrip(b *testing.B) {
	b.Run("server=baseline/read", func(b *testing.B) {
		h := newBaseline()
		path := "/salons/" + salonID("tag", 0, 7)
		b.ReportAllocs()
		cpu := processCPUTime(b)
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != http.StatusOK {
				b.Fatalf("GET: got %d %s, want 200", rec.Code, rec.Body)
			}
		}
		reportCPU(b, cpu)
	})
	for _, db := range []struct {
		name string
		url  func(b *testing.B) string
	}{
		{"sqlite", func(b *testing.B) string { return "sqlite:" + filepath.Join(b.TempDir(), "bench.db") }},
		{"postgres", func(b *testing.B) string { return testpg.Shared(b).URL(b) }},
	} {
		b.Run("server="+db.name, func(b *testing.B) {
			app := inProcessApp(b, db.url(b), "bench-owner", time.Now)
			slots := benchSlotIDs(time.Now())
			put, err := json.Marshal(benchPut())
			if err != nil {
				b.Fatal(err)
			}
			var fresh int
			// seats registers 32 fresh salons and seats a customer at each.
			seats := func(b *testing.B) []*seat {
				fresh++
				salons := make([]*freshSalon, 32)
				seated := make([]*seat, len(salons))
				for i := range salons {
					salons[i] = &freshSalon{id: salonID(strconv.Itoa(fresh), 0, i), slots: slots}
					req := httptest.NewRequest(http.MethodPut, "/salons/"+salons[i].id, bytes.NewReader(put))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer bench-owner")
					rec := httptest.NewRecorder()
					app.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("PUT /salons/%s: got %d %s, want 200", salons[i].id, rec.Code, rec.Body)
					}
					seated[i] = seatOf(salons, i)
				}
				return seated
			}
			// ask sends round one for a seat and returns its offer, with the customer who will answer it.
			ask := func(b *testing.B, s *seat) (*customer, offer) {
				c := newSeated(nil, "", s, false)
				args := s.arguments()
				o, kind := readOffer(roundTripper{h: app, url: c.url}.send(b, append(append([]byte(`{"arguments":`), args...), '}')).Body.Bytes())
				if kind != okKind {
					b.Fatalf("round one: got %s, want an offer", kind)
				}
				o.args, o.path = args, bookPath(s.salon.id)
				return c, o
			}
			b.Run("round=one", func(b *testing.B) {
				seated := seats(b)
				b.ReportAllocs()
				cpu := processCPUTime(b)
				for i := 0; b.Loop(); i++ {
					ask(b, seated[i%len(seated)])
				}
				reportCPU(b, cpu)
			})
			b.Run("round=two", func(b *testing.B) {
				seated := seats(b)
				bodies := make([][]byte, b.N)
				urls := make([]string, b.N)
				for i := range bodies {
					c, o := ask(b, seated[i%len(seated)])
					c.roundTwoBody(o)
					bodies[i], urls[i] = bytes.Clone(c.body), o.path
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu := processCPUTime(b)
				for i := range b.N {
					rec := roundTripper{h: app, url: urls[i]}.send(b, bodies[i])
					if !bytes.Contains(rec.Body.Bytes(), []byte(`"status":"booked"`)) {
						b.Fatalf("round two: got %s, want booked", rec.Body)
					}
				}
				reportCPU(b, cpu)
			})
			b.Run("read", func(b *testing.B) {
				seated := seats(b)
				for i := range 32 * 30 { // a few bookings at each salon, as a run's warm-up makes
					c, o := ask(b, seated[i%len(seated)])
					c.roundTwoBody(o)
					roundTripper{h: app, url: o.path}.send(b, c.body)
				}
				b.ReportAllocs()
				cpu := processCPUTime(b)
				for i := 0; b.Loop(); i++ {
					rec := httptest.NewRecorder()
					app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/salons/"+seated[i%len(seated)].salon.id, nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("GET: got %d %s, want 200", rec.Code, rec.Body)
					}
				}
				reportCPU(b, cpu)
			})
		})
	}
}
