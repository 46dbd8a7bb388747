// This file holds how a simple salon's page finds its first open slots: windows of whole UTC days,
// passing over the days the store counts as full.

package booking

import (
	"context"
	"sync"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

// readOpen reads the salon id's first MaxOpenSlots open slots from now, over windows of whole UTC
// days just long enough to hold them: the first up to its MaxOpenSlots-th slot by its recent
// settings. When what that holds is taken, the full days after it are passed over unread
// (pastFullDays), and each next window holds as many more starts as the share found open says the
// rest need. A packed salon costs what its open days hold, not what its booked ones do. It gives
// the last window's reading with the open slots found; a menu salon's reading comes with its
// settings alone and no slots.
//
// The reading's Tag is the calendar tag its reads all saw, or 0 when they saw more than one: the
// page is then of one moment's calendar.
//
// Where the salon's last page passed over full days, the first read goes on from the day that
// page reached, in the same statement, and checks by their counts that the days between are still
// full (readPassing): a packed salon's page is then one read, as an empty salon's is.
func (d *Desk) readOpen(ctx context.Context, id string) (reading, []salon.Slot, error) {
	rd, err := d.readSettingsOf(ctx, id)
	if err != nil || rd.Settings.HasMenu() {
		return rd, nil, err
	}
	var open []salon.Slot
	from, want, passed := rd.now, MaxOpenSlots, false
	var reached time.Time // the day this page passed over full days to
	var tag int64         // the calendar tag every read saw, or 0
	for first := true; ; first = false {
		to, whole := nthStart(rd, from, want)
		var next reading
		var fullTo time.Time // the counts read with the window say [to, fullTo) is full
		var rest *span       // the part of the read after what it passed over
		var last span        // what the last page read after passing over full days, on the first window
		passing := false
		if first && !whole {
			last, passing = d.passed.at(id, endOfDay(to))
		}
		if passing {
			next, fullTo, rest, err = d.readPassing(ctx, id, rd, from, to, last)
		} else {
			to = endOfDay(to)
			next, err = d.read(ctx, id, from, to)
		}
		if err != nil || next.Settings.HasMenu() {
			return next, nil, err
		}
		if first {
			tag = next.Tag
		} else if next.Tag != tag {
			tag = 0
		}
		rd = next
		rd.Tag = tag
		if rest == nil && rd.Through.After(to) {
			to = rd.Through // the calendar knows more than was asked: use it all
		}
		found, starts := rd.openIn(from, to, MaxOpenSlots-len(open))
		if open = append(open, found...); first && len(open) == MaxOpenSlots {
			d.passed.forget(id) // the first window was enough: nothing to pass over
		}
		if rest != nil && len(open) < MaxOpenSlots {
			// What was passed over is full still: go on after it, with the rest of the read.
			from, to, whole, reached = rest.from, rest.to, rest.whole, rest.from
			found, starts = rd.openIn(from, to, MaxOpenSlots-len(open))
			open = append(open, found...)
			passed = len(found) > 0 // when the day reached is full now too, look for the next
		}
		if len(open) == MaxOpenSlots || whole {
			if !reached.IsZero() && len(open) > 0 {
				// The next page reads on from the day reached through the day of its last slot.
				d.passed.remember(id, span{from: reached, to: endOfDay(open[len(open)-1].Start)})
			}
			return rd, open, nil
		}
		// As many starts again as, at the share this window found open, hold the rest, and a fifth more.
		from, want = to, (MaxOpenSlots-len(open))*max(starts, 1)/max(len(found), 1)*6/5+1
		if rest == nil && fullTo.After(from) {
			// Full not as far as the last page went on, but this far: go on from there.
			from, want, reached, passed = fullTo, MaxOpenSlots-len(open), fullTo, true
		}
		if !passed {
			passed = true
			past, full, err := d.pastFullDays(ctx, id, rd, from)
			switch {
			case err != nil:
				return reading{}, nil, err
			case full:
				d.passed.forget(id)
				return rd, open, nil // every day left is full
			case past.After(from):
				reached = past
				from, want = past, MaxOpenSlots-len(open)
			}
		}
	}
}

// span is a part of a reading's window: [from, to), and whether it reaches the horizon's end.
type span struct {
	from, to time.Time
	whole    bool
}

// readPassing reads the salon id's calendar over [from, to), the first window, and over last, the
// days the salon's last page read after passing over full ones (or as many more as hold
// MaxOpenSlots starts by rd's settings), passing over what lies between, the rest of to's day
// and the days up to last's, and reading their counts, all at one moment. full is how far from
// to on the counts say all is full. rest is the part from last.from on, when that is all that
// lies between; when it isn't, rest is nil, and the reading is the calendar of [from, to) as read
// would have read it.
func (d *Desk) readPassing(ctx context.Context, id string, rd reading, from, to time.Time, last span) (_ reading, full time.Time, rest *span, err error) {
	resume := last.from
	end, whole := nthStart(rd, resume, MaxOpenSlots)
	if end = endOfDay(end); last.to.After(end) {
		end = last.to // as far as the last page read: its slots were there
	}
	now := d.Now()
	window, fills, err := d.Calendar.WindowPassing(ctx, id, from, end, to, resume)
	if err != nil {
		return reading{}, time.Time{}, nil, refusal.Or(err)
	}
	if rd, err = d.located(id, window, now); err != nil {
		return reading{}, time.Time{}, nil, err
	}
	if full, _ = firstOpenDay(rd, to, resume, fills); !full.Equal(resume) {
		d.passed.forget(id)
		rd.Through = to
		return rd, full, nil, nil
	}
	return rd, full, &span{from: resume, to: rd.Through, whole: whole}, nil
}

// pastFullDays is the start of the first UTC day, from the one from starts on, that may hold an
// open slot: from itself unless the store counts that day as full. full says every day to the
// horizon's end is.
func (d *Desk) pastFullDays(ctx context.Context, id string, rd reading, from time.Time) (past time.Time, full bool, err error) {
	end := salon.HorizonEnd(rd.Settings, rd.loc, rd.now)
	if from.Unix()%secondsPerDay != 0 || !from.Before(end) {
		return from, false, nil
	}
	fills, err := d.Calendar.DayFills(ctx, id, from, end)
	if err != nil {
		return time.Time{}, false, refusal.Or(err)
	}
	past, full = firstOpenDay(rd, from, end, fills)
	return past, full, nil
}

// firstOpenDay is where the first UTC day of [from, end) that may hold an open slot starts, by
// fills, the store's counts of those days (of the first from from on): from itself unless its day
// is full from there. A day is full when it holds no slot, or as many live bookings as slots and
// the store vouches for them (salon.DayFill). full says all of [from, end) is; past is then end.
func firstOpenDay(rd reading, from, end time.Time, fills []salon.DayFill) (past time.Time, full bool) {
	first := time.Unix(from.Unix()/secondsPerDay*secondsPerDay, 0).In(from.Location())
	days := int((end.Unix() - first.Unix() + secondsPerDay - 1) / secondsPerDay)
	if days < 1 {
		return end, true
	}
	counts := salon.StartsPerDay(rd.Settings, rd.loc, rd.now, first, days)
	for start := range salon.StartsFrom(rd.Settings, rd.loc, rd.now, first) {
		if !start.Before(from) {
			break
		}
		counts[0]-- // a start of the first day before from
	}
	for i, starts := range counts {
		day := first.Add(time.Duration(i) * secondsPerDay * time.Second)
		for len(fills) > 0 && fills[0].Day.Before(day) {
			fills = fills[1:]
		}
		if starts == 0 {
			continue
		}
		if len(fills) == 0 || !fills[0].Day.Equal(day) || fills[0].Booked != starts {
			if day.Before(from) {
				return from, false
			}
			return day, false
		}
	}
	return end, true
}

// passedDays remembers, for each salon whose page last passed over full days, the whole UTC days it
// read after them: where its next page's first read goes on from, and how far. It is a guess that
// saves reads, never trusted: each read checks the days it passes over by their counts. It holds
// one entry for each salon read so, at most every salon.
type passedDays struct{ read sync.Map } // salon id → span

// at is the days the salon id's last page read after passing over full ones, when they start after
// to, the end of the first window.
func (p *passedDays) at(id string, to time.Time) (span, bool) {
	v, ok := p.read.Load(id)
	if !ok {
		return span{}, false
	}
	last := v.(span)
	return last, last.from.After(to)
}

func (p *passedDays) remember(id string, days span) { p.read.Store(id, days) }

func (p *passedDays) forget(id string) { p.read.Delete(id) }

// secondsPerDay is a UTC day, the unit the store counts a calendar's bookings in.
const secondsPerDay = 24 * 60 * 60

// endOfDay is the end of the UTC day t falls in, or t when a day ends there.
func endOfDay(t time.Time) time.Time {
	u := t.Unix()
	if t.Nanosecond() > 0 || u%secondsPerDay != 0 {
		u = (u/secondsPerDay + 1) * secondsPerDay
	}
	return time.Unix(u, 0).In(t.Location())
}

// nthStart is the instant just after the start of the n-th slot of rd's horizon from from, and
// whether fewer than n slots come before the horizon's end, so that the window reaches it.
func nthStart(rd reading, from time.Time, n int) (time.Time, bool) {
	i := 0
	for start := range salon.StartsFrom(rd.Settings, rd.loc, rd.now, from) {
		if i++; i == n {
			return start.Add(time.Second), false
		}
	}
	return salon.HorizonEnd(rd.Settings, rd.loc, rd.now), true
}
