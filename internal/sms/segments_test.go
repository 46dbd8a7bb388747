package sms_test

import (
	"strings"
	"testing"

	"salon/internal/sms"
)

func TestSegmentsCountAsTheCarriersCount(t *testing.T) {
	for _, tc := range []struct {
		body string
		n    int
		ucs2 bool
	}{
		{"", 1, false},
		{strings.Repeat("a", 160), 1, false},
		{strings.Repeat("a", 161), 2, false},
		{strings.Repeat("a", 306), 2, false},
		{strings.Repeat("a", 307), 3, false},
		{strings.Repeat("€", 80), 1, false}, // two septets each: 160
		{strings.Repeat("€", 81), 2, false}, // 162
		{"Chloé at 10:30, £45", 1, false},   // é and £ are GSM-7
		{strings.Repeat("ł", 70), 1, true},  // not in GSM-7: UCS-2
		{strings.Repeat("ł", 71), 2, true},
		{strings.Repeat("ł", 134), 2, true},
		{strings.Repeat("ł", 135), 3, true},
		{"Zoë 😀", 1, true}, // ë is not GSM-7's; the emoji is two UTF-16 units
	} {
		if n, ucs2 := sms.Segments(tc.body); n != tc.n || ucs2 != tc.ucs2 {
			t.Errorf("Segments(%.20q…, %d chars) = %d, %v; want %d, %v", tc.body, len([]rune(tc.body)), n, ucs2, tc.n, tc.ucs2)
		}
	}
}
