// This file tests the quota as operators configure it: -rate and BOOKING_RATE, and the client address from X-Forwarded-For only behind -trusted-proxies.

package main

import (
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// bookFrom sends round one to base with X-Forwarded-For forwarded (none when empty), and returns
// the status and Retry-After.
func bookFrom(t *testing.T, base, forwarded string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/salons/studio-nine/book", strings.NewReader(roundOneBody))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := calendarClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Retry-After")
}

// statuses sends n round ones forwarded as forwarded, and returns their statuses.
func statuses(t *testing.T, base, forwarded string, n int) []int {
	t.Helper()
	var out []int
	for range n {
		status, _ := bookFrom(t, base, forwarded)
		out = append(out, status)
	}
	return out
}

// burstThenRefused is what six requests at once from one client get at 0.1/s: one, then 429s.
var burstThenRefused = []int{200, 429, 429, 429, 429, 429}

func TestRateLimitsEachClientAndAnswers429WithRetryAfter(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey, envRate: "0.1/s"}) // a burst of one, then one every 10s
	started := time.Now()
	if got := statuses(t, s.base, "", 6); !slices.Equal(got, burstThenRefused) {
		t.Errorf("six at once: got %v, want %v", got, burstThenRefused)
	}
	// The next token comes 10 s after the first request took the one there was: Retry-After says
	// the whole seconds left, 10 on a quick machine, fewer by what a loaded one took meanwhile.
	status, retry := bookFrom(t, s.base, "")
	soonest := 10 - int(math.Ceil(time.Since(started).Seconds()))
	if n, err := strconv.Atoi(retry); status != http.StatusTooManyRequests || err != nil || n < soonest || n > 10 {
		t.Errorf("got %d with Retry-After %q, want 429 with Retry-After from %d to 10", status, retry, soonest)
	}
	// Without -trusted-proxies a client can't escape its bucket by naming another address.
	if got := statuses(t, s.base, "198.51.100.7", 2); !slices.Equal(got, []int{429, 429}) {
		t.Errorf("the same client naming another address: got %v, want 429s", got)
	}
	s.shutdown(t) // every request's line is written
	for _, line := range s.stderr.lines(t) {
		if line["msg"] == "request" && line["remote"] != "127.0.0.1" {
			t.Errorf("the log's remote: got %v, want the peer 127.0.0.1", line["remote"])
		}
	}
	if !strings.Contains(s.stderr.String(), `"msg":"requests are limited per client address","rate_per_second":0.1,"burst":1`) {
		t.Errorf("stderr doesn't say requests are limited, at what rate and burst:\n%s", s.stderr)
	}
}

func TestBehindATrustedProxyEachForwardedClientHasItsOwnBucket(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey}, "-rate", "0.1/s", "-trusted-proxies", "127.0.0.1, 10.0.0.0/8")
	if got := statuses(t, s.base, "198.51.100.7", 3); !slices.Equal(got, burstThenRefused[:3]) {
		t.Errorf("the first client: got %v, want %v", got, burstThenRefused[:3])
	}
	if got := statuses(t, s.base, "203.0.113.9", 3); !slices.Equal(got, burstThenRefused[:3]) {
		t.Errorf("the second client, behind the same proxy: got %v, want %v", got, burstThenRefused[:3])
	}
	s.shutdown(t) // every request's line is written
	var remotes []string
	for _, line := range s.stderr.lines(t) {
		if line["msg"] == "request" && line["route"] != "/healthz" {
			remotes = append(remotes, line["remote"].(string))
		}
	}
	// A request's line is written after its reply is sent, so the next request's may come first:
	// the lines are compared as a set of remotes, three of each client.
	slices.Sort(remotes)
	want := []string{"198.51.100.7", "198.51.100.7", "198.51.100.7", "203.0.113.9", "203.0.113.9", "203.0.113.9"}
	if !slices.Equal(remotes, want) {
		t.Errorf("the log's remotes: got %q, want %q", remotes, want)
	}
}

func TestNoRateLimitsNothing(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey})
	for i, status := range statuses(t, s.base, "", 40) {
		if status != http.StatusOK {
			t.Fatalf("request %d with no -rate: got %d, want 200", i+1, status)
		}
	}
}
