// This file wires the salons' calendar: the database, the owner's token, the sweeper, and -dev's demo salon.

package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"salon/internal/api"
	"salon/internal/salon"
	"salon/internal/store"
)

// Environment variables of the calendar.
const (
	envDatabaseURL = "BOOKING_DATABASE_URL"
	envOwnerToken  = "BOOKING_OWNER_TOKEN"
)

// minOwnerTokenChars is the shortest owner's token bookingd accepts.
const minOwnerTokenChars = 32

// sweepEvery is how often expired spent states are deleted from the calendar's database.
const sweepEvery = time.Minute

// demoSalon is the salon -dev registers, so the page books against a real calendar from the first command.
const demoSalon = "studio-nine"

// demoSettings are studio-nine's: London, Tuesday to Saturday 09:00 to 17:30 with a lunch break, 45-minute slots.
func demoSettings() salon.Settings {
	day := []salon.Interval{{Start: 9 * 60, End: 12*60 + 30}, {Start: 13*60 + 30, End: 17*60 + 30}}
	return salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Prices: []salon.Price{{Service: "cut", Price: "$45"}, {Service: "colour", Price: "$80"}},
		Hours: salon.Hours{
			time.Tuesday: day, time.Wednesday: day, time.Thursday: day, time.Friday: day, time.Saturday: day,
		},
		SlotMinutes: 45, HorizonDays: 14,
	}
}

// ownerToken reads the owner's token: empty means the owner's endpoints don't exist, unless -dev
// makes one, printed once on stderr. A token present but short stops start-up.
func (cfg config) ownerToken(log *slog.Logger) (string, error) {
	switch n := utf8.RuneCountInString(cfg.owner); {
	case n >= minOwnerTokenChars:
		return cfg.owner, nil
	case n > 0:
		return "", fmt.Errorf("%s must be at least %d characters, got %d", envOwnerToken, minOwnerTokenChars, n)
	case !cfg.dev:
		return "", nil
	}
	raw := make([]byte, 24)
	rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	log.Warn("dev mode: no " + envOwnerToken + " is set, so this process made one; the owner's page at /owner/ takes it")
	fmt.Fprintf(cfg.stderr, "owner token (this process only): %s\n", token)
	return token, nil
}

// databaseURL is the calendar's database: -db as given, else -dev's SQLite file in the user's cache
// directory; empty is no calendar.
func (cfg config) databaseURL(log *slog.Logger) (string, error) {
	if cfg.db != "" || !cfg.dev {
		return cfg.db, nil
	}
	if cfg.cacheDir == "" {
		return "", errors.New("dev mode: neither $XDG_CACHE_HOME nor $HOME is set, so there is no cache directory for the demo database: give -db sqlite:PATH")
	}
	dir := filepath.Join(cfg.cacheDir, "bookingd")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("dev mode: %w", err)
	}
	path := filepath.Join(dir, "dev.db")
	log.Warn("dev mode: no -db is given, so the calendar is the SQLite file " + path)
	return "sqlite:" + path, nil
}

// userCacheDir is where -dev keeps its demo database, read through getenv as os.UserCacheDir reads
// it on Linux: $XDG_CACHE_HOME, else $HOME/.cache; empty when neither is set.
func userCacheDir(getenv func(string) string) string {
	if dir := getenv("XDG_CACHE_HOME"); filepath.IsAbs(dir) {
		return dir
	}
	if home := getenv("HOME"); home != "" {
		return filepath.Join(home, ".cache")
	}
	return ""
}

// openCalendar opens the calendar's database into svc, and with -dev registers the demo salon
// there if it isn't yet. It returns what closes it.
func openCalendar(ctx context.Context, cfg config, svc *api.Service) (func(), error) {
	url, err := cfg.databaseURL(svc.Log)
	if err != nil || url == "" {
		return func() {}, err
	}
	if cfg.redisURL != "" {
		return nil, errors.New("-db and -redis-url don't go together: with a database, spent states are kept in it")
	}
	db, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	svc.Calendar, svc.Ready, svc.BookingID = db, db.Ping, freshBookingID
	if cfg.dev {
		if err := registerDemo(ctx, db); err != nil {
			db.Close()
			return nil, err
		}
	}
	sweeping, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		sweep(sweeping, db, svc.Log)
	}()
	svc.Log.Info("the calendar is kept in a database", "database", redactedURL(url))
	return func() {
		stop()
		<-done
		db.Close()
	}, nil
}

// registerDemo puts studio-nine into db unless it is there already.
func registerDemo(ctx context.Context, db *store.Store) error {
	_, err := db.Salon(ctx, demoSalon)
	if !errors.Is(err, store.ErrNoSalon) {
		return err
	}
	return db.PutSalon(ctx, demoSalon, demoSettings())
}

// sweep deletes expired spent states every sweepEvery until ctx is done.
func sweep(ctx context.Context, db *store.Store, log *slog.Logger) {
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if _, err := db.Sweep(ctx, now); err != nil && ctx.Err() == nil {
				log.Warn("sweeping spent states failed; the next sweep tries again", "error", err.Error())
			}
		}
	}
}

// freshBookingID is a booking's reference: 16 random bytes, URL-safe.
func freshBookingID() string {
	raw := make([]byte, 16)
	rand.Read(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}
