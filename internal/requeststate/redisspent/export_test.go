package redisspent

import "github.com/redis/go-redis/v9"

// Batches is how many pipelines s has sent, for the tests of batching.
func (s *Store) Batches() int64 { return s.batches.Load() }

// AddHook puts h around every command and pipeline s sends, for tests that make the client misbehave.
func (s *Store) AddHook(h redis.Hook) { s.client.AddHook(h) }
