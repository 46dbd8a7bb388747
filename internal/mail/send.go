// This file holds the SMTP server's settings, the message, and its sending.

package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"salon/internal/salon"
)

// defaultPort is the submission port, used when the URL names none.
const defaultPort = 587

// Timeout bounds each exchange with the server; the context given to Send bounds them all.
const Timeout = 30 * time.Second

// Sender sends mail through one SMTP server.
type Sender struct {
	// URL is the server: smtp://user:pass@host:port, the user and password optional.
	URL string
	// From is the sender, an address with or without a name: "Studio Nine <hello@studio.example>".
	From string
	// TLS is the configuration for STARTTLS; nil verifies the server's certificate against the
	// system's roots. Its ServerName, when empty, is the URL's host.
	TLS *tls.Config
}

// Message is one mail to one recipient.
type Message struct {
	// To is the recipient's address; it must pass IsEmail.
	To string
	// ToName is the recipient's name as they wrote it; it goes into the To header made one line
	// and encoded. Empty leaves the bare address.
	ToName string
	// Subject is made one line and encoded.
	Subject string
	// Text is the body, plain text in UTF-8.
	Text string
	// Attachments are sent after the body, in order.
	Attachments []Attachment
}

// Attachment is a file sent with a message.
type Attachment struct {
	// Name is the file's name, such as "booking.ics".
	Name string
	// ContentType is its media type, such as "text/calendar; charset=utf-8".
	ContentType string
	// Data is its content.
	Data []byte
}

// ErrNotEmail is Send's refusal of a recipient that isn't an e-mail address by IsEmail.
var ErrNotEmail = errors.New("mail: the recipient is not an e-mail address")

// server is a Sender's URL, read.
type server struct {
	host           string
	port           int
	user, password string
	auth           bool
}

// Check reports whether the Sender's URL and From can be used, without connecting: what a
// server checks at start-up.
func (s Sender) Check() error {
	if _, err := s.server(); err != nil {
		return err
	}
	_, err := s.from()
	return err
}

// server reads the URL.
func (s Sender) server() (server, error) {
	u, err := url.Parse(s.URL)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" || u.Opaque != "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return server{}, errors.New("mail: the server URL must be smtp://[user:password@]host[:port]")
	}
	srv := server{host: u.Hostname(), port: defaultPort}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return server{}, errors.New("mail: the server URL's port must be 1 to 65535")
		}
		srv.port = n
	}
	if u.User != nil {
		srv.user = u.User.Username()
		srv.password, _ = u.User.Password()
		srv.auth = true
	}
	return srv, nil
}

// from reads the From address.
func (s Sender) from() (*mail.Address, error) {
	a, err := mail.ParseAddress(s.From)
	if err != nil || !IsEmail(a.Address) {
		return nil, errors.New("mail: From must be an e-mail address, with or without a name")
	}
	return a, nil
}

// Send sends m, within ctx. It refuses, before connecting, a recipient that isn't an e-mail
// address (ErrNotEmail) and a Sender that fails Check. Any failure after that is an *Error.
func (s Sender) Send(ctx context.Context, m Message) error {
	srv, err := s.server()
	if err != nil {
		return err
	}
	from, err := s.from()
	if err != nil {
		return err
	}
	if !IsEmail(m.To) {
		return ErrNotEmail
	}
	// A domain written in Unicode is sent to in its ASCII form, which every mail server reads.
	m.To, _ = salon.EmailASCII(m.To)
	msg, err := s.build(from, m)
	if err != nil {
		return err
	}

	tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.TLS != nil {
		tlsConfig = s.TLS.Clone()
	}
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName = srv.host
	}
	// go-mail heeds the context only while dialling: closing the connection when ctx ends
	// bounds the rest of the exchange too.
	var mu sync.Mutex
	var stops []func() bool
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, stop := range stops {
			stop()
		}
	}()
	dial := func(dialCtx context.Context, network, address string) (net.Conn, error) {
		conn, err := (&net.Dialer{}).DialContext(dialCtx, network, address)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		stops = append(stops, context.AfterFunc(ctx, func() { conn.Close() }))
		mu.Unlock()
		return conn, nil
	}
	opts := []gomail.Option{
		gomail.WithPort(srv.port),
		gomail.WithTLSPolicy(gomail.TLSOpportunistic),
		gomail.WithTLSConfig(tlsConfig),
		gomail.WithTimeout(Timeout),
		gomail.WithDialContextFunc(dial),
	}
	if srv.auth {
		// go-mail's PLAIN sends the password only over TLS or to localhost, 127.0.0.1 or ::1.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(srv.user), gomail.WithPassword(srv.password))
	}
	client, err := gomail.NewClient(srv.host, opts...)
	if err != nil {
		return &Error{step: "setting up the client", err: err}
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return sendError(ctx, err)
	}
	return nil
}

// build is m as go-mail's message, from from.
func (s Sender) build(from *mail.Address, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(from)
	msg.ToMailAddress(&mail.Address{Name: oneLine(m.ToName), Address: m.To})
	msg.Subject(oneLine(m.Subject))
	msg.SetDate()
	msg.SetMessageIDWithValue(messageID(from.Address))
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	for _, a := range m.Attachments {
		name := oneLine(a.Name)
		if name == "" {
			return nil, errors.New("mail: an attachment has no name")
		}
		err := msg.AttachReader(name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(oneLine(a.ContentType))))
		if err != nil {
			return nil, fmt.Errorf("mail: attaching %s: %w", name, err)
		}
	}
	return msg, nil
}

// messageID is a new Message-ID's value on the sender's own domain, so a receiving server
// doesn't see this machine's host name.
func messageID(from string) string {
	_, domain, _ := strings.Cut(from, "@")
	return rand.Text() + "@" + domain
}

// Error is a Send that failed after it connected, or tried to. Its text names the step and the
// SMTP code, never the recipient or the server's words about them.
type Error struct {
	step string
	code int
	temp bool
	err  error
}

// Error says which step failed, with the SMTP code when there is one.
func (e *Error) Error() string {
	if e.code != 0 {
		return fmt.Sprintf("mail: %s failed (%d)", e.step, e.code)
	}
	return "mail: " + e.step + " failed"
}

// Unwrap is the library's error, whose text may name the recipient: don't log it.
func (e *Error) Unwrap() error { return e.err }

// Permanent reports whether the server refused the message with a 5xx while it was being sent,
// which sending it again won't change.
func (e *Error) Permanent() bool { return e.code >= 500 && e.code < 600 && !e.temp }

// sendError is go-mail's error as an *Error.
func sendError(ctx context.Context, err error) *Error {
	var se *gomail.SendError
	switch {
	case ctx.Err() != nil:
		return &Error{step: "sending before the deadline", err: errors.Join(ctx.Err(), err)}
	case errors.As(err, &se):
		return &Error{step: se.Reason.String(), code: se.ErrorCode(), temp: se.IsTemp(), err: err}
	default:
		// Dialling, STARTTLS, AUTH: about the server, not the recipient, but its words stay out
		// of the text all the same.
		return &Error{step: "connecting, STARTTLS or AUTH", err: err}
	}
}
