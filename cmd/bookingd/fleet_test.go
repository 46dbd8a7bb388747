// This file runs two real bookingd processes sharing one key and one real Redis, as a fleet behind a load balancer would.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"salon/internal/testredis"
)

// fleet is two instances sharing a key and a Redis.
type fleet struct {
	redis *testredis.Server
	a, b  *process
}

func startFleet(t *testing.T) *fleet {
	t.Helper()
	redis := testredis.Start(t)
	return startFleetOn(t, redis, redis.URL(), redis.URL())
}

// startFleetOn starts the two instances of a fleet on redis, reaching it at urlA and urlB (a
// proxy's, say), each with args.
func startFleetOn(t *testing.T, redis *testredis.Server, urlA, urlB string, args ...string) *fleet {
	t.Helper()
	env := []string{envSigningKey + "=" + testKey}
	return &fleet{
		redis: redis,
		a:     spawn(t, append(env, envRedisURL+"="+urlA), args...),
		b:     spawn(t, env, append([]string{"-redis-url", urlB}, args...)...),
	}
}

func askState(t *testing.T, base string) string {
	t.Helper()
	status, body := post(t, base+"/salons/studio-nine/book", roundOneBody)
	var asked struct{ RequestState string }
	if status != http.StatusOK || !strings.Contains(body, `"input_required"`) {
		t.Fatalf("round one: got %d %s, want 200 input_required", status, body)
	}
	if err := jsonUnmarshal(body, &asked); err != nil {
		t.Fatal(err)
	}
	return asked.RequestState
}

func accepting(state string) string {
	return `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]},` +
		`"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},"requestState":` + mustJSON(state) + `}`
}

const booked = `{"resultType":"complete","structuredContent":{"status":"booked","slot":"sat-10:30","say":"sat-10:30 is yours."}}`

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestAFleetSharesItsSpentStatesThroughRedis(t *testing.T) {
	t.Parallel()
	f := startFleet(t)

	state := askState(t, f.a.base())
	if status, body := post(t, f.b.base()+"/salons/studio-nine/book", accepting(state)); status != 200 || body != booked {
		t.Fatalf("round two on the other instance: got %d %s, want 200 %s", status, body, booked)
	}
	dot := strings.LastIndexByte(state, '.')
	for _, replay := range []string{state, state[:dot] + strings.ToUpper(state[dot:])} {
		if status, body := post(t, f.a.base()+"/salons/studio-nine/book", accepting(replay)); status != 400 || body != `"requestState was already used"` {
			t.Errorf("replay on the first instance: got %d %s, want 400 \"requestState was already used\"", status, body)
		}
	}
}

func TestFiftyRequestsRacingAcrossTheFleetCompleteOnce(t *testing.T) {
	t.Parallel()
	f := startFleet(t)
	state := askState(t, f.a.base())
	body := accepting(state)
	start := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	tally := map[string]int{}
	for i := range 50 {
		base := f.a.base()
		if i%2 == 1 {
			base = f.b.base()
		}
		wg.Go(func() {
			<-start
			res, err := calendarClient.Post(base+"/salons/studio-nine/book", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			reply, _ := io.ReadAll(res.Body)
			mu.Lock()
			tally[fmt.Sprint(res.StatusCode, " ", strings.TrimSpace(string(reply)))]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	want := map[string]int{"200 " + booked: 1, `400 "requestState was already used"`: 49}
	if fmt.Sprint(tally) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", tally, want)
	}
}

func TestRedisDownFailsClosedAndTheStateSurvives(t *testing.T) {
	t.Parallel()
	// Redis with every write synced to its append-only file keeps its spends, and its epoch,
	// across the restart (one without would be a loss, and refuse the state as expired).
	redis := testredis.StartPersistent(t)
	f := startFleetOn(t, redis, redis.URL(), redis.URL())
	state := askState(t, f.a.base())

	f.redis.Stop()
	for _, p := range []*process{f.a, f.b} {
		if status, body := post(t, p.base()+"/salons/studio-nine/book", accepting(state)); status != 503 || body != `"the booking service is unavailable"` {
			t.Errorf("round two with redis down: got %d %s, want 503 \"the booking service is unavailable\"", status, body)
		}
		if status, _ := get(t, p.base()+"/readyz"); status != 503 {
			t.Errorf("/readyz with redis down: got %d, want 503", status)
		}
		if status, _ := get(t, p.base()+"/healthz"); status != 200 {
			t.Errorf("/healthz with redis down: got %d, want 200", status)
		}
	}
	askState(t, f.b.base()) // round one needs no redis

	f.redis.Start()
	for _, p := range []*process{f.a, f.b} {
		if status, body := get(t, p.base()+"/readyz"); status != 200 {
			t.Errorf("/readyz with redis back: got %d %s, want 200", status, body)
		}
	}
	if status, body := post(t, f.b.base()+"/salons/studio-nine/book", accepting(state)); status != 200 || body != booked {
		t.Errorf("the unspent state with redis back: got %d %s, want 200 %s", status, body, booked)
	}

	for _, p := range []*process{f.a, f.b} {
		for _, line := range p.lines() {
			if !json.Valid([]byte(line)) {
				t.Errorf("a line on stderr that isn't JSON: %q", line)
			}
		}
	}

	_, metrics := get(t, f.a.base()+"/metrics")
	for _, want := range []string{
		`bookingd_booking_outcomes_total{outcome="unavailable"} 1`,
		`bookingd_booking_outcomes_total{outcome="input_required"} 1`,
		`bookingd_spent_store_errors_total 1`,
		`bookingd_http_requests_total{code="503",method="POST",route="/salons/:salon/book"} 1`,
		`bookingd_http_request_duration_seconds_bucket{method="POST",route="/salons/:salon/book",le="+Inf"} 2`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func jsonUnmarshal(body string, into any) error { return json.Unmarshal([]byte(body), into) }
