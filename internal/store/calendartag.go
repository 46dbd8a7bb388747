// This file holds a salon's calendar tag on SQLite: a value the database draws anew, in the same
// transaction, whenever anything a salon's page is read from changes, so that a page already
// read is known to be the page still by reading one column.

package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pressly/goose/v3"

	"salon/internal/salon"
)

// calendarTagVersion is the schema version that brings the tag, after dayFillsVersion.
const calendarTagVersion = 21

// The tag's SQL: the column on SQLite, and on PostgreSQL a 0, "not kept". There a tag drawn with
// each booking would lock the salon's row for the booking's transaction, where a booking now takes
// only a shared lock on it, and the bookings of a salon would run one at a time.
const (
	tagSQLite   = `s.calendar_tag`
	tagPostgres = `0`
)

// calendarTagSQLite is the migration on SQLite: the column, a tag for each salon, and the triggers
// that draw a new one when the salon's row changes (its settings, above all), when a day's list of
// live bookings does (day_spans, which the bookings' own triggers keep), or when a slot is closed
// or opened. The salons trigger leaves the changes of the tag alone, which are its own and the
// other triggers'.
var calendarTagSQLite = []string{
	`ALTER TABLE salons ADD COLUMN calendar_tag BIGINT NOT NULL DEFAULT 0`,
	`UPDATE salons SET calendar_tag = random()`,
	`CREATE TRIGGER calendar_tag_salon_insert AFTER INSERT ON salons
	BEGIN ` + drawTag("NEW.id") + ` END`,
	`CREATE TRIGGER calendar_tag_salon_update AFTER UPDATE ON salons WHEN NEW.calendar_tag IS OLD.calendar_tag
	BEGIN ` + drawTag("NEW.id") + ` END`,
	`CREATE TRIGGER calendar_tag_day_insert AFTER INSERT ON day_spans BEGIN ` + drawTag("NEW.salon") + ` END`,
	`CREATE TRIGGER calendar_tag_day_update AFTER UPDATE ON day_spans BEGIN ` + drawTag("NEW.salon") + drawTag("OLD.salon") + ` END`,
	`CREATE TRIGGER calendar_tag_day_delete AFTER DELETE ON day_spans BEGIN ` + drawTag("OLD.salon") + ` END`,
	`CREATE TRIGGER calendar_tag_closed_insert AFTER INSERT ON closed_slots BEGIN ` + drawTag("NEW.salon") + ` END`,
	`CREATE TRIGGER calendar_tag_closed_update AFTER UPDATE ON closed_slots BEGIN ` + drawTag("NEW.salon") + drawTag("OLD.salon") + ` END`,
	`CREATE TRIGGER calendar_tag_closed_delete AFTER DELETE ON closed_slots BEGIN ` + drawTag("OLD.salon") + ` END`,
}

// calendarTagSQLiteDown undoes calendarTagSQLite.
var calendarTagSQLiteDown = []string{
	`DROP TRIGGER calendar_tag_closed_delete`,
	`DROP TRIGGER calendar_tag_closed_update`,
	`DROP TRIGGER calendar_tag_closed_insert`,
	`DROP TRIGGER calendar_tag_day_delete`,
	`DROP TRIGGER calendar_tag_day_update`,
	`DROP TRIGGER calendar_tag_day_insert`,
	`DROP TRIGGER calendar_tag_salon_update`,
	`DROP TRIGGER calendar_tag_salon_insert`,
	`ALTER TABLE salons DROP COLUMN calendar_tag`,
}

// drawTag is a trigger's statement that draws a new tag for the salon whose id is the SQL id.
func drawTag(id string) string {
	return `UPDATE salons SET calendar_tag = random() WHERE id = ` + id + `;`
}

// calendarTagMigration is migration 21 for d: calendarTagSQLite on SQLite, and on PostgreSQL a
// version recorded with nothing to do.
func calendarTagMigration(d dialect) *goose.Migration {
	if d.goose != goose.DialectSQLite3 {
		return goose.NewGoMigration(calendarTagVersion, &goose.GoFunc{Mode: goose.TransactionEnabled}, &goose.GoFunc{Mode: goose.TransactionEnabled})
	}
	return goose.NewGoMigration(calendarTagVersion, runAll(calendarTagSQLite), runAll(calendarTagSQLiteDown))
}

// CalendarTag reads the salon id's calendar tag (salon.Calendar.Tag): 0 where the store keeps
// none, on PostgreSQL; salon.NoSalon when it isn't registered.
func (s *Store) CalendarTag(ctx context.Context, id string) (int64, error) {
	var tag int64
	err := s.r.queryRow(ctx, `SELECT `+s.d.tag+` FROM salons s WHERE id = $1`, text(id)).Scan(&tag)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, salon.NoSalon(id)
	}
	return tag, err
}
