// This file holds Read: the words split into words, and the day, part and clock time found in them.

package wish

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Read reads the day, the part of the day and the clock time the words name, in English, as the
// package comment sets out, with today taken as now's date in loc. A nil loc is read as UTC. The
// Wish it returns matches starts in loc. Read never fails: words it can't read name nothing.
func Read(words string, now time.Time, loc *time.Location) Wish {
	return readWith(english, words, now, loc)
}

// ReadIn is Read in the language code: "en", "de", "fr" or "es" (any other is English). Words that
// name nothing in that language are read again in English, so a customer who writes English to a
// salon that speaks another is still understood.
func ReadIn(code, words string, now time.Time, loc *time.Location) Wish {
	v, ok := vocabularies[code]
	if !ok || v == english {
		return Read(words, now, loc)
	}
	if w := readWith(v, words, now, loc); w.Names() {
		return w
	}
	return Read(words, now, loc)
}

func readWith(v *vocabulary, words string, now time.Time, loc *time.Location) Wish {
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	r := reader{v: v, words: split(words), today: Date{y, m, d}}
	r.read()

	w := Wish{loc: loc, part: r.part}
	switch {
	case r.hasDate:
		w.day, w.hasDay = r.date, true
	case r.hasRelative:
		w.day, w.hasDay = r.relative, true
	}
	if r.hasClock {
		h := r.hour
		if !r.meridiem && (r.part == Afternoon || r.part == Evening) && 1 <= h && h <= 11 {
			h += 12
		}
		w.clock, w.hasClock = h*60+r.minute, true
	}
	return w
}

// word is one word of the customer's, lower-cased, with the runes either side of it (0 at an end)
// so a number touching a currency sign can be told from a time.
type word struct {
	text          string
	before, after rune
}

// split splits the words, lower-cased, into words at anything but a letter or a digit, keeping
// ':', '.' and '/' that stand between two letters or digits. Each word is a piece of one string.
func split(s string) []word {
	s = strings.ToLower(s)
	words := make([]word, 0, 16)
	start := -1 // the byte where the current word began, or -1 between words
	var before rune
	prev := rune(0) // the rune before i
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		inner := false
		if start >= 0 && (c == ':' || c == '.' || c == '/') {
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			inner = i+size < len(s) && isWordRune(next)
		}
		switch {
		case isWordRune(c) || inner:
			if start < 0 {
				start, before = i, prev
			}
		case start >= 0:
			words = append(words, word{text: s[start:i], before: before, after: c})
			start = -1
		}
		prev = c
		i += size
	}
	if start >= 0 {
		words = append(words, word{text: s[start:], before: before})
	}
	return words
}

func isWordRune(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

// touchesMoney reports whether a word stands against a currency sign, as "£45" or "12.50€" do.
func (w word) touchesMoney() bool {
	return unicode.Is(unicode.Sc, w.before) || unicode.Is(unicode.Sc, w.after)
}

// reader walks the words once, keeping the first of each thing it finds.
type reader struct {
	v     *vocabulary
	words []word
	today Date

	date        Date // a date with a month: counts before any relative day
	hasDate     bool
	relative    Date // a weekday, today or tomorrow
	hasRelative bool
	part        Part

	hour, minute int
	meridiem     bool // the clock time said am or pm, or was noon: no afternoon shift
	hasClock     bool
}

func (r *reader) text(i int) string {
	if i < 0 || i >= len(r.words) {
		return ""
	}
	return r.words[i].text
}

func (r *reader) read() {
	v := r.v
	for i := 0; i < len(r.words); i++ {
		t, prev := r.text(i), r.text(i-1)
		if wd, ok := v.weekdays[t]; ok {
			r.setRelative(r.today.nextWeekday(wd, v.nextBefore[prev] || v.nextAfter[r.text(i+1)]))
			continue
		}
		if pa, ok := v.partAfter[t]; ok {
			if _, afterDay := v.weekdays[prev]; pa.words[prev] || afterDay {
				if v.this[prev] {
					r.setRelative(r.today)
				}
				r.setPart(pa.part)
				continue
			}
		}
		if n, ok := v.relative[t]; ok {
			if n == 1 && v.dayAfter(r, i) {
				n = 2
			}
			r.setRelative(r.today.add(n))
			continue
		}
		if v.evenings[t] {
			r.setRelative(r.today)
			r.setPart(Evening)
			continue
		}
		if v.noons[t] {
			if p, ok := v.notNoonAfter[prev]; ok {
				if v.this[r.text(i-2)] {
					r.setRelative(r.today)
				}
				r.setPart(p)
			} else {
				r.setClock(12, 0, true)
			}
			continue
		}
		if p, ok := v.parts[t]; ok {
			if v.this[prev] {
				r.setRelative(r.today)
			}
			r.setPart(p)
			continue
		}
		if n := r.readDate(i); n > 0 {
			i += n - 1
			continue
		}
		if n := r.readClock(i); n > 0 {
			i += n - 1
		}
	}
}

func (r *reader) setRelative(d Date) {
	if !r.hasRelative {
		r.relative, r.hasRelative = d, true
	}
}

func (r *reader) setPart(p Part) {
	if r.part == AnyPart {
		r.part = p
	}
}

func (r *reader) setClock(hour, minute int, meridiem bool) {
	if !r.hasClock {
		r.hour, r.minute, r.meridiem, r.hasClock = hour, minute, meridiem, true
	}
}

// readDate reads a date starting at word i and returns how many words it took, or 0 for none.
// A date is remembered only if none came before, but its words are taken either way.
func (r *reader) readDate(i int) int {
	if r.words[i].touchesMoney() {
		return 0
	}
	day, month, year, n := 0, time.Month(0), 0, 0
	t := r.text(i)
	if m, ok := r.v.months[t]; ok { // December [the] 5th [2026]
		j := i + 1
		if r.v.the[r.text(j)] {
			j++
		}
		d, ok := r.dayOfMonth(j)
		if !ok {
			return 0
		}
		day, month, n = d, m, j-i+1
		if y, ok := fourDigitYear(r.words, j+1); ok {
			year, n = y, n+1
		}
	} else if d, ok := r.dayOfMonth(i); ok { // 5th [of] December [2026]
		j := i + 1
		if r.v.of[r.text(j)] {
			j++
		}
		m, ok := r.v.months[r.text(j)]
		if !ok {
			return 0
		}
		day, month, n = d, m, j-i+1
		if y, ok := fourDigitYear(r.words, j+1); ok {
			year, n = y, n+1
		}
	} else if d, m, y, ok := slashDate(t, "/"); ok { // 5/12[/2026]
		day, month, year, n = d, m, y, 1
	} else if d, m, y, ok := slashDate(t, "."); ok && r.v.dotDates && (y != 0 || r.words[i].after == '.') { // 5.12.[2026]
		day, month, year, n = d, m, y, 1
	} else {
		return 0
	}
	if r.hasDate {
		return n
	}
	if date, ok := r.today.next(day, month, year); ok {
		r.date, r.hasDate = date, true
	}
	return n
}

// readClock reads a clock time starting at word i and returns how many words it took, or 0 for none.
func (r *reader) readClock(i int) int {
	w := r.words[i]
	if w.touchesMoney() {
		return 0
	}
	v := r.v
	digits, suffix := splitSuffix(w.text)
	n := 1
	if suffix == "" {
		if next := r.text(i + 1); v.meridiems[next] != "" {
			suffix, n = next, 2
		}
	}
	hour, minute, hasMinutes, ok := hoursMinutes(digits)
	if !ok {
		return 0
	}
	switch v.meridiems[suffix] {
	case "am", "pm":
		if hour < 1 || hour > 12 {
			return 0
		}
		hour %= 12
		if v.meridiems[suffix] == "pm" {
			hour += 12
		}
		r.setClock(hour, minute, true)
		return n
	}
	marked := v.atWords[r.text(i-1)]       // "um 3", "a las 3"
	if v.hourSuffix != "" && !hasMinutes { // "14h", "14h30"
		if rest, found := strings.CutPrefix(suffix, v.hourSuffix); found {
			if rest != "" {
				if minute, ok = number(rest, 2, 2); !ok || minute > 59 {
					return 0
				}
				hasMinutes = true
			}
			suffix, marked = "", true
		}
	}
	if suffix != "" || hour > 23 {
		return 0
	}
	if v.hourWords[r.text(i+1)] { // "14 Uhr", "15 heures", "14 h 30"
		n, marked = 2, true
		if m, ok := number(r.text(i+2), 2, 2); ok && !hasMinutes && m <= 59 {
			minute, n = m, 3
		}
	}
	if !hasMinutes && !marked {
		return 0
	}
	r.setClock(hour, minute, false)
	return n
}

// splitSuffix splits "10.30am" into "10.30" and "am".
func splitSuffix(t string) (digits, suffix string) {
	i := strings.IndexFunc(t, unicode.IsLetter)
	if i < 0 {
		return t, ""
	}
	return t[:i], t[i:]
}

// hoursMinutes reads "H", "HH", "H:MM", "HH:MM", "H.MM" or "HH.MM"; the hour is not yet bounded.
func hoursMinutes(s string) (hour, minute int, hasMinutes, ok bool) {
	h, m, found := strings.Cut(s, ":")
	if !found {
		h, m, found = strings.Cut(s, ".")
	}
	hour, ok = number(h, 1, 2)
	if !ok {
		return 0, 0, false, false
	}
	if !found {
		return hour, 0, false, true
	}
	minute, ok = number(m, 2, 2)
	if !ok || minute > 59 {
		return 0, 0, false, false
	}
	return hour, minute, true, true
}

// number reads an unsigned decimal of min to max ASCII digits.
func number(s string, min, max int) (int, bool) {
	if len(s) < min || len(s) > max {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// dayOfMonth reads word i as a day of the month, 1 to 31, plain or ordinal ("5", "5th", "22nd",
// "1er").
func (r *reader) dayOfMonth(i int) (int, bool) {
	words := r.words
	if i < 0 || i >= len(words) || words[i].touchesMoney() {
		return 0, false
	}
	t := words[i].text
	for _, suffix := range r.v.ordinals {
		if s, found := strings.CutSuffix(t, suffix); found {
			t = s
			break
		}
	}
	d, ok := number(t, 1, 2)
	return d, ok && 1 <= d && d <= 31
}

// fourDigitYear reads word i as a year of four digits, from 2000 to 2099, so "Dec 5 1400" is not
// the year 1400.
func fourDigitYear(words []word, i int) (int, bool) {
	if i >= len(words) || words[i].touchesMoney() {
		return 0, false
	}
	y, ok := number(words[i].text, 4, 4)
	return y, ok && 2000 <= y && y <= 2099
}

// slashDate reads "5/12", "5/12/26" or "5/12/2026", day first, with sep between the numbers; a
// year is from 2000 to 2099. The year is 0 when none was written.
func slashDate(t, sep string) (day int, month time.Month, year int, ok bool) {
	dd, rest, found := strings.Cut(t, sep)
	if !found {
		return 0, 0, 0, false
	}
	mm, yy, hasYear := strings.Cut(rest, sep)
	d, okD := number(dd, 1, 2)
	m, okM := number(mm, 1, 2)
	if !okD || !okM {
		return 0, 0, 0, false
	}
	if hasYear {
		switch y, okY := number(yy, 2, 4); {
		case okY && len(yy) == 2:
			year = 2000 + y
		case okY && len(yy) == 4 && 2000 <= y && y <= 2099:
			year = y
		default:
			return 0, 0, 0, false
		}
	}
	return d, time.Month(m), year, true
}

// add returns the day n days after d, counted on the calendar.
func (d Date) add(n int) Date {
	t := time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC)
	y, m, day := t.Date()
	return Date{y, m, day}
}

// nextWeekday returns the next day from d, d itself included unless after, that falls on wd.
func (d Date) nextWeekday(wd time.Weekday, after bool) Date {
	today := time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).Weekday()
	ahead := (int(wd) - int(today) + 7) % 7
	if ahead == 0 && after {
		ahead = 7
	}
	return d.add(ahead)
}

// next returns the date of day and month in year, or, with year 0, its next occurrence from d, d
// included. It reports false for a day and month that never occur together, or a year out of range.
func (d Date) next(day int, month time.Month, year int) (Date, bool) {
	if month < time.January || month > time.December || day < 1 {
		return Date{}, false
	}
	if year != 0 {
		c := Date{year, month, day}
		return c, c.exists()
	}
	// 29 February comes round at most eight years on (1900 and 2100 are not leap years).
	for y := d.Year; y <= d.Year+8; y++ {
		c := Date{y, month, day}
		if c.exists() && !c.before(d) {
			return c, true
		}
	}
	return Date{}, false
}

// exists reports whether d is a day of the calendar.
func (d Date) exists() bool {
	t := time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC)
	y, m, day := t.Date()
	return y == d.Year && m == d.Month && day == d.Day
}

func (d Date) before(e Date) bool {
	if d.Year != e.Year {
		return d.Year < e.Year
	}
	if d.Month != e.Month {
		return d.Month < e.Month
	}
	return d.Day < e.Day
}
