// This file holds what the store's tests share: both databases, fresh stores, raw SQL, fixtures.

package store_test

import (
	"crypto/sha256"
	"database/sql"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testpg"
)

// backend makes fresh databases of one kind.
type backend struct {
	name string
	// fresh returns the URL of a new calendar of its own, migrated (internal/storetest).
	fresh func(tb testing.TB) string
}

// TestMain runs the tests with one PostgreSQL server for all of them; each takes its own databases.
func TestMain(m *testing.M) { os.Exit(testpg.Main(m)) }

// eachStore runs test as two subtests, against SQLite and against PostgreSQL, where each fresh
// database is a database of its own on the shared server.
func eachStore(t *testing.T, test func(t *testing.T, b backend)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		test(t, backend{name: "sqlite", fresh: storetest.SQLite})
	})
	t.Run("postgres", func(t *testing.T) {
		srv := testpg.Shared(t)
		test(t, backend{name: "postgres", fresh: func(tb testing.TB) string { return storetest.Postgres(tb, srv) }})
	})
}

// open opens a store on a fresh database, closed when the test ends, and returns its URL too.
func (b backend) open(t *testing.T) (*store.Store, string) {
	t.Helper()
	url := b.fresh(t)
	return openURL(t, url), url
}

// openURL opens a store on the database at url, closed when the test ends, on the tests' clock
// stopped at now.
func openURL(t *testing.T, url string) *store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), url, func() time.Time { return now })
	if err != nil {
		t.Fatalf("Open(%q): %v", url, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// raw is a plain connection to the store's database at url, around the store, for the tests that
// look at the tables or write them straight through SQL.
func raw(t *testing.T, url string) *sql.DB {
	t.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", path+"?_foreign_keys=1&_busy_timeout=5000"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// count runs a SELECT count(*) … on db.
func count(t *testing.T, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// now is the tests' clock: a Tuesday morning in December, before every slot they book.
var now = time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)

// goodUntil is when the tests' states stop being good.
var goodUntil = now.Add(2 * time.Minute)

// at is the start of a slot, hours after now.
func at(hours float64) time.Time { return now.Add(time.Duration(hours * float64(time.Hour))) }

// stateID is a spend id made from words, so each test names its own states.
func stateID(words ...any) requeststate.SpendID {
	return sha256.Sum256([]byte(fmt.Sprint(words...)))
}

// studioNine is a salon's settings with every field set.
var studioNine = salon.Settings{
	Name:     "Studio Nine",
	TimeZone: "Europe/London",
	Phone:    "+44 20 7946 0000",
	Prices:   []salon.Price{{Service: "cut", Price: "$45"}, {Service: "colour", Price: "from $80"}},
	Hours: salon.Hours{
		time.Tuesday:  {{Start: 9 * 60, End: 12*60 + 30}, {Start: 13*60 + 30, End: 17*60 + 30}},
		time.Saturday: {{Start: 9 * 60, End: 17*60 + 30}},
	},
	SlotMinutes: 45,
	HorizonDays: 14,
}

// withSalon opens a fresh store with studio-nine registered.
func (b backend) withSalon(t *testing.T) (*store.Store, string) {
	t.Helper()
	s, url := b.open(t)
	if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
		t.Fatalf("PutSalon: %v", err)
	}
	return s, url
}

// wantBookedAndClosed fails unless studio-nine's calendar in s, read at now, holds the settings
// want, the slot at(2) booked and at(3) closed, and nothing else taken.
func wantBookedAndClosed(t *testing.T, s *store.Store, want salon.Settings) {
	t.Helper()
	cal, err := s.Window(t.Context(), "studio-nine", now, (now).AddDate(1, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cal.Settings, want) {
		t.Errorf("settings: got %#v, want %#v", cal.Settings, want)
	}
	taken := map[int64]salon.Taken{at(2).Unix(): salon.TakenBooked, at(3).Unix(): salon.TakenClosed}
	if !reflect.DeepEqual(cal.Taken, taken) {
		t.Errorf("taken: got %v, want %v", cal.Taken, taken)
	}
}

// hold is a booking of the slot starting at start, for Ana.
func hold(id, salonID string, start time.Time) *salon.Hold {
	return &salon.Hold{
		ID: id, Salon: salonID, Slot: start.Format(time.RFC3339), Start: start,
		Customer: salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}, Words: "A cut on Tuesday morning?",
	}
}

// named reports whether err is one of the store's refusals (a salon's refusal, or a used state).
func named(err error) bool {
	return refusal.KindOf(err) != refusal.Internal && err != nil
}

// bytesOf is id as the spent_states table holds it.
func bytesOf(id requeststate.SpendID) []byte { return id[:] }

// slotAt is the slot starting at start, as the desk hands it to CloseSlot: labelled in London.
func slotAt(start time.Time) salon.Slot {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		panic(err)
	}
	return salon.NewSlot(start, london)
}
