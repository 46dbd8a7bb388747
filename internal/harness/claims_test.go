// This file tests the claim reader: days, times, hours and prices, as a model or a customer writes them.

package harness_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"salon/internal/harness"
)

// said writes claims compactly, such as "hour Saturday 10:30 | price 45".
func said(claims []harness.Claim) string {
	parts := make([]string, len(claims))
	for i, c := range claims {
		parts[i] = fmt.Sprintf("%s %s", c.Kind, c)
		if c.Kind == harness.ClaimPrice {
			parts[i] = c.String()
		}
	}
	return strings.Join(parts, " | ")
}

func TestClaims(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"sat-10:30", "hour Saturday 10:30"},
		{"Saturday 10:30", "hour Saturday 10:30"},
		{"10:30 on Saturday", "hour Saturday 10:30"},
		{"Saturday at 10:30", "hour Saturday 10:30"},
		{"SAT-10:30", "hour Saturday 10:30"},
		{"Saturday, 10:30am", "hour Saturday 10:30"},
		{"sun 3pm", "hour Sunday 15:00"},
		{"3 pm on Sunday", "hour Sunday 15:00"},
		{"Sunday at 3 p.m.", "hour Sunday 15:00"},
		{"12am", "time 00:00"},
		{"12pm", "time 12:00"},
		{"noon", "time 12:00"},
		{"10:30", "time 10:30"},
		{"at 10:30am or 3pm", "time 10:30 | time 15:00"},
		{"Saturday", "day Saturday"},
		{"Saturdays", "day Saturday"},
		{"Saturday’s best", "day Saturday"},
		{"mon tue wed thu fri sat sun", "day Monday | day Tuesday | day Wednesday | day Thursday | day Friday | day Saturday | day Sunday"},
		{"Tues or Thurs", "day Tuesday | day Thursday"},
		{"Saturday at 10:30 or 11:30", "hour Saturday 10:30 | time 11:30"},
		{"10:30 or 11:30 on Saturday", "time 10:30 | hour Saturday 11:30"},
		{"Saturday or Sunday at 11:00", "day Saturday | hour Sunday 11:00"},
		{"$45", "price 45"},
		{"$45.00", "price 45"},
		{"45 dollars", "price 45"},
		{"45.5 dollars", "price 45.50"},
		{"€30", "price 30"},
		{"a cut for $45 on Saturday at 10:30", "price 45 | hour Saturday 10:30"},
		{"", ""},
		{"saturated sunny monthly", ""},
		{"25:00 or 13pm", ""},
		{"sat10:30", ""}, // no word boundary, so no day and no time
		{"Room 12", ""},
		{"Saturday 5 December, 10:30", "hour Saturday 5 December, 10:30"},
		{"Saturday, 5th of December at 10:30", "hour Saturday 5 December, 10:30"},
		{"10:30 on Saturday 5 Dec", "hour Saturday 5 December, 10:30"},
		{"5 December, 10:30", "hour 5 December, 10:30"},
		{"Saturday 5 December", "day Saturday 5 December"},
		{"the 5th of December", "day 5 December"},
		{"Saturday 5 December 2026, 10:30", "hour Saturday 5 December, 10:30"},
		{"2026-12-05T10:30:00Z", "hour Saturday 5 December, 10:30"},
		{"2026-06-06T10:30:00+01:00", "hour Saturday 6 June, 10:30"},
		{"2026-12-05t10:30:00z", "hour Saturday 5 December, 10:30"},
		{"Sat 10:30", "hour Saturday 10:30"},
		{"10.30am", "time 10:30"},
		{"10.30am on Saturday", "hour Saturday 10:30"},
		{"Saturday at 10.30", "hour Saturday 10:30"},
		{"10.30 p.m.", "time 22:30"},
		{"31 June, 10:30", "time 10:30"}, // no such date
		{"2026-13-05T10:30:00Z", ""},     // no such month
		{"A cut costs $45. Would Saturday suit?", "price 45 | day Saturday"},
		{"Saturday 5 December, 10:30 or Sunday 6 December, 11:00", "hour Saturday 5 December, 10:30 | hour Sunday 6 December, 11:00"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := said(harness.Claims(tt.text)); got != tt.want {
				t.Errorf("Claims(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// The three spellings the spec names read as one and the same hour.
func TestClaimsOneHourInThreeSpellings(t *testing.T) {
	for _, text := range []string{"sat-10:30", "Saturday 10:30", "10:30 on Saturday"} {
		claims := harness.Claims(text)
		if len(claims) != 1 || claims[0].Kind != harness.ClaimHour || claims[0].Day != time.Saturday || claims[0].Minute != 10*60+30 {
			t.Errorf("Claims(%q) = %+v, want the one hour Saturday 10:30", text, claims)
		}
		if claims[0].Text != text {
			t.Errorf("the claim of %q is written %q, want the whole text", text, claims[0].Text)
		}
	}
}

// A slot's label and its id, and the other spellings a model might use, read as one hour each.
func TestClaimsReadLabelsAndIDsAsHours(t *testing.T) {
	for _, text := range []string{"Saturday 5 December, 10:30", "2026-12-05T10:30:00Z", "10:30 on Saturday", "Sat 10:30", "10.30am on Sat"} {
		claims := harness.Claims(text)
		if len(claims) != 1 || claims[0].Kind != harness.ClaimHour || claims[0].Day != time.Saturday || claims[0].Minute != 10*60+30 {
			t.Errorf("Claims(%q) = %+v, want the one hour Saturday 10:30", text, claims)
		}
	}
	id := harness.Claims("2026-06-06T10:30:00+01:00")[0]
	if want := time.Date(2026, time.June, 6, 9, 30, 0, 0, time.UTC); !id.At.Equal(want) {
		t.Errorf("the id's instant is %s, want %s", id.At, want)
	}
}
