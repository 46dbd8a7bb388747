// This file shows a booking's calendar being written.

package ical_test

import (
	"fmt"
	"strings"
	"time"

	"salon/internal/ical"
)

// A booking at a London salon on the night the clocks go back, as the customer's .ics.
func ExampleCalendar() {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		panic(err)
	}
	b, err := ical.Calendar("-//Salon booking//Calendar//EN", []ical.Event{{
		UID:      ical.UID("bk_7Qx2", "studio-nine"),
		Sequence: 1,
		Start:    time.Date(2026, 10, 25, 9, 30, 0, 0, time.UTC),
		End:      time.Date(2026, 10, 25, 10, 15, 0, 0, time.UTC),
		Zone:     london,
		Summary:  "Cut at Studio Nine",
		Status:   ical.Confirmed,
		Stamp:    time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC),
	}})
	if err != nil {
		panic(err)
	}
	// Lines end with CR LF; the example's output shows them as plain line ends.
	fmt.Print(strings.ReplaceAll(string(b), "\r\n", "\n"))
	// Output:
	// BEGIN:VCALENDAR
	// VERSION:2.0
	// PRODID:-//Salon booking//Calendar//EN
	// CALSCALE:GREGORIAN
	// BEGIN:VTIMEZONE
	// TZID:Europe/London
	// BEGIN:STANDARD
	// DTSTART:20251026T020000
	// TZOFFSETFROM:+0100
	// TZOFFSETTO:+0000
	// TZNAME:GMT
	// END:STANDARD
	// BEGIN:DAYLIGHT
	// DTSTART:20260329T010000
	// TZOFFSETFROM:+0000
	// TZOFFSETTO:+0100
	// TZNAME:BST
	// END:DAYLIGHT
	// BEGIN:STANDARD
	// DTSTART:20261025T020000
	// TZOFFSETFROM:+0100
	// TZOFFSETTO:+0000
	// TZNAME:GMT
	// END:STANDARD
	// END:VTIMEZONE
	// BEGIN:VEVENT
	// UID:bk_7Qx2@studio-nine
	// DTSTAMP:20261001T120000Z
	// SEQUENCE:1
	// DTSTART;TZID=Europe/London:20261025T093000
	// DTEND;TZID=Europe/London:20261025T101500
	// SUMMARY:Cut at Studio Nine
	// STATUS:CONFIRMED
	// END:VEVENT
	// END:VCALENDAR
}
