// This file holds the retry schedule: exponential back-off, its jitter, and when to give up.

package webhook

import "time"

// The schedule's bounds.
const (
	// FirstRetry is the gap before the first retry.
	FirstRetry = 5 * time.Second
	// MaxGap is the longest gap between two attempts.
	MaxGap = time.Hour
	// GiveUpAfter is how long after an event's first attempt it is still retried.
	GiveUpAfter = 24 * time.Hour
)

// Backoff is the gap after attempt n (1 for the first attempt) before the next: FirstRetry, then
// doubling each time, up to MaxGap. An n below 1 is read as 1.
func Backoff(n int) time.Duration {
	if n < 1 {
		n = 1
	}
	gap := FirstRetry
	for i := 1; i < n; i++ {
		gap *= 2
		if gap >= MaxGap {
			return MaxGap
		}
	}
	return gap
}

// Jitter spreads gap by ±10%: u is a number in [0, 1), as from math/rand's Float64, and 0.5
// leaves gap as it is. A u outside [0, 1) is clamped to it.
func Jitter(gap time.Duration, u float64) time.Duration {
	u = min(max(u, 0), 1)
	return gap + time.Duration((u-0.5)*0.2*float64(gap))
}

// Next is when to make the attempt after attempt n of an event first attempted at first, if n
// failed at failed: failed plus Backoff(n) spread by Jitter with u. ok is false when that is more
// than GiveUpAfter after first: the event is then given up.
func Next(first, failed time.Time, n int, u float64) (at time.Time, ok bool) {
	at = failed.Add(Jitter(Backoff(n), u))
	return at, at.Sub(first) <= GiveUpAfter
}
