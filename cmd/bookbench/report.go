// This file turns tallies into the figures the tool prints: throughput, latency percentiles, ratios to the baseline and medians over runs.

package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// baselineName is the target name of the bare Echo baseline.
const baselineName = "baseline"

// figures is one round of one target in one run.
type figures struct {
	target   string
	round    int // an index of rounds
	requests int
	rps      float64
	p50      time.Duration
	p90      time.Duration
	p99      time.Duration
	// cpu is the server process's CPU time per request, or zero when unknown.
	cpu time.Duration
	// other counts every answer that wasn't the round's 200, by status code, "bad-reply" or "error".
	other map[string]int
	// rpsRatio and p99Ratio compare to the baseline's same round in the same run (1 for the baseline itself).
	rpsRatio float64
	p99Ratio float64
}

// measure reads a round's figures from its tally; cpu is the server's CPU time over the phase, when known.
func measure(target string, round int, t *tally, elapsed time.Duration, cpu time.Duration, cpuKnown bool) figures {
	f := figures{target: target, round: round, requests: len(t.latencies), other: map[string]int{}}
	if cpuKnown && len(t.latencies) > 0 {
		f.cpu = cpu / time.Duration(len(t.latencies))
	}
	for kind, n := range t.answers {
		if kind != okKind {
			f.other[kind] = n
		}
	}
	if elapsed > 0 {
		f.rps = float64(len(t.latencies)) / elapsed.Seconds()
	}
	sorted := slices.Clone(t.latencies)
	slices.Sort(sorted)
	f.p50, f.p90, f.p99 = percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99)
	return f
}

// percentile is the nearest-rank p-th percentile of sorted; zero for no samples.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[max(rank, 1)-1]
}

// compare sets each figure's ratios to the baseline's figure of the same round.
func compare(run []figures) {
	var base [len(rounds)]*figures
	for i := range run {
		if run[i].target == baselineName {
			base[run[i].round] = &run[i]
		}
	}
	for i := range run {
		b := base[run[i].round]
		if b == nil {
			run[i].rpsRatio, run[i].p99Ratio = math.NaN(), math.NaN()
			continue
		}
		run[i].rpsRatio = ratio(run[i].rps, b.rps)
		run[i].p99Ratio = ratio(float64(run[i].p99), float64(b.p99))
	}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// median is the median of each target's round over runs, with the medians of its per-run ratios.
// Requests are summed over the runs and the other answers added up.
func median(runs [][]figures) []figures {
	var out []figures
	for i, first := range runs[0] {
		m := figures{target: first.target, round: first.round, other: map[string]int{}}
		var rps, p50, p90, p99, cpu, rr, pr []float64
		for _, run := range runs {
			f := run[i]
			m.requests += f.requests
			for k, n := range f.other {
				m.other[k] += n
			}
			rps, rr, pr = append(rps, f.rps), append(rr, f.rpsRatio), append(pr, f.p99Ratio)
			p50, p90, p99 = append(p50, float64(f.p50)), append(p90, float64(f.p90)), append(p99, float64(f.p99))
			cpu = append(cpu, float64(f.cpu))
		}
		m.rps, m.rpsRatio, m.p99Ratio = mid(rps), mid(rr), mid(pr)
		m.p50, m.p90, m.p99 = time.Duration(mid(p50)), time.Duration(mid(p90)), time.Duration(mid(p99))
		m.cpu = time.Duration(mid(cpu))
		out = append(out, m)
	}
	return out
}

// mid is the median of xs (the mean of the middle two for an even count).
func mid(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// header names the table's columns; every row has exactly these fields, separated by spaces.
// rps_ratio and p99_ratio compare to the baseline's same round in the same run; cpu_us is the
// server process's CPU time per request, in microseconds ("-" where the tool can't see the process).
var header = []string{"run", "target", "round", "requests", "rps", "p50_ms", "p90_ms", "p99_ms", "rps_ratio", "p99_ratio", "cpu_us", "non200"}

// table writes rows under the header, aligned.
type table struct{ w *tabwriter.Writer }

func newTable(out io.Writer) *table {
	t := &table{w: tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)}
	t.line(header)
	return t
}

func (t *table) line(fields []string) { fmt.Fprintln(t.w, strings.Join(fields, "\t")) }

// row writes one figure, labelled with its run ("1", "2", … or "median").
func (t *table) row(run string, f figures) {
	t.line([]string{
		run, f.target, rounds[f.round], strconv.Itoa(f.requests),
		strconv.FormatFloat(f.rps, 'f', 1, 64),
		ms(f.p50), ms(f.p90), ms(f.p99),
		fixed(f.rpsRatio), fixed(f.p99Ratio), micros(f.cpu), others(f.other),
	})
}

func (t *table) flush() { t.w.Flush() }

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 3, 64)
}

func micros(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', 1, 64)
}

func fixed(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// others lists the answers that weren't the round's 200 as kind:count, sorted; "-" for none.
func others(m map[string]int) string {
	if len(m) == 0 {
		return "-"
	}
	kinds := make([]string, 0, len(m))
	for k := range m {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = k + ":" + strconv.Itoa(m[k])
	}
	return strings.Join(parts, ",")
}
