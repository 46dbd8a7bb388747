// This file tests which contacts are mailed, and how words are made one line.

package mail

import (
	"strings"
	"testing"
)

func TestIsEmailTakesOnlyPlainAddresses(t *testing.T) {
	yes := []string{"eve@example.com", "Eve.Smith+salon@mail.example.co.uk", "a@b.cd", "o'brien@example.ie",
		"x_y-z@sub-domain.example.org", "user@xn--bcher-kva.example", "user@example.xn--p1ai",
		"eve@bücher.example", "info@müller.de", "INFO@MÜLLER.DE", "kari@blåbær.no", "user@пример.рф",
		strings.Repeat("a", 64) + "@example.com", "a@" + strings.Repeat("b", 63) + ".com"}
	no := []string{"", "+44 20 7946 0000", "07946 000000", "eve", "eve@", "@example.com", "eve@example",
		"eve@localhost", "eve@example.c", "eve@example.123", "eve@@example.com", "eve@ex@ample.com",
		"Eve <eve@example.com>", "<eve@example.com>", " eve@example.com", "eve@example.com ",
		"eve smith@example.com", "\"eve smith\"@example.com", "eve.@example.com", ".eve@example.com",
		"ev..e@example.com", "eve@-example.com", "eve@example-.com", "eve@exa_mple.com", "eve@[192.0.2.1]",
		"zoë@example.com", "eve@b\u00fc cher.example", "eve@xn--.example", "eve@bü_cher.example", "eve@example.com\r\nRCPT TO:<x@y.zz>", "eve@example.com,bob@example.com",
		"eve@example.com (Eve)", strings.Repeat("a", 65) + "@example.com", "a@" + strings.Repeat("b", 64) + ".com",
		"a@" + strings.Repeat("b.", 126) + "com"}
	for _, s := range yes {
		if !IsEmail(s) {
			t.Errorf("IsEmail(%q): got false, want true", s)
		}
	}
	for _, s := range no {
		if IsEmail(s) {
			t.Errorf("IsEmail(%q): got true, want false", s)
		}
	}
}

func TestOneLineLeavesNoLineBreakOrControl(t *testing.T) {
	cases := map[string]string{
		"Ana":                         "Ana",
		"  Ana \t Smith ":             "Ana Smith",
		"Eve\r\nBcc: x@y.z":           "Eve Bcc: x@y.z",
		"a\u2028b\u2029c\u0085d\x00e": "a b c d e",
		"caf\xe9":                     "caf\uFFFD",
		"Zoë 😀":                       "Zoë 😀",
	}
	for in, want := range cases {
		if got := oneLine(in); got != want {
			t.Errorf("oneLine(%q): got %q, want %q", in, got, want)
		}
	}
}
