// This file tests that every record comes out as slog.JSONHandler writes it, by both paths, and whole.

package jsonlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/jsonlog"
)

// at is a record's time with nanoseconds and a zone, so the format is seen in full.
var at = time.Date(2026, 12, 1, 9, 30, 5, 123456789, time.FixedZone("", 90*60))

// requestLine is the request log's record, as the API's observe middleware builds it.
func requestLine() slog.Record {
	r := slog.NewRecord(at, slog.LevelInfo, "request", 0)
	r.AddAttrs(
		slog.String("method", "POST"), slog.String("route", "/salons/:salon/book"),
		slog.String("path", "/salons/studio-nine/book"), slog.Int("status", 400), slog.Int64("bytes", 32),
		slog.Int64("duration_us", 658), slog.String("remote", "127.0.0.1"),
		slog.String("outcome", "already_used"), slog.String("reason", "requestState was already used"),
	)
	return r
}

// sameAsSlog writes r with opts through a Handler, by Handle and by HandleAttrs, and through
// slog.JSONHandler, and fails unless the three lines are the same bytes.
func sameAsSlog(t *testing.T, opts *slog.HandlerOptions, r slog.Record) {
	t.Helper()
	var got, gotAttrs, want bytes.Buffer
	if err := jsonlog.NewHandler(&got, opts).Handle(context.Background(), r); err != nil {
		t.Fatalf("Handle: %v", err)
	}
	var attrs []slog.Attr
	r.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, a)
		return true
	})
	if err := jsonlog.NewHandler(&gotAttrs, opts).HandleAttrs(context.Background(), r.Time, r.Level, r.Message, attrs...); err != nil {
		t.Fatalf("HandleAttrs: %v", err)
	}
	if err := slog.NewJSONHandler(&want, opts).Handle(context.Background(), r); err != nil {
		t.Fatalf("slog's Handle: %v", err)
	}
	if got.String() != want.String() {
		t.Errorf("Handle: got  %s\nwant %s", got.String(), want.String())
	}
	if gotAttrs.String() != want.String() {
		t.Errorf("HandleAttrs: got  %s\nwant %s", gotAttrs.String(), want.String())
	}
}

func TestRecordsAreWrittenAsSlogWritesThem(t *testing.T) {
	withAttrs := func(attrs ...slog.Attr) slog.Record {
		r := slog.NewRecord(at, slog.LevelWarn, "a message", 0)
		r.AddAttrs(attrs...)
		return r
	}
	for _, c := range []struct {
		name string
		r    slog.Record
	}{
		{"the request line", requestLine()},
		{"no attributes", slog.NewRecord(at, slog.LevelError, "failed", 0)},
		{"no time", slog.NewRecord(time.Time{}, slog.LevelInfo, "request", 0)},
		{"a level between the named ones", slog.NewRecord(at, slog.LevelInfo+2, "request", 0)},
		{"a time in UTC with whole seconds", slog.NewRecord(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), slog.LevelDebug, "m", 0)},
		{"a time with a monotonic reading", slog.NewRecord(time.Now(), slog.LevelInfo, "m", 0)},
		{"every plain kind", withAttrs(slog.String("s", "a <b> & c"), slog.Int("i", -7), slog.Uint64("u", 1<<63),
			slog.Bool("b", true), slog.Duration("d", 1500*time.Millisecond), slog.String("empty", ""))},
		{"an escaped message", slog.NewRecord(at, slog.LevelInfo, "a \"quoted\"\nline", 0)},
		{"a quote alone", withAttrs(slog.String("reason", `"sat-10:30" was never offered`))},
		{"a backslash alone", withAttrs(slog.String("path", `/salons/a\b/book`))},
		{"an escaped key", withAttrs(slog.String("a\tkey", "v"))},
		{"an escaped value", withAttrs(slog.String("k", "caf\u00e9 \u2028 \\ \x7f \xff"))},
		{"an empty key", withAttrs(slog.String("", "v"))},
		{"an empty attribute", withAttrs(slog.Attr{}, slog.String("k", "v"))},
		{"a float", withAttrs(slog.Float64("f", 0.1))},
		{"an error", withAttrs(slog.Any("error", errors.New("it broke")))},
		{"a time value", withAttrs(slog.Time("t", at))},
		{"a group", withAttrs(slog.Group("g", slog.String("k", "v")), slog.String("after", "x"))},
		{"a value that resolves", withAttrs(slog.Any("v", resolving("plain")))},
		{"a year of five digits", slog.NewRecord(time.Date(12026, 1, 1, 0, 0, 0, 0, time.UTC), slog.LevelInfo, "m", 0)},
	} {
		t.Run(c.name, func(t *testing.T) { sameAsSlog(t, nil, c.r) })
	}
}

func TestTimesAreWrittenAsSlogWritesThemRecordAfterRecord(t *testing.T) {
	var got, want bytes.Buffer
	h, slogs := jsonlog.NewHandler(&got, nil), slog.NewJSONHandler(&want, nil)
	east, west := time.FixedZone("", 5*3600+30*60), time.FixedZone("", -(3*3600+15*60+7))
	base := time.Date(2026, 12, 1, 9, 30, 5, 0, time.UTC)
	for _, when := range []time.Time{
		base, base.Add(1), base.Add(120 * time.Millisecond), base.Add(999_999_999), // one second, fractions of every length
		base.In(east), base.Add(5 * time.Microsecond).In(west), base.In(time.Local), // that second elsewhere
		base.Add(time.Second), base.Add(time.Second + 1), base.Add(-time.Second), // the seconds either side
		time.Date(1969, 12, 31, 23, 59, 59, 500, time.UTC), time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC), // before the epoch
		time.Date(9999, 12, 31, 23, 59, 59, 999_999_999, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), // the last second that fits, and the first that doesn't
		base, // back to the first
	} {
		r := slog.NewRecord(when, slog.LevelInfo, "request", 0)
		r.AddAttrs(slog.Int("status", 200))
		if err := h.Handle(context.Background(), r); err != nil {
			t.Fatal(err)
		}
		if err := slogs.Handle(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}
}

// resolving is a value that logs as s.
type resolving string

func (r resolving) LogValue() slog.Value { return slog.StringValue(string(r)) }

func TestOptionsAreSlogs(t *testing.T) {
	for _, c := range []struct {
		name string
		opts *slog.HandlerOptions
	}{
		{"a replaced attribute", &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == "path" {
				a.Value = slog.StringValue("hidden")
			}
			return a
		}}},
		{"the source", &slog.HandlerOptions{AddSource: true}},
	} {
		t.Run(c.name, func(t *testing.T) { sameAsSlog(t, c.opts, requestLine()) })
	}
	h := jsonlog.NewHandler(&bytes.Buffer{}, &slog.HandlerOptions{Level: slog.LevelWarn})
	if got := h.Enabled(context.Background(), slog.LevelInfo); got {
		t.Errorf("Enabled(INFO) with level WARN: got %v, want false", got)
	}
	if got := h.Enabled(context.Background(), slog.LevelError); !got {
		t.Errorf("Enabled(ERROR) with level WARN: got %v, want true", got)
	}
}

func TestAttrsAndGroupsAreSlogs(t *testing.T) {
	var got, want bytes.Buffer
	for _, c := range []struct {
		b   *bytes.Buffer
		log *slog.Logger
	}{
		{&got, slog.New(jsonlog.NewHandler(&got, nil))},
		{&want, slog.New(slog.NewJSONHandler(&want, nil))},
	} {
		c.log.With("component", "store").Info("m", "k", 1)
		c.log.WithGroup("g").Info("m", "k", "v")
	}
	// The lines carry a time each: compare them with the times cut.
	cut := func(s string) string {
		var out []string
		for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
			_, rest, _ := strings.Cut(line, `","level"`)
			out = append(out, rest)
		}
		return strings.Join(out, "\n")
	}
	if cut(got.String()) != cut(want.String()) {
		t.Errorf("got  %s\nwant %s", got.String(), want.String())
	}
}

func TestLinesNeverInterleave(t *testing.T) {
	var out lockedBuffer
	h := jsonlog.NewHandler(&out, nil)
	log := slog.New(h).With("via", "slog")
	const writers, each = 8, 200
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for range each {
				if w%2 == 0 {
					_ = h.Handle(context.Background(), requestLine())
				} else {
					log.Info("request", "k", strings.Repeat("x", 300))
				}
			}
		})
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != writers*each {
		t.Fatalf("got %d lines, want %d", len(lines), writers*each)
	}
	for _, line := range lines {
		if !json.Valid([]byte(line)) {
			t.Fatalf("got a line that isn't one JSON object: %q", line)
		}
	}
}

// lockedBuffer is a bytes.Buffer whose writes take a lock of their own, so the race detector
// judges the handler's writes, which a Handler makes under two paths.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// FuzzSameAsSlog writes records of every kind the flat path writes, and some it doesn't, through
// both handlers and compares the bytes.
func FuzzSameAsSlog(f *testing.F) {
	f.Add("request", "method", "POST", int64(200), uint8(0), int64(1_790_000_000_123_456_789), int8(0))
	f.Add("a \"quoted\" message", "k\n", "v\u2028", int64(-1), uint8(3), int64(0), int8(4))
	f.Add("m", "", "\xff", int64(1<<62), uint8(5), int64(-1<<62), int8(-4))
	f.Fuzz(func(t *testing.T, msg, key, s string, n int64, kind uint8, nanos int64, level int8) {
		var v slog.Value
		switch kind % 7 {
		case 0:
			v = slog.StringValue(s)
		case 1:
			v = slog.Int64Value(n)
		case 2:
			v = slog.Uint64Value(uint64(n))
		case 3:
			v = slog.BoolValue(n%2 == 0)
		case 4:
			v = slog.DurationValue(time.Duration(n))
		case 5:
			v = slog.Float64Value(float64(n) / 3)
		case 6:
			v = slog.AnyValue(errors.New(s))
		}
		var when time.Time
		if nanos != 0 {
			when = time.Unix(0, nanos).In(time.FixedZone("", int(n%(14*3600))))
		}
		r := slog.NewRecord(when, slog.Level(level), msg, 0)
		r.AddAttrs(slog.String("route", "/salons/:salon/book"), slog.Attr{Key: key, Value: v}, slog.Int("status", 200))
		sameAsSlog(t, nil, r)
	})
}

func BenchmarkHandle(b *testing.B) {
	for _, c := range []struct {
		name string
		h    slog.Handler
	}{
		{"handler=jsonlog", jsonlog.NewHandler(discard{}, nil)},
		{"handler=slog", slog.NewJSONHandler(discard{}, nil)},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := requestLine()
			b.ReportAllocs()
			for b.Loop() {
				if err := c.h.Handle(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// discard is io.Discard as a type of its own, so the benchmark measures the handler, not a writer io.Discard special-cases.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
