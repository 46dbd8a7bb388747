// This file holds the benchmarks of the slot computation: a salon's first open slots, and its whole horizon.

package salon_test

import (
	"testing"
	"time"

	"salon/internal/salon"
)

func BenchmarkSlots(b *testing.B) {
	london := zone(b, "Europe/London")
	s := settings(b, map[string][][]string{
		"tue": {{"09:00", "12:30"}, {"13:30", "17:30"}}, "wed": {{"09:00", "12:30"}, {"13:30", "17:30"}},
		"thu": {{"09:00", "12:30"}, {"13:30", "17:30"}}, "fri": {{"09:00", "12:30"}, {"13:30", "17:30"}},
		"sat": {{"09:00", "12:30"}, {"13:30", "17:30"}},
	}, 45, 14)
	for _, bench := range []struct {
		name string
		now  string
	}{
		{"days=steady", "2026-12-01T08:00:00Z"},
		{"days=across_a_change", "2026-10-20T08:00:00Z"},
	} {
		now := instant(b, bench.now)
		b.Run("open=50/"+bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := salon.Open(s, london, now, func(time.Time) bool { return false }, 50); len(got) != 50 {
					b.Fatalf("got %d open slots, want 50", len(got))
				}
			}
		})
		b.Run("all/"+bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := salon.Slots(s, london, now); len(got) == 0 {
					b.Fatalf("got no slots, want the horizon's")
				}
			}
		})
	}
}
