// This file holds the properties of a menu salon's open times, checked against a brute-force walk of the zone minute by minute.

package salon_test

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/salon"
)

// changingZones are the zones the menu's properties lean on: spring and autumn changes in both
// hemispheres, one of them (Santiago) at midnight.
var changingZones = []string{"Europe/London", "America/New_York", "Australia/Sydney", "America/Santiago"}

// menuScenario is a menu salon, its zone, a now near a change of the zone's clocks more often
// than not, the live bookings, and an ask.
type menuScenario struct {
	settings salon.Settings
	zone     string
	loc      *time.Location
	now      time.Time
	booked   []salon.Span // in order of start
	ask      salon.Ask
}

func (sc menuScenario) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "zone %s, now %s, grid %d, notice %d, horizon %d, hours %v\n", sc.zone, sc.now.Format(time.RFC3339Nano),
		sc.settings.GridMinutes, sc.settings.MinNoticeMinutes, sc.settings.HorizonDays, sc.settings.Hours.Wire())
	for _, v := range sc.settings.Services {
		fmt.Fprintf(&b, "  service %s %d+%d holds %v\n", v.ID, v.Minutes, v.AfterMinutes, v.Resources)
	}
	for _, r := range sc.settings.Resources {
		fmt.Fprintf(&b, "  resource %s of %d\n", r.ID, r.Count)
	}
	for _, p := range sc.settings.Stylists {
		fmt.Fprintf(&b, "  stylist %s does %v, hours %v (own %v)\n", p.ID, p.Services, p.Hours.Wire(), p.Hours != nil)
	}
	for _, c := range sc.settings.Closures {
		fmt.Fprintf(&b, "  closure %q %s to %s\n", c.Stylist, c.From.In(sc.loc).Format(time.RFC3339), c.To.In(sc.loc).Format(time.RFC3339))
	}
	for _, k := range sc.booked {
		fmt.Fprintf(&b, "  booked %s %s %d+%d holding %v\n", k.Stylist, k.Start.In(sc.loc).Format(time.RFC3339), k.Minutes, k.AfterMinutes, k.Resources)
	}
	fmt.Fprintf(&b, "  ask %s with %q from %s for %d days, limit %d", sc.ask.Service, sc.ask.Stylist, sc.ask.From.Format(time.RFC3339Nano), sc.ask.Days, sc.ask.Limit)
	return b.String()
}

func (menuScenario) Generate(r *rand.Rand, _ int) reflect.Value {
	name := zones[r.Intn(len(zones))]
	if r.Intn(2) == 0 {
		name = changingZones[r.Intn(len(changingZones))]
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // the zones are embedded by time/tzdata; a missing one is the test's own fault
	}
	horizon := 1 + r.Intn(5)
	now := time.Date(1990+r.Intn(48), time.January, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.Int63n(int64(366 * 24 * time.Hour))))
	if r.Intn(4) != 0 {
		if _, until := now.In(loc).ZoneBounds(); !until.IsZero() {
			now = until.Add(-time.Duration(r.Int63n(int64(time.Duration(horizon+1) * 24 * time.Hour))))
		}
	}
	if r.Intn(3) == 0 {
		now = now.Truncate(time.Minute)
	}
	now = now.In([]*time.Location{time.UTC, loc}[r.Intn(2)])

	s := salon.Settings{
		Name: "Studio Nine", TimeZone: name, Phone: "+44 20 7946 0000",
		Hours: salon.Hours(weeklyHours{}.Generate(r, 0).Interface().(weeklyHours)), HorizonDays: horizon,
		GridMinutes:      salon.MinuteStep * (1 + r.Intn(12)),
		MinNoticeMinutes: []int{0, 60, r.Intn(24 * 60), r.Intn(salon.MaxMinNoticeMinutes + 1)}[r.Intn(4)],
	}
	for i := range 1 + r.Intn(3) {
		minutes := salon.MinuteStep * (1 + r.Intn(24))
		switch r.Intn(5) {
		case 0:
			minutes = 120
		case 1:
			minutes = salon.MinuteStep * (1 + r.Intn(salon.MaxServiceMinutes/salon.MinuteStep))
		}
		after := 0
		if r.Intn(2) == 0 {
			after = salon.MinuteStep * r.Intn(salon.MaxAfterMinutes/salon.MinuteStep+1)
		}
		s.Services = append(s.Services, salon.Service{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Service %d", i), Minutes: minutes, AfterMinutes: after})
	}
	// Half the salons have resources of one to three units, which each service holds or not.
	if r.Intn(2) == 0 {
		for i := range 1 + r.Intn(3) {
			s.Resources = append(s.Resources, salon.Resource{ID: fmt.Sprintf("r%d", i), Name: fmt.Sprintf("Resource %d", i), Count: 1 + r.Intn(3)})
		}
		for i := range s.Services {
			s.Services[i].Resources = someResources(r, s.Resources)
		}
	}
	for i := range 1 + r.Intn(3) {
		p := salon.Stylist{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Stylist %d", i)}
		for _, v := range s.Services {
			if r.Intn(3) != 0 {
				p.Services = append(p.Services, v.ID)
			}
		}
		if p.Services == nil {
			p.Services = []string{s.Services[r.Intn(len(s.Services))].ID}
		}
		if r.Intn(2) == 0 {
			p.Hours = salon.Hours(weeklyHours{}.Generate(r, 0).Interface().(weeklyHours))
		}
		s.Stylists = append(s.Stylists, p)
	}
	// Bookings and closures fall on whole minutes from the day before the horizon to the day after it.
	y, m, d := now.In(loc).Date()
	around := time.Date(y, m, d-1, 0, 0, 0, 0, loc)
	minute := func() time.Time {
		return around.Add(time.Duration(r.Intn((horizon+2)*24*60)) * time.Minute)
	}
	for range r.Intn(4) {
		c := salon.Closure{From: minute()}
		c.To = c.From.Add(time.Duration(salon.MinuteStep*(1+r.Intn(120))) * time.Minute)
		if r.Intn(2) == 0 {
			c.Stylist = s.Stylists[r.Intn(len(s.Stylists))].ID
		}
		s.Closures = append(s.Closures, c)
	}
	var booked []salon.Span
	for range r.Intn(40) {
		b := salon.Span{Start: minute(), Minutes: salon.MinuteStep * (1 + r.Intn(36)), AfterMinutes: salon.MinuteStep * r.Intn(3)}
		b.Stylist = s.Stylists[r.Intn(len(s.Stylists))].ID
		if r.Intn(10) == 0 {
			b.Stylist = "someone-gone" // a stylist no longer on the team keeps no one busy
		}
		for _, id := range someResources(r, s.Resources) {
			// Each over a part of the span, five minutes at a time, as a visit's services hold them.
			length := (b.Minutes + b.AfterMinutes) / salon.MinuteStep
			from := r.Intn(length)
			b.Resources = append(b.Resources, salon.Held{Resource: id, From: from * salon.MinuteStep, To: (from + 1 + r.Intn(length-from)) * salon.MinuteStep})
		}
		if r.Intn(10) == 0 {
			// Nor does a resource gone from the salon.
			b.Resources = append(b.Resources, salon.Held{Resource: "something-gone", To: b.Minutes})
		}
		booked = append(booked, b)
	}
	slices.SortFunc(booked, func(a, b salon.Span) int { return a.Start.Compare(b.Start) })

	ask := salon.Ask{Service: s.Services[r.Intn(len(s.Services))].ID, Limit: 1000}
	if r.Intn(3) == 0 {
		// A visit of two or three of the services, in a random order, that fits in one span.
		var ids []string
		span := 0
		for _, i := range r.Perm(len(s.Services))[:min(len(s.Services), 2+r.Intn(2))] {
			if v := s.Services[i]; span+v.Minutes+v.AfterMinutes <= salon.MaxSpanMinutes {
				ids, span = append(ids, v.ID), span+v.Minutes+v.AfterMinutes
			}
		}
		ask.Service = salon.VisitID(ids)
	}
	if r.Intn(2) == 0 {
		ask.Stylist = s.Stylists[r.Intn(len(s.Stylists))].ID
	}
	if r.Intn(2) == 0 {
		ask.From = now.Add(time.Duration(r.Int63n(int64(4*24*time.Hour))) - 24*time.Hour)
	}
	if r.Intn(2) == 0 {
		ask.Days = 1 + r.Intn(horizon+1)
	}
	if r.Intn(2) == 0 {
		ask.Limit = 1 + r.Intn(12)
	}
	return reflect.ValueOf(menuScenario{settings: s, zone: name, loc: loc, now: now, booked: booked, ask: ask})
}

// someResources is a random few of the resources' ids, none twice, in a random order.
func someResources(r *rand.Rand, resources []salon.Resource) []string {
	var ids []string
	for _, i := range r.Perm(len(resources)) {
		if r.Intn(2) == 0 {
			ids = append(ids, resources[i].ID)
		}
	}
	return ids
}

// walk is the zone read minute by minute: every whole-minute instant over a span of days, and
// the wall clock each reads, as a local day number times 1440 plus the minute of the day.
type walk struct {
	instants []time.Time
	walls    []int64
	reached  []int64 // the furthest wall clock read at or before each instant
	first    map[int64]time.Time
}

func walkZone(loc *time.Location, from, until time.Time) walk {
	n := int(until.Sub(from) / time.Minute)
	w := walk{first: make(map[int64]time.Time, n), instants: make([]time.Time, 0, n), walls: make([]int64, 0, n), reached: make([]int64, 0, n)}
	var furthest int64 = -1 << 62
	for t := from; t.Before(until); t = t.Add(time.Minute) {
		local := t.In(loc)
		wall := dayNumber(local)*1440 + int64(local.Hour()*60+local.Minute())
		if _, seen := w.first[wall]; !seen {
			w.first[wall] = t
		}
		furthest = max(furthest, wall)
		w.instants, w.walls, w.reached = append(w.instants, t), append(w.walls, wall), append(w.reached, furthest)
	}
	return w
}

// atOrAfter is the first instant the wall clock reads wall or later.
func (w walk) atOrAfter(wall int64) time.Time {
	i := sort.Search(len(w.reached), func(i int) bool { return w.reached[i] >= wall })
	return w.instants[i]
}

func dayNumber(local time.Time) int64 {
	y, m, d := local.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// busyMinutes marks, for each stylist ("" for the whole salon), every minute of each span, by
// its place in a walk of minutes from a first instant on.
type busyMinutes struct {
	first time.Time
	marks map[string][]bool
	size  int
}

func newBusyMinutes(from, until time.Time) busyMinutes {
	return busyMinutes{first: from, marks: make(map[string][]bool), size: int(until.Sub(from) / time.Minute)}
}

func (b busyMinutes) index(t time.Time) int { return int(t.Sub(b.first) / time.Minute) }

func (b busyMinutes) mark(who string, from, to time.Time) {
	if b.marks[who] == nil {
		b.marks[who] = make([]bool, b.size)
	}
	for t := from; t.Before(to); t = t.Add(time.Minute) {
		if i := b.index(t); i >= 0 && i < b.size {
			b.marks[who][i] = true
		}
	}
}

func (b busyMinutes) any(who string, from time.Time, minutes int) bool {
	marks := b.marks[who]
	if marks == nil {
		return false
	}
	for i := b.index(from); i < b.index(from)+minutes; i++ {
		if i >= 0 && i < b.size && marks[i] {
			return true
		}
	}
	return false
}

// unitsHeld counts, for each resource, how many bookings hold it at every minute of a walk.
type unitsHeld struct {
	busyMinutes
	held map[string][]int
}

func newUnitsHeld(from, until time.Time) unitsHeld {
	return unitsHeld{busyMinutes: newBusyMinutes(from, until), held: make(map[string][]int)}
}

func (u unitsHeld) hold(id string, from, to time.Time) {
	if u.held[id] == nil {
		u.held[id] = make([]int, u.size)
	}
	for t := from; t.Before(to); t = t.Add(time.Minute) {
		if i := u.index(t); i >= 0 && i < u.size {
			u.held[id][i]++
		}
	}
}

// noneFree reports whether a resource one of the visit's services holds has all its units held at
// some minute of that service's part of the span from t.
func (u unitsHeld) noneFree(s salon.Settings, parts []salon.Service, t time.Time) bool {
	at := 0
	for _, v := range parts {
		for _, id := range v.Resources {
			r, _ := s.Resource(id)
			held := u.held[id]
			for i := u.index(t) + at; held != nil && i < u.index(t)+at+v.Minutes+v.AfterMinutes; i++ {
				if i >= 0 && i < u.size && held[i] >= r.Count {
					return true
				}
			}
		}
		at += v.Minutes + v.AfterMinutes
	}
	return false
}

// visitOf is the services of the ask's service or visit, read from the menu one by one, the
// minutes from its start to the end of the last one's own minutes, and its whole span.
func visitOf(s salon.Settings, id string) (parts []salon.Service, minutes, span int) {
	for _, one := range strings.Split(id, "+") {
		v, _ := s.Service(one)
		parts = append(parts, v)
		span += v.Minutes + v.AfterMinutes
	}
	return parts, span - parts[len(parts)-1].AfterMinutes, span
}

// doesAll reports whether p does every one of the services, as read from the stylist's own list.
func doesAll(p salon.Stylist, parts []salon.Service) bool {
	for _, v := range parts {
		if !slices.Contains(p.Services, v.ID) {
			return false
		}
	}
	return true
}

// openOracle computes the open starts the slow way: every grid candidate of every stylist on
// every day of the window, placed by the minute walk's first reading of its wall time, judged
// minute by minute against the bookings and closures it marks. With whole true it ignores the
// ask's From and Days, as StartFits does.
func openOracle(sc menuScenario, w walk, whole bool) map[int64][]string {
	s, loc := sc.settings, sc.loc
	parts, minutes, span := visitOf(s, sc.ask.Service)
	today := dayNumber(sc.now.In(loc))
	until := w.instants[len(w.instants)-1].Add(time.Duration(salon.MaxSpanMinutes) * time.Minute)
	busy, closed := newBusyMinutes(w.instants[0], until), newBusyMinutes(w.instants[0], until)
	held := newUnitsHeld(w.instants[0], until)
	for _, b := range sc.booked {
		end := b.Start.Add(time.Duration(b.Minutes+b.AfterMinutes) * time.Minute)
		busy.mark(b.Stylist, b.Start, end)
		for _, h := range b.Resources {
			held.hold(h.Resource, b.Start.Add(time.Duration(h.From)*time.Minute), b.Start.Add(time.Duration(h.To)*time.Minute))
		}
	}
	for _, c := range s.Closures {
		closed.mark(c.Stylist, c.From, c.To)
	}
	first, last := today, today+int64(s.HorizonDays)-1
	from := sc.ask.From
	if from.IsZero() {
		from = sc.now
	}
	if !whole {
		fromDay := dayNumber(from.In(loc))
		first = max(first, fromDay)
		if sc.ask.Days > 0 {
			last = min(last, fromDay+int64(sc.ask.Days)-1)
		}
	}
	notice := sc.now.Add(time.Duration(s.MinNoticeMinutes) * time.Minute)
	open := make(map[int64][]string)
	for _, p := range s.Stylists {
		if !doesAll(p, parts) || (!whole && sc.ask.Stylist != "" && p.ID != sc.ask.Stylist) {
			continue
		}
		hours := s.HoursOf(p)
		for day := first; day <= last; day++ {
			for _, iv := range hours[time.Unix(day*86400, 0).UTC().Weekday()] {
				end := w.atOrAfter(day*1440 + int64(iv.End))
				for c := iv.Start; c < iv.End; c += salon.Clock(s.GridMinutes) {
					t, ok := w.first[day*1440+int64(c)]
					switch {
					case !ok, t.Add(time.Duration(minutes) * time.Minute).After(end), t.Before(notice),
						!whole && t.Before(from),
						busy.any(p.ID, t, span),
						closed.any(p.ID, t, minutes), closed.any("", t, minutes),
						held.noneFree(s, parts, t):
						continue
					}
					open[t.Unix()] = append(open[t.Unix()], p.ID)
				}
			}
		}
	}
	return open // each start's stylists in the salon's order, as they were visited
}

// TestOpenTimesAgreeWithTheOracle: OpenTimes, StartFits, FirstFree and OpenWindow agree with a
// minute-by-minute reading of the zone, bookings, closures and the units of resources held.
func TestOpenTimesAgreeWithTheOracle(t *testing.T) {
	count := 400
	if testing.Short() {
		count = 60
	}
	property := func(sc menuScenario) bool {
		if err := sc.settings.Check(time.LoadLocation); err != nil {
			t.Errorf("%v: Check got %q, want the generated settings to pass", sc, err)
			return false
		}
		y, m, d := sc.now.In(sc.loc).Date()
		w := walkZone(sc.loc, time.Date(y, m, d-3, 0, 0, 0, 0, time.UTC), time.Date(y, m, d+sc.settings.HorizonDays+3, 0, 0, 0, 0, time.UTC))
		open := openOracle(sc, w, false)
		starts := make([]int64, 0, len(open))
		for start := range open {
			starts = append(starts, start)
		}
		slices.Sort(starts)
		wantMore := len(starts) > sc.ask.Limit
		if wantMore {
			starts = starts[:sc.ask.Limit]
		}
		got, more := salon.OpenTimes(sc.settings, sc.loc, sc.now, sc.ask, slices.Values(sc.booked))
		if len(got) != len(starts) || more != wantMore {
			t.Errorf("%v\ngot %d open times %v (more %v), want %d %v (more %v)", sc, len(got), openIDs(got), more, len(starts), startIDs(starts, sc.loc), wantMore)
			return false
		}
		for i, start := range starts {
			if got[i].Start.Unix() != start || !slices.Equal(got[i].Stylists, open[start]) {
				t.Errorf("%v\ngot open time %d %s with %v, want %s with %v", sc, i, got[i].ID, got[i].Stylists, salon.SlotID(time.Unix(start, 0), sc.loc), open[start])
				return false
			}
			if got[i].Slot != salon.NewSlot(got[i].Start, sc.loc) {
				t.Errorf("%v\ngot open time %d as %+v, want its slot's own id and label", sc, i, got[i].Slot)
				return false
			}
		}

		// The bookings OpenWindow leaves out change nothing.
		from, to := salon.OpenWindow(sc.settings, sc.loc, sc.now, sc.ask)
		var near []salon.Span
		for _, b := range sc.booked {
			if b.Start.Before(to) && b.Start.Add(time.Duration(b.Minutes+b.AfterMinutes)*time.Minute).After(from) {
				near = append(near, b)
			}
		}
		if again, againMore := salon.OpenTimes(sc.settings, sc.loc, sc.now, sc.ask, slices.Values(near)); !reflect.DeepEqual(again, got) || againMore != more {
			t.Errorf("%v\nwith only the bookings in OpenWindow's [%s, %s): got %v, want %v", sc, from.Format(time.RFC3339), to.Format(time.RFC3339), openIDs(again), openIDs(got))
			return false
		}

		// StartFits holds at exactly the oracle's starts, on every candidate and near each.
		whole := openOracle(sc, w, true)
		probes := make(map[int64]bool)
		for start := range whole {
			for _, d := range []int64{-3600, -300, -60, 0, 60, 300, 3600} {
				probes[start+d] = true
			}
		}
		for start := range open {
			probes[start] = true
		}
		for _, b := range sc.booked {
			probes[b.Start.Unix()] = true
		}
		for probe := range probes {
			at := time.Unix(probe, 0)
			for _, p := range sc.settings.Stylists {
				fit := salon.StartFits(sc.settings, sc.loc, sc.now, sc.ask.Service, p.ID, at, sc.booked)
				if want := slices.Contains(whole[probe], p.ID); (fit == salon.Fits) != want {
					t.Errorf("%v\ngot StartFits(%s, %s) %v, want open %v", sc, salon.SlotID(at, sc.loc), p.ID, fit, want)
					return false
				}
			}
			who, ok := salon.FirstFree(sc.settings, sc.loc, sc.now, sc.ask.Service, at, sc.booked)
			if want := whole[probe]; ok != (len(want) > 0) || ok && who != want[0] {
				t.Errorf("%v\ngot FirstFree(%s) %q, %v, want the first of %v", sc, salon.SlotID(at, sc.loc), who, ok, want)
				return false
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: count}); err != nil {
		t.Fatal(err)
	}
}

func openIDs(times []salon.OpenTime) []string {
	var list []string
	for _, o := range times {
		list = append(list, o.ID+" "+strings.Join(o.Stylists, ","))
	}
	return list
}

func startIDs(starts []int64, loc *time.Location) []string {
	var list []string
	for _, s := range starts {
		list = append(list, salon.SlotID(time.Unix(s, 0), loc))
	}
	return list
}

// TestOpenTimesOnUncheckedSettingsEnd: settings that never passed Check, with lengths, grids,
// horizons and hours out of every bound, list at most the limit and never panic or run on.
func TestOpenTimesOnUncheckedSettingsEnd(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	loc := zone(t, "Australia/Lord_Howe")
	now := instant(t, "2026-10-03T12:00:00Z")
	odd := func() int { return []int{-1 << 40, -5, 0, 1, 7, 61, 481, 1 << 20}[r.Intn(8)] }
	for range 2000 {
		s := salon.Settings{
			GridMinutes: odd(), HorizonDays: odd(), MinNoticeMinutes: odd(),
			Hours: salon.Hours{time.Weekday(r.Intn(9) - 1): {{Start: salon.Clock(odd()), End: salon.Clock(odd())}, {Start: 600, End: 300}}},
		}
		if r.Intn(2) == 0 {
			s.GridMinutes, s.HorizonDays = 5*(1+r.Intn(12)), 1+r.Intn(90)
		}
		s.Services = []salon.Service{{ID: "cut", Minutes: odd(), AfterMinutes: odd()}}
		if r.Intn(2) == 0 {
			s.Services[0].Minutes = 5 * (1 + r.Intn(96))
			s.Services[0].AfterMinutes = 0
		}
		s.Stylists = []salon.Stylist{{ID: "ana", Services: []string{"cut"}}, {ID: "ana", Services: []string{"cut"}}}
		s.Closures = []salon.Closure{{From: now.Add(time.Hour), To: now}}
		booked := []salon.Span{{Stylist: "ana", Start: now.Add(2 * time.Hour), Minutes: odd(), AfterMinutes: odd()}, {Stylist: "ana", Start: now}}
		limit := r.Intn(20) - 2
		times, _ := salon.OpenTimes(s, loc, now, salon.Ask{Service: "cut", Days: odd(), From: now.Add(time.Duration(odd()) * time.Second), Limit: limit}, slices.Values(booked))
		if len(times) > max(limit, 0) {
			t.Fatalf("%+v: got %d open times, want at most the limit %d", s, len(times), limit)
		}
		salon.StartFits(s, loc, now, "cut", "ana", now.Add(time.Duration(odd())*time.Minute), booked)
		salon.OpenWindow(s, loc, now, salon.Ask{Service: "cut", Days: odd()})
	}
}
