// This file holds the properties of the slot computation, checked against a brute-force reading of the zone minute by minute.

package salon_test

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/salon"
)

// zones has both hemispheres and the zones whose clocks change oddly: at midnight (Havana,
// Santiago, Beirut, Sao Paulo, Tehran), by half an hour (Lord Howe), by two hours (Troll), with a
// negative summer time (Dublin, Casablanca), by a whole day (Apia in 2011, Kiritimati in 1994),
// at odd offsets (Kathmandu, Chatham, St John's), or never (UTC, Tokyo).
var zones = []string{
	"Europe/London", "Australia/Sydney", "America/New_York", "America/Santiago", "America/Havana",
	"Asia/Beirut", "America/Sao_Paulo", "Asia/Tehran", "Australia/Lord_Howe", "Antarctica/Troll",
	"Europe/Dublin", "Africa/Casablanca", "Pacific/Apia", "Pacific/Kiritimati", "Asia/Kathmandu",
	"Pacific/Chatham", "America/St_Johns", "UTC", "Asia/Tokyo",
}

// scenario is a salon's settings, its zone and a now, drawn so that now falls near a change of
// the zone's clocks more often than not.
type scenario struct {
	settings salon.Settings
	zone     string
	loc      *time.Location
	now      time.Time
}

func (sc scenario) String() string {
	return fmt.Sprintf("zone %s, now %s, slotMinutes %d, horizonDays %d, hours %v",
		sc.zone, sc.now.Format(time.RFC3339Nano), sc.settings.SlotMinutes, sc.settings.HorizonDays, sc.settings.Hours.Wire())
}

// generate draws a scenario with a horizon of at most maxDays days.
func generate(r *rand.Rand, maxDays int) scenario {
	name := zones[r.Intn(len(zones))]
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // the zones are embedded by time/tzdata; a missing one is the test's own fault
	}
	year := 1990 + r.Intn(48)
	now := time.Date(year, time.January, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.Int63n(int64(366 * 24 * time.Hour))))
	if r.Intn(4) != 0 {
		// Move now to shortly before a change of the zone's clocks, when it has one that year.
		if _, until := now.In(loc).ZoneBounds(); !until.IsZero() {
			now = until.Add(-time.Duration(r.Int63n(int64(time.Duration(maxDays+1) * 24 * time.Hour))))
		}
	}
	if r.Intn(3) == 0 {
		now = now.Truncate(time.Minute) // now on a slot's start, now and then
	}
	slotMinutes := salon.MinSlotMinutes + r.Intn(56)
	if r.Intn(8) == 0 {
		slotMinutes = salon.MinSlotMinutes + r.Intn(salon.MaxSlotMinutes-salon.MinSlotMinutes+1)
	}
	hours := weeklyHours{}.Generate(r, 0).Interface().(weeklyHours)
	return scenario{
		settings: salon.Settings{Hours: salon.Hours(hours), SlotMinutes: slotMinutes, HorizonDays: 1 + r.Intn(maxDays)},
		zone:     name, loc: loc, now: now.In([]*time.Location{time.UTC, loc}[r.Intn(2)]),
	}
}

// shortScenario has a horizon of at most 7 days, so the oracle's minute-by-minute scan stays quick.
type shortScenario struct{ scenario }

func (shortScenario) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(shortScenario{generate(r, 7)})
}

// longScenario has any horizon up to the longest.
type longScenario struct{ scenario }

func (longScenario) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(longScenario{generate(r, salon.MaxHorizonDays)})
}

// wallMinute is a local date and time of day to the minute, as the zone's own clock reads it.
type wallMinute struct {
	year         int
	month        time.Month
	day          int
	hour, minute int
}

func wallOf(t time.Time) wallMinute {
	y, m, d := t.Date()
	h, mi, _ := t.Clock()
	return wallMinute{y, m, d, h, mi}
}

// oracle computes the slots the slow way, without the package's placing: it reads the zone's
// wall clock at every minute from two days before the horizon to two days after it, keeps the
// first instant each wall minute is read at, and looks each candidate up. It also returns the
// first instant whose local date is past the horizon, and the starts of every candidate from the
// day before the horizon to the day after it, whether after now or not.
func oracle(sc scenario) (slots []time.Time, horizonEnd time.Time, starts []time.Time) {
	s, loc := sc.settings, sc.loc
	y, m, d := sc.now.In(loc).Date()
	from := time.Date(y, m, d-2, 0, 0, 0, 0, time.UTC)
	until := time.Date(y, m, d+s.HorizonDays+2, 0, 0, 0, 0, time.UTC)
	lastDay := time.Date(y, m, d+s.HorizonDays-1, 0, 0, 0, 0, time.UTC)
	first := make(map[wallMinute]time.Time)
	for t := from; t.Before(until); t = t.Add(time.Minute) {
		local := t.In(loc)
		w := wallOf(local)
		if _, seen := first[w]; !seen {
			first[w] = t
		}
		ly, lm, ld := local.Date()
		if horizonEnd.IsZero() && time.Date(ly, lm, ld, 0, 0, 0, 0, time.UTC).After(lastDay) {
			horizonEnd = t
		}
	}
	for i := -1; i <= s.HorizonDays; i++ {
		date := time.Date(y, m, d+i, 0, 0, 0, 0, time.UTC)
		for _, iv := range s.Hours[date.Weekday()] {
			for c := iv.Start; c+salon.Clock(s.SlotMinutes) <= iv.End; c += salon.Clock(s.SlotMinutes) {
				t, ok := first[wallMinute{date.Year(), date.Month(), date.Day(), int(c) / 60, int(c) % 60}]
				if !ok {
					continue
				}
				starts = append(starts, t)
				if i >= 0 && i < s.HorizonDays && t.After(sc.now) {
					slots = append(slots, t)
				}
			}
		}
	}
	slices.SortFunc(slots, time.Time.Compare)
	return slots, horizonEnd, starts
}

// TestSlotsAgreeWithTheOracle: Slots, HorizonEnd, IsStart and Holds agree with a minute-by-minute reading of the zone.
func TestSlotsAgreeWithTheOracle(t *testing.T) {
	property := func(sc shortScenario) bool {
		want, wantEnd, starts := oracle(sc.scenario)
		got := salon.Slots(sc.settings, sc.loc, sc.now)
		if len(got) != len(want) {
			t.Errorf("%v: got %d slots %q, want %d", sc, len(got), ids(got), len(want))
			return false
		}
		for i := range want {
			if !got[i].Start.Equal(want[i]) {
				t.Errorf("%v: got slot %d at %s, want %s", sc, i, got[i].ID, salon.SlotID(want[i], sc.loc))
				return false
			}
		}
		if end := salon.HorizonEnd(sc.settings, sc.loc, sc.now); !end.Equal(wantEnd) {
			t.Errorf("%v: got the horizon ending %s, want %s", sc, end.Format(time.RFC3339), wantEnd.Format(time.RFC3339))
			return false
		}
		// Every slot is held, and no other start of the days around the horizon, nor any minute
		// near a slot that isn't one.
		listed := make(map[int64]bool, len(want))
		for _, start := range want {
			listed[start.Unix()] = true
		}
		for _, start := range starts {
			if !salon.IsStart(sc.settings, sc.loc, start) {
				t.Errorf("%v: got IsStart(%s) false, want true", sc, salon.SlotID(start, sc.loc))
				return false
			}
			if held := salon.Holds(sc.settings, sc.loc, sc.now, start); held != listed[start.Unix()] {
				t.Errorf("%v: got Holds(%s) %v, want %v", sc, salon.SlotID(start, sc.loc), held, listed[start.Unix()])
				return false
			}
		}
		for _, start := range want {
			for _, probe := range []time.Duration{-time.Hour, -time.Minute, 0, time.Minute, time.Hour} {
				p := start.Add(probe)
				if held := salon.Holds(sc.settings, sc.loc, sc.now, p); held != listed[p.Unix()] {
					t.Errorf("%v: got Holds(%s) %v, want %v", sc, salon.SlotID(p, sc.loc), held, listed[p.Unix()])
					return false
				}
				if held := salon.Holds(sc.settings, sc.loc, sc.now, p); held && !salon.IsStart(sc.settings, sc.loc, p) {
					t.Errorf("%v: got %s held but not a start, want every held slot a start", sc, salon.SlotID(p, sc.loc))
					return false
				}
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 300}); err != nil {
		t.Fatal(err)
	}
}

// TestSlotsProperties: over any horizon, slots are strictly increasing, after now, on the
// horizon's days, at candidate wall times, and their ids read back to their starts.
func TestSlotsProperties(t *testing.T) {
	property := func(sc longScenario) bool {
		s, loc := sc.settings, sc.loc
		slots := salon.Slots(s, loc, sc.now)
		today := localDay(sc.now.In(loc))
		end := salon.HorizonEnd(s, loc, sc.now)
		for i, slot := range slots {
			fail := func(format string, args ...any) bool {
				t.Errorf("%v: slot %d (%s): "+format, append([]any{sc, i, slot.ID}, args...)...)
				return false
			}
			if i > 0 && !slot.Start.After(slots[i-1].Start) {
				return fail("got it at or before the slot before it, %s; want strictly increasing", slots[i-1].ID)
			}
			if !slot.Start.After(sc.now) {
				return fail("got it at or before now; want after")
			}
			if !slot.Start.Before(end) {
				return fail("got it at or after the horizon's end %s; want before", end.Format(time.RFC3339))
			}
			local := slot.Start.In(loc)
			if days := int(localDay(local).Sub(today) / (24 * time.Hour)); days < 0 || days >= s.HorizonDays {
				return fail("got it %d days from today; want 0 to %d", days, s.HorizonDays-1)
			}
			if !isCandidate(s, local) {
				return fail("got wall time %s on %s; want a candidate start of that day's hours", local.Format("15:04:05"), local.Weekday())
			}
			back, err := time.Parse(time.RFC3339, slot.ID)
			if err != nil || !back.Equal(slot.Start) {
				return fail("got the id read back as %s, %v; want %s", back, err, slot.Start)
			}
			if slot.ID != salon.SlotID(slot.Start, loc) || slot.Label != salon.Label(slot.Start, loc) {
				return fail("got label %q; want the slot's own id and label", slot.Label)
			}
			if back, ok := salon.ParseSlotID(slot.ID, loc); !ok || !back.Equal(slot.Start) {
				return fail("got ParseSlotID %s, %v; want %s", back, ok, slot.Start)
			}
			if !salon.Holds(s, loc, sc.now, slot.Start) {
				return fail("got it not held; want every slot held")
			}
		}
		// Open with nothing taken and room for all is Slots; with every other slot taken, the rest.
		if open := salon.Open(s, loc, sc.now, nil, len(slots)+1); !reflect.DeepEqual(open, slots) {
			t.Errorf("%v: got Open %q, want Slots %q", sc, ids(open), ids(slots))
			return false
		}
		taken := make(map[int64]bool)
		var rest []salon.Slot
		for i, slot := range slots {
			if i%2 == 0 {
				taken[slot.Start.Unix()] = true
			} else {
				rest = append(rest, slot)
			}
		}
		if open := salon.Open(s, loc, sc.now, func(start time.Time) bool { return taken[start.Unix()] }, len(slots)+1); !reflect.DeepEqual(open, rest) {
			t.Errorf("%v: got Open %q, want the untaken %q", sc, ids(open), ids(rest))
			return false
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 300}); err != nil {
		t.Fatal(err)
	}
}

// localDay is local's date at midnight UTC, for counting days without clock changes.
func localDay(local time.Time) time.Time {
	y, m, d := local.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// isCandidate reports whether local's wall clock is a candidate start of its weekday's intervals.
func isCandidate(s salon.Settings, local time.Time) bool {
	if local.Second() != 0 || local.Nanosecond() != 0 {
		return false
	}
	m := salon.Clock(local.Hour()*60 + local.Minute())
	for _, iv := range s.Hours[local.Weekday()] {
		for c := iv.Start; c+salon.Clock(s.SlotMinutes) <= iv.End; c += salon.Clock(s.SlotMinutes) {
			if c == m {
				return true
			}
		}
	}
	return false
}

// TestStartsFromAndStartsPerDayAgreeWithStarts: from any instant, StartsFrom yields what Starts
// yields from it on, and StartsPerDay counts what Starts yields in each day from it.
func TestStartsFromAndStartsPerDayAgreeWithStarts(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	property := func(sc longScenario) bool {
		s, loc := sc.settings, sc.loc
		all := slices.Collect(salon.Starts(s, loc, sc.now))
		span := salon.HorizonEnd(s, loc, sc.now).Sub(sc.now) + 48*time.Hour
		for range 8 {
			from := sc.now.Add(time.Duration(r.Int63n(int64(span))) - 24*time.Hour)
			if r.Intn(3) == 0 && len(all) > 0 {
				from = all[r.Intn(len(all))] // from on a start, now and then
			}
			var want []time.Time
			for _, start := range all {
				if !start.Before(from) {
					want = append(want, start)
				}
			}
			got := slices.Collect(salon.StartsFrom(s, loc, sc.now, from))
			if !slices.EqualFunc(got, want, time.Time.Equal) {
				t.Errorf("%v: StartsFrom(%s) gave %d starts, want %d", sc, from.Format(time.RFC3339Nano), len(got), len(want))
				return false
			}
			days := 1 + r.Intn(5)
			perDay := make([]int, days)
			for _, start := range want {
				if i := int(start.Sub(from) / (24 * time.Hour)); i < days {
					perDay[i]++
				}
			}
			if got := salon.StartsPerDay(s, loc, sc.now, from, days); !slices.Equal(got, perDay) {
				t.Errorf("%v: StartsPerDay(%s, %d) = %v, want %v", sc, from.Format(time.RFC3339Nano), days, got, perDay)
				return false
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 300}); err != nil {
		t.Fatal(err)
	}
}
