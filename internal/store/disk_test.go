// This file tests that erased means gone from disk: after an erasure and after a retention sweep,
// the database's files (SQLite's main file and WAL; PostgreSQL's tables and indexes) hold no byte
// of the erased name, contact or words, while another customer's details are still found there.

package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testpg"
)

// confidential is a customer whose details are looked for on disk: each string is unlike anything
// else the tests write, so a hit is theirs.
type confidential struct{ name, contact, words string }

func secretive(tag string) confidential {
	return confidential{name: "Quillon " + tag + " Vashtemore", contact: "quillon." + tag + "@vashtemore.example",
		words: "Whisper-" + tag + ": the rhubarb schedule"}
}

func (c confidential) details() []string { return []string{c.name, c.contact, c.words} }

// onDisk is how many times each of needles occurs in the files under root whose paths keep says to,
// read whole.
func onDisk(t *testing.T, root string, keep func(path string) bool, needles []string) map[string]int {
	t.Helper()
	hits := map[string]int{}
	// A live server removes files as it goes (a cache file, another test's dropped table): one
	// gone between the listing and the read holds nothing to find.
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil || d.IsDir() || !keep(path) {
			return err
		}
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		for _, needle := range needles {
			hits[needle] += bytes.Count(data, []byte(needle))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hits
}

// wantGone fails unless the files under root that keep says to read hold none of gone's details
// and each of kept's: the second shows the search finds what is there.
func wantGone(t *testing.T, root string, keep func(path string) bool, gone, kept confidential) {
	t.Helper()
	hits := onDisk(t, root, keep, append(gone.details(), kept.details()...))
	for _, d := range gone.details() {
		if hits[d] != 0 {
			t.Errorf("%q, erased, is still in the database's files %d times", d, hits[d])
		}
	}
	for _, d := range kept.details() {
		if hits[d] == 0 {
			t.Errorf("%q, not erased, is nowhere in the database's files: the search finds nothing", d)
		}
	}
}

// bookAndErase books gone's bookings (one of them moved and moved back, so its row has been
// rewritten) and kept's, then erases gone's: through its contact (the owner's erasure), the
// customer's own erasure of one booking, or the retention sweep of bookings that ended.
func bookAndErase(t *testing.T, s *store.Store, gone, kept confidential, how string) {
	t.Helper()
	ctx := t.Context()
	for i := range 3 {
		h := holdFor(fmt.Sprintf("gone-%d", i), at(float64(2+i)), gone.name, gone.contact)
		h.Words = gone.words
		bookAs(t, s, h)
	}
	k := holdFor("kept", at(9), kept.name, kept.contact)
	k.Words = kept.words
	bookAs(t, s, k)
	for _, h := range []float64{6, 2} {
		if _, _, err := s.Move(ctx, "studio-nine", "gone-0", func(salon.Booking) (salon.Move, error) {
			return salon.Move{Slot: salon.NewSlot(at(h), time.UTC)}, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	switch how {
	case "owner":
		if n, err := s.EraseContact(ctx, "studio-nine", salon.ContactKey(gone.contact, "")); err != nil || n != 3 {
			t.Fatalf("EraseContact: %d, %v", n, err)
		}
	case "retention":
		// Every gone booking ends before at(5); the kept one starts at at(9).
		if n, err := s.EraseEnded(ctx, at(6)); err != nil || n != 3 {
			t.Fatalf("EraseEnded: %d, %v", n, err)
		}
	}
}

func TestErasedDetailsAreGoneFromTheSQLiteFiles(t *testing.T) {
	for _, how := range []string{"owner", "retention"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			url := "sqlite:" + filepath.Join(dir, "calendar.db")
			s := openURL(t, url)
			if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
				t.Fatal(err)
			}
			gone, kept := secretive("g"+how), secretive("k"+how)
			bookAndErase(t, s, gone, kept, how)
			wantGone(t, dir, func(path string) bool { return strings.HasPrefix(filepath.Base(path), "calendar.db") }, gone, kept)
			if info, err := os.Stat(filepath.Join(dir, "calendar.db-wal")); err == nil && info.Size() != 0 {
				t.Errorf("the WAL holds %d bytes after the erasure, want it truncated", info.Size())
			}
		})
	}
}

func TestErasedDetailsAreGoneFromPostgreSQLsTablesOnceTheyAreRewritten(t *testing.T) {
	srv := testpg.Shared(t)
	for _, how := range []string{"owner", "retention"} {
		t.Run(how, func(t *testing.T) {
			url := srv.URL(t)
			s := openURL(t, url)
			if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
				t.Fatal(err)
			}
			db := raw(t, url)
			// The database's own directory under base/, named by its oid: the shared server's
			// other databases are other tests'.
			var oid int64
			if err := db.QueryRowContext(t.Context(), `SELECT oid FROM pg_database WHERE datname = current_database()`).Scan(&oid); err != nil {
				t.Fatal(err)
			}
			own := filepath.Join(srv.DataDir(), "base", strconv.FormatInt(oid, 10))
			look := func(gone, kept confidential) {
				t.Helper()
				// The server writes its pages to disk at a checkpoint: have one now, rather than
				// wait for the next, so the files read are the ones the rewrite left.
				if _, err := db.ExecContext(t.Context(), `CHECKPOINT`); err != nil {
					t.Fatal(err)
				}
				wantGone(t, own, func(string) bool { return true }, gone, kept)
			}
			gone, kept := secretive("pg"+how), secretive("pk"+how)
			bookAndErase(t, s, gone, kept, how)
			if rewrote, err := s.ScrubDue(t.Context(), now, time.Hour); err != nil || !rewrote {
				t.Fatalf("the first rewrite after an erasure: got %v, %v, want it done at once", rewrote, err)
			}
			look(gone, kept)
			// Another erasure, a minute later, waits for the hour to pass; then it is rewritten too.
			s.SetClock(func() time.Time { return now.Add(time.Minute) })
			again := secretive("pa" + how)
			h := holdFor("again", at(10), again.name, again.contact)
			h.Words = again.words
			bookAs(t, s, h)
			if _, err := s.EraseContact(t.Context(), "studio-nine", salon.ContactKey(again.contact, "")); err != nil {
				t.Fatal(err)
			}
			if rewrote, err := s.ScrubDue(t.Context(), now.Add(59*time.Minute), time.Hour); err != nil || rewrote {
				t.Errorf("a rewrite 59 minutes after the last: got %v, %v, want none yet", rewrote, err)
			}
			if rewrote, err := s.ScrubDue(t.Context(), now.Add(time.Hour), time.Hour); err != nil || !rewrote {
				t.Errorf("a rewrite an hour after the last: got %v, %v, want it done", rewrote, err)
			}
			look(again, kept)
			if rewrote, err := s.ScrubDue(t.Context(), now.Add(3*time.Hour), time.Hour); err != nil || rewrote {
				t.Errorf("a rewrite with no erasure since the last: got %v, %v, want none", rewrote, err)
			}
		})
	}
}
