// This file tests each migration going down and up again over a filled database, on SQLite and
// PostgreSQL: nothing the older schema can hold is lost on the way down, the way back up keeps it,
// and the database serves again.

package store_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"salon/internal/salon"
	"salon/internal/store"
)

// fillEveryKind puts something of every kind into s: a simple and a menu salon, bookings live, cancelled
// and moved, a closed slot, a declined spend, a key, a webhook and its deliveries, a feed.
func fillEveryKind(t *testing.T, s *store.Store) {
	t.Helper()
	ctx := t.Context()
	if err := s.PutSalon(ctx, "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	if err := s.PutSalon(ctx, "menu-nine", teamSalon); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutWebhook(ctx, salon.Webhook{Salon: "studio-nine", ID: "crm", URL: "https://crm.example/hook", Events: salon.EventTypes, Secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0"}); err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		book(t, s, fmt.Sprintf("b%02d", i), at(float64(2*i+1)))
	}
	// A menu salon's cut with Ana: its cells, and its day's list of spans.
	cut := hold("cut", "menu-nine", at(30))
	cut.Service, cut.Minutes, cut.Stylists = "cut", 45, []string{"ana"}
	if out, err := s.Spend(ctx, stateID(t.Name(), "cut"), goodUntil, cut, now); err != nil || out.Booking == nil {
		t.Fatalf("the cut: %+v %v", out, err)
	}
	if _, err := s.Cancel(ctx, "studio-nine", "b03"); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseSlot(ctx, "studio-nine", slotAt(at(100))); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Spend(ctx, stateID(t.Name(), "declined"), goodUntil, nil, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateKey(ctx, "studio-nine", "k0123456789abcdef", "front desk", []byte("hash-of-a-key-of-32-bytes-------")); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFeed(ctx, "studio-nine", []byte("feed-hash"), now); err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// derived are the columns the store computes again from the others at Open (a booking's contact
// key, in its normal form), which a migration may clear: not data a migration must keep.
var derived = map[string]bool{"bookings.contact_key": true}

// restricted is contents with only the tables and columns shape holds, derived ones aside, each
// table's rows written one a line and sorted.
func restricted(contents map[string][]map[string]string, shape map[string][]map[string]string) map[string]string {
	out := map[string]string{}
	for table, rows := range shape {
		var columns []string
		if len(rows) > 0 {
			for c := range rows[0] {
				if !derived[table+"."+c] {
					columns = append(columns, c)
				}
			}
		}
		sort.Strings(columns)
		var lines []string
		for _, row := range contents[table] {
			var line strings.Builder
			for _, c := range columns {
				fmt.Fprintf(&line, "%s=%s|", c, row[c])
			}
			lines = append(lines, line.String())
		}
		slices.Sort(lines)
		out[table] = strings.Join(lines, "\n")
	}
	return out
}

func TestEachMigrationGoesDownAndUpOverAFilledDatabaseLosingNothing(t *testing.T) {
	versions := store.Versions()
	eachStore(t, func(t *testing.T, b backend) {
		for i, v := range versions {
			if i == 0 {
				continue // the first migration's down is the empty database
			}
			t.Run(fmt.Sprint(v), func(t *testing.T) {
				url := b.fresh(t)
				fillEveryKind(t, openURL(t, url))
				s := openURL(t, url)
				ctx := t.Context()
				// Stand at v with what the schema then holds, go down one, and up again.
				if err := s.MigrateTo(ctx, v); err != nil {
					t.Fatalf("to %d: %v", v, err)
				}
				atV, err := s.Contents(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.MigrateTo(ctx, versions[i-1]); err != nil {
					t.Fatalf("down to %d: %v", versions[i-1], err)
				}
				down, err := s.Contents(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.MigrateTo(ctx, v); err != nil {
					t.Fatalf("up to %d again: %v", v, err)
				}
				up, err := s.Contents(ctx)
				if err != nil {
					t.Fatal(err)
				}
				held := restricted(down, down)
				for table, lines := range restricted(atV, down) {
					if lines != held[table] {
						t.Errorf("down from %d: %s lost what the older schema holds: %s", v, table, firstDifference(lines, held[table]))
					}
				}
				for table, lines := range restricted(up, down) {
					if lines != held[table] {
						t.Errorf("up to %d again: %s changed: %s", v, table, firstDifference(held[table], lines))
					}
				}
				for table, rows := range atV {
					if _, old := down[table]; old && len(up[table]) != len(rows) {
						t.Errorf("%s: %d rows at %d, %d after down and up", table, len(rows), v, len(up[table]))
					}
				}
				// And it serves again at this build's schema.
				if err := s.MigrateTo(ctx, store.Latest); err != nil {
					t.Fatalf("up to the latest: %v", err)
				}
				s.Close()
				s = openURL(t, url)
				book(t, s, "after", at(500))
				served, err := s.Contents(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for _, row := range served["bookings"] {
					if row["contact_key"] == "N;" {
						t.Errorf("booking %s has no contact key once served again", row["id"])
					}
				}
			})
		}
	})
}

// firstDifference is the first line where was and now part, each line's columns compared.
func firstDifference(was, now string) string {
	a, b := strings.Split(was, "\n"), strings.Split(now, "\n")
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			x, y := strings.Split(a[i], "|"), strings.Split(b[i], "|")
			for j := range min(len(x), len(y)) {
				if x[j] != y[j] {
					return fmt.Sprintf("row %d: %q became %q", i, x[j], y[j])
				}
			}
		}
	}
	return fmt.Sprintf("%d rows became %d", len(a), len(b))
}
