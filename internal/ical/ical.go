// This file holds the event, its checks, and the writing of a calendar of events.

package ical

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
)

// Status is an event's STATUS.
type Status string

// The two statuses a booking's event has.
const (
	Confirmed Status = "CONFIRMED" // the booking stands
	Cancelled Status = "CANCELLED" // the booking was cancelled; the event stays, so calendars update
)

// Event is one booking as a VEVENT.
type Event struct {
	// UID names the event for the life of the booking, across moves and a cancel; see [UID].
	UID string
	// Sequence is the event's revision: 0 when made, raised by one at every change.
	Sequence int
	// Start and End are the appointment's instants, End after Start.
	Start, End time.Time
	// Zone is the salon's zone, by which DTSTART and DTEND are written and whose VTIMEZONE the
	// calendar carries. It must have an IANA name: not nil, not time.Local.
	Zone *time.Location
	// Summary is the event's title, such as "Cut at Studio Nine", as plain text.
	Summary string
	// Status is Confirmed or Cancelled.
	Status Status
	// Stamp is the DTSTAMP: when this revision of the event was made, such as the booking's last
	// change. Taking it from the booking rather than a clock writes the same bytes for the same
	// revision. It must not be zero.
	Stamp time.Time
	// Description is optional plain text.
	Description string
	// URL is optional: an absolute URL, such as the page that manages the booking.
	URL string
}

// UID is the UID of a booking's event: "<booking>@<salon>".
func UID(booking, salon string) string { return booking + "@" + salon }

// Calendar is one VCALENDAR holding events, with a VTIMEZONE for each zone they name. It refuses
// the events as the package comment says, and then writes nothing.
func Calendar(prodID string, events []Event) ([]byte, error) {
	if err := checkText("PRODID", prodID); err != nil {
		return nil, err
	}
	if prodID == "" {
		return nil, errors.New("ical: PRODID is empty")
	}
	for i := range events {
		if err := events[i].check(); err != nil {
			return nil, err
		}
	}
	cal := ics.NewCalendar()
	cal.SetProductId(prodID)
	cal.SetCalscale("GREGORIAN")
	for _, z := range zonesOf(events) {
		cal.AddVTimezone(vtimezone(z.loc, z.first, z.last))
	}
	for _, e := range events {
		cal.AddVEvent(e.vevent())
	}
	var b bytes.Buffer
	if err := cal.SerializeTo(&b, ics.WithNewLineWindows); err != nil {
		return nil, fmt.Errorf("ical: %w", err)
	}
	return b.Bytes(), nil
}

// Write writes the calendar of events, as [Calendar] makes it, to w. When Calendar refuses the
// events, nothing is written.
func Write(w io.Writer, prodID string, events []Event) error {
	b, err := Calendar(prodID, events)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// check says why e can't be written, or nil.
func (e *Event) check() error {
	switch {
	case e.UID == "":
		return errors.New("ical: an event has no UID")
	case strings.IndexFunc(e.UID, unicode.IsControl) >= 0 || !utf8.ValidString(e.UID):
		return fmt.Errorf("ical: the UID %q holds a control character or invalid UTF-8", e.UID)
	case e.Zone == nil:
		return fmt.Errorf("ical: event %s has no zone", e.UID)
	case !zoneName.MatchString(e.Zone.String()) || e.Zone.String() == "Local":
		return fmt.Errorf("ical: event %s: zone %q is not an IANA zone name", e.UID, e.Zone.String())
	case !e.End.Truncate(time.Second).After(e.Start.Truncate(time.Second)):
		return fmt.Errorf("ical: event %s ends at or before it starts", e.UID)
	case e.Sequence < 0:
		return fmt.Errorf("ical: event %s has a negative SEQUENCE", e.UID)
	case e.Status != Confirmed && e.Status != Cancelled:
		return fmt.Errorf("ical: event %s: status %q is neither CONFIRMED nor CANCELLED", e.UID, string(e.Status))
	case e.Stamp.IsZero():
		return fmt.Errorf("ical: event %s has no DTSTAMP", e.UID)
	}
	if e.URL != "" {
		u, err := url.Parse(e.URL)
		if err != nil || !u.IsAbs() || u.Host == "" || strings.IndexFunc(e.URL, notURIChar) >= 0 {
			return fmt.Errorf("ical: event %s: URL is not an absolute URL of printable ASCII", e.UID)
		}
	}
	return nil
}

// zoneName is what an IANA zone name may hold; it keeps a TZID free of what a parameter would
// have to quote.
var zoneName = regexp.MustCompile(`^[A-Za-z0-9_+\-]+(/[A-Za-z0-9_+\-]+)*$`)

// notURIChar reports a rune a URI value can't hold unescaped.
func notURIChar(r rune) bool { return r <= ' ' || r >= 0x7f }

// checkText refuses a TEXT value the program writes itself (the PRODID) when it holds a control
// character or invalid UTF-8. The customer's words are cleaned by text instead.
func checkText(what, s string) error {
	if !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return fmt.Errorf("ical: %s holds a control character or invalid UTF-8", what)
	}
	return nil
}

// vevent is e as the library's VEVENT.
func (e *Event) vevent() *ics.VEvent {
	v := ics.NewEvent(e.UID)
	v.SetDtStampTime(e.Stamp)
	v.SetSequence(e.Sequence)
	setTime(v, ics.ComponentPropertyDtStart, e.Start, e.Zone)
	setTime(v, ics.ComponentPropertyDtEnd, e.End, e.Zone)
	v.SetSummary(text(e.Summary))
	v.SetStatus(ics.ObjectStatus(e.Status))
	if e.Description != "" {
		v.SetDescription(text(e.Description))
	}
	if e.URL != "" {
		v.SetURL(e.URL)
	}
	return v
}

// Date-time layouts: a wall time, and an instant in UTC.
const (
	wallLayout = "20060102T150405"
	utcLayout  = "20060102T150405Z"
)

// setTime writes instant t as property p: its wall time in loc with loc's TZID, or in UTC when
// that wall time names two instants.
func setTime(v *ics.VEvent, p ics.ComponentProperty, t time.Time, loc *time.Location) {
	t = t.Truncate(time.Second)
	if repeated(t, loc) {
		v.SetProperty(p, t.UTC().Format(utcLayout))
		return
	}
	v.SetProperty(p, t.In(loc).Format(wallLayout), ics.WithTZID(loc.String()))
}

// repeated reports whether t's wall time in loc also names another instant, as the wall times of
// the hour after the clocks go back do. Readers don't agree on such a time: RFC 5545 takes the
// first of the two, ical.js the one in standard time.
func repeated(t time.Time, loc *time.Location) bool {
	t = t.In(loc)
	_, offset := t.Zone()
	start, end := t.ZoneBounds()
	var others []int
	if !start.IsZero() {
		_, before := start.Add(-time.Second).Zone()
		others = append(others, before)
	}
	if !end.IsZero() {
		_, after := end.Zone()
		others = append(others, after)
	}
	for _, other := range others {
		// The instant whose wall time under the other offset is t's.
		u := t.Add(time.Duration(offset-other) * time.Second).In(loc)
		if _, got := u.Zone(); got == other && other != offset && u.Format(wallLayout) == t.Format(wallLayout) {
			return true
		}
	}
	return false
}

// text is s made fit for a TEXT value before the library escapes it: valid UTF-8, line breaks as
// "\n", no other control character but tab.
func text(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
}

// zoneSpan is one zone the events name, with the earliest and latest instant they put in it.
type zoneSpan struct {
	loc         *time.Location
	first, last time.Time
}

// zonesOf is the zones of events by name, in the order they first appear.
func zonesOf(events []Event) []zoneSpan {
	var spans []zoneSpan
	for _, e := range events {
		i := slices.IndexFunc(spans, func(z zoneSpan) bool { return z.loc.String() == e.Zone.String() })
		if i < 0 {
			spans = append(spans, zoneSpan{loc: e.Zone, first: e.Start, last: e.End})
			continue
		}
		if e.Start.Before(spans[i].first) {
			spans[i].first = e.Start
		}
		if e.End.After(spans[i].last) {
			spans[i].last = e.End
		}
	}
	return spans
}

// offset writes an offset in seconds east of UTC as RFC 5545's ±hhmm, or ±hhmmss when it has seconds.
func offset(seconds int) string {
	sign := "+"
	if seconds < 0 {
		sign, seconds = "-", -seconds
	}
	s := sign + twoDigits(seconds/3600) + twoDigits(seconds/60%60)
	if seconds%60 != 0 {
		s += twoDigits(seconds % 60)
	}
	return s
}

// twoDigits writes 0 to 99 in two digits.
func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
