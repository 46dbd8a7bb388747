// This file holds the tests of Issue, Verify and NewKeys: the format of docs/contract.md (The request state) recomputed from the key, and every refusal in its order.

package requeststate_test

import (
	"crypto/hmac"
	"encoding/hex"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/sha3"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/step"
)

// The refusals are written out here, not read from the package's constants, so a changed constant fails.
const (
	wantDoesntVerify   = "requestState doesn't verify"
	wantAnotherRequest = "requestState belongs to another request"
	wantExpired        = "requestState has expired"
	wantAlreadyUsed    = "requestState was already used"
)

var (
	currentKey  = []byte("the current signing key, 32 byte")
	previousKey = []byte("an earlier signing key, 32 bytes")
	otherKey    = []byte("a key this service never held!!!")

	issuedAt = time.Unix(1791018000, 0)
	life     = 120 * time.Second
	// goodUntil is issuedAt plus life: the last second a state issued at issuedAt is good for.
	goodUntil = time.Unix(1791018120, 0)

	// nonce has letters in every byte, so an upper-case encoding would show.
	nonce = requeststate.Nonce{0xab, 0xcd, 0xef, 0x9f, 0x1c, 0x00, 0x01, 0xfa, 0xce, 0xb0, 0x0c, 0x4e, 0xde, 0xad, 0xbe, 0xef}

	salon   = "salon-1"
	booking = step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"}}
	offered = []string{"sat-10:30", "sat-11:30"}
)

// mustKeys returns keys that sign with current and verify with previous too.
func mustKeys(tb testing.TB, current []byte, previous ...[]byte) requeststate.Keys {
	tb.Helper()
	keys, err := requeststate.NewKeys(current, previous...)
	if err != nil {
		tb.Fatalf("NewKeys: got %v, want no error", err)
	}
	return keys
}

// macHex is the lowercase hex HMAC-SHA3-256 of payload under key, computed here from docs/contract.md, not by the package.
func macHex(key []byte, payload string) string {
	h := hmac.New(sha3.New256, key)
	h.Write([]byte(payload))
	return hex.EncodeToString(h.Sum(nil))
}

// sha3Hex is the lowercase hex SHA3-256 of b.
func sha3Hex(b string) string {
	sum := sha3.Sum256([]byte(b))
	return hex.EncodeToString(sum[:])
}

// signed is payload with its MAC under key, as docs/contract.md writes a state.
func signed(key []byte, payload string) string { return payload + "." + macHex(key, payload) }

// split cuts a state at its last dot into payload and MAC.
func split(tb testing.TB, state string) (payload, mac string) {
	tb.Helper()
	dot := strings.LastIndexByte(state, '.')
	if dot < 0 {
		tb.Fatalf("state %q has no dot", state)
	}
	return state[:dot], state[dot+1:]
}

func TestIssueWritesTheContractsFormat(t *testing.T) {
	tests := []struct {
		name    string
		salon   string
		booking step.Request
		offered []string
		now     time.Time
		// request is the JSON array [salon, message, openSlots] written out by hand.
		request string
		// offeredJSON is the offered list written out by hand.
		offeredJSON string
		goodUntil   int64
	}{
		{
			name:        "a plain request",
			salon:       salon,
			booking:     booking,
			offered:     offered,
			now:         issuedAt,
			request:     `["salon-1","A cut on Saturday morning?",["sat-10:30","sat-11:30","sat-13:00"]]`,
			offeredJSON: `["sat-10:30","sat-11:30"]`,
			goodUntil:   1791018120,
		},
		{
			name:        "quotes and backslashes are escaped as JSON escapes them",
			salon:       `the "best" salon`,
			booking:     step.Request{Message: `a \ cut, "soon"`, OpenSlots: []string{`mon "9"`}},
			offered:     []string{`mon "9"`},
			now:         issuedAt,
			request:     `["the \"best\" salon","a \\ cut, \"soon\"",["mon \"9\""]]`,
			offeredJSON: `["mon \"9\""]`,
			goodUntil:   1791018120,
		},
		{
			name:        "angle brackets, ampersands and accents are written as they are, as JSON.stringify writes them",
			salon:       "café <&>",
			booking:     step.Request{Message: "coupe à 10h <vite> & bien", OpenSlots: []string{"sam. 10h30 <&>", "dim."}},
			offered:     []string{"sam. 10h30 <&>", "dim."},
			now:         issuedAt,
			request:     `["café <&>","coupe à 10h <vite> & bien",["sam. 10h30 <&>","dim."]]`,
			offeredJSON: `["sam. 10h30 <&>","dim."]`,
			goodUntil:   1791018120,
		},
		{
			name:        "slots with dots stay inside the payload",
			salon:       "s.1",
			booking:     step.Request{Message: "at 10.30.", OpenSlots: []string{"sat-10.30", "sat.11.30"}},
			offered:     []string{"sat-10.30", "sat.11.30"},
			now:         issuedAt,
			request:     `["s.1","at 10.30.",["sat-10.30","sat.11.30"]]`,
			offeredJSON: `["sat-10.30","sat.11.30"]`,
			goodUntil:   1791018120,
		},
		{
			name:        "a nil slot list is digested as an empty array",
			salon:       salon,
			booking:     step.Request{Message: ""},
			offered:     []string{"x"},
			now:         issuedAt,
			request:     `["salon-1","",[]]`,
			offeredJSON: `["x"]`,
			goodUntil:   1791018120,
		},
		{
			name:        "a now within a second is cut to the whole second",
			salon:       salon,
			booking:     booking,
			offered:     offered,
			now:         issuedAt.Add(999 * time.Millisecond),
			request:     `["salon-1","A cut on Saturday morning?",["sat-10:30","sat-11:30","sat-13:00"]]`,
			offeredJSON: `["sat-10:30","sat-11:30"]`,
			goodUntil:   1791018120,
		},
	}
	keys := mustKeys(t, currentKey, previousKey)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			digest := sha3Hex(tt.request)
			payload := `{"goodUntil":` + strconv.FormatInt(tt.goodUntil, 10) +
				`,"nonce":"` + hex.EncodeToString(nonce[:]) +
				`","offered":` + tt.offeredJSON +
				`,"request":"` + digest + `"}`
			want := payload + "." + macHex(currentKey, payload)

			got := requeststate.Issue(keys, tt.now, life, tt.salon, tt.booking, tt.offered, nonce)
			if got != want {
				t.Errorf("Issue:\n got %s\nwant %s", got, want)
			}
			if d := requeststate.Digest(tt.salon, tt.booking); d != digest {
				t.Errorf("Digest: got %s, want %s", d, digest)
			}
		})
	}
	t.Run("the nonce is the lowercase hex of the 16 bytes given", func(t *testing.T) {
		payload, _ := split(t, requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce))
		if want := `"nonce":"abcdef9f1c0001faceb00c4edeadbeef"`; !strings.Contains(payload, want) {
			t.Errorf("got payload %s, want it to hold %s", payload, want)
		}
	})
	t.Run("the MAC and the digest are lowercase hex of 32 bytes", func(t *testing.T) {
		state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
		payload, mac := split(t, state)
		lowerHex64 := regexp.MustCompile(`^[0-9a-f]{64}$`)
		if !lowerHex64.MatchString(mac) {
			t.Errorf("got MAC %q, want 64 lowercase hex digits", mac)
		}
		m := regexp.MustCompile(`"request":"([^"]*)"`).FindStringSubmatch(payload)
		if m == nil || !lowerHex64.MatchString(m[1]) {
			t.Errorf("got payload %s, want a request of 64 lowercase hex digits", payload)
		}
	})
	t.Run("the current key signs, never a previous one", func(t *testing.T) {
		rotated := mustKeys(t, otherKey, currentKey, previousKey)
		payload, mac := split(t, requeststate.Issue(rotated, issuedAt, life, salon, booking, offered, nonce))
		if want := macHex(otherKey, payload); mac != want {
			t.Errorf("got MAC %s, want %s (under the current key)", mac, want)
		}
	})
	t.Run("two nonces give two states for one request in one second", func(t *testing.T) {
		a := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, requeststate.Nonce{1})
		b := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, requeststate.Nonce{2})
		if a == b {
			t.Errorf("got one state %s for two nonces, want two", a)
		}
		va, errA := requeststate.Verify(keys, issuedAt, salon, booking, a)
		vb, errB := requeststate.Verify(keys, issuedAt, salon, booking, b)
		if errA != nil || errB != nil || va.ID == vb.ID {
			t.Errorf("got IDs %s, %s (errors %v, %v), want two distinct spend IDs", va.ID, vb.ID, errA, errB)
		}
	})
}

func TestVerify(t *testing.T) {
	keys := mustKeys(t, currentKey, previousKey)
	state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
	payload, mac := split(t, state)
	digest := requeststate.Digest(salon, booking)
	claims := func(goodUntil, nonce, offered, request string) string {
		return `{"goodUntil":` + goodUntil + `,"nonce":"` + nonce + `","offered":` + offered + `,"request":"` + request + `"}`
	}
	const nonceHex = "000102030405060708090a0b0c0d0e0f"

	dotted := step.Request{Message: "at 10.30.", OpenSlots: []string{"sat-10.30", "sat.11.30", "sun-9.00"}}
	dottedOffered := []string{"sat-10.30", "sat.11.30"}

	with := func(slots ...string) step.Request { return step.Request{Message: booking.Message, OpenSlots: slots} }

	tests := []struct {
		name    string
		keys    *requeststate.Keys // nil for the current and previous keys
		now     time.Time
		salon   string
		booking step.Request
		state   string
		want    []string // the offered times, when refusal is empty
		refusal string
	}{
		{name: "the state as issued verifies and gives back the offered times", state: state, want: offered},
		{name: "a MAC written in capitals verifies", state: payload + "." + strings.ToUpper(mac), want: offered},
		{name: "a MAC in mixed case verifies", state: payload + "." + strings.ToUpper(mac[:31]) + mac[31:], want: offered},
		{name: "a state verifies at the second it was issued", now: issuedAt, state: state, want: offered},
		{name: "a state verifies up to and including its goodUntil second", now: goodUntil, state: state, want: offered},
		{
			name: "a state splits at its last dot, so offered slots may hold dots", salon: "s.1", booking: dotted,
			state: requeststate.Issue(keys, issuedAt, life, "s.1", dotted, dottedOffered, nonce), want: dottedOffered,
		},
		{
			name:  "a state signed by a previous key still verifies",
			state: requeststate.Issue(mustKeys(t, previousKey), issuedAt, life, salon, booking, offered, nonce), want: offered,
		},
		{
			name:  "claims signed by hand in the documented format verify",
			state: signed(currentKey, claims("1791018120", nonceHex, `["sat-11:30"]`, digest)), want: []string{"sat-11:30"},
		},

		// The MAC: missing, malformed or wrong.
		{name: "an empty state doesn't verify", state: "", refusal: wantDoesntVerify},
		{name: "a state with no dot doesn't verify", state: payload + mac, refusal: wantDoesntVerify},
		{name: "a payload alone doesn't verify", state: payload, refusal: wantDoesntVerify},
		{name: "a lone dot doesn't verify", state: ".", refusal: wantDoesntVerify},
		{name: "an empty MAC doesn't verify", state: payload + ".", refusal: wantDoesntVerify},
		{name: "a MAC alone with an empty payload doesn't verify", state: "." + mac, refusal: wantDoesntVerify},
		{name: "an odd-length MAC doesn't verify", state: payload + "." + mac[:63], refusal: wantDoesntVerify},
		{name: "a MAC with one digit too many doesn't verify", state: state + "0", refusal: wantDoesntVerify},
		{name: "a MAC one byte short doesn't verify", state: payload + "." + mac[:62], refusal: wantDoesntVerify},
		{name: "a non-hex MAC doesn't verify", state: payload + "." + mac[:63] + "g", refusal: wantDoesntVerify},
		{name: "a MAC with a 0x prefix doesn't verify", state: payload + ".0x" + mac[2:], refusal: wantDoesntVerify},
		{name: "a MAC with a trailing space doesn't verify", state: state + " ", refusal: wantDoesntVerify},
		{name: "a MAC with a trailing newline doesn't verify", state: state + "\n", refusal: wantDoesntVerify},
		{name: "a MAC in base64 doesn't verify", state: payload + "." + strings.Repeat("A", 43) + "=", refusal: wantDoesntVerify},
		{name: "a wrong MAC doesn't verify", state: payload + "." + flipHexDigit(mac, 10), refusal: wantDoesntVerify},
		{name: "a MAC of another key doesn't verify", state: signed(otherKey, payload), refusal: wantDoesntVerify},
		{name: "a MAC of the plain SHA3 of the payload doesn't verify", state: payload + "." + sha3Hex(payload), refusal: wantDoesntVerify},
		{name: "a state with a second dot and MAC doesn't verify", state: state + "." + mac, refusal: wantDoesntVerify},
		{
			name:  "a dropped key no longer verifies",
			keys:  ptr(mustKeys(t, currentKey)),
			state: requeststate.Issue(mustKeys(t, previousKey), issuedAt, life, salon, booking, offered, nonce), refusal: wantDoesntVerify,
		},

		// The payload edited under its MAC.
		{name: "a payload with a later goodUntil doesn't verify", state: strings.Replace(payload, "1791018120", "1891018120", 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload offering another time doesn't verify", state: strings.Replace(payload, "sat-11:30", "sat-13:00", 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload with its offers reordered doesn't verify", state: strings.Replace(strings.Replace(payload, "sat-10:30", "X", 1), "sat-11:30", "sat-10:30", 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload with a space added doesn't verify", state: strings.Replace(payload, ",", ", ", 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload with another nonce doesn't verify", state: strings.Replace(payload, hex.EncodeToString(nonce[:]), nonceHex, 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload with the nonce in capitals doesn't verify", state: strings.Replace(payload, hex.EncodeToString(nonce[:]), strings.ToUpper(hex.EncodeToString(nonce[:])), 1) + "." + mac, refusal: wantDoesntVerify},
		{name: "a payload with a field appended doesn't verify", state: strings.TrimSuffix(payload, "}") + `,"x":1}` + "." + mac, refusal: wantDoesntVerify},

		// Claims the key signed but nobody can read.
		{name: "signed junk doesn't verify", state: signed(currentKey, "not json at all"), refusal: wantDoesntVerify},
		{name: "signed empty payload doesn't verify", state: signed(currentKey, ""), refusal: wantDoesntVerify},
		{name: "signed null claims don't verify", state: signed(currentKey, "null"), refusal: wantDoesntVerify},
		{name: "signed list claims don't verify", state: signed(currentKey, `[1791018120,"x"]`), refusal: wantDoesntVerify},
		{name: "signed empty claims don't verify", state: signed(currentKey, "{}"), refusal: wantDoesntVerify},
		{name: "signed claims with a textual goodUntil don't verify", state: signed(currentKey, claims(`"1791018120"`, nonceHex, `["sat-10:30"]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with a fractional goodUntil don't verify", state: signed(currentKey, claims(`1791018120.5`, nonceHex, `["sat-10:30"]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with offered not a list don't verify", state: signed(currentKey, claims("1791018120", nonceHex, `"sat-10:30"`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with a number among the offered don't verify", state: signed(currentKey, claims("1791018120", nonceHex, `["sat-10:30",1030]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims offering nothing don't verify", state: signed(currentKey, claims("1791018120", nonceHex, `[]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with a truncated JSON don't verify", state: signed(currentKey, strings.TrimSuffix(payload, "}")), refusal: wantDoesntVerify},
		{name: "signed claims with a nonce in capitals don't verify", state: signed(currentKey, claims("1791018120", strings.ToUpper(nonceHex), `["sat-10:30"]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with a g in the nonce don't verify", state: signed(currentKey, claims("1791018120", nonceHex[:31]+"g", `["sat-10:30"]`, digest)), refusal: wantDoesntVerify},
		{name: "signed claims with a digest one digit short don't verify", state: signed(currentKey, claims("1791018120", nonceHex, `["sat-10:30"]`, digest[:63])), refusal: wantDoesntVerify},
		{name: "signed claims with a / in the digest don't verify", state: signed(currentKey, claims("1791018120", nonceHex, `["sat-10:30"]`, "/"+digest[1:])), refusal: wantDoesntVerify},

		// The digest of another request.
		{name: "a slot added at the end belongs to another request", booking: with("sat-10:30", "sat-11:30", "sat-13:00", "sat-14:00"), state: state, refusal: wantAnotherRequest},
		{name: "a slot added at the start belongs to another request", booking: with("sat-09:00", "sat-10:30", "sat-11:30", "sat-13:00"), state: state, refusal: wantAnotherRequest},
		{name: "a slot removed belongs to another request", booking: with("sat-10:30", "sat-11:30"), state: state, refusal: wantAnotherRequest},
		{name: "an offered slot removed belongs to another request", booking: with("sat-11:30", "sat-13:00"), state: state, refusal: wantAnotherRequest},
		{name: "all slots removed belongs to another request", booking: with(), state: state, refusal: wantAnotherRequest},
		{name: "slots moved belong to another request", booking: with("sat-11:30", "sat-10:30", "sat-13:00"), state: state, refusal: wantAnotherRequest},
		{name: "a slot moved after the offers belongs to another request", booking: with("sat-10:30", "sat-13:00", "sat-11:30"), state: state, refusal: wantAnotherRequest},
		{name: "a slot renamed belongs to another request", booking: with("sat-10:30", "sat-11:30", "sat-13:01"), state: state, refusal: wantAnotherRequest},
		{name: "another salon's state belongs to another request", salon: "salon-2", state: state, refusal: wantAnotherRequest},
		{name: "a salon in capitals is another salon", salon: "SALON-1", state: state, refusal: wantAnotherRequest},
		{name: "other words belong to another request", booking: step.Request{Message: "A cut on Sunday morning?", OpenSlots: booking.OpenSlots}, state: state, refusal: wantAnotherRequest},
		{name: "the words with a trailing space belong to another request", booking: step.Request{Message: booking.Message + " ", OpenSlots: booking.OpenSlots}, state: state, refusal: wantAnotherRequest},
		{name: "words moved into the salon belong to another request", salon: salon + `","` + booking.Message, booking: step.Request{OpenSlots: booking.OpenSlots}, state: state, refusal: wantAnotherRequest},

		// Expiry.
		{name: "a state a second past its goodUntil has expired", now: goodUntil.Add(time.Second), state: state, refusal: wantExpired},
		{name: "a state a day past its goodUntil has expired", now: goodUntil.Add(24 * time.Hour), state: state, refusal: wantExpired},

		// The order of the checks.
		{name: "a wrong MAC is refused before another request", salon: "salon-2", state: signed(otherKey, payload), refusal: wantDoesntVerify},
		{name: "a wrong MAC is refused before an expiry", now: goodUntil.Add(time.Hour), state: signed(otherKey, payload), refusal: wantDoesntVerify},
		{name: "unreadable claims are refused before an expiry", now: goodUntil.Add(time.Hour), state: signed(currentKey, "{}"), refusal: wantDoesntVerify},
		{name: "another request is refused before an expiry", now: goodUntil.Add(time.Hour), booking: with("sat-10:30"), state: state, refusal: wantAnotherRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, now, s, b := keys, tt.now, tt.salon, tt.booking
			if tt.keys != nil {
				k = *tt.keys
			}
			if now.IsZero() {
				now = issuedAt.Add(time.Minute)
			}
			if s == "" {
				s = salon
			}
			if b.Message == "" && b.OpenSlots == nil {
				b = booking
			}
			got, err := requeststate.Verify(k, now, s, b, tt.state)
			if tt.refusal != "" {
				assertRefusal(t, err, tt.refusal)
				return
			}
			if err != nil {
				t.Fatalf("got refusal %q, want the offered times %q", err, tt.want)
			}
			if !slices.Equal(got.Offered, tt.want) {
				t.Errorf("got offered %q, want %q", got.Offered, tt.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// flipHexDigit returns mac with its i-th digit replaced by another hex digit.
func flipHexDigit(mac string, i int) string {
	next := map[byte]byte{'0': '1', '1': '2', '2': '3', '3': '4', '4': '5', '5': '6', '6': '7', '7': '8',
		'8': '9', '9': 'a', 'a': 'b', 'b': 'c', 'c': 'd', 'd': 'e', 'e': 'f', 'f': '0'}
	return mac[:i] + string(next[mac[i]]) + mac[i+1:]
}

// assertRefusal checks that err is an invalid refusal reading want.
func assertRefusal(tb testing.TB, err error, want string) {
	tb.Helper()
	if err == nil {
		tb.Fatalf("got no error, want refusal %q", want)
	}
	if err.Error() != want {
		tb.Errorf("got refusal %q, want %q", err.Error(), want)
	}
	if r, ok := refusal.As(err); !ok || r.Kind != refusal.Invalid {
		tb.Errorf("got error %#v, want an invalid refusal", err)
	}
}

func TestRefusalsAreTheContract(t *testing.T) {
	tests := []struct {
		name string
		got  error
		want string
	}{
		{"doesn't verify", requeststate.ErrDoesntVerify, wantDoesntVerify},
		{"another request", requeststate.ErrAnotherRequest, wantAnotherRequest},
		{"expired", requeststate.ErrExpired, wantExpired},
		{"already used", requeststate.ErrAlreadyUsed, wantAlreadyUsed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.Error() != tt.want {
				t.Errorf("got %q, want %q", tt.got.Error(), tt.want)
			}
		})
	}
}

func TestVerifiedNamesTheState(t *testing.T) {
	keys := mustKeys(t, currentKey)
	state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
	payload, mac := split(t, state)

	lower, err := requeststate.Verify(keys, issuedAt, salon, booking, state)
	if err != nil {
		t.Fatalf("Verify: got %v, want no error", err)
	}
	upper, err := requeststate.Verify(keys, issuedAt, salon, booking, payload+"."+strings.ToUpper(mac))
	if err != nil {
		t.Fatalf("Verify of the capital MAC: got %v, want no error", err)
	}
	t.Run("the spend ID is the MAC in lowercase", func(t *testing.T) {
		if got := lower.ID.String(); got != mac {
			t.Errorf("got %s, want %s", got, mac)
		}
	})
	t.Run("a capital MAC gives the same spend ID as its lowercase", func(t *testing.T) {
		if upper.ID != lower.ID {
			t.Errorf("got %s, want %s", upper.ID, lower.ID)
		}
		if got := upper.ID.String(); got != mac {
			t.Errorf("got %s, want %s (canonical lowercase)", got, mac)
		}
	})
	t.Run("goodUntil is the last second the state is good for", func(t *testing.T) {
		if !lower.GoodUntil.Equal(goodUntil) {
			t.Errorf("got %v, want %v", lower.GoodUntil, goodUntil)
		}
	})
	t.Run("the offered times come back in the order they were offered", func(t *testing.T) {
		if !slices.Equal(lower.Offered, offered) {
			t.Errorf("got %q, want %q", lower.Offered, offered)
		}
	})
}

func TestNewKeys(t *testing.T) {
	k31, k32, k64 := []byte(strings.Repeat("k", 31)), []byte(strings.Repeat("k", 32)), []byte(strings.Repeat("k", 64))
	tests := []struct {
		name     string
		current  []byte
		previous [][]byte
		wantErr  bool
	}{
		{"a 32-byte key is accepted", k32, nil, false},
		{"a 64-byte key is accepted", k64, nil, false},
		{"a 31-byte key is refused", k31, nil, true},
		{"an empty key is refused", []byte{}, nil, true},
		{"no key is refused", nil, nil, true},
		{"32-byte previous keys are accepted", k32, [][]byte{k64, k32}, false},
		{"a 31-byte previous key is refused", k32, [][]byte{k64, k31}, true},
		{"an empty previous key is refused", k32, [][]byte{{}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := requeststate.NewKeys(tt.current, tt.previous...)
			switch {
			case tt.wantErr && !errors.Is(err, requeststate.ErrShortKey):
				t.Errorf("got %v, want %v", err, requeststate.ErrShortKey)
			case !tt.wantErr && err != nil:
				t.Errorf("got %v, want no error", err)
			}
		})
	}
	t.Run("keys are copied, so the caller's later writes change nothing", func(t *testing.T) {
		current, previous := slices.Clone(currentKey), slices.Clone(previousKey)
		keys := mustKeys(t, current, previous)
		fromPrevious := requeststate.Issue(mustKeys(t, previousKey), issuedAt, life, salon, booking, offered, nonce)
		clear(current)
		clear(previous)
		state := requeststate.Issue(keys, issuedAt, life, salon, booking, offered, nonce)
		if _, mac := split(t, state); mac != macHex(currentKey, strings.TrimSuffix(state, "."+mac)) {
			t.Errorf("got MAC %s, want the MAC under the key as it was given", mac)
		}
		if _, err := requeststate.Verify(keys, issuedAt, salon, booking, fromPrevious); err != nil {
			t.Errorf("got %v verifying under the previous key as it was given, want no error", err)
		}
	})
}
