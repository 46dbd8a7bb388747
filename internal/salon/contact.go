// This file holds a contact's normal form, by which one customer's bookings are found whatever the case or spacing they wrote it in.

package salon

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/net/idna"
)

// ContactKey is contact in its normal form at a salon in region (an ISO 3166 region code such as
// "GB", from the salon's own phone; "" when it has none): two contacts are the customer's same
// contact exactly when their keys are equal.
//
//   - An e-mail address (printable ASCII holding an @) is "e:" and the address lower-cased, so it
//     compares case-insensitively.
//   - A phone number (digits with spaces, +, -, (, ) and . among them) is "p:" and its E.164 digits,
//     read by libphonenumber's rules with region for a number written without its country, so
//     +44 7700 900123, 07700 900123 and 0044 7700 900123 are one contact at a salon in GB. A
//     number those rules can't read (no country, and no region to supply one) is "p:" and its
//     digits alone.
//   - Anything else, which the contract's field rules no longer let in but an older booking may
//     hold, is "o:" and the SHA-256 of it lower-cased, in hex.
//
// Every key is ASCII and never "" (the empty contact too has one), so "" can stand for a booking
// whose details were erased.
func ContactKey(contact, region string) string {
	c := strings.TrimSpace(contact)
	if a, ok := EmailASCII(c); ok && printableASCII(a) {
		return "e:" + strings.ToLower(a)
	}
	if digits, ok := phoneDigits(c); ok {
		if n, ok := phoneNumber(c, region); ok {
			return "p:" + strings.TrimPrefix(phonenumbers.Format(n, phonenumbers.E164), "+")
		}
		return "p:" + digits
	}
	sum := sha256.Sum256([]byte(strings.ToLower(c)))
	return "o:" + hex.EncodeToString(sum[:])
}

// phoneNumber reads s as a phone number by libphonenumber's rules, region supplying the country
// of a number written without one; false when it doesn't read, or isn't a possible number.
func phoneNumber(s, region string) (*phonenumbers.PhoneNumber, bool) {
	n, err := phonenumbers.Parse(s, region)
	if err != nil || !phonenumbers.IsPossibleNumber(n) {
		return nil, false
	}
	return n, true
}

// PossiblePhone reports whether contact, when it is written as a phone number, is a possible
// number by libphonenumber's rules at a salon in region: its length fits its country's numbers.
// Anything not written as a phone number (an e-mail address) is the field rules' to judge, and a
// number without its country at a salon without a region can't be judged: both report true.
func PossiblePhone(contact, region string) bool {
	c := strings.TrimSpace(contact)
	if _, ok := phoneDigits(c); !ok || region == "" && !strings.HasPrefix(c, "+") {
		return true
	}
	_, ok := phoneNumber(c, region)
	return ok
}

// RegionOf is the ISO 3166 region code of phone, a number written with its country (+44 …), such
// as "GB"; "" when it has none that libphonenumber can read.
func RegionOf(phone string) string {
	if r, ok := regions.Load(phone); ok {
		return r.(string)
	}
	region := ""
	if n, err := phonenumbers.Parse(phone, ""); err == nil {
		region = phonenumbers.GetRegionCodeForNumber(n)
	}
	if count.Add(1) <= maxRegions {
		regions.Store(phone, region)
	}
	return region
}

// regions keeps RegionOf's answers by phone, so a round reads its salon's region without parsing
// the salon's phone again: a salon's phone changes rarely, and there are few of them. Past
// maxRegions phones, the rest are parsed each time.
var (
	regions sync.Map // phone → region
	count   atomic.Int64
)

const maxRegions = 10_000

// Region is the region code of the salon's phone: the country a customer's phone number written
// without one is read in.
func (s Settings) Region() string { return RegionOf(s.Phone) }

// IsPhone reports whether contact is written as a phone number: digits, with spaces, +, -, (, )
// and . among them, and no @.
func IsPhone(contact string) bool {
	_, ok := phoneDigits(strings.TrimSpace(contact))
	return ok
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
// EmailASCII is contact, an e-mail address whose domain may be written in Unicode, with its domain
// in the ASCII form the DNS and mail servers read (IDNA 2008, through golang.org/x/net/idna's
// lookup profile): "info@müller.de" is "info@xn--mller-kva.de", and an address already ASCII is
// itself. False when there is no @, the local part isn't printable ASCII (RFC 6531's Unicode
// local parts are not taken), or IDNA refuses the domain. Whether the result is an address is
// the validators' to say.
func EmailASCII(contact string) (string, bool) {
	at := strings.LastIndexByte(contact, '@')
	if at < 0 || !printableASCII(contact[:at]) {
		return "", false
	}
	domain := contact[at+1:]
	if printableASCII(domain) {
		return contact, true
	}
	ascii, err := idna.Lookup.ToASCII(domain)
	if err != nil || !printableASCII(ascii) {
		return "", false
	}
	return contact[:at+1] + ascii, true
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
