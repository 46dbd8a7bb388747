// This file holds Settings.Check: the bounds of a salon's settings, refused by field name.

package salon

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"salon/internal/lang"
)

// ErrLanguage refuses a language the server doesn't speak.
var ErrLanguage = Refusal("language must be a BCP 47 tag of a language this server speaks: " + strings.Join(lang.Shipped, ", "))

// Check returns nil when s is within every bound, and otherwise a Refusal naming the first field
// that is not, in the order name, timeZone, phone, language, prices, hours, slotMinutes, horizonDays, then
// changeCutoffHours and maxUpcomingPerContact. At a menu salon (HasMenu) slotMinutes is not
// judged, and currency, services, stylists, gridMinutes, minNoticeMinutes and closures follow
// horizonDays. Before all of these, a field that belongs to the other kind of salon is refused:
// ErrServicesOrSlotMinutes at a menu salon, "<field> needs services" at a simple one.
// Characters are Unicode code points; a word holding invalid UTF-8 is refused as out of bounds.
//
// load turns the zone's name into its location; the server passes time.LoadLocation. Check
// refuses a zone load fails on, and also "" and "Local", which time.LoadLocation takes for UTC
// and for the machine's own zone: neither names a salon's zone. load must not be nil.
//
// Check does not fill in defaults: a zero SlotMinutes or HorizonDays is refused, so call
// Resolve, which is told what was put, or WithDefaults first when zero means "left out".
func (s Settings) Check(load func(name string) (*time.Location, error)) error {
	if err := s.checkKind(); err != nil {
		return err
	}
	if err := checkWords("name", s.Name, MaxNameChars); err != nil {
		return err
	}
	if !zoneLoads(s.TimeZone, load) {
		return Refusal("timeZone must be an IANA time zone name")
	}
	if err := checkWords("phone", s.Phone, MaxPhoneChars); err != nil {
		return err
	}
	if s.Language != "" && !lang.Valid(s.Language) {
		return ErrLanguage
	}
	if err := checkEmbedOrigins(s.EmbedOrigins); err != nil {
		return err
	}
	if len(s.Prices) > MaxPrices {
		return Refusal(fmt.Sprintf("prices must hold at most %d entries", MaxPrices))
	}
	for i, p := range s.Prices {
		if err := checkWords(fmt.Sprintf("prices[%d].service", i), p.Service, MaxPriceChars); err != nil {
			return err
		}
		if err := checkWords(fmt.Sprintf("prices[%d].price", i), p.Price, MaxPriceChars); err != nil {
			return err
		}
	}
	if err := s.Hours.check(); err != nil {
		return err
	}
	if !s.HasMenu() && (s.SlotMinutes < MinSlotMinutes || s.SlotMinutes > MaxSlotMinutes) {
		return Refusal(fmt.Sprintf("slotMinutes must be %d to %d", MinSlotMinutes, MaxSlotMinutes))
	}
	if s.HorizonDays < MinHorizonDays || s.HorizonDays > MaxHorizonDays {
		return Refusal(fmt.Sprintf("horizonDays must be %d to %d", MinHorizonDays, MaxHorizonDays))
	}
	if s.HasMenu() {
		if err := s.checkMenu(); err != nil {
			return err
		}
	}
	return s.checkTerms()
}

// checkWords refuses words that are empty, longer than max characters, not UTF-8, or that hold
// a control character: the salon's words are shown to customers, and a control character is
// never part of one.
func checkWords(field, words string, max int) error {
	if n := utf8.RuneCountInString(words); n < 1 || n > max || !utf8.ValidString(words) {
		return Refusal(fmt.Sprintf("%s must be 1 to %d characters", field, max))
	}
	if strings.IndexFunc(words, unicode.IsControl) >= 0 {
		return Refusal(field + " must not hold control characters")
	}
	return nil
}

func zoneLoads(name string, load func(string) (*time.Location, error)) bool {
	if name == "" || name == "Local" {
		return false
	}
	loc, err := load(name)
	return err == nil && loc != nil
}

// check refuses a day that is not one of the week's seven, and any day whose intervals break
// the rules ParseHours reads them by.
func (h Hours) check() error {
	for day := range h {
		if day < time.Sunday || day > time.Saturday {
			return Refusal("hours holds a day that is not mon to sun")
		}
	}
	for _, day := range week {
		if err := checkDay(day, h[day]); err != nil {
			return err
		}
	}
	return nil
}

// checkDay refuses a day's intervals unless each is two wall-clock times, starts before it ends,
// and starts at or after the end of the one before it.
func checkDay(day time.Weekday, intervals []Interval) error {
	key := dayKeys[day]
	for i, iv := range intervals {
		if !iv.Start.valid() || !iv.End.valid() {
			return notTwoTimes(key, i)
		}
		if iv.Start >= iv.End {
			return Refusal(fmt.Sprintf("hours.%s[%d] must start before it ends", key, i))
		}
		if i == 0 {
			continue
		}
		before := intervals[i-1]
		switch {
		case iv.Start >= before.End:
		case iv.End <= before.Start:
			return Refusal(fmt.Sprintf("hours.%s intervals must be in order, earliest first", key))
		default:
			return Refusal(fmt.Sprintf("hours.%s intervals must not overlap", key))
		}
	}
	return nil
}

func notTwoTimes(key string, i int) error {
	return Refusal(fmt.Sprintf("hours.%s[%d] must be two times written HH:MM", key, i))
}
