// This file holds what a field may hold: the characters a name, a contact, words or an id refuse, and what a contact is.

package wire

import (
	"strings"
	"unicode"
)

// unallowed refuses field for a character it may not hold. Field is named as the request names
// it (arguments.customer.name); the character itself is never echoed, since it may be one that
// rewrites how the reason reads.
func unallowed(field string) error {
	return Refusal(field + " holds a character that isn't allowed")
}

// CheckID refuses an id from a request's path (a booking's reference, a slot's id) that holds a
// character no id may hold, naming it as field: "booking holds a character that isn't allowed".
// Such an id can name nothing, and it would be echoed by the refusal that says so.
func CheckID(field, id string) error {
	if !plain(id, false) {
		return unallowed(field)
	}
	return nil
}

// errNotAContact refuses a contact that is neither a phone number nor an e-mail address.
var errNotAContact = Refusal("arguments.customer.contact must be a phone number or an e-mail address")

// plain reports whether s holds no character a field refuses: no control character (C0, DEL and
// C1) and no Unicode format character (category Cf: the bidirectional controls, the zero-width
// characters, the soft hyphen, the byte-order mark, the tags). Words may hold line feeds and tabs,
// which a customer types; names, contacts and ids may not.
func plain(s string, words bool) bool {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			if !words {
				return false
			}
		case r < 0x20 || r == 0x7f:
			return false
		case r < 0x80:
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return false
		}
	}
	return true
}

// The bounds of a contact's forms.
const (
	minPhoneDigits   = 6
	maxPhoneDigits   = 20
	maxEmailLocal    = 64  // RFC 5321's bound on the part before the @
	maxEmailDomain   = 253 // the longest name the DNS holds, written without its final dot
	maxDomainLabel   = 63
	emailLocalSymbol = "!#$&'*+-/=^_`{|}~" // RFC 5322's atext beside letters and digits, without ? and %
)

// IsContact reports whether contact is a phone number or an e-mail address, as the contract
// reads them: IsPhone or IsEmail.
func IsContact(contact string) bool { return IsPhone(contact) || IsEmail(contact) }

// IsPhone reports whether s is a phone number: 6 to 20 ASCII digits, with spaces, +, -, (, ) and
// . among them and nothing else.
func IsPhone(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case strings.IndexByte(" +-().", c) < 0:
			return false
		}
	}
	return minPhoneDigits <= digits && digits <= maxPhoneDigits
}

// IsEmail reports whether s is an e-mail address in a conservative form of RFC 5322's addr-spec,
// ASCII only: local@domain with exactly one @. The local part, 1 to 64 characters, is dot-atoms
// of letters, digits and !#$&'*+-/=^_`{|}~ (atext without ? and %, which a mailto: link would read
// as the start of headers and as an escape); no leading, trailing or doubled dot. The domain, at
// most 253 characters, is two or more dot-separated labels of 1 to 63 letters, digits and -,
// neither starting nor ending with -, the last not all digits. No quoted local part, no comment,
// no address literal ([192.0.2.1]), no space anywhere.
func IsEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || len(local) < 1 || len(local) > maxEmailLocal || len(domain) > maxEmailDomain {
		return false
	}
	return dotted(local, atext) && isDomain(domain)
}

// isDomain reports whether domain is two or more labels of letters, digits and hyphens, each 1
// to 63 long and neither starting nor ending with a hyphen, the last not all digits.
func isDomain(domain string) bool {
	if !dotted(domain, ldh) || !strings.Contains(domain, ".") {
		return false
	}
	allDigits := true
	for label := range strings.SplitSeq(domain, ".") {
		if len(label) > maxDomainLabel || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		allDigits = strings.Trim(label, "0123456789") == ""
	}
	return !allDigits
}

// dotted reports whether s is runs of bytes that ok allows, each run at least one long, joined by
// single dots.
func dotted(s string, ok func(byte) bool) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			if run == 0 {
				return false
			}
			run = 0
		case ok(c):
			run++
		default:
			return false
		}
	}
	return run > 0
}

// alnum reports whether c is an ASCII letter or digit.
func alnum(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }

// atext reports whether c may stand in an e-mail address's local part, beside the dots.
func atext(c byte) bool { return alnum(c) || strings.IndexByte(emailLocalSymbol, c) >= 0 }

// ldh reports whether c may stand in a domain's label: a letter, a digit or a hyphen.
func ldh(c byte) bool { return alnum(c) || c == '-' }
