// This file tests delivery against real receivers on loopback, which check every signature with
// the Standard Webhooks reference verifier.

package webhook

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// receiver is a webhook endpoint that verifies what it gets and answers status.
type receiver struct {
	mu       sync.Mutex
	verifier *standardwebhooks.Webhook
	status   int
	got      []delivery
}

// delivery is one request a receiver got, and what its verifier said.
type delivery struct {
	method, path, contentType, id string
	body                          []byte
	verified                      error
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	d := delivery{method: r.Method, path: r.URL.Path, contentType: r.Header.Get("Content-Type"),
		id: r.Header.Get(HeaderID), body: body, verified: rc.verifier.Verify(body, r.Header)}
	rc.mu.Lock()
	rc.got = append(rc.got, d)
	status := rc.status
	rc.mu.Unlock()
	if r.URL.Path == "/moved" {
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
		return
	}
	w.WriteHeader(status)
}

// deliveries is what the receiver got so far.
func (rc *receiver) deliveries() []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]delivery(nil), rc.got...)
}

// newReceiver starts a receiver answering status, over TLS when tlsServer, and gives the secret it
// verifies with.
func newReceiver(t *testing.T, status int, tlsServer bool) (*receiver, *httptest.Server, []byte) {
	t.Helper()
	secretText := NewSecret()
	secret, err := ParseSecret(secretText)
	if err != nil {
		t.Fatal(err)
	}
	wh, err := standardwebhooks.NewWebhook(secretText)
	if err != nil {
		t.Fatal(err)
	}
	rc := &receiver{verifier: wh, status: status}
	var srv *httptest.Server
	if tlsServer {
		srv = httptest.NewTLSServer(rc)
	} else {
		srv = httptest.NewServer(rc)
	}
	t.Cleanup(srv.Close)
	return rc, srv, secret
}

// trusting is NewClient(insecure) made to trust srv's certificate, when it has one.
func trusting(t *testing.T, insecure bool, srv *httptest.Server) *http.Client {
	t.Helper()
	client := NewClient(insecure)
	if srv.Certificate() == nil {
		return client
	}
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	client.Transport.(httpsOnly).next.(*http.Transport).TLSClientConfig = &tls.Config{RootCAs: pool}
	return client
}

const body = `{"type":"booking.created","timestamp":"2026-12-05T10:30:00Z","data":{"booking":"bk_1","name":"Zoë"}}`

func TestADeliveryIsSignedSoTheReferenceVerifierAcceptsIt(t *testing.T) {
	for _, overTLS := range []bool{false, true} {
		rc, srv, secret := newReceiver(t, http.StatusNoContent, overTLS)
		status, err := Deliver(context.Background(), trusting(t, true, srv), srv.URL+"/hooks", secret, "evt_1", time.Now(), []byte(body))
		if err != nil || status != http.StatusNoContent {
			t.Fatalf("TLS %v: got %d, %v; want 204, nil", overTLS, status, err)
		}
		got := rc.deliveries()
		if len(got) != 1 {
			t.Fatalf("TLS %v: the receiver got %d requests, want 1", overTLS, len(got))
		}
		d := got[0]
		if d.verified != nil {
			t.Errorf("TLS %v: the reference verifier refuses the delivery: %v", overTLS, d.verified)
		}
		if d.method != http.MethodPost || d.path != "/hooks" || d.contentType != "application/json" || d.id != "evt_1" || string(d.body) != body {
			t.Errorf("TLS %v: got %s %s (%s) id %q body %q; want POST /hooks (application/json) id evt_1 and the body", overTLS, d.method, d.path, d.contentType, d.id, d.body)
		}
	}
}

func TestAnAnswerOtherThan2xxIsAFailedAttempt(t *testing.T) {
	for _, status := range []int{http.StatusInternalServerError, http.StatusGone, http.StatusTooManyRequests, http.StatusNotModified} {
		rc, srv, secret := newReceiver(t, status, false)
		got, err := Deliver(context.Background(), NewClient(true), srv.URL, secret, "evt_2", time.Now(), []byte(body))
		if want := fmt.Sprintf("webhook: the receiver answered %d %s", status, http.StatusText(status)); got != status || err == nil || err.Error() != want {
			t.Errorf("answered %d: got %d, %v; want %d and %q", status, got, err, status, want)
		}
		if n := len(rc.deliveries()); n != 1 {
			t.Errorf("answered %d: the receiver got %d requests, want 1", status, n)
		}
	}
}

func TestARedirectIsNotFollowed(t *testing.T) {
	rc, srv, secret := newReceiver(t, http.StatusOK, false)
	status, err := Deliver(context.Background(), NewClient(true), srv.URL+"/moved", secret, "evt_3", time.Now(), []byte(body))
	if status != http.StatusFound || err == nil {
		t.Errorf("got %d, %v; want 302 and an error", status, err)
	}
	for _, d := range rc.deliveries() {
		if d.path != "/moved" {
			t.Errorf("the redirect was followed to %s", d.path)
		}
	}
}

func TestWithoutInsecureNoConnectionReachesANonPublicAddress(t *testing.T) {
	rc, srv, secret := newReceiver(t, http.StatusOK, true)
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	client := trusting(t, false, srv)
	// localhost passes no CheckURL, but a name that resolves to loopback is what DNS rebinding
	// gives: the dialer refuses it after resolution.
	for _, u := range []string{srv.URL, "https://localhost:" + port + "/hooks"} {
		status, err := Deliver(context.Background(), client, u, secret, "evt_4", time.Now(), []byte(body))
		if status != 0 || !errors.Is(err, ErrURL) {
			t.Errorf("%s: got %d, %v; want 0 and ErrURL", u, status, err)
		}
	}
	// Plain http is refused before any connection.
	plain, plainSrv, _ := newReceiver(t, http.StatusOK, false)
	if status, err := Deliver(context.Background(), client, plainSrv.URL, secret, "evt_4", time.Now(), []byte(body)); status != 0 || !errors.Is(err, ErrURL) {
		t.Errorf("http: got %d, %v; want 0 and ErrURL", status, err)
	}
	if n := len(rc.deliveries()) + len(plain.deliveries()); n != 0 {
		t.Errorf("the receivers got %d requests, want 0", n)
	}
}

func TestAnAttemptIsBoundedByTimeoutAndByItsContext(t *testing.T) {
	var deadline time.Time
	var hasDeadline bool
	record := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		deadline, hasDeadline = r.Context().Deadline()
		return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: r}, nil
	})}
	before := time.Now()
	if _, err := Deliver(context.Background(), record, "https://hooks.example.com/", []byte("k"), "evt_5", before, nil); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	if !hasDeadline || deadline.After(time.Now().Add(Timeout)) || deadline.Before(before.Add(Timeout)) {
		t.Errorf("the attempt's deadline is %v (set %v), want %s from the start", deadline.Sub(before), hasDeadline, Timeout)
	}

	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	status, err := Deliver(ctx, NewClient(true), slow.URL, []byte("k"), "evt_6", start, nil)
	if status != 0 || !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("got %d, %v after %s; want 0 and context.DeadlineExceeded soon after 100ms", status, err, time.Since(start))
	}
}

// roundTrip is a RoundTripper from a function.
type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestAFailedAttemptsErrorHoldsNoPathOrQuery(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	u := srv.URL + "/hooks/s3cr3t-path?token=s3cr3t-query"
	srv.Close() // nothing listens there now
	_, err := Deliver(context.Background(), NewClient(true), u, []byte("k"), "evt_7", time.Now(), nil)
	if err == nil {
		t.Fatal("got no error from a closed port")
	}
	if strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("the error holds the URL: %v", err)
	}
}

func TestABadIDIsRefusedBeforeAnyRequest(t *testing.T) {
	rc, srv, secret := newReceiver(t, http.StatusOK, false)
	for _, id := range []string{"", "evt.1", "evt\r\nx-evil: 1"} {
		if _, err := Deliver(context.Background(), NewClient(true), srv.URL, secret, id, time.Now(), nil); !errors.Is(err, ErrID) {
			t.Errorf("id %q: got %v, want ErrID", id, err)
		}
	}
	if n := len(rc.deliveries()); n != 0 {
		t.Errorf("the receiver got %d requests, want 0", n)
	}
}
