// Package ical writes RFC 5545 calendars of bookings: the customer's one-event calendar and the
// owner's feed. It is pure: no clock and no I/O beyond the writer it is handed.
//
// # What a calendar holds
//
// [Write] writes one VCALENDAR (VERSION:2.0, the caller's PRODID, CALSCALE:GREGORIAN, no METHOD:
// a plain calendar to import or subscribe to, not an iTIP invitation). It holds one VTIMEZONE for
// each zone the events name, then one VEVENT for each [Event], in the order given:
//
//	UID:<booking>@<salon>          stable for the life of the booking (see [UID])
//	DTSTAMP:<stamp>Z               Event.Stamp, in UTC
//	SEQUENCE:<n>                   raised by the caller at every change, cancel included
//	DTSTART;TZID=<zone>:<wall>     the start's wall time in the event's zone
//	DTEND;TZID=<zone>:<wall>       the end's, likewise
//	SUMMARY:<text>                 escaped
//	STATUS:CONFIRMED or STATUS:CANCELLED
//	DESCRIPTION:<text>             when given, escaped
//	URL:<absolute url>             when given
//
// Instants are written to the second; a finer part is dropped.
//
// # Wall times that occur twice
//
// When the clocks go back, an hour of wall times happens twice, and readers don't agree on which
// of the two such a wall time with a TZID means: RFC 5545 says the first, ical.js takes the one in
// standard time (the second, in the northern autumn). So an instant whose wall time names two
// instants (01:30 on the night British Summer Time ends, either of them) is written in UTC
// instead (DTSTART:20261025T013000Z), which RFC 5545 allows and every reader resolves alike. Every
// other instant, which is every instant outside that hour, is written with its TZID.
//
// # The VTIMEZONE
//
// A zone's VTIMEZONE is derived from Go's time.Location, not copied from a table: it holds the
// observance in effect on 1 January of the earliest year an event of that zone touches, and one
// STANDARD or DAYLIGHT observance for each transition from there to the end of the latest such
// year. Each observance is a single onset (DTSTART in the wall time before it, TZOFFSETFROM,
// TZOFFSETTO and TZNAME), with no RRULE, so it says exactly what Go's zone database says for
// those years, including a zone whose rules changed. A zone with no transitions at all (UTC, say)
// gets one STANDARD observance from 1970. An offset with seconds is written with them.
//
// # Text and lines
//
// TEXT values (SUMMARY, DESCRIPTION, PRODID) are escaped as RFC 5545 says: backslash, semicolon,
// comma and newline. Before that, invalid UTF-8 becomes U+FFFD, CR LF and a lone CR become a
// newline, and every other control character but tab is dropped, since TEXT may not hold them.
// Lines end with CR LF and are folded at 75 octets, never inside a UTF-8 sequence; the writing
// and the folding are github.com/arran4/golang-ical's.
//
// # Refusals
//
// [Write] refuses, before writing anything, an event with no UID or one holding a control
// character, an end not after its start, a negative SEQUENCE, a status other than [Confirmed] or
// [Cancelled], a zero Stamp, a missing zone or one named Local (a TZID must be an IANA name), or a
// URL that isn't absolute; and an empty PRODID. An empty list of events is a calendar with no
// component, which readers take as an empty calendar.
package ical
