// This file holds the booking app served inside the tool, wired as bookingd wires it, so a CPU profile of the tool covers the server too.

package main

import (
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"salon/internal/api"
	"salon/internal/jsonlog"
	"salon/internal/requeststate"
)

// newInProcess is the booking app with a fresh random key, a two-minute state life, the in-memory
// spent set and bookingd's JSON request log (jsonlog), written to nowhere.
func newInProcess() http.Handler {
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	keys, err := requeststate.NewKeys(key)
	if err != nil {
		panic("bookbench: a fresh key of MinKeyBytes is always accepted: " + err.Error())
	}
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return api.New(api.Service{
		Keys:     &keys,
		Life:     2 * time.Minute,
		Now:      time.Now,
		Nonce:    freshNonce,
		Spent:    requeststate.NewMemory(time.Now),
		Log:      slog.New(jsonlog.New(io.Discard, nil)),
		Registry: registry,
	})
}

func freshNonce() requeststate.Nonce {
	var n requeststate.Nonce
	rand.Read(n[:])
	return n
}
