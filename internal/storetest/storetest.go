// Package storetest gives tests a fresh calendar database already migrated, copied from one migrated
// once per process: a test that wants an empty calendar, not the migrations, skips running two dozen
// of them each time. What a copy holds is what store.Open leaves in a new database, byte for byte,
// so opening it is opening a calendar the service made before. The migrations themselves are tested
// on databases made empty (internal/store's migrate and down tests).
package storetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"salon/internal/store"
	"salon/internal/testpg"
)

// SQLite is the sqlite: URL of a fresh, migrated calendar in a directory of tb's own.
func SQLite(tb testing.TB) string {
	tb.Helper()
	url, err := SQLiteAt(filepath.Join(tb.TempDir(), "calendar.db"))
	if err != nil {
		tb.Fatalf("storetest: %v", err)
	}
	return url
}

// SQLiteAt writes a fresh, migrated calendar at path, which must not exist, and returns its sqlite: URL.
func SQLiteAt(path string) (string, error) {
	data, err := sqliteTemplate()
	if err != nil {
		return "", fmt.Errorf("migrating a SQLite calendar: %w", err)
	}
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, err = file.Write(data)
	if err = errors.Join(err, file.Close()); err != nil {
		return "", err
	}
	return "sqlite:" + path, nil
}

// sqliteTemplate is the file a fresh calendar is, migrated once per process in a directory removed after.
var sqliteTemplate = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "storetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "calendar.db")
	if err := migrate("sqlite:" + path); err != nil {
		return nil, err
	}
	// The last connection's close folds the write-ahead log into the file; one left would hold
	// part of the schema the copy lacks.
	if _, err := os.Stat(path + "-wal"); !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("the migrated calendar's write-ahead log is still there after its close (%v)", err)
	}
	return os.ReadFile(path)
})

// Postgres is the URL of a fresh, migrated calendar on srv, a database of its own.
func Postgres(tb testing.TB, srv *testpg.Server) string {
	tb.Helper()
	template, err := pgTemplate(tb, srv)
	if err != nil {
		tb.Fatalf("storetest: migrating a PostgreSQL calendar: %v", err)
	}
	return srv.CopyOf(tb, template)
}

// pgTemplates holds, per server, the address of the database migrated once to copy from.
var pgTemplates sync.Map // *testpg.Server → func() (string, error)

func pgTemplate(tb testing.TB, srv *testpg.Server) (string, error) {
	once, _ := pgTemplates.LoadOrStore(srv, sync.OnceValues(func() (string, error) {
		url := srv.URL(tb)
		return url, migrate(url)
	}))
	return once.(func() (string, error))()
}

// migrate opens the calendar at url, which migrates it, and closes it.
func migrate(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The clock dates nothing here: opening migrates and writes no row of its own.
	s, err := store.Open(ctx, url, func() time.Time { return time.Unix(0, 0) })
	if err != nil {
		return err
	}
	return s.Close()
}
