// This file tests the built bookingd's hardening over real connections: time-outs, size limits, security headers and CORS.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// dial opens a TCP connection to p, closed when the test ends.
func dial(t *testing.T, p *process) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// rawExchange writes request bytes to p over one TCP connection and reads the reply the server writes.
func rawExchange(t *testing.T, p *process, request string) (*http.Response, string) {
	t.Helper()
	conn := dial(t, p)
	defer conn.Close() // now: a test may send many of these
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no reply: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, strings.TrimSpace(string(body))
}

func TestAHeaderSentSlowlyIsCutOffAtTheHeaderTimeout(t *testing.T) {
	t.Parallel()
	conn := dial(t, spawn(t, []string{envSigningKey + "=" + testKey}))
	began := time.Now()
	if _, err := io.WriteString(conn, "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nX-Slow: "); err != nil {
		t.Fatal(err)
	}
	closed := make(chan time.Duration, 1)
	go func() {
		_, _ = io.Copy(io.Discard, conn) // returns when the server drops the connection
		closed <- time.Since(began)
	}()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case took := <-closed:
			// ReadHeaderTimeout is 5s: the whole header must arrive within it, however it trickles.
			if took < 4*time.Second || took > 8*time.Second {
				t.Errorf("the connection was dropped after %v, want about 5s", took.Round(time.Millisecond))
			}
			return
		case <-tick.C:
			if _, err := io.WriteString(conn, "a"); err != nil {
				continue // dropped: the reader reports when
			}
			if time.Since(began) > 12*time.Second {
				t.Fatal("a header trickled in for 12s and the connection is still open")
			}
		}
	}
}

func TestABodyThatStopsArrivingGetsItsRefusalBeforeTheConnectionCloses(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	const head = "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
	cases := []struct {
		name string
		head string
		body func(conn net.Conn, stop <-chan struct{}) // sends the body, never all of it, until stop
	}{
		{"a body trickling in a byte a second", head + fmt.Sprintf("Content-Length: %d\r\n\r\n", len(roundOneBody)),
			func(conn net.Conn, stop <-chan struct{}) {
				for i := 0; i < len(roundOneBody)-1; i++ { // never the last byte
					select {
					case <-stop:
						return
					case <-time.After(time.Second):
					}
					_, _ = io.WriteString(conn, roundOneBody[i:i+1])
				}
			}},
	}
	for i := range 8 {
		cases = append(cases, struct {
			name string
			head string
			body func(net.Conn, <-chan struct{})
		}{fmt.Sprintf("chunked body %d whose last chunk never comes", i), head + "Transfer-Encoding: chunked\r\n\r\n",
			func(conn net.Conn, _ <-chan struct{}) {
				_, _ = fmt.Fprintf(conn, "%x\r\n%s\r\n", len(roundOneBody[:20]), roundOneBody[:20])
			}})
	}
	const reason = `"the body could not be read"`
	// All at once, each on its own connection (parallel subtests would go two at a time).
	replies := make(chan int, len(cases))
	var wg sync.WaitGroup
	for _, c := range cases {
		wg.Go(func() {
			conn := dial(t, p)
			began := time.Now()
			if _, err := io.WriteString(conn, c.head); err != nil {
				t.Error(err)
				return
			}
			stop := make(chan struct{})
			defer close(stop)
			go c.body(conn, stop)
			_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
			r := bufio.NewReader(conn)
			res, err := http.ReadResponse(r, nil)
			if err != nil {
				t.Errorf("%s: after %v, no reply before the connection closed: %v", c.name, time.Since(began).Round(time.Millisecond), err)
				return
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			took := time.Since(began)
			// ReadTimeout is 15 s for the header and body together; the reply has 5 s more.
			if took < 13*time.Second || took > 20*time.Second {
				t.Errorf("%s: the refusal came after %v, want about 15 s", c.name, took.Round(time.Millisecond))
			}
			if res.StatusCode != http.StatusBadRequest || strings.TrimSpace(string(body)) != reason || err != nil ||
				res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%s: got %d %s %q (%v), want 400 application/json %s", c.name, res.StatusCode, res.Header.Get("Content-Type"), body, err, reason)
			}
			if _, err := r.ReadByte(); err != io.EOF {
				t.Errorf("%s: after the refusal: got %v, want the connection closed", c.name, err)
			}
			replies <- len(body)
		})
	}
	wg.Wait()
	close(replies)
	sizes := map[float64]int{}
	for n := range replies {
		sizes[float64(n)]++
	}
	// One request line for each, saying what was sent: 400 and the bytes the client read.
	deadline := time.Now().Add(5 * time.Second)
	for {
		logged := map[float64]int{}
		for _, line := range p.lines() {
			var rec struct {
				Msg, Reason string
				Status      int
				Bytes       float64
			}
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "request" && rec.Reason == strings.Trim(reason, `"`) && rec.Status == http.StatusBadRequest {
				logged[rec.Bytes]++
			}
		}
		if fmt.Sprint(logged) == fmt.Sprint(sizes) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("request lines with status 400 by bytes sent: got %v, want %v (the bytes each client read)", logged, sizes)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestTheServerRefusesWhatItCantReadAsAnHTTPRequest(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	big := strings.Repeat("a", 32<<10)
	for _, c := range []struct {
		name    string
		request string
		status  int
	}{
		{"a header over the 16 KiB limit", "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Big: " + big + "\r\nContent-Length: 2\r\n\r\n{}", http.StatusRequestHeaderFieldsTooLarge},
		{"a request line over the limit", "POST /salons/" + big + "/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", http.StatusRequestHeaderFieldsTooLarge},
		{"a salon with a broken escape", "POST /salons/studio%zznine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", http.StatusBadRequest},
		{"a header line with no colon", "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nno colon here\r\nContent-Length: 2\r\n\r\n{}", http.StatusBadRequest},
		{"two lengths that disagree", "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", http.StatusBadRequest},
		{"a body over the limit, chunked", "POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
			strings.Repeat(fmt.Sprintf("%x\r\n%s\r\n", len(big), big), 3) + "0\r\n\r\n", http.StatusRequestEntityTooLarge},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawExchange(t, p, c.request)
			if res.StatusCode != c.status {
				t.Errorf("got %d %s, want %d", res.StatusCode, body, c.status)
			}
		})
	}
	if status, _ := get(t, p.base()+"/healthz"); status != http.StatusOK {
		t.Errorf("/healthz afterwards: got %d, want 200", status)
	}
}

// What a Content-Security-Policy must hold, and must not: the page's lets it load its own files
// and nothing else; the API's lets a reply load nothing at all.
var (
	pagePolicy  = []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"}
	apiPolicy   = []string{"default-src 'none'", "frame-ancestors 'none'"}
	loosePolicy = []string{"unsafe-inline", "unsafe-eval", "*", "http:", "https:", "data: 'self'", "default-src 'self'"}
)

func TestEveryReplyCarriesTheSecurityHeaders(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	for _, c := range []struct {
		method, path, body string
		page               bool
	}{
		{http.MethodGet, "/", "", true},
		{http.MethodGet, "/index.html", "", true},
		{http.MethodHead, "/", "", true},
		{http.MethodGet, "/no-such-page", "", true},
		{http.MethodGet, "/openapi.json", "", false},
		{http.MethodGet, "/healthz", "", false},
		{http.MethodPost, "/salons/studio-nine/book", roundOneBody, false},
		{http.MethodPost, "/salons/studio-nine/book", "{", false},
		{http.MethodDelete, "/salons/studio-nine/book", "", false},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			req, err := http.NewRequest(c.method, p.base()+c.path, strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			res, err := calendarClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if c.path == "/" && res.StatusCode != http.StatusOK { // the app, or the note that it isn't built
				t.Errorf("%s /: got %d, want 200", c.method, res.StatusCode)
			}
			policy := res.Header.Get("Content-Security-Policy")
			strict, loose := apiPolicy, loosePolicy
			if c.page {
				strict, loose = pagePolicy, loosePolicy[:len(loosePolicy)-1]
			}
			for _, want := range strict {
				if !strings.Contains(policy, want) {
					t.Errorf("Content-Security-Policy %q: want it to hold %q", policy, want)
				}
			}
			for _, loose := range loose {
				if strings.Contains(policy, loose) {
					t.Errorf("Content-Security-Policy %q: want no %q", policy, loose)
				}
			}
			for header, want := range map[string]string{
				"X-Content-Type-Options":      "nosniff",
				"Referrer-Policy":             "no-referrer",
				"X-Frame-Options":             "DENY",
				"Access-Control-Allow-Origin": "",
			} {
				if got := res.Header.Get(header); got != want {
					t.Errorf("%s: got %q, want %q", header, got, want)
				}
			}
		})
	}
}

// preflight asks p, as a browser would before a cross-site POST, whether origin may book.
func preflight(t *testing.T, base, origin string) http.Header {
	t.Helper()
	req, err := http.NewRequest(http.MethodOptions, base+"/salons/studio-nine/book", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", http.MethodPost)
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	res, err := calendarClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode >= 500 {
		t.Errorf("preflight: got %d, want no 5xx", res.StatusCode)
	}
	return res.Header
}

// postFrom books round one as a page of origin would, and returns the reply's headers.
func postFrom(t *testing.T, base, origin string) http.Header {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/salons/studio-nine/book", strings.NewReader(roundOneBody))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", origin)
	res, err := calendarClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Header
}

func TestNoCORSUnlessConfigured(t *testing.T) {
	t.Parallel()
	const salonSite, elsewhere = "https://salon.example", "https://elsewhere.example"
	t.Run("with no origins configured, no reply allows another origin", func(t *testing.T) {
		p := spawn(t, []string{envSigningKey + "=" + testKey})
		for _, origin := range []string{salonSite, elsewhere, "null"} {
			for _, h := range []http.Header{preflight(t, p.base(), origin), postFrom(t, p.base(), origin)} {
				for name := range h {
					if strings.HasPrefix(name, "Access-Control-") {
						t.Errorf("origin %s: got %s: %q, want no CORS header", origin, name, h.Get(name))
					}
				}
			}
		}
	})
	t.Run("with an origin configured, only that origin is allowed", func(t *testing.T) {
		p := spawn(t, []string{envSigningKey + "=" + testKey, envCORSOrigins + "=" + salonSite})
		h := preflight(t, p.base(), salonSite)
		if got := h.Get("Access-Control-Allow-Origin"); got != salonSite {
			t.Errorf("preflight from %s: got Access-Control-Allow-Origin %q, want %q", salonSite, got, salonSite)
		}
		if got := h.Get("Access-Control-Allow-Methods"); !strings.Contains(got, http.MethodPost) {
			t.Errorf("preflight from %s: got Access-Control-Allow-Methods %q, want POST among them", salonSite, got)
		}
		if got := h.Get("Access-Control-Allow-Credentials"); got != "" {
			t.Errorf("preflight from %s: got Access-Control-Allow-Credentials %q, want none", salonSite, got)
		}
		if got := postFrom(t, p.base(), salonSite).Get("Access-Control-Allow-Origin"); got != salonSite {
			t.Errorf("POST from %s: got Access-Control-Allow-Origin %q, want %q", salonSite, got, salonSite)
		}
		for _, h := range []http.Header{preflight(t, p.base(), elsewhere), postFrom(t, p.base(), elsewhere)} {
			if got := h.Get("Access-Control-Allow-Origin"); got != "" {
				t.Errorf("from %s: got Access-Control-Allow-Origin %q, want none", elsewhere, got)
			}
		}
	})
}

func TestACORSOriginThatIsntOneStopsStartUp(t *testing.T) {
	t.Parallel()
	for _, origins := range []string{"salon.example", "https://salon.example/", "https://salon.example/app", "ftp://salon.example", "https://"} {
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-cors-origins", origins}, func(string) string { return "" }, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-cors-origins") {
			t.Errorf("-cors-origins %q: got %v, want an error naming -cors-origins", origins, err)
		}
	}
	if _, err := corsOrigins(" https://salon.example , http://localhost:5173 ,"); err != nil {
		t.Errorf("two origins with spaces and a trailing comma: got %v, want nil", err)
	}
	if origins, err := corsOrigins(""); origins != nil || err != nil {
		t.Errorf("no origins: got %q, %v, want none and nil", origins, err)
	}
}
