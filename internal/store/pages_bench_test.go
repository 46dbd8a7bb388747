// This file holds the benchmark of a page of the owner's list, at a salon with few bookings and with many.

package store_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salon/internal/store"
	"salon/internal/testpg"
)

// BenchmarkBookingPage reads the first page of 200 of a salon's bookings over a year's window, at
// a salon holding 200 bookings and at one holding 20,000: the page costs what it holds, so the two
// take about as long.
//
//	go test ./internal/store -run '^$' -bench BookingPage
func BenchmarkBookingPage(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		for _, n := range []int{200, 20_000} {
			b.Run(fmt.Sprintf("%s/%d bookings", backend, n), func(b *testing.B) {
				url := "sqlite:" + filepath.Join(b.TempDir(), "calendar.db")
				if backend == "postgres" {
					url = testpg.Shared(b).URL(b)
				}
				s, err := store.Open(b.Context(), url, time.Now)
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { s.Close() })
				if err := s.PutSalon(b.Context(), "studio-nine", studioNine); err != nil {
					b.Fatal(err)
				}
				fill(b, url, n)
				b.ResetTimer()
				for b.Loop() {
					page, err := s.BookingPage(b.Context(), "studio-nine", now, now.AddDate(1, 0, 0), nil, 201)
					if err != nil || len(page) != min(n, 201) {
						b.Fatalf("got %d bookings, %v, want %d", len(page), err, min(n, 201))
					}
				}
			})
		}
	}
}

// fill writes n live bookings of studio-nine, ten minutes apart from now on, straight through SQL.
func fill(b *testing.B, url string, n int) {
	b.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", path+"?_busy_timeout=5000"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tx, err := db.BeginTx(b.Context(), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	for i := range n {
		start := now.Add(time.Duration(i+1) * 10 * time.Minute)
		if _, err := tx.ExecContext(b.Context(), `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state)
			VALUES ($1, $2, $3, $4, 'Ana Lima', 'ana@example.com', 'A cut', $5, 'booked', $6)`,
			[]byte(fmt.Sprint("b", i)), []byte("studio-nine"), []byte(start.Format(time.RFC3339)), start.Unix(), now.Unix(),
			[]byte(fmt.Sprint("state", i))); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if strings.HasPrefix(url, "postgres") {
		if _, err := db.ExecContext(b.Context(), `ANALYZE bookings`); err != nil {
			b.Fatal(err)
		}
	}
}
