// This file holds the slot computation: wall-clock candidates of each local day, placed in the zone.

package salon

import (
	"iter"
	"math"
	"slices"
	"time"
)

const (
	secondsPerDay    = 24 * 60 * 60
	transitionMargin = 2 * secondsPerDay // more than any two of a zone's offsets ever differ by
)

// Starts yields the start of every slot of s's horizon that starts after now, earliest first,
// each in loc: the slots Slots returns, before any is dropped as booked or closed, without
// writing their ids and labels. It stops when the caller's loop does.
//
// s is meant to pass Check. With SlotMinutes or HorizonDays outside their bounds Starts yields
// nothing, and an interval that is not two times of day in order is left out, so unchecked
// settings never make it loop without end. loc must not be nil.
func Starts(s Settings, loc *time.Location, now time.Time) iter.Seq[time.Time] {
	return StartsFrom(s, loc, now, now)
}

// StartsFrom yields the starts Starts(s, loc, now) yields at or after from, earliest first. The
// local days wholly before from are passed over without placing their slots, so starting far into
// the horizon costs what the days from there hold.
func StartsFrom(s Settings, loc *time.Location, now, from time.Time) iter.Seq[time.Time] {
	return func(yield func(time.Time) bool) {
		if !s.slotsInBounds() {
			return
		}
		// A slot starts on a whole second, so it is after now exactly when it is after now's
		// second, and at or after from exactly when it is at or after from's next whole second.
		lowest := max(now.Unix()+1, ceilSecond(from))
		today := localDate(now.In(loc))
		// A local day before from's can still hold a start after it where the clocks go back over
		// midnight, so the days as far before it as any two offsets differ by are placed too.
		firstDay := max(today, localDate(time.Unix(lowest, 0).In(loc))-transitionMargin)
		var p placer
		var day []int64
		for midnight := firstDay; midnight < today+int64(s.HorizonDays)*secondsPerDay; midnight += secondsPerDay {
			intervals := s.Hours[weekday(midnight)]
			if len(intervals) == 0 {
				continue
			}
			p.reset(loc, midnight)
			if p.steady && inOrder(intervals) {
				// One offset all day, and the intervals in order: the starts come in order as they are.
				base := midnight - p.offset
				for _, iv := range intervals {
					for m := iv.Start; m+Clock(s.SlotMinutes) <= iv.End; m += Clock(s.SlotMinutes) {
						if start := base + int64(m)*60; start >= lowest && !yield(time.Unix(start, 0).In(loc)) {
							return
						}
					}
				}
				continue
			}
			day = p.placeAll(day[:0], intervals, s.SlotMinutes, lowest, maxSecond)
			for _, start := range day {
				if !yield(time.Unix(start, 0).In(loc)) {
					return
				}
			}
		}
	}
}

// StartsPerDay is how many starts Starts(s, loc, now) yields in each of the days 24-hour spans
// from from: element i counts [from+i days, from+i+1 days). A day whose clocks don't change is
// counted by arithmetic on its intervals, so a packed calendar's days cost their intervals, not
// their slots.
func StartsPerDay(s Settings, loc *time.Location, now, from time.Time, days int) []int {
	counts := make([]int, max(days, 0))
	if !s.slotsInBounds() || days < 1 {
		return counts
	}
	first := ceilSecond(from)
	lowest, end := max(now.Unix()+1, first), first+int64(days)*secondsPerDay
	if lowest >= end {
		return counts
	}
	today := localDate(now.In(loc))
	firstDay := max(today, localDate(time.Unix(lowest, 0).In(loc))-transitionMargin)
	lastDay := min(today+int64(s.HorizonDays-1)*secondsPerDay, localDate(time.Unix(end, 0).In(loc))+transitionMargin)
	step := int64(s.SlotMinutes) * 60
	var p placer
	var day []int64
	for midnight := firstDay; midnight <= lastDay; midnight += secondsPerDay {
		intervals := s.Hours[weekday(midnight)]
		if len(intervals) == 0 {
			continue
		}
		p.reset(loc, midnight)
		if p.steady && inOrder(intervals) {
			for _, iv := range intervals {
				if iv.End-iv.Start < Clock(s.SlotMinutes) {
					continue
				}
				// The interval's starts are base + j*step for j in [0, n); count those in [lowest,
				// end), a run of them to each day.
				base := midnight - p.offset + int64(iv.Start)*60
				n := (int64(iv.End-iv.Start)*60-step)/step + 1
				for j, last := max(0, ceilDiv(lowest-base, step)), min(n, ceilDiv(end-base, step)); j < last; {
					i := (base + j*step - first) / secondsPerDay
					next := min(last, ceilDiv(first+(i+1)*secondsPerDay-base, step))
					counts[i] += int(next - j)
					j = next
				}
			}
			continue
		}
		day = p.placeAll(day[:0], intervals, s.SlotMinutes, lowest, end)
		for _, start := range day {
			counts[(start-first)/secondsPerDay]++
		}
	}
	return counts
}

// placeAll appends to day the starts of the day p is reset to, each interval's every slotMinutes,
// that fall in [lowest, end), placed one by one, and gives them in order, each once: checked hours
// already come in order; the sort keeps the promise for any others, and for a zone whose clocks
// jump twice within a day.
func (p *placer) placeAll(day []int64, intervals []Interval, slotMinutes int, lowest, end int64) []int64 {
	for _, iv := range intervals {
		if !iv.Start.valid() || !iv.End.valid() {
			continue
		}
		for m := iv.Start; m+Clock(slotMinutes) <= iv.End; m += Clock(slotMinutes) {
			if start, ok := p.place(m); ok && start >= lowest && start < end {
				day = append(day, start)
			}
		}
	}
	slices.Sort(day)
	return slices.Compact(day)
}

// maxSecond is a Unix second after every slot's start.
const maxSecond = math.MaxInt64

// inOrder reports whether intervals are valid and each ends at or before the next starts, as
// checked hours are: their starts are then distinct, and none needs sorting out.
func inOrder(intervals []Interval) bool {
	for i, iv := range intervals {
		if !iv.Start.valid() || !iv.End.valid() || iv.Start >= iv.End || i > 0 && iv.Start < intervals[i-1].End {
			return false
		}
	}
	return true
}

// ceilSecond is the first whole second at or after t, in Unix seconds.
func ceilSecond(t time.Time) int64 {
	if t.Nanosecond() > 0 {
		return t.Unix() + 1
	}
	return t.Unix()
}

// ceilDiv is a/b rounded up, for b above zero.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}

// Slots returns every slot of s's horizon that starts after now, earliest first, with its id and
// label: the days are the local days in loc from the local date of now through HorizonDays-1
// days after it; on each, every interval of its weekday offers its start and every SlotMinutes
// after it, on the wall clock, while the slot ends at or before the interval's end; a wall time
// the clocks skip is no slot, and one they repeat is a slot once, at its first occurrence.
// Booked and closed slots are the caller's to drop: see Open. The rules of Starts on unchecked
// settings hold here too.
func Slots(s Settings, loc *time.Location, now time.Time) []Slot {
	var slots []Slot
	for start := range Starts(s, loc, now) {
		slots = append(slots, NewSlot(start, loc))
	}
	return slots
}

// Open returns at most limit of the slots Slots returns, earliest first, leaving out each whose
// start taken reports true (booked, or closed by the owner). A nil taken takes none. Only the
// slots returned are given ids and labels, so a salon's first few open slots cost little however
// long its horizon. A limit below one returns none.
func Open(s Settings, loc *time.Location, now time.Time, taken func(start time.Time) bool, limit int) []Slot {
	if limit < 1 {
		return nil
	}
	slots := make([]Slot, 0, min(limit, 64))
	for start := range Starts(s, loc, now) {
		if taken != nil && taken(start) {
			continue
		}
		slots = append(slots, NewSlot(start, loc))
		if len(slots) == limit {
			break
		}
	}
	if len(slots) == 0 {
		return nil
	}
	return slots
}

// IsStart reports whether t starts a slot of s on its local day in loc, whatever the day: its
// wall clock in loc is a candidate start of an interval of that weekday, and t is that wall
// time's first occurrence. It ignores now and the horizon; Holds adds them.
func IsStart(s Settings, loc *time.Location, t time.Time) bool {
	if s.SlotMinutes < MinSlotMinutes || s.SlotMinutes > MaxSlotMinutes {
		return false
	}
	local := t.In(loc)
	if local.Second() != 0 || local.Nanosecond() != 0 {
		return false
	}
	hour, minute, _ := local.Clock()
	m := Clock(hour*60 + minute)
	candidate := slices.ContainsFunc(s.Hours[local.Weekday()], func(iv Interval) bool {
		return iv.Start.valid() && iv.End.valid() && m >= iv.Start && (m-iv.Start)%Clock(s.SlotMinutes) == 0 && m+Clock(s.SlotMinutes) <= iv.End
	})
	if !candidate {
		return false
	}
	var p placer
	p.reset(loc, localDate(local))
	start, ok := p.place(m)
	return ok && start == t.Unix()
}

// Holds reports whether t is the start of one of the slots Slots(s, loc, now) returns: a start
// of s (IsStart), after now, on one of the horizon's days. It is how a slot id from a client is
// checked against the salon's calendar without computing every slot.
func Holds(s Settings, loc *time.Location, now, t time.Time) bool {
	if !s.slotsInBounds() || !t.After(now) {
		return false
	}
	today := localDate(now.In(loc))
	day := localDate(t.In(loc))
	return day >= today && day < today+int64(s.HorizonDays)*secondsPerDay && IsStart(s, loc, t)
}

// HorizonEnd returns the instant the horizon's last local day ends: the first instant whose
// local date in loc is after it, which is that next day's midnight unless the clocks skip it.
// Every slot Slots returns starts before it, and a window from now to it holds them all. With
// HorizonDays outside its bounds the horizon is empty and HorizonEnd returns now.
func HorizonEnd(s Settings, loc *time.Location, now time.Time) time.Time {
	if s.HorizonDays < MinHorizonDays || s.HorizonDays > MaxHorizonDays {
		return now
	}
	var p placer
	p.reset(loc, localDate(now.In(loc))+int64(s.HorizonDays)*secondsPerDay)
	return time.Unix(p.dayStart(), 0).In(loc)
}

func (s Settings) slotsInBounds() bool {
	return s.SlotMinutes >= MinSlotMinutes && s.SlotMinutes <= MaxSlotMinutes &&
		s.HorizonDays >= MinHorizonDays && s.HorizonDays <= MaxHorizonDays
}

// localDate is t's local date as the Unix time of that date's midnight read as if in UTC: a day
// number times secondsPerDay, on which calendar arithmetic has no clock changes.
func localDate(t time.Time) int64 {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix()
}

func weekday(date int64) time.Weekday { return time.Unix(date, 0).UTC().Weekday() }

// placer places the wall-clock times of one local day in a zone. It doesn't use time.Date,
// whose choice for a time the clocks skip or repeat is unspecified: an instant t has wall time w
// exactly when t = w - offset and the zone's offset at t is that offset, so the occurrences of w
// are found by trying each offset the zone has near the day, and the earliest is kept.
type placer struct {
	loc      *time.Location
	midnight int64 // the day's 00:00 read as if in UTC
	steady   bool  // one offset holds from well before the day to well after it
	offset   int64 // that offset, when steady
	offsets  []int64
	changes  []int64 // the instants near the day when the zone's offset changes
}

// reset readies p for the local day whose midnight, read as if in UTC, is midnight.
func (p *placer) reset(loc *time.Location, midnight int64) {
	p.loc, p.midnight = loc, midnight
	probe := time.Unix(midnight+secondsPerDay/2, 0).In(loc)
	_, offset := probe.Zone()
	p.offset = int64(offset)
	from, until := probe.ZoneBounds()
	first, last := midnight-p.offset-transitionMargin, midnight+secondsPerDay-p.offset+transitionMargin
	p.steady = (from.IsZero() || from.Unix() <= first) && (until.IsZero() || until.Unix() > last)
	if p.steady {
		return
	}
	p.offsets, p.changes = p.offsets[:0], p.changes[:0]
	t := time.Unix(midnight-secondsPerDay-transitionMargin, 0).In(loc)
	for range 64 { // a zone changes its offset a few times a year; the bound only guards the loop
		_, offset := t.Zone()
		if !slices.Contains(p.offsets, int64(offset)) {
			p.offsets = append(p.offsets, int64(offset))
		}
		_, until := t.ZoneBounds()
		if until.IsZero() || until.Unix() > midnight+2*secondsPerDay+transitionMargin {
			break
		}
		p.changes = append(p.changes, until.Unix())
		t = until
	}
}

// place returns the first instant whose wall clock in the zone is minute m of the day, and false
// when the clocks skip that wall time.
func (p *placer) place(m Clock) (int64, bool) {
	return p.earliest(p.midnight + int64(m)*60)
}

// earliest returns the first instant whose wall clock, read as if in UTC, is wall.
func (p *placer) earliest(wall int64) (int64, bool) {
	if p.steady {
		return wall - p.offset, true
	}
	var first int64
	found := false
	for _, offset := range p.offsets {
		t := wall - offset
		if p.offsetAt(t) == offset && (!found || t < first) {
			first, found = t, true
		}
	}
	return first, found
}

func (p *placer) offsetAt(t int64) int64 {
	_, offset := time.Unix(t, 0).In(p.loc).Zone()
	return int64(offset)
}

// dayStart returns the first instant whose wall clock is at or after the day's midnight. The
// wall clock runs on between changes of offset, so that instant is either one where it reads
// midnight exactly or a change that jumps it past midnight.
func (p *placer) dayStart() int64 {
	if p.steady {
		return p.midnight - p.offset
	}
	var first int64
	found := false
	consider := func(t int64) {
		if t+p.offsetAt(t) >= p.midnight && (!found || t < first) {
			first, found = t, true
		}
	}
	if t, ok := p.earliest(p.midnight); ok {
		consider(t)
	}
	for _, t := range p.changes {
		consider(t)
	}
	return first
}
