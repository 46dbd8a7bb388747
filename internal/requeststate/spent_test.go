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
	t.Run("a state spent after its goodUntil second, as when the clock ticks between Verify and Spend, is refused as expired", func(t *testing.T) {
		// The handler verifies at now <= goodUntil, then the store reads its own clock, which may
		// already be a second later, and another spend may have dropped the state's earlier entry
		// in between: the store can't vouch for it, and holds nothing for it.
		c := testkit.NewClock(issuedAt)
		m := requeststate.NewMemory(c.Now)
		spend(t, m, idOf(0), issuedAt)
		c.Advance(time.Second)
		spend(t, m, idOf(1), c.Now().Add(life)) // drops idOf(0)
		for _, id := range []requeststate.SpendID{idOf(0), idOf(2)} {
			if err := m.Spend(ctx, id, issuedAt); !errors.Is(err, requeststate.ErrExpired) {
				t.Errorf("a state of the second just swept: got %v, want %v", err, requeststate.ErrExpired)
			}
		}
		assertLen(t, m, 1)
	})
}

func TestMemoryKeepsSingleUseWhenTheWallClockSteps(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		moves []time.Duration // clock moves from issuedAt, each followed by a spend of a fresh state
		want  error           // spending idOf(0) again at the end
	}{
		{"a step back keeps a live entry", []time.Duration{5 * time.Second, -time.Hour}, requeststate.ErrAlreadyUsed},
		{"a step back past its spend keeps it", []time.Duration{-24 * time.Hour}, requeststate.ErrAlreadyUsed},
		{"an entry dropped at its expiry stays refused after a step back", []time.Duration{11 * time.Second, 5 * time.Second}, requeststate.ErrExpired},
		{"a jump ahead and back refuses what the jump dropped", []time.Duration{time.Hour, 3 * time.Second}, requeststate.ErrExpired},
		{"steps back and forth within its life keep it", []time.Duration{-time.Minute, 9 * time.Second, -30 * time.Second, 10 * time.Second}, requeststate.ErrAlreadyUsed},
	} {
		t.Run(c.name, func(t *testing.T) {
			clock := testkit.NewClock(issuedAt)
			m := requeststate.NewMemory(clock.Now)
			until := issuedAt.Add(10 * time.Second)
			spend(t, m, idOf(0), until)
			for i, move := range c.moves {
				clock.Set(issuedAt.Add(move))
				if err := m.Spend(ctx, idOf(100+i), clock.Now().Add(life)); err != nil && !errors.Is(err, requeststate.ErrExpired) {
					t.Fatalf("a fresh state at issuedAt%+v: got %v, want nil or %v", move, err, requeststate.ErrExpired)
				}
			}
			if err := m.Spend(ctx, idOf(0), until); !errors.Is(err, c.want) {
				t.Errorf("the spent state again, at issuedAt%+v: got %v, want %v", c.moves[len(c.moves)-1], err, c.want)
			}
		})
	}
}

func TestAStoreMadeAtAStartRefusesTheStatesIssuedBeforeIt(t *testing.T) {
	ctx := context.Background()
	started := issuedAt.Add(400 * time.Millisecond) // a process restarts, mid-second
	c := testkit.NewClock(started)
	m := requeststate.NewMemorySince(c.Now, life)
	if got, want := m.VouchesFrom(), issuedAt.Add(time.Second); !got.Equal(want) {
		t.Errorf("VouchesFrom: got %v, want %v, the first whole second after the start", got, want)
	}
	for _, s := range []struct {
		name   string
		issued time.Time
		want   error
	}{
		{"a state issued a life before", started.Add(-life), requeststate.ErrExpired},
		{"a state issued a moment before", started.Add(-time.Millisecond), requeststate.ErrExpired},
		{"a state issued in the start's own second, after it", started.Add(time.Millisecond), requeststate.ErrExpired},
		{"a state issued from VouchesFrom on", issuedAt.Add(time.Second), nil},
		{"a state issued later", started.Add(time.Minute), nil},
	} {
		t.Run(s.name, func(t *testing.T) {
			good := s.issued.Add(life).Truncate(time.Second) // as Issue writes goodUntil
			if s.issued.After(started) {
				c.Set(s.issued)
			}
			if err := m.Spend(ctx, idOf(int(s.issued.UnixMilli())), good); !errors.Is(err, s.want) {
				t.Errorf("got %v, want %v", err, s.want)
			}
		})
	}
	if got := requeststate.NewMemory(c.Now).VouchesFrom(); !got.IsZero() {
		t.Errorf("NewMemory's VouchesFrom: got %v, want the zero time", got)
	}
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
				// The clock runs on meanwhile, so a state may be a second old by the time it is
				// spent: refused as expired. Never as used, and never another error.
				id := idOf(g*1_000_000 + i)
				if err := m.Spend(context.Background(), id, c.Now().Add(time.Second)); err != nil && !errors.Is(err, requeststate.ErrExpired) {
					t.Errorf("spending fresh id %d: got %v, want nil or %v", i, err, requeststate.ErrExpired)
					return
				}
			}
		})
	}
	spenders.Wait()
	close(stop)
	wg.Wait()
}
