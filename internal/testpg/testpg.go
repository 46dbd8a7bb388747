// Package testpg runs a real PostgreSQL server on a free loopback port for the tests that need one.
package testpg

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// Server is a PostgreSQL server the test started, in a temporary directory of its own. It keeps its
// data directory and its port across Stop and Start, so a test can take the database down and bring
// it back.
type Server struct {
	tb    testing.TB
	bin   string // the directory holding initdb and postgres
	dir   string // the temporary directory: the data directory, the socket and the log
	port  int
	owner *syscall.Credential // whom initdb and postgres run as; nil when the test isn't root
	proc  *process
	// shared is set on the server Shared hands out, which no test may stop.
	shared bool
}

// process is one run of postgres. Its goroutine holds the OS thread that started it, because the
// kernel kills postgres when that thread ends (Pdeathsig): a test binary that dies, even of a
// time-out, leaves no server behind.
type process struct {
	cmd    *exec.Cmd
	exited chan error
}

// Start initialises a new cluster in a temporary directory and runs postgres on a free loopback
// port, with fsync off for speed, trust authentication and its socket in that directory. It returns
// once the server accepts connections, and stops it and removes the directory when the test ends.
// The server is the test's own, to Stop and Start; Shared is quicker for tests that don't.
//
// Under go test -short it skips the test. Without -short, a PostgreSQL that isn't installed fails
// the test: `make test` installs it. As root, initdb and postgres run as the postgres user, or as
// nobody where there is none, since postgres refuses to run as root.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := launch(tb)
	tb.Cleanup(s.remove)
	return s
}

// shared is the server Main runs for the tests of one test binary.
var shared struct {
	sync.Mutex
	main bool // Main is running the tests
	srv  *Server
}

// Main runs the tests, with one server that Shared hands to every test that asks, and stops it and
// removes its directory after. Call it from the package's TestMain: os.Exit(testpg.Main(m)).
func Main(m *testing.M) int {
	shared.Lock()
	shared.main = true
	shared.Unlock()
	code := m.Run()
	shared.Lock()
	defer shared.Unlock()
	if shared.srv != nil {
		shared.srv.remove()
		shared.srv = nil
	}
	return code
}

// Shared returns the test binary's one server, started as Start starts one the first time a test
// asks, and kept until Main ends. Each test takes a database of its own with URL; none may Stop it.
// It needs the package's TestMain to call Main, and skips under -short as Start does.
func Shared(tb testing.TB) *Server {
	tb.Helper()
	if testing.Short() {
		tb.Skip("needs a real PostgreSQL server: skipped under -short")
	}
	shared.Lock()
	defer shared.Unlock()
	if !shared.main {
		tb.Fatal("testpg.Shared needs the package's TestMain to run the tests with testpg.Main")
	}
	if shared.srv == nil {
		shared.srv = launch(tb)
		shared.srv.shared = true
	}
	return shared.srv
}

// launch makes and starts a server, failing tb if it can't.
func launch(tb testing.TB) *Server {
	tb.Helper()
	if testing.Short() {
		tb.Skip("needs a real PostgreSQL server: skipped under -short")
	}
	bin, err := newestBin()
	if err != nil {
		tb.Fatalf("%v: run make test, which installs postgresql", err)
	}
	base := ""
	if os.Geteuid() == 0 && !reachable(os.TempDir()) {
		base = "/tmp" // the unprivileged user must reach the directory
	}
	dir, err := os.MkdirTemp(base, "testpg-")
	if err != nil {
		tb.Fatal(err)
	}
	s := &Server{tb: tb, bin: bin, dir: dir}
	ok := false
	defer func() {
		if !ok {
			s.remove()
		}
	}()
	if os.Geteuid() == 0 {
		s.owner, err = unprivileged()
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.Chown(dir, int(s.owner.Uid), int(s.owner.Gid)); err != nil {
			tb.Fatal(err)
		}
	}
	initdb := exec.Command(filepath.Join(bin, "initdb"),
		"-D", s.dataDir(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: s.owner}
	if out, err := initdb.CombinedOutput(); err != nil {
		tb.Fatalf("initdb: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s.start()
	ok = true
	return s
}

// remove stops the server and removes its directory.
func (s *Server) remove() {
	s.stop()
	if err := os.RemoveAll(s.dir); err != nil {
		fmt.Fprintf(os.Stderr, "testpg: removing %s: %v\n", s.dir, err)
	}
}

// newestBin finds the bin directory of the newest PostgreSQL Debian installs under /usr/lib/postgresql.
func newestBin() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/postgres")
	if len(found) == 0 {
		return "", fmt.Errorf("PostgreSQL isn't installed: no /usr/lib/postgresql/*/bin/postgres")
	}
	version := func(path string) float64 {
		v, _ := strconv.ParseFloat(filepath.Base(filepath.Dir(filepath.Dir(path))), 64)
		return v
	}
	slices.SortFunc(found, func(a, b string) int {
		switch va, vb := version(a), version(b); {
		case va < vb:
			return -1
		case va > vb:
			return 1
		}
		return 0
	})
	return filepath.Dir(found[len(found)-1]), nil
}

// reachable reports whether every user may pass through dir and each directory above it.
func reachable(dir string) bool {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		if err != nil || info.Mode().Perm()&0o001 == 0 {
			return false
		}
		if d == filepath.Dir(d) {
			return true
		}
	}
}

// unprivileged is the postgres user, or nobody where there is none.
func unprivileged() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		if u, err = user.Lookup("nobody"); err != nil {
			return nil, fmt.Errorf("neither a postgres nor a nobody user to run PostgreSQL as: %v", err)
		}
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, err
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func (s *Server) dataDir() string { return filepath.Join(s.dir, "data") }

// DataDir is the server's data directory: its tables' files, and its write-ahead log in pg_wal.
func (s *Server) DataDir() string { return s.dataDir() }
func (s *Server) logFile() string { return filepath.Join(s.dir, "postgres.log") }

// Addr is the server's host:port.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// url is the postgres:// address of one database on the server.
func (s *Server) url(database string) string {
	return fmt.Sprintf("postgres://postgres@%s/%s?sslmode=disable", s.Addr(), database)
}

// URL creates a fresh, empty database on the server and returns its postgres:// address, so each
// test gets a database of its own. The server must be running.
func (s *Server) URL(tb testing.TB) string {
	tb.Helper()
	return s.create(tb, "")
}

// CopyOf creates a database on the server as a copy of the one at url, which nothing may be
// connected to (PostgreSQL's CREATE DATABASE … TEMPLATE), and returns its address as URL does.
func (s *Server) CopyOf(tb testing.TB, url string) string {
	tb.Helper()
	database, ok := strings.CutPrefix(url, "postgres://postgres@"+s.Addr()+"/")
	if name, _, _ := strings.Cut(database, "?"); ok && name != "" {
		return s.create(tb, name)
	}
	tb.Fatalf("testpg: %q is no database of this server", url)
	return ""
}

// create makes a database of a random name, a copy of template or, when it is "", empty.
func (s *Server) create(tb testing.TB, template string) string {
	tb.Helper()
	var random [6]byte
	_, _ = rand.Read(random[:])
	name := "t_" + hex.EncodeToString(random[:])
	db, err := sql.Open("pgx", s.url("postgres"))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	statement := "CREATE DATABASE " + name
	if template != "" {
		statement += " TEMPLATE " + template
	}
	if _, err := db.ExecContext(ctx, statement); err != nil {
		tb.Fatalf("creating database %s: %v", name, err)
	}
	return s.url(name)
}

// Start restarts a server Stop stopped, on its port and data directory, and waits until it accepts
// connections. Starting a running server does nothing. A shared server can't be stopped or started.
func (s *Server) Start() {
	s.tb.Helper()
	if s.shared {
		panic("testpg: the shared server can't be started by a test: use testpg.Start for one of its own")
	}
	s.start()
}

func (s *Server) start() {
	s.tb.Helper()
	if s.proc != nil {
		return
	}
	log, err := os.OpenFile(s.logFile(), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		s.tb.Fatal(err)
	}
	defer log.Close()
	cmd := exec.Command(filepath.Join(s.bin, "postgres"),
		"-D", s.dataDir(), "-p", strconv.Itoa(s.port),
		"-c", "listen_addresses=127.0.0.1",
		"-c", "unix_socket_directories="+s.dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.owner, Pdeathsig: syscall.SIGKILL}
	p := &process{cmd: cmd, exited: make(chan error, 1)}
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread lives exactly as long as postgres does
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		p.exited <- cmd.Wait()
	}()
	if err := <-started; err != nil {
		s.tb.Fatalf("starting postgres: %v", err)
	}
	s.proc = p

	db, err := sql.Open("pgx", s.url("postgres"))
	if err != nil {
		s.tb.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return
		}
		select {
		case exitErr := <-p.exited:
			s.proc = nil
			s.tb.Fatalf("postgres exited while starting (%v); its log:\n%s", exitErr, s.logTail())
		default:
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("postgres didn't accept connections on %s within 30s (%v); its log:\n%s", s.Addr(), err, s.logTail())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop shuts the server down (fast shutdown: open sessions are ended) and waits for it to exit,
// keeping the data directory and port for Start. Stopping a stopped server does nothing.
func (s *Server) Stop() {
	if s.shared {
		panic("testpg: the shared server can't be stopped by a test: use testpg.Start for one of its own")
	}
	s.stop()
}

func (s *Server) stop() {
	if s.proc == nil {
		return
	}
	p := s.proc
	s.proc = nil
	_ = p.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-p.exited:
		return
	case <-time.After(15 * time.Second):
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// logTail is the end of the server's log, for a failure message.
func (s *Server) logTail() string {
	b, _ := os.ReadFile(s.logFile())
	text := string(b)
	if len(text) > 4000 {
		text = text[len(text)-4000:]
	}
	return strings.TrimSpace(text)
}
