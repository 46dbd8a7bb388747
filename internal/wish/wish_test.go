// This file holds the tests of Matches, across both clock changes in two hemispheres, and of Pick.

package wish_test

import (
	"slices"
	"testing"
	"time"

	"salon/internal/wish"
)

func TestMatches(t *testing.T) {
	for _, tc := range []struct {
		name  string
		zone  string
		now   string
		words string
		start string
		want  bool
	}{
		// London goes forward on 29 March 2026: 01:00 GMT is 02:00 BST, and "1:30" never shows on the wall.
		// The distance is the wall clock's: 00:30 and 02:30 are both 60 minutes from 01:30.
		{"spring 00:30 GMT", "Europe/London", "2026-03-28T12:00:00Z", "Sunday 1:30", "2026-03-29T00:30:00Z", true},
		{"spring 00:29 GMT", "Europe/London", "2026-03-28T12:00:00Z", "Sunday 1:30", "2026-03-29T00:29:00Z", false},
		{"spring 02:00 BST", "Europe/London", "2026-03-28T12:00:00Z", "Sunday 1:30", "2026-03-29T01:00:00Z", true},
		{"spring 02:30 BST", "Europe/London", "2026-03-28T12:00:00Z", "Sunday 1:30", "2026-03-29T01:30:00Z", true},
		{"spring 02:31 BST", "Europe/London", "2026-03-28T12:00:00Z", "Sunday 1:30", "2026-03-29T01:31:00Z", false},
		{"spring morning ends 12:00 BST", "Europe/London", "2026-03-28T12:00:00Z", "Sunday morning", "2026-03-29T10:59:00Z", true},
		{"spring afternoon from 12:00 BST", "Europe/London", "2026-03-28T12:00:00Z", "Sunday morning", "2026-03-29T11:00:00Z", false},
		{"spring 3pm is 14:00 UTC", "Europe/London", "2026-03-28T12:00:00Z", "Sunday at 3pm", "2026-03-29T14:00:00Z", true},
		{"spring 3pm is not 15:00 UTC + 61", "Europe/London", "2026-03-28T12:00:00Z", "Sunday at 3pm", "2026-03-29T15:01:00Z", false},

		// London goes back on 25 October 2026: 01:00 to 02:00 is on the wall twice.
		{"autumn first 01:30 BST", "Europe/London", "2026-10-24T12:00:00Z", "Sunday 1:30am", "2026-10-25T00:30:00Z", true},
		{"autumn second 01:30 GMT", "Europe/London", "2026-10-24T12:00:00Z", "Sunday 1:30am", "2026-10-25T01:30:00Z", true},
		{"autumn 02:30 GMT", "Europe/London", "2026-10-24T12:00:00Z", "Sunday 1:30am", "2026-10-25T02:30:00Z", true},
		{"autumn 02:31 GMT", "Europe/London", "2026-10-24T12:00:00Z", "Sunday 1:30am", "2026-10-25T02:31:00Z", false},
		{"autumn 00:30 BST is Sunday, Saturday in UTC", "Europe/London", "2026-10-24T12:00:00Z", "Sunday 1:30am", "2026-10-24T23:30:00Z", true},
		{"autumn 23:59 BST Saturday", "Europe/London", "2026-10-24T12:00:00Z", "Sunday", "2026-10-24T22:59:00Z", false},
		{"autumn evening from 17:00 GMT", "Europe/London", "2026-10-24T12:00:00Z", "Sunday evening", "2026-10-25T17:00:00Z", true},
		{"autumn 16:59 GMT not evening", "Europe/London", "2026-10-24T12:00:00Z", "Sunday evening", "2026-10-25T16:59:00Z", false},

		// Sydney goes back on 5 April 2026 (03:00 AEDT is 02:00 AEST) and forward on 4 October.
		{"Sydney back, first 02:30 AEDT", "Australia/Sydney", "2026-04-04T00:00:00Z", "Sunday morning", "2026-04-04T15:30:00Z", true},
		{"Sydney back, second 02:30 AEST", "Australia/Sydney", "2026-04-04T00:00:00Z", "Sunday morning", "2026-04-04T16:30:00Z", true},
		{"Sydney back, Saturday 23:59 AEDT", "Australia/Sydney", "2026-04-04T00:00:00Z", "Sunday morning", "2026-04-04T12:59:00Z", false},
		{"Sydney forward, 03:00 AEDT is 2am + 60", "Australia/Sydney", "2026-10-03T00:00:00Z", "Sunday 2am", "2026-10-03T16:00:00Z", true},
		{"Sydney forward, 01:00 AEST is 2am - 60", "Australia/Sydney", "2026-10-03T00:00:00Z", "Sunday 2am", "2026-10-03T15:00:00Z", true},
		{"Sydney forward, 03:01 AEDT", "Australia/Sydney", "2026-10-03T00:00:00Z", "Sunday 2am", "2026-10-03T16:01:00Z", false},
		{"Sydney afternoon 12:00 AEDT", "Australia/Sydney", "2026-10-03T00:00:00Z", "Sunday afternoon", "2026-10-04T01:00:00Z", true},

		// Santiago goes forward at midnight on 6 September 2026: the day starts at 01:00.
		{"Santiago Sunday starts 01:00", "America/Santiago", "2026-09-05T12:00:00Z", "Sunday", "2026-09-06T04:00:00Z", true},
		{"Santiago Saturday 23:59", "America/Santiago", "2026-09-05T12:00:00Z", "Sunday", "2026-09-06T03:59:00Z", false},

		// Edges on an ordinary day, Wednesday 2 December 2026 in London.
		{"60 minutes after", "Europe/London", wed, "10:30", "2026-12-09T11:30:00Z", true},
		{"61 minutes after", "Europe/London", wed, "10:30", "2026-12-09T11:31:00Z", false},
		{"60 minutes before", "Europe/London", wed, "10:30", "2026-12-09T09:30:00Z", true},
		{"61 minutes before", "Europe/London", wed, "10:30", "2026-12-09T09:29:00Z", false},
		{"no wrap past midnight", "Europe/London", wed, "11:30pm", "2026-12-03T00:15:00Z", false},
		{"afternoon from 12:00", "Europe/London", wed, "afternoon", "2026-12-02T12:00:00Z", true},
		{"afternoon not 11:59", "Europe/London", wed, "afternoon", "2026-12-02T11:59:00Z", false},
		{"afternoon not 17:00", "Europe/London", wed, "afternoon", "2026-12-02T17:00:00Z", false},
		{"everything named, all fit", "Europe/London", wed, "Friday afternoon at 3pm", "2026-12-04T14:15:00Z", true},
		{"everything named, wrong day", "Europe/London", wed, "Friday afternoon at 3pm", "2026-12-05T14:15:00Z", false},
		{"part and clock that can't meet", "Europe/London", wed, "morning at 3pm", "2026-12-04T11:30:00Z", false},
		{"names nothing, matches anything", "Europe/London", wed, "a cut please", "1999-01-01T03:00:00Z", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := wish.Read(tc.words, instant(t, tc.now), zone(t, tc.zone))
			if got := w.Matches(instant(t, tc.start)); got != tc.want {
				t.Errorf("Read(%q) = %s; Matches(%s): got %v, want %v", tc.words, w, tc.start, got, tc.want)
			}
		})
	}
}

func TestZeroWishMatchesEverything(t *testing.T) {
	var w wish.Wish
	if w.Names() {
		t.Fatalf("zero Wish Names(): got true, want false")
	}
	if !w.Matches(instant(t, wed)) {
		t.Errorf("zero Wish Matches: got false, want true")
	}
	if got := w.String(); got != "nothing" {
		t.Errorf("zero Wish String(): got %q, want %q", got, "nothing")
	}
}

func TestPick(t *testing.T) {
	loc := zone(t, "Europe/London")
	now := instant(t, wed)
	// Open starts in the salon's order: Wednesday morning, Friday morning, Friday afternoon.
	starts := []time.Time{
		instant(t, "2026-12-02T09:45:00Z"),
		instant(t, "2026-12-02T10:30:00Z"),
		instant(t, "2026-12-04T10:00:00Z"),
		instant(t, "2026-12-04T13:00:00Z"),
		instant(t, "2026-12-04T14:30:00Z"),
		instant(t, "2026-12-04T15:15:00Z"),
	}
	for _, tc := range []struct {
		words       string
		starts      []time.Time
		n           int
		wantPicked  []int
		wantMatched bool
	}{
		{"A colour on Friday afternoon please", starts, 2, []int{3, 4}, true},
		{"Friday morning", starts, 2, []int{2}, true},
		{"a cut please", starts, 2, []int{0, 1}, true},
		{"Sunday", starts, 2, []int{0, 1}, false},
		{"Sunday", starts[:1], 2, []int{0}, false},
		{"Sunday", nil, 2, nil, false},
		{"a cut please", nil, 2, nil, true},
		{"Friday afternoon", starts, 0, nil, true},
		{"Sunday", starts, 0, nil, false},
		{"Friday afternoon", starts, -1, nil, true},
		{"Friday afternoon", starts, 10, []int{3, 4, 5}, true},
	} {
		w := wish.Read(tc.words, now, loc)
		before := slices.Clone(tc.starts)
		picked, matched := wish.Pick(w, tc.starts, tc.n)
		if !slices.Equal(picked, tc.wantPicked) || matched != tc.wantMatched {
			t.Errorf("Pick(%q, %d starts, %d): got %v %v, want %v %v",
				tc.words, len(tc.starts), tc.n, picked, matched, tc.wantPicked, tc.wantMatched)
		}
		if !slices.Equal(tc.starts, before) {
			t.Errorf("Pick(%q) changed the starts", tc.words)
		}
	}
}

func TestAskNothingThen(t *testing.T) {
	const want = "Nothing is open then, so here are the earliest. Which time suits you?"
	if wish.AskNothingThen != want {
		t.Errorf("AskNothingThen: got %q, want %q", wish.AskNothingThen, want)
	}
}

func TestPartString(t *testing.T) {
	for p, want := range map[wish.Part]string{wish.AnyPart: "any", wish.Morning: "morning", wish.Afternoon: "afternoon", wish.Evening: "evening"} {
		if got := p.String(); got != want {
			t.Errorf("Part(%d).String(): got %q, want %q", int(p), got, want)
		}
	}
}
