// This file holds the in-process benchmarks of a whole round through the Echo handler, for the booking app and the bare baseline side by side.

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"
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

// BenchmarkRoundTrip runs round one and round two through the booking app (api.New, wired as bookingd
// wires it) and through the bare Echo baseline; the ratio of the two is the cost of the booking itself.
func BenchmarkRoundTrip(b *testing.B) {
	for _, server := range []struct {
		name string
		h    func() http.Handler
	}{
		{"app", newInProcess},
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
