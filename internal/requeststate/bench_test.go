// This file holds the benchmarks of issuing, verifying and spending states.

package requeststate_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/requeststate"
)

func BenchmarkIssue(b *testing.B) {
	keys := mustKeys(b, currentKey, previousKey)
	b.ReportAllocs()
	for b.Loop() {
		requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
	}
}

func BenchmarkVerify(b *testing.B) {
	keys := mustKeys(b, currentKey, previousKey)
	state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := requeststate.Verify(keys, issuedAt, salon, booking, state); err != nil {
			b.Fatalf("Verify: got %v, want nil", err)
		}
	}
}

// BenchmarkSpendParallel spends fresh states from every P with a one-second life while the
// clock runs, so the set keeps turning over as it would under steady traffic.
func BenchmarkSpendParallel(b *testing.B) {
	var (
		ticks atomic.Int64
		next  atomic.Int64
	)
	now := func() time.Time { return issuedAt.Add(time.Duration(ticks.Load()) * time.Millisecond) }
	m := requeststate.NewMemory(now)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			n := int(next.Add(1))
			if n%64 == 0 {
				ticks.Add(1)
			}
			if err := m.Spend(context.Background(), idOf(n), now().Add(time.Second)); err != nil {
				b.Fatalf("Spend: got %v, want nil", err)
			}
		}
	})
}
