// This file loads one in-process bookingd with many customers doing both rounds at once, under the race detector, and checks for leaked goroutines.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// loadFor bounds the load test's run; each customer also stops after loadVisits visits.
const (
	loadFor       = 2 * time.Second
	loadCustomers = 24
	loadVisits    = 400
)

// visit is one customer's booking: round one, then three round twos racing with its state.
type visit struct {
	salon, args string
	slots       []string
}

func (v visit) path() string { return "/salons/" + url.PathEscape(v.salon) + "/book" }

// TestManyCustomersBothRoundsUnderLoad runs bookingd in this process and sends it many customers
// at once for a bounded time. Each round one's state is sent three times at once: an accept, a
// decline with its MAC in capitals, and an accept of a time never offered. The last is always
// refused and spends nothing; of the first two exactly one completes and the other is refused as
// used. When the server has shut down, no goroutine is left behind.
func TestManyCustomersBothRoundsUnderLoad(t *testing.T) {
	// Not beside the other process tests: its count of goroutines needs the package to itself.
	leftBefore := goleak.IgnoreCurrent()
	s := start(t, map[string]string{envSigningKey: testKey})
	http.DefaultTransport.(*http.Transport).CloseIdleConnections() // start's health check
	transport := &http.Transport{MaxIdleConnsPerHost: 4 * loadCustomers}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	postJSON := func(path, body string) (int, string, error) {
		res, err := client.Post(s.base+path, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		reply, err := io.ReadAll(res.Body)
		return res.StatusCode, strings.TrimSpace(string(reply)), err
	}

	salons := []string{"studio-nine", "Hair & Co/Annex", "café"}
	var (
		mu        sync.Mutex
		issued    = map[string]bool{}
		completed = map[string]int{}
		failures  []string
		nothing   int // round ones with nothing open, which complete at once
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	deadline := time.Now().Add(loadFor)
	var customers sync.WaitGroup
	for c := range loadCustomers {
		customers.Go(func() {
			for i := 0; i < loadVisits && time.Now().Before(deadline); i++ {
				// Zero to three open slots: a quarter of the visits have nothing open.
				slots := []string{fmt.Sprintf("mon-%02d:00", i%12), fmt.Sprintf("tue-%02d:30", c%12), "wed-09:00"}[:(c+i)%4]
				v := visit{salon: salons[(c+i)%len(salons)], slots: slots}
				v.args = fmt.Sprintf(`{"message":"customer %d, visit %d","openSlots":%s}`, c, i, mustJSON(append([]string{}, slots...)))
				status, body, err := postJSON(v.path(), `{"arguments":`+v.args+`}`)
				if err != nil || status != http.StatusOK {
					fail("round one of %+v: got %d %s %v, want 200", v, status, body, err)
					return
				}
				var asked struct{ ResultType, RequestState string }
				if err := json.Unmarshal([]byte(body), &asked); err != nil {
					fail("round one of %+v: %v", v, err)
					return
				}
				if len(slots) == 0 {
					if asked.ResultType != "complete" || asked.RequestState != "" {
						fail("round one with nothing open: got %s, want complete with no state", body)
					}
					mu.Lock()
					nothing++
					mu.Unlock()
					continue
				}
				mu.Lock()
				issued[asked.RequestState] = true
				mu.Unlock()
				race(t, v, asked.RequestState, postJSON, fail, func() {
					mu.Lock()
					defer mu.Unlock()
					completed[asked.RequestState]++
				})
			}
		})
	}
	customers.Wait()
	s.shutdown(t)
	transport.CloseIdleConnections()

	for _, f := range failures {
		t.Error(f)
	}
	if len(issued) < loadCustomers {
		t.Errorf("got %d states issued in %v, want at least one per customer", len(issued), loadFor)
	}
	for state := range issued {
		if completed[state] != 1 {
			t.Errorf("a state completed %d times, want exactly once", completed[state])
		}
	}
	if len(completed) != len(issued) {
		t.Errorf("got %d states completed, want every one of the %d issued", len(completed), len(issued))
	}
	t.Logf("%d customers in %v: %d states issued, each completed once; %d round ones with nothing open", loadCustomers, loadFor, len(issued), nothing)
	goleak.VerifyNone(t, leftBefore)
}

// race sends v's three round twos with state at once and checks their outcomes; completed is
// called once for the one that completes.
func race(t *testing.T, v visit, state string, postJSON func(path, body string) (int, string, error), fail func(string, ...any), completed func()) {
	t.Helper()
	offered := v.slots[0]
	dot := strings.LastIndexByte(state, '.')
	capitals := state[:dot] + strings.ToUpper(state[dot:])
	bodies := []string{
		`{"arguments":` + v.args + `,"inputResponses":{"time":{"action":"accept","content":{"time":` + mustJSON(offered) + `}}},"requestState":` + mustJSON(state) + `}`,
		`{"arguments":` + v.args + `,"inputResponses":{"time":{"action":"decline"}},"requestState":` + mustJSON(capitals) + `}`,
		`{"arguments":` + v.args + `,"inputResponses":{"time":{"action":"accept","content":{"time":"never-offered"}}},"requestState":` + mustJSON(state) + `}`,
	}
	replies := make([]string, len(bodies))
	var wg sync.WaitGroup
	for i, body := range bodies {
		wg.Go(func() {
			status, reply, err := postJSON(v.path(), body)
			if err != nil {
				reply = err.Error()
			}
			replies[i] = fmt.Sprint(status, " ", reply)
		})
	}
	wg.Wait()
	booked := fmt.Sprintf(`200 {"resultType":"complete","structuredContent":{"status":"booked","slot":%s,"say":%s}}`, mustJSON(offered), mustJSON(offered+" is yours."))
	declined := `200 {"resultType":"complete","structuredContent":{"status":"not_booked","say":"No time was chosen, so nothing is booked."}}`
	used := `400 "requestState was already used"`
	if replies[2] != `400 "never-offered was never offered"` {
		fail("%+v: a time never offered: got %s, want 400 \"never-offered was never offered\"", v, replies[2])
	}
	switch {
	case replies[0] == booked && replies[1] == used, replies[0] == used && replies[1] == declined:
		completed()
	default:
		fail("%+v: the accept and the decline raced: got %q and %q, want one completed and the other %s", v, replies[0], replies[1], used)
	}
}
