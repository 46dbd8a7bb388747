// This file holds the Wish the words make and how a start is matched against it.

package wish

import (
	"fmt"
	"time"
)

// AskNothingThen is the question asked when the words name something and nothing open matches:
// the earliest are offered instead. Its text is part of the contract.
const AskNothingThen = "Nothing is open then, so here are the earliest. Which time suits you?"

// Date is a day of the calendar, as the salon's zone reads it.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// String writes the date as 2026-12-05.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// Part is a part of the day on the salon's wall clock.
type Part int

// The parts of the day. AnyPart is the zero Part: the words named none.
const (
	AnyPart   Part = iota
	Morning        // before 12:00
	Afternoon      // from 12:00 to before 17:00
	Evening        // from 17:00
)

// String names the part in English, or "any" for AnyPart.
func (p Part) String() string {
	switch p {
	case Morning:
		return "morning"
	case Afternoon:
		return "afternoon"
	case Evening:
		return "evening"
	}
	return "any"
}

// contains reports whether minutes after midnight fall in the part; AnyPart contains every minute.
func (p Part) contains(minutes int) bool {
	switch p {
	case Morning:
		return minutes < noon
	case Afternoon:
		return noon <= minutes && minutes < fivePM
	case Evening:
		return minutes >= fivePM
	}
	return true
}

// Within is how far, in wall-clock minutes either side, a start may be from a named clock time
// and still match it.
const Within = 60

// noon and fivePM bound the parts of the day, in minutes after midnight.
const (
	noon   = 12 * 60
	fivePM = 17 * 60
)

// Wish is what the words ask of the time: at most one day, one part of the day and one clock time,
// read in one salon's zone. Only Read makes one that names something; the zero Wish names nothing
// and matches every start.
type Wish struct {
	loc      *time.Location
	day      Date
	hasDay   bool
	part     Part
	clock    int // minutes after midnight, 0 to 1439, when hasClock
	hasClock bool
}

// Day returns the day the words named and true, or the zero Date and false when they named none.
func (w Wish) Day() (Date, bool) { return w.day, w.hasDay }

// Part returns the part of the day the words named, or AnyPart.
func (w Wish) Part() Part { return w.part }

// Clock returns the clock time the words named, in minutes after midnight (0 to 1439), and true,
// or 0 and false when they named none.
func (w Wish) Clock() (minutes int, ok bool) { return w.clock, w.hasClock }

// Names reports whether the words named a day, a part of the day or a clock time.
func (w Wish) Names() bool { return w.hasDay || w.part != AnyPart || w.hasClock }

// String writes what the wish names, such as "2026-12-05 afternoon 15:00", with "any" for what it
// leaves open, or "nothing". It never holds the words themselves.
func (w Wish) String() string {
	if !w.Names() {
		return "nothing"
	}
	day, clock := "any", "any"
	if w.hasDay {
		day = w.day.String()
	}
	if w.hasClock {
		clock = fmt.Sprintf("%02d:%02d", w.clock/60, w.clock%60)
	}
	return day + " " + w.part.String() + " " + clock
}

// Matches reports whether start fits everything the wish names, on the wall clock of the zone the
// wish was read in: the start's local date is the day, its local time is in the part, and it is
// within 60 minutes of the clock time, as the package comment sets out. A wish that names nothing
// matches every start.
func (w Wish) Matches(start time.Time) bool {
	if !w.Names() {
		return true
	}
	local := start.In(w.loc)
	if w.hasDay {
		y, m, d := local.Date()
		if (Date{y, m, d}) != w.day {
			return false
		}
	}
	h, min, _ := local.Clock()
	minutes := h*60 + min
	if !w.part.contains(minutes) {
		return false
	}
	if w.hasClock && abs(minutes-w.clock) > Within {
		return false
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Pick returns the indices in starts of the first n starts, in the order given, that match w, and
// true. When w names something and no start matches, it returns the indices of the first n starts
// and false: the offer is then the earliest, asked with AskNothingThen. A wish that names nothing
// matches every start, so Pick then returns the first n and true. With fewer than n to give it
// returns what there is; with no starts at all it returns none, and the caller says nothing is open
// whatever matched is. A negative n is read as 0.
func Pick(w Wish, starts []time.Time, n int) (picked []int, matched bool) {
	n = max(n, 0)
	for i, s := range starts {
		if matched && len(picked) == n {
			break
		}
		if w.Matches(s) {
			matched = true
			if len(picked) < n {
				picked = append(picked, i)
			}
		}
	}
	if !matched && w.Names() {
		return firstIndices(len(starts), n), false
	}
	return picked, true
}

// firstIndices returns 0, 1, … up to n indices of a list of length count.
func firstIndices(count, n int) []int {
	k := min(count, n)
	if k == 0 {
		return nil
	}
	picked := make([]int, k)
	for i := range picked {
		picked[i] = i
	}
	return picked
}
