// This file opens the store's insides to its tests: batch counts, hooks, its clock, its margin, its deletions.

package redisspent

import (
	"time"

	"github.com/redis/go-redis/v9"
)

// Batches is how many pipelines s has sent, for the tests of batching.
func (s *Store) Batches() int64 { return s.batches.Load() }

// AddHook puts h around every command and pipeline s sends, for tests that make the client misbehave.
func (s *Store) AddHook(h redis.Hook) { s.client.AddHook(h) }

// SetClock makes s read the wall time from now, for tests of instances whose clocks disagree.
// Call it before s is used.
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Margin is how long s keeps a record past the end of its state's goodUntil second.
func (s *Store) Margin() time.Duration { return s.margin }

// StopForgetting stops s from deleting the records its failed attempts may have left, for tests
// of what holds when those deletions can't reach Redis either.
func (s *Store) StopForgetting() { s.forgetting.close() }
