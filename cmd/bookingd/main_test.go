// This file tests bookingd as operators meet it: run on port 0, its configuration, subcommands, logs and shutdown.

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/testkit"
	"salon/internal/testredis"
)

const testKey = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

// logBuffer collects what bookingd writes, safe to read while it runs.
type logBuffer struct{ testkit.Buffer }

// lines decodes every line written so far, failing the test on one that isn't a JSON object.
func (b *logBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("a log line that isn't JSON: %q", line)
		}
		out = append(out, rec)
	}
	return out
}

// started is a bookingd running in this process.
type started struct {
	base   string
	stderr *logBuffer
	stop   context.CancelFunc
	done   chan error
	once   sync.Once
}

// start runs bookingd on a free loopback port with env, and waits until it answers /healthz. Its
// quota per client address is off unless env sets BOOKING_RATE, as spawn's is.
// readyWithin bounds how long a bookingd started in the test's process may take to serve: a fresh
// database's migrations run under the race detector beside every parallel test of the package, the
// fuzzers on the other lane, so it is a bound on a hang, not a measure of startup.
const readyWithin = 30 * time.Second

func start(t *testing.T, env map[string]string, args ...string) *started {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &started{stderr: &logBuffer{}, stop: cancel, done: make(chan error, 1)}
	cache := t.TempDir() // -dev's demo calendar, one per test
	getenv := func(k string) string {
		v, ok := env[k]
		switch {
		case ok:
			return v
		case k == "XDG_CACHE_HOME":
			return cache
		case k == envRate:
			return "0"
		}
		return ""
	}
	go func() {
		s.done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), getenv, nil, io.Discard, s.stderr)
	}()
	t.Cleanup(func() { s.shutdown(t) })
	addr := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)
	deadline := time.Now().Add(readyWithin)
	for time.Now().Before(deadline) {
		if m := addr.FindStringSubmatch(s.stderr.String()); m != nil {
			s.base = "http://" + m[1]
			if res, err := http.Get(s.base + "/healthz"); err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					return s
				}
			}
		}
		select {
		case err := <-s.done:
			t.Fatalf("bookingd stopped before serving: %v\n%s", err, s.stderr)
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("bookingd didn't answer /healthz within %s:\n%s", readyWithin, s.stderr)
	return nil
}

// shutdown ends bookingd's context and checks run returns nil; later calls do nothing.
func (s *started) shutdown(t *testing.T) {
	t.Helper()
	s.once.Do(func() {
		s.stop()
		select {
		case err := <-s.done:
			if err != nil {
				t.Errorf("run returned %v after shutdown, want nil", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("bookingd didn't stop within 15s of its context ending")
		}
	})
}

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	res, err := calendarClient.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, strings.TrimSpace(string(out))
}

const roundOneBody = `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`

// bothRounds books through round one and round two, and returns the state it used.
func bothRounds(t *testing.T, base string) string {
	t.Helper()
	status, body := post(t, base+"/salons/studio-nine/book", roundOneBody)
	var asked struct{ RequestState string }
	if status != http.StatusOK || json.Unmarshal([]byte(body), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: got %d %s, want 200 with a requestState", status, body)
	}
	second := fmt.Sprintf(`{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},`+
		`"inputResponses":{"time":{"action":"accept","content":{"time":"sat-11:30"}}},"requestState":%s}`, mustJSON(asked.RequestState))
	status, body = post(t, base+"/salons/studio-nine/book", second)
	if want := `{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-11:30","say":"sat-11:30 is yours."}}`; status != 200 || body != want {
		t.Fatalf("round two: got %d %s, want 200 %s", status, body, want)
	}
	return asked.RequestState
}

func mustJSON(v any) string {
	out, _ := json.Marshal(v)
	return string(out)
}

func TestServesBothRoundsAndLogsEachRequestWithoutSecrets(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envSigningKey: testKey})
	state := bothRounds(t, s.base)
	s.shutdown(t)

	logs := s.stderr.String()
	mac := state[strings.LastIndexByte(state, '.')+1:]
	for _, secret := range []string{testKey, mac, "goodUntil"} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
	var requests []string
	for _, rec := range s.stderr.lines(t) {
		if rec["msg"] == "request" && rec["route"] == api.BookPath {
			requests = append(requests, fmt.Sprint(rec["status"], " ", rec["outcome"]))
		}
	}
	if got, want := strings.Join(requests, ", "), "200 input_required, 200 booked"; got != want {
		t.Errorf("booking log lines: got %q, want %q", got, want)
	}
}

func TestNoKeyServesAndAnswers503(t *testing.T) {
	t.Parallel()
	s := start(t, nil)
	status, body := post(t, s.base+"/salons/studio-nine/book", roundOneBody)
	if status != http.StatusServiceUnavailable || body != `"the booking service is unavailable"` {
		t.Errorf("got %d %s, want 503 \"the booking service is unavailable\"", status, body)
	}
}

func TestDevSignsWithARandomKeyAndSaysSo(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{envDatabaseURL: ""}, "-dev")
	if !strings.Contains(s.stderr.String(), "dev mode: no "+envSigningKey) {
		t.Errorf("stderr doesn't say dev mode made a key:\n%s", s.stderr)
	}
	bookDemo(t, s.base)
}

func TestPreviousKeysStillVerify(t *testing.T) {
	// Not beside the other process tests: three starts on a shared Redis, timed against a state's life.
	// The processes share a Redis, as a fleet rolling its key does: a process in memory would
	// refuse every state from before its start, whatever key signed it.
	redisURL := testredis.Start(t).URL()
	old := start(t, map[string]string{envSigningKey: testKey, envRedisURL: redisURL})
	status, body := post(t, old.base+"/salons/studio-nine/book", roundOneBody)
	var asked struct{ RequestState string }
	if status != 200 || json.Unmarshal([]byte(body), &asked) != nil {
		t.Fatalf("round one: got %d %s", status, body)
	}
	old.shutdown(t)
	second := `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},` +
		`"inputResponses":{"time":{"action":"decline"}},"requestState":` + mustJSON(asked.RequestState) + `}`

	newKey := strings.Repeat("ab", 32)
	dropped := start(t, map[string]string{envSigningKey: newKey, envRedisURL: redisURL})
	if status, body := post(t, dropped.base+"/salons/studio-nine/book", second); status != 400 || body != `"requestState doesn't verify"` {
		t.Errorf("old key dropped: got %d %s, want 400 \"requestState doesn't verify\"", status, body)
	}
	rotating := start(t, map[string]string{envSigningKey: newKey, envPreviousKeys: strings.Repeat("cd", 32) + " , " + testKey, envRedisURL: redisURL})
	if status, body := post(t, rotating.base+"/salons/studio-nine/book", second); status != 200 {
		t.Errorf("old key listed as previous: got %d %s, want 200", status, body)
	}
}

func TestBadConfigurationStopsStartUp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"a short key", map[string]string{envSigningKey: "abcd"}, nil, "BOOKING_SIGNING_KEY must be at least 32 bytes"},
		{"a key that isn't hex", map[string]string{envSigningKey: strings.Repeat("zz", 32)}, nil, "BOOKING_SIGNING_KEY must be written in hex"},
		{"a short previous key", map[string]string{envSigningKey: testKey, envPreviousKeys: testKey + ",abcd"}, nil, "BOOKING_PREVIOUS_SIGNING_KEYS: key 2 must be at least 32 bytes"},
		{"a life that isn't positive", map[string]string{envSigningKey: testKey}, []string{"-state-ttl", "0s"}, "-state-ttl must be positive"},
		{"fewer than no replicas", map[string]string{envSigningKey: testKey}, []string{"-redis-replicas", "-1"}, "-redis-replicas must be 0 or more"},
		{"an unknown argument", nil, []string{"serve"}, `unexpected argument "serve"`},
		{"a short MCP token", map[string]string{envSigningKey: testKey, envMCPToken: "short"}, nil, "BOOKING_MCP_TOKEN must be at least 32 characters"},
		{"a rate without its unit", nil, []string{"-rate", "5"}, `-rate: "5" is not a rate`},
		{"a rate a minute", nil, []string{"-rate", "5/m"}, `-rate: "5/m" is not a rate`},
		{"a negative rate", map[string]string{envRate: "-1/s"}, nil, `-rate: "-1/s" is not a rate`},
		{"a proxy that isn't an address", nil, []string{"-trusted-proxies", "10.0.0.0/8, proxy.internal"}, `-trusted-proxies: "proxy.internal" is not an IP address or a CIDR range`},
		{"a proxy range that doesn't parse", map[string]string{envProxies: "10.0.0.0/33"}, nil, `-trusted-proxies: "10.0.0.0/33" is not an IP address`},
		{"mail without a sender", map[string]string{envSigningKey: testKey}, []string{"-db", "sqlite:x.db", "-smtp-url", "smtp://127.0.0.1:2525"},
			"-smtp-url needs -mail-from"},
		{"a sender without mail", map[string]string{envSigningKey: testKey}, []string{"-mail-from", "hello@studio-nine.example"},
			"-mail-from needs -smtp-url"},
		{"mail that isn't SMTP", map[string]string{envSigningKey: testKey, envSMTPURL: "http://127.0.0.1:2525"},
			[]string{"-mail-from", "hello@studio-nine.example"}, "the server URL must be smtp://"},
		{"mail without a calendar", map[string]string{envSigningKey: testKey},
			[]string{"-smtp-url", "smtp://127.0.0.1:2525", "-mail-from", "hello@studio-nine.example"}, "-smtp-url needs -db"},
		{"a reminder after the start", map[string]string{envSigningKey: testKey}, []string{"-remind-before", "-1h"}, "-remind-before must be 0 or more"},
		{"a public URL with a query", map[string]string{envSigningKey: testKey}, []string{"-public-url", "https://book.example/?a=b"}, "-public-url must be"},
		{"insecure webhooks neither true nor false", map[string]string{envSigningKey: testKey, envWebhooksInsecure: "maybe"}, nil,
			"$BOOKING_WEBHOOKS_INSECURE must be true or false"},
		{"a first retry that is no duration", map[string]string{envSigningKey: testKey, envTestFirstRetry: "soon"}, nil,
			"$BOOKING_TEST_FIRST_RETRY must be a positive duration"},
		{"a retention without its unit", nil, []string{"-retention", "400"}, `-retention: "400" is neither a Go duration`},
		{"a retention of no days", map[string]string{envRetention: "0d"}, nil, `-retention: "0d" is not a number of days`},
		{"a negative retention", nil, []string{"-retention", "-5h"}, `-retention: "-5h" must be positive`},
		{"guesses that aren't a number", map[string]string{envGuesses: "ten"}, nil, `-owner-guesses: "ten" is not a whole number`},
		{"a Stripe key without its webhook's secret", map[string]string{envStripeKey: "sk_test_123"}, nil, "-stripe-key needs -stripe-webhook-secret"},
		{"a webhook's secret without a key", map[string]string{envStripeSecret: "whsec_abc"}, nil, "-stripe-webhook-secret needs -stripe-key"},
		{"a publishable key", map[string]string{envStripeSecret: "whsec_abc"}, []string{"-stripe-key", "pk_test_123"}, "-stripe-key must be a secret or restricted key"},
		{"a key given twice", map[string]string{envStripeKey: "sk_test_1", envStripeSecret: "whsec_abc"}, []string{"-stripe-key", "sk_test_2"},
			"-stripe-key and $BOOKING_STRIPE_KEY (or BOOKING_STRIPE_KEY_FILE) are both set"},
		{"a secret that isn't one", map[string]string{envStripeKey: "sk_test_1", envStripeSecret: "abc"}, nil, "-stripe-webhook-secret must be a webhook signing secret"},
		{"deposits without a calendar", map[string]string{envSigningKey: testKey, envStripeKey: "sk_test_1", envStripeSecret: "whsec_abc"},
			[]string{"-public-url", "https://book.example"}, "-stripe-key needs -db"},
		{"deposits without a public address", map[string]string{envSigningKey: testKey, envStripeKey: "sk_test_1", envStripeSecret: "whsec_abc"},
			[]string{"-db", "sqlite:x.db"}, "-stripe-key needs -public-url"},
		{"texts without a token", map[string]string{envTwilioSID: "AC123"}, []string{"-sms-from", "+447700900999"},
			"texts need all three of $BOOKING_TWILIO_ACCOUNT_SID, $BOOKING_TWILIO_AUTH_TOKEN"},
		{"texts from nowhere", map[string]string{envTwilioSID: "AC123", envTwilioToken: "t"}, nil, "texts need all three"},
		{"an account SID that isn't one", map[string]string{envTwilioSID: "XX123", envTwilioToken: "t"}, []string{"-sms-from", "+447700900999"},
			"$BOOKING_TWILIO_ACCOUNT_SID must be an account SID"},
		{"a sender that is no number", map[string]string{envTwilioSID: "AC123", envTwilioToken: "t"}, []string{"-sms-from", "07700 900999"},
			"-sms-from must be a number in E.164"},
		{"texts without a calendar", map[string]string{envSigningKey: testKey, envTwilioSID: "AC123", envTwilioToken: "t"},
			[]string{"-sms-from", "+447700900999"}, "texts need -db"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stderr logBuffer
			getenv := func(k string) string { return c.env[k] }
			err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, c.args...), getenv, nil, io.Discard, &stderr)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestRetentionReadsDaysOrAGoDuration(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]time.Duration{"400d": 400 * 24 * time.Hour, "1d": 24 * time.Hour, "9600h": 9600 * time.Hour, " 90m ": 90 * time.Minute} {
		if got, err := parseRetention(in); err != nil || got != want {
			t.Errorf("parseRetention(%q): got %v, %v, want %v", in, got, err, want)
		}
	}
}

func TestKeygenPrintsAFreshKey(t *testing.T) {
	t.Parallel()
	keys := map[string]bool{}
	for range 2 {
		var out bytes.Buffer
		if err := run(context.Background(), []string{"keygen"}, os.Getenv, nil, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		key := strings.TrimSuffix(out.String(), "\n")
		if raw, err := hex.DecodeString(key); err != nil || len(raw) != 32 || key != strings.ToLower(key) {
			t.Errorf("got %q, want 64 lowercase hex digits", key)
		}
		keys[key] = true
	}
	if len(keys) != 2 {
		t.Error("two runs of keygen printed the same key")
	}
}

func TestOpenapiPrintsTheDocument(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"openapi"}, os.Getenv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want, err := api.DocumentJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("bookingd openapi printed something other than the document")
	}
}

func TestUsageListsEverySubcommand(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, os.Getenv, nil, io.Discard, &stderr); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: got %v, want flag.ErrHelp", err)
	}
	for _, sub := range []string{"keygen", "openapi", "healthcheck", "mcp"} {
		if !strings.Contains(stderr.String(), "bookingd "+sub) {
			t.Errorf("the usage doesn't list %s:\n%s", sub, stderr.String())
		}
	}
}

// TestSIGTERMDrainsInFlightRequests runs the real binary: a request still being sent when SIGTERM
// arrives is answered, and then the process exits 0 with nothing but JSON lines on stderr.
func TestSIGTERMDrainsInFlightRequests(t *testing.T) {
	t.Parallel()
	p := spawn(t, []string{envSigningKey + "=" + testKey})
	cmd, addr := p.cmd, p.addr
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := fmt.Sprintf("POST /salons/studio-nine/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(roundOneBody))
	half := len(roundOneBody) / 2
	if _, err := io.WriteString(conn, head+roundOneBody[:half]); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := io.WriteString(conn, roundOneBody[half:]); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the in-flight request got no answer: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("in-flight request: got %d, want 200", res.StatusCode)
	}
	conn.Close()
	logged := p.rest()
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: got %v, want exit 0", err)
	}
	for _, line := range logged {
		if !json.Valid([]byte(line)) {
			t.Errorf("a line on stderr that isn't JSON: %q", line)
		}
	}
	if last := logged[len(logged)-1]; !strings.Contains(last, `"msg":"stopped"`) {
		t.Errorf("last line: got %s, want the stopped line", last)
	}
}

func TestHealthcheckAsksHealthz(t *testing.T) {
	t.Parallel()
	s := start(t, nil)
	if err := run(context.Background(), []string{"healthcheck", "-url", s.base + "/healthz"}, os.Getenv, nil, io.Discard, io.Discard); err != nil {
		t.Errorf("healthy server: got %v, want nil", err)
	}
	if err := run(context.Background(), []string{"healthcheck", "-url", s.base + "/nope"}, os.Getenv, nil, io.Discard, io.Discard); err == nil {
		t.Error("a 404: got nil, want an error")
	}
}
