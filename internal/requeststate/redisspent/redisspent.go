// Package redisspent keeps the spent states in Redis, so many bookingd instances share one single-use record.
package redisspent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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
type Store struct {
	client  *redis.Client
	timeout time.Duration
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

// Spend implements requeststate.Spent with one atomic SET NX that expires after goodUntil.
func (s *Store) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	err := s.client.SetArgs(ctx, KeyPrefix+id.String(), 1, redis.SetArgs{
		Mode:     "NX",
		ExpireAt: goodUntil.Add(keepAfter),
	}).Err()
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
