// This file holds the tests of the lists' pages: read in pieces, a list is the whole list, in order, and a page reads only itself.

package store_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// pagesOf reads the bookings of [from, to) a page of limit at a time, and returns them all.
func pagesOf(t *testing.T, s *store.Store, from, to time.Time, limit int) []salon.Booking {
	t.Helper()
	var all []salon.Booking
	var after *salon.BookingKey
	for range 100 {
		page, err := s.BookingPage(t.Context(), "studio-nine", from, to, after, limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) > limit {
			t.Fatalf("got a page of %d, want at most %d", len(page), limit)
		}
		all = append(all, page...)
		if len(page) < limit {
			return all
		}
		key := page[len(page)-1].Key()
		after = &key
	}
	t.Fatal("the pages never ended")
	return nil
}

func TestBookingPage(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		for i := range 5 {
			book(t, s, fmt.Sprint("live-", i), at(float64(2+i)))
		}
		// Three bookings of one start, told apart by when they were booked and then by id.
		for i, id := range []string{"z-first", "a-second", "b-second"} {
			if _, err := s.Cancel(t.Context(), "studio-nine", book(t, s, fmt.Sprint("cancel-", i), at(10)).ID); err != nil {
				t.Fatal(err)
			}
			booked := now.Add(time.Duration(min(i, 1)) * time.Minute)
			out, err := s.Spend(t.Context(), stateID(t.Name(), id), goodUntil, hold(id, "studio-nine", at(10)), booked)
			if err != nil || out.Booking == nil {
				t.Fatalf("booking %s: got %+v, %v", id, out, err)
			}
			if i < 2 {
				if _, err := s.Cancel(t.Context(), "studio-nine", id); err != nil {
					t.Fatal(err)
				}
			}
		}
		whole, err := s.Bookings(t.Context(), "studio-nine", now, at(24))
		if err != nil {
			t.Fatal(err)
		}
		if len(whole) != 11 {
			t.Fatalf("got %d bookings, want 11", len(whole))
		}
		for _, limit := range []int{1, 2, 3, 4, 10, 11, 12, 200} {
			if got := pagesOf(t, s, now, at(24), limit); !reflect.DeepEqual(got, whole) {
				t.Errorf("pages of %d: got %v, want the whole list %v", limit, ids(got), ids(whole))
			}
		}
		// A page of a narrower window keeps to it.
		if got := pagesOf(t, s, at(3), at(5), 1); !reflect.DeepEqual(got, whole[1:3]) {
			t.Errorf("pages of [at(3), at(5)): got %v, want %v", ids(got), ids(whole[1:3]))
		}
		last := whole[len(whole)-1].Key()
		if got, err := s.BookingPage(t.Context(), "studio-nine", now, at(24), &last, 5); err != nil || len(got) != 0 {
			t.Errorf("the page after the last: got %v, %v, want none", ids(got), err)
		}
		if _, err := s.BookingPage(t.Context(), "elsewhere", now, at(24), nil, 5); err == nil || !strings.Contains(err.Error(), "there is no salon elsewhere") {
			t.Errorf("an unknown salon: got %v, want NoSalon", err)
		}
	})
}

func ids(list []salon.Booking) []string {
	out := make([]string, len(list))
	for i, b := range list {
		out[i] = b.ID
	}
	return out
}

func TestSalonPage(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		for _, id := range []string{"b", "a", "é", "c-2", "c", "Z"} {
			if err := s.PutSalon(t.Context(), id, studioNine); err != nil {
				t.Fatal(err)
			}
		}
		whole, err := s.Salons(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{1, 2, 5, 6, 7} {
			var got []salon.Summary
			after := ""
			for {
				page, err := s.SalonPage(t.Context(), after, limit)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, page...)
				if len(page) < limit {
					break
				}
				after = page[len(page)-1].ID
			}
			if !reflect.DeepEqual(got, whole) {
				t.Errorf("pages of %d: got %v, want %v", limit, got, whole)
			}
		}
	})
}

// TestAPageReadsOnlyItself asks SQLite how it reads a page after a cursor: from the index on the
// salon's starts, from the cursor on, never a scan of the salon's bookings.
func TestAPageReadsOnlyItself(t *testing.T) {
	b := backend{name: "sqlite", fresh: func(tb testing.TB) string { return "sqlite:" + tb.TempDir() + "/calendar.db" }}
	s, url := b.withSalon(t)
	book(t, s, "one", at(2))
	text := queryPlan(t, url, store.QueryBookingsAfter, []byte("studio-nine"), 0, 1, 0, 0, []byte("x"), 10)
	if !strings.Contains(text, "USING INDEX") || strings.Contains(text, "SCAN bookings") {
		t.Errorf("got the plan %q, want a search of an index, no scan", text)
	}
}

// TestAWindowsSpansAreReadARowADay asks SQLite how it reads a menu salon's spans: the lists of the
// window's days, found by day_spans's key, in its order, with no scan and no sort.
func TestAWindowsSpansAreReadARowADay(t *testing.T) {
	b := backend{name: "sqlite", fresh: func(tb testing.TB) string { return "sqlite:" + tb.TempDir() + "/calendar.db" }}
	s, url := b.withSalon(t)
	book(t, s, "one", at(2))
	text := queryPlan(t, url, store.QueryDaySpans, []byte("studio-nine"), 0, 86400)
	if !strings.Contains(text, "SEARCH day_spans USING INDEX") || strings.Contains(text, "SCAN") || strings.Contains(text, "TEMP B-TREE") {
		t.Errorf("got the plan %q, want a search of day_spans's key, no scan, no sort", text)
	}
}

// queryPlan is how SQLite at url would run query with args: the details of EXPLAIN QUERY PLAN,
// joined by "; ".
func queryPlan(t *testing.T, url, query string, args ...any) string {
	t.Helper()
	rows, err := raw(t, url).QueryContext(t.Context(), `EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "; ")
}

// TestAWindowPassingOverDaysSearchesEachPart asks SQLite how it reads a window passing over some
// of its days: each list, closed slot and count from a search of an index, never a scan, and the
// counts from their own index alone.
func TestAWindowPassingOverDaysSearchesEachPart(t *testing.T) {
	b := backend{name: "sqlite", fresh: func(tb testing.TB) string { return "sqlite:" + tb.TempDir() + "/calendar.db" }}
	s, url := b.withSalon(t)
	book(t, s, "one", at(2))
	text := queryPlan(t, url, store.QueryCalendarPassing, []byte("studio-nine"), 0, 5*86400, 86400, 3*86400)
	if strings.Contains(text, "SCAN day_spans") || strings.Contains(text, "SCAN closed_slots") ||
		strings.Count(text, "SEARCH day_spans") != 3 || strings.Count(text, "SEARCH closed_slots") != 2 ||
		!strings.Contains(text, "SEARCH day_spans USING COVERING INDEX day_spans_fills") {
		t.Errorf("got the plan %q, want searches of day_spans's key and its counts' index, no scan", text)
	}
}
