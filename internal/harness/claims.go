// This file holds the claim reader: the one function that reads days, times, hours and prices out of text.

package harness

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// ClaimKind is what a claim states: a day, a time of day, an hour (a day with a time beside it) or a price.
type ClaimKind string

// The kinds of claim the reader finds.
const (
	ClaimDay   ClaimKind = "day"
	ClaimTime  ClaimKind = "time"
	ClaimHour  ClaimKind = "hour"
	ClaimPrice ClaimKind = "price"
)

// Claim is one statement of fact found in a text. Day is set for a day and an hour, Minute (minutes
// after midnight) for a time and an hour, Amount (the digits as written) for a price. Text is the
// claim as written.
type Claim struct {
	Kind   ClaimKind
	Day    time.Weekday
	Minute int
	Amount string
	Text   string
}

// String names the claim in the salon's words, such as "Saturday 10:30" or "price 45".
func (c Claim) String() string {
	switch c.Kind {
	case ClaimDay:
		return c.Day.String()
	case ClaimTime:
		return clockOf(c.Minute)
	case ClaimHour:
		return c.Day.String() + " " + clockOf(c.Minute)
	}
	return "price " + c.Amount
}

func clockOf(minute int) string { return fmt.Sprintf("%02d:%02d", minute/60, minute%60) }

// atoms finds every price, time and day in a text whose ASCII letters are lowered, leftmost first.
// At one position the alternatives are tried in order, so "3 pm" is a time and "45 dollars" a price.
var atoms = regexp.MustCompile(
	`(?P<price>[$£€]\s?\d+(?:[.,]\d{1,2})?|\b\d+(?:\.\d{1,2})?\s?(?:dollars?|bucks|usd|euros?|eur|pounds?|gbp)\b)` +
		`|(?P<clock>\b\d{1,2}(?::[0-5]\d)?\s?(?:am\b|pm\b|a\.m\.|p\.m\.)|\b\d{1,2}:[0-5]\d\b)` +
		`|(?P<noon>\b(?:noon|midday)\b)` +
		`|(?P<day>\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b)`)

// besides is the text that may stand between a day and a time for the two to read as one hour:
// nothing, a space, a dash, a comma, "at", "on" or "@".
var besides = regexp.MustCompile(`^[\s,]*(?:-|–|at|on|@)?[\s,]*$`)

var weekdays = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// atom is one match of atoms, with where it stands in the text.
type atom struct {
	claim      Claim
	start, end int
}

// Claims reads every claim in text, in the order written. Weekdays count in full or in three
// letters ("Saturday", "sat"); times such as "10:30", "3pm", "3 pm" and "10:30am" (a time without
// am or pm is read on the 24-hour clock); prices such as "$45" or "45 dollars". A day with a time
// beside it is one claim, an hour: "sat-10:30", "Saturday 10:30", "Saturday at 10:30" and
// "10:30 on Saturday" are each the hour Saturday 10:30. Text that reads as no valid day, time or
// price (such as "25:00") is no claim.
func Claims(text string) []Claim {
	lower := asciiLower(text)
	var found []atom
	for _, m := range atoms.FindAllStringSubmatchIndex(lower, -1) {
		if c, ok := readAtom(lower, m); ok {
			c.Text = text[m[0]:m[1]]
			found = append(found, atom{claim: c, start: m[0], end: m[1]})
		}
	}
	var claims []Claim
	for i := 0; i < len(found); i++ {
		if i+1 < len(found) {
			if hour, ok := join(text, lower, found[i], found[i+1]); ok {
				claims = append(claims, hour)
				i++
				continue
			}
		}
		claims = append(claims, found[i].claim)
	}
	return claims
}

// join reads two neighbouring atoms as one hour when one is a day, the other a time, and only
// besides-text stands between them.
func join(text, lower string, a, b atom) (Claim, bool) {
	day, clock := a.claim, b.claim
	if day.Kind == ClaimTime && clock.Kind == ClaimDay {
		day, clock = clock, day
	}
	if day.Kind != ClaimDay || clock.Kind != ClaimTime || !besides.MatchString(lower[a.end:b.start]) {
		return Claim{}, false
	}
	return Claim{Kind: ClaimHour, Day: day.Day, Minute: clock.Minute, Text: text[a.start:b.end]}, true
}

// readAtom turns one match of the lowered text into its claim; a time that names no real time of day is none.
func readAtom(lower string, m []int) (Claim, bool) {
	for i, name := range atoms.SubexpNames() {
		if name == "" || m[2*i] < 0 {
			continue
		}
		written := lower[m[2*i]:m[2*i+1]]
		switch name {
		case "price":
			return Claim{Kind: ClaimPrice, Amount: amountOf(written)}, true
		case "noon":
			return Claim{Kind: ClaimTime, Minute: 12 * 60}, true
		case "day":
			return Claim{Kind: ClaimDay, Day: weekdays[written[:3]]}, true
		}
		minute, ok := minuteOf(written)
		return Claim{Kind: ClaimTime, Minute: minute}, ok
	}
	return Claim{}, false
}

// asciiLower lowers ASCII letters only, so every byte keeps its place.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// minuteOf reads "10:30", "10:30am", "3 pm" or "3p.m." as minutes after midnight.
func minuteOf(written string) (int, bool) {
	clock := strings.TrimSpace(strings.TrimRight(written, "apm. "))
	hours, minutes, hasMinutes := strings.Cut(clock, ":")
	h, err := strconv.Atoi(hours)
	if err != nil {
		return 0, false
	}
	m := 0
	if hasMinutes {
		if m, err = strconv.Atoi(minutes); err != nil {
			return 0, false
		}
	}
	switch {
	case strings.ContainsRune(written, 'a'), strings.ContainsRune(written, 'p'):
		if h < 1 || h > 12 {
			return 0, false
		}
		h %= 12
		if strings.ContainsRune(written, 'p') {
			h += 12
		}
	case h > 23:
		return 0, false
	}
	return h*60 + m, true
}

// amountOf reads a price's amount in one spelling: "$45", "45.00 dollars" and "€45,00" are all "45",
// and "$45.5" is "45.50".
func amountOf(written string) string {
	var digits strings.Builder
	for _, r := range written {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case r == '.' || r == ',':
			digits.WriteRune('.')
		}
	}
	whole, cents, _ := strings.Cut(strings.Trim(digits.String(), "."), ".")
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	cents = (cents + "00")[:2]
	if cents == "00" {
		return whole
	}
	return whole + "." + cents
}
