// Package jsonlog is a slog.Handler that writes exactly what slog.JSONHandler writes, and writes
// the common record itself: flat, with string, integer, boolean and duration values, as the
// request log writes one per request. The profile put slog's general path at about a tenth of
// the booking route's own cost; this one skips its per-attribute dispatch and buffer pooling.
package jsonlog

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// Handler writes JSON lines as slog.JSONHandler does. A record it doesn't write itself (an
// attribute of another kind, a group, an empty key, a year RFC 3339 can't hold) and every handler
// derived with WithAttrs or WithGroup go to a slog.JSONHandler on the same writer, behind the same
// lock, so lines from both never interleave.
type Handler struct {
	out   *lockedWriter
	level slog.Leveler
	std   slog.Handler
	bufs  *sync.Pool // of *[]byte
}

// New returns a handler writing to w with slog's options. With AddSource or ReplaceAttr set it is
// slog.JSONHandler itself, since both change what a line holds.
func New(w io.Writer, opts *slog.HandlerOptions) slog.Handler {
	out := &lockedWriter{w: w}
	std := slog.NewJSONHandler(out, opts)
	if opts != nil && (opts.AddSource || opts.ReplaceAttr != nil) {
		return std
	}
	var level slog.Leveler = slog.LevelInfo
	if opts != nil && opts.Level != nil {
		level = opts.Level
	}
	return &Handler{out: out, level: level, std: std, bufs: &sync.Pool{New: func() any {
		b := make([]byte, 0, 512)
		return &b
	}}}
}

// Enabled reports whether a record at level is written.
func (h *Handler) Enabled(_ context.Context, level slog.Level) bool {
	return level >= h.level.Level()
}

// WithAttrs returns slog's JSON handler with attrs, on the same writer.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler { return h.std.WithAttrs(attrs) }

// WithGroup returns slog's JSON handler with the group, on the same writer.
func (h *Handler) WithGroup(name string) slog.Handler { return h.std.WithGroup(name) }

// Handle writes r as one line: itself, in one pass, unless the time or an attribute is one it
// leaves to slog's handler (see appendAttr), which then writes the whole record instead.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if y := r.Time.Year(); !r.Time.IsZero() && (y < 0 || y >= 10000) {
		return h.std.Handle(ctx, r) // slog writes its error for a year RFC 3339 can't hold
	}
	p := h.bufs.Get().(*[]byte)
	buf := append((*p)[:0], '{')
	if !r.Time.IsZero() {
		buf = append(buf, `"time":"`...)
		buf = r.Time.Round(0).AppendFormat(buf, time.RFC3339Nano)
		buf = append(buf, `",`...)
	}
	buf = append(buf, `"level":`...)
	buf = appendString(buf, r.Level.String())
	buf = append(buf, `,"msg":`...)
	buf = appendString(buf, r.Message)
	plain := true
	r.Attrs(func(a slog.Attr) bool {
		buf, plain = appendAttr(buf, a)
		return plain
	})
	var err error
	if plain {
		buf = append(buf, '}', '\n')
		_, err = h.out.Write(buf)
	}
	if cap(buf) <= 16<<10 { // a rare huge line isn't kept for every later one
		*p = buf
		h.bufs.Put(p)
	}
	if !plain {
		return h.std.Handle(ctx, r)
	}
	return err
}

// appendAttr appends a as `,"key":value`, or reports false for an attribute Handle leaves to
// slog's handler: an empty key, or a value not written with strconv or as a string. A float is
// such a value: slog writes floats through encoding/json.
func appendAttr(buf []byte, a slog.Attr) ([]byte, bool) {
	if a.Key == "" {
		return buf, false
	}
	buf = append(buf, ',')
	buf = appendString(buf, a.Key)
	buf = append(buf, ':')
	v := a.Value
	switch v.Kind() {
	case slog.KindString:
		return appendString(buf, v.String()), true
	case slog.KindInt64:
		return strconv.AppendInt(buf, v.Int64(), 10), true
	case slog.KindUint64:
		return strconv.AppendUint(buf, v.Uint64(), 10), true
	case slog.KindBool:
		return strconv.AppendBool(buf, v.Bool()), true
	case slog.KindDuration: // as slog writes it: whole nanoseconds
		return strconv.AppendInt(buf, int64(v.Duration()), 10), true
	}
	return buf, false
}

const hexDigits = "0123456789abcdef"

// asIs holds the ASCII bytes a JSON string holds unescaped: all but the quote, the backslash and
// the control characters below space.
var asIs = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// appendString appends s as a JSON string, escaped as slog escapes: the quote, the backslash and
// control characters; invalid UTF-8 as U+FFFD; U+2028 and U+2029, which JavaScript can't hold raw.
func appendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if asIs[b] {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch b {
			case '"', '\\':
				buf = append(buf, '\\', b)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// lockedWriter is the writer both paths share, taken one whole line at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
