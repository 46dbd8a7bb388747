// This file holds the table test of Read: phrasings, each with its moment and zone, and what they name.

package wish_test

import (
	"testing"
	"time"

	"salon/internal/wish"
)

// zone loads an IANA zone or fails the test.
func zone(tb testing.TB, name string) *time.Location {
	tb.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		tb.Fatalf("LoadLocation(%q): got %v, want nil", name, err)
	}
	return loc
}

// instant parses an RFC 3339 instant or fails the test.
func instant(tb testing.TB, s string) time.Time {
	tb.Helper()
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		tb.Fatalf("time.Parse(%q): got %v, want nil", s, err)
	}
	return t
}

// wed is Wednesday 2 December 2026, 09:00 in London, the moment of most rows.
const wed = "2026-12-02T09:00:00Z"

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		words string
		now   string // RFC 3339, so a repeated hour is unambiguous
		zone  string
		want  string // Wish.String: day part clock, or "nothing"
	}{
		// The issue's own.
		{"A colour on Friday afternoon please", wed, "Europe/London", "2026-12-04 afternoon any"},
		{"tomorrow morning", wed, "Europe/London", "2026-12-03 morning any"},
		{"Saturday at 3pm", wed, "Europe/London", "2026-12-05 any 15:00"},
		{"any time next week", wed, "Europe/London", "nothing"},
		{"5/12 at 10:30", wed, "Europe/London", "2026-12-05 any 10:30"},

		// Weekdays, whole words in any case, today included.
		{"sat", wed, "Europe/London", "2026-12-05 any any"},
		{"SATURDAY", wed, "Europe/London", "2026-12-05 any any"},
		{"Saturdays are best", wed, "Europe/London", "2026-12-05 any any"},
		{"this friday", wed, "Europe/London", "2026-12-04 any any"},
		{"on fri.", wed, "Europe/London", "2026-12-04 any any"},
		{"Thurs?", wed, "Europe/London", "2026-12-03 any any"},
		{"wednesday", wed, "Europe/London", "2026-12-02 any any"},
		{"next wednesday", wed, "Europe/London", "2026-12-09 any any"},
		{"next friday", wed, "Europe/London", "2026-12-04 any any"},
		{"mid-morning Tuesday", wed, "Europe/London", "2026-12-08 morning any"},
		{"Saturday or Sunday", wed, "Europe/London", "2026-12-05 any any"},
		{"I'm saturated, whenever suits", wed, "Europe/London", "nothing"},
		{"after the wedding", wed, "Europe/London", "nothing"},

		// Relative days and parts.
		{"today", wed, "Europe/London", "2026-12-02 any any"},
		{"tonight", wed, "Europe/London", "2026-12-02 evening any"},
		{"this afternoon", wed, "Europe/London", "2026-12-02 afternoon any"},
		{"the day after tomorrow", wed, "Europe/London", "2026-12-04 any any"},
		{"tmrw evening", wed, "Europe/London", "2026-12-03 evening any"},
		{"mornings", wed, "Europe/London", "any morning any"},

		// Dates, day first, next occurrence today included.
		{"5 December", wed, "Europe/London", "2026-12-05 any any"},
		{"5th December", wed, "Europe/London", "2026-12-05 any any"},
		{"December 5", wed, "Europe/London", "2026-12-05 any any"},
		{"Dec 5", wed, "Europe/London", "2026-12-05 any any"},
		{"5 Dec", wed, "Europe/London", "2026-12-05 any any"},
		{"on the 5th of December", wed, "Europe/London", "2026-12-05 any any"},
		{"Dec the 5th", wed, "Europe/London", "2026-12-05 any any"},
		{"Friday 5 December", wed, "Europe/London", "2026-12-05 any any"},
		{"2/12", wed, "Europe/London", "2026-12-02 any any"},
		{"1/12", wed, "Europe/London", "2027-12-01 any any"},
		{"29/2", wed, "Europe/London", "2028-02-29 any any"},
		{"5/12/27", wed, "Europe/London", "2027-12-05 any any"},
		{"5 December 2027 at 10.30am", wed, "Europe/London", "2027-12-05 any 10:30"},
		{"Dec 5 1400", wed, "Europe/London", "2026-12-05 any any"},
		{"5/12/1999", wed, "Europe/London", "nothing"},
		{"31/2", wed, "Europe/London", "nothing"},
		{"31 April", wed, "Europe/London", "nothing"},
		{"5/13", wed, "Europe/London", "nothing"},
		{"sometime in December", wed, "Europe/London", "nothing"},
		{"may I come in", wed, "Europe/London", "nothing"},
		{"may I come Friday", wed, "Europe/London", "2026-12-04 any any"},
		{"May 5th", wed, "Europe/London", "2027-05-05 any any"},

		// Clock times.
		{"10:30", wed, "Europe/London", "any any 10:30"},
		{"15:00", wed, "Europe/London", "any any 15:00"},
		{"10.30am", wed, "Europe/London", "any any 10:30"},
		{"10:30 a.m.", wed, "Europe/London", "any any 10:30"},
		{"3 pm", wed, "Europe/London", "any any 15:00"},
		{"3PM", wed, "Europe/London", "any any 15:00"},
		{"12am", wed, "Europe/London", "any any 00:00"},
		{"12pm", wed, "Europe/London", "any any 12:00"},
		{"noon on Friday", wed, "Europe/London", "2026-12-04 any 12:00"},
		{"Friday afternoon at 3:30", wed, "Europe/London", "2026-12-04 afternoon 15:30"},
		{"evening, 7.15 ideally", wed, "Europe/London", "any evening 19:15"},
		{"morning at 10:30 or 11:30", wed, "Europe/London", "any morning 10:30"},
		{"3pm-4pm", wed, "Europe/London", "any any 15:00"},

		// Not times, not days.
		{"25:00", wed, "Europe/London", "nothing"},
		{"10:75", wed, "Europe/London", "nothing"},
		{"10:5", wed, "Europe/London", "nothing"},
		{"13pm", wed, "Europe/London", "nothing"},
		{"at 3", wed, "Europe/London", "nothing"},
		{"call me on 07700 900123", wed, "Europe/London", "nothing"},
		{"is it £45 for a cut", wed, "Europe/London", "nothing"},
		{"£10.30 is fine, or 12.50€", wed, "Europe/London", "nothing"},
		{"a cut", wed, "Europe/London", "nothing"},
		{"", wed, "Europe/London", "nothing"},

		// London's clock changes: 29 March and 25 October 2026.
		{"tomorrow at 10am", "2026-03-28T23:50:00Z", "Europe/London", "2026-03-29 any 10:00"},
		{"this morning", "2026-03-29T00:30:00Z", "Europe/London", "2026-03-29 morning any"},
		{"tomorrow", "2026-03-29T22:59:00Z", "Europe/London", "2026-03-30 any any"},
		{"tomorrow 1:30am", "2026-10-24T21:00:00Z", "Europe/London", "2026-10-25 any 01:30"},
		{"Sunday", "2026-10-25T01:30:00Z", "Europe/London", "2026-10-25 any any"}, // the second 01:30
		{"today", "2026-10-24T23:30:00Z", "Europe/London", "2026-10-25 any any"},  // 00:30 BST

		// The southern hemisphere: Sydney on 5 April and 4 October, Santiago's midnight on 6 September.
		{"tomorrow", "2026-04-04T12:50:00Z", "Australia/Sydney", "2026-04-05 any any"},           // 23:50 AEDT
		{"Sunday morning", "2026-10-03T13:59:00Z", "Australia/Sydney", "2026-10-04 morning any"}, // 23:59 AEST
		{"tomorrow", "2026-09-06T03:30:00Z", "America/Santiago", "2026-09-06 any any"},           // Sat 23:30 -04
		{"today", "2026-09-06T03:30:00Z", "America/Santiago", "2026-09-05 any any"},

		// Just before midnight far from UTC: today is the zone's, not UTC's.
		{"today", "2026-12-03T07:50:00Z", "America/Los_Angeles", "2026-12-02 any any"}, // 23:50 PST
		{"tomorrow", "2026-12-03T07:50:00Z", "America/Los_Angeles", "2026-12-03 any any"},
		{"today", "2026-12-02T10:50:00Z", "Pacific/Auckland", "2026-12-02 any any"},    // 23:50 NZDT
		{"tomorrow", "2026-12-02T10:50:00Z", "Pacific/Auckland", "2026-12-03 any any"}, // 23:50 NZDT
		{"today", "2026-12-01T11:10:00Z", "Pacific/Auckland", "2026-12-02 any any"},    // 00:10 NZDT
	} {
		t.Run(tc.zone+"/"+tc.words, func(t *testing.T) {
			loc := zone(t, tc.zone)
			got := wish.Read(tc.words, instant(t, tc.now), loc)
			if got.String() != tc.want {
				t.Errorf("Read(%q) at %s in %s: got %s, want %s", tc.words, tc.now, tc.zone, got, tc.want)
			}
			if got.Names() != (tc.want != "nothing") {
				t.Errorf("Read(%q).Names(): got %v, want %v", tc.words, got.Names(), tc.want != "nothing")
			}
		})
	}
}

// TestReadAccessors checks the accessors agree with what Read found, and with nothing found.
func TestReadAccessors(t *testing.T) {
	loc := zone(t, "Europe/London")
	w := wish.Read("Friday afternoon at 3:30", instant(t, wed), loc)
	if d, ok := w.Day(); !ok || d != (wish.Date{Year: 2026, Month: time.December, Day: 4}) {
		t.Errorf("Day(): got %v %v, want 2026-12-04 true", d, ok)
	}
	if p := w.Part(); p != wish.Afternoon {
		t.Errorf("Part(): got %v, want afternoon", p)
	}
	if c, ok := w.Clock(); !ok || c != 15*60+30 {
		t.Errorf("Clock(): got %d %v, want 930 true", c, ok)
	}

	none := wish.Read("a cut please", instant(t, wed), loc)
	if d, ok := none.Day(); ok || d != (wish.Date{}) {
		t.Errorf("Day() of nothing: got %v %v, want zero false", d, ok)
	}
	if p := none.Part(); p != wish.AnyPart {
		t.Errorf("Part() of nothing: got %v, want any", p)
	}
	if c, ok := none.Clock(); ok || c != 0 {
		t.Errorf("Clock() of nothing: got %d %v, want 0 false", c, ok)
	}
}

// TestReadNowInAnyZone checks that the zone now is written in doesn't matter, only the salon's.
func TestReadNowInAnyZone(t *testing.T) {
	la := zone(t, "America/Los_Angeles")
	now := instant(t, "2026-12-03T07:50:00Z")
	for _, written := range []*time.Location{time.UTC, la, zone(t, "Asia/Tokyo")} {
		if got := wish.Read("today", now.In(written), la).String(); got != "2026-12-02 any any" {
			t.Errorf("Read(today) with now in %s: got %s, want 2026-12-02 any any", written, got)
		}
	}
}

func TestReadNilZoneIsUTC(t *testing.T) {
	now := instant(t, "2026-12-03T07:50:00Z")
	if got := wish.Read("today", now, nil).String(); got != "2026-12-03 any any" {
		t.Errorf("Read(today) with nil zone: got %s, want 2026-12-03 any any", got)
	}
}
