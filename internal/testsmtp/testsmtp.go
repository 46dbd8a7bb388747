// Package testsmtp runs a real SMTP server (github.com/emersion/go-smtp) on loopback for the tests,
// keeping every mail it accepts; it can refuse mails for a while, as a server in trouble does.
package testsmtp

import (
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Mail is one mail as the server received it.
type Mail struct {
	From string
	To   []string
	// Data is the message as sent, headers and body, in CRLF lines.
	Data []byte
	// At is when the server took it.
	At time.Time
}

// Server is an SMTP server on loopback with no TLS and no AUTH. It is safe for concurrent use.
type Server struct {
	// Addr is its host:port on 127.0.0.1.
	Addr string

	mu      sync.Mutex
	mails   []Mail
	refuse  int
	refusal *smtp.SMTPError
	changed chan struct{}
}

// Start starts a server on 127.0.0.1, closed when the test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{changed: make(chan struct{})}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "sink.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.Addr = l.Addr().String()
	go srv.Serve(l)
	tb.Cleanup(func() { srv.Close() })
	return s
}

// URL is the server as bookingd's -smtp-url names it.
func (s *Server) URL() string { return "smtp://" + s.Addr }

// Port is the server's port.
func (s *Server) Port() int {
	_, p, _ := net.SplitHostPort(s.Addr)
	n, _ := strconv.Atoi(p)
	return n
}

// Refuse makes the server refuse the next n mails at DATA with err (a 4xx is worth retrying, a
// 5xx is not).
func (s *Server) Refuse(n int, err *smtp.SMTPError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse, s.refusal = n, err
}

// Mails is every mail taken so far, in the order taken.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mails...)
}

// Await waits until the server has taken n mails or more, or timeout passes, and returns them.
func (s *Server) Await(n int, timeout time.Duration) []Mail {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		mails, changed := append([]Mail(nil), s.mails...), s.changed
		s.mu.Unlock()
		if len(mails) >= n {
			return mails
		}
		select {
		case <-changed:
		case <-deadline:
			return mails
		}
	}
}

// backend makes a session for each connection.
type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

// session is one connection.
type session struct {
	s    *Server
	from string
	to   []string
}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if c.s.refuse > 0 {
		c.s.refuse--
		return c.s.refusal
	}
	c.s.mails = append(c.s.mails, Mail{From: c.from, To: c.to, Data: data, At: time.Now()})
	close(c.s.changed)
	c.s.changed = make(chan struct{})
	return nil
}

func (c *session) Reset() { c.from, c.to = "", nil }

func (c *session) Logout() error { return nil }
