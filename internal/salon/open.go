// This file holds a menu salon's open times: which starts are open for a service, and with whom.

package salon

import (
	"cmp"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"slices"
	"time"
)

// Span is a live booking as the open times see it: it keeps Stylist from Start for Minutes plus
// AfterMinutes, and the units of Resources over their parts of it, as its service (or visit) was
// when it was booked.
type Span struct {
	Stylist               string
	Start                 time.Time
	Minutes, AfterMinutes int
	Resources             []Held
}

// Ask is what open times are asked for.
type Ask struct {
	// Service is the id of a service on the menu, or of a visit of several (VisitID): the visit's
	// services are done back to back by one stylist, each starting as the one before ends its
	// afterMinutes, and each holds its own resources over its own part.
	Service string
	// Stylist is the id of the stylist asked for, or "" for anyone who does the service.
	Stylist string
	// From opens the window: no start before it is listed, and Days counts local dates from its
	// date in the salon's zone. The zero time means now.
	From time.Time
	// Days is how many local dates the window holds, From's first; 0 (or less) means the rest of
	// the horizon.
	// The window never reaches outside the horizon.
	Days int
	// Limit is the most starts listed; below one, none are.
	Limit int
}

// OpenTime is one open start and the stylists free to do the service then, in the salon's order.
type OpenTime struct {
	Slot
	Stylists []string
}

// OpenTimes returns the starts open for ask.Service, earliest first, at most ask.Limit of them,
// and whether any open start of the window was left out. A start t is open with stylist p when:
//
//   - p does the service (and is ask.Stylist, when one is asked for);
//   - t is on p's grid that day: the wall-clock start of one of the intervals of p's hours that
//     weekday plus a whole number of GridMinutes, placed in loc as Slots places a slot's start (a
//     wall time the clocks skip is no start, one they repeat starts at its first occurrence);
//   - [t, t+minutes) lies inside that interval, reckoned in instants: the interval runs from the
//     first instant its start's wall time is reached to the first instant its end's is;
//   - [t, t+minutes+afterMinutes) overlaps no booking's [Start, Start+Minutes+AfterMinutes) of p;
//   - for each resource the service holds (Service.Holds), at every instant it would hold it fewer
//     of the bookings hold it than its Count;
//   - [t, t+minutes) overlaps no closure of p or of the whole salon;
//   - t is at least MinNoticeMinutes after now, and at or after ask.From;
//   - t's local date is within the horizon (today, the local date of now, through HorizonDays-1
//     days after it) and within the window's Days.
//
// Each start lists every stylist free then, in the salon's order. An unknown service or stylist,
// a stylist who doesn't do the service, a simple salon, or settings out of their bounds list
// nothing.
//
// booked must yield the live bookings in order of Start, earliest first, and must hold every one
// whose span can overlap the window (see OpenWindow); any others are ignored. OpenTimes reads them
// as it goes, finishing a day's starts once a booking starts after the day's last span ends, and
// stops the sequence once it has listed what it needs, so a caller that streams them from a store
// reads only the bookings its answer touches. A booking out of order bears only on the days not
// yet finished when it comes. A nil booked is none.
func OpenTimes(s Settings, loc *time.Location, now time.Time, ask Ask, booked iter.Seq[Span]) (times []OpenTime, more bool) {
	q, ok := s.query(loc, now, ask)
	if !ok || ask.Limit < 1 {
		return nil, false
	}
	l := lister{query: &q, loc: loc, limit: ask.Limit, date: q.firstDate - secondsPerDay, shift: bits.Len(uint(len(q.team)))}
	if !l.nextDay() {
		return nil, false
	}
	if booked != nil {
		for b := range booked {
			start := b.Start.Unix()
			// A booking that starts after the day's last span ends bears on none of the day's starts.
			for start >= l.dayHi {
				if l.finishDay() || !l.nextDay() {
					return l.times, l.more // leaving the loop stops the caller's iterator
				}
			}
			length := int64(b.Minutes+b.AfterMinutes) * 60
			if length <= 0 {
				continue
			}
			if i, ok := q.index[b.Stylist]; ok {
				q.team[i].booked.add(span{start, start + length})
			}
			for _, h := range b.Resources {
				if r := q.held(h.Resource); r != nil && h.From < h.To {
					r.held.add(h.span(start))
				}
			}
		}
	}
	for !l.finishDay() && l.nextDay() {
	}
	return l.times, l.more
}

// lister lists a query's open times a day at a time, as the bookings that bear on each arrive.
type lister struct {
	*query
	loc          *time.Location
	limit        int
	p            placer
	date         int64 // the day being listed
	dayLo, dayHi int64 // its first grid start, and the end of the last span a grid start keeps
	shift        int   // a day's open starts sort as start<<shift + the member's place in the team
	day          []int64
	full         []sweeper // scratch: a sweeper of each needed resource's full spans
	names        []string
	times        []OpenTime
	more         bool
}

// nextDay moves to the window's next day with a grid start, and makes its grid starts; it
// returns false when the window has none left.
func (l *lister) nextDay() bool {
	for l.date += secondsPerDay; l.date <= l.lastDate; l.date += secondsPerDay {
		l.p.reset(l.loc, l.date)
		l.dayLo, l.dayHi = math.MaxInt64, math.MinInt64
		for _, c := range l.team {
			c.starts = l.gridStarts(&l.p, l.date, c.hours, c.starts[:0])
			if len(c.starts) > 0 {
				l.dayLo = min(l.dayLo, c.starts[0])
				l.dayHi = max(l.dayHi, c.starts[len(c.starts)-1]+l.hold)
			}
		}
		if l.dayLo <= l.dayHi {
			return true
		}
	}
	return false
}

// finishDay lists the day's open starts, every booking that bears on them being known; it
// returns true when the limit is passed, and more is known.
func (l *lister) finishDay() bool {
	l.day = l.day[:0]
	for _, r := range l.resources {
		r.held.forget(l.dayLo)
		r.full = r.held.fullAt(r.count, r.full[:0])
	}
	for i, c := range l.team {
		c.closed.forget(l.dayLo)
		c.booked.forget(l.dayLo)
		closed, busy := c.closed.sweep(), c.booked.sweep()
		l.full = l.full[:0]
		for _, n := range l.needs {
			l.full = append(l.full, sweeper{list: n.resource.full, reach: math.MinInt64})
		}
	starts:
		for _, t := range c.starts {
			if closed.overlaps(t, t+l.minutes) || busy.overlaps(t, t+l.hold) {
				continue
			}
			for k, n := range l.needs {
				if l.full[k].overlaps(t+n.from, t+n.to) {
					continue starts
				}
			}
			l.day = append(l.day, t<<l.shift+int64(i))
		}
	}
	slices.Sort(l.day)
	mask := int64(1)<<l.shift - 1
	for i := 0; i < len(l.day); {
		start := l.day[i] >> l.shift
		if len(l.times) == l.limit {
			l.more = true
			return true
		}
		first := len(l.names)
		for ; i < len(l.day) && l.day[i]>>l.shift == start; i++ {
			l.names = append(l.names, l.team[l.day[i]&mask].id)
		}
		l.times = append(l.times, OpenTime{
			Slot:     NewSlot(time.Unix(start, 0), l.loc),
			Stylists: l.names[first:len(l.names):len(l.names)],
		})
	}
	return false
}

// OpenWindow returns the instants a booking must overlap to bear on OpenTimes' answer to ask: a
// booking whose [Start, Start+Minutes+AfterMinutes) doesn't overlap [from, to) changes nothing.
// A store may read only the bookings that start before to and at or after from less
// MaxSpanMinutes. With nothing to list, to is from.
func OpenWindow(s Settings, loc *time.Location, now time.Time, ask Ask) (from, to time.Time) {
	q, ok := s.query(loc, now, ask)
	if !ok || q.firstDate > q.lastDate {
		return now, now
	}
	var p placer
	p.reset(loc, q.firstDate)
	first := max(q.earliest, p.dayStart())
	p.reset(loc, q.lastDate+secondsPerDay)
	last := p.dayStart() + q.hold
	if last <= first {
		return time.Unix(first, 0).In(loc), time.Unix(first, 0).In(loc)
	}
	return time.Unix(first, 0).In(loc), time.Unix(last, 0).In(loc)
}

// Fit says whether a start is open for a service with a stylist and, when it isn't, the first of
// the rules it breaks, in the order the constants are listed. The rules that depend on now come
// last, so a start judged OutOfHorizon or TooSoon keeps every other rule.
type Fit int

const (
	// Fits: the start is open.
	Fits Fit = iota
	// NoSuchService: the service is not on the menu.
	NoSuchService
	// NoSuchStylist: the stylist is not on the team.
	NoSuchStylist
	// NotDone: the stylist doesn't do the service.
	NotDone
	// NotAStart: the start is not on the stylist's grid that day, or the service doesn't fit in
	// the interval it starts in (or the settings are out of their bounds).
	NotAStart
	// Closed: a closure of the stylist or of the whole salon overlaps the service.
	Closed
	// Overlapping: a booking of the stylist overlaps the span the service would keep them.
	Overlapping
	// NoUnitFree: a resource the service holds has every unit held, by other bookings, at some
	// instant of the span.
	NoUnitFree
	// OutOfHorizon: the start's local date is before today or past the horizon.
	OutOfHorizon
	// TooSoon: the start is less than MinNoticeMinutes after now.
	TooSoon
)

var fitNames = [...]string{"Fits", "NoSuchService", "NoSuchStylist", "NotDone", "NotAStart", "Closed", "Overlapping", "NoUnitFree", "OutOfHorizon", "TooSoon"}

// String returns the constant's name, such as "Overlapping".
func (f Fit) String() string {
	if f < 0 || int(f) >= len(fitNames) {
		return fmt.Sprintf("Fit(%d)", int(f))
	}
	return fitNames[f]
}

// StartFits judges one start t for the service with the stylist, by the rules of OpenTimes (less
// ask.From and the window's Days, which only a listing has): Fits when t is open. It is how round
// two, and the owner's move of a booking, check a start without listing the calendar.
//
// booked holds the salon's live bookings near t, in any order: the stylist's, and every one that
// holds a resource the service does. To move a booking, leave it out of booked, so it doesn't block
// its own new time.
func StartFits(s Settings, loc *time.Location, now time.Time, service, stylist string, t time.Time, booked []Span) Fit {
	v, ok := s.Service(service)
	if !ok {
		return NoSuchService
	}
	i := slices.IndexFunc(s.Stylists, func(p Stylist) bool { return p.ID == stylist })
	if i < 0 {
		return NoSuchStylist
	}
	p := s.Stylists[i]
	if !p.Does(v.ID) {
		return NotDone
	}
	if !s.menuInBounds() || !v.inBounds() {
		return NotAStart
	}
	local := t.In(loc)
	if local.Nanosecond() != 0 || local.Second() != 0 || !s.onGrid(loc, s.HoursOf(p), v, local) {
		return NotAStart
	}
	start, minutes, hold := t.Unix(), int64(v.Minutes)*60, int64(v.Minutes+v.AfterMinutes)*60
	for _, c := range s.Closures {
		if (c.Stylist == "" || c.Stylist == p.ID) && overlap(start, start+minutes, closureSpan(c)) {
			return Closed
		}
	}
	for _, b := range booked {
		if b.Stylist != p.ID {
			continue
		}
		from := b.Start.Unix()
		if length := int64(b.Minutes+b.AfterMinutes) * 60; length > 0 && overlap(start, start+hold, span{from, from + length}) {
			return Overlapping
		}
	}
	for _, need := range v.Holds() {
		r, _ := s.Resource(need.Resource)
		var held spans
		for _, b := range booked {
			for _, h := range b.Resources {
				if h.Resource == need.Resource && h.From < h.To {
					held.add(h.span(b.Start.Unix()))
				}
			}
		}
		w := sweeper{list: held.fullAt(r.Count, nil), reach: math.MinInt64}
		if at := need.span(start); w.overlaps(at.from, at.to) {
			return NoUnitFree
		}
	}
	today, date := localDate(now.In(loc)), localDate(local)
	if date < today || date >= today+int64(s.HorizonDays)*secondsPerDay {
		return OutOfHorizon
	}
	if t.Before(now.Add(time.Duration(s.MinNoticeMinutes) * time.Minute)) {
		return TooSoon
	}
	return Fits
}

// FirstFree returns the first stylist, in the salon's order, for whom t Fits the service: who
// "anyone" books. It returns false when no one is free then. booked is StartFits'.
func FirstFree(s Settings, loc *time.Location, now time.Time, service string, t time.Time, booked []Span) (string, bool) {
	for _, p := range s.Stylists {
		if p.Does(service) && StartFits(s, loc, now, service, p.ID, t, booked) == Fits {
			return p.ID, true
		}
	}
	return "", false
}

// Choose refuses a service and stylist a customer can't book at the salon whose path id is salon,
// with the words the client is shown: "studio-nine offers no service perm", "studio-nine has no
// stylist zoe", "Ben doesn't do Colour". A stylist of "" is anyone, and is never refused. An id
// that isn't written as ids are (IsID) is not echoed: "studio-nine offers no such service". At a
// visit (VisitID) each service is judged in order, and a visit longer than MaxSpanMinutes is
// refused.
func (s Settings) Choose(salon, service, stylist string) error {
	if IsVisit(service) {
		if err := CheckVisit("arguments.services", VisitServices(service)); err != nil {
			return err
		}
		for _, id := range VisitServices(service) {
			if err := s.Choose(salon, id, stylist); err != nil {
				return err
			}
		}
		if _, ok := s.Service(service); !ok {
			return ErrVisitTooLong
		}
		return nil
	}
	v, ok := s.Service(service)
	if !ok {
		if !IsID(service) {
			return Refusal(salon + " offers no such service")
		}
		return Refusal(salon + " offers no service " + service)
	}
	if stylist == "" {
		return nil
	}
	p, ok := s.Stylist(stylist)
	if !ok {
		if !IsID(stylist) {
			return Refusal(salon + " has no such stylist")
		}
		return Refusal(salon + " has no stylist " + stylist)
	}
	if !p.Does(v.ID) {
		return Refusal(p.Name + " doesn't do " + v.Name)
	}
	return nil
}

// query is an Ask made ready: the team that may serve it and the window's dates and instants.
type query struct {
	team                []*member
	index               map[string]int // a member's id to its place in team
	resources           []*resource    // the resources the service holds
	needs               []need         // what of them it holds when
	minutes, hold, grid int64          // seconds: the service, the span it keeps its stylist, the grid
	earliest            int64          // no start before it
	firstDate, lastDate int64          // local dates, as localDate writes them
}

// resource is one resource a query's service holds, with the spans the bookings hold it.
type resource struct {
	id    string
	count int
	held  spans
	full  []span // scratch: the day's spans when every unit is held
}

// need is a unit of a resource a query's service holds, over [from, to) seconds after its start.
type need struct {
	resource *resource
	from, to int64
}

// held is the query's resource with the id, or nil when the service doesn't hold it.
func (q *query) held(id string) *resource {
	for _, r := range q.resources {
		if r.id == id {
			return r
		}
	}
	return nil
}

// member is one stylist who may serve a query, with what keeps them from it.
type member struct {
	id     string
	hours  Hours
	closed spans
	booked spans
	starts []int64 // the day's grid starts, scratch
}

func (s Settings) query(loc *time.Location, now time.Time, ask Ask) (query, bool) {
	v, ok := s.Service(ask.Service)
	if !ok || !s.menuInBounds() || !v.inBounds() {
		return query{}, false
	}
	q := query{
		index:   make(map[string]int),
		minutes: int64(v.Minutes) * 60,
		hold:    int64(v.Minutes+v.AfterMinutes) * 60,
		grid:    int64(s.GridMinutes) * 60,
	}
	for _, p := range s.Stylists {
		if !p.Does(v.ID) || (ask.Stylist != "" && p.ID != ask.Stylist) {
			continue
		}
		if _, twice := q.index[p.ID]; twice {
			continue
		}
		q.index[p.ID] = len(q.team)
		q.team = append(q.team, &member{id: p.ID, hours: s.HoursOf(p)})
	}
	if len(q.team) == 0 {
		return query{}, false
	}
	for _, h := range v.Holds() {
		r, ok := s.Resource(h.Resource)
		if !ok || h.From >= h.To {
			continue
		}
		held := q.held(r.ID)
		if held == nil {
			held = &resource{id: r.ID, count: r.Count}
			q.resources = append(q.resources, held)
		}
		at := h.span(0)
		q.needs = append(q.needs, need{held, at.from, at.to})
	}
	for _, c := range s.Closures {
		for _, m := range q.team {
			if c.Stylist == "" || c.Stylist == m.id {
				m.closed.add(closureSpan(c))
			}
		}
	}
	from := ask.From
	if from.IsZero() {
		from = now
	}
	earliest := now.Add(time.Duration(s.MinNoticeMinutes) * time.Minute)
	if from.After(earliest) {
		earliest = from
	}
	q.earliest = earliest.Unix()
	if earliest.Nanosecond() > 0 { // starts are whole seconds: the first at or after earliest
		q.earliest++
	}
	today := localDate(now.In(loc))
	q.firstDate, q.lastDate = today, today+int64(s.HorizonDays-1)*secondsPerDay
	fromDate := localDate(from.In(loc))
	q.firstDate = max(q.firstDate, fromDate)
	if ask.Days > 0 {
		q.lastDate = min(q.lastDate, fromDate+int64(min(ask.Days, 2*MaxHorizonDays)-1)*secondsPerDay)
	}
	return q, true
}

// gridStarts appends to starts, in order, the day's grid starts of hours that the service fits
// after: each placed, at or after the query's earliest, and ending inside its interval.
func (q *query) gridStarts(p *placer, date int64, hours Hours, starts []int64) []int64 {
	for _, iv := range hours[weekday(date)] {
		if !iv.Start.valid() || !iv.End.valid() || iv.Start >= iv.End {
			continue
		}
		end := p.atOrAfter(iv.End)
		for m := iv.Start; m < iv.End; m += Clock(q.grid / 60) {
			t, ok := p.place(m)
			if ok && t >= q.earliest && t+q.minutes <= end {
				starts = append(starts, t)
			}
		}
	}
	if !slices.IsSorted(starts) { // only a zone whose clocks jump back and forth within a day
		slices.Sort(starts)
	}
	return slices.Compact(starts)
}

// onGrid reports whether local is one of the grid starts of hours on its day that v fits after.
func (s Settings) onGrid(loc *time.Location, hours Hours, v Service, local time.Time) bool {
	hour, minute, _ := local.Clock()
	m := Clock(hour*60 + minute)
	grid := Clock(s.GridMinutes)
	var p placer
	reset := false
	for _, iv := range hours[local.Weekday()] {
		if !iv.Start.valid() || !iv.End.valid() || m < iv.Start || m >= iv.End || (m-iv.Start)%grid != 0 {
			continue
		}
		if !reset {
			p.reset(loc, localDate(local))
			reset = true
		}
		t, ok := p.place(m)
		if ok && t == local.Unix() && t+int64(v.Minutes)*60 <= p.atOrAfter(iv.End) {
			return true
		}
	}
	return false
}

// menuInBounds reports whether s is a menu salon whose grid and horizon are in their bounds, so
// the open times' loops end.
func (s Settings) menuInBounds() bool {
	return s.HasMenu() && stepped(s.GridMinutes, MinGridMinutes, MaxGridMinutes) &&
		s.HorizonDays >= MinHorizonDays && s.HorizonDays <= MaxHorizonDays &&
		s.MinNoticeMinutes >= 0 && s.MinNoticeMinutes <= MaxMinNoticeMinutes
}

// atOrAfter returns the first instant whose wall clock in the zone is at or after minute m of
// the day: the instant the wall clock reads m, or, when the clocks skip it, the change that
// jumps past it. When the clocks repeat m, it is the first occurrence.
func (p *placer) atOrAfter(m Clock) int64 {
	wall := p.midnight + int64(m)*60
	if p.steady {
		return wall - p.offset
	}
	first, found := p.earliest(wall)
	for _, t := range p.changes {
		if t+p.offsetAt(t) >= wall && (!found || t < first) {
			first, found = t, true
		}
	}
	return first
}

// span is the instants [from, to), in Unix seconds.
type span struct{ from, to int64 }

func closureSpan(c Closure) span {
	from, to := c.From.Unix(), c.To.Unix()
	if c.To.Nanosecond() > 0 { // [from, to) holds the part of a second before to
		to++
	}
	return span{from, to}
}

// span is the instants h holds its unit over, of a booking starting at start (Unix seconds).
func (h Held) span(start int64) span {
	return span{start + int64(h.From)*60, start + int64(h.To)*60}
}

// overlap reports whether [from, to) and b share an instant.
func overlap(from, to int64, b span) bool { return b.from < to && from < b.to }

// spans is a list of spans in order of from, with a first before which none is still of use.
type spans struct {
	list  []span
	first int
}

// add places b in order of from; in order is the usual case and costs nothing.
func (l *spans) add(b span) {
	n := len(l.list)
	if n == 0 || l.list[n-1].from <= b.from {
		l.list = append(l.list, b)
		return
	}
	i, _ := slices.BinarySearchFunc(l.list, b.from, func(a span, from int64) int { return cmp.Compare(a.from, from+1) })
	l.list = slices.Insert(l.list, i, b)
	l.first = min(l.first, i)
}

// forget moves first past the leading spans that end at or before t: no span from t on overlaps
// them. Spans that end early behind a long one stay, and do no harm.
func (l *spans) forget(t int64) {
	for l.first < len(l.list) && l.list[l.first].to <= t {
		l.first++
	}
	if l.first > 256 && l.first > len(l.list)/2 {
		l.list = l.list[:copy(l.list, l.list[l.first:])]
		l.first = 0
	}
}

// fullAt appends to full, in order, the spans when count or more of the list's spans from first
// on hold an instant: when a resource of count units has none free.
func (l *spans) fullAt(count int, full []span) []span {
	type edge struct {
		at    int64
		delta int
	}
	edges := make([]edge, 0, 2*(len(l.list)-l.first))
	for _, b := range l.list[l.first:] {
		edges = append(edges, edge{b.from, 1}, edge{b.to, -1})
	}
	// At one instant, a span ending frees its unit before one starting takes it.
	slices.SortFunc(edges, func(a, b edge) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.delta, b.delta)) })
	held := 0
	for _, e := range edges {
		was := held
		held += e.delta
		switch {
		case was < count && held >= count:
			full = append(full, span{from: e.at})
		case was >= count && held < count:
			full[len(full)-1].to = e.at
		}
	}
	return full
}

// sweep returns a sweeper over the spans from first on, for asking about spans in order of from.
func (l *spans) sweep() sweeper { return sweeper{list: l.list, next: l.first, reach: math.MinInt64} }

// sweeper answers, for [from, to) asked in order of to, whether any span overlaps it: the spans
// that start before to are a prefix of the list, and one of them overlaps exactly when the
// furthest any of them reaches is past from.
type sweeper struct {
	list  []span
	next  int
	reach int64
}

func (w *sweeper) overlaps(from, to int64) bool {
	for ; w.next < len(w.list) && w.list[w.next].from < to; w.next++ {
		w.reach = max(w.reach, w.list[w.next].to)
	}
	return w.reach > from
}
