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

	// unique reports whether err is a violated unique or primary key constraint.
	unique func(err error) bool
}

var sqliteDialect = dialect{
	goose: goose.DialectSQLite3,
	unique: func(err error) bool {
		var e *sqlite.Error
		return errors.As(err, &e) &&
			(e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
	},
}

var postgresDialect = dialect{
	goose:      goose.DialectPostgres,
	shareSalon: " FOR KEY SHARE",
	lockSalon:  " FOR UPDATE",
	lockRow:    " FOR UPDATE",
	unique: func(err error) bool {
		var e *pgconn.PgError
		return errors.As(err, &e) && e.Code == "23505" // unique_violation
	},
}
