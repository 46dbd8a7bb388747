// This file tests keeping the data: a backup of a SQLite database taken while it books, and a
// copy of a filled one into PostgreSQL, compared table by table, with its refusals.

package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testpg"
)

func TestABackupTakenWhileBookingHoldsEveryBookingMadeBeforeIt(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "calendar.db")
	s := openURL(t, url)
	if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	// Customers book slot after slot, each answered as made once Spend returns.
	var answered sync.Map // booking id → when it was answered
	var next atomic.Int64
	stop := make(chan struct{})
	var load sync.WaitGroup
	for w := range 4 {
		load.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := next.Add(1)
				id := fmt.Sprintf("b%d-%d", w, n)
				out, err := s.Spend(context.Background(), stateID(t.Name(), id), goodUntil, hold(id, "studio-nine", at(float64(n))), now)
				if err == nil && out.Booking != nil {
					answered.Store(id, time.Now())
				}
			}
		})
	}
	for next.Load() < 100 {
		time.Sleep(time.Millisecond)
	}
	began := time.Now()
	var before []string
	answered.Range(func(k, v any) bool {
		if v.(time.Time).Before(began) {
			before = append(before, k.(string))
		}
		return true
	})
	to := filepath.Join(dir, "backup.db")
	backed, err := store.Backup(t.Context(), url, to)
	close(stop)
	load.Wait()
	if err != nil {
		t.Fatalf("Backup: %v", err)
	}
	if backed.Version != store.LatestVersion() || backed.Salons != 1 || backed.Bookings < int64(len(before)) {
		t.Errorf("got %+v, want this schema, one salon and at least the %d bookings answered before", backed, len(before))
	}
	copied := openURL(t, "sqlite:"+to)
	list, err := copied.Bookings(t.Context(), "studio-nine", now, at(1e6))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, b := range list {
		have[b.ID] = true
	}
	for _, id := range before {
		if !have[id] {
			t.Errorf("%s was answered as booked before the backup began and isn't in it", id)
		}
	}
	if len(before) < 50 {
		t.Errorf("only %d bookings were answered before the backup: no load", len(before))
	}

	if _, err := store.Backup(t.Context(), url, to); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a backup onto a file: got %v, want a refusal", err)
	}
	for _, c := range []struct{ db, want string }{
		{"postgres://localhost/x", "-db must be sqlite:PATH"},
		{"sqlite:" + filepath.Join(dir, "none.db"), "there is no database"},
	} {
		if _, err := store.Backup(t.Context(), c.db, filepath.Join(dir, "other.db")); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("backup of %s: got %v, want %q", c.db, err, c.want)
		}
	}
}

// filled is a SQLite store holding something of every kind: salons, bookings live and cancelled,
// closed slots, spent states, keys, the audit, a webhook with its deliveries, a feed.
func filled(t *testing.T) (string, *store.Store) {
	t.Helper()
	url := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	s := openURL(t, url)
	ctx := t.Context()
	if err := s.PutSalon(ctx, "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	if err := s.PutSalon(ctx, "menu-nine", teamSalon); err != nil {
		t.Fatal(err)
	}
	for i := range 450 {
		book(t, s, fmt.Sprintf("b%03d", i), at(float64(i+1)))
	}
	if _, err := s.Cancel(ctx, "studio-nine", "b007"); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseSlot(ctx, "studio-nine", slotAt(at(1000))); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Spend(ctx, stateID(t.Name(), "declined"), goodUntil, nil, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateKey(ctx, "studio-nine", "k0123456789abcdef", "front desk", []byte("hash-of-a-key-of-32-bytes-------")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutWebhook(ctx, salon.Webhook{Salon: "studio-nine", ID: "crm", URL: "https://crm.example/hook", Events: salon.EventTypes, Secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Cancel(ctx, "studio-nine", "b008"); err != nil { // an event, with a delivery to the webhook
		t.Fatal(err)
	}
	if err := s.SetFeed(ctx, "studio-nine", []byte("feed-hash"), now); err != nil {
		t.Fatal(err)
	}
	return url, s
}

func TestACopyToPostgreSQLHoldsEveryRowAndServesOn(t *testing.T) {
	from, s := filled(t)
	srv := testpg.Shared(t)
	to := srv.URL(t)
	var told []string
	tables, err := store.Copy(t.Context(), from, to, func(table string, rows int64, done bool) {
		if done {
			told = append(told, fmt.Sprintf("%s %d", table, rows))
		}
	})
	if err != nil {
		t.Fatalf("Copy: %v", err)
	}
	rows := map[string]int64{}
	for _, tc := range tables {
		rows[tc.Name] = tc.Rows
		if len(tc.Digest) != 64 {
			t.Errorf("%s: digest %q", tc.Name, tc.Digest)
		}
	}
	for table, want := range map[string]int64{"salons": 2, "bookings": 450, "closed_slots": 1, "owner_keys": 1, "webhooks": 1, "feeds": 1} {
		if rows[table] != want {
			t.Errorf("%s: copied %d rows, want %d (told %v)", table, rows[table], want, told)
		}
	}
	if rows["spent_states"] < 451 || rows["events"] < 2 || rows["audit"] < 5 || rows["deliveries"] < 1 {
		t.Errorf("copied %v, want every spent state, event, audit entry and delivery", rows)
	}
	if len(told) != len(tables) {
		t.Errorf("progress told %d tables, want %d", len(told), len(tables))
	}

	// The copy serves: what was spent stays spent, the bookings hold their slots, and it books on.
	pg := openURL(t, to)
	ctx := t.Context()
	if _, err := pg.Spend(ctx, stateID("TestACopyToPostgreSQLHoldsEveryRowAndServesOn", "b001"), goodUntil, hold("again", "studio-nine", at(900)), now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("a state spent before the copy: got %v, want %v", err, requeststate.ErrAlreadyUsed)
	}
	if out, err := pg.Spend(ctx, stateID(t.Name(), "new"), goodUntil, hold("b002-again", "studio-nine", at(2)), now); err != nil || out.Booking != nil {
		t.Errorf("b002's slot: got %+v %v, want taken", out, err)
	}
	book(t, pg, "after", at(2000))
	theirs, _ := s.Bookings(ctx, "studio-nine", now, at(1e6))
	ours, _ := pg.Bookings(ctx, "studio-nine", now, at(1e6))
	if len(ours) != len(theirs)+1 {
		t.Errorf("PostgreSQL lists %d bookings, want the %d copied and one more", len(ours), len(theirs))
	}

	// A second copy into the same database is refused: it isn't empty.
	if _, err := store.Copy(ctx, from, to, nil); err == nil || !strings.Contains(err.Error(), "isn't empty") {
		t.Errorf("a copy into a filled database: got %v, want a refusal", err)
	}
}

func TestACopyRefusesWhatItCantCopyInto(t *testing.T) {
	from, _ := filled(t)
	srv := testpg.Shared(t)
	ctx := t.Context()
	other := srv.URL(t)
	db, err := sql.Open("pgx", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes (id BIGINT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// A source a migration behind this build.
	old := filepath.Join(t.TempDir(), "old.db")
	if err := store.MigrateSQLiteTo(ctx, old, store.LatestVersion()-1); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{"postgres://x/y", srv.URL(t), "-from must be sqlite:PATH"},
		{"sqlite:" + filepath.Join(t.TempDir(), "none.db"), srv.URL(t), "there is no database"},
		{from, "mysql://x/y", "-to must be postgres://"},
		{from, other, "holds 1 tables of something else"},
		{"sqlite:" + old, srv.URL(t), fmt.Sprintf("stands at migration %d and this bookingd's schema at %d", store.LatestVersion()-1, store.LatestVersion())},
	} {
		if _, err := store.Copy(ctx, c.from, c.to, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("copy %s → %s: got %v, want %q", c.from, c.to, err, c.want)
		}
	}
	if info, err := os.Stat(old); err != nil || info.Size() == 0 {
		t.Errorf("the old source: %v", err)
	}
}

func TestTheTablesAFreshSchemaFillsAreTheSeededOnes(t *testing.T) {
	srv := testpg.Shared(t)
	url := srv.URL(t)
	openURL(t, url) // migrated
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'goose_db_version' ORDER BY tablename`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	var filled []string
	for _, table := range tables {
		var any bool
		if err := db.QueryRow(`SELECT EXISTS (SELECT 1 FROM "` + table + `")`).Scan(&any); err != nil {
			t.Fatal(err)
		}
		if any {
			filled = append(filled, table)
		}
	}
	if strings.Join(filled, ",") != strings.Join(store.Seeded, ",") {
		t.Errorf("a fresh schema fills %v; store.Seeded says %v", filled, store.Seeded)
	}
}
