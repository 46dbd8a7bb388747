// This file holds the booking server served inside the tool, built by server.New as bookingd builds it, so a CPU profile of the tool covers exactly what bookingd serves.

package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"log/slog"
	"time"

	"salon/internal/jsonlog"
	"salon/internal/requeststate"
	"salon/internal/server"
)

// newInProcess is the booking server with a fresh random key of its own, a two-minute state life
// and bookingd's JSON log, written to nowhere: in memory when dbURL is empty, else with a
// calendar in the database at dbURL guarded by ownerToken, on the clock now. The caller closes it.
func newInProcess(ctx context.Context, dbURL, ownerToken string, now func() time.Time) (*server.Server, error) {
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	keys, err := requeststate.NewKeys(key)
	if err != nil {
		return nil, err
	}
	return server.New(ctx, server.Config{
		Keys:        &keys,
		KeyIsOwn:    true,
		Life:        2 * time.Minute,
		Now:         now,
		Log:         slog.New(jsonlog.NewHandler(io.Discard, nil)),
		DatabaseURL: dbURL,
		OwnerToken:  ownerToken,
		Unpaced:     true, // a benchmark books thousands a minute at one salon
	})
}

// freshToken is 16 random bytes, URL-safe: an owner's token for the in-process calendar when none is given.
func freshToken() string {
	raw := make([]byte, 16)
	rand.Read(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}
