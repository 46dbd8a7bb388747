// This file holds the state that waits for a deposit: round two, at a service that asks one,
// issues it bound to the held booking, and round three brings it back.

package requeststate

import (
	"encoding/base64"
	"strings"

	"golang.org/x/crypto/sha3"
)

// payingPrefix begins the one offered entry of a state that waits for a deposit. Every other
// state offers slot ids, which begin with a digit, so the two never pass for each other.
const payingPrefix = "deposit:"

// holdLabel sets a hold's id apart from every other hash of a state's MAC.
const holdLabel = "bookingd deposit hold\x00"

// HoldID is the id of the booking that a deposit's round two holds when it spends the state id:
// 16 bytes of the SHA3-256 of a label and the MAC, in URL-safe base64 (22 characters). A round two
// sent again makes the same id, so the Checkout Session made for it, whose idempotency key it
// names, is the same session.
func (id SpendID) HoldID() string {
	sum := sha3.Sum256(append([]byte(holdLabel), id[:]...))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// Paying is what a state that waits for the deposit of booking offers: the booking itself, marked.
func Paying(booking string) []string { return []string{payingPrefix + booking} }

// PayingFor is the booking a verified state waits for the deposit of, and false for a state that
// offered times.
func (v Verified) PayingFor() (string, bool) {
	if len(v.Offered) != 1 {
		return "", false
	}
	return strings.CutPrefix(v.Offered[0], payingPrefix)
}
