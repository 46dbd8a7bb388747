// This file tests sending through a real SMTP server on loopback: what arrives, parsed with
// net/mail and mime/multipart; STARTTLS and when the password is sent; errors and deadlines.

package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"salon/internal/ical"
)

// A customer's name that tries to add headers and recipients, with quotes and non-ASCII.
const hostileName = "Eve \"Zoë\" Ångström\r\nBcc: victim@example.com\r\nX-Evil: 1\n\rSubject: pwned <eve@evil.example>, 😀"

// calendar is a booking's .ics, as internal/ical writes it.
func calendar(t *testing.T) []byte {
	t.Helper()
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ical.Calendar("-//Salon booking//Calendar//EN", []ical.Event{{
		UID: ical.UID("bk_7Qx2", "studio-nine"), Start: time.Date(2026, 12, 5, 10, 30, 0, 0, time.UTC),
		End: time.Date(2026, 12, 5, 11, 15, 0, 0, time.UTC), Zone: london, Summary: "Cut at Studio Nine",
		Status: ical.Confirmed, Stamp: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// notice is the booking the tests mail about.
func notice(name string) Notice {
	return Notice{Name: name, Email: "eve@example.com", Salon: "Studio Nine", Phone: "+44 20 7946 0000",
		What: "Cut with Ana", When: "Saturday 5 December, 10:30", Manage: "https://salon.example/my/studio-nine/bk_7Qx2#k3y"}
}

// one is the sink's only mail, failing the test when it has another number.
func one(t *testing.T, k *sink) received {
	t.Helper()
	got := k.received()
	if len(got) != 1 {
		t.Fatalf("the server got %d mails, want 1", len(got))
	}
	return got[0]
}

// parsed is a received mail's header section and its parts, decoded.
type parsed struct {
	header     netmail.Header
	rawHeader  string
	parts      []*multipart.Part
	partBodies [][]byte
}

// parse reads a mail as a mail client would, with net/mail and mime/multipart.
func parse(t *testing.T, data []byte) parsed {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("net/mail can't read the mail: %v\n%s", err, data)
	}
	raw, _, _ := bytes.Cut(data, []byte("\r\n\r\n"))
	p := parsed{header: msg.Header, rawHeader: string(raw)}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mediaType, "multipart/") {
		t.Fatalf("Content-Type %q (%v): want multipart", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading the parts: %v", err)
		}
		body, err := io.ReadAll(part)
		if err != nil {
			t.Fatalf("reading a part: %v", err)
		}
		p.parts, p.partBodies = append(p.parts, part), append(p.partBodies, body)
	}
	return p
}

func TestAConfirmationArrivesOverSTARTTLSWithItsCalendarAndSafeHeaders(t *testing.T) {
	k := &sink{user: "bookings", password: "p@ss:w/rd"}
	port, roots := startSink(t, k, "127.0.0.1", true)
	s := Sender{URL: fmt.Sprintf("smtp://bookings:p%%40ss%%3Aw%%2Frd@127.0.0.1:%d", port),
		From: "Studio Nine <hello@studio-nine.example>", TLS: tlsTrusting(roots)}
	ics := calendar(t)
	if err := s.Send(context.Background(), Confirmation(notice(hostileName), ics)); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := one(t, k)
	if !got.tls || got.user != "bookings" {
		t.Errorf("got TLS %v, user %q; want STARTTLS and AUTH as bookings", got.tls, got.user)
	}
	if got.from != "hello@studio-nine.example" || len(got.to) != 1 || got.to[0] != "eve@example.com" {
		t.Errorf("got MAIL FROM %q RCPT TO %q; want hello@studio-nine.example to eve@example.com alone", got.from, got.to)
	}

	m := parse(t, got.data)
	for _, line := range strings.Split(m.rawHeader, "\r\n") {
		for _, c := range []byte(line) {
			if c >= 0x80 || c < 0x20 && c != '\t' {
				t.Errorf("a header line holds byte %#x, not 7-bit text: %q", c, line)
				break
			}
		}
	}
	for _, injected := range []string{"Bcc", "X-Evil"} {
		if v, ok := m.header[injected]; ok {
			t.Errorf("the name added a %s header: %q", injected, v)
		}
	}
	if n := len(m.header["Subject"]); n != 1 {
		t.Errorf("got %d Subject headers, want 1", n)
	}
	to, err := m.header.AddressList("To")
	if err != nil || len(to) != 1 {
		t.Fatalf("To: got %v, %v; want one address", to, err)
	}
	if want := oneLine(hostileName); to[0].Name != want || to[0].Address != "eve@example.com" {
		t.Errorf("To: got %q <%s>, want %q <eve@example.com>", to[0].Name, to[0].Address, want)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.header.Get("Subject"))
	if want := "Booked: Cut with Ana at Studio Nine, Saturday 5 December, 10:30"; err != nil || subject != want {
		t.Errorf("Subject: got %q (%v), want %q", subject, err, want)
	}
	from, err := m.header.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "Studio Nine" || from[0].Address != "hello@studio-nine.example" {
		t.Errorf("From: got %v, %v", from, err)
	}
	if got := m.header.Get("Auto-Submitted"); got != "auto-generated" {
		t.Errorf("Auto-Submitted: got %q, want auto-generated", got)
	}
	if id := m.header.Get("Message-Id"); !strings.HasSuffix(id, "@studio-nine.example>") {
		t.Errorf("Message-ID: got %q, want one on the sender's domain", id)
	}

	if len(m.parts) != 2 {
		t.Fatalf("got %d parts, want the text and the calendar", len(m.parts))
	}
	textType, _, _ := mime.ParseMediaType(m.parts[0].Header.Get("Content-Type"))
	text := string(m.partBodies[0])
	if textType != "text/plain" || !strings.Contains(text, "Hello "+oneLine(hostileName)+",") ||
		!strings.Contains(text, "https://salon.example/my/studio-nine/bk_7Qx2#k3y") {
		t.Errorf("the first part is %s:\n%s\nwant text/plain with the greeting and the manage link", textType, text)
	}
	calType, calParams, _ := mime.ParseMediaType(m.parts[1].Header.Get("Content-Type"))
	if calType != "text/calendar" || strings.ToLower(calParams["charset"]) != "utf-8" {
		t.Errorf("the attachment's Content-Type: got %q", m.parts[1].Header.Get("Content-Type"))
	}
	if name := m.parts[1].FileName(); name != "booking.ics" {
		t.Errorf("the attachment's file name: got %q, want booking.ics", name)
	}
	if !bytes.Equal(decoded(t, m.parts[1], m.partBodies[1]), ics) {
		t.Errorf("the attachment differs from the calendar sent:\n%s", m.partBodies[1])
	}
}

// decoded is a part's body after its Content-Transfer-Encoding (multipart decodes
// quoted-printable itself, not base64).
func decoded(t *testing.T, part *multipart.Part, body []byte) []byte {
	t.Helper()
	if !strings.EqualFold(part.Header.Get("Content-Transfer-Encoding"), "base64") {
		return body
	}
	b, err := io.ReadAll(base64Reader(body))
	if err != nil {
		t.Fatalf("the attachment's base64: %v", err)
	}
	return b
}

func TestWithoutSTARTTLSThePasswordGoesOnlyToLocalhost(t *testing.T) {
	// 127.0.0.1 counts as localhost: the password may go in the clear.
	k := &sink{user: "bookings", password: "secret"}
	port, _ := startSink(t, k, "127.0.0.1", false)
	s := Sender{URL: fmt.Sprintf("smtp://bookings:secret@127.0.0.1:%d", port), From: "hello@studio-nine.example"}
	if err := s.Send(context.Background(), Reminder(notice("Ana"))); err != nil {
		t.Fatalf("to 127.0.0.1: %v", err)
	}
	if got := one(t, k); got.tls || got.user != "bookings" {
		t.Errorf("got TLS %v, user %q; want plain text and AUTH as bookings", got.tls, got.user)
	}

	// 127.0.0.2 is not written as localhost: stand-in for any other host that offers no STARTTLS.
	other := &sink{user: "bookings", password: "secret"}
	port, _ = startSink(t, other, "127.0.0.2", false)
	s.URL = fmt.Sprintf("smtp://bookings:secret@127.0.0.2:%d", port)
	err := s.Send(context.Background(), Reminder(notice("Ana")))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("to 127.0.0.2 without STARTTLS: got %v, want an *Error", err)
	}
	if n := len(other.attempts()); n != 0 {
		t.Errorf("the password was offered %d times in the clear", n)
	}
	if n := len(other.received()); n != 0 {
		t.Errorf("the server got %d mails, want 0", n)
	}
}

func TestWithNoUserNoPasswordIsSent(t *testing.T) {
	k := &sink{}
	port, roots := startSink(t, k, "127.0.0.1", true)
	s := Sender{URL: fmt.Sprintf("smtp://127.0.0.1:%d", port), From: "hello@studio-nine.example", TLS: tlsTrusting(roots)}
	if err := s.Send(context.Background(), Cancellation(notice("Ana"), calendar(t))); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got := one(t, k); !got.tls || got.user != "" {
		t.Errorf("got TLS %v, user %q; want STARTTLS and no AUTH", got.tls, got.user)
	}
}

func TestACertificateThatDoesntVerifyStopsTheMail(t *testing.T) {
	k := &sink{}
	port, _ := startSink(t, k, "127.0.0.1", true)
	s := Sender{URL: fmt.Sprintf("smtp://127.0.0.1:%d", port), From: "hello@studio-nine.example"}
	err := s.Send(context.Background(), Reminder(notice("Ana")))
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("got %v, want an *Error", err)
	}
	if n := len(k.received()); n != 0 {
		t.Errorf("the server got %d mails in the clear after STARTTLS failed, want 0", n)
	}
}

func TestARefusedRecipientSaysWhetherToRetryAndNamesNoAddress(t *testing.T) {
	cases := []struct {
		code      int
		permanent bool
	}{{550, true}, {451, false}}
	for _, c := range cases {
		k := &sink{rejectRcpt: &smtp.SMTPError{Code: c.code, EnhancedCode: smtp.EnhancedCode{c.code / 100, 1, 1},
			Message: "<eve@example.com> no such user"}}
		port, roots := startSink(t, k, "127.0.0.1", true)
		s := Sender{URL: fmt.Sprintf("smtp://127.0.0.1:%d", port), From: "hello@studio-nine.example", TLS: tlsTrusting(roots)}
		err := s.Send(context.Background(), Reminder(notice("Eve")))
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%d: got %v, want an *Error", c.code, err)
		}
		if e.Permanent() != c.permanent {
			t.Errorf("%d: Permanent: got %v, want %v", c.code, e.Permanent(), c.permanent)
		}
		if msg := err.Error(); strings.Contains(msg, "eve") || strings.Contains(msg, "Eve") || !strings.Contains(msg, fmt.Sprint(c.code)) {
			t.Errorf("%d: the error says %q: want the code and no address", c.code, msg)
		}
	}
}

func TestSendEndsWithItsContext(t *testing.T) {
	// A server that accepts the connection and never greets.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { conn.Close() })
		}
	}()
	s := Sender{URL: "smtp://" + l.Addr().String(), From: "hello@studio-nine.example"}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = s.Send(ctx, Reminder(notice("Ana")))
	if err == nil || time.Since(start) > 5*time.Second {
		t.Errorf("got %v after %s; want an error soon after 200ms", err, time.Since(start))
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want it to wrap context.DeadlineExceeded", err)
	}
}

func TestBadInputIsRefusedBeforeConnecting(t *testing.T) {
	good := Sender{URL: "smtp://u:p@127.0.0.1:1", From: "hello@studio-nine.example"}
	if err := good.Send(context.Background(), Message{To: "+44 20 7946 0000", Subject: "x", Text: "x"}); !errors.Is(err, ErrNotEmail) {
		t.Errorf("a phone number: got %v, want ErrNotEmail", err)
	}
	if err := good.Send(context.Background(), Message{To: "eve@example.com\r\nRCPT TO:<x@y.z>", Subject: "x"}); !errors.Is(err, ErrNotEmail) {
		t.Errorf("an injected RCPT: got %v, want ErrNotEmail", err)
	}
	for _, u := range []string{"", "smtps://h:465", "http://h", "smtp://", "smtp://h:0", "smtp://h:70000", "smtp://h:x",
		"smtp://h/path", "smtp://h?x=1", "smtp:h"} {
		s := Sender{URL: u, From: good.From}
		if err := s.Check(); err == nil {
			t.Errorf("URL %q: Check gives no error", u)
		}
		var e *Error
		if err := s.Send(context.Background(), Reminder(notice("Ana"))); err == nil || errors.As(err, &e) {
			t.Errorf("URL %q: Send gives %v, want a refusal before connecting", u, err)
		}
	}
	for _, from := range []string{"", "not an address", "Studio <hello@localhost>", "a@b.c, d@e.fg"} {
		if err := (Sender{URL: good.URL, From: from}).Check(); err == nil {
			t.Errorf("From %q: Check gives no error", from)
		}
	}
	if err := good.Check(); err != nil {
		t.Errorf("Check(%+v): %v", good, err)
	}
	if err := (Sender{URL: "smtp://mail.example.com", From: "Studio Nine <hello@studio-nine.example>"}).Check(); err != nil {
		t.Errorf("a URL with no port or user: %v", err)
	}
}
