// This file holds the tests of the PostgreSQL test server: fresh databases, data kept across restarts.

package testpg_test

import (
	"context"
	"database/sql"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"salon/internal/testpg"
)

func TestMain(m *testing.M) { os.Exit(testpg.Main(m)) }

func open(t *testing.T, url string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestTheSharedServerIsOneServer(t *testing.T) {
	first, second := testpg.Shared(t), testpg.Shared(t)
	if first != second || first.Addr() != second.Addr() {
		t.Errorf("got servers at %s and %s, want one", first.Addr(), second.Addr())
	}
	var one int
	if err := open(t, first.URL(t)).QueryRowContext(t.Context(), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("got %d, %v, want 1", one, err)
	}
}

func TestEachURLIsAFreshDatabase(t *testing.T) {
	srv := testpg.Shared(t)
	ctx := context.Background()
	first, second := open(t, srv.URL(t)), open(t, srv.URL(t))
	if _, err := first.ExecContext(ctx, "CREATE TABLE marks (n INTEGER)"); err != nil {
		t.Fatal(err)
	}
	var tables int
	if err := second.QueryRowContext(ctx,
		"SELECT count(*) FROM information_schema.tables WHERE table_name = 'marks'").Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Errorf("got %d tables named marks in the second database, want 0", tables)
	}
}

func TestACopyHoldsWhatItsOriginalHeldAndGoesItsOwnWay(t *testing.T) {
	srv := testpg.Shared(t)
	ctx := context.Background()
	url := srv.URL(t)
	original := open(t, url)
	if _, err := original.ExecContext(ctx, "CREATE TABLE marks (n INTEGER); INSERT INTO marks VALUES (7)"); err != nil {
		t.Fatal(err)
	}
	original.Close() // a database is copied with nothing connected to it
	copied := open(t, srv.CopyOf(t, url))
	var n int
	if err := copied.QueryRowContext(ctx, "SELECT n FROM marks").Scan(&n); err != nil || n != 7 {
		t.Fatalf("the copy's marks: got %d, %v, want 7", n, err)
	}
	if _, err := copied.ExecContext(ctx, "UPDATE marks SET n = 8"); err != nil {
		t.Fatal(err)
	}
	if err := open(t, url).QueryRowContext(ctx, "SELECT n FROM marks").Scan(&n); err != nil || n != 7 {
		t.Errorf("the original's marks after the copy's changed: got %d, %v, want 7", n, err)
	}
}

func TestStopThenStartKeepsTheData(t *testing.T) {
	srv := testpg.Start(t)
	db := open(t, srv.URL(t))
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, "CREATE TABLE marks (n INTEGER); INSERT INTO marks VALUES (7)"); err != nil {
		t.Fatal(err)
	}

	srv.Stop()
	down, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(down); err == nil {
		t.Fatal("got a ping answered with the server stopped, want an error")
	}

	srv.Start()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT n FROM marks").Scan(&n); err != nil {
		t.Fatalf("reading after the restart: %v", err)
	}
	if n != 7 {
		t.Errorf("got %d after the restart, want 7", n)
	}
}
