// This file holds the check that `make later` really moves the tests' wall clock, and that nothing else does.

package testkit_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestTheProcessClockIsAsFarAheadAsTheRunSays compares time.Now with the time the kernel writes on
// a file: the two agree, but in `make later`, whose process clock reads TEST_CLOCK_AHEAD_DAYS days
// ahead. So a run that says it moved the clock did, and the others run on the real day.
func TestTheProcessClockIsAsFarAheadAsTheRunSays(t *testing.T) {
	days := 0
	if v := os.Getenv("TEST_CLOCK_AHEAD_DAYS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("TEST_CLOCK_AHEAD_DAYS=%q: want a whole number of days", v)
		}
		days = n
	}
	path := filepath.Join(t.TempDir(), "now")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	ahead := time.Now().Sub(info.ModTime())
	want := time.Duration(days) * 24 * time.Hour
	if d := ahead - want; d < -time.Minute || d > time.Minute {
		t.Errorf("the process clock is %v ahead of the kernel's, want %v (%d days)", ahead.Round(time.Second), want, days)
	}
}
