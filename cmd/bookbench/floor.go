// This file holds the floor: a bare program writing one booking's rows (its spent state, the
// booking, its event) in one durable transaction through the store's own SQLite driver and
// settings, as fast as the disk allows, so round two at SQLite can be read as a share of it.

package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"salon/internal/store"
)

// floor writes bookings into a fresh SQLite database at path for d with customers goroutines
// sharing the one writer connection, as the store's own writer is shared, and returns the
// commits a second.
func floor(ctx context.Context, path string, customers int, d time.Duration) (float64, error) {
	s, err := store.Open(ctx, "sqlite:"+path, time.Now) // the schema, migrated as the service has it
	if err != nil {
		return 0, err
	}
	s.Close()
	db, err := sql.Open("sqlite", path+"?"+store.SQLiteWriter)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `INSERT INTO salons (id, name, time_zone, phone, prices, hours, slot_minutes, horizon_days, terms)
		VALUES ('floor', 'Floor', 'UTC', '+44', '[]', '{}', 5, 90, '{}')`); err != nil {
		return 0, err
	}
	var n atomic.Int64
	var failed atomic.Value
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range customers {
		wg.Go(func() {
			for time.Now().Before(deadline) && ctx.Err() == nil {
				i := n.Add(1)
				if err := writeBooking(ctx, db, i); err != nil {
					failed.Store(err)
					return
				}
			}
		})
	}
	start := time.Now()
	wg.Wait()
	if err, ok := failed.Load().(error); ok {
		return 0, err
	}
	return float64(n.Load()) / time.Since(start).Seconds(), nil
}

// writeBooking writes booking i's three rows in one transaction.
func writeBooking(ctx context.Context, db *sql.DB, i int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id := []byte("b" + strconv.FormatInt(i, 10))
	state := sha256.Sum256(id)
	start := 1_900_000_000 + i*300
	slot := []byte(time.Unix(start, 0).UTC().Format(time.RFC3339))
	now := time.Now().Unix()
	if _, err := tx.ExecContext(ctx, `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, 'booked', $3)`, state[:], now+120, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, contact_key, language)
		VALUES ($1, 'floor', $2, $3, 'Ana Lima', '+44 7700 900123', 'A cut?', $4, 'booked', $5, 'p:447700900123', '')`,
		id, slot, start, now, state[:]); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (id, salon, booking, type, slot, starts_at, service, stylist, status, sequence, moved_from, created_at)
		VALUES ($1, 'floor', $2, 'booking.created', $3, $4, '', '', 'booked', 0, NULL, $5)`, "e"+string(id), id, slot, start, now); err != nil {
		return err
	}
	return tx.Commit()
}

// printFloor runs the floor runs times and prints each and their median.
func printFloor(ctx context.Context, out io.Writer, dir string, customers, runs int, d time.Duration) error {
	var got []float64
	for r := range runs {
		rate, err := floor(ctx, fmt.Sprintf("%s/floor-%d.db", strings.TrimSuffix(dir, "/"), r), customers, d)
		if err != nil {
			return err
		}
		got = append(got, rate)
		fmt.Fprintf(out, "floor run %d: %.0f bookings/s (three rows, one durable transaction each, %d writers on one connection)\n", r+1, rate, customers)
	}
	slices.Sort(got)
	fmt.Fprintf(out, "floor median: %.0f bookings/s\n", got[len(got)/2])
	return nil
}
