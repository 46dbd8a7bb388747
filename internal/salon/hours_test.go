// This file holds the tests of the hours' wire form: ParseClock, ParseHours, ParseHoursJSON and Wire.

package salon_test

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

func TestParseClock(t *testing.T) {
	tests := []struct {
		text string
		want salon.Clock // -1 for a refusal
	}{
		{"00:00", 0}, {"09:00", 540}, {"12:30", 750}, {"17:05", 1025}, {"23:59", 1439},
		{"24:00", -1}, {"23:60", -1}, {"9:00", -1}, {"09:0", -1}, {"09:000", -1}, {"09.00", -1},
		{"09:00:00", -1}, {"+9:00", -1}, {" 9:00", -1}, {"-1:00", -1}, {"ab:cd", -1}, {"", -1}, {"０９:００", -1},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := salon.ParseClock(tt.text)
			if tt.want < 0 {
				if err == nil || err.Error() != "a time must be written HH:MM, from 00:00 to 23:59" {
					t.Fatalf("got %d, %v, want the refusal of a time not written HH:MM", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %d, %v, want %d", got, err, tt.want)
			}
			if back := got.String(); back != tt.text {
				t.Fatalf("got String %q, want %q", back, tt.text)
			}
		})
	}
}

func TestClockStringOutsideTheDay(t *testing.T) {
	for _, c := range []salon.Clock{-1, 1440} {
		if _, err := salon.ParseClock(c.String()); err == nil {
			t.Fatalf("got %q read back as a clock, want a text ParseClock refuses", c.String())
		}
	}
}

func TestParseHours(t *testing.T) {
	tests := []struct {
		name string
		wire map[string][][]string
		want salon.Hours // when refusal is ""
		err  string
	}{
		{"two intervals on Monday", map[string][][]string{"mon": {{"09:00", "12:00"}, {"13:00", "17:30"}}},
			salon.Hours{time.Monday: {{Start: 540, End: 720}, {Start: 780, End: 1050}}}, ""},
		{"every day by its key", map[string][][]string{"mon": {{"01:00", "02:00"}}, "tue": {{"02:00", "03:00"}}, "wed": {{"03:00", "04:00"}},
			"thu": {{"04:00", "05:00"}}, "fri": {{"05:00", "06:00"}}, "sat": {{"06:00", "07:00"}}, "sun": {{"07:00", "08:00"}}},
			salon.Hours{time.Monday: {{60, 120}}, time.Tuesday: {{120, 180}}, time.Wednesday: {{180, 240}}, time.Thursday: {{240, 300}},
				time.Friday: {{300, 360}}, time.Saturday: {{360, 420}}, time.Sunday: {{420, 480}}}, ""},
		{"no days is closed all week", map[string][][]string{}, salon.Hours{}, ""},
		{"a nil day is left out", map[string][][]string{"mon": nil}, salon.Hours{}, ""},
		{"an empty day is kept, closed", map[string][][]string{"sun": {}}, salon.Hours{time.Sunday: {}}, ""},
		{"intervals may touch", map[string][][]string{"fri": {{"09:00", "12:00"}, {"12:00", "23:59"}}},
			salon.Hours{time.Friday: {{540, 720}, {720, 1439}}}, ""},

		{"an unknown key is refused naming it", map[string][][]string{"xyz": {{"09:00", "10:00"}}}, nil, "hours.xyz is not a day: use mon to sun"},
		{"a day in capitals is not a day", map[string][][]string{"Mon": {{"09:00", "10:00"}}}, nil, "hours.Mon is not a day: use mon to sun"},
		{"a day written in full is not a day", map[string][][]string{"monday": {}}, nil, "hours.monday is not a day: use mon to sun"},
		{"the first unknown key in order is named", map[string][][]string{"zz": nil, "aa": nil, "mon": nil}, nil, "hours.aa is not a day: use mon to sun"},
		{"a long unknown key is not echoed", map[string][][]string{strings.Repeat("x", 21): nil}, nil, "hours holds a key that is not a day: use mon to sun"},
		{"an unknown key with a control character is not echoed", map[string][][]string{"mo\nn": nil}, nil, "hours holds a key that is not a day: use mon to sun"},
		{"one time is refused", map[string][][]string{"tue": {{"09:00"}}}, nil, "hours.tue[0] must be two times written HH:MM"},
		{"three times are refused", map[string][][]string{"tue": {{"09:00", "10:00", "11:00"}}}, nil, "hours.tue[0] must be two times written HH:MM"},
		{"no times are refused", map[string][][]string{"tue": {{"09:00", "10:00"}, {}}}, nil, "hours.tue[1] must be two times written HH:MM"},
		{"a time without its leading zero is refused", map[string][][]string{"wed": {{"9:00", "10:00"}}}, nil, "hours.wed[0] must be two times written HH:MM"},
		{"24:00 as an end is refused", map[string][][]string{"wed": {{"22:00", "24:00"}}}, nil, "hours.wed[0] must be two times written HH:MM"},
		{"an interval ending when it starts is refused", map[string][][]string{"thu": {{"09:00", "09:00"}}}, nil, "hours.thu[0] must start before it ends"},
		{"an interval across midnight is refused", map[string][][]string{"thu": {{"08:00", "12:00"}, {"22:00", "02:00"}}}, nil, "hours.thu[1] must start before it ends"},
		{"overlapping intervals are refused", map[string][][]string{"fri": {{"09:00", "12:00"}, {"11:59", "17:00"}}}, nil, "hours.fri intervals must not overlap"},
		{"an interval inside another is refused", map[string][][]string{"fri": {{"09:00", "17:00"}, {"10:00", "11:00"}}}, nil, "hours.fri intervals must not overlap"},
		{"intervals out of order are refused", map[string][][]string{"sat": {{"13:00", "17:00"}, {"09:00", "12:00"}}}, nil, "hours.sat intervals must be in order, earliest first"},
		{"days are read Monday first", map[string][][]string{"sun": {{"x", "y"}}, "mon": {{"x", "y"}}}, nil, "hours.mon[0] must be two times written HH:MM"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := salon.ParseHours(tt.wire)
			wantRefusal(t, err, tt.err)
			if tt.err == "" && !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseHoursJSON(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want salon.Hours
		err  string
	}{
		{"the wire form reads", `{"mon":[["09:00","12:00"],["13:00","17:30"]]}`, salon.Hours{time.Monday: {{540, 720}, {780, 1050}}}, ""},
		{"whitespace is nothing", " {\n \"sun\" : [ [ \"10:00\" , \"11:00\" ] ] }\t", salon.Hours{time.Sunday: {{600, 660}}}, ""},
		{"null is no hours", `null`, salon.Hours{}, ""},
		{"a day's null is the day left out", `{"mon":null,"tue":[]}`, salon.Hours{time.Tuesday: {}}, ""},
		{"an escaped key is its day", `{"m\u006fn":[["09:00","10:00"]]}`, salon.Hours{time.Monday: {{540, 600}}}, ""},

		{"a list is not hours", `[]`, nil, "hours must be an object of days, mon to sun"},
		{"a string is not hours", `"mon"`, nil, "hours must be an object of days, mon to sun"},
		{"nothing is not hours", ``, nil, "hours must be an object of days, mon to sun"},
		{"broken JSON is not hours", `{"mon":[["09:00","10:00"]]`, nil, "hours must be an object of days, mon to sun"},
		{"two objects are not hours", `{} {}`, nil, "hours must be an object of days, mon to sun"},
		{"an unknown key is refused naming it", `{"xyz":[]}`, nil, "hours.xyz is not a day: use mon to sun"},
		{"a day twice is refused", `{"mon":[],"mon":[["09:00","10:00"]]}`, nil, "hours.mon is given twice"},
		{"a day as an object is refused", `{"tue":{"09:00":"10:00"}}`, nil, "hours.tue must be a list of intervals"},
		{"a day as a string is refused", `{"tue":"09:00-10:00"}`, nil, "hours.tue must be a list of intervals"},
		{"an interval as a string is refused", `{"wed":[["09:00","10:00"],"11:00-12:00"]}`, nil, "hours.wed[1] must be two times written HH:MM"},
		{"a time as a number is refused", `{"wed":[["09:00",10]]}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"a time as a list is refused", `{"wed":[[["09:00"],"10:00"]]}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"three times are refused", `{"wed":[["09:00","10:00","11:00"]]}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"a null time is refused", `{"wed":[[null,"10:00"]]}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"a null interval is refused", `{"wed":[null]}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"deep nesting is refused at once", `{"wed":` + strings.Repeat("[", 10000) + `}`, nil, "hours.wed[0] must be two times written HH:MM"},
		{"overlapping intervals are refused", `{"thu":[["09:00","12:00"],["10:00","13:00"]]}`, nil, "hours.thu intervals must not overlap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := salon.ParseHoursJSON([]byte(tt.raw))
			wantRefusal(t, err, tt.err)
			if tt.err == "" && !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWireWritesWhatWasRead(t *testing.T) {
	raw := `{"mon":[["09:00","12:00"],["13:00","17:30"]],"sat":[["00:00","23:59"]],"sun":[]}`
	hours, err := salon.ParseHoursJSON([]byte(raw))
	if err != nil {
		t.Fatalf("got %q, want the hours read", err)
	}
	written, err := json.Marshal(hours.Wire())
	if err != nil {
		t.Fatalf("got %q, want the hours written", err)
	}
	if string(written) != raw {
		t.Fatalf("got %s, want %s", written, raw)
	}
	if got, _ := json.Marshal(salon.Hours(nil).Wire()); string(got) != "{}" {
		t.Fatalf("got %s for no hours, want {}", got)
	}
}

func TestDayKeys(t *testing.T) {
	want := []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}
	if got := salon.DayKeys(); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestWireRoundTrip: any hours that pass Check come back whole through Wire and ParseHours, and through JSON.
func TestWireRoundTrip(t *testing.T) {
	property := func(h weeklyHours) bool {
		hours := salon.Hours(h)
		s := studioNine()
		s.Hours = hours
		if err := s.Check(time.LoadLocation); err != nil {
			t.Errorf("Check: got %q, want the generated hours to pass", err)
			return false
		}
		back, err := salon.ParseHours(hours.Wire())
		if err != nil || !reflect.DeepEqual(back, hours) {
			t.Errorf("ParseHours(Wire()): got %v, %v, want %v", back, err, hours)
			return false
		}
		raw, err := json.Marshal(hours.Wire())
		if err != nil {
			t.Errorf("json.Marshal: got %v, want the hours written", err)
			return false
		}
		back, err = salon.ParseHoursJSON(raw)
		if err != nil || !reflect.DeepEqual(back, hours) {
			t.Errorf("ParseHoursJSON(%s): got %v, %v, want %v", raw, back, err, hours)
			return false
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 500}); err != nil {
		t.Fatal(err)
	}
}

// weeklyHours is random opening hours that pass Check: each day left out, empty, or up to four
// intervals in order, leaning towards the small hours, where the clocks change.
type weeklyHours salon.Hours

func (weeklyHours) Generate(r *rand.Rand, _ int) reflect.Value {
	h := make(salon.Hours)
	for day := time.Sunday; day <= time.Saturday; day++ {
		switch r.Intn(4) {
		case 0:
			continue
		case 1:
			h[day] = []salon.Interval{}
			continue
		}
		var bounds []salon.Clock
		for range 2 * (1 + r.Intn(4)) {
			if r.Intn(2) == 0 {
				bounds = append(bounds, salon.Clock(r.Intn(4*60))) // 00:00 to 03:59
			} else {
				bounds = append(bounds, salon.Clock(r.Intn(24*60)))
			}
		}
		slices.Sort(bounds)
		bounds = slices.Compact(bounds)
		var intervals []salon.Interval
		for i := 0; i+1 < len(bounds); i += 2 {
			intervals = append(intervals, salon.Interval{Start: bounds[i], End: bounds[i+1]})
		}
		if intervals == nil {
			intervals = []salon.Interval{}
		}
		h[day] = intervals
	}
	return reflect.ValueOf(weeklyHours(h))
}

// wantRefusal fails unless err is the Refusal want, or nil when want is "".
func wantRefusal(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("got %q, want no refusal", err)
		}
		return
	}
	if refusal.KindOf(err) != refusal.Invalid || err.Error() != want {
		t.Fatalf("got %v (%T), want the Refusal %q", err, err, want)
	}
}
