package storetest_test

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/storetest"
	"salon/internal/testpg"
)

func TestMain(m *testing.M) { os.Exit(testpg.Main(m)) }

var now = time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)

// TestEachCopyIsACalendarAtTheLatestSchemaAndOfItsOwn: a copy stands at this build's last
// migration, store.Open reads it as a calendar, and what one copy holds no other does.
func TestEachCopyIsACalendarAtTheLatestSchemaAndOfItsOwn(t *testing.T) {
	srv := testpg.Shared(t)
	for name, fresh := range map[string]func(testing.TB) string{
		"sqlite":   storetest.SQLite,
		"postgres": func(tb testing.TB) string { return storetest.Postgres(tb, srv) },
	} {
		t.Run(name, func(t *testing.T) {
			first, second := fresh(t), fresh(t)
			if first == second {
				t.Fatalf("two copies at one address, %s", first)
			}
			if got := version(t, first); got != store.LatestVersion() {
				t.Errorf("a copy stands at migration %d, want %d", got, store.LatestVersion())
			}
			s, err := store.Open(t.Context(), first, func() time.Time { return now })
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", SlotMinutes: 30, HorizonDays: 7}
			if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
				t.Fatal(err)
			}
			other, err := store.Open(t.Context(), second, func() time.Time { return now })
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			if _, err := other.Salon(t.Context(), "studio-nine"); err == nil {
				t.Error("the second copy holds the salon put in the first")
			}
		})
	}
}

func TestACopyIsNotWrittenOverAnExistingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calendar.db")
	if err := os.WriteFile(path, []byte("the salon's"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := storetest.SQLiteAt(path); !errors.Is(err, os.ErrExist) {
		t.Errorf("a copy onto an existing file: got %v, want it refused", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "the salon's" {
		t.Errorf("the existing file now holds %q", data)
	}
}

// version is the last migration the database at url records.
func version(t *testing.T, url string) int64 {
	t.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", path
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int64
	if err := db.QueryRowContext(t.Context(), `SELECT max(version_id) FROM goose_db_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
