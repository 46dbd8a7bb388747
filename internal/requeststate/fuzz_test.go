// This file holds FuzzVerify: any string as a state never panics, never verifies unless the key signed it, and never verifies for another request.

package requeststate_test

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"salon/internal/requeststate"
	"salon/internal/step"
)

// The request the fuzzed states come back with; a slot with a dot tests the split at the last dot.
var (
	fuzzSalon   = "salon-1"
	fuzzBooking = step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10.30", "sat-11:30", "sat-13:00"}}
	fuzzOffered = []string{"sat-10.30", "sat-11:30"}
	fuzzNow     = issuedAt.Add(time.Minute)
)

// FuzzVerify checks Verify against hostile states, and against hostile requests for a state
// that verifies. The only payloads the keys ever signed are the two issued here, one under the
// current key and one under the previous key, so any state that verifies must be one of them
// with, at most, its MAC re-cased.
//
// The fuzzed request is (salon, message, slots split at "|"; no slots when empty).
func FuzzVerify(f *testing.F) {
	keys := mustKeys(f, currentKey, previousKey)
	issued := map[string]string{} // payload -> lowercase MAC
	for i, k := range []requeststate.Keys{keys, mustKeys(f, previousKey)} {
		n := nonce
		n[0] = byte(i) // one payload per key, so each payload has exactly one MAC
		state := requeststate.Issue(k, issuedAt, life, fuzzSalon, fuzzBooking, fuzzOffered, n)
		payload, mac := split(f, state)
		issued[payload] = mac
		f.Add(state, fuzzSalon, fuzzBooking.Message, strings.Join(fuzzBooking.OpenSlots, "|"))
		f.Add(payload+"."+strings.ToUpper(mac), fuzzSalon, fuzzBooking.Message, "sat-11:30|sat-10.30|sat-13:00")
	}
	f.Fuzz(func(t *testing.T, state, salon, message, slots string) {
		got, err := requeststate.Verify(keys, fuzzNow, fuzzSalon, fuzzBooking, state)
		if err != nil && err.Error() != wantDoesntVerify {
			// Only the two issued payloads are signed, and both are for this request and still good.
			t.Fatalf("Verify(%q): got %q, want nil or %q", state, err, wantDoesntVerify)
		}
		if err == nil {
			payload, mac := split(t, state)
			want, signed := issued[payload]
			if !signed {
				t.Fatalf("Verify(%q): got it verified, want a refusal: the key never signed payload %q", state, payload)
			}
			if strings.ToLower(mac) != want {
				t.Fatalf("Verify(%q): got it verified with MAC %q, want only a re-casing of %q", state, mac, want)
			}
			if got.ID.String() != want {
				t.Fatalf("Verify(%q): got spend ID %s, want %s", state, got.ID, want)
			}
			if !slices.Equal(got.Offered, fuzzOffered) {
				t.Fatalf("Verify(%q): got offered %q, want %q", state, got.Offered, fuzzOffered)
			}
		}

		other := step.Request{Message: message}
		if slots != "" {
			other.OpenSlots = strings.Split(slots, "|")
		}
		// A string that is not UTF-8 has no JSON encoding of its own (the encoder writes U+FFFD
		// for each bad byte), and the API refuses such requests before Verify; see the report.
		if !utf8.ValidString(salon) || !utf8.ValidString(message) || !utf8.ValidString(slots) {
			return
		}
		same := salon == fuzzSalon && message == fuzzBooking.Message && slices.Equal(other.OpenSlots, fuzzBooking.OpenSlots)
		_, otherErr := requeststate.Verify(keys, fuzzNow, salon, other, state)
		switch {
		case same && (otherErr == nil) != (err == nil):
			t.Fatalf("Verify(%q) for the same request twice: got %v, then %v", state, err, otherErr)
		case !same && otherErr == nil:
			t.Fatalf("Verify(%q) for %q %q %q: got it verified, want a refusal: it was issued for %q %q %q",
				state, salon, message, other.OpenSlots, fuzzSalon, fuzzBooking.Message, fuzzBooking.OpenSlots)
		case !same && err == nil && otherErr.Error() != wantAnotherRequest:
			t.Fatalf("Verify(%q) for %q %q %q: got %q, want %q", state, salon, message, other.OpenSlots, otherErr, wantAnotherRequest)
		}
	})
}
