// This file holds the tests of the in-memory spent set: one winner per state under races, and entries dropped once their goodUntil has passed.

package requeststate_test

import (
	"context"
	"errors"
	"math/rand"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/requeststate"
	"salon/internal/testkit"
)

// idOf makes a distinct spend ID from n.
func idOf(n int) requeststate.SpendID {
	var id requeststate.SpendID
	for i := range 8 {
		id[i] = byte(n >> (8 * i))
	}
	id[31] = 0x5a
	return id
}

// spend spends id and fails the test unless the store agrees it was fresh.
func spend(tb testing.TB, m *requeststate.Memory, id requeststate.SpendID, goodUntil time.Time) {
	tb.Helper()
	if err := m.Spend(context.Background(), id, goodUntil); err != nil {
		tb.Fatalf("Spend(%s, %v): got %v, want nil", id, goodUntil, err)
	}
}

// assertLen checks how many spent states m still holds.
func assertLen(tb testing.TB, m *requeststate.Memory, want int) {
	tb.Helper()
	if got := m.Len(); got != want {
		tb.Errorf("Len: got %d, want %d", got, want)
	}
}

func TestMemorySpendsEachStateOnce(t *testing.T) {
	ctx := context.Background()
	c := testkit.NewClock(issuedAt)
	m := requeststate.NewMemory(c.Now)
	t.Run("the first spend wins", func(t *testing.T) {
		spend(t, m, idOf(1), goodUntil)
	})
	t.Run("a second spend is refused as already used", func(t *testing.T) {
		err := m.Spend(ctx, idOf(1), goodUntil)
		if !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Fatalf("got %v, want %v", err, requeststate.ErrAlreadyUsed)
		}
		assertRefusal(t, err, wantAlreadyUsed)
	})
	t.Run("a second spend with a later goodUntil is refused too", func(t *testing.T) {
		if err := m.Spend(ctx, idOf(1), goodUntil.Add(time.Hour)); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("got %v, want %v", err, requeststate.ErrAlreadyUsed)
		}
	})
	t.Run("another state is spent on its own", func(t *testing.T) {
		spend(t, m, idOf(2), goodUntil)
		assertLen(t, m, 2)
	})
	t.Run("a state verified with its MAC re-cased is caught as used", func(t *testing.T) {
		keys := mustKeys(t, currentKey)
		state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
		payload, mac := split(t, state)
		lower, err := requeststate.Verify(keys, issuedAt, salon, booking, state)
		if err != nil {
			t.Fatalf("Verify: got %v, want nil", err)
		}
		spend(t, m, lower.ID, lower.GoodUntil)
		upper, err := requeststate.Verify(keys, issuedAt, salon, booking, payload+"."+toUpperHex(mac))
		if err != nil {
			t.Fatalf("Verify of the capital MAC: got %v, want nil", err)
		}
		if err := m.Spend(ctx, upper.ID, upper.GoodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("spending the capital MAC after the lowercase: got %v, want %v", err, requeststate.ErrAlreadyUsed)
		}
	})
}

func toUpperHex(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func TestMemoryHasExactlyOneWinnerWhenRacing(t *testing.T) {
	const racers = 256
	for round := range 20 {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		var (
			start   = make(chan struct{})
			wg      sync.WaitGroup
			mu      sync.Mutex
			winners int
			used    int
			other   []error
		)
		for range racers {
			wg.Go(func() {
				<-start
				err := m.Spend(context.Background(), idOf(round), goodUntil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					winners++
				case errors.Is(err, requeststate.ErrAlreadyUsed):
					used++
				default:
					other = append(other, err)
				}
			})
		}
		close(start)
		wg.Wait()
		if winners != 1 || used != racers-1 || len(other) != 0 {
			t.Fatalf("round %d: got %d winners, %d refused as used, other errors %v; want 1, %d, none", round, winners, used, other, racers-1)
		}
		assertLen(t, m, 1)
	}
}

// interleaving is a generated set of concurrent spends: how many times each of several states is spent, in a shuffled order.
type interleaving struct {
	Spends []int // each entry is the state one goroutine spends
	States int
	Seed   int64
}

// Generate implements quick.Generator.
func (interleaving) Generate(r *rand.Rand, _ int) reflect.Value {
	states := 1 + r.Intn(8)
	var spends []int
	for s := range states {
		for range 1 + r.Intn(12) {
			spends = append(spends, s)
		}
	}
	r.Shuffle(len(spends), func(i, j int) { spends[i], spends[j] = spends[j], spends[i] })
	return reflect.ValueOf(interleaving{Spends: spends, States: states, Seed: r.Int63()})
}

func TestPropertyAStateIsSpentAtMostOnceUnderAnyInterleaving(t *testing.T) {
	property := func(g interleaving) bool {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		wins := make([]int, g.States)
		var (
			mu sync.Mutex
			wg sync.WaitGroup
		)
		r := rand.New(rand.NewSource(g.Seed))
		for _, s := range g.Spends {
			yields := r.Intn(4)
			wg.Go(func() {
				for range yields {
					runtime.Gosched()
				}
				err := m.Spend(context.Background(), idOf(s), goodUntil)
				if err != nil && !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Errorf("spending state %d: got %v, want nil or %v", s, err, requeststate.ErrAlreadyUsed)
				}
				if err == nil {
					mu.Lock()
					wins[s]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		for s, n := range wins {
			if n != 1 {
				t.Errorf("state %d of %+v: got %d winning spends, want exactly 1", s, g, n)
				return false
			}
		}
		return m.Len() == g.States
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 200}); err != nil {
		t.Error(err)
	}
}

func TestMemoryDropsEntriesOnceTheirGoodUntilHasPassed(t *testing.T) {
	ctx := context.Background()
	t.Run("an entry is held up to and including its goodUntil second", func(t *testing.T) {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		spend(t, m, idOf(0), issuedAt.Add(10*time.Second))
		for _, at := range []time.Duration{time.Second, 9 * time.Second, 10 * time.Second, 10*time.Second + 999*time.Millisecond} {
			c.Set(issuedAt.Add(at))
			if err := m.Spend(ctx, idOf(0), issuedAt.Add(10*time.Second)); !errors.Is(err, requeststate.ErrAlreadyUsed) {
				t.Fatalf("at goodUntil%+v: got %v, want %v", at-10*time.Second, err, requeststate.ErrAlreadyUsed)
			}
			assertLen(t, m, 1)
		}
	})
	t.Run("an entry is dropped by the first spend after its goodUntil second", func(t *testing.T) {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		spend(t, m, idOf(0), issuedAt.Add(10*time.Second))
		spend(t, m, idOf(1), issuedAt.Add(20*time.Second))
		c.Set(issuedAt.Add(11 * time.Second))
		spend(t, m, idOf(2), issuedAt.Add(30*time.Second))
		assertLen(t, m, 2)
		c.Set(issuedAt.Add(21 * time.Second))
		spend(t, m, idOf(3), issuedAt.Add(30*time.Second))
		assertLen(t, m, 2)
		c.Set(issuedAt.Add(31 * time.Second))
		spend(t, m, idOf(4), issuedAt.Add(40*time.Second))
		assertLen(t, m, 1)
	})
	t.Run("a long idle gap then one spend drops everything old", func(t *testing.T) {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		n := 0
		for range 100 {
			for range 10 {
				spend(t, m, idOf(n), c.Now().Add(life))
				n++
			}
			c.Advance(time.Second)
		}
		assertLen(t, m, n)
		c.Advance(365 * 24 * time.Hour)
		spend(t, m, idOf(n), c.Now().Add(life))
		assertLen(t, m, 1)
	})
	t.Run("an idle gap just longer than the life drops everything old", func(t *testing.T) {
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		for i := range 50 {
			spend(t, m, idOf(i), c.Now().Add(life))
			c.Advance(100 * time.Millisecond)
		}
		c.Set(issuedAt.Add(life + 6*time.Second))
		spend(t, m, idOf(1000), c.Now().Add(life))
		assertLen(t, m, 1)
	})
	t.Run("an entry spent a second after its goodUntil, as when the clock ticks between Verify and Spend, is still dropped", func(t *testing.T) {
		// The handler verifies at now <= goodUntil, then the store reads its own clock, which
		// may already be a second later. Such an entry must not outlive the rest.
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		spend(t, m, idOf(0), issuedAt.Add(life))
		c.Advance(time.Second)
		spend(t, m, idOf(1), issuedAt) // verified at issuedAt, its goodUntil; spent a second later
		for i := 2; i < 10; i++ {
			c.Advance(time.Second)
			spend(t, m, idOf(i), c.Now().Add(life))
		}
		// Now is issuedAt+9s: idOf(1)'s goodUntil passed 9 seconds ago; idOf(0) and idOf(2..9) are good.
		assertLen(t, m, 9)
	})
}

// TestPropertyMemoryHoldsExactlyTheStatesStillGood checks Len after every spend against a model:
// the spent states whose goodUntil second has not passed, under random lives and clock moves.
func TestPropertyMemoryHoldsExactlyTheStatesStillGood(t *testing.T) {
	property := func(seed int64) bool {
		r := rand.New(rand.NewSource(seed))
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		held := map[int]int64{} // id -> goodUntil second
		for i := range 400 {
			switch r.Intn(20) {
			case 0:
				c.Advance(time.Duration(r.Int63n(int64(time.Hour)))) // an idle gap
			default:
				c.Advance(time.Duration(r.Int63n(int64(1500 * time.Millisecond))))
			}
			until := c.Now().Add(time.Duration(r.Int63n(int64(10 * time.Second))))
			spend(t, m, idOf(i), until)
			now := c.Now().Unix()
			held[i] = until.Unix()
			for id, u := range held {
				if u < now {
					delete(held, id)
				}
			}
			if got := m.Len(); got != len(held) {
				t.Errorf("seed %d, spend %d at %v: got Len %d, want %d", seed, i, c.Now(), got, len(held))
				return false
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 50}); err != nil {
		t.Error(err)
	}
}

func TestMemoryStaysBoundedWhenSpendingContinuously(t *testing.T) {
	const (
		shortLife = 3 * time.Second
		tick      = 50 * time.Millisecond
		spends    = 20_000 // the set turns over about 330 times
	)
	// The entries held at any time are those spent within the last life plus the second goodUntil is cut to.
	bound := int((shortLife+time.Second)/tick) + 1
	c := testkit.NewClock(issuedAt)
	m := requeststate.NewMemory(c.Now)
	most := 0
	for i := range spends {
		spend(t, m, idOf(i), c.Now().Add(shortLife))
		most = max(most, m.Len())
		c.Advance(tick)
	}
	if most > bound {
		t.Errorf("got at most %d entries held, want at most %d", most, bound)
	}
	if most < int(shortLife/tick) {
		t.Errorf("got at most %d entries held, want at least the %d spent within one life", most, int(shortLife/tick))
	}
}

func TestMemoryIsSafeUnderConcurrentSpendsAndClockMoves(t *testing.T) {
	c := testkit.NewClock(issuedAt)
	m := requeststate.NewMemory(c.Now)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				c.Advance(10 * time.Millisecond)
				_ = m.Len()
			}
		}
	})
	var spenders sync.WaitGroup
	for g := range 8 {
		spenders.Go(func() {
			for i := range 2000 {
				id := idOf(g*1_000_000 + i)
				if err := m.Spend(context.Background(), id, c.Now().Add(time.Second)); err != nil {
					t.Errorf("spending fresh id %d: got %v, want nil", i, err)
					return
				}
			}
		})
	}
	spenders.Wait()
	close(stop)
	wg.Wait()
}
