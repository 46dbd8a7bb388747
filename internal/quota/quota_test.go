// This file tests the limiter: bursts and refills with the wait they report, one bucket per client, idle clients forgotten and the table bounded.

package quota_test

import (
	"fmt"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"salon/internal/quota"
)

var start = time.Unix(1_800_000_000, 0)

func TestAClientMayBurstFourSecondsWorthThenWaits(t *testing.T) {
	l := quota.New(5, 10)
	if got := l.Burst(); got != 20 {
		t.Fatalf("Burst: got %d, want 20 (four times 5/s)", got)
	}
	for i := range 20 {
		if ok, _ := l.Allow("192.0.2.1", start); !ok {
			t.Fatalf("request %d of the burst: refused, want allowed", i+1)
		}
	}
	ok, wait := l.Allow("192.0.2.1", start)
	if ok || wait != 200*time.Millisecond {
		t.Fatalf("the 21st at once: got %v, wait %v; want refused, wait 200ms", ok, wait)
	}
	if ok, wait := l.Allow("192.0.2.1", start.Add(100*time.Millisecond)); ok || wait != 100*time.Millisecond {
		t.Fatalf("100ms on: got %v, wait %v; want refused, wait 100ms", ok, wait)
	}
	if ok, _ := l.Allow("192.0.2.1", start.Add(200*time.Millisecond)); !ok {
		t.Fatal("200ms on: refused, want the one request refilled allowed")
	}
}

func TestASlowRateWaitsWholeSecondsForOneRequest(t *testing.T) {
	l := quota.New(0.1, 10) // one request every ten seconds, a burst of one
	if ok, _ := l.Allow("192.0.2.1", start); !ok {
		t.Fatal("the first: refused, want allowed")
	}
	if ok, wait := l.Allow("192.0.2.1", start.Add(time.Second)); ok || wait != 9*time.Second {
		t.Fatalf("a second on: got %v, wait %v; want refused, wait 9s", ok, wait)
	}
}

func TestEachClientHasItsOwnBucket(t *testing.T) {
	l := quota.New(1, 10)
	for range 4 {
		l.Allow("192.0.2.1", start)
	}
	if ok, _ := l.Allow("192.0.2.1", start); ok {
		t.Fatal("192.0.2.1's fifth: allowed, want refused")
	}
	if ok, _ := l.Allow("192.0.2.2", start); !ok {
		t.Fatal("192.0.2.2's first: refused because of another client, want allowed")
	}
}

func TestAClientIdleUntilItsBucketRefillsIsForgotten(t *testing.T) {
	l := quota.New(1, 10) // burst 4: full again 4s after the last request
	l.Allow("192.0.2.1", start)
	l.Allow("192.0.2.2", start.Add(2*time.Second))
	if got := l.Len(); got != 2 {
		t.Fatalf("got %d clients, want 2", got)
	}
	l.Allow("192.0.2.3", start.Add(4*time.Second))
	if got := l.Len(); got != 2 {
		t.Fatalf("4s after 192.0.2.1's last request: got %d clients, want 2 (it is forgotten)", got)
	}
	l.Allow("192.0.2.3", start.Add(10*time.Second))
	if got := l.Len(); got != 1 {
		t.Fatalf("10s on: got %d clients, want 1", got)
	}
}

func TestAForgottenClientIsAnsweredAsIfRemembered(t *testing.T) {
	l := quota.New(2, 1000)             // burst 8: full again 4s after the last request
	remembered := rate.NewLimiter(2, 8) // one bucket, never forgotten
	at := start
	forgotten := 0
	for i := range 300 {
		at = at.Add(time.Duration(i%11) * 500 * time.Millisecond) // gaps of 0 to 5s
		// Another client asks first, so l forgets 192.0.2.1 whenever it may.
		before := l.Len()
		l.Allow(fmt.Sprintf("198.51.100.%d", i), at)
		if l.Len() <= before {
			forgotten++
		}
		for j := range i % 13 { // runs of 0 to 12 requests at once, past the burst
			want := remembered.AllowN(at, 1)
			if got, _ := l.Allow("192.0.2.1", at); got != want {
				t.Fatalf("step %d, request %d: got %v from the limiter that forgets, want %v as from a bucket never forgotten", i, j, got, want)
			}
		}
	}
	if forgotten == 0 {
		t.Fatal("the limiter forgot nobody, so the test showed nothing")
	}
}

func TestTheTableStaysBoundedUnderAFloodOfAddresses(t *testing.T) {
	const most = 64
	l := quota.New(5, most)
	for i := range 10_000 {
		if ok, _ := l.Allow(fmt.Sprintf("2001:db8::%x", i), start); !ok {
			t.Fatalf("address %d: refused, want its first request allowed", i)
		}
		if got := l.Len(); got > most {
			t.Fatalf("after %d addresses: got %d clients, want at most %d", i+1, got, most)
		}
	}
	if got := l.Len(); got != most {
		t.Fatalf("got %d clients, want the table full at %d", got, most)
	}
	// The most recent stay: the last address is still held, with one request taken.
	for range 19 {
		l.Allow("2001:db8::270f", start)
	}
	if ok, _ := l.Allow("2001:db8::270f", start); ok {
		t.Fatal("the last address's 21st request: allowed, want refused (it was not forgotten)")
	}
}

func TestParseRateReadsRequestsASecond(t *testing.T) {
	for _, c := range []struct {
		in   string
		want rate.Limit
	}{{"0", 0}, {"", 0}, {"0/s", 0}, {"5/s", 5}, {" 5/s ", 5}, {"0.5/s", 0.5}, {"1000000/s", 1_000_000}} {
		if got, err := quota.ParseRate(c.in); err != nil || got != c.want {
			t.Errorf("ParseRate(%q): got %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"5", "5/m", "-1/s", "x/s", "NaN/s", "Inf/s", "1000001/s", "1e300/s", "/s"} {
		if got, err := quota.ParseRate(in); err == nil {
			t.Errorf("ParseRate(%q): got %v, want an error", in, got)
		}
	}
}

func TestABurstOfItsOwnRefillsAtTheRate(t *testing.T) {
	l := quota.NewBurst(rate.Every(6*time.Second), 3, 10) // ten a minute, three at once
	if got := l.Burst(); got != 3 {
		t.Fatalf("Burst: got %d, want 3", got)
	}
	for i := range 3 {
		if ok, _ := l.Allow("192.0.2.1", start); !ok {
			t.Fatalf("take %d: refused, want allowed", i+1)
		}
	}
	if ok, wait := l.Allow("192.0.2.1", start.Add(time.Second)); ok || wait != 5*time.Second {
		t.Fatalf("a fourth take a second on: got %v, %v, want refused for 5s", ok, wait)
	}
	if ok, _ := l.Allow("192.0.2.1", start.Add(6*time.Second)); !ok {
		t.Fatal("6s on: refused, want one refilled")
	}
	// Idle long enough for a full bucket, the client is forgotten.
	if l.Allow("192.0.2.2", start.Add(30*time.Second)); l.Len() != 1 {
		t.Fatalf("30s on: %d clients held, want the idle one forgotten", l.Len())
	}
}
