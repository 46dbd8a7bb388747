// This file holds the wire form of opening hours: days keyed mon to sun, times written HH:MM.

package salon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"
	"unicode"
	"unicode/utf8"
)

// week is the days in the order the wire lists them and Check reports them: Monday first.
var week = [7]time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday}

// dayKeys is each weekday's key on the wire, indexed by time.Weekday.
var dayKeys = [7]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// DayKeys returns the days' keys on the wire, Monday first: mon, tue, wed, thu, fri, sat, sun.
func DayKeys() []string {
	keys := make([]string, 0, len(week))
	for _, day := range week {
		keys = append(keys, dayKeys[day])
	}
	return keys
}

func dayOf(key string) (time.Weekday, bool) {
	i := slices.Index(dayKeys[:], key)
	return time.Weekday(i), i >= 0
}

// ErrNotAClock is ParseClock's refusal of text that is not a wall-clock time.
var ErrNotAClock = Refusal("a time must be written HH:MM, from 00:00 to 23:59")

// ParseClock reads a wall-clock time written HH:MM, 24-hour, two digits each, from 00:00 to
// 23:59. Anything else, "9:00", "24:00" and "09:00:00" among them, is refused with ErrNotAClock.
func ParseClock(text string) (Clock, error) {
	if len(text) != 5 || text[2] != ':' {
		return 0, ErrNotAClock
	}
	hours, ok1 := twoDigits(text[0:2])
	minutes, ok2 := twoDigits(text[3:5])
	if !ok1 || !ok2 || hours > 23 || minutes > 59 {
		return 0, ErrNotAClock
	}
	return Clock(hours*60 + minutes), nil
}

func twoDigits(text string) (int, bool) {
	if text[0] < '0' || text[0] > '9' || text[1] < '0' || text[1] > '9' {
		return 0, false
	}
	return int(text[0]-'0')*10 + int(text[1]-'0'), true
}

// String writes c as ParseClock reads it, such as "09:00". A Clock outside 0 to 1439 is not a
// time of day and is written as Clock(n).
func (c Clock) String() string {
	if !c.valid() {
		return fmt.Sprintf("Clock(%d)", int(c))
	}
	return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60)
}

func (c Clock) valid() bool { return c >= 0 && c < 24*60 }

// ParseHours reads opening hours in their wire form: keys mon to sun, each a list of intervals,
// each two times written HH:MM. A day left out or nil is closed and absent from the Hours; a day
// with an empty, non-nil list is closed and present, so Wire gives it back as []. The refusals
// name the field, days in order mon to sun: "hours.xyz is not a day: use mon to sun",
// "hours.mon[0] must be two times written HH:MM", "hours.mon[1] must start before it ends",
// "hours.mon intervals must be in order, earliest first", "hours.mon intervals must not overlap".
// Hours that ParseHours returns pass Check.
func ParseHours(wire map[string][][]string) (Hours, error) {
	var strangers []string
	for key := range wire {
		if _, ok := dayOf(key); !ok {
			strangers = append(strangers, key)
		}
	}
	if len(strangers) > 0 {
		return nil, notADay(slices.Min(strangers))
	}
	hours := make(Hours, len(wire))
	for _, day := range week {
		list := wire[dayKeys[day]]
		if list == nil {
			continue
		}
		intervals := make([]Interval, len(list))
		for i, pair := range list {
			iv, ok := parseInterval(pair)
			if !ok {
				return nil, notTwoTimes(dayKeys[day], i)
			}
			intervals[i] = iv
		}
		if err := checkDay(day, intervals); err != nil {
			return nil, err
		}
		hours[day] = intervals
	}
	return hours, nil
}

func parseInterval(pair []string) (Interval, bool) {
	if len(pair) != 2 {
		return Interval{}, false
	}
	start, err1 := ParseClock(pair[0])
	end, err2 := ParseClock(pair[1])
	return Interval{Start: start, End: end}, err1 == nil && err2 == nil
}

// notADay refuses a key that is not a day, naming it when it is short and printable, so a
// hostile key is never echoed back at length.
func notADay(key string) error {
	if utf8.RuneCountInString(key) > 20 || !utf8.ValidString(key) || slices.ContainsFunc([]rune(key), func(r rune) bool { return !unicode.IsPrint(r) }) {
		return Refusal("hours holds a key that is not a day: use mon to sun")
	}
	return Refusal("hours." + key + " is not a day: use mon to sun")
}

// ErrHoursNotAnObject is ParseHoursJSON's refusal of JSON that is not an object of days.
var ErrHoursNotAnObject = Refusal("hours must be an object of days, mon to sun")

// ParseHoursJSON reads opening hours from their JSON text, such as
// {"mon":[["09:00","12:00"],["13:00","17:30"]]}, refusing each shape by field name where a
// decoder into map[string][][]string would only say the JSON didn't fit: besides ParseHours'
// refusals, ErrHoursNotAnObject, "hours.mon must be a list of intervals" and "hours.mon is given
// twice". JSON null reads as no hours at all, and a day's null as the day left out.
func ParseHoursJSON(raw []byte) (Hours, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	switch {
	case err != nil:
		return nil, ErrHoursNotAnObject
	case tok == nil:
		if _, err := dec.Token(); err != io.EOF {
			return nil, ErrHoursNotAnObject
		}
		return Hours{}, nil
	case tok != json.Delim('{'):
		return nil, ErrHoursNotAnObject
	}
	wire := make(map[string][][]string)
	seen := make(map[string]bool)
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return nil, ErrHoursNotAnObject
		}
		if _, ok := dayOf(key); !ok {
			return nil, notADay(key)
		}
		if seen[key] {
			return nil, Refusal("hours." + key + " is given twice")
		}
		seen[key] = true
		list, err := readDay(dec, key)
		if err != nil {
			return nil, err
		}
		if list != nil {
			wire[key] = list
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return nil, ErrHoursNotAnObject
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ErrHoursNotAnObject
	}
	return ParseHours(wire)
}

// readDay reads one day's list of intervals, each a list of strings; ParseHours then reads the
// strings as times. A null day is nil, an empty list an empty non-nil one.
func readDay(dec *json.Decoder, key string) ([][]string, error) {
	notAList := Refusal("hours." + key + " must be a list of intervals")
	tok, err := dec.Token()
	switch {
	case err != nil:
		return nil, notAList
	case tok == nil:
		return nil, nil
	case tok != json.Delim('['):
		return nil, notAList
	}
	list := [][]string{}
	for i := 0; dec.More(); i++ {
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return nil, notTwoTimes(key, i)
		}
		var pair []string
		for dec.More() {
			tok, err := dec.Token()
			text, ok := tok.(string)
			if err != nil || !ok || len(pair) == 2 {
				return nil, notTwoTimes(key, i)
			}
			pair = append(pair, text)
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
			return nil, notTwoTimes(key, i)
		}
		list = append(list, pair)
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
		return nil, notAList
	}
	return list, nil
}

// Wire writes h in the form ParseHours reads: every day h holds, by its key, each interval as
// two times written HH:MM. A day h holds with no interval is written as an empty list; the
// result and its lists are never nil, so JSON shows {} and [] rather than null.
// ParseHours(h.Wire()) gives back h for any Hours that passes Check.
func (h Hours) Wire() map[string][][]string {
	wire := make(map[string][][]string, len(h))
	for day, intervals := range h {
		if day < time.Sunday || day > time.Saturday {
			continue
		}
		list := make([][]string, len(intervals))
		for i, iv := range intervals {
			list[i] = []string{iv.Start.String(), iv.End.String()}
		}
		wire[dayKeys[day]] = list
	}
	return wire
}
