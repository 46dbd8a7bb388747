// This file holds the benchmarks of spending states in a real local Redis, one spender and many.

package redisspent_test

import (
	"context"
	"crypto/rand"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/requeststate/redisspent"
	"salon/internal/testredis"
)

// benchStore is a store on a fresh local redis-server, closed when the benchmark ends.
func benchStore(b *testing.B) *redisspent.Store {
	b.Helper()
	server := testredis.Start(b)
	store, err := redisspent.New(server.URL(), time.Second, time.Second, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	return store
}

// spendIDs makes distinct ids: a random prefix per benchmark, so reruns on one server never collide, and n in the rest.
func spendIDs() func() requeststate.SpendID {
	var (
		prefix [16]byte
		next   atomic.Uint64
	)
	rand.Read(prefix[:])
	return func() requeststate.SpendID {
		var id requeststate.SpendID
		copy(id[:], prefix[:])
		n := next.Add(1)
		for i := range 8 {
			id[16+i] = byte(n >> (8 * i))
		}
		return id
	}
}

// BenchmarkRedisSpend is one spender: the round trip of one SET NX on loopback.
func BenchmarkRedisSpend(b *testing.B) {
	store := benchStore(b)
	id := spendIDs()
	goodUntil := time.Now().Add(time.Minute)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := store.Spend(ctx, id(), goodUntil); err != nil {
			b.Fatalf("Spend: got %v, want nil", err)
		}
	}
}

// BenchmarkRedisSpendParallel is many spenders sharing the store's connection pool, as bookingd's handlers do.
func BenchmarkRedisSpendParallel(b *testing.B) {
	store := benchStore(b)
	id := spendIDs()
	goodUntil := time.Now().Add(time.Minute)
	ctx := context.Background()
	b.SetParallelism(16)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := store.Spend(ctx, id(), goodUntil); err != nil {
				b.Errorf("Spend: got %v, want nil", err)
				return
			}
		}
	})
}
