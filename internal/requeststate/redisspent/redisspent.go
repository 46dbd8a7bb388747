// Package redisspent keeps the spent states in Redis, so many bookingd instances share one single-use record.
package redisspent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"salon/internal/requeststate"
)

// KeyPrefix starts every key this store writes; the rest of the key is the state's MAC in lowercase hex.
const KeyPrefix = "bookingd:spent:"

// keepAfter is how long a spend outlives its state's goodUntil. Verify accepts a state through its
// whole last second, and instances' clocks may differ by a little, so the record stays a few seconds
// longer than the state can be used anywhere.
const keepAfter = 5 * time.Second

// Store is a requeststate.Spent in Redis. It is safe for concurrent use.
//
// Spends that arrive while a batch is on its way to Redis wait, and go together in the next one as
// one pipeline: one write and one read for all of them instead of a round trip each. Alone, a spend
// goes at once; under load the batches grow by themselves. Every spend is still its own SET NX, so
// batching changes no outcome, only how many round trips carry them.
type Store struct {
	client  *redis.Client
	timeout time.Duration

	mu      sync.Mutex
	sending bool     // a batch is on its way: spends arriving now wait in next
	next    []*spend // the next batch
	batches atomic.Int64
}

// maxBatch bounds a batch, so one pipeline stays well inside its time-out whatever the load; the
// spends past it go in the batch after.
const maxBatch = 256

// spend is one state waiting for its SET NX.
type spend struct {
	key   string
	until time.Time
	err   chan error // buffered, so the sender never waits on a spend
}

// New connects lazily to the Redis at url (redis:// or rediss://). Every call is bounded by timeout.
// Commands are never retried: a SET NX whose reply was lost can't be told apart from one that lost the race.
func New(url string, timeout time.Duration) (*Store, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout, opt.PoolTimeout = timeout, timeout, timeout, timeout
	opt.MaxRetries = -1
	opt.DisableIdentity = true
	return &Store{client: redis.NewClient(opt), timeout: timeout}, nil
}

// Spend implements requeststate.Spent with one atomic SET NX that expires after goodUntil, sent
// at once or, while another batch is on its way, in the next batch. It is bounded by the timeouts
// of the batch that carries it and of the one before, and not by ctx: once a spend is queued, its
// answer is Redis's.
func (s *Store) Spend(_ context.Context, id requeststate.SpendID, goodUntil time.Time) error {
	sp := &spend{key: KeyPrefix + id.String(), until: goodUntil.Add(keepAfter), err: make(chan error, 1)}
	s.mu.Lock()
	if s.sending {
		s.next = append(s.next, sp)
		s.mu.Unlock()
		return <-sp.err
	}
	s.sending = true
	s.mu.Unlock()
	s.send([]*spend{sp})
	s.handOn()
	return <-sp.err
}

// handOn ends a batch. The spends that gathered meanwhile go next, sent by a goroutine of their own,
// so that whoever sent this batch can answer its own customer now; with none, sending stops.
func (s *Store) handOn() {
	s.mu.Lock()
	n := min(len(s.next), maxBatch)
	batch := s.next[:n:n]
	s.next = s.next[n:]
	s.sending = n > 0
	s.mu.Unlock()
	if len(batch) > 0 {
		go func() {
			s.send(batch)
			s.handOn()
		}()
	}
}

// send writes batch as one pipeline and gives each spend its own answer. A batch that fails as a
// whole (Redis unreachable, a time-out) gives every spend that failure.
//
// A panic on the way (a bug in the client, say) answers every spend of the batch with it as an
// error: each waiter is always answered, and the batches after still go, so one panic can't leave
// every later spend waiting for a batch that will never end.
func (s *Store) send(batch []*spend) {
	s.batches.Add(1)
	defer func() {
		if p := recover(); p != nil {
			for _, sp := range batch {
				select {
				case sp.err <- fmt.Errorf("redis: spending a state: panic: %v", p):
				default: // answered before the panic
				}
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	cmds := make([]*redis.StatusCmd, len(batch))
	_, err := s.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, sp := range batch {
			cmds[i] = p.SetArgs(ctx, sp.key, 1, redis.SetArgs{Mode: "NX", ExpireAt: sp.until})
		}
		return nil
	})
	// A command's own error is Redis's reply to it (redis.Nil: the key was there) or the failure
	// that kept it from a reply. A failure of the batch that isn't Redis's reply to one command
	// counts against every command it didn't mark, so a spend is never taken as done unless Redis
	// said so: a timeout part-way answers even the spends already made as failed (503, and the
	// customer's retry then finds the state used), never the other way round.
	var replied redis.Error
	whole := err != nil && !errors.Is(err, redis.Nil) && !errors.As(err, &replied)
	for i, sp := range batch {
		cmdErr := cmds[i].Err()
		if cmdErr == nil && whole {
			cmdErr = err
		}
		sp.err <- outcome(cmdErr)
	}
}

// outcome is what one SET NX's reply means: nil spent it, redis.Nil found it spent already.
func outcome(err error) error {
	switch {
	case errors.Is(err, redis.Nil):
		return requeststate.ErrAlreadyUsed
	case err != nil:
		return fmt.Errorf("redis: spending a state: %w", err)
	}
	return nil
}

// Ready reports whether Redis answers a PING within the timeout.
func (s *Store) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	return s.client.Ping(ctx).Err()
}

// Close releases the connections.
func (s *Store) Close() error { return s.client.Close() }

// LogTo sends go-redis's own messages (such as a pool failing to dial) to log as warnings, so
// everything the process writes stays structured. It sets go-redis's process-wide logger.
func LogTo(log *slog.Logger) { redis.SetLogger(redisLog{log}) }

type redisLog struct{ log *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}
