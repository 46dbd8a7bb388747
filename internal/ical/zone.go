// This file holds the VTIMEZONE: a zone's offsets and transitions, read from Go's time.Location.

package ical

import (
	"time"

	ics "github.com/arran4/golang-ical"
)

// observance is one onset of an offset in a zone: a STANDARD or DAYLIGHT sub-component.
type observance struct {
	// onset is the instant the offset begins; zero for a zone that never changes.
	onset time.Time
	// from and to are the offsets before and from onset, in seconds east of UTC.
	from, to int
	// name is the zone's abbreviation from onset, such as "BST" or "+10".
	name string
	// daylight says whether the zone's database marks the offset as daylight saving time.
	daylight bool
}

// observances is what loc says from 1 January of first's year to the end of last's year, both
// years read in loc: the observance in effect on that 1 January, then one for each transition
// until that year's end.
func observances(loc *time.Location, first, last time.Time) []observance {
	from := time.Date(first.In(loc).Year(), time.January, 1, 0, 0, 0, 0, loc)
	until := time.Date(last.In(loc).Year()+1, time.January, 1, 0, 0, 0, 0, loc)
	name, off := from.Zone()
	start, end := from.ZoneBounds()
	o := observance{onset: start, from: off, to: off, name: name, daylight: from.IsDST()}
	if !start.IsZero() {
		_, o.from = start.Add(-time.Second).Zone()
	}
	obs := []observance{o}
	// ZoneBounds' end is the next transition, or zero when there is none; each end is after the
	// time asked about, so the loop moves forward and stops.
	for !end.IsZero() && end.Before(until) {
		t := end
		prev := off
		name, off = t.Zone()
		obs = append(obs, observance{onset: t, from: prev, to: off, name: name, daylight: t.IsDST()})
		_, end = t.ZoneBounds()
	}
	return obs
}

// sinceEver is the onset written for a zone with no transitions.
const sinceEver = "19700101T000000"

// vtimezone is loc's VTIMEZONE over the years from first to last.
func vtimezone(loc *time.Location, first, last time.Time) *ics.VTimezone {
	tz := ics.NewTimezone(loc.String())
	for _, o := range observances(loc, first, last) {
		base := &ics.ComponentBase{}
		onset := sinceEver
		if !o.onset.IsZero() {
			// An onset is written as the wall time just before it, under the offset it ends.
			onset = o.onset.In(time.FixedZone("", o.from)).Format(wallLayout)
		}
		base.SetProperty(ics.ComponentPropertyDtStart, onset)
		base.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), offset(o.from))
		base.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), offset(o.to))
		base.SetProperty(ics.ComponentProperty(ics.PropertyTzname), text(o.name))
		if o.daylight {
			tz.Components = append(tz.Components, &ics.Daylight{ComponentBase: *base})
		} else {
			tz.Components = append(tz.Components, &ics.Standard{ComponentBase: *base})
		}
	}
	return tz
}
