// This file tests the menu salons and the filled salons: the fill's plan, the salons kept over the runs, the open times read beside the baseline's, and the flags that ask for them.

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

func TestSpreadPicksEvenlyAndKeepsTheRest(t *testing.T) {
	for _, c := range []struct{ total, n int }{{10, 0}, {10, 3}, {10, 10}, {25920, 20000}, {7, 1}} {
		picked, rest := spread(c.total, c.n)
		if len(picked) != c.n || len(picked)+len(rest) != c.total {
			t.Errorf("spread(%d, %d): got %d picked and %d kept, want %d and %d", c.total, c.n, len(picked), len(rest), c.n, c.total-c.n)
			continue
		}
		// Evenly: no gap between picks is more than one place longer than another.
		for i := 2; i < len(picked); i++ {
			if d := (picked[i] - picked[i-1]) - (picked[1] - picked[0]); d < -1 || d > 1 {
				t.Errorf("spread(%d, %d): gaps %d and %d at pick %d, want them within one place", c.total, c.n, picked[1]-picked[0], picked[i]-picked[i-1], i)
				break
			}
		}
	}
}

func TestAFillPlanBooksOnlyPlacesThatCantOverlap(t *testing.T) {
	now := time.Date(2026, 12, 1, 8, 2, 30, 0, time.UTC)
	ids := benchSlotIDs(now)
	seats, free, err := fillPlan(ids, 20000, false, false)
	if err != nil || len(seats) != 20000 || len(free) != len(ids)-20000 {
		t.Fatalf("simple: got %d seats, %d free, %v; want 20000 and %d", len(seats), len(free), err, len(ids)-20000)
	}
	taken := map[string]bool{}
	for _, s := range seats {
		if taken[s.slot] || s.stylist != "" {
			t.Fatalf("simple: got %+v twice or with a stylist, want each slot once, no stylist", s)
		}
		taken[s.slot] = true
	}
	for _, slot := range free {
		if taken[slot] {
			t.Fatalf("simple: %s is both filled and handed out", slot)
		}
	}
	if _, _, err := fillPlan(ids, len(ids)+1, false, false); err == nil {
		t.Error("simple: got a plan for more bookings than slots, want an error")
	}

	starts := benchMenuStartIDs(now)
	seats, free, err = fillPlan(starts, 20000, true, false)
	if err != nil || len(seats) != 20000 || len(free) != len(starts) {
		t.Fatalf("menu: got %d seats, %d free, %v; want 20000 and every start", len(seats), len(free), err)
	}
	index := map[string]int{}
	for i, id := range starts {
		index[id] = i
	}
	booked := map[fillSeat]bool{}
	for _, s := range seats {
		i, ok := index[s.slot]
		if !ok || i%2 != 0 || booked[s] || !strings.HasPrefix(s.stylist, "stylist-") {
			t.Fatalf("menu: got %+v (start %d), want a stylist at an even start, once", s, i)
		}
		booked[s] = true
	}
	if first, last := seats[0].slot, seats[len(seats)-1].slot; index[last]-index[first] < len(starts)-20 {
		t.Errorf("menu: the fill runs from %s to %s, want it over the whole horizon", first, last)
	}
}

func TestAKeptSalonHandsOutTheSlotsAfterThoseTakenAndPast(t *testing.T) {
	s := &freshSalon{slots: []string{"2026-12-01T10:00:00Z", "2026-12-01T10:05:00Z", "2026-12-01T10:10:00Z", "2026-12-01T10:15:00Z", "2026-12-01T10:20:00Z"}}
	s.take()
	s.take()
	s.take()
	s.dropBefore(time.Date(2026, 12, 1, 10, 5, 0, 0, time.UTC))
	if got := s.take(); got[0] != "2026-12-01T10:15:00Z" {
		t.Errorf("got %q, want the pair from 10:15: three taken, one of them past", got)
	}
	s.dropBefore(time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC))
	if len(s.slots) != 2 {
		t.Errorf("got %d slots, want the last 2 kept, so take still has a pair", len(s.slots))
	}
}

func TestTheBaselinesOpenTimesAreTheAppsWithNothingBooked(t *testing.T) {
	now := time.Date(2026, 12, 1, 8, 2, 30, 0, time.UTC)
	app := inProcessApp(t, "sqlite:"+filepath.Join(t.TempDir(), "bench.db"), "a-token", func() time.Time { return now })
	id := salonID("tag", 1, 7)
	put, err := json.Marshal(benchMenuPut(false))
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPut, "/salons/"+id, bytes.NewReader(put))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer a-token")
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT: got %d %s, want 200", rec.Code, rec.Body)
	}
	var bodies []string
	for _, h := range []http.Handler{app, newBaselineAt(now)} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, availPath(id, false), nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: got %d %s, want 200", availPath(id, false), rec.Code, rec.Body)
		}
		bodies = append(bodies, rec.Body.String())
	}
	if bodies[0] != bodies[1] {
		t.Errorf("GET %s: the baseline answered\n%.300s\nwant the app's\n%.300s", availPath(id, false), bodies[1], bodies[0])
	}
	var a wire.Availability
	if err := json.Unmarshal([]byte(bodies[0]), &a); err != nil || len(a.Slots) != 500 || !a.More ||
		a.Slots[0].Slot != "2026-12-01T08:15:00Z" || len(a.Slots[0].Stylists) != menuTeam {
		t.Errorf("got %v and %d slots from %+v, want 500 and more, from 08:15 with every stylist", err, len(a.Slots), a.Slots[:min(1, len(a.Slots))])
	}
}

func TestAvailModeAsksAVisitAtASalonWithResources(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "bench.db")
	out := bench(t, "-inprocess", "-inprocess-db", db, "-menu", "-resources", "-visit", "inprocess", "-mode", "avail", "-fill", "inprocess=60", "-salons", "1",
		"-c", "2", "-n", "10", "-d", "0", "-warmup", "50ms", "-runs", "1", "-baseline=false")
	rows := parse(t, out)
	if len(rows) != 1 || rows[0].round != "avail" || rows[0].requests != 10 || rows[0].non200 != "-" {
		t.Fatalf("got %+v, want one run of 10 open-time reads, every one 200", rows)
	}
	list := keptSalonBookings(t, db)
	held := 0
	for _, b := range list {
		if len(b.Resources) == 1 && b.Resources[0].Resource == "chair" {
			held++
		}
	}
	if held != len(list) || held == 0 {
		t.Errorf("%d of the %d bookings filled hold a chair, want every cut", held, len(list))
	}
}

func TestAvailModeReadsAFilledMenuSalonBesideTheBaseline(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "bench.db")
	out := bench(t, "-inprocess", "-inprocess-db", db, "-menu", "-mode", "avail", "-fill", "inprocess=60", "-salons", "1",
		"-c", "2", "-n", "10", "-d", "0", "-warmup", "50ms", "-runs", "2")
	rows := parse(t, out)
	if len(rows) != 2*2+2 {
		t.Fatalf("got %d rows, want 6: the baseline's and the app's for 2 runs, then the medians", len(rows))
	}
	for _, r := range rows {
		if r.round != "avail" || (r.run != "median" && r.requests != 10) || r.non200 != "-" {
			t.Errorf("run %s %s: got round %s, %d requests, non-200 %s; want avail, 10 a run, every one open times", r.run, r.target, r.round, r.requests, r.non200)
		}
	}
	if !strings.Contains(out, "filled ") || !strings.Contains(out, "with 60 live bookings") {
		t.Errorf("got\n%s\nwant a line saying the salon was filled with 60 live bookings", out)
	}

	list := keptSalonBookings(t, db)
	stylists := map[string]bool{}
	for _, b := range list {
		if b.Status != salon.Booked || b.Service != menuService {
			t.Errorf("got %+v, want a live cut", b)
		}
		stylists[b.Stylist] = true
	}
	if len(list) != 60 || len(stylists) != menuTeam {
		t.Errorf("got %d bookings with %d stylists, want the fill's 60 with all %d, and none from a warm-up", len(list), len(stylists), menuTeam)
	}
}

func TestAKeptSimpleSalonBooksItsFreeSlotsOverTheRuns(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "bench.db")
	rows := parse(t, bench(t, "-inprocess", "-inprocess-db", db, "-fill", "inprocess=100", "-salons", "1",
		"-c", "4", "-n", "20", "-d", "0", "-warmup", "50ms", "-runs", "2", "-baseline=false"))
	for _, r := range rows {
		if r.run != "median" && (r.requests != 20 || r.non200 != "-") {
			t.Errorf("run %s round %s: got %d requests, non-200 %s; want 20, every round two booked", r.run, r.round, r.requests, r.non200)
		}
	}
	if list := keptSalonBookings(t, db); len(list) != 100+2*20 {
		t.Errorf("got %d bookings, want 140: the fill's 100 and each run's 20", len(list))
	}
}

// keptSalonBookings is every booking ahead, over the bench horizon, of the one salon the calendar
// in db holds: the salon a run kept over its runs.
func keptSalonBookings(t *testing.T, db string) []salon.Booking {
	t.Helper()
	cal, err := store.Open(t.Context(), db, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer cal.Close()
	salons, err := cal.Salons(t.Context())
	if err != nil || len(salons) != 1 {
		t.Fatalf("got %d salons (%v), want the one kept over both runs", len(salons), err)
	}
	now := time.Now()
	list, err := cal.Bookings(t.Context(), salons[0].ID, now, now.AddDate(0, 0, 91))
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestTheMenuAndFillFlagsAreRefusedWhenTheyCantHold(t *testing.T) {
	for _, args := range [][]string{
		{"-mode", "avail"},
		{"-menu", "-mode", "avail", "-url", "a=http://127.0.0.1:1"},
		{"-fill", "nobody=1"},
		{"-url", "a=http://127.0.0.1:1", "-fill", "a=1"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-fill", "a=-1"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-fill", "a=many"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-fill", "a=1,a=2"},
		{"-fill", "inprocess=1"},
		{"-url", "a=http://127.0.0.1:1", "-language", "a=de"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-language", "b=de"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-language", "a=de,a=fr"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-visit", "a"},
		{"-url", "a=http://127.0.0.1:1", "-calendar", "a", "-owner-token", "x", "-menu", "-visit", "b"},
	} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), args, nil, &out, &errOut); err == nil {
			t.Errorf("bookbench %s: got no error, want one", strings.Join(args, " "))
		}
	}
	cfg, err := configure([]string{"-url", "a=http://127.0.0.1:1,b=http://127.0.0.1:1", "-calendar", "a,b", "-owner-token", "x",
		"-menu", "-mode", "avail", "-fill", "a=0, b=20000"}, func(string) string { return "" }, &bytes.Buffer{})
	if err != nil || !cfg.menu || cfg.mode != modeAvail || len(cfg.fills) != 2 || cfg.fills["a"] != 0 || cfg.fills["b"] != 20000 {
		t.Errorf("got %+v, %v; want -menu, -mode avail and a=0, b=20000 filled", cfg, err)
	}
	cfg, err = configure([]string{"-url", "en=http://127.0.0.1:1,de=http://127.0.0.1:1", "-calendar", "en,de", "-owner-token", "x",
		"-menu", "-language", "de=de"}, func(string) string { return "" }, &bytes.Buffer{})
	if err != nil || cfg.targets[0].language != "" || cfg.targets[1].language != "de" {
		t.Errorf("got %+v, %v; want de's salons in German, en's in English", cfg.targets, err)
	}
}
