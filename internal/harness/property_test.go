// This file holds the harness's properties over random calendars: the grammar's options and the checker agree, the offer list keeps every slot.

package harness_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/harness"
	"salon/internal/salon"
	"salon/internal/step"
)

// calendar is a random booking, and the day each slot is on as it was generated (-1: none).
type calendar struct {
	booking step.Request
	dayOf   map[string]int
	asked   int // the day the words ask for, or -1
}

var (
	shortDays = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}
	minutes   = []int{0, 15, 30, 45}
)

func dayWord(r *rand.Rand, d int) string {
	switch r.IntN(3) {
	case 0:
		return shortDays[d]
	case 1:
		return time.Weekday(d).String()
	}
	return strings.ToUpper(time.Weekday(d).String())
}

func clockWord(r *rand.Rand) string {
	h, m := 7+r.IntN(13), minutes[r.IntN(len(minutes))]
	switch r.IntN(3) {
	case 0:
		return fmt.Sprintf("%02d:%02d", h, m)
	case 1:
		return fmt.Sprintf("%d:%02d%s", (h+11)%12+1, m, map[bool]string{true: "pm", false: "am"}[h >= 12])
	}
	return fmt.Sprintf("%d:%02d", h, m)
}

// randomCalendar draws up to 12 slots, each an hour in one of the spellings a salon might use, or an
// opaque name; no two alike in any casing.
func randomCalendar(r *rand.Rand) calendar {
	c := calendar{dayOf: map[string]int{}, asked: -1}
	seen := map[string]bool{}
	for range r.IntN(13) {
		d := r.IntN(7)
		var slot string
		switch r.IntN(5) {
		case 0:
			slot = dayWord(r, d) + "-" + clockWord(r)
		case 1:
			slot = dayWord(r, d) + " " + clockWord(r)
		case 2:
			slot = clockWord(r) + " on " + dayWord(r, d)
		case 3:
			slot = dayWord(r, d) + " at " + clockWord(r)
		default:
			slot, d = fmt.Sprintf("chair-%d", r.IntN(100)), -1
		}
		if seen[strings.ToLower(slot)] {
			continue
		}
		seen[strings.ToLower(slot)] = true
		c.booking.OpenSlots = append(c.booking.OpenSlots, slot)
		c.dayOf[slot] = d
	}
	if r.IntN(4) > 0 {
		c.asked = r.IntN(7)
		c.booking.Message = "A cut on " + dayWord(r, c.asked) + ", please?"
	} else {
		c.booking.Message = "A cut whenever suits."
	}
	return c
}

// anyCase writes s with each letter in a random case.
func anyCase(r *rand.Rand, s string) string {
	var b strings.Builder
	for _, c := range s {
		if r.IntN(2) == 0 {
			b.WriteString(strings.ToUpper(string(c)))
		} else {
			b.WriteString(strings.ToLower(string(c)))
		}
	}
	return b.String()
}

func property(t *testing.T, p func(r *rand.Rand) error) {
	t.Helper()
	var failure error
	err := quick.Check(func(seed uint64) bool {
		failure = p(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		return failure == nil
	}, &quick.Config{MaxCount: propertyRuns})
	if err != nil {
		t.Fatalf("%v: %v", err, failure)
	}
}

// Every option the grammar is built from passes the checker in any casing, given back in the list's spelling.
func TestPropertyEveryOptionPassesInAnyCasing(t *testing.T) {
	property(t, func(r *rand.Rand) error {
		c := harness.Compose(randomCalendar(r).booking)
		g, err := harness.NewGrammar(c.Options)
		if err != nil {
			return err
		}
		for _, option := range g.Options() {
			output := harness.AnswerText([]string{anyCase(r, option)}, "Would "+anyCase(r, option)+" suit you?")
			ruling := harness.Check(c, output)
			if !ruling.Accepted || !slices.Equal(ruling.Times, []string{option}) {
				return fmt.Errorf("options %q: %s was ruled %+v, want %q accepted", c.Options, output, ruling, option)
			}
		}
		return nil
	})
}

// Nothing but an option passes: a choice that is no option in any casing is refused as not on offer.
func TestPropertyNothingElsePasses(t *testing.T) {
	property(t, func(r *rand.Rand) error {
		cal := randomCalendar(r)
		c := harness.Compose(cal.booking)
		var candidates []string
		for _, o := range c.Options {
			candidates = append(candidates, o+"0", o[1:], strings.Replace(o, "3", "4", 1), " "+o, o+" ")
		}
		candidates = append(candidates, "", "sat-10:31", "tomorrow", shortDays[r.IntN(7)]+"-06:00")
		r.Shuffle(len(candidates), func(i, j int) { candidates[i], candidates[j] = candidates[j], candidates[i] })
		for _, choice := range candidates[:min(len(candidates), 12)] {
			if slices.ContainsFunc(c.Options, func(o string) bool { return strings.EqualFold(o, choice) }) {
				continue
			}
			output := harness.AnswerText([]string{choice}, "Would "+choice+" suit you?")
			ruling := harness.Check(c, output)
			notOnOffer := slices.ContainsFunc(ruling.Reasons, func(re harness.Reason) bool { return re.Fault == harness.FaultNotOnOffer })
			if ruling.Accepted || !notOnOffer {
				return fmt.Errorf("options %q: the choice %q was ruled %+v, want refused as not on offer", c.Options, choice, ruling)
			}
		}
		return nil
	})
}

// Every open slot is on offer, those on the day asked for first, the app's order otherwise kept.
func TestPropertyEveryOpenSlotIsOnOfferTheDayAskedForFirst(t *testing.T) {
	property(t, func(r *rand.Rand) error {
		cal := randomCalendar(r)
		var first, rest []string
		for _, s := range cal.booking.OpenSlots {
			if cal.asked >= 0 && cal.dayOf[s] == cal.asked {
				first = append(first, s)
			} else {
				rest = append(rest, s)
			}
		}
		want := append(first, rest...)
		if got := harness.Compose(cal.booking).Options; !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			return fmt.Errorf("words %q, slots %q: got options %q, want %q", cal.booking.Message, cal.booking.OpenSlots, got, want)
		}
		return nil
	})
}

// Options that differ only in case are refused before any call.
func TestPropertyOptionsDifferingOnlyInCaseAreRefused(t *testing.T) {
	property(t, func(r *rand.Rand) error {
		cal := randomCalendar(r)
		slots := cal.booking.OpenSlots
		if len(slots) == 0 {
			return nil
		}
		original := slots[r.IntN(len(slots))]
		variant := strings.ToUpper(original)
		if variant == original {
			variant = strings.ToLower(original)
		}
		b := step.Request{Message: cal.booking.Message, OpenSlots: slices.Insert(slices.Clone(slots), r.IntN(len(slots)+1), variant)}
		if _, err := harness.NewGrammar(harness.OfferList(b.OpenSlots, b.Message)); err == nil {
			return fmt.Errorf("slots %q: the grammar accepted %q beside %q", b.OpenSlots, variant, original)
		}
		m := &counting{model: harness.Standin()}
		out := harness.Turn(context.Background(), m, 3, b)
		if m.calls.Load() != 0 || out.Why != harness.WhyOptionsDifferInCase {
			return fmt.Errorf("slots %q: the turn made %d calls and fell back for %q, want none and %q", b.OpenSlots, m.calls.Load(), out.Why, harness.WhyOptionsDifferInCase)
		}
		return nil
	})
}

// salonZones are zones on both sides of the equator, one with a half-hour offset.
var salonZones = []string{"Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kolkata"}

// randomSalon draws a salon with a calendar: up to 12 open slots at quarter hours over 40 days of
// 2026 in a random zone, each with its id and label as the calendar writes them, and a word
// asking for a weekday, or none.
func randomSalon(r *rand.Rand) (step.Request, *time.Location) {
	loc, err := time.LoadLocation(salonZones[r.IntN(len(salonZones))])
	if err != nil {
		panic(err)
	}
	first := time.Date(2026, time.Month(1+r.IntN(12)), 1, 0, 0, 0, 0, loc)
	b := step.Request{Message: "A cut whenever suits.", Salon: &step.Salon{Zone: loc.String(), Labels: map[string]string{}, Prices: []salon.Price{}}}
	for range r.IntN(13) {
		start := time.Date(first.Year(), first.Month(), first.Day()+r.IntN(40), 8+r.IntN(10), 15*r.IntN(4), 0, 0, loc)
		s := salon.NewSlot(start, loc)
		if _, seen := b.Salon.Labels[s.ID]; seen {
			continue
		}
		b.OpenSlots = append(b.OpenSlots, s.ID)
		b.Salon.Labels[s.ID] = s.Label
	}
	if r.IntN(2) == 0 {
		b.Message = "A cut on " + time.Weekday(r.IntN(7)).String() + "?"
	}
	return b, loc
}

// At a salon, every option passes named by its label in any casing, by its id, or by its instant
// written in UTC; the same weekday and time a week off, when that week isn't open, is refused as
// not named and unsupported.
func TestPropertySalonOptionsPassByLabelOrIDAndNoOtherWeek(t *testing.T) {
	property(t, func(r *rand.Rand) error {
		b, loc := randomSalon(r)
		c := harness.Compose(b)
		for _, option := range c.Options {
			start, _ := time.Parse(time.RFC3339, option)
			for _, name := range []string{anyCase(r, b.Salon.Labels[option]), option, start.UTC().Format(time.RFC3339)} {
				output := harness.AnswerText([]string{option}, "Would "+name+" suit you?")
				if ruling := harness.Check(c, output); !ruling.Accepted {
					return fmt.Errorf("options %q: %s was refused for %q, want accepted", c.Options, output, ruling.Reasons)
				}
			}
			other, label := salon.NewSlot(start.AddDate(0, 0, 7), loc), b.Salon.Labels[option]
			if _, open := b.Salon.Labels[other.ID]; open || other.Label[len(other.Label)-5:] != label[len(label)-5:] {
				continue // open too, or a change of clocks moved its time
			}
			output := harness.AnswerText([]string{option}, "Would "+other.Label+" suit you?")
			ruling := harness.Check(c, output)
			faults := map[harness.Fault]bool{}
			for _, re := range ruling.Reasons {
				faults[re.Fault] = true
			}
			if ruling.Accepted || !faults[harness.FaultNotNamed] || !faults[harness.FaultUnsupported] {
				return fmt.Errorf("options %q: %s was ruled %+v, want refused as not named and unsupported", c.Options, output, ruling)
			}
		}
		return nil
	})
}
