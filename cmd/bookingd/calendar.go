// This file reads the calendar's configuration: the database, -dev's demo database and the owner's token.

package main

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// Environment variables of the calendar.
const (
	envDatabaseURL = "BOOKING_DATABASE_URL"
	envOwnerToken  = "BOOKING_OWNER_TOKEN"
)

// minOwnerTokenChars is the shortest owner's token bookingd accepts.
const minOwnerTokenChars = 32

// ownerToken reads the owner's token: empty means the owner's endpoints don't exist, unless -dev
// makes one for the owner's page, printed once on stderr. Over stdio there is no page, so -dev makes
// none and says so. A token present but short stops start-up.
func (cfg config) ownerToken(log *slog.Logger, stdio bool) (string, error) {
	switch n := utf8.RuneCountInString(cfg.owner); {
	case n >= minOwnerTokenChars:
		return cfg.owner, nil
	case n > 0:
		return "", fmt.Errorf("%s must be at least %d characters, got %d", envOwnerToken, minOwnerTokenChars, n)
	case !cfg.dev:
		return "", nil
	case stdio:
		log.Info("dev mode: over stdio there is only the book tool and no owner's page, so no owner's token is made; bookingd -dev serves the page over HTTP")
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
