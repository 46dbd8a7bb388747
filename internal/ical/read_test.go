// This file reads calendars back for the tests: parsed by another library (github.com/emersion/go-ical),
// with the DTSTART and DTEND of an event resolved through the calendar's own VTIMEZONE, as RFC 5545 reads them.

package ical

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
)

// read parses a calendar with the other library, failing the test when it can't.
func read(t *testing.T, b []byte) *goical.Calendar {
	t.Helper()
	cal, err := goical.NewDecoder(bytes.NewReader(b)).Decode()
	if err != nil {
		t.Fatalf("the other library can't parse the calendar: %v\n%s", err, b)
	}
	return cal
}

// onset is one STANDARD or DAYLIGHT of a parsed VTIMEZONE.
type onset struct {
	at       time.Time // the instant it begins: its DTSTART read under TZOFFSETFROM
	from, to int       // seconds east of UTC
	name     string
	daylight bool
}

// readZones is the calendar's VTIMEZONEs by TZID, their onsets in time order.
func readZones(t *testing.T, cal *goical.Calendar) map[string][]onset {
	t.Helper()
	zones := map[string][]onset{}
	for _, c := range cal.Children {
		if c.Name != goical.CompTimezone {
			continue
		}
		id := c.Props.Get("TZID").Value
		for _, o := range c.Children {
			from := readOffset(t, o.Props.Get("TZOFFSETFROM").Value)
			wall, err := time.ParseInLocation(wallLayout, o.Props.Get("DTSTART").Value, time.FixedZone("", from))
			if err != nil {
				t.Fatalf("VTIMEZONE %s: DTSTART: %v", id, err)
			}
			name, _ := o.Props.Get("TZNAME").Text()
			zones[id] = append(zones[id], onset{
				at: wall, from: from, to: readOffset(t, o.Props.Get("TZOFFSETTO").Value),
				name: name, daylight: o.Name == "DAYLIGHT",
			})
		}
		slices.SortFunc(zones[id], func(a, b onset) int { return a.at.Compare(b.at) })
	}
	return zones
}

// readOffset reads a UTC-OFFSET value, ±hhmm or ±hhmmss, as seconds east of UTC.
func readOffset(t *testing.T, s string) int {
	t.Helper()
	if len(s) != 5 && len(s) != 7 || s[0] != '+' && s[0] != '-' {
		t.Fatalf("UTC offset %q is not ±hhmm[ss]", s)
	}
	n := 0
	for i, unit := range []int{3600, 60, 1} {
		if 1+2*i >= len(s) {
			break
		}
		v, err := strconv.Atoi(s[1+2*i : 3+2*i])
		if err != nil {
			t.Fatalf("UTC offset %q: %v", s, err)
		}
		n += v * unit
	}
	if s[0] == '-' {
		n = -n
	}
	return n
}

// offsetAt is the offset the onsets put in effect at instant u; ok is false before the first.
func offsetAt(onsets []onset, u time.Time) (offset int, ok bool) {
	for _, o := range onsets {
		if o.at.After(u) {
			break
		}
		offset, ok = o.to, true
	}
	return offset, ok
}

// resolve reads a date-time property as RFC 5545 does: a UTC time as it is, a wall time with a
// TZID through that zone's onsets. A wall time that names two instants is an error: readers
// differ on it, so the package must never write one.
func resolve(zones map[string][]onset, p *goical.Prop) (time.Time, error) {
	if p == nil {
		return time.Time{}, fmt.Errorf("no such property")
	}
	if len(p.Value) == len(utcLayout) {
		return time.Parse(utcLayout, p.Value)
	}
	tzid := p.Params.Get("TZID")
	onsets, found := zones[tzid]
	if !found {
		return time.Time{}, fmt.Errorf("%s;TZID=%s: no VTIMEZONE has that TZID", p.Name, tzid)
	}
	wall, err := time.Parse(wallLayout, p.Value)
	if err != nil {
		return time.Time{}, err
	}
	var candidates []time.Time
	for _, o := range onsets {
		for _, off := range []int{o.from, o.to} {
			u := wall.Add(-time.Duration(off) * time.Second)
			if got, ok := offsetAt(onsets, u); ok && got == off && !slices.ContainsFunc(candidates, u.Equal) {
				candidates = append(candidates, u)
			}
		}
	}
	if len(candidates) == 0 {
		return time.Time{}, fmt.Errorf("%s %s names no instant in %s", p.Name, p.Value, tzid)
	}
	if len(candidates) > 1 {
		return time.Time{}, fmt.Errorf("%s %s names %d instants in %s: %v", p.Name, p.Value, len(candidates), tzid, candidates)
	}
	return candidates[0], nil
}

// events is the calendar's VEVENTs.
func events(cal *goical.Calendar) []*goical.Component {
	var out []*goical.Component
	for _, c := range cal.Children {
		if c.Name == goical.CompEvent {
			out = append(out, c)
		}
	}
	return out
}
