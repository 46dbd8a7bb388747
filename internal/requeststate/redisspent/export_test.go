package redisspent

// Batches is how many pipelines s has sent, for the tests of batching.
func (s *Store) Batches() int64 { return s.batches.Load() }
