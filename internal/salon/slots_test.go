// This file holds the table tests of the slot computation: clock changes in two hemispheres, slots that don't fit, the horizon's edges, ids and labels.

package salon_test

import (
	"slices"
	"testing"
	"time"

	"salon/internal/salon"
)

func TestSlots(t *testing.T) {
	tests := []struct {
		name        string
		zone        string
		hours       map[string][][]string
		slotMinutes int
		horizonDays int
		now         string
		want        []string
	}{
		// London: the clocks go forward at 01:00 on 29 March 2026 and back at 02:00 on 25 October 2026.
		{"London in spring skips the wall times from 01:00 to 02:00", "Europe/London",
			map[string][][]string{"sun": {{"00:30", "03:00"}}}, 30, 2, "2026-03-28T12:00:00Z",
			[]string{"2026-03-29T00:30:00Z", "2026-03-29T02:00:00+01:00", "2026-03-29T02:30:00+01:00"}},
		{"London in spring keeps 09:00 at 09:00 across the change", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "10:00"}}, "mon": {{"09:00", "10:00"}}}, 60, 4, "2026-03-27T12:00:00Z",
			[]string{"2026-03-28T09:00:00Z", "2026-03-30T09:00:00+01:00"}},
		{"London in spring counts slot lengths on the wall clock across the gap", "Europe/London",
			map[string][][]string{"sun": {{"00:15", "03:15"}}}, 45, 1, "2026-03-29T00:00:00Z",
			[]string{"2026-03-29T00:15:00Z", "2026-03-29T02:30:00+01:00"}},
		{"London in autumn takes the repeated hour once, at its first occurrence", "Europe/London",
			map[string][][]string{"sun": {{"00:30", "02:30"}}}, 30, 2, "2026-10-24T12:00:00+01:00",
			[]string{"2026-10-25T00:30:00+01:00", "2026-10-25T01:00:00+01:00", "2026-10-25T01:30:00+01:00", "2026-10-25T02:00:00Z"}},
		{"London in autumn never offers a repeated time's second occurrence, even once the first has passed", "Europe/London",
			map[string][][]string{"sun": {{"00:30", "02:30"}}}, 30, 1, "2026-10-25T01:30:00+01:00",
			[]string{"2026-10-25T02:00:00Z"}},
		{"London in autumn keeps 09:00 at 09:00 across the change", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "10:00"}}, "mon": {{"09:00", "10:00"}}}, 60, 4, "2026-10-23T12:00:00Z",
			[]string{"2026-10-24T09:00:00+01:00", "2026-10-26T09:00:00Z"}},

		// Sydney: the clocks go back at 03:00 on 5 April 2026 and forward at 02:00 on 4 October 2026.
		{"Sydney in autumn takes the repeated hour once, at its first occurrence", "Australia/Sydney",
			map[string][][]string{"sun": {{"01:30", "03:30"}}}, 30, 2, "2026-04-04T12:00:00+11:00",
			[]string{"2026-04-05T01:30:00+11:00", "2026-04-05T02:00:00+11:00", "2026-04-05T02:30:00+11:00", "2026-04-05T03:00:00+10:00"}},
		{"Sydney in autumn never offers a repeated time's second occurrence", "Australia/Sydney",
			map[string][][]string{"sun": {{"01:30", "03:30"}}}, 30, 1, "2026-04-05T02:45:00+11:00",
			[]string{"2026-04-05T03:00:00+10:00"}},
		{"Sydney in spring skips the wall times from 02:00 to 03:00", "Australia/Sydney",
			map[string][][]string{"sun": {{"01:30", "03:30"}}}, 30, 2, "2026-10-03T12:00:00+10:00",
			[]string{"2026-10-04T01:30:00+10:00", "2026-10-04T03:00:00+11:00"}},
		{"Sydney in spring keeps 09:00 at 09:00 across the change", "Australia/Sydney",
			map[string][][]string{"sat": {{"09:00", "10:00"}}, "mon": {{"09:00", "10:00"}}}, 60, 4, "2026-10-02T12:00:00+10:00",
			[]string{"2026-10-03T09:00:00+10:00", "2026-10-05T09:00:00+11:00"}},
		{"Sydney in spring offers nothing in an interval the clocks skip whole", "Australia/Sydney",
			map[string][][]string{"sun": {{"02:00", "03:00"}}}, 15, 1, "2026-10-04T00:00:00+10:00",
			nil},

		// St John's went back from 00:01 to 23:01 the day before, on 1 November 2009.
		{"St John's repeating the hour before midnight offers it once, at its first occurrence", "America/St_Johns",
			map[string][][]string{"sat": {{"23:00", "23:59"}}, "sun": {{"00:00", "00:30"}}}, 15, 2, "2009-10-31T22:00:00-02:30",
			[]string{"2009-10-31T23:00:00-02:30", "2009-10-31T23:15:00-02:30", "2009-10-31T23:30:00-02:30", "2009-11-01T00:00:00-02:30", "2009-11-01T00:15:00-03:30"}},
		{"St John's back on yesterday's date after midnight offers none of yesterday again", "America/St_Johns",
			map[string][][]string{"sat": {{"23:00", "23:59"}}}, 15, 1, "2009-11-01T00:00:30-02:30",
			nil},

		// Slots that don't fit their interval.
		{"a slot that would end past its interval is not offered", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "10:00"}}}, 45, 2, "2026-12-04T12:00:00Z",
			[]string{"2026-12-05T09:00:00Z"}},
		{"a slot that ends exactly at its interval's end is offered", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "10:30"}}}, 45, 2, "2026-12-04T12:00:00Z",
			[]string{"2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z"}},
		{"an interval shorter than a slot offers nothing", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "09:44"}}}, 45, 2, "2026-12-04T12:00:00Z",
			nil},
		{"each interval counts from its own start", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "10:30"}, {"11:10", "12:00"}}}, 45, 2, "2026-12-04T12:00:00Z",
			[]string{"2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z", "2026-12-05T11:10:00Z"}},
		{"a slot may end at 23:59", "Europe/London",
			map[string][][]string{"sat": {{"23:00", "23:59"}}}, 59, 2, "2026-12-04T12:00:00Z",
			[]string{"2026-12-05T23:00:00Z"}},
		{"a closed day offers nothing", "Europe/London",
			map[string][][]string{"sat": {}}, 45, 2, "2026-12-04T12:00:00Z",
			nil},

		// The horizon's edges.
		{"one horizon day just before local midnight is only the day ending", "Europe/London",
			map[string][][]string{"fri": {{"09:00", "10:00"}}, "sat": {{"09:00", "10:00"}}}, 60, 1, "2026-12-04T23:59:59Z",
			nil},
		{"one horizon day at local midnight is the day beginning", "Europe/London",
			map[string][][]string{"fri": {{"09:00", "10:00"}}, "sat": {{"09:00", "10:00"}}}, 60, 1, "2026-12-05T00:00:00Z",
			[]string{"2026-12-05T09:00:00Z"}},
		{"two horizon days just before local midnight reach the next day", "Europe/London",
			map[string][][]string{"fri": {{"09:00", "10:00"}}, "sat": {{"09:00", "10:00"}}, "sun": {{"09:00", "10:00"}}}, 60, 2, "2026-12-04T23:59:59Z",
			[]string{"2026-12-05T09:00:00Z"}},
		{"today is the salon's date, not UTC's", "Australia/Sydney",
			map[string][][]string{"fri": {{"09:00", "10:00"}}, "sat": {{"09:00", "10:00"}}}, 60, 1, "2026-12-04T13:00:00Z",
			[]string{"2026-12-05T09:00:00+11:00"}},
		{"a second before the salon's midnight is still its yesterday", "Australia/Sydney",
			map[string][][]string{"fri": {{"09:00", "10:00"}}, "sat": {{"09:00", "10:00"}}}, 60, 1, "2026-12-04T12:59:59Z",
			nil},
		{"a slot starting exactly now is dropped", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "11:00"}}}, 60, 1, "2026-12-05T09:00:00Z",
			[]string{"2026-12-05T10:00:00Z"}},
		{"a slot starting a nanosecond after now is kept", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "11:00"}}}, 60, 1, "2026-12-05T08:59:59.999999999Z",
			[]string{"2026-12-05T09:00:00Z", "2026-12-05T10:00:00Z"}},
		{"a slot that started a nanosecond ago is dropped", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "11:00"}}}, 60, 1, "2026-12-05T09:00:00.000000001Z",
			[]string{"2026-12-05T10:00:00Z"}},
		{"now's own zone changes nothing", "Europe/London",
			map[string][][]string{"sat": {{"09:00", "11:00"}}}, 60, 1, "2026-12-05T18:00:00+09:00",
			[]string{"2026-12-05T10:00:00Z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			s := settings(t, tt.hours, tt.slotMinutes, tt.horizonDays)
			got := ids(salon.Slots(s, loc, instant(t, tt.now)))
			if !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSlotsOverTheLongestHorizon(t *testing.T) {
	loc := zone(t, "Europe/London")
	every := map[string][][]string{}
	for _, key := range salon.DayKeys() {
		every[key] = [][]string{{"09:00", "10:00"}}
	}
	got := salon.Slots(settings(t, every, 60, 90), loc, instant(t, "2026-01-01T00:00:00Z"))
	if len(got) != 90 {
		t.Fatalf("got %d slots, want one on each of 90 days", len(got))
	}
	if first, last := got[0].ID, got[89].ID; first != "2026-01-01T09:00:00Z" || last != "2026-03-31T09:00:00+01:00" {
		t.Fatalf("got first %s and last %s, want 2026-01-01T09:00:00Z and 2026-03-31T09:00:00+01:00", first, last)
	}
}

func TestSlotsOutOfBoundsOfferNothing(t *testing.T) {
	loc := zone(t, "Europe/London")
	now := instant(t, "2026-12-04T12:00:00Z")
	open := salon.Hours{time.Saturday: {{Start: 540, End: 600}}}
	tests := []struct {
		name string
		s    salon.Settings
	}{
		{"zero slotMinutes", salon.Settings{Hours: open, SlotMinutes: 0, HorizonDays: 2}},
		{"negative slotMinutes", salon.Settings{Hours: open, SlotMinutes: -45, HorizonDays: 2}},
		{"zero horizonDays", salon.Settings{Hours: open, SlotMinutes: 45, HorizonDays: 0}},
		{"too many horizonDays", salon.Settings{Hours: open, SlotMinutes: 45, HorizonDays: 91}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := salon.Slots(tt.s, loc, now); got != nil {
				t.Fatalf("got %q, want no slots", ids(got))
			}
			if got := salon.Open(tt.s, loc, now, nil, 50); got != nil {
				t.Fatalf("Open: got %q, want no slots", ids(got))
			}
		})
	}
}

func TestSlotsOfUncheckedHoursStayInOrder(t *testing.T) {
	loc := zone(t, "Europe/London")
	s := salon.Settings{
		Hours: salon.Hours{time.Saturday: {
			{Start: 600, End: 700}, // out of order
			{Start: 540, End: 660}, // overlapping the one above, offering 10:00 and 10:30 again
			{Start: -100000000, End: 560},
			{Start: 1000, End: 1000000},
		}},
		SlotMinutes: 30, HorizonDays: 2,
	}
	got := ids(salon.Slots(s, loc, instant(t, "2026-12-04T12:00:00Z")))
	want := []string{"2026-12-05T09:00:00Z", "2026-12-05T09:30:00Z", "2026-12-05T10:00:00Z", "2026-12-05T10:30:00Z", "2026-12-05T11:00:00Z"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestOpen(t *testing.T) {
	loc := zone(t, "Europe/London")
	s := settings(t, map[string][][]string{"sat": {{"09:00", "12:00"}}}, 45, 2)
	now := instant(t, "2026-12-04T12:00:00Z")
	booked := map[int64]bool{instant(t, "2026-12-05T09:45:00Z").Unix(): true, instant(t, "2026-12-05T10:30:00Z").Unix(): true}
	taken := func(start time.Time) bool { return booked[start.Unix()] }
	tests := []struct {
		name  string
		taken func(time.Time) bool
		limit int
		want  []string
	}{
		{"nothing taken is every slot", nil, 50, []string{"2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z", "2026-12-05T10:30:00Z", "2026-12-05T11:15:00Z"}},
		{"taken slots are left out", taken, 50, []string{"2026-12-05T09:00:00Z", "2026-12-05T11:15:00Z"}},
		{"the limit counts open slots only", taken, 2, []string{"2026-12-05T09:00:00Z", "2026-12-05T11:15:00Z"}},
		{"the limit keeps the earliest", nil, 1, []string{"2026-12-05T09:00:00Z"}},
		{"a limit of zero is none", nil, 0, nil},
		{"a negative limit is none", nil, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := salon.Open(s, loc, now, tt.taken, tt.limit)
			if !slices.Equal(ids(got), tt.want) {
				t.Fatalf("got %q, want %q", ids(got), tt.want)
			}
			for _, slot := range got {
				if want := salon.NewSlot(slot.Start, loc); slot != want {
					t.Fatalf("got %+v, want %+v", slot, want)
				}
			}
		})
	}
}

func TestOpenAsksOnlyUntilTheLimit(t *testing.T) {
	loc := zone(t, "Europe/London")
	s := settings(t, map[string][][]string{"sat": {{"09:00", "17:00"}}}, 30, 2)
	asked := 0
	salon.Open(s, loc, instant(t, "2026-12-04T12:00:00Z"), func(time.Time) bool { asked++; return false }, 3)
	if asked != 3 {
		t.Fatalf("got taken asked %d times, want 3: once for each slot up to the limit", asked)
	}
}

func TestIsStartAndHolds(t *testing.T) {
	london := zone(t, "Europe/London")
	sydney := zone(t, "Australia/Sydney")
	autumn := settings(t, map[string][][]string{"sun": {{"00:30", "02:30"}}}, 30, 2)
	winter := settings(t, map[string][][]string{"sat": {{"09:00", "10:30"}}}, 45, 2)
	spring := settings(t, map[string][][]string{"sun": {{"01:30", "03:30"}}}, 30, 2)
	weekend := settings(t, map[string][][]string{"fri": {{"09:00", "10:30"}}, "sat": {{"09:00", "10:30"}}, "sun": {{"09:00", "10:30"}}}, 45, 2)
	tests := []struct {
		name    string
		s       salon.Settings
		loc     *time.Location
		now, t  string
		isStart bool
		held    bool
	}{
		{"a candidate in the horizon is held", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T09:45:00Z", true, true},
		{"the same instant written in another offset is held", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T10:45:00+01:00", true, true},
		{"a time between candidates is no start", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T09:30:00Z", false, false},
		{"a slot that would not fit is no start", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T10:30:00Z", false, false},
		{"a candidate with seconds is no start", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T09:00:01Z", false, false},
		{"a candidate with a fraction of a second is no start", winter, london, "2026-12-04T12:00:00Z", "2026-12-05T09:00:00.5Z", false, false},
		{"a candidate on a closed day is no start", winter, london, "2026-12-04T12:00:00Z", "2026-12-06T09:00:00Z", false, false},
		{"a candidate starting now is a start but not held", winter, london, "2026-12-05T09:45:00Z", "2026-12-05T09:45:00Z", true, false},
		{"a candidate on the horizon's last day is held", weekend, london, "2026-12-04T12:00:00Z", "2026-12-05T09:00:00Z", true, true},
		{"a candidate on the day after the horizon's last is a start but not held", weekend, london, "2026-12-04T12:00:00Z", "2026-12-06T09:00:00Z", true, false},
		{"a candidate on the day before today is a start but not held", weekend, london, "2026-12-05T12:00:00Z", "2026-12-04T09:00:00Z", true, false},
		{"a candidate past the horizon is a start but not held", winter, london, "2026-12-04T12:00:00Z", "2026-12-12T09:00:00Z", true, false},
		{"a candidate in the past is a start but not held", winter, london, "2026-12-04T12:00:00Z", "2026-11-28T09:00:00Z", true, false},
		{"a repeated time's first occurrence is held", autumn, london, "2026-10-24T12:00:00Z", "2026-10-25T01:00:00+01:00", true, true},
		{"a repeated time's second occurrence is no start", autumn, london, "2026-10-24T12:00:00Z", "2026-10-25T01:00:00Z", false, false},
		{"the wall time before the gap is held", spring, sydney, "2026-10-03T12:00:00Z", "2026-10-04T01:30:00+10:00", true, true},
		{"the first wall time after the gap is held", spring, sydney, "2026-10-03T12:00:00Z", "2026-10-04T03:00:00+11:00", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, now := instant(t, tt.t), instant(t, tt.now)
			if got := salon.IsStart(tt.s, tt.loc, start); got != tt.isStart {
				t.Fatalf("IsStart: got %v, want %v", got, tt.isStart)
			}
			if got := salon.Holds(tt.s, tt.loc, now, start); got != tt.held {
				t.Fatalf("Holds: got %v, want %v", got, tt.held)
			}
			if listed := slices.ContainsFunc(salon.Slots(tt.s, tt.loc, now), func(s salon.Slot) bool { return s.Start.Equal(start) }); listed != tt.held {
				t.Fatalf("got listed by Slots %v, want %v, as Holds says", listed, tt.held)
			}
		})
	}
}

func TestHorizonEnd(t *testing.T) {
	tests := []struct {
		name        string
		zone        string
		horizonDays int
		now         string
		want        string
	}{
		{"one day ends at the next local midnight", "Europe/London", 1, "2026-12-04T12:00:00Z", "2026-12-05T00:00:00Z"},
		{"two days end at the second local midnight", "Europe/London", 2, "2026-12-04T23:59:59Z", "2026-12-06T00:00:00Z"},
		{"the end of a day the clocks go forward on carries the new offset", "Europe/London", 2, "2026-03-28T12:00:00Z", "2026-03-30T00:00:00+01:00"},
		{"the end of a day the clocks go back on carries the new offset", "Australia/Sydney", 1, "2026-04-05T12:00:00+10:00", "2026-04-06T00:00:00+10:00"},
		{"a midnight the clocks skip ends the day when they jump", "America/Havana", 1, "2026-03-07T12:00:00-05:00", "2026-03-08T01:00:00-04:00"},
		{"the horizon's day is the salon's, not UTC's", "Australia/Sydney", 1, "2026-12-04T13:00:00Z", "2026-12-06T00:00:00+11:00"},
		{"a horizon out of bounds is empty", "Europe/London", 0, "2026-12-04T12:00:00Z", "2026-12-04T12:00:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			s := salon.Settings{SlotMinutes: 45, HorizonDays: tt.horizonDays}
			got := salon.HorizonEnd(s, loc, instant(t, tt.now))
			if want := instant(t, tt.want); !got.Equal(want) {
				t.Fatalf("got %s, want %s", got.Format(time.RFC3339), tt.want)
			}
		})
	}
}

func TestSlotIDAndLabel(t *testing.T) {
	tests := []struct {
		name      string
		zone      string
		start     string
		wantID    string
		wantLabel string
	}{
		{"London in winter is written Z", "Europe/London", "2026-12-05T10:30:00Z", "2026-12-05T10:30:00Z", "Saturday 5 December, 10:30"},
		{"London in summer carries +01:00", "Europe/London", "2026-06-06T09:30:00Z", "2026-06-06T10:30:00+01:00", "Saturday 6 June, 10:30"},
		{"an instant given in another offset is written in the salon's", "Europe/London", "2026-12-05T19:30:00+09:00", "2026-12-05T10:30:00Z", "Saturday 5 December, 10:30"},
		{"Sydney in summer carries +11:00", "Australia/Sydney", "2026-12-04T23:30:00Z", "2026-12-05T10:30:00+11:00", "Saturday 5 December, 10:30"},
		{"the label is the salon's wall clock", "Australia/Sydney", "2026-12-05T10:30:00Z", "2026-12-05T21:30:00+11:00", "Saturday 5 December, 21:30"},
		{"a repeated time's first occurrence", "Australia/Sydney", "2026-04-05T02:30:00+11:00", "2026-04-05T02:30:00+11:00", "Sunday 5 April, 02:30"},
		{"a day of two digits and a morning hour", "Europe/London", "2026-01-12T08:05:00Z", "2026-01-12T08:05:00Z", "Monday 12 January, 08:05"},
		{"a zone whose offset has minutes", "Asia/Kathmandu", "2026-12-05T04:45:00Z", "2026-12-05T10:30:00+05:45", "Saturday 5 December, 10:30"},
		{"a zone behind UTC", "America/New_York", "2026-12-05T15:30:00Z", "2026-12-05T10:30:00-05:00", "Saturday 5 December, 10:30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			start := instant(t, tt.start)
			if got := salon.SlotID(start, loc); got != tt.wantID {
				t.Fatalf("SlotID: got %q, want %q", got, tt.wantID)
			}
			if got := salon.Label(start, loc); got != tt.wantLabel {
				t.Fatalf("Label: got %q, want %q", got, tt.wantLabel)
			}
			slot := salon.NewSlot(start, loc)
			if slot.ID != tt.wantID || slot.Label != tt.wantLabel || !slot.Start.Equal(start) || slot.Start.Location() != loc {
				t.Fatalf("NewSlot: got %+v, want id %q, label %q, start %s in %s", slot, tt.wantID, tt.wantLabel, tt.start, loc)
			}
			back, ok := salon.ParseSlotID(tt.wantID, loc)
			if !ok || !back.Equal(start) {
				t.Fatalf("ParseSlotID(%q): got %s, %v, want %s", tt.wantID, back, ok, tt.start)
			}
		})
	}
}

func TestParseSlotIDReadsOnlyTheOneSpelling(t *testing.T) {
	london := zone(t, "Europe/London")
	for _, id := range []string{
		"2026-12-05T10:30:00+00:00", // the right instant, another spelling of its offset
		"2026-12-05T11:30:00+01:00", // the right instant, an offset London doesn't have then
		"2026-06-06T09:30:00Z",      // summer written in UTC
		"2026-12-05T10:30:00.000Z",  // fractions of a second
		"2026-12-05t10:30:00z",      // lower case
		"2026-12-05T10:30Z",         // no seconds
		"2026-12-05 10:30:00Z",      // a space for the T
		"sat-10:30",                 // an app's own slot
		"",                          // nothing
		"2026-12-05T10:30:00Z ",     // a trailing space
		"2026-13-05T10:30:00Z",      // no such month
		"2026-12-05T10:30:00+25:00", // no such offset
		"99999-12-05T10:30:00Z",     // a year of five digits
		"2026-12-05T10:30:00Z\x00",  // a trailing NUL
	} {
		if got, ok := salon.ParseSlotID(id, london); ok {
			t.Errorf("ParseSlotID(%q) in London: got %s, want it refused", id, got)
		}
	}
	// A wall time the clocks skip has no id: the instant this text names is 01:30 at +10:00.
	sydney := zone(t, "Australia/Sydney")
	if got, ok := salon.ParseSlotID("2026-10-04T02:30:00+11:00", sydney); ok {
		t.Errorf("ParseSlotID of a skipped wall time in Sydney: got %s, want it refused", got)
	}
	// A repeated time's second occurrence has an id of its own, though it starts no slot.
	if _, ok := salon.ParseSlotID("2026-10-25T01:00:00Z", london); !ok {
		t.Errorf("ParseSlotID(2026-10-25T01:00:00Z) in London: got refused, want read: it is how SlotID writes that instant")
	}
}

// zone loads a zone the test names, failing the test when it can't.
func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("time.LoadLocation(%q): got %v, want the zone", name, err)
	}
	return loc
}

// instant reads an RFC 3339 time the test writes, failing the test when it can't.
func instant(t testing.TB, text string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		t.Fatalf("time.Parse(%q): got %v, want a time", text, err)
	}
	return at
}

// settings builds settings from hours in their wire form, failing the test when they don't pass Check.
func settings(t testing.TB, hours map[string][][]string, slotMinutes, horizonDays int) salon.Settings {
	t.Helper()
	h, err := salon.ParseHours(hours)
	if err != nil {
		t.Fatalf("ParseHours(%v): got %q, want hours", hours, err)
	}
	s := studioNine()
	s.Hours, s.SlotMinutes, s.HorizonDays = h, slotMinutes, horizonDays
	if err := s.Check(time.LoadLocation); err != nil {
		t.Fatalf("Check: got %q, want the test's settings to pass", err)
	}
	return s
}

func ids(slots []salon.Slot) []string {
	var list []string
	for _, s := range slots {
		list = append(list, s.ID)
	}
	return list
}
