// This file tests the reading of a day's list against a plain reading of the same rules: any list,
// any window, the same spans or the same refusal.

package store

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// plainTokens reads list as eachToken does, token by token with the standard library: a token is
// "stylist:start:minutes:after" between semicolons, each number 1 to 18 digits, with
// ":resources" after it when the booking holds any (no ":" in them, and not empty), and a token
// whose start is outside [from, to) is skipped with the rest of it unread.
func plainTokens(list string, from, to int64) ([]daySpan, bool) {
	digits := func(s string) (int64, bool) {
		if len(s) == 0 || len(s) > 18 || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	var out []daySpan
	for token := range strings.SplitSeq(list, ";") {
		if token == "" {
			continue
		}
		stylist, rest, ok := strings.Cut(token, ":")
		if !ok {
			return nil, false
		}
		start, rest, ok := strings.Cut(rest, ":")
		if !ok {
			return nil, false
		}
		sp := daySpan{stylist: stylist}
		if sp.start, ok = digits(start); !ok {
			return nil, false
		}
		if sp.start < from || sp.start >= to {
			continue
		}
		minutes, after, ok := strings.Cut(rest, ":")
		if !ok {
			return nil, false
		}
		if sp.minutes, ok = digits(minutes); !ok {
			return nil, false
		}
		after, resources, held := strings.Cut(after, ":")
		if sp.afterMins, ok = digits(after); !ok {
			return nil, false
		}
		if held {
			if resources == "" || strings.Contains(resources, ":") {
				return nil, false
			}
			sp.resources = resources
		}
		out = append(out, sp)
	}
	return out, true
}

func FuzzEachToken(f *testing.F) {
	for _, seed := range []struct {
		list     string
		from, to int64
	}{
		{";ana:1796119200:90:30;ben:1796119200:45:0;", 0, 1 << 40},
		{";ana:1796119200:90:30;ben:1796119200:45:0;", 1796119200, 1796119201},
		{":1796119200:45:0;:1796122800:45:0", 1796120000, 1796130000},
		{";;;", 0, 10},
		{";ana:12:3;", 0, 100},
		{";ana:12:3;", 20, 100},
		{";ana:12:3:4:5;", 0, 100},
		{";ana:12:3:4:basin+chair;ben:13:5:0;", 0, 100},
		{";ana:12:3:4:;", 0, 100},
		{";ana:12:3:4:basin:chair;", 0, 100},
		{";ana:12:3:4:basin", 0, 100},
		{";a;b:1:2:3;", 0, 100},
		{";ana:-12:3:4;", -100, 100},
		{";ana:1234567890123456789:3:4;", 0, 1 << 62},
		{"ana:12", 0, 100},
		{"ana:12", 20, 100},
	} {
		f.Add(seed.list, seed.from, seed.to)
	}
	f.Fuzz(func(t *testing.T, list string, from, to int64) {
		var got []daySpan
		err := eachToken(list, from, to, func(sp daySpan) { got = append(got, sp) })
		want, ok := plainTokens(list, from, to)
		if (err == nil) != ok {
			t.Fatalf("eachToken(%q, %d, %d): got error %v, want it read: %v", list, from, to, err, ok)
		}
		if ok && !reflect.DeepEqual(got, want) {
			t.Fatalf("eachToken(%q, %d, %d): got %+v, want %+v", list, from, to, got, want)
		}
	})
}
