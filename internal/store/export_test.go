// This file holds what the tests see of the store's insides.

package store

import (
	"context"
	"database/sql"
	"math"
	"time"
)

// Unique reports whether err is a violated unique or primary key constraint in s's database, for
// the tests of the schema's own refusals.
func (s *Store) Unique(err error) bool { return s.d.unique(err) }

// Batches is how many shared transactions s's SQLite spends have begun; 0 on PostgreSQL.
func (s *Store) Batches() int64 {
	if s.batch == nil {
		return 0
	}
	return s.batch.batches.Load()
}

// Queued is how many of s's SQLite spends wait for a batch.
func (s *Store) Queued() int {
	s.batch.mu.Lock()
	defer s.batch.mu.Unlock()
	return len(s.batch.queue)
}

// SetClock makes now s's clock in place of the one Open was handed, for the tests that move a
// store's clock apart from its database's other users. Call it before s is in use.
func (s *Store) SetClock(now func() time.Time) { s.now, s.cache.now = now, now }

// QueryBookingsAfter is the statement of a page of bookings after a cursor, for the test of its plan.
const QueryBookingsAfter = qBookingsAfter

// RetentionLock is the PostgreSQL advisory lock the retention sweep holds.
const RetentionLock = retentionLock

// QueryDaySpans is SQLite's statement of the lists of a window's days, for the test of its plan.
const QueryDaySpans = qDaySpansSQLite

// DaySpansVersion is the schema version that brings the days' lists.
const DaySpansVersion = daySpansVersion

// Latest stands for the newest schema version in MigrateTo.
const Latest = math.MaxInt64

// MigrateTo migrates s's schema up or down to version (Latest: the newest).
func (s *Store) MigrateTo(ctx context.Context, version int64) error {
	provider, err := s.migrations(nil)
	if err != nil {
		return err
	}
	current, err := provider.GetDBVersion(ctx)
	if err != nil {
		return err
	}
	if version < current {
		_, err = provider.DownTo(ctx, version)
	} else {
		_, err = provider.UpTo(ctx, version)
	}
	return err
}

// MigrateSQLiteTo makes a SQLite database at path standing at migration v, for the tests of what
// refuses an older schema.
func MigrateSQLiteTo(ctx context.Context, path string, v int64) error {
	db, err := sql.Open("sqlite", path+"?"+sqliteWriter)
	if err != nil {
		return err
	}
	defer db.Close()
	provider, err := migrationsOn(db, sqliteDialect, nil)
	if err != nil {
		return err
	}
	_, err = provider.UpTo(ctx, v)
	return err
}
