// This file tests the calendars by reading them back with another library: lines, text, instants
// across clock changes, the VTIMEZONE against Go's zone database, and the refusals.

package ical

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// write is the calendar of events, failing the test when it is refused.
func write(t *testing.T, events ...Event) []byte {
	t.Helper()
	b, err := Calendar("-//Salon booking//Calendar//EN", events)
	if err != nil {
		t.Fatalf("Calendar: %v", err)
	}
	return b
}

func TestLinesEndWithCRLFAndFoldAt75OctetsOnRuneBoundaries(t *testing.T) {
	for _, f := range fixtures(t) {
		b := write(t, f.events...)
		if !bytes.HasSuffix(b, []byte("\r\n")) {
			t.Errorf("%s: the calendar doesn't end with CRLF", f.file)
		}
		lines := bytes.Split(bytes.TrimSuffix(b, []byte("\r\n")), []byte("\r\n"))
		folded := 0
		for i, line := range lines {
			if bytes.ContainsAny(line, "\r\n") {
				t.Errorf("%s line %d: a bare CR or LF in %q", f.file, i+1, line)
			}
			if len(line) > 75 {
				t.Errorf("%s line %d: got %d octets, want at most 75: %q", f.file, i+1, len(line), line)
			}
			if !utf8.Valid(line) {
				t.Errorf("%s line %d: a UTF-8 sequence is split: %q", f.file, i+1, line)
			}
			if bytes.HasPrefix(line, []byte(" ")) {
				folded++
			}
		}
		if folded == 0 {
			t.Errorf("%s: no line was folded, so folding went untested", f.file)
		}
	}
}

func TestTextComesBackAsWrittenThroughAnotherParser(t *testing.T) {
	london := zone(t, "Europe/London")
	cases := map[string]struct{ summary, want string }{}
	for _, s := range tricky {
		cases[s] = struct{ summary, want string }{s, s}
	}
	cases["CRLF"] = struct{ summary, want string }{"one\r\ntwo\rthree", "one\ntwo\nthree"}
	cases["controls"] = struct{ summary, want string }{"a\x00b\x1bc\td\u0085e", "abc\tde"}
	cases["invalid UTF-8"] = struct{ summary, want string }{"caf\xe9", "caf\uFFFD"}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			e := Event{UID: UID("b1", "studio-nine"), Start: utc(2026, 6, 1, 9, 0), End: utc(2026, 6, 1, 10, 0),
				Zone: london, Summary: c.summary, Description: c.summary, Status: Confirmed, Stamp: stamp}
			vevents := events(read(t, write(t, e)))
			if len(vevents) != 1 {
				t.Fatalf("got %d VEVENTs, want 1", len(vevents))
			}
			for _, prop := range []string{"SUMMARY", "DESCRIPTION"} {
				got, err := vevents[0].Props.Text(prop)
				if err != nil {
					t.Fatalf("%s: %v", prop, err)
				}
				if got != c.want {
					t.Errorf("%s: got %q, want %q", prop, got, c.want)
				}
			}
		})
	}
}

func TestInstantsResolveThroughTheVTIMEZONEAcrossClockChanges(t *testing.T) {
	for _, f := range fixtures(t) {
		cal := read(t, write(t, f.events...))
		zones := readZones(t, cal)
		vevents := events(cal)
		if len(vevents) != len(f.events) {
			t.Fatalf("%s: got %d VEVENTs, want %d", f.file, len(vevents), len(f.events))
		}
		for i, v := range vevents {
			want := f.events[i]
			for _, p := range []struct {
				name string
				want time.Time
			}{{"DTSTART", want.Start}, {"DTEND", want.End}} {
				got, err := resolve(zones, v.Props.Get(p.name))
				if err != nil {
					t.Errorf("%s %s %s: %v", f.file, want.UID, p.name, err)
					continue
				}
				if !got.Equal(p.want) {
					t.Errorf("%s %s %s: got %s, want %s", f.file, want.UID, p.name, got.UTC(), p.want.UTC())
				}
			}
			if got := v.Props.Get("UID").Value; got != want.UID {
				t.Errorf("%s: UID: got %q, want %q", f.file, got, want.UID)
			}
			if got, _ := v.Props.Get("SEQUENCE").Int(); got != want.Sequence {
				t.Errorf("%s %s: SEQUENCE: got %d, want %d", f.file, want.UID, got, want.Sequence)
			}
			if got := v.Props.Get("STATUS").Value; got != string(want.Status) {
				t.Errorf("%s %s: STATUS: got %q, want %q", f.file, want.UID, got, want.Status)
			}
			if got := v.Props.Get("DTSTAMP").Value; got != "20260102T030400Z" {
				t.Errorf("%s %s: DTSTAMP: got %q, want 20260102T030400Z", f.file, want.UID, got)
			}
		}
	}
}

func TestAWallTimeIsWrittenWithItsTZIDUnlessItNamesTwoInstants(t *testing.T) {
	london, sydney := zone(t, "Europe/London"), zone(t, "Australia/Sydney")
	cases := []struct {
		name  string
		at    time.Time
		loc   *time.Location
		wantP string
	}{
		{"London, the first 01:30 of the autumn night", utc(2026, 10, 25, 0, 30), london, "DTSTART:20261025T003000Z"},
		{"London, 00:59:59 BST, before the repeated hour", utc(2026, 10, 24, 23, 59).Add(59 * time.Second), london, "DTSTART;TZID=Europe/London:20261025T005959"},
		{"London, the second 01:30", utc(2026, 10, 25, 1, 30), london, "DTSTART:20261025T013000Z"},
		{"London, 01:00 GMT, the repeated hour's start", utc(2026, 10, 25, 1, 0), london, "DTSTART:20261025T010000Z"},
		{"London, 02:00 GMT, after the repeated hour", utc(2026, 10, 25, 2, 0), london, "DTSTART;TZID=Europe/London:20261025T020000"},
		{"London, just after the spring gap", utc(2026, 3, 29, 1, 0), london, "DTSTART;TZID=Europe/London:20260329T020000"},
		{"Sydney, the first 02:30 of the April night", utc(2026, 4, 4, 15, 30), sydney, "DTSTART:20260404T153000Z"},
		{"Sydney, 01:59 AEDT, before the repeated hour", utc(2026, 4, 4, 14, 59), sydney, "DTSTART;TZID=Australia/Sydney:20260405T015900"},
		{"Sydney, 03:00 AEST, after it", utc(2026, 4, 4, 17, 0), sydney, "DTSTART;TZID=Australia/Sydney:20260405T030000"},
		{"Sydney, the second 02:30", utc(2026, 4, 4, 16, 30), sydney, "DTSTART:20260404T163000Z"},
		{"Sydney, summer", utc(2026, 12, 1, 23, 0), sydney, "DTSTART;TZID=Australia/Sydney:20261202T100000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := write(t, Event{UID: "b@s", Start: c.at, End: c.at.Add(3 * time.Hour), Zone: c.loc,
				Summary: "x", Status: Confirmed, Stamp: stamp})
			if !bytes.Contains(b, []byte("\r\n"+c.wantP+"\r\n")) {
				t.Errorf("got no line %q in\n%s", c.wantP, b)
			}
		})
	}
}

func TestTheVTIMEZONEDescribesGoOffsetsOverTheEventsYears(t *testing.T) {
	// Zones that change twice a year in either hemisphere, by half an hour, never, at 45 minutes,
	// with a negative daylight saving time, with a Ramadan pause, and that stopped changing in 2019.
	names := []string{"Europe/London", "Australia/Sydney", "America/New_York", "Asia/Tokyo", "UTC",
		"Australia/Lord_Howe", "Pacific/Chatham", "Europe/Dublin", "Africa/Casablanca", "America/Sao_Paulo",
		"Asia/Kolkata", "America/St_Johns"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			loc := zone(t, name)
			first, last := utc(2018, 5, 1, 12, 0), utc(2021, 8, 1, 12, 0)
			b := write(t,
				Event{UID: "a@s", Start: first, End: first.Add(time.Hour), Zone: loc, Summary: "x", Status: Confirmed, Stamp: stamp},
				Event{UID: "b@s", Start: last, End: last.Add(time.Hour), Zone: loc, Summary: "y", Status: Confirmed, Stamp: stamp})
			onsets := readZones(t, read(t, b))[name]
			if len(onsets) == 0 {
				t.Fatalf("no VTIMEZONE with TZID %s", name)
			}
			from := time.Date(2018, 1, 1, 0, 0, 0, 0, loc)
			until := time.Date(2022, 1, 1, 0, 0, 0, 0, loc)
			for u := from; u.Before(until); u = u.Add(15 * time.Minute) {
				got, ok := offsetAt(onsets, u)
				_, want := u.In(loc).Zone()
				if !ok || got != want {
					t.Fatalf("at %s: got offset %d (in effect %v), want %d", u.UTC(), got, ok, want)
				}
			}
			for i, o := range onsets {
				// A zone that never changes has no offset before; its one observance goes from its offset to itself.
				before := o.to
				if start, _ := o.at.In(loc).ZoneBounds(); !start.IsZero() {
					_, before = o.at.Add(-time.Second).In(loc).Zone()
				}
				if o.from != before {
					t.Errorf("onset %d at %s: got TZOFFSETFROM %d, want %d, the offset just before", i, o.at.UTC(), o.from, before)
				}
				if i > 0 && o.from != onsets[i-1].to {
					t.Errorf("onset %d at %s: TZOFFSETFROM %d doesn't continue the previous TZOFFSETTO %d", i, o.at.UTC(), o.from, onsets[i-1].to)
				}
				if at := o.at.In(loc); at.IsDST() != o.daylight || zoneAbbrev(at) != o.name {
					t.Errorf("onset %d at %s: got DAYLIGHT %v TZNAME %q, want %v %q", i, o.at.UTC(), o.daylight, o.name, at.IsDST(), zoneAbbrev(at))
				}
			}
		})
	}
}

// zoneAbbrev is t's zone abbreviation.
func zoneAbbrev(t time.Time) string { name, _ := t.Zone(); return name }

func TestAZoneThatNeverChangesHasOneObservanceFrom1970(t *testing.T) {
	b := write(t, Event{UID: "b@s", Start: utc(2026, 6, 1, 9, 0), End: utc(2026, 6, 1, 10, 0), Zone: time.UTC,
		Summary: "x", Status: Confirmed, Stamp: stamp})
	want := "BEGIN:VTIMEZONE\r\nTZID:UTC\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0000\r\n" +
		"TZOFFSETTO:+0000\r\nTZNAME:UTC\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
	if !bytes.Contains(b, []byte(want)) {
		t.Errorf("got\n%s\nwant it to hold\n%s", b, want)
	}
}

func TestEachZoneGetsOneVTIMEZONEBeforeTheEvents(t *testing.T) {
	london, sydney := zone(t, "Europe/London"), zone(t, "Australia/Sydney")
	again, _ := time.LoadLocation("Europe/London")
	b := string(write(t,
		Event{UID: "a@s", Start: utc(2026, 6, 1, 9, 0), End: utc(2026, 6, 1, 10, 0), Zone: london, Summary: "x", Status: Confirmed, Stamp: stamp},
		Event{UID: "b@s", Start: utc(2026, 6, 1, 9, 0), End: utc(2026, 6, 1, 10, 0), Zone: sydney, Summary: "x", Status: Confirmed, Stamp: stamp},
		Event{UID: "c@s", Start: utc(2027, 6, 1, 9, 0), End: utc(2027, 6, 1, 10, 0), Zone: again, Summary: "x", Status: Confirmed, Stamp: stamp}))
	if got := strings.Count(b, "TZID:Europe/London\r\n"); got != 1 {
		t.Errorf("got %d VTIMEZONEs for Europe/London, want 1", got)
	}
	if got := strings.Count(b, "TZID:Australia/Sydney\r\n"); got != 1 {
		t.Errorf("got %d VTIMEZONEs for Australia/Sydney, want 1", got)
	}
	if strings.LastIndex(b, "END:VTIMEZONE") > strings.Index(b, "BEGIN:VEVENT") {
		t.Errorf("a VTIMEZONE comes after a VEVENT:\n%s", b)
	}
	// London's covers 2027 too, since its third event is then.
	if !strings.Contains(b, "DTSTART:20271031T020000") {
		t.Errorf("London's VTIMEZONE doesn't reach the end of 2027:\n%s", b)
	}
}

func TestOffsetsAreWrittenAsRFC5545Says(t *testing.T) {
	cases := map[int]string{0: "+0000", 3600: "+0100", -18000: "-0500", 34200: "+0930", 45900: "+1245",
		-12600: "-0330", -75: "-000115", 3661: "+010101"}
	for seconds, want := range cases {
		if got := offset(seconds); got != want {
			t.Errorf("offset(%d): got %q, want %q", seconds, got, want)
		}
	}
}

func TestBadEventsAreRefusedAndNothingIsWritten(t *testing.T) {
	london := zone(t, "Europe/London")
	good := Event{UID: "b@s", Start: utc(2026, 6, 1, 9, 0), End: utc(2026, 6, 1, 10, 0), Zone: london,
		Summary: "x", Status: Confirmed, Stamp: stamp}
	cases := map[string]func(e *Event){
		"no UID":              func(e *Event) { e.UID = "" },
		"a UID with a CR LF":  func(e *Event) { e.UID = "b@s\r\nX-EVIL:1" },
		"no zone":             func(e *Event) { e.Zone = nil },
		"the Local zone":      func(e *Event) { e.Zone = time.Local },
		"an unnamed zone":     func(e *Event) { e.Zone = time.FixedZone("", 3600) },
		"an end at the start": func(e *Event) { e.End = e.Start },
		"an end before":       func(e *Event) { e.End = e.Start.Add(-time.Minute) },
		"a negative SEQUENCE": func(e *Event) { e.Sequence = -1 },
		"another status":      func(e *Event) { e.Status = "TENTATIVE" },
		"no status":           func(e *Event) { e.Status = "" },
		"no DTSTAMP":          func(e *Event) { e.Stamp = time.Time{} },
		"a relative URL":      func(e *Event) { e.URL = "/my/studio-nine/b" },
		"a URL with a space":  func(e *Event) { e.URL = "https://salon.example/a b" },
		"a URL with a CR LF":  func(e *Event) { e.URL = "https://salon.example/\r\nX-EVIL:1" },
	}
	for name, spoil := range cases {
		t.Run(name, func(t *testing.T) {
			bad := good
			spoil(&bad)
			var w bytes.Buffer
			if err := Write(&w, "-//x//EN", []Event{good, bad}); err == nil {
				t.Errorf("Write: got no error, want a refusal")
			}
			if w.Len() != 0 {
				t.Errorf("Write wrote %d bytes before refusing", w.Len())
			}
		})
	}
	for _, prodID := range []string{"", "-//x\r\nX-EVIL:1//EN"} {
		if _, err := Calendar(prodID, []Event{good}); err == nil {
			t.Errorf("Calendar(%q): got no error, want a refusal", prodID)
		}
	}
}

func TestNoEventsIsAnEmptyCalendar(t *testing.T) {
	got := string(write(t))
	want := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Salon booking//Calendar//EN\r\nCALSCALE:GREGORIAN\r\nEND:VCALENDAR\r\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
