// Package requeststate issues and verifies the signed, short-lived, single-use state that carries round one's offer to round two.
package requeststate

import (
	"bytes"
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"golang.org/x/crypto/sha3"

	"salon/internal/step"
)

// MinKeyBytes is the shortest signing key accepted.
const MinKeyBytes = 32

// Refusal is a state that can't be trusted. Its text is part of the contract.
type Refusal string

func (r Refusal) Error() string { return string(r) }

// The refusals of Verify and of a spent-state store.
const (
	ErrDoesntVerify   Refusal = "requestState doesn't verify"
	ErrAnotherRequest Refusal = "requestState belongs to another request"
	ErrExpired        Refusal = "requestState has expired"
	ErrAlreadyUsed    Refusal = "requestState was already used"
)

// Keys are the keys a service signs and verifies with: one current key that signs,
// and earlier keys that still verify while a rotation is under way. Only NewKeys makes
// usable Keys; the zero Keys verify nothing.
type Keys struct {
	current  []byte
	previous [][]byte
}

// ErrShortKey is returned by NewKeys for a key under MinKeyBytes.
var ErrShortKey = errors.New("a signing key must be at least 32 bytes")

// NewKeys returns the keys that sign with current and also verify with previous.
// Every key must be at least MinKeyBytes long.
func NewKeys(current []byte, previous ...[]byte) (Keys, error) {
	for _, k := range append([][]byte{current}, previous...) {
		if len(k) < MinKeyBytes {
			return Keys{}, ErrShortKey
		}
	}
	prev := make([][]byte, len(previous))
	for i, k := range previous {
		prev[i] = bytes.Clone(k)
	}
	return Keys{current: bytes.Clone(current), previous: prev}, nil
}

// Nonce is the fresh randomness that makes every issued state unique.
type Nonce [16]byte

// SpendID names a state in a spent-state store: its MAC. Two spellings of one state share one SpendID.
type SpendID [32]byte

// String is the MAC in canonical lowercase hex.
func (id SpendID) String() string { return hex.EncodeToString(id[:]) }

// claims is the payload of a state. The field order is the wire order.
type claims struct {
	GoodUntil int64    `json:"goodUntil"`
	Nonce     string   `json:"nonce"`
	Offered   []string `json:"offered"`
	Request   string   `json:"request"`
}

// Verified is what a state that verifies tells round two.
type Verified struct {
	// Offered are the times round one offered, in its order.
	Offered []string
	// GoodUntil is the last second the state is good for.
	GoodUntil time.Time
	// ID is what the state is spent under.
	ID SpendID
}

// Issue signs a state for the request (salon, booking) that carries offered to round two.
// It is good until now plus life, in whole Unix seconds. nonce must be fresh randomness for each call.
func Issue(keys Keys, now time.Time, life time.Duration, salon string, b step.Booking, offered []string, nonce Nonce) string {
	if len(keys.current) == 0 {
		panic("requeststate: Issue needs keys made by NewKeys")
	}
	payload := marshal(claims{
		GoodUntil: now.Add(life).Unix(),
		Nonce:     hex.EncodeToString(nonce[:]),
		Offered:   offered,
		Request:   Digest(salon, b),
	})
	mac := sign(keys.current, payload)
	return string(payload) + "." + hex.EncodeToString(mac)
}

// Verify checks a state against the request it comes back with, at time now, in this order:
// the MAC (under any of keys) and the claims' shape, else ErrDoesntVerify; the request digest,
// else ErrAnotherRequest; the expiry, else ErrExpired. It holds every check that needs no memory;
// whether the state was already spent is the store's to say.
func Verify(keys Keys, now time.Time, salon string, b step.Booking, state string) (Verified, error) {
	dot := strings.LastIndexByte(state, '.')
	if dot < 0 {
		return Verified{}, ErrDoesntVerify
	}
	payload, macHex := []byte(state[:dot]), state[dot+1:]
	var id SpendID
	if len(macHex) != 2*len(id) {
		return Verified{}, ErrDoesntVerify
	}
	if _, err := hex.Decode(id[:], []byte(macHex)); err != nil {
		return Verified{}, ErrDoesntVerify
	}
	if !keys.signed(payload, id[:]) {
		return Verified{}, ErrDoesntVerify
	}
	var c claims
	if json.Unmarshal(payload, &c) != nil || !c.wellFormed() {
		return Verified{}, ErrDoesntVerify
	}
	if !hmac.Equal([]byte(c.Request), []byte(Digest(salon, b))) {
		return Verified{}, ErrAnotherRequest
	}
	if now.Unix() > c.GoodUntil {
		return Verified{}, ErrExpired
	}
	return Verified{Offered: c.Offered, GoodUntil: time.Unix(c.GoodUntil, 0), ID: id}, nil
}

// Digest is the lowercase hex SHA3-256 of the JSON array [salon, message, openSlots]: what binds a state to one request.
// The array is compact JSON written as JavaScript's JSON.stringify writes it, so any client can recompute it.
// The strings must be valid UTF-8 (the decoder refuses anything else).
func Digest(salon string, b step.Booking) string {
	h := sha3.New256()
	buf := make([]byte, 0, 256)
	buf = appendJSONString(append(buf, '['), salon)
	buf = appendJSONString(append(buf, ','), b.Message)
	buf = append(buf, ",["...)
	for i, slot := range b.OpenSlots {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSONString(buf, slot)
	}
	h.Write(append(buf, "]]"...))
	return hex.EncodeToString(h.Sum(nil))
}

// appendJSONString writes s as a JSON string the way JSON.stringify does: only the quote, the
// backslash and control characters are escaped; everything else, U+2028 and U+2029 included, is written as is.
func appendJSONString(buf []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			buf = append(buf, '\\', c)
		case c == '\b':
			buf = append(buf, `\b`...)
		case c == '\f':
			buf = append(buf, `\f`...)
		case c == '\n':
			buf = append(buf, `\n`...)
		case c == '\r':
			buf = append(buf, `\r`...)
		case c == '\t':
			buf = append(buf, `\t`...)
		case c < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

// signed reports, in constant time for each key, whether mac is the MAC of payload under one of the keys.
// The zero Keys verify nothing.
func (k Keys) signed(payload, mac []byte) bool {
	if len(k.current) == 0 {
		return false
	}
	ok := hmac.Equal(sign(k.current, payload), mac)
	for _, key := range k.previous {
		ok = hmac.Equal(sign(key, payload), mac) || ok
	}
	return ok
}

func sign(key, payload []byte) []byte {
	h := hmac.New(sha3.New256, key)
	h.Write(payload)
	return h.Sum(nil)
}

func (c claims) wellFormed() bool {
	return isHex(c.Nonce, 32) && isHex(c.Request, 64) && len(c.Offered) > 0
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// marshal is compact JSON with no HTML escaping, so a digest can be recomputed by any ordinary JSON encoder.
func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("requeststate: encoding plain data can't fail: " + err.Error())
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
