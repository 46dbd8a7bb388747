// This file runs the real bookingd binary as a child process, for the tests that need whole processes.

package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// binary builds bookingd once for the whole test run, exactly as the image's build stage does
// (buildAsTheImage), so the process tests run the binary that ships; it returns its path. With
// BOOKINGD_BIN set it is that binary, which make test builds once for every suite with the
// Makefile's BUILD_ENV and BUILD_FLAGS: the Dockerfile's build line, as
// TestTheDockerfileBuildsBookingdAsTheMakefileDoes checks.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if built := os.Getenv("BOOKINGD_BIN"); built != "" {
			binPath = built
			if _, buildErr = os.Stat(built); buildErr != nil {
				buildOut = []byte("BOOKINGD_BIN names no file")
			}
			return
		}
		dir, err := os.MkdirTemp("", "bookingd-test-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "bookingd")
		buildOut, buildErr = buildAsTheImage(binPath)
	})
	if buildErr != nil {
		t.Fatalf("building bookingd as the Dockerfile does: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// process is a bookingd child process. Its stderr is read as it comes, so it never blocks on logging.
type process struct {
	cmd  *exec.Cmd
	addr string

	mu     sync.Mutex
	logged []string
	closed chan struct{} // closed when stderr ends
}

// spawn starts bookingd with args and env added to this process's environment, waits for its
// listening line, and kills it when the test ends. Its quota per client address is off unless env
// sets BOOKING_RATE: every request of these tests comes from loopback, one address for all their
// customers, as it does behind a proxy that isn't trusted.
func spawn(t *testing.T, env []string, args ...string) *process {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(append(os.Environ(), envRate+"=0"), env...)
	return startProcess(t, cmd)
}

// startProcess starts cmd, a bookingd however it is run, waits for its listening line, and kills
// it when the test ends.
func startProcess(t *testing.T, cmd *exec.Cmd) *process {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, closed: make(chan struct{})}
	listening := make(chan string, 1)
	go func() {
		defer close(p.closed)
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			p.mu.Lock()
			p.logged = append(p.logged, lines.Text())
			p.mu.Unlock()
			var rec struct{ Msg, Addr string }
			if json.Unmarshal(lines.Bytes(), &rec) == nil && rec.Msg == "listening" {
				listening <- rec.Addr
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.closed
		_ = cmd.Wait()
	})
	select {
	case p.addr = <-listening:
	case <-p.closed:
		t.Fatalf("bookingd stopped before listening: %q", p.lines())
	case <-time.After(15 * time.Second):
		t.Fatal("bookingd printed no listening line within 15s")
	}
	return p
}

// base is the process's http:// base URL.
func (p *process) base() string { return "http://" + p.addr }

// lines is what the process has written to stderr so far.
func (p *process) lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.logged...)
}

// rest waits for the process to close stderr and returns every line it wrote.
func (p *process) rest() []string {
	<-p.closed
	return p.lines()
}
