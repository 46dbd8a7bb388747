// This file holds what the store keeps of each day's live bookings beside their lists, so a read of
// a packed calendar passes over its full days without reading them: how many live bookings each
// UTC day holds, and whether all of them sit on the salon's present slots.

package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pressly/goose/v3"

	"salon/internal/salon"
)

// Why a count and an age: a simple salon's day is full when its live bookings are as many as its
// slots, since a live booking takes one start and two never share one (bookings_one_live_per_slot).
// That holds of bookings made on the salon's present slots. A booking made before the owner changed
// the zone, the hours, the slot length, the horizon or the menu may sit off the present slots, or
// share a start with another stylist's, and so count for a slot it doesn't take. So a day is
// counted on only when each of its live bookings was booked after the last such change, by more
// than any instance may go on booking on the settings before it (gridSettle).
//
// On SQLite the count and the earliest booking time ride in day_spans beside each day's list,
// kept by the same triggers in the booking's own transaction. PostgreSQL gathers them from the
// bookings as it reads, as it does the lists.
var (
	// qDayFillsSQLite reads the days of salon $1 in [$2, $3) that have a list, each of whose live
	// bookings was booked once the salon's last change of its slots settled, each as one number:
	// (day - $2's day) * dayFillBase + its count, joined by ",". A salon not registered has no row.
	// One number a day is what SQLite writes out quickest.
	qDayFillsSQLite = `SELECT ` + fillsSQLite("$2", "$3") + ` FROM salons s WHERE id = $1`
	// qDayFillsPostgres gathers the same from the live bookings starting in [$2, $3).
	qDayFillsPostgres = `SELECT ` + fillsPostgres("$2", "$3") + ` FROM salons s WHERE id = $1`

	// qCalendarPassingSQLite and qCalendarPassingPostgres are WindowPassing's statements: Window's,
	// around the days of [$4, $5), with those days' counts.
	qCalendarPassingSQLite   = calendarOf(tagSQLite, takenSQLiteAround, closedAround, fillsSQLite("$4", "$5"))
	qCalendarPassingPostgres = calendarOf(tagPostgres, takenFromBookingsAround, closedAround, fillsPostgres("$4", "$5"))

	// settledAt is when salon s's last change of its slots settled (gridSettle), in Unix seconds:
	// a salon never changed settled long before any booking.
	settledAt = `s.grid_changed_at + ` + strconv.FormatInt(int64(gridSettle/time.Second), 10)
	// dayFillBase is more than a day's count of live bookings can be: a minute's slots all day,
	// for a hundred stylists.
	dayFillBase = strconv.Itoa(dayFillPlace)
)

// fillsSQLite is the subquery of qDayFillsSQLite's list for the days of [from, to), and
// fillsPostgres qDayFillsPostgres's; from and to are SQL of Unix seconds, and s is the salon's row.
func fillsSQLite(from, to string) string {
	return `(SELECT group_concat((day - ` + from + ` / 86400) * ` + dayFillBase + ` + taken, ',')
			FROM day_spans WHERE ` + daysIn(from, to) + ` AND first_booked > ` + settledAt + `)`
}

func fillsPostgres(from, to string) string {
	return `(SELECT string_agg(((d - ` + from + ` / 86400) * ` + dayFillBase + ` + n)::text, ',') FROM (
			SELECT starts_at / 86400 AS d, count(*) AS n, min(booked_at) AS f FROM bookings
			WHERE ` + liveIn(from, to) + ` GROUP BY starts_at / 86400) AS days
			WHERE f > ` + settledAt + `)`
}

// gridSettle is how long after a change of a salon's slots a booking may still be made on the
// slots before it: an instance's settings are at most SettingsAge old, and the instances' clocks
// are taken to agree within a minute.
const gridSettle = SettingsAge + time.Minute

// qGridChanged is the SQL of salons.grid_changed_at on a put of new settings ($10 the put's time):
// it moves when a setting the slots depend on changes, and is 0 for a salon put for the first time,
// which has no bookings.
const qGridChanged = `CASE WHEN salons.time_zone = excluded.time_zone AND salons.hours = excluded.hours
				AND salons.slot_minutes = excluded.slot_minutes AND salons.horizon_days = excluded.horizon_days
				AND salons.terms = excluded.terms
			THEN salons.grid_changed_at ELSE $10 END`

// DayFills reads how full the UTC days of [from, to) are at the salon id: a salon.DayFill for each
// day that holds a live booking and whose live bookings were all made on the salon's present slots,
// in order of day. An unknown salon is salon.NoSalon.
func (s *Store) DayFills(ctx context.Context, id string, from, to time.Time) ([]salon.DayFill, error) {
	var list sql.NullString
	err := s.r.queryRow(ctx, s.d.dayFills, text(id), from.Unix(), to.Unix()).Scan(&list)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, salon.NoSalon(id)
	}
	if err != nil {
		return nil, err
	}
	return readFills(list, from)
}

// readFills reads the list of day counts of a window from from, as qDayFillsSQLite writes it.
func readFills(list sql.NullString, from time.Time) ([]salon.DayFill, error) {
	if !list.Valid {
		return nil, nil
	}
	first := floorDiv(from.Unix(), daySeconds)
	fills := make([]salon.DayFill, 0, strings.Count(list.String, ",")+1)
	for i, l := 0, list.String; i < len(l); {
		var v int64
		var ok bool
		if v, i, ok = number(l, i, ','); !ok {
			return nil, errors.New("a day's count of live bookings doesn't read")
		}
		day := first + v/dayFillPlace
		fills = append(fills, salon.DayFill{Day: time.Unix(day*daySeconds, 0).UTC(), Booked: int(v % dayFillPlace)})
	}
	slices.SortFunc(fills, func(a, b salon.DayFill) int { return a.Day.Compare(b.Day) })
	return fills, nil
}

// dayFillPlace is dayFillBase, for Go.
const dayFillPlace = 1 << 20

// dayFillsVersion is the schema version that brings the counts, after migrations/00019.
const dayFillsVersion = 20

// dayFillsSQLite is that migration on SQLite: the salons' last change of their slots, each day's
// count and earliest booking time, and the triggers that keep them with the lists.
var dayFillsSQLite = append([]string{
	`ALTER TABLE salons ADD COLUMN grid_changed_at BIGINT NOT NULL DEFAULT 0`,
	`ALTER TABLE day_spans ADD COLUMN taken BIGINT NOT NULL DEFAULT 0`,
	`ALTER TABLE day_spans ADD COLUMN first_booked BIGINT NOT NULL DEFAULT 0`,
	`UPDATE day_spans SET
		taken = (SELECT count(*) FROM bookings b WHERE ` + bookingsOfDay + `),
		first_booked = coalesce((SELECT min(booked_at) FROM bookings b WHERE ` + bookingsOfDay + `), 0)`,
	// The counts are read from this index alone: in the table they come after a day's list, which
	// at a busy salon runs over several pages that a read would have to step through.
	`CREATE INDEX day_spans_fills ON day_spans (salon, day, taken, first_booked)`,
}, daySpansTriggers(addCountedOf(tokenOf), removeCountedOf(tokenOf), spanColumns)...)

// dayFillsSQLiteDown undoes dayFillsSQLite, back to migration 14's triggers.
var dayFillsSQLiteDown = append(daySpansTriggers(addSpan, removeSpan, spanColumns),
	`DROP INDEX day_spans_fills`,
	`ALTER TABLE day_spans DROP COLUMN first_booked`,
	`ALTER TABLE day_spans DROP COLUMN taken`,
	`ALTER TABLE salons DROP COLUMN grid_changed_at`,
)

// bookingsOfDay picks, as b, the live bookings of the day_spans row being updated.
const bookingsOfDay = `b.salon = day_spans.salon AND b.status = 'booked'
			AND b.starts_at >= day_spans.day * 86400 AND b.starts_at < day_spans.day * 86400 + 86400`

// addCountedOf is addSpan with the tokens token writes, counting NEW in and keeping the day's
// earliest booking time: NEW's own when the day held none live.
func addCountedOf(token func(row string) string) string {
	return `INSERT INTO day_spans (salon, day, spans, taken, first_booked)
		SELECT NEW.salon, NEW.starts_at / 86400, ';' || ` + token("NEW.") + ` || ';', 1, NEW.booked_at
		WHERE NEW.status = 'booked'
		ON CONFLICT (salon, day) DO UPDATE SET spans = spans || substr(excluded.spans, 2), taken = taken + 1,
			first_booked = CASE WHEN taken = 0 THEN excluded.first_booked ELSE min(first_booked, excluded.first_booked) END`
}

// removeCountedOf is removeSpan with the tokens token writes, counting OLD out when its token was
// there.
func removeCountedOf(token func(row string) string) string {
	return `UPDATE day_spans SET spans = replace(spans, ';' || ` + token("OLD.") + ` || ';', ';'),
			taken = taken - (instr(spans, ';' || ` + token("OLD.") + ` || ';') > 0)
		WHERE salon = OLD.salon AND day = OLD.starts_at / 86400`
}

// spanColumns are the columns of bookings a day list's token is written from, which its update
// trigger watches, before migration 22 adds resources.
const spanColumns = `salon, status, starts_at, stylist, minutes, after_minutes`

// dropDaySpansTriggers drops the triggers that keep day_spans.
var dropDaySpansTriggers = []string{
	`DROP TRIGGER day_spans_delete`,
	`DROP TRIGGER day_spans_update`,
	`DROP TRIGGER day_spans_insert`,
}

// daySpansTriggers drops the triggers that keep day_spans and makes them again with add and
// remove as the statements that add NEW's token and remove OLD's, the update's watching columns.
func daySpansTriggers(add, remove, columns string) []string {
	return append(slices.Clone(dropDaySpansTriggers), createDaySpansTriggers(add, remove, columns)...)
}

// createDaySpansTriggers makes the triggers that keep day_spans, with add and remove as the
// statements that add NEW's token and remove OLD's, the update's watching columns.
func createDaySpansTriggers(add, remove, columns string) []string {
	return []string{
		`CREATE TRIGGER day_spans_insert AFTER INSERT ON bookings WHEN NEW.status = 'booked'
		BEGIN
			` + add + `;
		END`,
		`CREATE TRIGGER day_spans_update AFTER UPDATE OF ` + columns + ` ON bookings
			WHEN OLD.status = 'booked' OR NEW.status = 'booked'
		BEGIN
			` + remove + ` AND OLD.status = 'booked';
			` + add + `;
		END`,
		`CREATE TRIGGER day_spans_delete AFTER DELETE ON bookings WHEN OLD.status = 'booked'
		BEGIN
			` + remove + `;
		END`,
	}
}

// dayFillsMigration is migration 20 for d: dayFillsSQLite on SQLite, and on PostgreSQL the
// salons' column alone.
func dayFillsMigration(d dialect) *goose.Migration {
	up, down := dayFillsSQLite, dayFillsSQLiteDown
	if d.goose != goose.DialectSQLite3 {
		up = []string{`ALTER TABLE salons ADD COLUMN grid_changed_at BIGINT NOT NULL DEFAULT 0`}
		down = []string{`ALTER TABLE salons DROP COLUMN grid_changed_at`}
	}
	return goose.NewGoMigration(dayFillsVersion, runAll(up), runAll(down))
}

// runAll is a migration's direction that runs statements in order, in its transaction.
func runAll(statements []string) *goose.GoFunc {
	return &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
		for _, statement := range statements {
			if _, err := tx.ExecContext(ctx, statement); err != nil {
				return err
			}
		}
		return nil
	}}
}
