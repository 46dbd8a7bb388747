// This file tests that -dev is for one's own machine: loopback by default and only loopback, said loudly on stderr.

package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

func TestDevRefusesAnAddressNotOnLoopback(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{":0", "0.0.0.0:0", "[::]:0", "192.0.2.1:0", "salon.example:0", "[fe80::1%lo]:0"} {
		t.Run(addr, func(t *testing.T) {
			var stderr logBuffer
			getenv := func(k string) string {
				if k == "XDG_CACHE_HOME" {
					return t.TempDir()
				}
				return ""
			}
			err := run(context.Background(), []string{"-dev", "-addr", addr}, getenv, nil, io.Discard, &stderr)
			want := `-dev serves on this machine only, and -addr "` + addr + `" is not a loopback address`
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("got %v, want an error saying %q", err, want)
			}
			if strings.Contains(stderr.String(), `"msg":"listening"`) || strings.Contains(stderr.String(), "owner token") {
				t.Errorf("bookingd got on with starting up before refusing:\n%s", stderr.String())
			}
		})
	}
}

func TestDevRefusesAnAddressWithNoPort(t *testing.T) {
	t.Parallel()
	err := run(context.Background(), []string{"-dev", "-addr", "127.0.0.1"}, func(string) string { return "" }, nil, io.Discard, io.Discard)
	if want := `-addr "127.0.0.1" is not host:port`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error saying %q", err, want)
	}
}

func TestDevServesOnLoopbackAddressesGiven(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"127.0.0.1:0", "localhost:0", "127.0.0.2:0"} {
		t.Run(addr, func(t *testing.T) {
			s := start(t, map[string]string{envSigningKey: testKey}, "-dev", "-addr", addr)
			if strings.Contains(s.stderr.String(), "no -addr is given") {
				t.Errorf("stderr says -dev filled in an address although one was given:\n%s", s.stderr)
			}
		})
	}
}

// TestDevWithoutAnAddressServesOn127001Port8080 runs bookingd -dev with no -addr: it says on stderr
// that it serves on 127.0.0.1:8080 and listens there, or, with the port taken by something else on
// this machine, fails to listen there.
func TestDevWithoutAnAddressServesOn127001Port8080(t *testing.T) {
	t.Parallel()
	var stderr logBuffer
	cache := t.TempDir()
	getenv := func(k string) string {
		if k == "XDG_CACHE_HOME" {
			return cache
		}
		return map[string]string{envSigningKey: testKey}[k]
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-dev"}, getenv, nil, io.Discard, &stderr) }()
	var err error
	deadline := time.After(10 * time.Second)
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-deadline:
			cancel()
			t.Fatalf("bookingd -dev neither listened nor stopped within 10s:\n%s", stderr.String())
		case <-time.After(20 * time.Millisecond):
			if strings.Contains(stderr.String(), `"msg":"listening"`) {
				cancel()
				err = <-done
				break wait
			}
		}
	}
	cancel()
	logged := stderr.String()
	if !strings.Contains(logged, `"level":"WARN","msg":"dev mode: no -addr is given, so bookingd serves on 127.0.0.1:8080, this machine only"`) {
		t.Errorf("stderr doesn't say, as a warning, that -dev serves on 127.0.0.1:8080:\n%s", logged)
	}
	listened := strings.Contains(logged, `"msg":"listening","addr":"127.0.0.1:8080"`)
	taken := err != nil && strings.Contains(err.Error(), "127.0.0.1:8080") && strings.Contains(err.Error(), "address already in use")
	if !listened && !taken {
		t.Errorf("got %v, want bookingd listening on 127.0.0.1:8080 (or finding that port taken):\n%s", err, logged)
	}
	for _, said := range []string{"dev mode: no " + envOwnerToken, "dev mode: no -db is given", "dev mode: the demo salon studio-nine is registered"} {
		if !strings.Contains(logged, said) {
			t.Errorf("stderr doesn't say %q:\n%s", said, logged)
		}
	}
}
