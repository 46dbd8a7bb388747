// This file holds the tests' SMTP server: a real one (github.com/emersion/go-smtp) on loopback,
// which keeps what it receives.

package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// sink is an SMTP server that keeps every mail it accepts.
type sink struct {
	// user and password, when user isn't empty, are required by AUTH PLAIN before MAIL.
	user, password string
	// rejectRcpt, when not nil, is the answer to every RCPT.
	rejectRcpt *smtp.SMTPError

	mu     sync.Mutex
	mails  []received
	logins []string // every AUTH attempt's user name
}

// received is one mail as the sink got it.
type received struct {
	from string
	to   []string
	data []byte
	tls  bool
	user string
}

// NewSession starts a session for one connection.
func (k *sink) NewSession(c *smtp.Conn) (smtp.Session, error) { return &session{sink: k, conn: c}, nil }

// received is what the sink has kept so far.
func (k *sink) received() []received {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]received(nil), k.mails...)
}

// attempts is the user names AUTH was tried with so far.
func (k *sink) attempts() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.logins...)
}

// session is one connection to the sink.
type session struct {
	sink *sink
	conn *smtp.Conn
	user string
	from string
	to   []string
}

func (s *session) AuthMechanisms() []string {
	if s.sink.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, password string) error {
		s.sink.mu.Lock()
		s.sink.logins = append(s.sink.logins, user)
		s.sink.mu.Unlock()
		if user != s.sink.user || password != s.sink.password {
			return errors.New("invalid credentials")
		}
		s.user = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.sink.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.sink.rejectRcpt != nil {
		return s.sink.rejectRcpt
	}
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, isTLS := s.conn.TLSConnectionState()
	s.sink.mu.Lock()
	s.sink.mails = append(s.sink.mails, received{from: s.from, to: s.to, data: data, tls: isTLS, user: s.user})
	s.sink.mu.Unlock()
	return nil
}

func (s *session) Reset() { s.from, s.to = "", nil }

func (s *session) Logout() error { return nil }

// startSink serves k on ip (port 0), offering STARTTLS with a new certificate for ip when
// withTLS. It gives the port, and the pool that trusts the certificate.
func startSink(t *testing.T, k *sink, ip string, withTLS bool) (port int, roots *x509.CertPool) {
	t.Helper()
	srv := smtp.NewServer(k)
	srv.Domain = "sink.test"
	srv.AllowInsecureAuth = true // the client decides whether to send a password in the clear
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	if withTLS {
		cert, pool := certificate(t, ip)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
		roots = pool
	}
	l, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	_, p, _ := net.SplitHostPort(l.Addr().String())
	port, _ = strconv.Atoi(p)
	return port, roots
}

// certificate is a new self-signed certificate for ip, and a pool that trusts it.
func certificate(t *testing.T, ip string) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "sink.test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP(ip)},
		DNSNames:     []string{"localhost"},
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
