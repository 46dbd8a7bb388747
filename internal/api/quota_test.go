// This file tests the quota over HTTP: 429 with Retry-After, the client address read from X-Forwarded-For only behind a trusted proxy, the table bounded under a flood, and the limited routes the ones the document says.

package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/quota"
	"salon/internal/requeststate"
	"salon/internal/testkit"
)

// limitedWorld is an application with a quota of one request a second (a burst of four), a clock
// the test moves, and the request log it reads.
type limitedWorld struct {
	clock  *testkit.Clock
	quota  *quota.Limiter
	log    *testkit.Buffer
	client *apitest.Client
}

func newLimitedWorld(t *testing.T, trusted ...string) *limitedWorld {
	t.Helper()
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	w := &limitedWorld{clock: testkit.NewClock(time.Unix(1_800_000_000, 0)), quota: quota.New(1, 16), log: &testkit.Buffer{}}
	var proxies []netip.Prefix
	for _, p := range trusted {
		proxies = append(proxies, netip.MustParsePrefix(p))
	}
	nonces := &counter{}
	client, err := apitest.New(api.New(api.Service{
		Keys: &keys, Life: 2 * time.Minute, Now: w.clock.Now, Nonce: nonces.nonce, Spent: requeststate.NewMemory(w.clock.Now),
		Log: slog.New(slog.NewJSONHandler(w.log, nil)), Quota: w.quota, TrustedProxies: proxies,
	}))
	if err != nil {
		t.Fatal(err)
	}
	w.client = client
	return w
}

// book sends round one from peer (an address and port) with X-Forwarded-For forwarded, when not empty.
func (w *limitedWorld) book(t *testing.T, peer, forwarded string) apitest.Reply {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/salons/"+salon+"/book", strings.NewReader(`{"arguments":`+booking(slots...)+`}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = peer
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	reply, err := w.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return reply
}

// wantTooMany fails unless reply is the quota's refusal, asking to wait retryAfter seconds.
func wantTooMany(t *testing.T, reply apitest.Reply, retryAfter string) {
	t.Helper()
	wantJSON(t, reply, http.StatusTooManyRequests, `"too many requests; try again shortly"`)
	if got := reply.Header.Get("Retry-After"); got != retryAfter {
		t.Errorf("Retry-After: got %q, want %q", got, retryAfter)
	}
}

// exhaust spends the burst of four that the client at peer, forwarded as forwarded, has.
func (w *limitedWorld) exhaust(t *testing.T, peer, forwarded string) {
	t.Helper()
	for i := range 4 {
		if reply := w.book(t, peer, forwarded); reply.Status != http.StatusOK {
			t.Fatalf("request %d of the burst: got %d %s, want 200", i+1, reply.Status, reply.Body)
		}
	}
}

// remotes are the request log's remote addresses, in order.
func (w *limitedWorld) remotes(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, line := range (&observed{log: w.log}).lines(t) {
		if line["msg"] == "request" {
			out = append(out, fmt.Sprint(line["remote"]))
		}
	}
	return out
}

func TestAClientPastItsBurstIsAnswered429WithRetryAfter(t *testing.T) {
	w := newLimitedWorld(t)
	w.exhaust(t, "203.0.113.7:5000", "")
	wantTooMany(t, w.book(t, "203.0.113.7:5001", ""), "1")
	if reply := w.book(t, "198.51.100.9:5000", ""); reply.Status != http.StatusOK {
		t.Errorf("another client: got %d %s, want 200", reply.Status, reply.Body)
	}
	w.clock.Advance(999 * time.Millisecond)
	wantTooMany(t, w.book(t, "203.0.113.7:5002", ""), "1")
	w.clock.Advance(time.Millisecond)
	if reply := w.book(t, "203.0.113.7:5003", ""); reply.Status != http.StatusOK {
		t.Errorf("a second on: got %d %s, want 200", reply.Status, reply.Body)
	}
	var refused int
	for _, line := range (&observed{log: w.log}).lines(t) {
		if line["outcome"] == "too_many" && line["reason"] == "too many requests; try again shortly" && line["status"] == float64(429) {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("got %d request lines saying too_many with status 429, want 2; the log:\n%s", refused, w.log)
	}
}

func TestRetryAfterIsWholeSecondsRoundedUp(t *testing.T) {
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	clock := testkit.NewClock(time.Unix(1_800_000_000, 0))
	app := api.New(api.Service{Keys: &keys, Life: time.Minute, Now: clock.Now, Nonce: (&counter{}).nonce,
		Spent: requeststate.NewMemory(clock.Now), Quota: quota.New(0.2, 16)}) // one every 5s, a burst of one
	client, err := apitest.New(app)
	if err != nil {
		t.Fatal(err)
	}
	body := `{"arguments":` + booking(slots...) + `}`
	if reply, err := client.Book(salon, body); err != nil || reply.Status != http.StatusOK {
		t.Fatalf("the first: got %v %v, want 200", reply.Status, err)
	}
	for _, c := range []struct {
		after time.Duration
		want  string
	}{{0, "5"}, {1500 * time.Millisecond, "4"}, {3900 * time.Millisecond, "2"}, {4999 * time.Millisecond, "1"}} {
		clock.Set(time.Unix(1_800_000_000, 0).Add(c.after))
		reply, err := client.Book(salon, body)
		if err != nil {
			t.Fatal(err)
		}
		wantTooMany(t, reply, c.want)
	}
}

func TestXForwardedForIsIgnoredFromAnUntrustedPeer(t *testing.T) {
	for _, tt := range []struct {
		name    string
		trusted []string
		peer    string
	}{
		{"with no trusted proxies, from loopback", nil, "127.0.0.1:5000"},
		{"with no trusted proxies, from a private address", nil, "10.0.0.2:5000"},
		{"from a peer outside the trusted proxies", []string{"10.0.0.0/8"}, "203.0.113.7:5000"},
		{"from loopback, not listed", []string{"10.0.0.0/8"}, "127.0.0.1:5000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newLimitedWorld(t, tt.trusted...)
			// A client that names a new address in every request still has one bucket: its own.
			for i := range 4 {
				if reply := w.book(t, tt.peer, fmt.Sprintf("198.51.100.%d", i)); reply.Status != http.StatusOK {
					t.Fatalf("request %d: got %d %s, want 200", i+1, reply.Status, reply.Body)
				}
			}
			wantTooMany(t, w.book(t, tt.peer, "198.51.100.200"), "1")
			host, _, _ := strings.Cut(tt.peer, ":")
			for _, remote := range w.remotes(t) {
				if remote != host {
					t.Errorf("the log's remote: got %q, want the peer %q", remote, host)
				}
			}
		})
	}
}

func TestXForwardedForNamesTheClientBehindATrustedProxy(t *testing.T) {
	w := newLimitedWorld(t, "10.0.0.0/8", "2001:db8:1::5/128")
	w.exhaust(t, "10.0.0.2:5000", "198.51.100.1")
	wantTooMany(t, w.book(t, "10.0.0.3:5000", "198.51.100.1"), "1")
	// Another client behind the same proxy has its own bucket, through either proxy.
	if reply := w.book(t, "[2001:db8:1::5]:5000", "198.51.100.2"); reply.Status != http.StatusOK {
		t.Errorf("another client behind the proxy: got %d %s, want 200", reply.Status, reply.Body)
	}
	// What the client wrote to the left of what the proxy appended is not believed.
	wantTooMany(t, w.book(t, "10.0.0.2:5000", "192.0.2.99, 198.51.100.1"), "1")
	// A chain of trusted proxies is walked from the right to the first address not trusted.
	wantTooMany(t, w.book(t, "10.0.0.2:5000", "192.0.2.99, 198.51.100.1, 10.1.2.3"), "1")
	want := []string{"198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.2", "198.51.100.1", "198.51.100.1"}
	if got := w.remotes(t); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the log's remotes: got %q, want %q", got, want)
	}
}

func TestAnIPv6ClientHasOneBucketForItsWhole64(t *testing.T) {
	w := newLimitedWorld(t, "10.0.0.0/8")
	w.exhaust(t, "[2001:db8:7:1::1]:5000", "")
	for _, peer := range []string{"[2001:db8:7:1::2]:5000", "[2001:db8:7:1:ffff:ffff:ffff:ffff]:5000", "[2001:db8:7:1::1%eth0]:5000"} {
		wantTooMany(t, w.book(t, peer, ""), "1")
	}
	// Behind a trusted proxy, the forwarded address is bucketed the same way.
	wantTooMany(t, w.book(t, "10.0.0.2:5000", "2001:db8:7:1::abcd"), "1")
	// The next /64 is another client, and so is every IPv4 address, mapped into IPv6 or not.
	for _, peer := range []string{"[2001:db8:7:2::1]:5000", "[::ffff:192.0.2.1]:5000"} {
		if reply := w.book(t, peer, ""); reply.Status != http.StatusOK {
			t.Errorf("%s: got %d %s, want 200", peer, reply.Status, reply.Body)
		}
	}
	w.exhaust(t, "192.0.2.2:5000", "")
	wantTooMany(t, w.book(t, "[::ffff:192.0.2.2]:5000", ""), "1")
	if reply := w.book(t, "192.0.2.3:5000", ""); reply.Status != http.StatusOK {
		t.Errorf("the next IPv4 address: got %d %s, want 200", reply.Status, reply.Body)
	}
}

func TestTheQuotasTableStaysBoundedUnderAFloodFromManyAddresses(t *testing.T) {
	w := newLimitedWorld(t) // at most 16 clients
	for i := range 300 {
		if reply := w.book(t, fmt.Sprintf("[2001:db8:%x::1]:5000", i), ""); reply.Status != http.StatusOK {
			t.Fatalf("address %d: got %d %s, want 200", i, reply.Status, reply.Body)
		}
		if got := w.quota.Len(); got > 16 {
			t.Fatalf("after %d addresses: got %d clients held, want at most 16", i+1, got)
		}
	}
}

// TestTheLimitedOperationsAreTheOnesThatDocument429 sends every documented operation twice from
// one address to a server whose quota allows one request: exactly the operations the document
// gives a 429 answer 429 the second time, and every route under /salons/{salon}/my/ is among them.
func TestTheLimitedOperationsAreTheOnesThatDocument429(t *testing.T) {
	doc, err := api.Document()
	if err != nil {
		t.Fatal(err)
	}
	filled := strings.NewReplacer("{salon}", "studio-nine", "{booking}", "b-1", "{slot}", "2026-12-05T10:30:00Z")
	limited, mine := 0, 0
	for path, item := range doc.Paths.Map() {
		if strings.HasPrefix(path, "/salons/{salon}/my/") {
			mine += len(item.Operations())
		}
		for method, op := range item.Operations() {
			clock := testkit.NewClock(time.Unix(1_800_000_000, 0))
			server := api.New(api.Service{Now: clock.Now, OwnerToken: strings.Repeat("o", 32), Quota: quota.New(0.25, 16)}) // a burst of one
			// An owner's operation documents a 429 of its own: too many wrong tokens (its own test).
			guarded := false
			if op.Security != nil && len(*op.Security) > 0 {
				_, guarded = (*op.Security)[0]["ownerToken"]
			}
			documented := op.Responses.Status(http.StatusTooManyRequests) != nil && !guarded
			if documented {
				limited++
			}
			if strings.HasPrefix(path, "/salons/{salon}/my/") && !documented {
				t.Errorf("%s %s: no 429 in the document, want every route under /salons/{salon}/my/ limited", method, path)
			}
			var rec *httptest.ResponseRecorder
			for range 2 {
				req := httptest.NewRequest(method, filled.Replace(path), strings.NewReader("{}"))
				req.Header.Set("Content-Type", "application/json")
				rec = httptest.NewRecorder()
				server.ServeHTTP(rec, req)
			}
			if got := rec.Code == http.StatusTooManyRequests; got != documented {
				t.Errorf("%s %s twice: got %d, want 429 exactly when the document lists it (%v)", method, path, rec.Code, documented)
			}
		}
	}
	if mine == 0 || limited != 1+mine {
		t.Errorf("got %d operations with a 429, want %d: round one and round two's route, and the %d under /salons/{salon}/my/", limited, 1+mine, mine)
	}
}

func TestMCPIsLimitedWhenMountedBehindTheQuota(t *testing.T) {
	clock := testkit.NewClock(time.Unix(1_800_000_000, 0))
	app := api.New(api.Service{})
	api.MountMCP(app, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusAccepted) }),
		api.Limit(quota.New(1, 16), clock.Now))
	codes := make([]int, 6)
	for i := range codes {
		req := httptest.NewRequest(http.MethodPost, api.MCPPath, strings.NewReader("{}"))
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		codes[i] = rec.Code
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") != "1" {
			t.Errorf("Retry-After: got %q, want \"1\"", rec.Header().Get("Retry-After"))
		}
	}
	if want := []int{202, 202, 202, 202, 429, 429}; fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("six requests to /mcp at once: got %v, want %v", codes, want)
	}
}
