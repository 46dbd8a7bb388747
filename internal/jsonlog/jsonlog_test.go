// This file checks the handler against slog.JSONHandler: the same bytes for every record, whichever path writes it.

package jsonlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/jsonlog"
)

// both writes r through this package's handler and through slog's, each to its own buffer.
func both(t testing.TB, opts *slog.HandlerOptions, r slog.Record) (got, want string) {
	t.Helper()
	var ours, theirs bytes.Buffer
	ctx := context.Background()
	if err := jsonlog.New(&ours, opts).Handle(ctx, r.Clone()); err != nil {
		t.Fatal(err)
	}
	if err := slog.NewJSONHandler(&theirs, opts).Handle(ctx, r.Clone()); err != nil {
		t.Fatal(err)
	}
	return ours.String(), theirs.String()
}

func record(at time.Time, level slog.Level, msg string, attrs ...slog.Attr) slog.Record {
	r := slog.NewRecord(at, level, msg, 0)
	r.AddAttrs(attrs...)
	return r
}

var at = time.Date(2026, 11, 30, 1, 2, 3, 456789000, time.UTC)

func TestWritesWhatSlogWrites(t *testing.T) {
	for _, c := range []struct {
		name string
		r    slog.Record
	}{
		{"the request line", record(at, slog.LevelInfo, "request",
			slog.String("method", "POST"), slog.String("route", "/salons/:salon/book"), slog.String("path", "/salons/studio-nine/book"),
			slog.Int("status", 200), slog.Int64("bytes", 512), slog.Int64("duration_us", 1234),
			slog.String("remote", "127.0.0.1"), slog.String("outcome", "input_required"))},
		{"no attributes", record(at, slog.LevelWarn, "not ready")},
		{"no time", record(time.Time{}, slog.LevelError, "boom", slog.String("error", "x"))},
		{"a zone and a monotonic reading", record(time.Now().In(time.FixedZone("X", -5*3600)), slog.LevelInfo, "m")},
		{"every kind written here", record(at, slog.LevelDebug, "kinds", slog.Bool("yes", true), slog.Bool("no", false),
			slog.Int64("min", math.MinInt64), slog.Uint64("max", math.MaxUint64), slog.Duration("took", 1500*time.Millisecond),
			slog.Duration("back", -time.Nanosecond), slog.String("", ""))},
		{"a level between the named ones", record(at, slog.LevelInfo+2, "m")},
		{"a level below debug", record(at, slog.LevelDebug-3, "m")},
		{"escapes", record(at, slog.LevelInfo, "q\"b\\n\nr\rt\tnul\x00us\x1fdel\x7f",
			slog.String("k\"\u2028\u2029", "bad \xff\xfe utf8 \xc3 é 日本 🙂 </script> & <"))},
		// What goes through slog's own path: the line must still be slog's to the byte.
		{"a float", record(at, slog.LevelInfo, "m", slog.Float64("ms", 1.5), slog.String("after", "x"))},
		{"a time attribute", record(at, slog.LevelInfo, "m", slog.Time("when", at))},
		{"an error", record(at, slog.LevelInfo, "m", slog.Any("error", errors.New("no")))},
		{"a group", record(at, slog.LevelInfo, "m", slog.Group("g", slog.String("a", "b")))},
		{"an empty key", record(at, slog.LevelInfo, "m", slog.String("", "v"))},
		{"a year RFC 3339 can't hold", record(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), slog.LevelInfo, "m")},
		{"a value that logs itself", record(at, slog.LevelInfo, "m", slog.Any("v", secret{}))},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, want := both(t, nil, c.r); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

type secret struct{}

func (secret) LogValue() slog.Value { return slog.StringValue("[redacted]") }

func TestOptionsAreSlogs(t *testing.T) {
	r := record(at, slog.LevelInfo, "m", slog.String("k", "v"))
	for name, opts := range map[string]*slog.HandlerOptions{
		"a level":      {Level: slog.LevelDebug},
		"source":       {AddSource: true},
		"replace attr": {ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr { a.Key = strings.ToUpper(a.Key); return a }},
	} {
		if got, want := both(t, opts, r); got != want {
			t.Errorf("%s: got  %s\nwant %s", name, got, want)
		}
	}
	h := jsonlog.New(&bytes.Buffer{}, &slog.HandlerOptions{Level: slog.LevelWarn})
	if h.Enabled(context.Background(), slog.LevelInfo) || !h.Enabled(context.Background(), slog.LevelWarn) {
		t.Error("a handler at warn must leave info out and take warn")
	}
	if !jsonlog.New(&bytes.Buffer{}, nil).Enabled(context.Background(), slog.LevelInfo) {
		t.Error("a handler with no options must take info, as slog's does")
	}
}

func TestDerivedHandlersAreSlogs(t *testing.T) {
	var ours, theirs bytes.Buffer
	a := slog.New(jsonlog.New(&ours, nil)).With("service", "bookingd").WithGroup("req")
	b := slog.New(slog.NewJSONHandler(&theirs, nil)).With("service", "bookingd").WithGroup("req")
	r := record(at, slog.LevelInfo, "m", slog.String("k", "v"), slog.Int("n", 1))
	_ = a.Handler().Handle(context.Background(), r.Clone())
	_ = b.Handler().Handle(context.Background(), r.Clone())
	if ours.String() != theirs.String() {
		t.Errorf("got  %s\nwant %s", ours.String(), theirs.String())
	}
}

// TestRandomRecords writes records of random strings, numbers and kinds through both handlers.
func TestRandomRecords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\x00", "\x01", "\x1f", "\x7f", "\x80", "\xff",
		"\xc3", "é", "\u2028", "\u2029", "\u2027", "日", "🙂", "\ufffd", "<", ">", "&", "'"}
	str := func() string {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 5000 {
		attrs := make([]slog.Attr, rng.IntN(12))
		for k := range attrs {
			key := str()
			switch rng.IntN(8) {
			case 0:
				attrs[k] = slog.Int64(key, rng.Int64()-math.MaxInt64/2)
			case 1:
				attrs[k] = slog.Uint64(key, rng.Uint64())
			case 2:
				attrs[k] = slog.Bool(key, rng.IntN(2) == 0)
			case 3:
				attrs[k] = slog.Duration(key, time.Duration(rng.Int64()))
			case 4:
				attrs[k] = slog.Float64(key, rng.NormFloat64()) // slog's own path
			default:
				attrs[k] = slog.String(key, str())
			}
		}
		when := time.Unix(rng.Int64N(1<<35), rng.Int64N(1e9)).In(time.FixedZone("", (rng.IntN(49)-24)*1800))
		r := record(when, slog.Level(rng.IntN(24)-12), str(), attrs...)
		got, want := both(t, nil, r)
		if got != want {
			t.Fatalf("record %d:\ngot  %q\nwant %q", i, got, want)
		}
	}
}

func FuzzWritesWhatSlogWrites(f *testing.F) {
	f.Add("request", "path", "/salons/studio-nine/book", int64(200), true)
	f.Add("q\"\\\n", "\u2028", "\xff\xc3", int64(-1), false)
	f.Fuzz(func(t *testing.T, msg, key, value string, n int64, yes bool) {
		r := record(at, slog.LevelInfo, msg, slog.String(key, value), slog.Int64(value, n), slog.Bool(msg, yes))
		if got, want := both(t, nil, r); got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	})
}

// TestLinesStayWhole writes from many goroutines through both paths into one plain buffer, which
// is not safe for concurrent writes by itself: every line must come out whole.
func TestLinesStayWhole(t *testing.T) {
	var out bytes.Buffer
	log := slog.New(jsonlog.New(&out, nil))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				if i%2 == 0 {
					log.Info("fast", "g", g, "i", i, "s", strings.Repeat("x", i))
				} else {
					log.Info("slog's", "g", g, "f", float64(i)/3, "s", strings.Repeat("y", i))
				}
			}
		})
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 8*200 {
		t.Fatalf("got %d lines, want %d", len(lines), 8*200)
	}
	for _, line := range lines {
		if !json.Valid([]byte(line)) {
			t.Fatalf("a line broken by another: %q", line)
		}
	}
}

func BenchmarkRequestLine(b *testing.B) {
	for name, h := range map[string]slog.Handler{
		"handler=jsonlog": jsonlog.New(discard{}, nil),
		"handler=slog":    slog.NewJSONHandler(discard{}, nil),
	} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				r := slog.NewRecord(at, slog.LevelInfo, "request", 0)
				r.AddAttrs(slog.String("method", "POST"), slog.String("route", "/salons/:salon/book"),
					slog.String("path", "/salons/studio-nine/book"), slog.Int("status", 200), slog.Int64("bytes", 512),
					slog.Int64("duration_us", 1234), slog.String("remote", "127.0.0.1"), slog.String("outcome", "input_required"))
				_ = h.Handle(ctx, r)
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
