// This file holds what a field may hold: the characters a name, a contact, words or an id refuse, and what a contact is.

package wire

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"salon/internal/salon"
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
var errNotAContact = salon.ErrNotAContact

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

// IsEmail reports whether s is an e-mail address in a conservative form of RFC 5322's addr-spec:
// local@domain with exactly one @, the domain read in its ASCII form (salon.EmailASCII: a domain
// written in Unicode, "müller.de", is IDNA 2008's "xn--mller-kva.de"), the local part ASCII. The
// local part, 1 to 64 characters, is dot-atoms
// of letters, digits and !#$&'*+-/=^_`{|}~ (atext without ? and %, which a mailto: link would read
// as the start of headers and as an escape); no leading, trailing or doubled dot. The domain, at
// most 253 characters, is two or more dot-separated labels of 1 to 63 letters, digits and -,
// neither starting nor ending with -, the last not all digits. No quoted local part, no comment,
// no address literal ([192.0.2.1]), no space anywhere.
func IsEmail(s string) bool {
	s, ok := salon.EmailASCII(s)
	if !ok {
		return false
	}
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

// errNameIsAnAddress refuses a customer's name that holds a link or an e-mail address: the name is
// written into the salon's mails and texts to the contact, so such a name would have the salon
// send a stranger a link of the booker's choosing.
var errNameIsAnAddress = Refusal("arguments.customer.name must be a name, not an address")

// holdsAnAddress reports whether name holds something a mail reader would show as a link: a URL
// (anything with "://", or a domain followed by a path, such as evil.example/refund), "www.", or
// an e-mail address. It reads the name in Unicode's compatibility form (NFKC), so fullwidth and
// other look-alike forms of those characters are read as the characters they stand for. A bare
// domain (evil.example) is let through: names such as St.John have the same shape.
func holdsAnAddress(name string) bool {
	n := strings.ToLower(norm.NFKC.String(name))
	if strings.Contains(n, "://") || strings.Contains(n, "www.") {
		return true
	}
	for _, word := range strings.FieldsFunc(n, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(`,;<>()[]"'`, r) }) {
		if local, domain, ok := strings.Cut(word, "@"); ok && local != "" && isDomain(strings.TrimRight(domain, ".!?")) {
			return true
		}
		if host, _, ok := strings.Cut(word, "/"); ok && isDomain(host) && hasLetters(host[strings.LastIndexByte(host, '.')+1:]) {
			return true
		}
	}
	return false
}

// hasLetters reports whether s is two or more ASCII letters, as a top-level domain's name is.
func hasLetters(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
