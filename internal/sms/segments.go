// This file counts a text's segments as the carriers count them: GSM-7 when every character is in
// its alphabet, else UCS-2.

package sms

import (
	"strings"
	"unicode/utf16"
)

// The GSM 03.38 alphabet: the basic set, one septet each, and the extension set, two each (an
// escape, then the character).
const (
	gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
		"¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
	gsmExtension = "\f^{}\\[~]|€"
)

// The lengths of a text: one segment holds 160 septets or 70 UCS-2 units; a text of several
// segments gives some of each to the header that joins them, leaving 153 or 67.
const (
	gsmSingle, gsmPart   = 160, 153
	ucs2Single, ucs2Part = 70, 67
)

// MaxSegments is the most segments a text of this service takes.
const MaxSegments = 2

// Segments is how many segments body takes, and whether it goes as UCS-2 (some character is
// outside GSM-7's alphabet). An empty body is one segment.
func Segments(body string) (n int, ucs2 bool) {
	septets := 0
	for _, r := range body {
		switch {
		case strings.ContainsRune(gsmBasic, r):
			septets++
		case strings.ContainsRune(gsmExtension, r):
			septets += 2
		default:
			return count(len(utf16.Encode([]rune(body))), ucs2Single, ucs2Part), true
		}
	}
	return count(septets, gsmSingle, gsmPart), false
}

// count is how many segments units take, single fitting in one and part in each of several.
func count(units, single, part int) int {
	if units <= single {
		return 1
	}
	return (units + part - 1) / part
}

// Fits reports whether body takes at most MaxSegments segments.
func Fits(body string) bool {
	n, _ := Segments(body)
	return n <= MaxSegments
}
