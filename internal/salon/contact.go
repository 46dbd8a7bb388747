// This file holds a contact's normal form, by which one customer's bookings are found whatever the case or spacing they wrote it in.

package salon

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// ContactKey is contact in its normal form: two contacts are the customer's same contact exactly
// when their keys are equal. An e-mail address (printable ASCII holding an @) is "e:" and the
// address lower-cased, so it compares case-insensitively; a phone number (digits with spaces, +,
// -, (, ) and . among them) is "p:" and its digits alone. Anything else, which the contract's field
// rules no longer let in but an older booking may hold, is "o:" and the SHA-256 of it lower-cased,
// in hex. Every key is ASCII and never "" (the empty contact too has one), so "" can stand for a
// booking whose details were erased.
func ContactKey(contact string) string {
	c := strings.TrimSpace(contact)
	if strings.Contains(c, "@") && printableASCII(c) {
		return "e:" + strings.ToLower(c)
	}
	if digits, ok := phoneDigits(c); ok {
		return "p:" + digits
	}
	sum := sha256.Sum256([]byte(strings.ToLower(c)))
	return "o:" + hex.EncodeToString(sum[:])
}

// phoneDigits is the digits of s when s is a phone number as the contract writes one: at least
// one digit, and nothing but digits, spaces, +, -, (, ) and . (the bounds on how many digits are
// the wire's).
func phoneDigits(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			b.WriteByte(c)
		case strings.IndexByte(" +-().", c) < 0:
			return "", false
		}
	}
	return b.String(), b.Len() > 0
}

// printableASCII reports whether s holds printable ASCII alone, no space among it.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
