// Package jsonlog writes log records as JSON lines, byte for byte as slog.JSONHandler writes them,
// with less work for the flat records a server writes on every request.
package jsonlog

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Handler is a slog.Handler that writes each record as slog.JSONHandler does, with the same
// options. A record of plain attributes (see NewHandler) is written straight into a reused buffer,
// where slog.JSONHandler spends a resolve, a deferred recover and an escaping loop on every
// attribute; any other record, and every handler WithAttrs or WithGroup returns, goes through
// slog.JSONHandler itself. Both write through one lock, so lines never interleave.
type Handler struct {
	json *slog.JSONHandler // writes what the flat path doesn't, through lockedWriter
	mu   *sync.Mutex
	w    io.Writer
	flat bool // opts neither replaces attributes nor adds the source
	last atomic.Pointer[second]
}

// second is a second of a record's time as time.RFC3339Nano writes it, either side of where the
// fraction goes: what every record of that second in that location shares.
type second struct {
	unix  int64
	loc   *time.Location
	clock string // 2006-01-02T15:04:05
	zone  string // Z, or -07:00
}

// NewHandler returns a Handler that writes to w with opts (nil for the defaults), as
// slog.NewJSONHandler(w, opts) would. A record whose message and attributes are all plain is
// written by the Handler itself: each attribute has a non-empty key and a string, integer, bool
// or duration value, and every key and string is printable ASCII holding no quote and no
// backslash, which slog.JSONHandler writes as it is. With opts.ReplaceAttr or opts.AddSource set,
// every record goes through slog.JSONHandler.
func NewHandler(w io.Writer, opts *slog.HandlerOptions) *Handler {
	if opts == nil {
		opts = &slog.HandlerOptions{}
	}
	mu := &sync.Mutex{}
	return &Handler{
		json: slog.NewJSONHandler(lockedWriter{mu: mu, w: w}, opts),
		mu:   mu,
		w:    w,
		flat: opts.ReplaceAttr == nil && !opts.AddSource,
	}
}

// lockedWriter writes to w under mu, the lock the Handler writes its own lines under.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Enabled reports whether a record at level is written, as slog.JSONHandler with the same options does.
func (h *Handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.json.Enabled(ctx, level)
}

// WithAttrs returns slog.JSONHandler's handler with attrs, writing under the same lock.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler { return h.json.WithAttrs(attrs) }

// WithGroup returns slog.JSONHandler's handler with the group, writing under the same lock.
func (h *Handler) WithGroup(name string) slog.Handler { return h.json.WithGroup(name) }

// maxKeptLine is the largest line buffer kept for the next record.
const maxKeptLine = 16 << 10

// lines are the buffers flat records are written into, reused.
var lines = sync.Pool{New: func() any {
	b := make([]byte, 0, 1<<10)
	return &b
}}

// Handle writes r as one JSON line.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if !h.flat {
		return h.json.Handle(ctx, r)
	}
	kept := lines.Get().(*[]byte)
	line, ok := h.appendHead((*kept)[:0], r.Time, r.Level, r.Message)
	if ok {
		r.Attrs(func(a slog.Attr) bool {
			line, ok = appendAttr(line, a)
			return ok
		})
	}
	return h.finish(ctx, kept, line, ok, func() slog.Record { return r })
}

// HandleAttrs writes a record of t, level, msg and attrs as Handle writes the slog.Record holding
// them, without building the record when every attribute is plain: a server's request line, written
// on every request, skips copying its attributes into a record and reading them back.
func (h *Handler) HandleAttrs(ctx context.Context, t time.Time, level slog.Level, msg string, attrs ...slog.Attr) error {
	record := func() slog.Record {
		r := slog.NewRecord(t, level, msg, 0)
		r.AddAttrs(attrs...)
		return r
	}
	if !h.flat {
		return h.json.Handle(ctx, record())
	}
	kept := lines.Get().(*[]byte)
	line, ok := h.appendHead((*kept)[:0], t, level, msg)
	for i := 0; ok && i < len(attrs); i++ {
		line, ok = appendAttr(line, attrs[i])
	}
	return h.finish(ctx, kept, line, ok, record)
}

// finish writes the flat line when ok, keeps its buffer for the next record, and otherwise hands
// the record to slog.JSONHandler.
func (h *Handler) finish(ctx context.Context, kept *[]byte, line []byte, ok bool, record func() slog.Record) error {
	var err error
	if ok {
		line = append(line, "}\n"...)
		h.mu.Lock()
		_, err = h.w.Write(line)
		h.mu.Unlock()
	}
	if cap(line) <= maxKeptLine {
		*kept = line
		lines.Put(kept)
	}
	if !ok {
		return h.json.Handle(ctx, record())
	}
	return err
}

// appendHead appends the opening of a record of t, level and msg as slog.JSONHandler writes it,
// with no ReplaceAttr and no source, and reports true; or reports false when the level or message
// isn't plain (see NewHandler) or the time's year has other than four digits, which
// slog.JSONHandler writes with an error beside it.
func (h *Handler) appendHead(b []byte, t time.Time, lvl slog.Level, msg string) ([]byte, bool) {
	b = append(b, '{')
	if !t.IsZero() {
		b = append(b, `"`+slog.TimeKey+`":"`...)
		var ok bool
		if b, ok = h.appendTime(b, t); !ok {
			return b, false
		}
		b = append(b, `",`...)
	}
	level := lvl.String()
	if !plain(level) || !plain(msg) {
		return b, false
	}
	b = append(b, `"`+slog.LevelKey+`":"`...)
	b = append(b, level...)
	b = append(b, `","`+slog.MessageKey+`":"`...)
	b = append(b, msg...)
	return append(b, '"'), true
}

// appendTime appends t as t.AppendFormat(b, time.RFC3339Nano) does and reports true, or reports
// false when its year has other than four digits. The second's clock and zone are formatted once
// and kept for the records after it; the fraction is written here.
func (h *Handler) appendTime(b []byte, t time.Time) ([]byte, bool) {
	s := h.last.Load()
	if s == nil || s.unix != t.Unix() || s.loc != t.Location() {
		if y := t.Year(); y < 0 || y >= 10000 {
			return b, false
		}
		whole := time.Unix(t.Unix(), 0).In(t.Location()).AppendFormat(nil, time.RFC3339Nano)
		s = &second{unix: t.Unix(), loc: t.Location(), clock: string(whole[:len("2006-01-02T15:04:05")]),
			zone: string(whole[len("2006-01-02T15:04:05"):])}
		h.last.Store(s)
	}
	b = append(b, s.clock...)
	if ns := t.Nanosecond(); ns != 0 {
		var digits [9]byte
		for i := len(digits) - 1; i >= 0; i-- {
			digits[i] = byte('0' + ns%10)
			ns /= 10
		}
		n := len(digits)
		for digits[n-1] == '0' {
			n--
		}
		b = append(append(b, '.'), digits[:n]...)
	}
	return append(b, s.zone...), true
}

// appendAttr appends a plain attribute after a comma and reports true, or reports false.
func appendAttr(b []byte, a slog.Attr) ([]byte, bool) {
	if a.Key == "" || !plain(a.Key) {
		return b, false
	}
	b = append(b, `,"`...)
	b = append(b, a.Key...)
	b = append(b, `":`...)
	switch v := a.Value; v.Kind() {
	case slog.KindString:
		s := v.String()
		if !plain(s) {
			return b, false
		}
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"'), true
	case slog.KindInt64:
		return strconv.AppendInt(b, v.Int64(), 10), true
	case slog.KindUint64:
		return strconv.AppendUint(b, v.Uint64(), 10), true
	case slog.KindBool:
		return strconv.AppendBool(b, v.Bool()), true
	case slog.KindDuration:
		return strconv.AppendInt(b, int64(v.Duration()), 10), true
	}
	return b, false
}

// plain reports whether s is printable ASCII with no quote and no backslash: a string
// slog.JSONHandler writes as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if !plainByte[s[i]] {
			return false
		}
	}
	return true
}

// plainByte marks the bytes of a plain string: one lookup a byte instead of four comparisons.
var plainByte = func() (plain [256]bool) {
	for c := ' '; c < 0x7f; c++ {
		plain[c] = c != '"' && c != '\\'
	}
	return plain
}()
