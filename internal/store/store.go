// Package store is the salon calendar's database: registered salons and their settings, the bookings
// made, the slots an owner closed, and the spent request states, in SQLite for one instance or in
// PostgreSQL for many sharing one database.
//
// One implementation serves both, through database/sql, with a small dialect value for the few
// places they differ. The schema is versioned SQL files embedded in the binary and migrated at Open.
// The database itself refuses a second live booking of one slot and a second booking by one state,
// so no bug above it can book a slot twice.
//
// Every method is safe for concurrent use, by many goroutines and by many instances on one
// PostgreSQL database. The store's refusals are the salon's own, made at this edge: salon.NoSalon,
// salon.NoBooking, salon.SlotBooked and requeststate.ErrAlreadyUsed, each of which changed
// nothing. Any other error means the database failed or couldn't be reached: the call may be
// tried again, and a method whose contract says so changed nothing.
//
// Every change of a booking (made, cancelled, moved) writes its event, and the event's deliveries
// to the salon's webhooks and the customer's mail, in the change's own transaction, so an event
// commits exactly when its change does (a transactional outbox). A dispatcher claims the
// deliveries under a lease (Claim) and records what came of each (Delivered, Retry, GiveUp).
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is the calendar's database. It is safe for concurrent use; Close releases it.
type Store struct {
	// write takes the statements that change something. On SQLite it is one connection, so writers
	// queue here in order rather than in SQLite's busy loop.
	write *sql.DB
	// read takes the reads. On SQLite it is a few read-only connections, which read WAL snapshots
	// beside the writer; on PostgreSQL it is the same pool as write.
	read *sql.DB
	// w and r run statements on write and read, each prepared once.
	w, r prepared
	d    dialect
	// spendAt is qSpendAt in the dialect, and spendAtCapped with qUnderCap.
	spendAt, spendAtCapped string
	// menuSpend is qMenuSpend in the dialect.
	menuSpend string
	// batch queues SQLite's spends to share transactions; nil on PostgreSQL, whose spends go
	// on many connections at once.
	batch *batcher
	// cache keeps each salon's settings decoded, under the version they were read at.
	cache settingsCache
	// telling is what each change of a booking tells beside its webhooks; nil is the zero Telling.
	telling atomic.Pointer[Telling]
	// now is the store's clock, handed to Open: what it dates (the audit's entries, the keys, the
	// webhooks, the events of a change) and what it decides by it (a moved booking's reminder).
	now func() time.Time
}

// Open opens the database at dbURL, migrates its schema to this build's and checks that it
// answers. dbURL is "sqlite:PATH", a file created if missing, or "postgres://…" or
// "postgresql://…" (libpq's URL form, as pgx reads it). A URL it can't read, a database it can't
// reach, or a failed migration is an error whose message says which, and never holds a password.
// ctx bounds the opening.
//
// now is the store's clock: every time the store reads or decides by itself comes from it, and
// none from the wall clock, so a store handed a fixed clock behaves the same on any day. It must
// not be nil.
func Open(ctx context.Context, dbURL string, now func() time.Time) (*Store, error) {
	if now == nil {
		return nil, errors.New("store: Open needs a clock")
	}
	switch {
	case strings.HasPrefix(dbURL, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(dbURL, "sqlite:"), now)
	case strings.HasPrefix(dbURL, "postgres://"), strings.HasPrefix(dbURL, "postgresql://"):
		return openPostgres(ctx, dbURL, now)
	}
	return nil, errors.New("the database URL must be sqlite:PATH, postgres://… or postgresql://…")
}

// SQLite's settings on every connection: a writer waits up to 5 s for another process's lock
// rather than failing "database is locked", foreign keys are enforced, and, on the writer, every
// transaction takes the write lock as it begins, so two never deadlock upgrading a read. The
// journal is WAL, so reads go on beside the writer; each commit reaches the disk before it returns.
// secure_delete has the writer overwrite with zeros what it deletes or rewrites, so an erased
// customer's details leave no bytes behind in the file's free space (see scrub).
// SQLiteWriter is the writer's settings as a DSN's query, for a tool that writes as the store
// does (bookbench's floor).
const SQLiteWriter = sqliteWriter

const (
	sqliteEvery  = "_busy_timeout=5000&_foreign_keys=1"
	sqliteWriter = sqliteEvery + "&_journal_mode=WAL&_synchronous=FULL&_txlock=immediate&_pragma=secure_delete(1)"
	sqliteReader = sqliteEvery + "&_query_only=1"
)

func openSQLite(ctx context.Context, path string, now func() time.Time) (*Store, error) {
	switch {
	case path == "":
		return nil, errors.New("sqlite: the database URL names no file: want sqlite:PATH")
	case path == ":memory:" || strings.HasPrefix(path, "file:") || strings.Contains(path, "?"):
		return nil, fmt.Errorf("sqlite: %q is not a file path: want sqlite:PATH, a path without ?", path)
	}
	write, err := sql.Open("sqlite", path+"?"+sqliteWriter)
	if err != nil {
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	s := &Store{write: write, read: write, d: sqliteDialect, cache: settingsCache{now: now}, now: now}
	// The writer comes first: it creates the file, sets WAL and migrates, which a read-only
	// connection can't.
	if err := s.start(ctx, nil); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", path+"?"+sqliteReader)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	readers := max(4, runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	if err := read.PingContext(ctx); err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	s.read = read
	s.w, s.r = newPrepared(write), newPrepared(read)
	s.batch = &batcher{}
	if err := s.warm(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	if err := s.fillAll(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite %s: filling in the bookings' contact keys: %w", path, err)
	}
	return s, nil
}

// postgresConns bounds each instance's pool, so that a few instances stay well inside
// PostgreSQL's default of 100 connections.
const postgresConns = 20

func openPostgres(ctx context.Context, dbURL string, now func() time.Time) (*Store, error) {
	config, err := pgx.ParseConfig(dbURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: the database URL can't be read: %w", err)
	}
	if config.ConnectTimeout == 0 {
		config.ConnectTimeout = 10 * time.Second
	}
	db := stdlib.OpenDB(*config)
	db.SetMaxOpenConns(postgresConns)
	db.SetMaxIdleConns(postgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	where := redacted(dbURL)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres at %s can't be reached: %w", where, err)
	}
	// Two instances starting together take turns to migrate.
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{write: db, read: db, d: postgresDialect, cache: settingsCache{now: now}, now: now}
	if err := s.start(ctx, goose.WithSessionLocker(locker)); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres at %s: %w", where, err)
	}
	s.w = newPrepared(db)
	s.r = s.w
	if err := s.warm(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres at %s: %w", where, err)
	}
	if err := s.fillAll(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres at %s: filling in the bookings' contact keys: %w", where, err)
	}
	return s, nil
}

// warm prepares the statements of a spend, which run in a transaction (a capped one's count and
// lock among them, a menu salon's booking and cells, and the event every change writes), and those PostgreSQL runs alone. pgx prepares PostgreSQL's booking itself, on each connection the first time it is sent.
func (s *Store) warm(ctx context.Context) error {
	s.spendAt = qSpendAt + s.d.shareSalon + qOnConflict
	s.spendAtCapped = qSpendAt + qUnderCap + s.d.shareSalon + qOnConflict
	s.menuSpend = qMenuSpend + s.d.shareSalon + qOnConflict
	queries := []string{qSpend, s.spendAt, `SELECT 1 FROM salons WHERE id = $1`, qUpcoming, qEvent, qDeliveries, qDropReminders,
		s.menuSpend, qMenuBook, qCellsTaken, qTakeCells, qUntakeCells, qUntakeUnits, qTakeUnits, qUnbook, qMenuBooked, qBookingByID}
	if s.d.lockContact != "" {
		queries = append(queries, s.d.lockContact)
	}
	if s.batch != nil {
		queries = append(queries, qBookFirst, qIsClosed)
	}
	if err := s.w.warm(ctx, queries...); err != nil {
		return fmt.Errorf("preparing statements: %w", err)
	}
	return nil
}

// redacted is the URL without its password, for messages.
func redacted(dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return "the database URL"
	}
	return u.Redacted()
}

// start checks that the writer answers and migrates the schema.
func (s *Store) start(ctx context.Context, option goose.ProviderOption) error {
	if err := s.write.PingContext(ctx); err != nil {
		return fmt.Errorf("can't be opened: %w", err)
	}
	provider, err := s.migrations(option)
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrating the schema: %w", err)
	}
	return nil
}

// migrations is the schema's migrations on s's writer: the embedded SQL files and, for the few
// that differ by database, Go (dayspans.go). A nil option adds none.
func (s *Store) migrations(option goose.ProviderOption) (*goose.Provider, error) {
	return migrationsOn(s.write, s.d, option)
}

// Ping checks that the database answers, for readiness.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.write.PingContext(ctx); err != nil {
		return err
	}
	if s.read != s.write {
		return s.read.PingContext(ctx)
	}
	return nil
}

// Close closes the database. Calls after Close fail with an error that is none of the named ones.
func (s *Store) Close() error {
	s.w.close()
	err := s.write.Close()
	if s.read != s.write {
		s.r.close()
		err = errors.Join(err, s.read.Close())
	}
	return err
}

// text is s as a query argument for a BYTEA column: its bytes exactly, and never NULL, even when
// s is empty (a nil []byte would bind as NULL).
func text(s string) []byte {
	if s == "" {
		return []byte{}
	}
	return []byte(s)
}

// instant is a Unix second as a time in UTC.
func instant(second int64) time.Time { return time.Unix(second, 0).UTC() }
