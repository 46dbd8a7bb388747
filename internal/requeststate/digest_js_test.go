// This file checks the request digest against JSON.stringify's encoding, byte for byte, on awkward strings.
package requeststate

import (
	"encoding/hex"
	"testing"

	"golang.org/x/crypto/sha3"

	"salon/internal/step"
)

func TestDigestEncodesAsJSONStringifyDoes(t *testing.T) {
	for _, c := range []struct {
		name, salon, message string
		slots                []string
		stringified          string // what JSON.stringify([salon, message, slots]) writes
	}{
		{"plain", "studio-nine", "A cut?", []string{"sat-10:30"}, `["studio-nine","A cut?",["sat-10:30"]]`},
		{"no slots", "s", "", nil, `["s","",[]]`},
		{"quotes and backslashes", `a"b`, `c\d`, []string{`"`}, `["a\"b","c\\d",["\""]]`},
		{"control characters", "\b\f\n\r\t", "\x00\x1f\x7f", nil, `["\b\f\n\r\t","\u0000\u001f` + "\x7f" + `",[]]`},
		{"html and separators kept raw", "<a&b>", "\u2028\u2029", []string{"é", "😀"}, "[\"<a&b>\",\"\u2028\u2029\",[\"é\",\"😀\"]]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sum := sha3.Sum256([]byte(c.stringified))
			want := hex.EncodeToString(sum[:])
			if got := Digest(c.salon, step.Booking{Message: c.message, OpenSlots: c.slots}); got != want {
				t.Errorf("got %s, want %s, the SHA3-256 of %s", got, want, c.stringified)
			}
		})
	}
}
