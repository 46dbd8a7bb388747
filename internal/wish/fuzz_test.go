// This file holds FuzzRead and FuzzReadIn: any words at any moment in any of several zones, in any
// shipped language, never panic and read a sound Wish.

package wish_test

import (
	"strings"
	"testing"
	"time"

	"salon/internal/wish"
)

// fuzzZones are the zones FuzzRead reads in, picked by the fuzzer's byte.
var fuzzZones = []string{"Europe/London", "Australia/Sydney", "America/Santiago", "Pacific/Auckland", "America/Los_Angeles", "UTC"}

// FuzzRead reads hostile words at a moment and in a zone the fuzzer picks. Read must never panic,
// and the Wish must be sound: the same read twice and, for ASCII words, in capitals; a day that
// exists, a clock time within the day, a known part; a Wish that names nothing matches every
// start; and what Pick calls matching, Matches does.
func FuzzRead(f *testing.F) {
	f.Add("A colour on Friday afternoon please", int64(1796202000), uint8(0))
	f.Add("5/12 at 10:30", int64(1796202000), uint8(1))
	f.Add("tomorrow 1:30am", int64(1792875600), uint8(0))
	f.Add("£10.30 on 31/2", int64(1796202000), uint8(2))
	f.Fuzz(func(t *testing.T, words string, unix int64, zoneIndex uint8) {
		loc, now := fuzzed(t, unix, zoneIndex)
		sound(t, func(words string) wish.Wish { return wish.Read(words, now, loc) }, words, now)
	})
}

// FuzzReadIn reads hostile words in each shipped language, as FuzzRead does in English, and asks
// the same of the Wish.
func FuzzReadIn(f *testing.F) {
	f.Add("Freitag 14 Uhr", int64(1796202000), uint8(0), uint8(1))
	f.Add("3 heures de l'après-midi", int64(1796202000), uint8(1), uint8(2))
	f.Add("pasado mañana por la mañana a las 10", int64(1792875600), uint8(0), uint8(3))
	f.Add("5.12.2026 um 14h30 €", int64(1796202000), uint8(2), uint8(1))
	f.Fuzz(func(t *testing.T, words string, unix int64, zoneIndex, language uint8) {
		loc, now := fuzzed(t, unix, zoneIndex)
		code := []string{"en", "de", "fr", "es"}[int(language)%4]
		sound(t, func(words string) wish.Wish { return wish.ReadIn(code, words, now, loc) }, words, now)
	})
}

// fuzzed is the zone and the moment the fuzzer's numbers pick.
func fuzzed(t *testing.T, unix int64, zoneIndex uint8) (*time.Location, time.Time) {
	loc := zone(t, fuzzZones[int(zoneIndex)%len(fuzzZones)])
	// Keep now within years the calendar reads sensibly: 1970 to 2100.
	return loc, time.Unix(int64(uint64(unix)%uint64(130*365*24*3600)), 0)
}

// sound fails t unless read reads words into a sound Wish: the same read twice and, for ASCII
// words, in capitals; a day that exists, a clock time within the day, a known part; a Wish that
// names nothing matches every start; and what Pick calls matching, Matches does.
func sound(t *testing.T, read func(string) wish.Wish, words string, now time.Time) {
	t.Helper()
	w := read(words)
	if again := read(words); again != w {
		t.Fatalf("Read(%q) twice: got %s then %s, want the same", words, w, again)
	}
	if isASCII(words) {
		if upper := read(strings.ToUpper(words)); upper != w {
			t.Fatalf("Read(%q): got %s, and %s in capitals, want the same", words, w, upper)
		}
	}
	if day, ok := w.Day(); ok {
		at := time.Date(day.Year, day.Month, day.Day, 12, 0, 0, 0, time.UTC)
		if ay, am, ad := at.Date(); ay != day.Year || am != day.Month || ad != day.Day {
			t.Fatalf("Read(%q).Day(): got %s, want a day of the calendar", words, day)
		}
	}
	if c, ok := w.Clock(); ok && (c < 0 || c >= 24*60) {
		t.Fatalf("Read(%q).Clock(): got %d, want 0 to 1439", words, c)
	}
	if p := w.Part(); p < wish.AnyPart || p > wish.Evening {
		t.Fatalf("Read(%q).Part(): got %d, want a known part", words, int(p))
	}
	starts := []time.Time{now, now.Add(90 * time.Minute), now.Add(26 * time.Hour), now.Add(7*24*time.Hour + 5*time.Hour)}
	if !w.Names() {
		for _, s := range starts {
			if !w.Matches(s) {
				t.Fatalf("Read(%q) names nothing but Matches(%s) is false", words, s)
			}
		}
	}
	picked, matched := wish.Pick(w, starts, 2)
	if len(picked) > 2 {
		t.Fatalf("Pick(%q, 2): got %d starts, want at most 2", words, len(picked))
	}
	for _, i := range picked {
		if matched && !w.Matches(starts[i]) {
			t.Fatalf("Pick(%q): picked %s as matching, but Matches is false", words, starts[i])
		}
	}
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
