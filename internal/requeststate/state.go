// Package requeststate issues and verifies the signed, short-lived, single-use state that carries round one's offer to round two.
package requeststate

import (
	"bytes"
	"crypto/hmac"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/sha3"

	"salon/internal/refusal"
	"salon/internal/step"
)

// MinKeyBytes is the shortest signing key accepted.
const MinKeyBytes = 32

// The refusals of Verify and of a spent-state store: each is invalid, and its reason is part of the contract.
var (
	ErrDoesntVerify   = refusal.New(refusal.Invalid, "doesnt_verify", "requestState doesn't verify")
	ErrAnotherRequest = refusal.New(refusal.Invalid, "another_request", "requestState belongs to another request")
	ErrExpired        = refusal.New(refusal.Invalid, "expired", "requestState has expired")
	ErrAlreadyUsed    = refusal.New(refusal.Invalid, "already_used", "requestState was already used")
)

// Keys are the keys a service signs and verifies with: one current key that signs,
// and earlier keys that still verify while a rotation is under way. Only NewKeys makes
// usable Keys; the zero Keys verify nothing. Copies of one Keys share its keyed MACs.
type Keys struct {
	current  *macKey
	previous []*macKey
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
	prev := make([]*macKey, len(previous))
	for i, k := range previous {
		prev[i] = newMACKey(k)
	}
	return Keys{current: newMACKey(current), previous: prev}, nil
}

// macKey is one signing key with a pool of HMAC-SHA3-256s already keyed with it. A keyed HMAC
// keeps its inner and outer states once the key is hashed into them (crypto/hmac does so on its
// first Reset), so a MAC costs the payload's blocks, not the key's two as well.
type macKey struct {
	key  []byte
	macs sync.Pool // of *keyedMAC
}

// keyedMAC is a reusable HMAC with room for its sum and for the payload it is given as a string.
type keyedMAC struct {
	h   hash.Hash
	sum [32]byte
	buf []byte
}

func newMACKey(key []byte) *macKey {
	k := &macKey{key: bytes.Clone(key)}
	k.macs.New = func() any {
		h := hmac.New(sha3.New256, k.key)
		h.Reset()
		return &keyedMAC{h: h}
	}
	return k
}

// sign is the HMAC-SHA3-256 of payload under k.
func (k *macKey) sign(payload string) [32]byte { return sign(k, payload) }

// sign is the HMAC-SHA3-256 of payload under k, for a payload held as a string (a state
// received) or as bytes (a state being written), with no copy of either onto the heap.
func sign[P string | []byte](k *macKey, payload P) [32]byte {
	m := k.macs.Get().(*keyedMAC)
	m.buf = append(m.buf[:0], payload...)
	m.h.Write(m.buf)
	m.h.Sum(m.sum[:0])
	sum := m.sum
	m.h.Reset()
	if cap(m.buf) <= 4<<10 {
		k.macs.Put(m)
	}
	return sum
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
func Issue(keys Keys, now time.Time, life time.Duration, salon string, b step.Request, offered []string, nonce Nonce) string {
	if keys.current == nil {
		panic("requeststate: Issue needs keys made by NewKeys")
	}
	digest := digest(salon, b)
	// The payload is the claims in their wire order, written as encoding/json writes them with
	// HTML escaping off, so a digest can be recomputed by any ordinary JSON encoder.
	// Written on the stack while it fits, as it does unless the offered times are long and
	// escaped: the one allocation is the state returned.
	var stack [320]byte
	buf := append(stack[:0], `{"goodUntil":`...)
	buf = strconv.AppendInt(buf, now.Add(life).Unix(), 10)
	buf = append(buf, `,"nonce":"`...)
	buf = hex.AppendEncode(buf, nonce[:])
	buf = append(buf, `","offered":`...)
	if offered == nil {
		buf = append(buf, "null"...)
	} else {
		buf = append(buf, '[')
		for i, slot := range offered {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendGoJSONString(buf, slot)
		}
		buf = append(buf, ']')
	}
	buf = append(buf, `,"request":"`...)
	buf = hex.AppendEncode(buf, digest[:])
	buf = append(buf, `"}`...)
	mac := sign(keys.current, buf)
	buf = append(buf, '.')
	buf = hex.AppendEncode(buf, mac[:])
	return string(buf)
}

// Verify checks a state against the request it comes back with, at time now, in this order:
// the MAC (under any of keys) and the claims' shape, else ErrDoesntVerify; the request digest,
// else ErrAnotherRequest; the expiry, else ErrExpired. It holds every check that needs no memory;
// whether the state was already spent is the store's to say.
func Verify(keys Keys, now time.Time, salon string, b step.Request, state string) (Verified, error) {
	dot := strings.LastIndexByte(state, '.')
	if dot < 0 {
		return Verified{}, ErrDoesntVerify
	}
	payload, macHex := state[:dot], state[dot+1:]
	var id SpendID
	if len(macHex) != 2*len(id) {
		return Verified{}, ErrDoesntVerify
	}
	if _, err := hex.Decode(id[:], []byte(macHex)); err != nil {
		return Verified{}, ErrDoesntVerify
	}
	if !keys.signed(payload, id) {
		return Verified{}, ErrDoesntVerify
	}
	c, ok := readClaims(payload)
	if !ok || !c.wellFormed() {
		return Verified{}, ErrDoesntVerify
	}
	var want [64]byte
	sum := digest(salon, b)
	hex.Encode(want[:], sum[:])
	if subtle.ConstantTimeCompare([]byte(c.Request), want[:]) != 1 {
		return Verified{}, ErrAnotherRequest
	}
	if now.Unix() > c.GoodUntil {
		return Verified{}, ErrExpired
	}
	return Verified{Offered: c.Offered, GoodUntil: time.Unix(c.GoodUntil, 0), ID: id}, nil
}

// Digest is the lowercase hex SHA3-256 of the JSON array [salon, message, openSlots], or
// [salon, message, openSlots, name, contact] when the booking names its customer: what binds a state to one request.
// The array is compact JSON written as JavaScript's JSON.stringify writes it, so any client can recompute it.
// The strings must be valid UTF-8 (the decoder refuses anything else).
func Digest(salon string, b step.Request) string {
	sum := digest(salon, b)
	return hex.EncodeToString(sum[:])
}

// digest is the SHA3-256 that Digest writes in hex: of the JSON array of the salon, then each
// bound field of b in the order of Bound.
func digest(salon string, b step.Request) [32]byte {
	// The request is written into a buffer kept between requests: the table's Bind functions are
	// called through their values, which the compiler can't see into, so a buffer on the stack
	// would be moved to the heap for every request.
	kept := digestBuffers.Get().(*[]byte)
	buf := append((*kept)[:0], '[')
	defer func() {
		if cap(buf) <= maxKeptDigestBuffer {
			*kept = buf
		}
		digestBuffers.Put(kept)
	}()
	if b.Moving != "" {
		// A move is its own request: ["move", salon, booking, message, openSlots, stylist], with
		// stylist "" for the booking's own; the owner's move is tagged "owner-move".
		stylist := ""
		if b.Choice != nil {
			stylist = b.Choice.Stylist
		}
		tag := `"move",`
		if b.ByOwner {
			tag = `"owner-move",`
		}
		buf = appendJSONString(append(buf, tag...), salon)
		buf = appendJSONString(append(buf, ','), b.Moving)
		buf = appendJSONString(append(buf, ','), b.Message)
		buf = boundSlots(buf, b)
		buf = appendJSONString(append(buf, ','), stylist)
		return sha3.Sum256(append(buf, ']'))
	}
	buf = appendJSONString(buf, salon)
	for _, f := range Bound {
		if f.Bind != nil {
			buf = f.Bind(buf, b)
		}
	}
	return sha3.Sum256(append(buf, ']'))
}

// digestBuffers are digest's buffers, reused; one grown past maxKeptDigestBuffer by a long
// request isn't kept.
var digestBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 512)
	return &b
}}

const maxKeptDigestBuffer = 8 << 10

// boundSlots appends the open slots, in the app's order, as a JSON array after a comma.
func boundSlots(buf []byte, b step.Request) []byte {
	buf = append(buf, ",["...)
	for i, slot := range b.OpenSlots {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSONString(buf, slot)
	}
	return append(buf, ']')
}

// Field is one field of step.Request and the digest's decision on it: Bind appends what the
// digest binds of it, each value after a comma, or is nil when the digest doesn't read the field,
// and Why says why.
type Field struct {
	Name string
	Bind func(buf []byte, b step.Request) []byte
	Why  string
}

// Bound is the one canonical description of what a request state binds: every field of
// step.Request, in the digest's order, with the decision on it. A field added to step.Request must
// be added here, bound or not, or the package's tests fail; so no field is left unbound by
// oversight.
var Bound = []Field{
	{Name: "Message", Bind: func(buf []byte, b step.Request) []byte {
		return appendJSONString(append(buf, ','), b.Message)
	}, Why: "the customer's words: a state answers what was asked"},
	{Name: "OpenSlots", Bind: boundSlots, Why: "the open slots in the app's order: a slot added, removed or moved is another request"},
	{Name: "Customer", Bind: func(buf []byte, b step.Request) []byte {
		if c := b.Customer; c != nil {
			buf = appendJSONString(append(buf, ','), c.Name)
			buf = appendJSONString(append(buf, ','), c.Contact)
		}
		return buf
	}, Why: "whom the booking is for, when given: a state issued for one customer can't book another"},
	{Name: "Choice", Bind: func(buf []byte, b step.Request) []byte {
		if c := b.Choice; c != nil {
			buf = appendJSONString(append(buf, ','), c.Service)
			buf = appendJSONString(append(buf, ','), c.Stylist)
		}
		return buf
	}, Why: "the service and stylist at a menu salon, \"\" for anyone: a state issued for a cut can't book a colour, nor one for Ana book Ben"},
	{Name: "Moving", Bind: func(buf []byte, _ step.Request) []byte { return buf }, Why: "the booking a move moves: a move's digest is its own, " +
		`["move", salon, booking, message, openSlots, stylist], so a state for one booking can't move another, nor book`},
	{Name: "ByOwner", Bind: func(buf []byte, b step.Request) []byte {
		if b.ByOwner {
			buf = append(buf, `,"owner"`...)
		}
		return buf
	}, Why: "who asks: a state issued for the owner's move can't move a booking for its customer, nor the other way round"},
	{Name: "Salon", Why: "the desk's own facts of the salon, filled in from its settings, never from the request"},
	{Name: "Withheld", Why: "what the offer must never say, filled in by the desk, never from the request"},
	{Name: "Lang", Why: "the language the words are in, chosen by each round's transport: an answer may come back in another"},
}

// appendJSONString writes s as a JSON string the way JSON.stringify does: only the quote, the
// backslash and control characters are escaped; everything else, U+2028 and U+2029 included, is
// written as is, each run between escapes copied whole.
func appendJSONString(buf []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		buf = append(buf, s[start:i]...)
		start = i + 1
		switch c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\b':
			buf = append(buf, `\b`...)
		case '\f':
			buf = append(buf, `\f`...)
		case '\n':
			buf = append(buf, `\n`...)
		case '\r':
			buf = append(buf, `\r`...)
		case '\t':
			buf = append(buf, `\t`...)
		default:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// signed reports, in constant time for each key, whether mac is the MAC of payload under one of the keys.
// The zero Keys verify nothing.
func (k Keys) signed(payload string, mac SpendID) bool {
	if k.current == nil {
		return false
	}
	sum := k.current.sign(payload)
	ok := hmac.Equal(sum[:], mac[:])
	for _, key := range k.previous {
		sum := key.sign(payload)
		ok = hmac.Equal(sum[:], mac[:]) || ok
	}
	return ok
}

func (c claims) wellFormed() bool {
	return isHex(c.Nonce, 32) && isHex(c.Request, 64) && len(c.Offered) > 0
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c-'0' > 9 && c-'a' > 5 { // unsigned: neither 0 to 9 nor a to f
			return false
		}
	}
	return true
}

// appendGoJSONString writes s as encoding/json writes a string with HTML escaping off. A string of
// printable ASCII with no quote or backslash is written as it is; any other goes through encoding/json
// itself, so every byte is the one encoding/json would write (U+2028 and U+2029 escaped, invalid UTF-8 replaced).
func appendGoJSONString(buf []byte, s string) []byte {
	if plainASCII(s) {
		buf = append(buf, '"')
		buf = append(buf, s...)
		return append(buf, '"')
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic("requeststate: encoding a string can't fail: " + err.Error())
	}
	return append(buf, bytes.TrimSuffix(out.Bytes(), []byte("\n"))...)
}

// plainASCII reports whether s is printable ASCII with no quote and no backslash: a string JSON writes as it is.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == 0x7f {
			return false
		}
	}
	return true
}

// readClaims reads a payload's claims as encoding/json reads them into claims. The one form Issue
// writes, with only plain strings, is read here without reflection; every other payload (which
// only a key holder could have signed) goes to encoding/json, so the claims never depend on the reader.
func readClaims(payload string) (claims, bool) {
	if c, ok := readIssued(payload); ok {
		return c, true
	}
	var c claims
	if json.Unmarshal([]byte(payload), &c) != nil {
		return claims{}, false
	}
	return c, true
}

// readIssued reads exactly the form Issue writes, {"goodUntil":N,"nonce":"…","offered":["…",…],"request":"…"},
// where every string is valid UTF-8 holding no backslash and no control character, and N is a plain
// integer of at most 18 digits. Anything else is not read (false), never misread. The strings share s's memory.
func readIssued(s string) (c claims, ok bool) {
	r := issuedReader{s: s}
	if !r.literal(`{"goodUntil":`) {
		return claims{}, false
	}
	if c.GoodUntil, ok = r.integer(); !ok || !r.literal(`,"nonce":`) {
		return claims{}, false
	}
	if c.Nonce, ok = r.plainString(); !ok || !r.literal(`,"offered":[`) {
		return claims{}, false
	}
	c.Offered = make([]string, 0, 2)
	if !r.literal("]") {
		for {
			slot, ok := r.plainString()
			if !ok {
				return claims{}, false
			}
			c.Offered = append(c.Offered, slot)
			if r.literal("]") {
				break
			}
			if !r.literal(",") {
				return claims{}, false
			}
		}
	}
	if !r.literal(`,"request":`) {
		return claims{}, false
	}
	if c.Request, ok = r.plainString(); !ok || !r.literal("}") || r.i != len(s) {
		return claims{}, false
	}
	return c, true
}

// issuedReader reads a payload from its start, a token at a time.
type issuedReader struct {
	s string
	i int
}

func (r *issuedReader) literal(lit string) bool {
	if !strings.HasPrefix(r.s[r.i:], lit) {
		return false
	}
	r.i += len(lit)
	return true
}

// integer reads an optional minus and 1 to 18 digits with no leading zero (or a lone 0).
func (r *issuedReader) integer() (int64, bool) {
	start := r.i
	if r.i < len(r.s) && r.s[r.i] == '-' {
		r.i++
	}
	digits := r.i
	for r.i < len(r.s) && '0' <= r.s[r.i] && r.s[r.i] <= '9' {
		r.i++
	}
	n := r.i - digits
	if n == 0 || n > 18 || (n > 1 && r.s[digits] == '0') {
		return 0, false
	}
	v, err := strconv.ParseInt(r.s[start:r.i], 10, 64)
	return v, err == nil
}

// plainString reads a quoted string that needs no unescaping: valid UTF-8, no backslash, no control character.
func (r *issuedReader) plainString() (string, bool) {
	if !r.literal(`"`) {
		return "", false
	}
	s, start := r.s, r.i // read through locals, which the loop keeps in registers
	ascii := true
	for i := start; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			r.i = i + 1
			v := s[start:i]
			return v, ascii || utf8.ValidString(v)
		case c == '\\' || c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}
