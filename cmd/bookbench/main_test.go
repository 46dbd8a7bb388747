// This file tests bookbench end to end on tiny bounded runs against the booking app served in the test: it stops by itself, and what it prints parses.

package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/mcp"
	"salon/internal/mcp/mcptest"
	"salon/internal/testkit"
	"salon/internal/testpg"
)

// TestMain lets the test binary stand in for bookbench when the tool starts its baseline process,
// and runs the tests and benchmarks with one PostgreSQL server for those that ask for one.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-serve-baseline" {
		main()
		os.Exit(0)
	}
	os.Exit(testpg.Main(m))
}

// row is one parsed line of the table.
type row struct {
	run, target, round string
	requests           int
	rps, p50, p90, p99 float64
	rpsRatio, p99Ratio string
	cpu                string
	non200             string
}

// parse reads every table line of out, failing the test on a line that doesn't parse.
func parse(t *testing.T, out string) []row {
	t.Helper()
	var rows []row
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != len(header) {
			t.Fatalf("got %d fields in %q, want %d", len(fields), line, len(header))
		}
		if fields[0] == header[0] {
			if strings.Join(fields, " ") != strings.Join(header, " ") {
				t.Fatalf("got header %q, want %q", line, strings.Join(header, " "))
			}
			continue
		}
		r := row{run: fields[0], target: fields[1], round: fields[2], rpsRatio: fields[8], p99Ratio: fields[9], cpu: fields[10], non200: fields[11]}
		var err error
		if r.requests, err = strconv.Atoi(fields[3]); err != nil {
			t.Fatalf("requests in %q: %v", line, err)
		}
		for i, into := range []*float64{&r.rps, &r.p50, &r.p90, &r.p99} {
			if *into, err = strconv.ParseFloat(fields[4+i], 64); err != nil || *into < 0 {
				t.Fatalf("%s in %q: got %q, want a number", header[4+i], line, fields[4+i])
			}
		}
		for _, ratio := range []string{r.rpsRatio, r.p99Ratio, r.cpu} {
			if _, err := strconv.ParseFloat(ratio, 64); err != nil && ratio != "-" {
				t.Fatalf("a ratio or CPU time in %q: got %q, want a number or -", line, ratio)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// bench runs the tool with args and returns what it printed, failing the test on an error.
func bench(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out, errOut bytes.Buffer
	if err := run(ctx, args, nil, &out, &errOut); err != nil {
		t.Fatalf("bookbench %s: got %v (stderr %s), want nil", strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

func TestABoundedRunPrintsEachRoundOfEachTargetAndTheMedians(t *testing.T) {
	app := httptest.NewServer(inProcessApp(t, "", "", time.Now))
	defer app.Close()
	out := bench(t, "-url", "app="+app.URL, "-c", "4", "-n", "40", "-d", "0", "-warmup", "0", "-runs", "3")
	rows := parse(t, out)
	if len(rows) != 3*4+4 {
		t.Fatalf("got %d rows, want 16 (4 a run for 3 runs, then 4 medians):\n%s", len(rows), out)
	}
	for _, r := range rows {
		if r.run != "median" && r.requests != 40 {
			t.Errorf("run %s %s round %s: got %d requests, want the 40 of -n", r.run, r.target, r.round, r.requests)
		}
		if r.non200 != "-" {
			t.Errorf("run %s %s round %s: got non-200 %s, want none", r.run, r.target, r.round, r.non200)
		}
		if r.rps <= 0 || r.p50 > r.p90 || r.p90 > r.p99 {
			t.Errorf("run %s %s round %s: got rps %v, p50 %v, p90 %v, p99 %v; want rps > 0 and ordered percentiles", r.run, r.target, r.round, r.rps, r.p50, r.p90, r.p99)
		}
		if r.target == baselineName && (r.rpsRatio != "1.000" || r.p99Ratio != "1.000") {
			t.Errorf("the baseline's ratios to itself: got %s and %s, want 1.000", r.rpsRatio, r.p99Ratio)
		}
	}
	if want := "median  app"; !strings.Contains(out, want) {
		t.Errorf("got\n%s\nwant a line starting %q", out, want)
	}
}

func TestEveryNon200IsCountedByStatus(t *testing.T) {
	app := inProcessApp(t, "", "", time.Now)
	var twos atomic.Int64
	flaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Every other round two is refused, before the app reads it.
		if strings.Contains(r.URL.Path, "/book") && r.ContentLength > 200 && twos.Add(1)%2 == 0 {
			http.Error(w, `"the booking service is unavailable"`, http.StatusServiceUnavailable)
			return
		}
		app.ServeHTTP(w, r)
	}))
	defer flaky.Close()
	rows := parse(t, bench(t, "-url", flaky.URL, "-c", "2", "-n", "20", "-d", "0", "-warmup", "0", "-baseline=false"))
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(rows))
	}
	if rows[0].target != "target1" || rows[0].non200 != "-" {
		t.Errorf("round one: got target %q with non-200 %q, want target1 with none", rows[0].target, rows[0].non200)
	}
	if rows[1].non200 != "503:10" || rows[1].requests != 20 {
		t.Errorf("round two: got %d requests, non-200 %q; want 20 requests, 503:10", rows[1].requests, rows[1].non200)
	}
}

func TestTwoTargetsAreComparedToTheFirst(t *testing.T) {
	one, two := httptest.NewServer(inProcessApp(t, "", "", time.Now)), httptest.NewServer(inProcessApp(t, "", "", time.Now))
	defer one.Close()
	defer two.Close()
	out := bench(t, "-url", "mem="+one.URL+",other="+two.URL, "-c", "2", "-n", "10", "-d", "0", "-warmup", "0", "-runs", "2", "-mode", "interleaved")
	parse(t, out)
	for _, round := range rounds[:roundRead] {
		if want := "# other vs mem, round " + round + ": rps_ratio "; !strings.Contains(out, want) {
			t.Errorf("got\n%s\nwant a line starting %q", out, want)
		}
	}
}

// The in-process app is the whole of what bookingd serves, /mcp and the page included, not the
// booking route alone.
func TestTheInProcessAppServesWhatBookingdServes(t *testing.T) {
	app := inProcessApp(t, "", "", time.Now)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, "/", ""},
		{http.MethodGet, "/metrics", ""},
		{http.MethodPost, api.MCPPath, mcptest.Discover("1")},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", mcp.ProtocolVersion)
		req.Header.Set("Mcp-Method", "server/discover")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("%s %s: got %d %.200s, want 200", c.method, c.path, rec.Code, rec.Body)
		}
	}
}

func TestTheBaselineRepliesAreAsLongAsTheApps(t *testing.T) {
	c := newCustomer(nil, "")
	for _, round := range rounds[:roundRead] {
		var sizes []int
		for _, h := range []http.Handler{inProcessApp(t, "", "", time.Now), newBaseline()} {
			rt := roundTripper{h: h, url: c.url}
			reply := rt.send(t, c.one)
			if round == "two" {
				o, kind := readOffer(reply.Body.Bytes())
				if kind != okKind {
					t.Fatalf("round one: got %s, want an offer", kind)
				}
				c.roundTwoBody(o)
				reply = rt.send(t, c.body)
			}
			sizes = append(sizes, reply.Body.Len())
		}
		if sizes[0] != sizes[1] {
			t.Errorf("round %s: got %d bytes from the baseline, want the app's %d", round, sizes[1], sizes[0])
		}
	}
}

func TestABadCommandLineIsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "0", "-d", "0"},
		{"-c", "0"},
		{"-runs", "0"},
		{"-mode", "sideways"},
		{"-url", "baseline=http://127.0.0.1:1"},
		{"-url", "127.0.0.1:8080"},
		{"-url", "a=http://127.0.0.1:1,a=http://127.0.0.1:2"},
		{"-pid", "nobody=12"},
		{"-url", "a=http://127.0.0.1:1", "-pid", "a=12|x"},
		{"-url", "a=http://127.0.0.1:1|127.0.0.1:2"},
		{"-calendar", "nobody"},
		{"-salons", "-1"},
		{"-inprocess-db", "sqlite:x.db"},
		{"stray"},
	} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, nil, &out, &errOut)
		if err == nil {
			t.Errorf("bookbench %s: got no error, want one", strings.Join(args, " "))
		}
		if args[0] == "-n" && !errors.Is(err, errNoBound) {
			t.Errorf("bookbench %s: got %v, want %v", strings.Join(args, " "), err, errNoBound)
		}
	}
}

func TestTheBaselineServesUntilItsInputCloses(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	in, closeIn := io.Pipe()
	out := &testkit.Buffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-serve-baseline", "127.0.0.1:0", "-exit-with-stdin"}, in, out, io.Discard)
	}()
	for !strings.Contains(out.String(), servingPrefix) {
		select {
		case err := <-done:
			t.Fatalf("the baseline stopped before serving: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	closeIn.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("got %v, want nil once its input closed", err)
		}
	case <-ctx.Done():
		t.Fatal("the baseline still serves after its input closed")
	}
}

func TestTheFloorWritesABookingsRowsDurably(t *testing.T) {
	dir := t.TempDir()
	rate, err := floor(t.Context(), dir+"/floor.db", 4, 300*time.Millisecond)
	if err != nil || rate <= 0 {
		t.Fatalf("floor: %v %v", rate, err)
	}
	db, err := sql.Open("sqlite", dir+"/floor.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var bookings, spent, events int
	if err := db.QueryRow(`SELECT (SELECT COUNT(*) FROM bookings), (SELECT COUNT(*) FROM spent_states), (SELECT COUNT(*) FROM events)`).Scan(&bookings, &spent, &events); err != nil {
		t.Fatal(err)
	}
	if bookings == 0 || spent != bookings || events != bookings {
		t.Errorf("got %d bookings, %d spent states, %d events: want each booking's three rows", bookings, spent, events)
	}
}
