// This file holds what the tests see of the store's insides.

package store

import (
	"context"
	"database/sql"

	"github.com/pressly/goose/v3"
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
var QueryDaySpans = qDaySpansSQLite

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

// Versions are the schema's migrations, in order.
func Versions() []int64 {
	var out []int64
	db, _ := sql.Open("sqlite", ":memory:")
	defer db.Close()
	provider, err := migrationsOn(db, sqliteDialect, nil)
	if err != nil {
		panic(err)
	}
	for _, s := range provider.ListSources() {
		out = append(out, s.Version)
	}
	return out
}

// Contents are every table of s's database (goose's aside) as rows of column → value, each value
// written canonically: what a migration must keep.
func (s *Store) Contents(ctx context.Context) (map[string][]map[string]string, error) {
	db := s.write
	var listTables, listColumns string
	if s.d.goose == goose.DialectSQLite3 {
		listTables = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version'`
		listColumns = `SELECT name, lower(type) FROM pragma_table_info($1) ORDER BY cid`
	} else {
		listTables = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'goose_db_version'`
		listColumns = `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`
	}
	names, err := listed(ctx, db, listTables)
	if err != nil {
		return nil, err
	}
	out := map[string][]map[string]string{}
	for _, table := range names {
		rows, err := db.QueryContext(ctx, listColumns, table)
		if err != nil {
			return nil, err
		}
		var columns []column
		for rows.Next() {
			var c column
			if err := rows.Scan(&c.name, &c.kind); err != nil {
				rows.Close()
				return nil, err
			}
			if c.kind == "integer" || c.kind == "bigint" || c.kind == "smallint" {
				c.kind = "bigint"
			}
			columns = append(columns, c)
		}
		rows.Close()
		data, err := selectRows(ctx, db, table, columns)
		if err != nil {
			return nil, err
		}
		values := make([]any, len(columns))
		out[table] = []map[string]string{}
		for data.Next() {
			if err := scanRow(data, values, columns); err != nil {
				data.Close()
				return nil, err
			}
			row := map[string]string{}
			for i, c := range columns {
				row[c.name] = string(canonical(nil, values[i]))
			}
			out[table] = append(out[table], row)
		}
		data.Close()
	}
	return out, nil
}

func listed(ctx context.Context, db *sql.DB, query string) ([]string, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// GridSettle is how long after a change of a salon's slots a day's bookings are taken to be on them.
const GridSettle = gridSettle

// QueryCalendarPassing is SQLite's statement of WindowPassing, for the test of its plan.
var QueryCalendarPassing = qCalendarPassingSQLite
