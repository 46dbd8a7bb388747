// This file holds the booking app served inside the tool, wired as bookingd wires it (with a calendar when asked), so a CPU profile of the tool covers the server too.

package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"salon/internal/api"
	"salon/internal/requeststate"
	"salon/internal/store"
)

// newInProcess is the booking app with a fresh random key, a two-minute state life, the in-memory
// spent set and bookingd's JSON request log (slog's JSON handler), written to nowhere.
func newInProcess() http.Handler { return api.New(inProcessService()) }

// newInProcessCalendar is the booking app of newInProcess with a calendar in the database at
// dbURL and the owner's token, wired as bookingd wires -db (without its sweeper: a run is shorter
// than the minute between sweeps), its clock now. It returns what closes the database.
func newInProcessCalendar(ctx context.Context, dbURL, ownerToken string, now func() time.Time) (http.Handler, func(), error) {
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, nil, err
	}
	svc := inProcessService()
	svc.Now = now
	svc.Calendar, svc.Ready, svc.BookingID, svc.OwnerToken = db, db.Ping, freshToken, ownerToken
	return api.New(svc), func() { db.Close() }, nil
}

// inProcessService is the service newInProcess serves.
func inProcessService() api.Service {
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	keys, err := requeststate.NewKeys(key)
	if err != nil {
		panic("bookbench: a fresh key of MinKeyBytes is always accepted: " + err.Error())
	}
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return api.Service{
		Keys:     &keys,
		Life:     2 * time.Minute,
		Now:      time.Now,
		Nonce:    freshNonce,
		Spent:    requeststate.NewMemory(time.Now),
		Log:      slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Registry: registry,
	}
}

// freshToken is 16 random bytes, URL-safe: a booking's reference as bookingd makes one, or an owner's token for the in-process app.
func freshToken() string {
	raw := make([]byte, 16)
	rand.Read(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func freshNonce() requeststate.Nonce {
	var n requeststate.Nonce
	rand.Read(n[:])
	return n
}
