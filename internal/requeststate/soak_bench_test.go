// This file holds the memory soak of the in-memory spent set: a sustained rate of spends with a short life, cycling the set many times, with the live heap measured before and after.

package requeststate_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"salon/internal/requeststate"
)

// The soak: spends at a steady rate of simulated time, each good for soakLife, for soakLives lives.
const (
	soakRate  = 5000 // spends per simulated second: about what bookingd completes on this machine
	soakLife  = 2 * time.Second
	soakLives = 150
)

// liveHeap is the heap still reachable after two full collections.
func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// soakClock is a simulated clock the soak moves by hand; one goroutine uses it.
type soakClock struct{ t time.Time }

func (c *soakClock) now() time.Time { return c.t }

// BenchmarkSpentSetSoak spends soakRate states a simulated second, each with a life of soakLife,
// for soakLives lives, so the set turns over soakLives times. It reports the live heap the set holds
// and the bytes per live entry once the set first reaches its steady size (start) and at the end
// (end). The heap is flat when the two agree; heap-growth-B is end minus start.
func BenchmarkSpentSetSoak(b *testing.B) {
	const (
		tick  = time.Second / soakRate
		fill  = soakRate * int(soakLife/time.Second+1) // spends until the first entries are dropped
		total = soakRate * int(soakLife/time.Second) * soakLives
	)
	var start, end, entries, growth float64
	for b.Loop() {
		empty := liveHeap()
		clock := &soakClock{t: time.Unix(1791018000, 0)}
		m := requeststate.NewMemory(clock.now)
		ctx := context.Background()
		var startHeap uint64
		for i := range total {
			if err := m.Spend(ctx, idOf(i), clock.t.Add(soakLife)); err != nil {
				b.Fatalf("Spend: got %v, want nil", err)
			}
			clock.t = clock.t.Add(tick)
			if i == 2*fill-1 { // the last spend of a second, as at the end, so the two hold as many entries
				startHeap = liveHeap() - empty
				start = float64(startHeap) / float64(m.Len())
			}
		}
		endHeap := liveHeap() - empty
		entries = float64(m.Len())
		end = float64(endHeap) / entries
		growth = float64(int64(endHeap) - int64(startHeap))
		runtime.KeepAlive(m)
	}
	b.ReportMetric(entries, "live-entries")
	b.ReportMetric(start, "B/entry-start")
	b.ReportMetric(end, "B/entry-end")
	b.ReportMetric(growth, "heap-growth-B")
}
