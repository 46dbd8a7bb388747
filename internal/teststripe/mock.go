// This file runs stripe-mock, Stripe's own stand-in, which answers every request with a fixture
// and refuses any that Stripe's API description doesn't allow.

package teststripe

import (
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// MockVersion is the stripe-mock make deps builds (go install github.com/stripe/stripe-mock@MockVersion).
const MockVersion = "v0.203.0"

// Mock runs stripe-mock on a free loopback port until the test ends, and returns its base address.
// It runs the binary STRIPE_MOCK_BIN names, else stripe-mock on the path; missing, it fails the
// test, since make test builds it (make deps).
func Mock(tb testing.TB) string {
	tb.Helper()
	bin := os.Getenv("STRIPE_MOCK_BIN")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("stripe-mock"); err != nil {
			tb.Fatalf("stripe-mock isn't installed: make deps builds it (go install github.com/stripe/stripe-mock@%s), or set STRIPE_MOCK_BIN", MockVersion)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-http-addr", addr) // its output, a line a request, goes nowhere
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting stripe-mock: %v", err)
	}
	tb.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond); err == nil {
			c.Close()
			return "http://" + addr
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.Fatalf("stripe-mock didn't listen on %s within 20 s", addr)
	return ""
}
