// This file holds the benchmarks of Read and Pick: a message read, and fifty open starts matched.

package wish_test

import (
	"testing"
	"time"

	"salon/internal/wish"
)

func BenchmarkRead(b *testing.B) {
	loc := zone(b, "Europe/London")
	now := instant(b, wed)
	for _, bench := range []struct{ name, words string }{
		{"words=friday-afternoon", "A colour on Friday afternoon please"},
		{"words=date-and-clock", "Could I come on the 5th of December at 10.30am? Thanks, Sam"},
		{"words=nothing", "Hi, I'd like a cut and a beard trim with anyone, whenever is soonest. Thank you!"},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				wish.Read(bench.words, now, loc)
			}
		})
	}
}

func BenchmarkPick(b *testing.B) {
	loc := zone(b, "Europe/London")
	now := instant(b, wed)
	// Fifty starts, every 45 minutes from 09:00 to 15:45, over five days from today.
	var starts []time.Time
	for day := range 5 {
		for k := range 10 {
			starts = append(starts, time.Date(2026, time.December, 2+day, 9, 45*k, 0, 0, loc))
		}
	}
	for _, bench := range []struct{ name, words string }{
		{"match=late", "Sunday afternoon"},
		{"match=early", "today"},
		{"match=none", "31 December"},
	} {
		w := wish.Read(bench.words, now, loc)
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				wish.Pick(w, starts, 2)
			}
		})
	}
}
