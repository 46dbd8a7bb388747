// This file holds the benchmarks of Parse: reading round two's answer against the offered times.

package answer_test

import (
	"testing"

	"salon/internal/answer"
)

func BenchmarkParse(b *testing.B) {
	for _, bench := range []struct {
		name           string
		inputResponses string
	}{
		{"answer=accept", `{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`},
		{"answer=decline", `{"time":{"action":"decline"}}`},
	} {
		raw := []byte(bench.inputResponses)
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := answer.Parse(offered, raw); err != nil {
					b.Fatalf("Parse: got %v, want nil", err)
				}
			}
		})
	}
}
