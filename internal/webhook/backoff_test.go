// This file tests the retry schedule.

package webhook

import (
	"testing"
	"time"
)

func TestBackoffStartsAt5sDoublesAndStopsAtAnHour(t *testing.T) {
	want := []time.Duration{5 * time.Second, 10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second,
		160 * time.Second, 320 * time.Second, 640 * time.Second, 1280 * time.Second, 2560 * time.Second,
		time.Hour, time.Hour, time.Hour}
	for i, w := range want {
		if got := Backoff(i + 1); got != w {
			t.Errorf("Backoff(%d): got %s, want %s", i+1, got, w)
		}
	}
	for _, n := range []int{0, -3} {
		if got := Backoff(n); got != 5*time.Second {
			t.Errorf("Backoff(%d): got %s, want 5s", n, got)
		}
	}
	if got := Backoff(1 << 30); got != time.Hour {
		t.Errorf("Backoff(1<<30): got %s, want 1h", got)
	}
}

func TestJitterSpreadsAGapByTenPercent(t *testing.T) {
	gap := 100 * time.Second
	cases := map[float64]time.Duration{0: 90 * time.Second, 0.5: gap, 0.75: 105 * time.Second, 1: 110 * time.Second,
		-1: 90 * time.Second, 7: 110 * time.Second}
	for u, want := range cases {
		if got := Jitter(gap, u); got != want {
			t.Errorf("Jitter(%s, %v): got %s, want %s", gap, u, got, want)
		}
	}
}

func TestAnEventIsRetriedFor24HoursAndThenGivenUp(t *testing.T) {
	first := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	failed := first
	attempts := 1
	for {
		at, ok := Next(first, failed, attempts, 0.5)
		if at.Sub(failed) != Backoff(attempts) {
			t.Fatalf("attempt %d: the next comes %s later, want %s", attempts, at.Sub(failed), Backoff(attempts))
		}
		if !ok {
			if at.Sub(first) <= GiveUpAfter {
				t.Fatalf("given up at attempt %d though the next would be %s after the first", attempts, at.Sub(first))
			}
			break
		}
		failed, attempts = at, attempts+1
	}
	// 11 attempts by 1h25m15s (gaps of 5 s doubling to 2560 s), then one an hour to 23h25m15s.
	if attempts != 33 {
		t.Errorf("got %d attempts in 24 hours, want 33", attempts)
	}
	if last := failed.Sub(first); last > GiveUpAfter || last < GiveUpAfter-time.Hour {
		t.Errorf("the last attempt came %s after the first, want within the last hour of %s", last, GiveUpAfter)
	}
}
