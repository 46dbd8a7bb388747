// This file holds keeping the data: a consistent copy of a live SQLite database while it serves,
// checked before it is called a backup, and the schema's version a database stands at.

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/pressly/goose/v3"
)

// BackedUp is what a backup holds, as read back from the copy.
type BackedUp struct {
	// Version is the schema's migration the copy stands at.
	Version int64
	// Salons and Bookings count the copy's rows.
	Salons, Bookings int64
	// Bytes is the copy's size.
	Bytes int64
}

// Backup copies the live SQLite database at dbURL (sqlite:PATH) to the new file to, while other
// processes go on reading and writing it: VACUUM INTO reads one snapshot, in a read transaction,
// so the copy holds every transaction committed before it began and none after. The copy is synced
// to disk, opened again and checked (PRAGMA integrity_check) before Backup returns. It refuses a
// URL that isn't SQLite, a database that doesn't exist, and a to that exists: a backup never
// overwrites.
func Backup(ctx context.Context, dbURL, to string) (BackedUp, error) {
	path, ok := strings.CutPrefix(dbURL, "sqlite:")
	if !ok || path == "" || strings.Contains(path, "?") {
		return BackedUp{}, errors.New("backup copies a SQLite database: -db must be sqlite:PATH (back PostgreSQL up with pg_dump)")
	}
	if _, err := os.Stat(path); err != nil {
		return BackedUp{}, fmt.Errorf("there is no database at %s: %w", path, err)
	}
	if to == "" {
		return BackedUp{}, errors.New("-to names no file")
	}
	if _, err := os.Lstat(to); err == nil {
		return BackedUp{}, fmt.Errorf("%s exists: a backup never overwrites a file", to)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return BackedUp{}, err
	}
	db, err := sql.Open("sqlite", path+"?"+sqliteEvery)
	if err != nil {
		return BackedUp{}, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		os.Remove(to)
		return BackedUp{}, fmt.Errorf("copying %s: %w", path, err)
	}
	if err := syncFile(to); err != nil {
		return BackedUp{}, err
	}
	out, err := CheckSQLite(ctx, to)
	if err != nil {
		return BackedUp{}, fmt.Errorf("the copy at %s doesn't check: %w", to, err)
	}
	return out, nil
}

// syncFile makes the file at path durable.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// CheckSQLite opens the SQLite database at path read-only, runs PRAGMA integrity_check, and
// counts what it holds.
func CheckSQLite(ctx context.Context, path string) (BackedUp, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&"+sqliteEvery)
	if err != nil {
		return BackedUp{}, err
	}
	defer db.Close()
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&verdict); err != nil {
		return BackedUp{}, err
	}
	if verdict != "ok" {
		return BackedUp{}, fmt.Errorf("integrity_check: %s", verdict)
	}
	var out BackedUp
	if out.Version, err = schemaVersion(ctx, db, sqliteDialect); err != nil {
		return BackedUp{}, err
	}
	if err := db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM salons), (SELECT COUNT(*) FROM bookings)`).Scan(&out.Salons, &out.Bookings); err != nil {
		return BackedUp{}, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return BackedUp{}, err
	}
	out.Bytes = info.Size()
	return out, nil
}

// schemaVersion is the migration the database db stands at: 0 for one never migrated.
func schemaVersion(ctx context.Context, db *sql.DB, d dialect) (int64, error) {
	provider, err := migrationsOn(db, d, nil)
	if err != nil {
		return 0, err
	}
	v, err := provider.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("reading the schema's version: %w", err)
	}
	return v, nil
}

// LatestVersion is the migration this build's schema stands at.
func LatestVersion() int64 {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		panic("store: " + err.Error())
	}
	defer db.Close()
	provider, err := migrationsOn(db, sqliteDialect, nil)
	if err != nil {
		panic("store: the migrations don't read: " + err.Error())
	}
	sources := provider.ListSources()
	return sources[len(sources)-1].Version
}

// migrationsOn is the schema's migrations on db in dialect d: the embedded SQL files and the Go
// ones that differ by database. A nil option adds none.
func migrationsOn(db *sql.DB, d dialect, option goose.ProviderOption) (*goose.Provider, error) {
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	options := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(daySpansMigration(d), dayFillsMigration(d), calendarTagMigration(d), resourcesMigration(d))}
	if option != nil {
		options = append(options, option)
	}
	provider, err := goose.NewProvider(d.goose, db, dir, options...)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return provider, nil
}
