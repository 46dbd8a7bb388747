// This file holds the few ways SQLite and PostgreSQL differ, as one dialect value for each.

package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect is what the store does differently on one database. Everything else, the SQL with its
// $1 placeholders included, is the same on both.
type dialect struct {
	goose goose.Dialect

	// shareSalon and lockSalon go after the SELECT that reads the salon's row at the start of a
	// booking (as it writes the spend) and of closing a slot. On PostgreSQL they lock that row,
	// shared for a booking and exclusive for a close: a close waits for the bookings under way,
	// and a booking that waited on a close sees it, so a slot is never both booked and closed.
	// SQLite needs neither: its write transactions run one at a time.
	shareSalon, lockSalon string

	// lockRow goes after a SELECT of one row that the transaction then changes, such as the
	// booking a move moves: on PostgreSQL it locks the row, so a cancel or another move of the same
	// booking waits. SQLite needs none.
	lockRow string

	// skipLocked goes at the end of the SELECT that picks the deliveries to claim. On PostgreSQL
	// instances claiming at once each skip the rows another is claiming, rather than wait for
	// them; SQLite's one writer claims alone.
	skipLocked string

	// lockContact takes a transaction's lock of one salon's contact, a 64-bit key as $1, so two
	// bookings by one contact count its upcoming bookings one after the other (PostgreSQL). SQLite
	// needs none: its write transactions run one at a time.
	lockContact string
	// tryLock tries a transaction's lock of a 64-bit key as $1 and answers whether it took it, so
	// one instance at a time does a job (PostgreSQL); "" on SQLite, one instance's database.
	tryLock string
	// scrub is run at once after a transaction erased customers' details (Store.scrub): on SQLite
	// a checkpoint that truncates the WAL; on PostgreSQL a vacuum of the bookings, and a note that
	// the table is to be rewritten (Store.ScrubDue).
	scrub string
	// rewrite rewrites the bookings table and its indexes into new files, leaving none of the bytes
	// of its dead rows behind (PostgreSQL); "" on SQLite, whose scrub does that already.
	rewrite string

	// daySpans reads the lists of a window's days (qDaySpansSQLite), and calendar is Window's
	// statement, with those lists joined (dayspans.go). through is how far calendar knows what is
	// taken when asked up to end.
	daySpans, calendar string
	through            func(end int64) int64
	// wholeDays says calendar reads its days' lists whole, as they are kept (SQLite).
	wholeDays bool
	// tag is the SQL of a salon's calendar tag, with the salon's row as s (calendartag.go).
	tag string
	// dayFills reads how full a window's days are, and calendarPassing is WindowPassing's
	// statement (dayfills.go).
	dayFills, calendarPassing string

	// unique reports whether err is a violated unique or primary key constraint.
	unique func(err error) bool
}

var sqliteDialect = dialect{
	goose:     goose.DialectSQLite3,
	scrub:     `PRAGMA wal_checkpoint(TRUNCATE)`,
	daySpans:  qDaySpansSQLite,
	dayFills:  qDayFillsSQLite,
	calendar:  calendarOf(tagSQLite, takenSQLite, closedInWindow),
	tag:       tagSQLite,
	through:   throughDays,
	wholeDays: true,

	calendarPassing: qCalendarPassingSQLite,
	unique: func(err error) bool {
		var e *sqlite.Error
		return errors.As(err, &e) &&
			(e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
	},
}

var postgresDialect = dialect{
	goose:       goose.DialectPostgres,
	shareSalon:  " FOR KEY SHARE",
	lockSalon:   " FOR UPDATE",
	lockRow:     " FOR UPDATE",
	skipLocked:  " FOR UPDATE SKIP LOCKED",
	lockContact: `SELECT pg_advisory_xact_lock($1)`,
	tryLock:     `SELECT pg_try_advisory_xact_lock($1)`,
	scrub:       `VACUUM bookings`,
	rewrite:     `VACUUM (FULL) bookings`,
	daySpans:    qDaySpansPostgres,
	dayFills:    qDayFillsPostgres,
	calendar:    qCalendarNarrow,
	through:     throughEnd,
	tag:         tagPostgres,

	calendarPassing: qCalendarPassingPostgres,
	unique: func(err error) bool {
		var e *pgconn.PgError
		return errors.As(err, &e) && e.Code == "23505" // unique_violation
	},
}
