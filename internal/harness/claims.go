// This file holds the claim reader: the one function that reads days, times, hours and prices out of text.

package harness

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"salon/internal/salon"
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

// NoWeekday is the Day of a day or an hour written as a date alone ("5 December"), which names no weekday.
const NoWeekday time.Weekday = -1

// Date is a day of the year as a label writes it, "5 December": a month and a day of the month,
// no year (a salon's horizon is shorter than one). The zero Date is none.
type Date struct {
	Month time.Month
	Day   int
}

// IsZero reports whether d is no date.
func (d Date) IsZero() bool { return d == Date{} }

// String writes d as a label does, such as "5 December".
func (d Date) String() string { return strconv.Itoa(d.Day) + " " + d.Month.String() }

// Claim is one statement of fact found in a text. Day is set for a day and an hour (NoWeekday when
// only a date is written), Date when a date is written ("Saturday 5 December"), Minute (minutes
// after midnight) for a time and an hour, At for an hour written as a slot id
// ("2026-12-05T10:30:00Z", its Day, Date and Minute read in the offset written), Amount (the
// digits as written, in one spelling) and Sign for a price. Text is the claim as written.
type Claim struct {
	Kind   ClaimKind
	Day    time.Weekday
	Date   Date
	Minute int
	At     time.Time
	Amount string
	// Sign is the currency a price is written in, lowered: its symbol ("£", "a$"), its code
	// ("gbp"), or the symbol its word stands for ("pounds" is "£", "dollars" "$", "euros" "€").
	Sign string
	Text string
}

// String names the claim in the salon's words, such as "Saturday 10:30", "Saturday 5 December, 10:30" or "price 45".
func (c Claim) String() string {
	switch c.Kind {
	case ClaimDay:
		return c.day()
	case ClaimTime:
		return clockOf(c.Minute)
	case ClaimHour:
		if c.Date.IsZero() {
			return c.day() + " " + clockOf(c.Minute)
		}
		return c.day() + ", " + clockOf(c.Minute)
	}
	return "price " + c.Amount
}

// day names a day or an hour's day: its weekday, its date, or both.
func (c Claim) day() string {
	switch {
	case c.Date.IsZero():
		return c.Day.String()
	case c.Day == NoWeekday:
		return c.Date.String()
	}
	return c.Day.String() + " " + c.Date.String()
}

func clockOf(minute int) string { return fmt.Sprintf("%02d:%02d", minute/60, minute%60) }

// months are the month names the reader knows, in full or in three letters ("sept" too).
const months = `(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)`

// number is an amount as a price writes it: its thousands grouped with commas ("1,250.00"), or
// not, with up to three decimals after a point or a comma ("45.00", "45,00", "45.500").
const number = `(?:\d{1,3}(?:,\d{3})+(?:\.\d{1,3})?|\d+(?:[.,]\d{1,3})?)`

// signs are the currency symbols a price is read with, lowered, before its amount: a symbol alone,
// or a dollar or yen with the letters that name whose ("a$", "us$", "cn¥").
const signs = `(?:\b(?:us|a|au|c|ca|nz|hk|mx|nt|r|s)\$|\b(?:cn|jp)¥|[$£€¥₹₩₪₺])`

// priceWords are the words and lower-case codes read after an amount as its currency.
const priceWords = `(?:dollars?|bucks|usd|euros?|eur|pounds?|quid|gbp)`

// atoms finds every slot id, price, date, time and day in a text whose ASCII letters are lowered,
// leftmost first. At one position the alternatives are tried in order, so "3 pm" is a time,
// "45 dollars" a price and "5 December" a date.
var atoms = regexp.MustCompile(
	`(?P<id>\b\d{4}-\d{2}-\d{2}t\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:z|[+-]\d{2}:\d{2}))` +
		`|(?P<price>` + signs + `\s?` + number + `|\b` + number + `\s?` + priceWords + `\b)` +
		`|(?P<date>\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + months + `\b(?:,?\s+\d{4}\b)?)` +
		`|(?P<clock>\b\d{1,2}(?:[:.][0-5]\d)?\s?(?:am\b|pm\b|a\.m\.|p\.m\.)|\b\d{1,2}[:.][0-5]\d\b)` +
		`|(?P<noon>\b(?:noon|midday)\b)` +
		`|(?P<day>\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b)`)

// coded finds, in the text as written, an amount with an ISO 4217 code in capitals before or
// after it ("GBP 45.00", "45.00 CHF"): a code is read only in capitals, so "10 min" is no price.
var coded = regexp.MustCompile(`\b([A-Z]{3})\s?(` + number + `)|(` + number + `)\s?([A-Z]{3})\b`)

// wordSigns are the symbols a price's word stands for.
var wordSigns = map[string]string{"dollar": "$", "dollars": "$", "bucks": "$", "euro": "€", "euros": "€", "pound": "£", "pounds": "£", "quid": "£"}

// besides is the text that may stand between a day and a time for the two to read as one hour:
// nothing, a space, a dash, a comma, "at", "on" or "@".
var besides = regexp.MustCompile(`^[\s,]*(?:-|–|at|on|@)?[\s,]*$`)

// dated is the text that may stand between a weekday and its date for the two to read as one day:
// nothing, a space, a comma or "the" ("Saturday the 5th of December").
var dated = regexp.MustCompile(`^[\s,]*(?:the\s+)?$`)

var weekdays = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

var monthsByName = map[string]time.Month{
	"jan": time.January, "feb": time.February, "mar": time.March, "apr": time.April, "may": time.May, "jun": time.June,
	"jul": time.July, "aug": time.August, "sep": time.September, "oct": time.October, "nov": time.November, "dec": time.December,
}

// daysIn is the most days each month has, February in a leap year.
var daysIn = [...]int{time.January: 31, time.February: 29, time.March: 31, time.April: 30, time.May: 31, time.June: 30,
	time.July: 31, time.August: 31, time.September: 30, time.October: 31, time.November: 30, time.December: 31}

// atom is one match of atoms, with where it stands in the text.
type atom struct {
	claim      Claim
	start, end int
}

// Claims reads every claim in text, in the order written. Weekdays count in full or in three
// letters ("Saturday", "sat"); dates as labels write them ("5 December", "5th of Dec"); times such
// as "10:30", "10.30", "3pm", "3 pm", "10:30am" and "10.30am" (a time without am or pm is read on
// the 24-hour clock); prices such as "$45" or "45 dollars". A weekday with its date beside it is
// one day ("Saturday 5 December"), and a day with a time beside it is one claim, an hour:
// "sat-10:30", "Sat 10:30", "Saturday at 10:30", "10:30 on Saturday" and the label "Saturday 5
// December, 10:30" are each an hour. A slot id ("2026-12-05T10:30:00Z") is an hour too, read in
// the offset it is written with; the checker reads it again in the salon's zone. Text that reads
// as no valid id, date, day, time or price (such as "25:00" or "31 June") is no claim.
func Claims(text string) []Claim {
	lower := asciiLower(text)
	var found []atom
	for _, m := range atoms.FindAllStringSubmatchIndex(lower, -1) {
		if c, ok := readAtom(lower, m); ok {
			c.Text = text[m[0]:m[1]]
			found = append(found, atom{claim: c, start: m[0], end: m[1]})
		}
	}
	found = withCoded(text, found)
	found = joinDates(text, lower, found)
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

// withCoded adds to found, atoms in the order written, every price the text writes with an ISO
// 4217 code in capitals that CLDR knows, in place of whatever atoms it overlaps (the "12.00" of
// "12.00 CHF" is no time). An amount that continues a clock or a number ("10:30 GBP") is none.
func withCoded(text string, found []atom) []atom {
	for _, m := range coded.FindAllStringSubmatchIndex(text, -1) {
		code, digits := m[2:4], m[4:6]
		if code[0] < 0 {
			code, digits = m[8:10], m[6:8]
		}
		if !salon.KnownCurrency(text[code[0]:code[1]]) || digits[0] > 0 && strings.ContainsRune(":.,", rune(text[digits[0]-1])) {
			continue
		}
		price := atom{claim: Claim{Kind: ClaimPrice, Amount: amountOf(text[digits[0]:digits[1]]), Sign: strings.ToLower(text[code[0]:code[1]]),
			Text: text[m[0]:m[1]]}, start: m[0], end: m[1]}
		kept := found[:0:0]
		for _, a := range found {
			if a.end <= price.start || a.start >= price.end {
				kept = append(kept, a)
			}
		}
		at := len(kept)
		for i, a := range kept {
			if a.start > price.start {
				at = i
				break
			}
		}
		found = slices.Insert(kept, at, price)
	}
	return found
}

// joinDates reads a weekday followed by a date, with only dated-text between, as one day.
func joinDates(text, lower string, found []atom) []atom {
	var out []atom
	for i := 0; i < len(found); i++ {
		a := found[i]
		if i+1 < len(found) {
			b := found[i+1]
			weekday := a.claim.Kind == ClaimDay && a.claim.Date.IsZero()
			date := b.claim.Kind == ClaimDay && b.claim.Day == NoWeekday
			if weekday && date && dated.MatchString(lower[a.end:b.start]) {
				day := Claim{Kind: ClaimDay, Day: a.claim.Day, Date: b.claim.Date, Text: text[a.start:b.end]}
				out = append(out, atom{claim: day, start: a.start, end: b.end})
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
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
	return Claim{Kind: ClaimHour, Day: day.Day, Date: day.Date, Minute: clock.Minute, Text: text[a.start:b.end]}, true
}

// readAtom turns one match of the lowered text into its claim; a time, date or id that names no
// real one is none.
func readAtom(lower string, m []int) (Claim, bool) {
	for i, name := range atoms.SubexpNames() {
		if name == "" || m[2*i] < 0 {
			continue
		}
		written := lower[m[2*i]:m[2*i+1]]
		switch name {
		case "id":
			at, err := time.Parse(time.RFC3339, strings.ToUpper(written))
			if err != nil {
				return Claim{}, false
			}
			return hourAt(at), true
		case "price":
			return Claim{Kind: ClaimPrice, Amount: amountOf(written), Sign: signOf(written)}, true
		case "date":
			date, ok := dateOf(written)
			return Claim{Kind: ClaimDay, Day: NoWeekday, Date: date}, ok
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

// hourAt is the hour an instant names, read in the offset it carries.
func hourAt(at time.Time) Claim {
	return Claim{Kind: ClaimHour, Day: at.Weekday(), Date: Date{at.Month(), at.Day()}, Minute: at.Hour()*60 + at.Minute(), At: at}
}

// dateOf reads "5 december", "5th of dec" or "5 december, 2026" as a date, refusing one no month has ("31 june").
func dateOf(written string) (Date, bool) {
	fields := strings.FieldsFunc(written, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	day, err := strconv.Atoi(strings.TrimRight(fields[0], "stndrh"))
	if err != nil || len(fields) < 2 {
		return Date{}, false
	}
	name := fields[1]
	if name == "of" && len(fields) > 2 {
		name = fields[2]
	}
	month := monthsByName[name[:min(3, len(name))]]
	if month == 0 || day < 1 || day > daysIn[month] {
		return Date{}, false
	}
	return Date{Month: month, Day: day}, true
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

// minuteOf reads "10:30", "10.30", "10:30am", "10.30am", "3 pm" or "3p.m." as minutes after midnight.
func minuteOf(written string) (int, bool) {
	clock := strings.TrimSpace(strings.TrimRight(written, "apm. "))
	hours, minutes, hasMinutes := strings.Cut(strings.Replace(clock, ".", ":", 1), ":")
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

// signOf is the currency a price (lowered) is written in: what is left of it without its amount
// and spaces, the symbol or code as written, or the symbol its word stands for.
func signOf(written string) string {
	sign := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '.' || r == ',' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, written)
	if s, ok := wordSigns[sign]; ok {
		return s
	}
	return sign
}

// amountOf reads a price's amount in one spelling: "$45", "45.00 dollars" and "€45,00" are all
// "45", "$45.5" is "45.50", and "£1,250.00" is "1250". A comma before exactly three digits groups
// thousands; any other comma, or a point, starts the decimals, written without their trailing
// zeros and with at least two digits when there are any ("45.505 KWD" is "45.505").
func amountOf(written string) string {
	var digits strings.Builder
	for _, r := range written {
		if r >= '0' && r <= '9' || r == '.' || r == ',' {
			digits.WriteRune(r)
		}
	}
	n := strings.Trim(digits.String(), ".,")
	whole, decimals := n, ""
	if i := strings.LastIndexAny(n, ".,"); i >= 0 && !(n[i] == ',' && len(n)-i-1 == 3) {
		whole, decimals = n[:i], n[i+1:]
	}
	whole = strings.TrimLeft(strings.ReplaceAll(whole, ",", ""), "0")
	if whole == "" {
		whole = "0"
	}
	switch decimals = strings.TrimRight(decimals, "0"); len(decimals) {
	case 0:
		return whole
	case 1:
		decimals += "0"
	}
	return whole + "." + decimals
}
