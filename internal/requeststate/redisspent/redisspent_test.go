// This file tests the Redis spent set against a real redis-server: single use, races, expiry and failing closed.

package redisspent_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"salon/internal/requeststate"
	"salon/internal/requeststate/redisspent"
	"salon/internal/testredis"
)

// testTimeout is the time-out of the stores whose timing a test checks (newTimedStore's).
// Other tests' stores have a longer one, so that a machine slowed by the race detector and
// other tests fails none of their spends for want of time.
const (
	testTimeout  = 300 * time.Millisecond
	ampleTimeout = 2 * time.Second
)

// newStore is a store on the Redis at url for states good for up to life, with an ample
// time-out, closed when the test ends.
func newStore(t *testing.T, url string, life time.Duration) *redisspent.Store {
	t.Helper()
	return newStoreWithin(t, url, life, ampleTimeout)
}

// newTimedStore is newStore with the time-out testTimeout.
func newTimedStore(t *testing.T, url string, life time.Duration) *redisspent.Store {
	t.Helper()
	return newStoreWithin(t, url, life, testTimeout)
}

func newStoreWithin(t *testing.T, url string, life, timeout time.Duration) *redisspent.Store {
	t.Helper()
	store, err := redisspent.New(url, timeout, life, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// seedEpoch writes an epoch born at born into the Redis at addr, as a fleet that has used it
// since then would have left it.
func seedEpoch(t *testing.T, addr string, born time.Time) {
	t.Helper()
	raw := redis.NewClient(&redis.Options{Addr: addr})
	defer raw.Close()
	if err := raw.HSet(context.Background(), redisspent.EpochKey, "id", "seeded", "born", born.UnixMilli()).Err(); err != nil {
		t.Fatal(err)
	}
}

func TestASpendSucceedsOnceAndExpiresAfterItsState(t *testing.T) {
	server := testredis.Start(t)
	store := newStore(t, server.URL(), time.Second)
	ctx := context.Background()
	id := requeststate.SpendID{1, 2, 3}
	goodUntil := time.Now().Add(time.Minute).Truncate(time.Second)

	if err := store.Spend(ctx, id, goodUntil); err != nil {
		t.Fatalf("first spend: got %v, want nil", err)
	}
	if err := store.Spend(ctx, id, goodUntil); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Fatalf("second spend: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
	raw := redis.NewClient(&redis.Options{Addr: server.Addr()})
	defer raw.Close()
	expiry, err := raw.ExpireTime(ctx, redisspent.KeyPrefix+id.String()).Result()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := time.Unix(int64(expiry/time.Second), 0), goodUntil.Add(time.Second+store.Margin()); got.Before(want.Add(-time.Second)) || got.After(want.Add(time.Second)) {
		t.Errorf("the record expires at %s, want %s past the state's goodUntil %s", got, time.Second+store.Margin(), goodUntil)
	}
}

func TestExactlyOneOfManyRacingSpendsWins(t *testing.T) {
	server := testredis.Start(t)
	stores := []*redisspent.Store{newStore(t, server.URL(), time.Second), newStore(t, server.URL(), time.Second)}
	id := requeststate.SpendID{9}
	goodUntil := time.Now().Add(time.Minute)
	var wg sync.WaitGroup
	results := make(chan error, 50)
	start := make(chan struct{})
	for i := range 50 {
		wg.Go(func() {
			<-start
			results <- stores[i%2].Spend(context.Background(), id, goodUntil)
		})
	}
	close(start)
	wg.Wait()
	close(results)
	var errs []error
	for err := range results {
		errs = append(errs, err)
	}
	if won, used := tally(t, errs); won != 1 || used != 49 {
		t.Errorf("got %d winners and %d refused, want 1 and 49", won, used)
	}
}

// tally counts the spends that spent their state and those that found it used; any other answer fails t.
func tally(t *testing.T, errs []error) (won, used int) {
	t.Helper()
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case errors.Is(err, requeststate.ErrAlreadyUsed):
			used++
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	return won, used
}

func TestUnreachableRedisFailsClosedAndSpendsNothing(t *testing.T) {
	server := testredis.Start(t)
	store := newStore(t, server.URL(), time.Second)
	id := requeststate.SpendID{7}
	goodUntil := time.Now().Add(time.Minute)

	server.Stop()
	err := store.Spend(context.Background(), id, goodUntil)
	if err == nil || errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Fatalf("spend with redis down: got %v, want an error other than already used", err)
	}
	if err := store.Ready(context.Background()); err == nil {
		t.Error("ready with redis down: got nil, want an error")
	}
	server.Start()
	if err := store.Ready(context.Background()); err != nil {
		t.Errorf("ready with redis back: got %v, want nil", err)
	}
	if err := store.Spend(context.Background(), id, goodUntil); err != nil {
		t.Errorf("the state it could not spend, once redis is back: got %v, want nil", err)
	}
}

func TestABadURLIsRefused(t *testing.T) {
	if _, err := redisspent.New("http://example.invalid", time.Second, time.Minute, time.Now); err == nil {
		t.Error("got nil, want an error for a URL that isn't redis://")
	}
}

// spendAll spends each of ids from two goroutines at once, all released together, and returns
// every answer by ID.
func spendAll(store *redisspent.Store, ids []requeststate.SpendID, goodUntil time.Time) map[requeststate.SpendID][]error {
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		answers = map[requeststate.SpendID][]error{}
		start   = make(chan struct{})
	)
	for _, id := range ids {
		for range 2 {
			wg.Go(func() {
				<-start
				err := store.Spend(context.Background(), id, goodUntil)
				mu.Lock()
				answers[id] = append(answers[id], err)
				mu.Unlock()
			})
		}
	}
	close(start)
	wg.Wait()
	return answers
}

func TestSpendsThatMeetAreBatchedAndEachGetsItsOwnAnswer(t *testing.T) {
	server := testredis.Start(t)
	store := newStore(t, server.URL(), time.Second)
	ids := make([]requeststate.SpendID, 300)
	for i := range ids {
		ids[i] = requeststate.SpendID{byte(i), byte(i >> 8), 0xb}
	}
	goodUntil := time.Now().Add(time.Minute)
	for id, errs := range spendAll(store, ids, goodUntil) {
		if won, used := tally(t, errs); won != 1 || used != 1 {
			t.Errorf("%x spent twice at once: %d spent it and %d found it used, want 1 and 1", id[:2], won, used)
		}
	}
	if n := store.Batches(); n >= int64(2*len(ids)) || n < 1 {
		t.Errorf("%d spends went in %d batches: want fewer batches than spends once they meet", 2*len(ids), n)
	}
	t.Logf("%d spends in %d batches", 2*len(ids), store.Batches())

	// A spend alone still goes at once, in a batch of its own.
	before := store.Batches()
	if err := store.Spend(context.Background(), requeststate.SpendID{0xa1}, goodUntil); err != nil {
		t.Fatal(err)
	}
	if store.Batches() != before+1 {
		t.Errorf("a spend alone: got %d batches, want 1", store.Batches()-before)
	}
}

func TestABatchThatFailsFailsEverySpendInItAndSpendsNone(t *testing.T) {
	server := testredis.Start(t)
	store := newStore(t, server.URL(), time.Second)
	ids := make([]requeststate.SpendID, 40)
	for i := range ids {
		ids[i] = requeststate.SpendID{byte(i), 0xf}
	}
	goodUntil := time.Now().Add(time.Minute)

	server.Stop()
	began := time.Now()
	for id, errs := range spendAll(store, ids, goodUntil) {
		for _, err := range errs {
			if err == nil || errors.Is(err, requeststate.ErrAlreadyUsed) {
				t.Errorf("%x with redis down: got %v, want a failure of the store", id[:2], err)
			}
		}
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("the failing spends took %s: each is bounded by its batch's time-out and the one before", took)
	}
	server.Start()
	for _, id := range ids {
		if err := store.Spend(context.Background(), id, goodUntil); err != nil {
			t.Errorf("%x, which no failed spend may have spent, once redis is back: got %v, want nil", id[:2], err)
		}
	}
}

// panicking is a go-redis hook that panics in every pipeline while on.
type panicking struct{ on atomic.Bool }

func (h *panicking) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *panicking) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return next
}
func (h *panicking) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if h.on.Load() {
			panic("a bug in the client")
		}
		return next(ctx, cmds)
	}
}

func TestAPanicInTheClientAnswersEverySpendAndLeavesTheStoreWorking(t *testing.T) {
	server := testredis.Start(t)
	store := newStore(t, server.URL(), time.Second)
	hook := &panicking{}
	store.AddHook(hook)
	ids := make([]requeststate.SpendID, 40)
	for i := range ids {
		ids[i] = requeststate.SpendID{byte(i), 0x9a}
	}
	goodUntil := time.Now().Add(time.Minute)

	hook.on.Store(true)
	done := make(chan map[requeststate.SpendID][]error)
	go func() { done <- spendAll(store, ids, goodUntil) }()
	select {
	case answers := <-done:
		for id, errs := range answers {
			for _, err := range errs {
				if err == nil || errors.Is(err, requeststate.ErrAlreadyUsed) || !strings.Contains(err.Error(), "panic") {
					t.Errorf("%x while the client panics: got %v, want the panic as a failure", id[:2], err)
				}
			}
		}
	case <-time.After(10 * time.Second):
		t.Fatal("spends still waiting 10 s after the client panicked")
	}

	hook.on.Store(false)
	for _, id := range ids {
		if err := store.Spend(context.Background(), id, goodUntil); err != nil {
			t.Errorf("%x after the panics: got %v, want nil (nothing was spent, and the store still sends)", id[:2], err)
		}
	}
}
