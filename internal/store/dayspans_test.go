// This file holds the tests of the days' lists of live bookings: whatever writes the bookings, the
// store or SQL of its own, a window reads exactly the live bookings that can touch it.

package store_test

import (
	"database/sql"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// TestTheDaysListsFollowEveryWriteOfTheBookings books, cancels, moves and erases through the store,
// then inserts, cancels, moves, hands to another stylist and deletes bookings straight through SQL.
// After each write the spans and taken starts the store reads for several windows are the live
// bookings read from their table, and on SQLite the lists in day_spans hold exactly those. A
// window longer than an hour on SQLite knows what is taken through the end of its last UTC day.
func TestTheDaysListsFollowEveryWriteOfTheBookings(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withTeam(t)
		db := raw(t, url)
		ctx := t.Context()
		check := func(after string) {
			t.Helper()
			for _, w := range [][2]time.Time{
				{now, now.Add(14 * 24 * time.Hour)},
				{at(26), at(50)},          // from mid-morning of one day to another's
				{at(3.5), at(3.5 + 0.25)}, // a quarter of an hour that spans started before reach
				{now.Add(-30 * 24 * time.Hour), now},
			} {
				spans, err := s.Spans(ctx, "studio-nine", w[0], w[1])
				if err != nil {
					t.Fatalf("after %s: Spans: %v", after, err)
				}
				if got, want := spanWords(spans), liveSpans(t, db, w[0], w[1]); !reflect.DeepEqual(got, want) {
					t.Errorf("after %s, the spans of [%s, %s): got %v, want %v", after, w[0].Format(time.DateTime), w[1].Format(time.DateTime), got, want)
				}
				cal, err := s.Window(ctx, "studio-nine", w[0], w[1])
				if err != nil {
					t.Fatalf("after %s: Calendar: %v", after, err)
				}
				// A window of days' lists knows through the end of its last UTC day.
				through := w[1]
				if b.name == "sqlite" && w[1].Sub(w[0]) > time.Hour {
					through = w[1].Add(-time.Second).Truncate(24 * time.Hour).Add(24 * time.Hour)
				}
				if !cal.Through.Equal(through) {
					t.Errorf("after %s, the calendar of [%s, %s) knows through %s, want %s", after, w[0].Format(time.DateTime), w[1].Format(time.DateTime), cal.Through, through)
				}
				if got, want := bookedStarts(cal), liveStarts(t, db, w[0], through); !reflect.DeepEqual(got, want) {
					t.Errorf("after %s, the taken starts of [%s, %s): got %v, want %v", after, w[0].Format(time.DateTime), through.Format(time.DateTime), got, want)
				}
			}
			// Each day's count is its live bookings, whatever wrote them.
			from, to := now.Add(-30*24*time.Hour), now.Add(14*24*time.Hour)
			fills, err := s.DayFills(ctx, "studio-nine", from, to)
			if err != nil {
				t.Fatalf("after %s: DayFills: %v", after, err)
			}
			if got, want := dayCounts(fills), liveByDay(t, db, from, to); !reflect.DeepEqual(got, want) {
				t.Errorf("after %s, the days' counts: got %v, want %v", after, got, want)
			}
			if b.name == "sqlite" {
				if got, want := listed(t, db), liveTokens(t, db); !reflect.DeepEqual(got, want) {
					t.Errorf("after %s, day_spans: got %v, want the live bookings %v", after, got, want)
				}
			}
		}

		check("nothing")
		bookTeam(t, s, "colour", "colour", "ana", at(2))
		bookTeam(t, s, "cut", "cut", "ben", at(2))
		bookTeam(t, s, "late", "cut", "ana", at(24+9))
		bookTeam(t, s, "next-week", "cut", "ben", at(7*24+3))
		check("four bookings through the store")
		if _, err := s.Cancel(ctx, "studio-nine", "cut"); err != nil {
			t.Fatal(err)
		}
		check("a cancel")
		if _, _, err := moveTo(t, s, "studio-nine", "late", at(2*24+4), "ben"); err != nil {
			t.Fatal(err)
		}
		check("a move to another day and stylist")
		if _, err := s.EraseBooking(ctx, "studio-nine", "colour"); err != nil {
			t.Fatal(err)
		}
		check("an erasure")

		insert := `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, service, stylist, minutes, after_minutes)
			VALUES ($1, $2, $3, $4, 'Bea', '+1', '', $5, 'booked', $1, 'cut', $6, 45, 0)`
		for i, start := range []time.Time{at(5), at(5.25), at(30), at(-24 * 3)} {
			id := fmt.Sprintf("raw-%d", i)
			if _, err := db.ExecContext(ctx, insert, []byte(id), []byte("studio-nine"), []byte(id), start.Unix(), now.Unix(), "ana"); err != nil {
				t.Fatalf("inserting %s: %v", id, err)
			}
		}
		check("four bookings inserted through SQL, one of them past")
		for _, tc := range []struct{ what, query string }{
			{"a cancel through SQL", `UPDATE bookings SET status = 'cancelled' WHERE id = $1`},
			{"a move through SQL", `UPDATE bookings SET starts_at = starts_at + 86400 * 2 WHERE id = $1`},
			{"a stylist changed through SQL", `UPDATE bookings SET stylist = 'ben' WHERE id = $1`},
			{"a longer span through SQL", `UPDATE bookings SET minutes = 90, after_minutes = 30 WHERE id = $1`},
			{"names changed through SQL", `UPDATE bookings SET name = 'X', contact = 'Y' WHERE id = $1`},
			{"a delete through SQL", `DELETE FROM bookings WHERE id = $1`},
		} {
			for _, id := range []string{"raw-0", "raw-1"} {
				if _, err := db.ExecContext(ctx, tc.query, []byte(id)); err != nil {
					t.Fatalf("%s of %s: %v", tc.what, id, err)
				}
			}
			check(tc.what)
		}
		if _, err := db.ExecContext(ctx, `UPDATE bookings SET status = 'booked' WHERE id = $1`, []byte("cut")); err != nil {
			t.Fatal(err)
		}
		check("a cancelled booking made live again through SQL")
	})
}

// TestTheDaysListsAreBuiltFromTheBookingsThereAndGoAwayDown migrates a SQLite calendar that holds
// bookings down to before the lists and up again: down takes the table and its triggers away and
// keeps every booking; up lists every live booking already there, and then follows new ones.
func TestTheDaysListsAreBuiltFromTheBookingsThereAndGoAwayDown(t *testing.T) {
	b := backend{name: "sqlite", fresh: func(tb testing.TB) string { return "sqlite:" + tb.TempDir() + "/calendar.db" }}
	s, url := b.withTeam(t)
	db := raw(t, url)
	bookTeam(t, s, "colour", "colour", "ana", at(2))
	bookTeam(t, s, "cut", "cut", "ben", at(2))
	bookTeam(t, s, "late", "cut", "ana", at(24+9))
	if _, err := s.Cancel(t.Context(), "studio-nine", "cut"); err != nil {
		t.Fatal(err)
	}
	want := liveTokens(t, db)
	if len(want) != 2 {
		t.Fatalf("the live bookings: got %v, want two", want)
	}

	if err := s.MigrateTo(t.Context(), store.DaySpansVersion-1); err != nil {
		t.Fatalf("down: %v", err)
	}
	if n := count(t, db, `SELECT count(*) FROM sqlite_master WHERE name LIKE 'day_spans%'`); n != 0 {
		t.Errorf("after down: got %d of day_spans's table and triggers, want none", n)
	}
	if n := count(t, db, `SELECT count(*) FROM bookings`); n != 3 {
		t.Errorf("after down: got %d bookings, want all 3", n)
	}
	if _, err := db.ExecContext(t.Context(), `UPDATE bookings SET status = 'booked' WHERE id = $1`, []byte("cut")); err != nil {
		t.Fatal(err)
	}
	want = liveTokens(t, db)

	if err := s.MigrateTo(t.Context(), store.Latest); err != nil {
		t.Fatalf("up: %v", err)
	}
	if got := listed(t, db); !reflect.DeepEqual(got, want) {
		t.Errorf("after up: got %v, want every live booking %v", got, want)
	}
	fills, err := s.DayFills(t.Context(), "studio-nine", now, at(7*24))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dayCounts(fills), liveByDay(t, db, now, at(7*24)); !reflect.DeepEqual(got, want) {
		t.Errorf("after up, the days' counts: got %v, want %v", got, want)
	}
	bookTeam(t, s, "after", "cut", "ben", at(26))
	if got, want := listed(t, db), liveTokens(t, db); !reflect.DeepEqual(got, want) {
		t.Errorf("a booking after up: got %v, want %v", got, want)
	}
}

// TestAListThatDoesntReadIsAnErrorNotAWrongCalendar breaks a day's list with SQL of its own: the
// reads of that day fail, rather than answer a calendar missing a booking.
func TestAListThatDoesntReadIsAnErrorNotAWrongCalendar(t *testing.T) {
	b := backend{name: "sqlite", fresh: func(tb testing.TB) string { return "sqlite:" + tb.TempDir() + "/calendar.db" }}
	s, url := b.withTeam(t)
	bookTeam(t, s, "colour", "colour", "ana", at(2))
	if _, err := raw(t, url).ExecContext(t.Context(), `UPDATE day_spans SET spans = spans || 'ana:noon:45:0;'`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Spans(t.Context(), "studio-nine", now, at(24)); err == nil {
		t.Error("Spans: got no error, want the broken list refused")
	}
	if _, err := s.Window(t.Context(), "studio-nine", now, at(24)); err == nil {
		t.Error("Calendar: got no error, want the broken list refused")
	}
}

// dayCounts is the days of fills that hold a live booking, as "day: n", checking on the way that the
// days come in order; a day with none may be listed or not.
func dayCounts(fills []salon.DayFill) []string {
	out := []string{}
	for i, f := range fills {
		if i > 0 && !fills[i-1].Day.Before(f.Day) {
			return append(out, "out of order at "+f.Day.String())
		}
		if f.Booked != 0 {
			out = append(out, fmt.Sprintf("%s: %d", f.Day.Format(time.DateOnly), f.Booked))
		}
	}
	return out
}

// liveByDay counts studio-nine's live bookings in each UTC day of [from, to), as dayCounts writes them.
func liveByDay(t *testing.T, db *sql.DB, from, to time.Time) []string {
	t.Helper()
	out := []string{}
	n, day := 0, int64(0)
	for _, r := range liveRows(t, db, `WHERE salon = $1 AND status = 'booked' AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at`,
		[]byte("studio-nine"), from.Unix(), to.Unix()) {
		if n > 0 && r.start/86400 != day {
			out = append(out, fmt.Sprintf("%s: %d", time.Unix(day*86400, 0).UTC().Format(time.DateOnly), n))
			n = 0
		}
		n, day = n+1, r.start/86400
	}
	if n > 0 {
		out = append(out, fmt.Sprintf("%s: %d", time.Unix(day*86400, 0).UTC().Format(time.DateOnly), n))
	}
	return out
}

// spanWords is spans as "stylist start minutes+after", in their order.
func spanWords(spans []salon.Span) []string {
	out := []string{}
	for _, sp := range spans {
		out = append(out, fmt.Sprintf("%s %d %d+%d", sp.Stylist, sp.Start.Unix(), sp.Minutes, sp.AfterMinutes))
	}
	return out
}

// liveSpans reads from the bookings table what Spans must return for [from, to): the live bookings
// of studio-nine starting before to and ending after from, by start then stylist.
func liveSpans(t *testing.T, db *sql.DB, from, to time.Time) []string {
	t.Helper()
	out := []string{}
	for _, r := range liveRows(t, db, `WHERE salon = $1 AND status = 'booked' AND starts_at < $2 AND starts_at + (minutes + after_minutes) * 60 > $3 ORDER BY starts_at, stylist`,
		[]byte("studio-nine"), to.Unix(), from.Unix()) {
		out = append(out, fmt.Sprintf("%s %d %d+%d", r.stylist, r.start, r.minutes, r.after))
	}
	return out
}

// liveStarts is the distinct starts of studio-nine's live bookings in [from, to), in order.
func liveStarts(t *testing.T, db *sql.DB, from, to time.Time) []int64 {
	t.Helper()
	out := []int64{}
	for _, r := range liveRows(t, db, `WHERE salon = $1 AND status = 'booked' AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at`,
		[]byte("studio-nine"), from.Unix(), to.Unix()) {
		if len(out) == 0 || out[len(out)-1] != r.start {
			out = append(out, r.start)
		}
	}
	return out
}

// bookedStarts is the starts a calendar has taken by a booking, in order.
func bookedStarts(cal salon.Calendar) []int64 {
	out := []int64{}
	for start, why := range cal.Taken {
		if why == salon.TakenBooked {
			out = append(out, start)
		}
	}
	slices.Sort(out)
	return out
}

// liveTokens is every live booking of every salon as "salon day stylist:start:minutes:after",
// sorted: what day_spans must hold.
func liveTokens(t *testing.T, db *sql.DB) []string {
	t.Helper()
	out := []string{}
	for _, r := range liveRows(t, db, `WHERE status = 'booked'`) {
		out = append(out, fmt.Sprintf("%s %d %s:%d:%d:%d", r.salon, r.start/86400, r.stylist, r.start, r.minutes, r.after))
	}
	slices.Sort(out)
	return out
}

// listed is every token of day_spans as "salon day token", sorted.
func listed(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT salon, day, spans FROM day_spans`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var salonID []byte
		var day int64
		var spans string
		if err := rows.Scan(&salonID, &day, &spans); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(spans, ";") || !strings.HasSuffix(spans, ";") {
			t.Errorf("the list of %s's day %d is %q, want it between semicolons", salonID, day, spans)
		}
		for token := range strings.SplitSeq(spans, ";") {
			if token != "" {
				out = append(out, string(salonID)+" "+strconv.FormatInt(day, 10)+" "+token)
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// liveRow is a booking's salon, stylist and span, read from its table.
type liveRow struct {
	salon, stylist        string
	start, minutes, after int64
}

// liveRows reads the bookings the clause where picks.
func liveRows(t *testing.T, db *sql.DB, where string, args ...any) []liveRow {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT salon, stylist, starts_at, minutes, after_minutes FROM bookings `+where, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []liveRow
	for rows.Next() {
		var r liveRow
		var salonID []byte
		if err := rows.Scan(&salonID, &r.stylist, &r.start, &r.minutes, &r.after); err != nil {
			t.Fatal(err)
		}
		r.salon = string(salonID)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
