// This file writes the booking route's two results as encoding/json writes them, without reflection.

package wire

import (
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends r as an encoding/json Encoder writes it (HTML escaping on, a newline at the
// end): the bytes Echo's c.JSON sends, without reflection.
func (r *InputRequiredResult) AppendJSON(b []byte) []byte {
	p := &r.InputRequests.Time.Params
	s := &p.RequestedSchema
	w := appender{b: b}
	w.raw(`{"resultType":`)
	w.str(r.ResultType)
	w.raw(`,"inputRequests":{"time":{"method":`)
	w.str(r.InputRequests.Time.Method)
	w.raw(`,"params":{"mode":`)
	w.str(p.Mode)
	w.raw(`,"message":`)
	w.str(p.Message)
	w.raw(`,"requestedSchema":{"type":`)
	w.str(s.Type)
	w.raw(`,"properties":{"time":{"type":`)
	w.str(s.Properties.Time.Type)
	w.raw(`,"enum":`)
	w.strs(s.Properties.Time.Enum)
	w.raw(`}},"required":`)
	w.strs(s.Required)
	w.raw(`}}}},"requestState":`)
	w.str(r.RequestState)
	w.raw("}\n")
	return w.b
}

// AppendJSON appends r as InputRequiredResult.AppendJSON does, its empty optional fields left out
// as encoding/json leaves them.
func (r *CompleteResult) AppendJSON(b []byte) []byte {
	c := &r.StructuredContent
	w := appender{b: b}
	w.raw(`{"resultType":`)
	w.str(r.ResultType)
	w.raw(`,"structuredContent":{"status":`)
	w.str(c.Status)
	w.optional(`,"slot":`, c.Slot)
	w.raw(`,"say":`)
	w.str(c.Say)
	w.optional(`,"booking":`, c.Booking)
	w.optional(`,"service":`, c.Service)
	if c.Services != nil {
		w.raw(`,"services":`)
		w.strs(c.Services)
	}
	w.optional(`,"stylist":`, c.Stylist)
	w.optional(`,"manage":`, c.Manage)
	if c.Deposit != 0 {
		w.raw(`,"deposit":`)
		w.b = strconv.AppendInt(w.b, c.Deposit, 10)
	}
	w.raw("}}\n")
	return w.b
}

// appender writes JSON into b.
type appender struct{ b []byte }

func (w *appender) raw(s string) { w.b = append(w.b, s...) }

// str appends s quoted as encoding/json quotes a string with HTML escaping on.
func (w *appender) str(s string) { w.b = appendString(w.b, s) }

// strs appends list as encoding/json writes a []string: null when nil.
func (w *appender) strs(list []string) {
	if list == nil {
		w.raw("null")
		return
	}
	w.b = append(w.b, '[')
	for i, s := range list {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.str(s)
	}
	w.b = append(w.b, ']')
}

// optional appends the field written as key and then s, unless s is empty (omitempty).
func (w *appender) optional(key, s string) {
	if s != "" {
		w.raw(key)
		w.str(s)
	}
}

// safeASCII marks the bytes encoding/json writes as they are in a string with HTML escaping on:
// printable ASCII and DEL, but the quote, the backslash, <, > and &.
var safeASCII = func() (safe [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		safe[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return safe
}()

// appendString appends s quoted as encoding/json's Encoder quotes it with HTML escaping on: the
// quote and the backslash escaped with a backslash; \b, \f, \n, \r and \t; every other control
// character, <, > and & as \u00XX in lowercase hex; U+2028 and U+2029 as \u2028 and \u2029; each
// byte of invalid UTF-8 as \ufffd; everything else as it is. Runs of what needs no escape are
// copied whole.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if safeASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			start = i + size
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			start = i + size
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
