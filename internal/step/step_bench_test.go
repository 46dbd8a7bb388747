// This file holds the benchmarks of the pure step: round one's question and round two's booking.

package step_test

import (
	"testing"

	"salon/internal/step"
)

func BenchmarkStep(b *testing.B) {
	booking := step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"}}
	for _, bench := range []struct {
		name  string
		reply step.Reply
	}{
		{"round=one", step.FirstRound()},
		{"round=two", step.Accepted("sat-10:30")},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				step.Step(booking, bench.reply)
			}
		})
	}
}
