// This file holds what a salon's reads of a window see of its live bookings: each day's spans as one
// list, kept by the database on SQLite and gathered per day on PostgreSQL, and how that list reads.

package store

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
)

// daySeconds is a day of the lists, in Unix seconds: a UTC day, whatever the salon's zone, since a
// list is only where a window's reads find its bookings.
const daySeconds = 86400

// A day's list holds one token for each live booking starting that UTC day:
// "stylist:start:minutes:afterMinutes", with the start in Unix seconds and the stylist "" at a
// simple salon, and ":basin+chair" after it when the booking holds resources (resources.go). Tokens are separated by ";" and come in no order: the reader sorts each day.
//
// Why: a window's open times need every live booking that can touch it, and at a full calendar
// that is hundreds. SQLite through its pure-Go driver spends about a microsecond on each row it
// steps, even from an index alone, so a salon's page and its availability cost what the salon has
// booked. On SQLite the database keeps each day's list in day_spans, written by triggers in the
// booking's own transaction, so a window costs a row a day. PostgreSQL steps rows far faster, and
// its bookings run side by side: a shared row a day would make every booking of a day wait for the
// last one's commit. There the same lists are gathered from bookings_live_spans as they are read.
var (
	// qDaySpansSQLite reads the lists of salon $1's days that hold [$2, $3), in order of day.
	qDaySpansSQLite = `SELECT spans FROM day_spans WHERE ` + daysOfWindow + ` ORDER BY day`
	// qDaySpansPostgres gathers the lists of the same days from the live bookings in [$2, $3).
	qDaySpansPostgres = `SELECT string_agg(` + rowToken + `, ';') FROM bookings WHERE ` + liveInWindow + `
		GROUP BY starts_at / 86400 ORDER BY starts_at / 86400`

	// daysOfWindow picks the rows of day_spans of salon $1 whose days hold [$2, $3), and
	// liveInWindow the live bookings of salon $1 starting in [$2, $3).
	daysOfWindow = daysIn("$2", "$3")
	liveInWindow = liveIn("$2", "$3")
)

// rowToken is the SQL of a booking's token, from its row in bookings.
var rowToken = heldTokenOf("")

// Window's subqueries (calendarOf): what is taken in [$2, $3), all of it, or around the days of
// [$4, $5) that a read passes over (WindowPassing). The lists are joined into one, read from
// day_spans on SQLite or gathered from the bookings on PostgreSQL; the closed slots' starts are
// joined by ",". Each range is a range of its index.
var (
	takenSQLite             = `(SELECT string_agg(spans, ';') FROM day_spans WHERE ` + daysOfWindow + `)`
	takenFromBookings       = `(SELECT string_agg(` + rowToken + `, ';') FROM bookings WHERE ` + liveInWindow + `)`
	takenSQLiteAround       = aroundPassed(`spans FROM day_spans WHERE `, daysIn, "spans", ";")
	takenFromBookingsAround = aroundPassed(rowToken+` AS t FROM bookings WHERE `, liveIn, "t", ";")
	closedInWindow          = `(SELECT string_agg(CAST(starts_at AS TEXT), ',') FROM closed_slots WHERE ` + closedIn("$2", "$3") + `)`
	closedAround            = aroundPassed(`CAST(starts_at AS TEXT) AS c FROM closed_slots WHERE `, closedIn, "c", ",")
)

// aroundPassed is the subquery joining, by sep, column of the rows `SELECT `+from picks by where
// in [$2, $4) and in [$5, $3): a window's rows but those of the days it passes over.
func aroundPassed(from string, where func(from, to string) string, column, sep string) string {
	return `(SELECT string_agg(` + column + `, '` + sep + `') FROM (SELECT ` + from + where("$2", "$4") + `
		UNION ALL SELECT ` + from + where("$5", "$3") + `) AS around)`
}

// daysIn picks the rows of day_spans of salon $1 whose days hold [from, to), liveIn the live
// bookings of salon $1 starting in [from, to), and closedIn its closed slots starting there; from
// and to are SQL of Unix seconds.
func daysIn(from, to string) string {
	return `salon = $1 AND day >= ` + from + ` / 86400 AND day <= (` + to + ` - 1) / 86400`
}

func liveIn(from, to string) string {
	return `salon = $1 AND status = 'booked' AND starts_at >= ` + from + ` AND starts_at < ` + to
}

func closedIn(from, to string) string {
	return `salon = $1 AND starts_at >= ` + from + ` AND starts_at < ` + to
}

// qCalendarNarrow is Window's statement for a window of at most narrowWindow, on both databases:
// round one's few slots, never a page, so it reads no tag.
var qCalendarNarrow = calendarOf(`0`, takenFromBookings, closedInWindow)

// narrowWindow is the longest window Window reads from the bookings themselves on SQLite too. A
// simple salon has one live booking a start and a slot every five minutes at most, so an hour holds
// at most twelve: fewer rows than a day's list holds tokens, at a busy salon. Round one's window
// is its few slots.
const narrowWindow = time.Hour

// throughDays is where a read of day lists up to end knows what is taken: the end of end's last
// UTC day.
func throughDays(end int64) int64 { return floorDiv(end-1, daySeconds)*daySeconds + daySeconds }

// throughEnd is where a read of the bookings themselves up to end knows what is taken: end.
func throughEnd(end int64) int64 { return end }

// calendarOf is Window's statement with tag as the SQL of the salon's calendar tag
// (calendartag.go), taken and closed as the subqueries of what is taken, and more as columns after
// them.
func calendarOf(tag, taken, closed string, more ...string) string {
	columns := append([]string{taken, closed}, more...)
	return `SELECT version, ` + tag + `, name, time_zone, phone, prices, hours, slot_minutes, horizon_days, terms, ` +
		strings.Join(columns, ", ") + ` FROM salons s WHERE id = $1`
}

// daySpansVersion is the schema version that brings day_spans, after migrations/00013.
const daySpansVersion = 14

// daySpansSQLite is that migration on SQLite: the table, the triggers that keep it, and every live
// booking already written. A token is removed by replacing ";token;" with ";", and is unique in its
// day: a stylist has one live booking at a start (bookings_one_live_per_slot).
var daySpansSQLite = append([]string{
	`CREATE TABLE day_spans (
		salon BYTEA  NOT NULL,
		day   BIGINT NOT NULL,
		spans TEXT   NOT NULL,
		PRIMARY KEY (salon, day)
	)`,
	`INSERT INTO day_spans (salon, day, spans)
		SELECT salon, starts_at / 86400, ';' || group_concat(` + tokenOf("") + `, ';') || ';'
		FROM bookings WHERE status = 'booked' GROUP BY salon, starts_at / 86400`,
}, createDaySpansTriggers(addSpan, removeSpan, spanColumns)...)

// daySpansSQLiteDown undoes daySpansSQLite.
var daySpansSQLiteDown = append(slices.Clone(dropDaySpansTriggers), `DROP TABLE day_spans`)

// tokenOf is rowToken of the row a trigger names, "NEW." or "OLD.".
func tokenOf(row string) string {
	return row + `stylist || ':' || ` + row + `starts_at || ':' || ` + row + `minutes || ':' || ` + row + `after_minutes`
}

// addSpan adds NEW's token to its day's list, when NEW is live.
var addSpan = `INSERT INTO day_spans (salon, day, spans)
		SELECT NEW.salon, NEW.starts_at / 86400, ';' || ` + tokenOf("NEW.") + ` || ';'
		WHERE NEW.status = 'booked'
		ON CONFLICT (salon, day) DO UPDATE SET spans = spans || substr(excluded.spans, 2)`

// removeSpan removes OLD's token from its day's list.
var removeSpan = `UPDATE day_spans SET spans = replace(spans, ';' || ` + tokenOf("OLD.") + ` || ';', ';')
		WHERE salon = OLD.salon AND day = OLD.starts_at / 86400`

// daySpansMigration is migration 14 for d: daySpansSQLite on SQLite, and on PostgreSQL a version
// recorded with nothing to do, so both databases count their schema alike.
func daySpansMigration(d dialect) *goose.Migration {
	if d.goose != goose.DialectSQLite3 {
		return goose.NewGoMigration(daySpansVersion, &goose.GoFunc{Mode: goose.TransactionEnabled}, &goose.GoFunc{Mode: goose.TransactionEnabled})
	}
	return goose.NewGoMigration(daySpansVersion, runAll(daySpansSQLite), runAll(daySpansSQLiteDown))
}

// daySpan is one token of a list, read.
type daySpan struct {
	stylist                   string
	start, minutes, afterMins int64
	resources                 string // as the bookings' column holds them: "basin+chair", or ""
}

// errList is a list with a token that doesn't read: only SQL written around the store makes one.
var errList = errors.New("a day's list of live bookings has a token that doesn't read")

// eachToken hands yield each token of list whose start is in [from, to), in the list's order. A
// token out of the window is skipped once its start is read; the rest of it is not.
func eachToken(list string, from, to int64, yield func(daySpan)) error {
	for i := 0; i < len(list); {
		if list[i] == ';' {
			i++
			continue
		}
		colon := strings.IndexByte(list[i:], ':')
		if colon < 0 || strings.IndexByte(list[i:i+colon], ';') >= 0 {
			return errList
		}
		sp := daySpan{stylist: list[i : i+colon]}
		i += colon + 1
		var ok bool
		if sp.start, i, ok = number(list, i, ':'); !ok {
			return errList
		}
		if sp.start < from || sp.start >= to {
			end := strings.IndexByte(list[i:], ';')
			if end < 0 {
				end = len(list) - i
			}
			i += end
			continue
		}
		if sp.minutes, i, ok = number(list, i, ':'); !ok {
			return errList
		}
		at := i
		if sp.afterMins, i, ok = number(list, i, ';'); !ok {
			if i >= len(list) || list[i] != ':' {
				return errList
			}
			if sp.afterMins, i, ok = number(list, at, ':'); !ok {
				return errList
			}
			end := strings.IndexByte(list[i:], ';')
			if end < 0 {
				end = len(list) - i
			}
			if end == 0 || strings.IndexByte(list[i:i+end], ':') >= 0 {
				return errList
			}
			sp.resources, i = list[i:i+end], i+end
		}
		yield(sp)
	}
	return nil
}

// number reads the decimal digits of list from i up to end (or the list's end, when end separates
// entries: ';' or ','), and gives the number and where the next field starts.
func number(list string, i int, end byte) (n int64, next int, ok bool) {
	start := i
	for ; i < len(list) && list[i] >= '0' && list[i] <= '9'; i++ {
		if i-start == 18 {
			return 0, i, false
		}
		n = n*10 + int64(list[i]-'0')
	}
	switch {
	case i == start:
		return 0, i, false
	case i == len(list):
		return n, i, end == ';' || end == ','
	case list[i] != end:
		return 0, i, false
	}
	return n, i + 1, true
}

// byStart orders a day's spans by start, then stylist, as EachSpan yields them.
func byStart(a, b daySpan) int {
	if c := cmp.Compare(a.start, b.start); c != 0 {
		return c
	}
	return strings.Compare(a.stylist, b.stylist)
}
