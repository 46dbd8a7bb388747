// This file tries the Redis store against a real redis-server that fails: restarted empty, flushed, stalled, slowed, its clock far off, not answering at all.

package redisspent_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/requeststate/redisspent"
	"salon/internal/testkit"
	"salon/internal/testredis"
)

// bound is how long a spend may take to answer: its time-out and a little.
const bound = testTimeout + 50*time.Millisecond

// withinBound checks that the spends that took took answered within the bound, all but 1 in
// 100, give or take late, how late the machine's scheduler ran goroutines whose timers had
// fired at the same time. On a machine starved of CPU (the race detector, other tests) that can
// be long, so the slowest is only held under three time-outs: a spend that waited for the
// batches before its own, as they once did, takes two to four.
func withinBound(t *testing.T, what string, took []time.Duration, late time.Duration) {
	t.Helper()
	slices.Sort(took)
	if p99 := took[len(took)*99/100]; p99 > bound+late {
		t.Errorf("%s: 99 in 100 answered within %v, want within %v (the bound, and %v the scheduler ran timers late)",
			what, p99.Round(time.Millisecond), (bound + late).Round(time.Millisecond), late.Round(time.Millisecond))
	}
	if worst := took[len(took)-1]; worst >= 3*testTimeout {
		t.Errorf("%s: the slowest answered after %v, want within %v", what, worst.Round(time.Millisecond), 3*testTimeout)
	}
}

// rawClient talks to the Redis at addr directly, as an operator would, closed when the test ends.
func rawClient(t *testing.T, addr string) *redis.Client {
	t.Helper()
	raw := redis.NewClient(&redis.Options{Addr: addr, ReadTimeout: 10 * time.Second})
	t.Cleanup(func() { raw.Close() })
	return raw
}

// idN is a distinct spend ID for n under tag.
func idN(tag byte, n int) requeststate.SpendID {
	return requeststate.SpendID{tag, byte(n), byte(n >> 8)}
}

// failedInTime checks that a spend that took took, with answer err, failed as a store that
// couldn't say (neither spent nor refused) within the bound.
func failedInTime(t *testing.T, what string, err error, took time.Duration) {
	t.Helper()
	failed(t, what, err)
	withinBound(t, what, []time.Duration{took}, 0)
}

// failed checks that err is a failure of the store: neither spent nor refused.
func failed(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil || refusal.KindOf(err) == refusal.Invalid {
		t.Errorf("%s: got %v, want a failure of the store (a 503), neither spent nor refused", what, err)
	}
}

func TestRedisThatLostItsDataCompletesNoStateSpentBefore(t *testing.T) {
	for _, c := range []struct {
		name string
		lose func(*testredis.Server, *redis.Client)
	}{
		{"redis killed and restarted empty", func(s *testredis.Server, _ *redis.Client) { s.Stop(); s.Start() }},
		{"the database flushed", func(_ *testredis.Server, raw *redis.Client) { raw.FlushAll(context.Background()) }},
		{"the epoch deleted", func(_ *testredis.Server, raw *redis.Client) { raw.Del(context.Background(), redisspent.EpochKey) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			const life = 2 * time.Minute
			server := testredis.Start(t)
			raw := rawClient(t, server.Addr())
			seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
			stores := []*redisspent.Store{newStore(t, server.URL(), life), newStore(t, server.URL(), life)}
			ctx := context.Background()
			goodUntil := time.Now().Add(time.Minute).Truncate(time.Second) // issued a minute ago
			for i := range 50 {
				if err := stores[i%2].Spend(ctx, idN(1, i), goodUntil); err != nil {
					t.Fatalf("spend %d before the loss: got %v, want nil", i, err)
				}
			}

			c.lose(server, raw)
			for round := range 2 {
				for i := range 50 {
					err := stores[(i+round)%2].Spend(ctx, idN(1, i), goodUntil)
					switch {
					case err == nil:
						t.Errorf("replay %d after the loss: completed again, want it refused", i)
					case round == 1 && !errors.Is(err, requeststate.ErrExpired):
						t.Errorf("replay %d, again: got %v, want %v", i, err, requeststate.ErrExpired)
					}
				}
			}

			// The states issued once the stores vouch again complete, once each.
			from := max(stores[0].VouchesFrom().UnixMilli(), stores[1].VouchesFrom().UnixMilli())
			// A new epoch is born when its command's time runs out, at most a time-out after it
			// was sent; states are spendable from a second for clocks after that, in whole seconds.
			if wait, most := time.Until(time.UnixMilli(from)), ampleTimeout+redisspent.MaxClockSkew+time.Second; wait > most || wait < -time.Second {
				t.Fatalf("the stores vouch again in %v, want within %v of the loss", wait, most)
			}
			time.Sleep(time.Until(time.UnixMilli(from)))
			fresh := time.Now().Add(life).Truncate(time.Second)
			if err := stores[0].Spend(ctx, idN(2, 0), fresh); err != nil {
				t.Errorf("a state issued after the loss: got %v, want nil", err)
			}
			if err := stores[1].Spend(ctx, idN(2, 0), fresh); !errors.Is(err, requeststate.ErrAlreadyUsed) {
				t.Errorf("it again, on the other instance: got %v, want %v", err, requeststate.ErrAlreadyUsed)
			}
		})
	}
}

func TestAStalledRedisAnswersFailedInTimeThenTheSameStateCompletes(t *testing.T) {
	for _, c := range []struct {
		name string
		// stall makes a spend through store fail; it returns when the command, if it ever
		// reaches Redis, has, and then makes Redis answer at once again.
		stall func(t *testing.T, f *stallFixture) (through *redisspent.Store, spend func() error, after func())
		// wrote is whether the failed attempt's script ran (its reply was what came late); when
		// it didn't, the store through which it failed deletes nothing afterwards, as if the
		// deletion couldn't reach Redis either.
		wrote bool
		// retry is the store the retry goes through.
		retry func(f *stallFixture) *redisspent.Store
	}{
		{"redis asleep (DEBUG SLEEP) past the time-out, retried through another instance", stallBySleep, false, other},
		{"commands held on their way past the time-out, retried through another instance", stallCommands, false, other},
		{"replies held on their way back past the time-out, retried through another instance", stallReplies, true, other},
		{"replies held on their way back past the time-out, retried through the same instance, its deletion lost", stallRepliesForgetNothing, true, same},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newStallFixture(t)
			through, spend, after := c.stall(t, f)
			began := time.Now()
			err := spend()
			failedInTime(t, "the spend while redis stalls", err, time.Since(began))
			after()

			if !c.wrote {
				if n, err := f.raw.Exists(context.Background(), f.key).Result(); err != nil || n != 0 {
					t.Errorf("the record after the late command reached redis: got %d (%v), want none written", n, err)
				}
			}
			retry := c.retry(f)
			if retry == f.direct && c.wrote {
				// Another instance's retry completes once the failed instance's deletion lands.
				waitGone(t, f.raw, f.key)
			}
			if err := retry.Spend(context.Background(), f.id, f.goodUntil); err != nil {
				t.Errorf("the customer's retry of the same state: got %v, want nil", err)
			}
			for _, s := range []*redisspent.Store{through, f.direct} {
				if err := s.Spend(context.Background(), f.id, f.goodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Errorf("the state once completed: got %v, want %v", err, requeststate.ErrAlreadyUsed)
				}
			}
		})
	}
}

// warmUp makes s learn the epoch and Redis's clock and open its connections, with a spend of a
// state of its own (under tag, from n on). A store with a short time-out may need a few tries
// on a machine the race detector slows.
func warmUp(t *testing.T, s *redisspent.Store, tag byte, n int) {
	t.Helper()
	var err error
	for try := range 10 {
		if err = s.Ready(context.Background()); err == nil {
			if err = s.Spend(context.Background(), idN(tag, n+try), time.Now().Add(time.Minute)); err == nil {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("warming a store up: got %v, want it ready and a spend done", err)
}

// stallFixture is a Redis, a store straight to it and one through a proxy (whose timing the
// tests check), and a state to spend.
type stallFixture struct {
	server        *testredis.Server
	raw           *redis.Client
	proxy         *testredis.Proxy
	direct, slow  *redisspent.Store
	id            requeststate.SpendID
	key           string
	goodUntil     time.Time
	lastFailedVia *redisspent.Store
}

func newStallFixture(t *testing.T) *stallFixture {
	t.Helper()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	proxy := testredis.NewProxy(t, server.Addr())
	f := &stallFixture{
		server: server, raw: rawClient(t, server.Addr()), proxy: proxy,
		direct: newStore(t, server.URL(), time.Minute), slow: newTimedStore(t, proxy.URL(), time.Minute),
		id: idN(3, 0), goodUntil: time.Now().Add(time.Minute),
	}
	f.key = redisspent.KeyPrefix + f.id.String()
	// Both know the epoch and Redis's clock, and hold open connections, so that the stalled
	// command is written at once and reaches Redis late (not held back by a dial).
	for i, s := range []*redisspent.Store{f.direct, f.slow} {
		warmUp(t, s, 3, 1+10*i)
	}
	return f
}

func other(f *stallFixture) *redisspent.Store { return f.direct }
func same(f *stallFixture) *redisspent.Store  { return f.lastFailedVia }

func stallBySleep(t *testing.T, f *stallFixture) (*redisspent.Store, func() error, func()) {
	slept := make(chan error, 1)
	go func() { slept <- f.raw.Do(context.Background(), "DEBUG", "SLEEP", "1").Err() }()
	time.Sleep(50 * time.Millisecond) // redis is asleep
	f.lastFailedVia = f.slow          // through the proxy, which holds nothing here
	f.slow.StopForgetting()           // the late command alone must write nothing
	return f.slow, func() error { return f.slow.Spend(context.Background(), f.id, f.goodUntil) }, func() {
		if err := <-slept; err != nil {
			t.Fatalf("DEBUG SLEEP: %v", err)
		}
		time.Sleep(50 * time.Millisecond) // redis runs what waited for it
	}
}

func stallCommands(t *testing.T, f *stallFixture) (*redisspent.Store, func() error, func()) {
	const held = time.Second
	f.proxy.Delay(held, 0)
	f.lastFailedVia = f.slow
	f.slow.StopForgetting() // the late command alone must write nothing
	return f.slow, func() error { return f.slow.Spend(context.Background(), f.id, f.goodUntil) }, func() {
		f.proxy.Delay(0, 0)
		time.Sleep(held) // the held command reaches redis
	}
}

func stallReplies(t *testing.T, f *stallFixture) (*redisspent.Store, func() error, func()) {
	f.proxy.Delay(0, time.Second)
	f.lastFailedVia = f.slow
	return f.slow, func() error { return f.slow.Spend(context.Background(), f.id, f.goodUntil) }, func() {
		f.proxy.Delay(0, 0)
	}
}

// stallRepliesForgetNothing is stallReplies through a store whose deletions can't reach Redis.
func stallRepliesForgetNothing(t *testing.T, f *stallFixture) (*redisspent.Store, func() error, func()) {
	f.slow.StopForgetting()
	return stallReplies(t, f)
}

// waitGone waits, for at most two seconds, until key is gone.
func waitGone(t *testing.T, raw *redis.Client, key string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if n, err := raw.Exists(context.Background(), key).Result(); err == nil && n == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s is still there 2 s after the attempt that wrote it failed, want it deleted", key)
}

func TestARedisClockFarOffStillSpendsEachStateOnce(t *testing.T) {
	// Redis's clock 14 s ahead of the instances' is the instances' clocks 14 s behind Redis's:
	// the store reads no clock of Redis's for an expiry, so only the difference can matter.
	for _, ahead := range []time.Duration{14 * time.Second, -14 * time.Second} {
		t.Run(fmt.Sprintf("redis %v ahead", ahead), func(t *testing.T) {
			t.Parallel()
			const life = 3 * time.Second
			server := testredis.Start(t)
			seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
			instances := func() time.Time { return time.Now().Add(-ahead) }
			stores := []*redisspent.Store{newStore(t, server.URL(), life), newStore(t, server.URL(), life)}
			for _, s := range stores {
				s.SetClock(instances)
			}
			ctx := context.Background()
			goodUntil := instances().Add(life).Truncate(time.Second)
			if err := stores[0].Spend(ctx, idN(4, 0), goodUntil); err != nil {
				t.Fatalf("the first spend: got %v, want nil", err)
			}
			ttl, err := rawClient(t, server.Addr()).PTTL(ctx, redisspent.KeyPrefix+idN(4, 0).String()).Result()
			if want := time.Until(goodUntil.Add(ahead).Add(time.Second + stores[0].Margin())); err != nil || ttl < want-time.Second || ttl > want+time.Second {
				t.Errorf("the record lives %v more (%v), want about %v: to the end of goodUntil's second and the margin, by the instance's clock", ttl, err, want)
			}
			// Replays until the state stops verifying on the instances' clock, and a little after.
			replays := 0
			for i := 0; !instances().After(goodUntil.Add(1500 * time.Millisecond)); i++ {
				if err := stores[i%2].Spend(ctx, idN(4, 0), goodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Fatalf("replay %d at goodUntil%+v: got %v, want %v", i, instances().Sub(goodUntil).Round(time.Millisecond), err, requeststate.ErrAlreadyUsed)
				}
				replays++
				time.Sleep(200 * time.Millisecond)
			}
			if replays < 10 {
				t.Errorf("got %d replays over the state's life, want at least 10", replays)
			}
		})
	}
}

func TestInstancesWhoseClocksDisagreeByTheSkewStillSpendOnce(t *testing.T) {
	t.Parallel()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	ahead, behind := newStore(t, server.URL(), time.Minute), newStore(t, server.URL(), time.Minute)
	ahead.SetClock(func() time.Time { return time.Now().Add(redisspent.MaxClockSkew) })
	ctx := context.Background()
	// The instance ahead spends the state in its last second; the one behind still verifies it
	// until its own clock passes that second, up to the skew later.
	goodUntil := time.Now().Add(redisspent.MaxClockSkew).Truncate(time.Second)
	if err := ahead.Spend(ctx, idN(5, 0), goodUntil); err != nil {
		t.Fatalf("the spend on the instance ahead: got %v, want nil", err)
	}
	last := goodUntil.Add(time.Second - 50*time.Millisecond)
	time.Sleep(time.Until(last))
	if err := behind.Spend(ctx, idN(5, 0), goodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("the replay on the instance behind, in its last instant of the state: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
	// The record's end is measured as an instant, so a loaded machine that reads it late (the
	// sleep overshooting, the replay slow) doesn't count the delay against it: read after before,
	// the record ends at before+ttl or later.
	before := time.Now()
	ttl, err := rawClient(t, server.Addr()).PTTL(ctx, redisspent.KeyPrefix+idN(5, 0).String()).Result()
	if want := redisspent.RecordMargin - redisspent.MaxClockSkew; err != nil || before.Add(ttl).Sub(last) < want-200*time.Millisecond {
		t.Errorf("the record lives %v past the state's last instant (%v), want at least %v", before.Add(ttl).Sub(last), err, want)
	}
}

func TestSixHundredSpendsAgainstARedisThatDoesntAnswerFailInTimeAndSpendNothing(t *testing.T) {
	t.Parallel()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	stalled, after := newTimedStore(t, server.URL(), time.Minute), newStore(t, server.URL(), time.Minute)
	ctx := context.Background()
	if err := stalled.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	goodUntil := time.Now().Add(time.Minute)

	server.Pause()
	const n = 600
	var (
		wg    sync.WaitGroup
		took  = make([]time.Duration, n)
		late  = make([]time.Duration, n) // the control: plain timers of the time-out, at the same time
		start = make(chan struct{})
	)
	for i := range n {
		wg.Go(func() {
			<-start
			began := time.Now()
			err := stalled.Spend(ctx, idN(6, i), goodUntil)
			took[i] = time.Since(began)
			failed(t, fmt.Sprintf("spend %d", i), err)
		})
		wg.Go(func() {
			<-start
			began := time.Now()
			time.Sleep(testTimeout)
			late[i] = time.Since(began) - testTimeout
		})
	}
	close(start)
	wg.Wait()
	slices.Sort(late)
	withinBound(t, fmt.Sprintf("%d spends", n), took, late[n*99/100])
	began := time.Now()
	if err := stalled.Ready(ctx); err == nil || time.Since(began) > bound {
		t.Errorf("Ready with redis not answering: got %v after %v, want an error within %v", err, time.Since(began).Round(time.Millisecond), bound)
	}
	t.Logf("%d spends against a redis that doesn't answer: 99 in 100 answered within %v, the slowest in %v; plain timers ran up to %v late",
		n, took[n*99/100].Round(time.Millisecond), took[n-1].Round(time.Millisecond), late[n-1].Round(time.Millisecond))

	server.Resume()
	for i := range n {
		if err := after.Spend(ctx, idN(6, i), goodUntil); err != nil {
			t.Errorf("state %d once redis answers: got %v, want nil (no failed spend may have spent it)", i, err)
		}
	}
	if err := stalled.Ready(ctx); err != nil {
		t.Errorf("Ready once redis answers: got %v, want nil", err)
	}
}

func TestExactlyOneOfAThousandRacingSpendsAcrossTwoInstancesWins(t *testing.T) {
	t.Parallel()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	stores := []*redisspent.Store{newStore(t, server.URL(), time.Minute), newStore(t, server.URL(), time.Minute)}
	goodUntil := time.Now().Add(time.Minute)
	for state := range 5 {
		errs := make([]error, 1000)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range errs {
			wg.Go(func() {
				<-start
				errs[i] = stores[i%2].Spend(context.Background(), idN(7, state), goodUntil)
			})
		}
		close(start)
		wg.Wait()
		if won, used := tally(t, errs); won != 1 || used != len(errs)-1 {
			t.Errorf("state %d: got %d winners and %d refused, want 1 and %d", state, won, used, len(errs)-1)
		}
	}
}

// shiftingTime is a go-redis hook that, while on, adds shift to the time Redis reports in the
// store's script replies: as if Redis's clock had stepped.
type shiftingTime struct {
	mu    sync.Mutex
	shift time.Duration
}

func (h *shiftingTime) set(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.shift = d
}

func (h *shiftingTime) rewrite(cmd redis.Cmder) {
	h.mu.Lock()
	shift := h.shift
	h.mu.Unlock()
	c, ok := cmd.(*redis.Cmd)
	if !ok || shift == 0 {
		return
	}
	if fields, ok := c.Val().([]any); ok && len(fields) > 0 {
		if now, ok := fields[len(fields)-1].(int64); ok {
			fields[len(fields)-1] = now + shift.Microseconds()
		}
	}
}

func (h *shiftingTime) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *shiftingTime) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		h.rewrite(cmd)
		return err
	}
}
func (h *shiftingTime) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		err := next(ctx, cmds)
		for _, cmd := range cmds {
			h.rewrite(cmd)
		}
		return err
	}
}

func TestRedisGoingBackOrItsClockSteppingForwardIsTakenAsALoss(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(raw *redis.Client, hook *shiftingTime)
	}{
		{"redis's clock steps 10 s forward", func(_ *redis.Client, hook *shiftingTime) { hook.set(10 * time.Second) }},
		{"redis holds an older epoch (a replica that lagged, a backup)", func(raw *redis.Client, _ *shiftingTime) {
			raw.HSet(context.Background(), redisspent.EpochKey, "id", "older", "born", time.Now().Add(-2*time.Hour).UnixMilli())
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			server := testredis.Start(t)
			raw := rawClient(t, server.Addr())
			seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
			store := newStore(t, server.URL(), time.Minute)
			hook := &shiftingTime{}
			store.AddHook(hook)
			ctx := context.Background()
			goodUntil := time.Now().Add(30 * time.Second)
			if err := store.Spend(ctx, idN(8, 0), goodUntil); err != nil {
				t.Fatalf("the first spend: got %v, want nil", err)
			}
			c.change(raw, hook)
			_ = store.Ready(ctx) // the change is noticed, by a probe or a spend
			for _, id := range []requeststate.SpendID{idN(8, 0), idN(8, 1)} {
				if err := store.Spend(ctx, id, goodUntil); !errors.Is(err, requeststate.ErrExpired) {
					t.Errorf("a state issued before the change: got %v, want %v", err, requeststate.ErrExpired)
				}
			}
			if id, err := raw.HGet(ctx, redisspent.EpochKey, "id").Result(); err != nil || id == "seeded" || id == "older" {
				t.Errorf("the epoch after the change: got %q (%v), want a new one", id, err)
			}
		})
	}
}

func TestAnInstanceWhoseClockSteppedBackRefusesAStateWhoseRecordMayHaveEnded(t *testing.T) {
	t.Parallel()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	clock := testkit.NewClock(time.Now())
	store := newStore(t, server.URL(), time.Minute)
	store.SetClock(clock.Now)
	ctx := context.Background()
	start := clock.Now()
	short, long := start.Add(2*time.Second), start.Add(time.Hour)
	for i, goodUntil := range []time.Time{short, long} {
		if err := store.Spend(ctx, idN(9, i), goodUntil); err != nil {
			t.Fatalf("spend %d: got %v, want nil", i, err)
		}
	}
	clock.Set(short.Add(time.Second + store.Margin())) // the short state's record has ended
	if err := store.Spend(ctx, idN(9, 2), long); err != nil {
		t.Fatalf("a spend with the clock on: got %v, want nil", err)
	}
	clock.Set(start) // and the clock steps back: the short state verifies again
	if err := store.Spend(ctx, idN(9, 0), short); !errors.Is(err, requeststate.ErrExpired) {
		t.Errorf("the short state after the step back: got %v, want %v", err, requeststate.ErrExpired)
	}
	if err := store.Spend(ctx, idN(9, 1), long); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("the long state after the step back: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
}

func TestWithAReplicaAskedForASpendCountsOnlyOnceTheReplicaHoldsIt(t *testing.T) {
	t.Parallel()
	primary := testredis.Start(t)
	seedEpoch(t, primary.Addr(), time.Now().Add(-time.Hour))
	replica := testredis.StartReplica(t, primary)
	// One store for what must complete, with an ample time-out for its WAIT on a slow machine,
	// and one whose time-out is checked.
	store, timed := newStore(t, primary.URL(), time.Minute), newTimedStore(t, primary.URL(), time.Minute)
	store.WaitForReplicas(1)
	timed.WaitForReplicas(1)
	warmUp(t, timed, 10, 100)
	ctx := context.Background()
	goodUntil := time.Now().Add(time.Minute)
	key := func(n int) string { return redisspent.KeyPrefix + idN(10, n).String() }

	if err := store.Spend(ctx, idN(10, 0), goodUntil); err != nil {
		t.Fatalf("a spend the replica takes: got %v, want nil", err)
	}
	onReplica := rawClient(t, replica.Addr())
	if n, err := onReplica.Exists(ctx, key(0)).Result(); err != nil || n != 1 {
		t.Errorf("the spend answered as done, on the replica: got %d (%v), want it there", n, err)
	}

	replica.Stop()
	began := time.Now()
	err := timed.Spend(ctx, idN(10, 1), goodUntil)
	failedInTime(t, "a spend no replica takes", err, time.Since(began))
	waitGone(t, rawClient(t, primary.Addr()), key(1)) // written on the primary alone: deleted

	replica.Start()
	if err := store.Spend(ctx, idN(10, 1), goodUntil); err != nil {
		t.Errorf("the same state, with the replica back: got %v, want nil", err)
	}
	// A failover: the replica, promoted, holds every spend answered as done.
	if err := onReplica.Do(ctx, "REPLICAOF", "NO", "ONE").Err(); err != nil {
		t.Fatal(err)
	}
	promoted := newStore(t, replica.URL(), time.Minute)
	for n := range 2 {
		if err := promoted.Spend(ctx, idN(10, n), goodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("state %d after the failover: got %v, want %v", n, err, requeststate.ErrAlreadyUsed)
		}
	}
}

func TestAnEpochWrittenByAHeldCommandIsBornNoEarlierThanTheLossItFound(t *testing.T) {
	t.Parallel()
	server := testredis.Start(t)
	seedEpoch(t, server.Addr(), time.Now().Add(-time.Hour))
	raw := rawClient(t, server.Addr())
	proxy := testredis.NewProxy(t, server.Addr())
	store := newStore(t, proxy.URL(), time.Minute)
	ctx := context.Background()
	goodUntil := time.Now().Add(time.Minute)
	if err := store.Spend(ctx, idN(11, 0), goodUntil); err != nil {
		t.Fatalf("a spend before: got %v, want nil", err)
	}

	// The spend is sent, held on its way, and Redis loses its data before it arrives.
	proxy.Delay(300*time.Millisecond, 0)
	answer := make(chan error, 1)
	go func() { answer <- store.Spend(ctx, idN(11, 1), goodUntil) }()
	time.Sleep(100 * time.Millisecond)
	lost := time.Now()
	if err := raw.Del(ctx, redisspent.EpochKey).Err(); err != nil {
		t.Fatal(err)
	}
	if err := <-answer; !errors.Is(err, requeststate.ErrExpired) {
		t.Errorf("the held spend, of a state issued before the loss: got %v, want %v", err, requeststate.ErrExpired)
	}
	born, err := raw.HGet(ctx, redisspent.EpochKey, "born").Int64()
	if err != nil || born < lost.UnixMilli() {
		t.Errorf("the new epoch is born %v (%v), want no earlier than the loss, %v", time.UnixMilli(born).Sub(lost), err, lost.Format(time.StampMilli))
	}
}
