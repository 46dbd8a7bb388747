// This file tests the retention sweep as the server runs it: at start-up and on every sweep after,
// on a clock the test moves, erasing the details of bookings that ended longer ago than the
// retention and keeping the bookings.

package server_test

import (
	"path/filepath"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/server"
	"salon/internal/store"
	"salon/internal/testkit"
)

// details reads the name, contact and words of the salon's booking id from the database at url.
func details(t *testing.T, url, id string) string {
	t.Helper()
	db, err := store.Open(t.Context(), url, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := db.Booking(t.Context(), server.DemoSalon, id)
	if err != nil {
		t.Fatalf("the booking %s: %v", id, err)
	}
	return b.Name + b.Contact + b.Words
}

// eventually polls cond for up to five seconds.
func eventually(cond func() bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

func TestTheRetentionSweepErasesAtStartUpAndAsTheClockMoves(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	booked := time.Date(2026, time.December, 1, 8, 0, 0, 0, time.UTC)
	db, err := store.Open(t.Context(), url, testkit.NewClock(booked).Now)
	if err != nil {
		t.Fatal(err)
	}
	set := salon.Settings{Name: "Studio Nine", TimeZone: "UTC", Phone: "+44 20 7946 0000",
		Hours: salon.Hours{time.Tuesday: {{Start: 9 * 60, End: 17 * 60}}}, SlotMinutes: 60, HorizonDays: 7}
	if err := db.PutSalon(t.Context(), server.DemoSalon, set); err != nil {
		t.Fatal(err)
	}
	for i, start := range []time.Time{booked.Add(time.Hour), booked.Add(30 * 24 * time.Hour)} {
		id := []string{"early", "late"}[i]
		h := &salon.Hold{ID: id, Salon: server.DemoSalon, Slot: start.Format(time.RFC3339), Start: start,
			Customer: salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, Words: "a cut"}
		if out, err := db.Spend(t.Context(), requeststate.SpendID{byte(i + 1)}, booked.Add(time.Minute), h, booked); err != nil || out.Booking == nil {
			t.Fatalf("booking %s: got %+v, %v", id, out, err)
		}
	}
	db.Close()

	const retention = 400 * 24 * time.Hour
	// The server starts when the early booking (09:00 to 10:00) ended the retention and a second ago.
	clock := testkit.NewClock(booked.Add(2*time.Hour + retention + time.Second))
	build(t, server.Config{Life: time.Minute, Now: clock.Now, DatabaseURL: url, Retention: retention, SweepEvery: 20 * time.Millisecond})
	if !eventually(func() bool { return details(t, url, "early") == "" }) {
		t.Errorf("the early booking after the start-up sweep: got %q, want its details erased", details(t, url, "early"))
	}
	time.Sleep(100 * time.Millisecond) // a few sweeps on the same clock
	if got := details(t, url, "late"); got != "Ana Limaana@example.coma cut" {
		t.Errorf("the late booking, ended less than the retention ago: got %q, want its details kept", got)
	}
	clock.Advance(30 * 24 * time.Hour)
	if !eventually(func() bool { return details(t, url, "late") == "" }) {
		t.Errorf("the late booking once the clock moved past its retention: got %q, want its details erased", details(t, url, "late"))
	}
}
