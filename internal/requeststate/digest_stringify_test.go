// This file checks the request digest against JSON.stringify's encoding, byte for byte, on awkward strings.

package requeststate

import (
	"encoding/hex"
	"testing"

	"golang.org/x/crypto/sha3"

	"salon/internal/salon"
	"salon/internal/step"
)

func TestDigestEncodesAsJSONStringifyDoes(t *testing.T) {
	for _, c := range []struct {
		name, salon, message string
		slots                []string
		customer             *salon.Customer
		stringified          string // what JSON.stringify([salon, message, slots]) writes, or with the customer's name and contact after
	}{
		{"plain", "studio-nine", "A cut?", []string{"sat-10:30"}, nil, `["studio-nine","A cut?",["sat-10:30"]]`},
		{"no slots", "s", "", nil, nil, `["s","",[]]`},
		{"quotes and backslashes", `a"b`, `c\d`, []string{`"`}, nil, `["a\"b","c\\d",["\""]]`},
		{"control characters", "\b\f\n\r\t", "\x00\x1f\x7f", nil, nil, `["\b\f\n\r\t","\u0000\u001f` + "\x7f" + `",[]]`},
		{"html and separators kept raw", "<a&b>", "\u2028\u2029", []string{"é", "😀"}, nil, "[\"<a&b>\",\"\u2028\u2029\",[\"é\",\"😀\"]]"},
		{"with a customer", "studio-nine", "A cut?", []string{"2026-12-05T09:00:00Z"}, &salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"},
			`["studio-nine","A cut?",["2026-12-05T09:00:00Z"],"Ana Lima","+44 7700 900123"]`},
		{"a customer's awkward name", "s", "", nil, &salon.Customer{Name: "Ana \"<Lima>\"", Contact: "a&b\\c"},
			`["s","",[],"Ana \"<Lima>\"","a&b\\c"]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			sum := sha3.Sum256([]byte(c.stringified))
			want := hex.EncodeToString(sum[:])
			if got := Digest(c.salon, step.Request{Message: c.message, OpenSlots: c.slots, Customer: c.customer}); got != want {
				t.Errorf("got %s, want %s, the SHA3-256 of %s", got, want, c.stringified)
			}
		})
	}
}
