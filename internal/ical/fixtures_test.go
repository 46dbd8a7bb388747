// This file holds the calendars the tests write: bookings across a spring and an autumn clock
// change in each hemisphere, with summaries a calendar's text must survive.

package ical

import (
	"strings"
	"testing"
	"time"
)

// zone loads an IANA zone or fails the test.
func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return loc
}

// utc is an instant written in UTC, to the minute.
func utc(year int, month time.Month, day, hour, minute int) time.Time {
	return time.Date(year, month, day, hour, minute, 0, 0, time.UTC)
}

// longName is a customer's name of exactly 200 characters, most of them two or more octets, so
// that folding meets a UTF-8 sequence at many places.
func longName() string {
	r := []rune(strings.Repeat("Zoë Ångström-Łukasiewicz Ñandú 😀 ", 10))
	return string(r[:200])
}

// tricky are summaries whose every character must come back: TEXT's specials, a line break,
// emoji, quotes, and a 200-character name.
var tricky = []string{
	"Cut at Studio Nine",
	"Cut, wash; dry at Studio Nine",
	"Ana\nline two, with a comma; and a semicolon",
	`Back\slash "quoted" name`,
	"Colour 💇‍♀️ at Café Zoë 🇬🇧",
	longName(),
}

// stamp is the DTSTAMP of every fixture event.
var stamp = utc(2026, time.January, 2, 3, 4)

// fixture is one calendar the tests write, and parse with other libraries.
type fixture struct {
	file   string // its name under testdata
	events []Event
}

// fixtures are the calendars of the golden files. Europe/London: the clocks go forward at 01:00
// UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026. Australia/Sydney: back at 16:00
// UTC on 4 April 2026, forward at 16:00 UTC on 3 October 2026.
func fixtures(t testing.TB) []fixture {
	london, sydney := zone(t, "Europe/London"), zone(t, "Australia/Sydney")
	ev := func(uid string, loc *time.Location, start, end time.Time, summary string) Event {
		return Event{UID: UID(uid, "studio-nine"), Start: start, End: end, Zone: loc, Summary: summary,
			Status: Confirmed, Stamp: stamp}
	}
	cancelled := func(e Event, seq int) Event { e.Status, e.Sequence = Cancelled, seq; return e }
	withURL := func(e Event) Event {
		e.URL = "https://salon.example/my/studio-nine/" + strings.TrimSuffix(e.UID, "@studio-nine")
		e.Description = "To see, move or cancel it, open the link.\nOr call +44 20 7946 0000."
		return e
	}
	return []fixture{
		{file: "london.ics", events: []Event{
			// 00:30 GMT to 02:30 BST: across the spring gap.
			ev("spring-across", london, utc(2026, 3, 29, 0, 30), utc(2026, 3, 29, 1, 30), tricky[1]),
			ev("spring-after", london, utc(2026, 3, 29, 9, 0), utc(2026, 3, 29, 9, 45), tricky[4]),
			// 01:15 to 01:45 BST: the first time those wall times happen, which only UTC can name.
			withURL(ev("autumn-first", london, utc(2026, 10, 25, 0, 15), utc(2026, 10, 25, 0, 45), tricky[5])),
			// 01:15 to 01:45 GMT: the second time, which only UTC can name.
			cancelled(ev("autumn-second", london, utc(2026, 10, 25, 1, 15), utc(2026, 10, 25, 1, 45), tricky[2]), 2),
			// 01:30 BST to 01:30 GMT: one wall time for both ends, an hour apart.
			ev("autumn-across", london, utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 1, 30), tricky[3]),
			// 00:30 BST to 02:30 GMT: three hours that look like two, both ends with the TZID.
			ev("autumn-around", london, utc(2026, 10, 24, 23, 30), utc(2026, 10, 25, 2, 30), tricky[4]),
			// Across a new year, so the zone covers two years.
			ev("new-year", london, utc(2026, 12, 31, 23, 30), utc(2027, 1, 1, 0, 30), tricky[0]),
		}},
		{file: "sydney.ics", events: []Event{
			// 02:30 AEDT to 02:30 AEST: across the autumn change, in April.
			ev("autumn-across", sydney, utc(2026, 4, 4, 15, 30), utc(2026, 4, 4, 16, 30), tricky[5]),
			// 01:30 AEDT to 03:30 AEST: three hours that look like two, both ends with the TZID.
			ev("autumn-around", sydney, utc(2026, 4, 4, 14, 30), utc(2026, 4, 4, 17, 30), tricky[3]),
			// 02:10 to 02:50 AEST, the second time those wall times happen.
			cancelled(ev("autumn-second", sydney, utc(2026, 4, 4, 16, 10), utc(2026, 4, 4, 16, 50), tricky[1]), 1),
			// 01:30 AEST to 03:30 AEDT: across the spring gap, in October.
			ev("spring-across", sydney, utc(2026, 10, 3, 15, 30), utc(2026, 10, 3, 16, 30), tricky[2]),
			withURL(ev("spring-after", sydney, utc(2026, 10, 10, 23, 0), utc(2026, 10, 10, 23, 45), tricky[4])),
		}},
	}
}
