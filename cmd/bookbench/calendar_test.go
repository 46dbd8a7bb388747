// This file tests the load on a calendar: real bookings at fresh salons each run, reading a salon, and the baseline's salon as long as the app's.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/wire"
)

func TestACalendarRunBooksEveryRoundTwoAtSalonsOfItsOwn(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "bench.db")
	rows := parse(t, bench(t, "-inprocess", "-inprocess-db", db, "-c", "4", "-n", "40", "-d", "0", "-warmup", "0", "-runs", "2", "-baseline=false"))
	if len(rows) != 2*2+2 {
		t.Fatalf("got %d rows, want 6 (2 a run for 2 runs, then 2 medians)", len(rows))
	}
	for _, r := range rows {
		if r.run != "median" && (r.requests != 40 || r.non200 != "-") {
			t.Errorf("run %s round %s: got %d requests, non-200 %s; want 40, every one answered as asked (booked in round two)", r.run, r.round, r.requests, r.non200)
		}
	}

	cal, err := store.Open(t.Context(), db, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer cal.Close()
	salons, err := cal.Salons(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(salons) != 2*4 {
		t.Fatalf("got %d salons, want 8: 4 (one a customer) for each of 2 runs", len(salons))
	}
	now := time.Now()
	booked := 0
	for _, s := range salons {
		list, err := cal.Bookings(t.Context(), s.ID, now, now.AddDate(0, 0, 91))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range list {
			if b.Status != salon.Booked || !strings.HasPrefix(b.Name, "Bench Customer ") {
				t.Errorf("at %s: got %+v, want a live booking for a bench customer", s.ID, b)
			}
		}
		booked += len(list)
	}
	if booked != 2*40 {
		t.Errorf("got %d bookings, want 80: every round two of both runs", booked)
	}
}

func TestReadModeReadsEachCustomersSalonBesideTheBaseline(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "bench.db")
	rows := parse(t, bench(t, "-inprocess", "-inprocess-db", db, "-mode", "read", "-c", "2", "-n", "20", "-d", "0", "-warmup", "100ms"))
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2: the baseline's read and the app's", len(rows))
	}
	for i, want := range []string{baselineName, inprocessName} {
		if r := rows[i]; r.target != want || r.round != "read" || r.requests != 20 || r.non200 != "-" {
			t.Errorf("row %d: got %s round %s, %d requests, non-200 %s; want %s round read, 20 requests, none", i, r.target, r.round, r.requests, r.non200, want)
		}
	}
}

func TestTheBaselinesSalonIsTheAppsWithNothingBooked(t *testing.T) {
	now := time.Date(2026, 12, 1, 8, 2, 30, 0, time.UTC)
	app := inProcessApp(t, "sqlite:"+filepath.Join(t.TempDir(), "bench.db"), "a-token", func() time.Time { return now })
	path := "/salons/" + salonID("tag", 1, 7)
	put, err := json.Marshal(benchPut())
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPut, path, bytes.NewReader(put))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer a-token")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT %s: got %d %s, want 200", path, rec.Code, rec.Body)
	}

	var bodies []string
	for _, h := range []http.Handler{app, newBaselineAt(now)} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: got %d %s, want 200", path, rec.Code, rec.Body)
		}
		bodies = append(bodies, rec.Body.String())
	}
	if bodies[0] != bodies[1] {
		t.Errorf("GET %s: the baseline answered\n%s\nwant the app's\n%s", path, bodies[1], bodies[0])
	}
	var view wire.SalonView
	if err := json.Unmarshal([]byte(bodies[0]), &view); err != nil || len(view.OpenSlots) != 50 || view.OpenSlots[0].Slot != "2026-12-01T08:05:00Z" {
		t.Errorf("got %v and %+v, want 50 open slots from 08:05", err, view.OpenSlots[:min(1, len(view.OpenSlots))])
	}
}

func TestABenchSalonsSlotsAreTheOnesItsHoursGive(t *testing.T) {
	now := time.Date(2026, 12, 1, 23, 41, 0, 0, time.UTC)
	ids := benchSlotIDs(now)
	// From 23:56, fifteen minutes on, the first slot is 00:00 the next day: 23:55 would end after 23:59.
	for i, want := range map[int]string{0: "2026-12-02T00:00:00Z", 1: "2026-12-02T00:05:00Z", 287: "2026-12-03T00:00:00Z"} {
		if ids[i] != want {
			t.Errorf("slot %d: got %s, want %s", i, ids[i], want)
		}
	}
	// Today and the 89 days after it; today's slots are all before the first.
	if want := 89 * 287; len(ids) != want {
		t.Errorf("got %d slots, want %d: 287 a day for the 89 days after today", len(ids), want)
	}
	s := &freshSalon{slots: ids}
	for k := range 3 {
		if got := s.take(); got[0] != ids[k] || got[1] != ids[k+1] {
			t.Errorf("take %d: got %q, want %q", k, got, ids[k:k+2])
		}
	}
}

func TestACalendarTargetNeedsTheOwnersToken(t *testing.T) {
	t.Setenv(envOwnerToken, "")
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-url", "db=http://127.0.0.1:1", "-calendar", "db"}, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "-owner-token") {
		t.Errorf("got %v, want an error naming -owner-token", err)
	}
}
