// Package testredis runs a real redis-server on a free loopback port for the tests that need one.
package testredis

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Server is a redis-server the test started. It keeps its port across Stop and Start.
type Server struct {
	tb   testing.TB
	port int
	cmd  *exec.Cmd
	dir  string  // its working directory: nothing outside it is read or written
	keep bool    // it keeps an append-only file there, synced on every write
	of   *Server // the primary it replicates, for a replica; nil for none
}

// Start runs redis-server on a free loopback port with no persistence (a restart empties it), and
// stops it when the test ends.
// Under go test -short it skips the test; otherwise it fails the test when redis-server isn't
// installed: `make test` installs it.
func Start(tb testing.TB) *Server {
	tb.Helper()
	return start(tb, false, nil...)
}

// StartPersistent is Start with the persistence an operator who can't lose a spend chooses: an
// append-only file synced on every write (appendfsync always), so the server keeps every
// acknowledged write across Stop and Start, even though Stop kills it.
func StartPersistent(tb testing.TB) *Server {
	tb.Helper()
	return start(tb, true, nil...)
}

// StartReplica is Start for a replica of primary: it copies everything primary holds and then
// every write, asynchronously, as Redis replicas do. Start waits until it has the primary's data.
func StartReplica(tb testing.TB, primary *Server) *Server {
	tb.Helper()
	return start(tb, false, primary)
}

func start(tb testing.TB, keep bool, of ...*Server) *Server {
	tb.Helper()
	if testing.Short() {
		tb.Skip("needs a real redis-server: skipped under -short")
	}
	if _, err := exec.LookPath("redis-server"); err != nil {
		tb.Fatal("redis-server isn't installed: run `make test`, which installs it, or apt-get install redis-server")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	// Its own directory, so that no file another server left (a replica writes the data it
	// syncs to dump.rdb) is loaded at its start.
	s := &Server{tb: tb, port: ln.Addr().(*net.TCPAddr).Port, dir: tb.TempDir(), keep: keep}
	if len(of) > 0 {
		s.of = of[0]
	}
	ln.Close()
	s.Start()
	tb.Cleanup(s.Stop)
	return s
}

// URL is the server's redis:// address.
func (s *Server) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", s.port) }

// Addr is the server's host:port.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// Start (re)starts the server on its port and waits until it accepts connections (a persistent
// server has read its append-only file by then).
func (s *Server) Start() {
	s.tb.Helper()
	persistence := []string{"--appendonly", "no"}
	if s.keep {
		persistence = []string{"--appendonly", "yes", "--appendfsync", "always"}
	}
	if !s.keep { // a restart starts empty, whatever a replica's sync left
		_ = os.Remove(filepath.Join(s.dir, "dump.rdb"))
	}
	s.cmd = exec.Command("redis-server", append([]string{
		"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--save", "", "--dir", s.dir, "--protected-mode", "yes", "--loglevel", "warning",
		"--enable-debug-command", "local", // DEBUG SLEEP stalls it, for the tests of a Redis that hangs
		"--repl-diskless-sync-delay", "0", // a replica syncs at once, not after 5 s
	}, persistence...)...)
	if s.of != nil {
		s.cmd.Args = append(s.cmd.Args, "--replicaof", "127.0.0.1", strconv.Itoa(s.of.port))
	}
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if s.ready() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.tb.Fatalf("redis-server didn't accept connections on %s (or, a replica, sync) within 10s", s.Addr())
}

// ready reports whether the server accepts connections and, a replica, whether its primary
// counts it online (so a WAIT can count it).
func (s *Server) ready() bool {
	if _, ok := replication(s.Addr()); !ok {
		return false
	}
	if s.of == nil {
		return true
	}
	info, ok := replication(s.of.Addr())
	return ok && strings.Contains(info, fmt.Sprintf("port=%d,state=online", s.port))
}

// replication is what INFO replication says at addr, and whether addr answered.
func replication(addr string) (string, bool) {
	conn, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
	if err != nil {
		return "", false
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := conn.Write([]byte("INFO replication\r\n")); err != nil {
		return "", false
	}
	info := make([]byte, 4096)
	n, err := conn.Read(info)
	return string(info[:n]), err == nil
}

// Stop kills the server and waits for it to exit, paused or not. Stopping a stopped server does nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Process.Signal(syscall.SIGCONT)
	_ = s.cmd.Wait()
	s.cmd = nil
}

// Pause stops the server's process (SIGSTOP) without closing anything: the kernel still accepts
// connections and buffers commands, and nothing is answered, as with a Redis that hangs. Resume
// lets it run on, and it then runs every command it was sent meanwhile.
func (s *Server) Pause() {
	s.tb.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		s.tb.Fatal(err)
	}
	// A signal is delivered when the kernel next schedules the process: on a loaded machine it can
	// answer a few more commands first. Pause returns once the kernel says it is stopped.
	stat := "/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/stat"
	for range 500 {
		raw, err := os.ReadFile(stat)
		if err != nil {
			s.tb.Fatal(err)
		}
		// The state follows the command's name, which is in parentheses: "123 (redis-server) T …".
		if fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:])); len(fields) > 0 && (fields[0] == "T" || fields[0] == "t") {
			return
		}
		time.Sleep(time.Millisecond)
	}
	s.tb.Fatal("testredis: the server didn't stop within half a second of SIGSTOP")
}

// Resume lets a paused server run again (SIGCONT).
func (s *Server) Resume() {
	s.tb.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		s.tb.Fatal(err)
	}
}
