// This file holds which contacts are mailed, and how a customer's words are made fit for a header.

package mail

import (
	"net/mail"
	"strings"
	"unicode"

	"salon/internal/salon"
)

// IsEmail reports whether contact is a plain e-mail address, and so is mailed: local@domain with
// no name, comment, brackets or spaces; the local part a dot-atom of ASCII (letters, digits and
// !#$%&'*+-/=?^_`{|}~), at most 64 octets; the domain two or more labels of letters, digits and
// hyphens, at most 63 each and not starting or ending with a hyphen, the last one letters (or an
// xn-- name); at most 254 octets in all. A domain written in Unicode is read in its ASCII form
// (salon.EmailASCII), as it is sent to. It is conservative: quoted local parts, address literals
// and non-ASCII local parts, valid as they are, are not mailed.
func IsEmail(contact string) bool {
	contact, ok := salon.EmailASCII(contact)
	if !ok || len(contact) > 254 {
		return false
	}
	local, domain, ok := strings.Cut(contact, "@")
	if !ok || len(local) == 0 || len(local) > 64 || !dotAtom(local) || !hostname(domain) {
		return false
	}
	// The standard library must read it as the same bare address.
	a, err := mail.ParseAddress(contact)
	return err == nil && a.Name == "" && a.Address == contact
}

// dotAtom reports whether s is atoms of atext joined by single dots.
func dotAtom(s string) bool {
	for _, atom := range strings.Split(s, ".") {
		if atom == "" {
			return false
		}
		for _, c := range []byte(atom) {
			if !(isAlnum(c) || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0) {
				return false
			}
		}
	}
	return true
}

// hostname reports whether s is a DNS name of two or more labels whose last is a top-level domain.
func hostname(s string) bool {
	labels := strings.Split(s, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if !isAlnum(c) && c != '-' {
				return false
			}
		}
	}
	tld := strings.ToLower(labels[len(labels)-1])
	if strings.HasPrefix(tld, "xn--") {
		return len(tld) > 4
	}
	if len(tld) < 2 {
		return false
	}
	for _, c := range []byte(tld) {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// isAlnum reports an ASCII letter or digit.
func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// oneLine is s as one line of text: every control character (CR, LF and tab among them) and
// every line or paragraph separator a space, runs of spaces one, and no space at either end.
func oneLine(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
