// This file tests a booking's calendar.ics across the night the clocks go back in London: parsed by another library (github.com/emersion/go-ical), its instants are the booking's, read through the TZID and through the calendar's own VTIMEZONE.

package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"

	"salon/internal/wire"
)

// nightOwls is open around the clock in London, with half-hour slots and no cutoff, so a booking
// can sit in the hour that happens twice when British Summer Time ends (25 October 2026).
const nightOwls = `{"name":"Night Owls","timeZone":"Europe/London","phone":"+44 20 7946 0001",` +
	`"hours":{"mon":[["00:00","23:59"]],"tue":[["00:00","23:59"]],"wed":[["00:00","23:59"]],"thu":[["00:00","23:59"]],` +
	`"fri":[["00:00","23:59"]],"sat":[["00:00","23:59"]],"sun":[["00:00","23:59"]]},` +
	`"slotMinutes":30,"horizonDays":14,"changeCutoffHours":0}`

// event is what a parsed calendar says of its one VEVENT.
type event struct {
	uid, summary, status string
	sequence             int
	start, end           time.Time
}

// readCalendar parses a calendar.ics reply with go-ical and reads its one event, resolving DTSTART
// and DTEND twice, through the TZID as Go's zone database has it and through the calendar's own
// VTIMEZONE as RFC 5545 reads it, failing unless the two agree.
func readCalendar(t *testing.T, body []byte) event {
	t.Helper()
	cal, err := goical.NewDecoder(bytes.NewReader(body)).Decode()
	if err != nil {
		t.Fatalf("go-ical can't parse the calendar: %v\n%s", err, body)
	}
	var events []*goical.Component
	zones := map[string][]onset{}
	for _, c := range cal.Children {
		switch c.Name {
		case goical.CompEvent:
			events = append(events, c)
		case goical.CompTimezone:
			zones[c.Props.Get(goical.PropTimezoneID).Value] = onsets(t, c)
		}
	}
	if len(events) != 1 {
		t.Fatalf("got %d VEVENTs, want 1:\n%s", len(events), body)
	}
	e := events[0]
	var out event
	out.uid = e.Props.Get(goical.PropUID).Value
	out.summary, _ = e.Props.Get(goical.PropSummary).Text()
	out.status = e.Props.Get(goical.PropStatus).Value
	if out.sequence, err = e.Props.Get(goical.PropSequence).Int(); err != nil {
		t.Fatalf("SEQUENCE: %v", err)
	}
	for _, p := range []struct {
		name string
		to   *time.Time
	}{{goical.PropDateTimeStart, &out.start}, {goical.PropDateTimeEnd, &out.end}} {
		prop := e.Props.Get(p.name)
		byName, err := prop.DateTime(time.UTC)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		byZone := byName
		if tzid := prop.Params.Get(goical.PropTimezoneID); tzid != "" {
			byZone = resolve(t, zones[tzid], prop.Value)
		}
		if !byName.Equal(byZone) {
			t.Fatalf("%s %s: the zone database says %s, the calendar's VTIMEZONE %s", p.name, prop.Value, byName, byZone)
		}
		*p.to = byName.UTC()
	}
	return out
}

// onset is one STANDARD or DAYLIGHT of a VTIMEZONE: from when, which offset (seconds east of UTC).
type onset struct {
	at       time.Time
	from, to int
}

func onsets(t *testing.T, zone *goical.Component) []onset {
	t.Helper()
	var out []onset
	for _, o := range zone.Children {
		from := utcOffset(t, o.Props.Get("TZOFFSETFROM").Value)
		at, err := time.ParseInLocation("20060102T150405", o.Props.Get(goical.PropDateTimeStart).Value, time.FixedZone("", from))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, onset{at: at, from: from, to: utcOffset(t, o.Props.Get("TZOFFSETTO").Value)})
	}
	slices.SortFunc(out, func(a, b onset) int { return a.at.Compare(b.at) })
	return out
}

func utcOffset(t *testing.T, s string) int {
	t.Helper()
	h, err1 := strconv.Atoi(s[1:3])
	m, err2 := strconv.Atoi(s[3:5])
	if len(s) != 5 || err1 != nil || err2 != nil {
		t.Fatalf("UTC offset %q is not ±hhmm", s)
	}
	if s[0] == '-' {
		return -(h*3600 + m*60)
	}
	return h*3600 + m*60
}

// resolve is the one instant the wall time names under the onsets; none or two fail the test.
func resolve(t *testing.T, zone []onset, wall string) time.Time {
	t.Helper()
	w, err := time.Parse("20060102T150405", wall)
	if err != nil || len(zone) == 0 {
		t.Fatalf("the wall time %q can't be read under %d onsets (%v)", wall, len(zone), err)
	}
	var found []time.Time
	for _, o := range zone {
		for _, off := range []int{o.from, o.to} {
			u := w.Add(-time.Duration(off) * time.Second)
			in, ok := 0, false
			for _, p := range zone {
				if !p.at.After(u) {
					in, ok = p.to, true
				}
			}
			if ok && in == off && !slices.ContainsFunc(found, u.Equal) {
				found = append(found, u)
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("the wall time %s names %d instants under the calendar's VTIMEZONE: %v", wall, len(found), found)
	}
	return found[0]
}

// calendar fetches p's calendar.ics at salon and reads it, checking the reply's headers and lines.
func (s *shop) calendar(salon string, p *patron) event {
	s.t.Helper()
	r := s.do(http.MethodGet, mine(salon, p.booking, "/calendar.ics"), p.key, nil)
	if r.Status != http.StatusOK {
		s.t.Fatalf("%s's calendar: got %d %s, want 200", p.name, r.Status, r.Body)
	}
	if got := r.Header.Get("Content-Type"); got != "text/calendar; charset=utf-8" {
		s.t.Errorf("got Content-Type %q, want text/calendar; charset=utf-8", got)
	}
	if got := r.Header.Get("Cache-Control"); got != "no-store" {
		s.t.Errorf("got Cache-Control %q, want no-store", got)
	}
	if !bytes.HasSuffix(r.Body, []byte("\r\n")) {
		s.t.Errorf("the calendar doesn't end in CR LF")
	}
	for line := range bytes.SplitSeq(bytes.TrimSuffix(r.Body, []byte("\r\n")), []byte("\r\n")) {
		if len(line) > 75 || bytes.ContainsAny(line, "\r\n") {
			s.t.Errorf("a line of %d octets, or with a bare CR or LF: %q", len(line), line)
		}
	}
	return readCalendar(s.t, r.Body)
}

// wantEvent checks the calendar's event against the booking as GET shows it: the same instants.
func wantEvent(t *testing.T, got event, m wire.MyBooking, summary, status string) {
	t.Helper()
	start, err1 := time.Parse(time.RFC3339, m.Slot)
	end, err2 := time.Parse(time.RFC3339, m.Ends)
	if err1 != nil || err2 != nil {
		t.Fatalf("the booking's slot %q or end %q is not RFC 3339", m.Slot, m.Ends)
	}
	want := event{uid: m.Booking + "@" + m.Salon, summary: summary, status: status, sequence: m.Sequence, start: start.UTC(), end: end.UTC()}
	if got != want {
		t.Errorf("the calendar says\n  %+v\nwant the booking's\n  %+v", got, want)
	}
}

func TestTheCalendarHoldsTheBookingsInstantsAcrossTheClockChange(t *testing.T) {
	s := openShop(t, time.Date(2026, time.October, 24, 12, 0, 0, 0, time.UTC))
	s.put("night-owls", nightOwls)
	var open struct{ OpenSlots []wire.OpenSlot }
	if err := json.Unmarshal(s.do(http.MethodGet, "/salons/night-owls", "", nil).Body, &open); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range open.OpenSlots {
		ids = append(ids, o.Slot)
	}
	// The night the clocks go back: 01:30 in summer time, a wall time that happens twice (and ends at
	// 01:00 in winter time, which happens twice too), then 02:00 in winter time, ninety minutes later.
	twice, after := "2026-10-25T01:30:00+01:00", "2026-10-25T02:00:00Z"
	if !slices.Contains(ids, twice) || !slices.Contains(ids, after) {
		t.Fatalf("the open slots %q don't hold both %s and %s", ids, twice, after)
	}

	ana := s.book("night-owls", newPatron("Ana Lima", "+44 7700 900001"), "2026-10-24T18:00:00+01:00")
	summary := "Appointment at Night Owls"
	m := s.seen("night-owls", ana)
	wantEvent(t, s.calendar("night-owls", ana), m, summary, "CONFIRMED")
	if m.Ends != "2026-10-24T18:30:00+01:00" {
		t.Errorf("ends: got %s, want 2026-10-24T18:30:00+01:00", m.Ends)
	}

	for i, slot := range []string{twice, after, "2026-10-26T10:00:00Z"} {
		if r := s.move("night-owls", ana, slot, ""); r.Status != http.StatusOK || !bytes.Contains(r.Body, []byte(`"status":"booked"`)) {
			t.Fatalf("moving to %s: got %d %s", slot, r.Status, r.Body)
		}
		m := s.seen("night-owls", ana)
		if m.Slot != slot || m.Sequence != i+1 {
			t.Fatalf("after moving to %s: got %+v", slot, m)
		}
		got := s.calendar("night-owls", ana)
		wantEvent(t, got, m, summary, "CONFIRMED")
		if slot == twice && (!got.start.Equal(mustParse(t, "2026-10-25T00:30:00Z")) || !got.end.Equal(mustParse(t, "2026-10-25T01:00:00Z"))) {
			t.Errorf("at 01:30 in summer time: got %s to %s, want 00:30 to 01:00 UTC", got.start, got.end)
		}
	}

	if r := s.do(http.MethodPost, mine("night-owls", ana.booking, "/cancel"), ana.key, nil); r.Status != http.StatusOK {
		t.Fatalf("cancelling: got %d %s", r.Status, r.Body)
	}
	m = s.seen("night-owls", ana)
	if m.Sequence != 4 {
		t.Errorf("after the cancel: got sequence %d, want 4", m.Sequence)
	}
	wantEvent(t, s.calendar("night-owls", ana), m, summary, "CANCELLED")
}

func TestAMenuSalonsCalendarNamesTheService(t *testing.T) {
	s := openShop(t, thursday)
	s.put("studio-nine", menuNine)
	ana := newPatron("Ana Lima", "+44 7700 900001")
	ana.choice = map[string]any{"service": "cut"}
	s.book("studio-nine", ana, "2026-12-05T10:30:00Z")
	m := s.seen("studio-nine", ana)
	got := s.calendar("studio-nine", ana)
	wantEvent(t, got, m, "Cut at Studio Nine", "CONFIRMED")
	if d := got.end.Sub(got.start); d != 45*time.Minute {
		t.Errorf("the event lasts %s, want the cut's 45 minutes", d)
	}
}

func mustParse(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(fmt.Errorf("%q: %w", s, err))
	}
	return v
}
