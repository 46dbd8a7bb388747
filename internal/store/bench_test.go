// This file holds the benchmarks of Spend and of reading a calendar, on both databases.

package store_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/store"
	"salon/internal/testpg"
)

// benchStores runs bench against SQLite and PostgreSQL, each with studio-nine registered.
func benchStores(b *testing.B, bench func(b *testing.B, s *store.Store)) {
	urls := map[string]func(b *testing.B) string{
		"sqlite":   func(b *testing.B) string { return "sqlite:" + filepath.Join(b.TempDir(), "calendar.db") },
		"postgres": func(b *testing.B) string { return testpg.Shared(b).URL(b) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			s, err := store.Open(b.Context(), urls[name](b), time.Now)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			if err := s.PutSalon(b.Context(), "studio-nine", studioNine); err != nil {
				b.Fatal(err)
			}
			bench(b, s)
		})
	}
}

// BenchmarkSpend books a free slot with a fresh state each time: the whole round-two write, with
// its read-back.
func BenchmarkSpend(b *testing.B) {
	benchStores(b, func(b *testing.B, s *store.Store) {
		var n atomic.Int64
		capped := 0 // the cap per contact of the spends: 0 is none
		spend := func(b *testing.B) {
			i := n.Add(1)
			start := now.Add(time.Duration(i) * time.Minute)
			h := hold(fmt.Sprint("bk", i), "studio-nine", start)
			h.Contact, h.MaxUpcoming = fmt.Sprintf("+44 7700 %06d", i), capped
			out, err := s.Spend(b.Context(), stateID("bench", i), goodUntil, h, now)
			if err != nil || out.Booking == nil {
				b.Fatalf("got %+v, %v, want a booking", out, err)
			}
		}
		b.Run("one at a time", func(b *testing.B) {
			for b.Loop() {
				spend(b)
			}
		})
		// With a cap per contact, each booking counts its contact's upcoming bookings first, under
		// the contact's lock on PostgreSQL.
		b.Run("one at a time, capped", func(b *testing.B) {
			capped = 3
			defer func() { capped = 0 }()
			for b.Loop() {
				spend(b)
			}
		})
		b.Run("32 at once", func(b *testing.B) {
			b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0))) // 32 goroutines in all
			before := s.Batches()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					spend(b)
				}
			})
			if batches := s.Batches() - before; batches > 0 {
				b.ReportMetric(float64(b.N)/float64(batches), "spends/batch")
			}
		})
	})
}

// BenchmarkCalendar reads a calendar with a hundred taken slots, as round one and GET do.
func BenchmarkCalendar(b *testing.B) {
	benchStores(b, func(b *testing.B, s *store.Store) {
		for i := range 100 {
			start := now.Add(time.Duration(i+1) * time.Hour)
			if i%4 == 0 {
				if err := s.CloseSlot(b.Context(), "studio-nine", slotAt(start)); err != nil {
					b.Fatal(err)
				}
				continue
			}
			if _, err := s.Spend(b.Context(), stateID("calendar", i), goodUntil, hold(fmt.Sprint("bk", i), "studio-nine", start), now); err != nil {
				b.Fatal(err)
			}
		}
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				cal, err := s.Window(b.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
				if err != nil || len(cal.Taken) != 100 {
					b.Fatalf("got %d taken, %v, want 100", len(cal.Taken), err)
				}
			}
		})
	})
}
