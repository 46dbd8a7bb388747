// This file holds what the store does after an attempt it answered as failed: it remembers the attempt's token and deletes the record the attempt may have left.

package redisspent

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// An attempt answered as failed (503) never completes, but its script may still have run: it ran
// in time and its reply was lost or came late. Its record then holds its token, and would refuse
// the customer's retry as used. Two things undo that. The store remembers the token, so that a
// retry through this instance takes the record over (spendScript's ARGV[7] on); and it deletes the
// record, if it still holds the token, as soon as Redis answers (forgetScript), so that a retry
// through any instance finds the state unspent. A token is remembered, and its record deleted,
// until the record would have ended anyway.

// maxAbandoned bounds the tokens remembered, and the deletions waiting, so a long outage under
// load holds a bounded memory (about 100 bytes each). Past it, a failed attempt is not
// remembered: its state, if its script had run, stays used until its record ends.
const maxAbandoned = 1 << 16

// maxTokensPerState bounds the tokens one spend carries: a state retried that many times through
// one instance while Redis failed keeps only its latest attempts.
const maxTokensPerState = 8

// abandoned holds the tokens of the attempts this instance answered as failed, by record.
// It is safe for concurrent use.
type abandoned struct {
	n atomic.Int64 // tokens held, read without the lock on the way of every spend

	mu    sync.Mutex
	byKey map[string][]abandonedToken
	swept time.Time
}

type abandonedToken struct {
	token string
	until time.Time
}

// add remembers token as abandoned for key until then.
func (a *abandoned) add(key, token string, until, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if now.Sub(a.swept) > time.Second {
		a.sweep(now)
	}
	if a.n.Load() >= maxAbandoned {
		return
	}
	if a.byKey == nil {
		a.byKey = map[string][]abandonedToken{}
	}
	tokens := a.byKey[key]
	if len(tokens) == maxTokensPerState {
		tokens = append(tokens[:0], tokens[1:]...)
		a.n.Add(-1)
	}
	a.byKey[key] = append(tokens, abandonedToken{token, until})
	a.n.Add(1)
}

// sweep drops every token whose record has ended. The lock is held.
func (a *abandoned) sweep(now time.Time) {
	a.swept = now
	for key, tokens := range a.byKey {
		kept := tokens[:0]
		for _, t := range tokens {
			if now.Before(t.until) {
				kept = append(kept, t)
			}
		}
		a.n.Add(int64(len(kept) - len(tokens)))
		if len(kept) == 0 {
			delete(a.byKey, key)
		} else {
			a.byKey[key] = kept
		}
	}
}

// appendTokens appends key's abandoned tokens to args.
func (a *abandoned) appendTokens(args []any, key string) []any {
	if a.n.Load() == 0 {
		return args
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, t := range a.byKey[key] {
		args = append(args, t.token)
	}
	return args
}

// forgetting deletes the records that failed attempts may have left, in the background, retrying
// while Redis doesn't answer. Its goroutine runs only while there is something to delete.
type forgetting struct {
	mu      sync.Mutex
	queue   []forget
	running bool
	closed  bool
	stop    chan struct{} // closed by Close
	done    sync.WaitGroup
}

// forget is one record to delete if it still holds token.
type forget struct {
	key, token string
	until      time.Time
}

// forgetLater queues key's record for deletion if it still holds token.
func (s *Store) forgetLater(key, token string, until time.Time) {
	f := &s.forgetting
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed || len(f.queue) >= maxAbandoned {
		return
	}
	f.queue = append(f.queue, forget{key, token, until})
	if !f.running {
		f.running = true
		f.done.Add(1)
		go s.forgetAll()
	}
}

// forgetAll deletes what is queued, a batch at a time, waiting longer between tries while Redis
// fails, until nothing is left or the store closes.
func (s *Store) forgetAll() {
	f := &s.forgetting
	defer f.done.Done()
	pause := 20 * time.Millisecond
	for {
		f.mu.Lock()
		now := s.now()
		kept := f.queue[:0]
		for _, q := range f.queue {
			if now.Before(q.until) {
				kept = append(kept, q)
			}
		}
		clear(f.queue[len(kept):])
		f.queue = kept
		if f.closed || len(f.queue) == 0 {
			f.running = false
			f.mu.Unlock()
			return
		}
		n := min(len(f.queue), maxBatch)
		batch := append([]forget(nil), f.queue[:n]...)
		f.queue = f.queue[n:]
		f.mu.Unlock()

		failed := s.forgetBatch(batch)
		if len(failed) == 0 {
			pause = 20 * time.Millisecond
			continue
		}
		f.mu.Lock()
		f.queue = append(f.queue, failed...)
		f.mu.Unlock()
		select {
		case <-f.stop:
		case <-time.After(pause):
		}
		pause = min(2*pause, time.Second)
	}
}

// forgetBatch sends batch as one pipeline and returns the deletions that failed.
func (s *Store) forgetBatch(batch []forget) (failed []forget) {
	defer func() {
		if p := recover(); p != nil {
			warn("redis: deleting the records of failed spends: panic", "panic", fmt.Sprint(p))
			failed = batch
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	cmds := make([]*redis.Cmd, len(batch))
	_, _ = s.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, q := range batch {
			cmds[i] = p.EvalSha(ctx, forgetScript.Hash(), []string{q.key}, q.token)
		}
		return nil
	})
	load := false
	for i, q := range batch {
		if err := cmds[i].Err(); err != nil {
			load = load || redis.HasErrorPrefix(err, "NOSCRIPT")
			failed = append(failed, q)
		}
	}
	if load {
		_ = forgetScript.Load(ctx, s.client).Err()
	}
	return failed
}

// close stops the goroutine and waits for it: at most one batch's time-out.
func (f *forgetting) close() {
	f.mu.Lock()
	if !f.closed {
		f.closed = true
		close(f.stop)
	}
	f.mu.Unlock()
	f.done.Wait()
}
