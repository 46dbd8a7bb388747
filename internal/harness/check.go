// This file holds the checker: it reads the model's choices and question together and rules on them, with every reason at once.

package harness

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"salon/internal/salon"
	"salon/internal/step"
)

// Fault is the kind of a reason the checker refuses an answer for. The set is closed: these five.
type Fault string

// The faults of an answer.
const (
	// FaultWrongShape is an answer that is not JSON of the grammar's shape, chooses no time or more
	// than two, chooses a time twice, or asks an empty question or one over MaxQuestionChars.
	FaultWrongShape Fault = "wrong_shape"
	// FaultNotOnOffer is a choice that is none of the options, in any casing.
	FaultNotOnOffer Fault = "not_on_offer"
	// FaultNotNamed is a chosen time the question doesn't name.
	FaultNotNamed Fault = "not_named"
	// FaultUnsupported is a day, a date, a time, an hour or a price in the question that the facts don't hold.
	FaultUnsupported Fault = "unsupported_fact"
	// FaultMissingNotNamed is a question that doesn't say the price isn't on the sheet, when the
	// customer's words ask about a price and the salon's sheet holds none (at a menu salon: the
	// service being booked has no price). A question that states a price the facts don't hold is
	// refused for that price, as FaultUnsupported, instead.
	FaultMissingNotNamed Fault = "missing_not_named"
)

// Bounds the checker holds an answer to.
const (
	MaxChoices       = 2
	MaxQuestionChars = 280
)

// Reason is one thing wrong with an answer: its fault, and the detail in words a model can act on.
type Reason struct {
	Fault  Fault  `json:"fault"`
	Detail string `json:"detail"`
}

// String is the reason as the correction prompt lists it.
func (r Reason) String() string { return string(r.Fault) + ": " + r.Detail }

// Ruling is the checker's decision on one answer. Accepted, it holds the chosen times in the offer
// list's own spelling and the question as written; refused, every reason, and nothing else.
type Ruling struct {
	Accepted bool     `json:"accepted"`
	Times    []string `json:"times,omitempty"`
	Question string   `json:"question,omitempty"`
	Reasons  []Reason `json:"reasons,omitempty"`
}

// Check rules on a model's output against the context it was composed from. It accepts one or two
// choices, none repeated, each matching an option without regard to case, with a question of 1 to
// MaxQuestionChars characters that names every chosen time and states no day, date, time, hour or
// price the facts don't hold (at a menu salon, a price in another currency than the salon's
// included); at a salon whose sheet holds no price, or a menu salon whose service being booked
// has none, when the customer asked about one, the question must also say the price isn't on the
// sheet. A question holding
// step.WithheldMark (another customer's details, redacted as the answer came back) is refused.
// Hours are compared in the salon's zone. Otherwise it gives every reason it finds, never
// stopping at the first.
func Check(c Context, output string) Ruling {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(output), &fields); err != nil || fields == nil {
		return refuse([]Reason{{FaultWrongShape, "the answer is not a JSON object"}})
	}
	choices, question, reasons := readAnswer(fields)
	var chosen []string
	if choices != nil {
		chosen, reasons = checkChoices(c, *choices, reasons)
	}
	if question != nil {
		reasons = checkQuestion(c, *question, chosen, reasons)
	}
	if len(reasons) > 0 {
		return refuse(reasons)
	}
	return Ruling{Accepted: true, Times: chosen, Question: *question}
}

// wrongShape is reasons with one more: the answer breaks the grammar, as format says.
func wrongShape(reasons []Reason, format string, args ...any) []Reason {
	return append(reasons, Reason{FaultWrongShape, fmt.Sprintf(format, args...)})
}

// readAnswer reads the answer's two fields by the grammar: its choices and its question, each nil
// when it is missing or of the wrong type, with the reasons it breaks the grammar for.
func readAnswer(fields map[string]json.RawMessage) (choices *[]string, question *string, reasons []Reason) {
	for _, key := range slices.Sorted(maps.Keys(fields)) {
		if key != "choices" && key != "question" {
			reasons = wrongShape(reasons, "the answer has a field the grammar doesn't allow: %s", quote(key))
		}
	}
	var list []string
	rawChoices, hasChoices := fields["choices"]
	switch {
	case !hasChoices:
		reasons = wrongShape(reasons, "the answer has no choices")
	case !startsWith(rawChoices, '[') || json.Unmarshal(rawChoices, &list) != nil:
		reasons = wrongShape(reasons, "choices must be a list of strings")
	default:
		choices = &list
	}
	var words string
	rawQuestion, hasQuestion := fields["question"]
	switch {
	case !hasQuestion:
		reasons = wrongShape(reasons, "the answer has no question")
	case !startsWith(rawQuestion, '"') || json.Unmarshal(rawQuestion, &words) != nil:
		reasons = wrongShape(reasons, "question must be a string")
	default:
		question = &words
	}
	return choices, question, reasons
}

// checkChoices checks the times chosen: one to MaxChoices, none twice, each on offer. It returns
// those on offer, in the offer's spelling, and reasons with what it refuses.
func checkChoices(c Context, choices []string, reasons []Reason) ([]string, []Reason) {
	switch {
	case len(choices) == 0:
		reasons = wrongShape(reasons, "no time was chosen")
	case len(choices) > MaxChoices:
		reasons = wrongShape(reasons, "%d times were chosen, more than %d", len(choices), MaxChoices)
	}
	var chosen []string
	for i, choice := range choices {
		if slices.ContainsFunc(choices[:i], func(earlier string) bool { return strings.EqualFold(earlier, choice) }) {
			reasons = wrongShape(reasons, "%s was chosen twice", quote(choice))
			continue
		}
		option, ok := onOffer(c.Options, choice)
		if !ok {
			reasons = append(reasons, Reason{FaultNotOnOffer, quote(choice) + " is not one of the options"})
			continue
		}
		chosen = append(chosen, option)
	}
	return chosen, reasons
}

// checkQuestion checks the question's words against the facts: not empty nor too long, naming
// each time chosen, claiming nothing the facts don't hold nor another customer's details, and, when
// the customer asked a price the sheet doesn't have, saying so.
func checkQuestion(c Context, question string, chosen []string, reasons []Reason) []Reason {
	switch n := utf8.RuneCountInString(question); {
	case strings.TrimSpace(question) == "":
		reasons = wrongShape(reasons, "the question is empty")
	case n > MaxQuestionChars:
		reasons = wrongShape(reasons, "the question is %d characters, over %d", n, MaxQuestionChars)
	}
	loc := zoneOf(c)
	said := inZone(Claims(question), loc)
	for _, option := range chosen {
		if !names(c, loc, question, said, option) {
			reasons = append(reasons, Reason{FaultNotNamed, "the question doesn't name the chosen time " + quote(option)})
		}
	}
	held := factsOf(c, loc)
	for _, claim := range said {
		if !held.hold(claim) {
			r := Reason{FaultUnsupported, "the question says " + quote(claim.Text) + " (" + claim.String() + "), which the facts don't hold"}
			if !slices.Contains(reasons, r) {
				reasons = append(reasons, r)
			}
		}
	}
	if strings.Contains(question, step.WithheldMark) {
		reasons = append(reasons, Reason{FaultUnsupported, "the question says " + quote(step.WithheldMark) +
			": details of another customer, which the facts don't hold"})
	}
	// A question that states a price the facts don't hold is refused for it, and not for this too.
	statesOtherPrice := slices.ContainsFunc(said, func(claim Claim) bool { return claim.Kind == ClaimPrice && !held.hold(claim) })
	if c.Salon != nil && c.AskedPrice && unpriced(*c.Salon) && !statesOtherPrice && !SaysNotOnSheet(question) {
		reasons = append(reasons, Reason{FaultMissingNotNamed, "the customer asked about a price, and the question doesn't say the price isn't on the sheet"})
	}
	return reasons
}

func refuse(reasons []Reason) Ruling { return Ruling{Reasons: reasons} }

// onOffer matches a choice to the offer list without regard to case, and gives it back in the list's spelling.
func onOffer(options []string, choice string) (string, bool) {
	for _, o := range options {
		if strings.EqualFold(o, choice) {
			return o, true
		}
	}
	return "", false
}

// names reports whether a question names a chosen option: it writes the option (or, at a salon
// with a calendar, its label) out in any casing, or it holds every day, time and hour the option
// reads as, an hour either whole ("Saturday at 10:30") or as its time with its day said elsewhere
// ("Saturday at 10:30 or 11:30"). A day said with a date names only that date. An option that
// reads as no day or time must be written out.
func names(c Context, loc *time.Location, question string, said []Claim, option string) bool {
	lower := strings.ToLower(question)
	if strings.Contains(lower, strings.ToLower(option)) {
		return true
	}
	label, labelled := labelOf(c, option)
	if labelled && strings.Contains(lower, strings.ToLower(label)) {
		return true
	}
	named := false
	for _, want := range optionClaims(c, loc, option) {
		if want.Kind == ClaimPrice {
			continue
		}
		if !covers(said, want) {
			return false
		}
		named = true
	}
	return named
}

func covers(said []Claim, want Claim) bool {
	saysDay := slices.ContainsFunc(said, func(c Claim) bool {
		return (c.Kind == ClaimDay || c.Kind == ClaimHour) && sameDay(c, want)
	})
	saysTime := func(bare bool) bool {
		return slices.ContainsFunc(said, func(c Claim) bool {
			return c.Minute == want.Minute && (c.Kind == ClaimTime || !bare && c.Kind == ClaimHour)
		})
	}
	switch want.Kind {
	case ClaimDay:
		return saysDay
	case ClaimTime:
		return saysTime(false)
	}
	return slices.ContainsFunc(said, func(c Claim) bool {
		return c.Kind == ClaimHour && sameDay(c, want) && c.Minute == want.Minute
	}) || saysDay && saysTime(true)
}

// sameDay reports whether a day said names the day wanted: they share a weekday or a date, and
// neither the weekdays nor the dates differ where both name one.
func sameDay(said, want Claim) bool {
	shared := false
	if said.Day != NoWeekday && want.Day != NoWeekday {
		if said.Day != want.Day {
			return false
		}
		shared = true
	}
	if !said.Date.IsZero() && !want.Date.IsZero() {
		if said.Date != want.Date {
			return false
		}
		shared = true
	}
	return shared
}

// labelOf is an option's label at a salon with a calendar.
func labelOf(c Context, option string) (string, bool) {
	if c.Salon == nil {
		return "", false
	}
	label, ok := c.Salon.Labels[option]
	return label, ok
}

// optionClaims is what an option reads as: its label's claims at a salon with a calendar, else
// its own, hours in the salon's zone.
func optionClaims(c Context, loc *time.Location, option string) []Claim {
	if label, ok := labelOf(c, option); ok {
		claims := Claims(label)
		if at, err := time.Parse(time.RFC3339, option); err == nil {
			for i := range claims {
				if claims[i].Kind == ClaimHour {
					claims[i].At = at
				}
			}
		}
		return claims
	}
	return inZone(Claims(option), loc)
}

// unpriced reports whether the price a customer asks about at salon isn't on its sheet: at a
// simple salon, no price is; at a menu salon, the service being booked has none.
func unpriced(salon step.Salon) bool {
	if len(salon.Services) == 0 {
		return len(salon.Prices) == 0
	}
	chosen, ok := salon.Chosen()
	return ok && chosen.Price == ""
}

// facts are what a context holds: the days, times and hours its options read as, the day asked
// for, and the prices on the salon's sheet or menu.
type facts struct {
	claims []Claim // each option's days, times and hours
	asked  time.Weekday
	named  bool // whether a day was asked for
	// prices are the amounts held, each with the signs it may be written with; nil signs are any,
	// as a simple salon's sheet is words and its amounts are matched alone.
	prices map[string][]string
}

func factsOf(c Context, loc *time.Location) facts {
	f := facts{prices: map[string][]string{}}
	f.asked, f.named = dayOf(c.AskedDay)
	anySign := func(text string) {
		for _, claim := range Claims(text) {
			if claim.Kind == ClaimPrice {
				f.prices[claim.Amount] = nil
			}
		}
	}
	for _, o := range c.Options {
		for _, claim := range optionClaims(c, loc, o) {
			if claim.Kind == ClaimPrice {
				f.prices[claim.Amount] = nil
				continue
			}
			f.claims = append(f.claims, claim)
		}
	}
	if c.Salon == nil {
		return f
	}
	for _, p := range c.Salon.Prices {
		anySign(p.Price)
	}
	var signs []string
	for _, sign := range salon.PriceSigns(c.Salon.Currency) {
		signs = append(signs, strings.ToLower(sign))
	}
	for _, v := range c.Salon.Services {
		for _, claim := range Claims(v.Price) {
			if held, ok := f.prices[claim.Amount]; claim.Kind == ClaimPrice && (!ok || held != nil) {
				f.prices[claim.Amount] = signs
			}
		}
	}
	return f
}

// hold reports whether the facts hold a claim. Whatever the claim says must be in one fact: a
// weekday, a date, a time or an instant that no fact names is unsupported.
func (f facts) hold(c Claim) bool {
	switch c.Kind {
	case ClaimPrice:
		signs, ok := f.prices[c.Amount]
		return ok && (signs == nil || slices.Contains(signs, c.Sign))
	case ClaimDay:
		if f.named && c.Day == f.asked && c.Date.IsZero() {
			return true
		}
	}
	return slices.ContainsFunc(f.claims, func(fact Claim) bool { return supports(fact, c) })
}

// supports reports whether one fact holds everything a claim says.
func supports(fact, c Claim) bool {
	if c.Kind == ClaimTime || c.Kind == ClaimHour {
		if fact.Kind == ClaimDay || fact.Minute != c.Minute {
			return false
		}
	}
	if c.Kind == ClaimDay || c.Kind == ClaimHour {
		if fact.Kind == ClaimTime {
			return false
		}
		if c.Day != NoWeekday && fact.Day != c.Day || !c.Date.IsZero() && fact.Date != c.Date {
			return false
		}
	}
	return c.At.IsZero() || fact.At.IsZero() || fact.At.Equal(c.At)
}

// zones holds the time zones the checker has loaded, by name: loading one reads the zone database.
var zones sync.Map // name → *time.Location

// zoneOf is the salon's zone, nil without a calendar or when its name doesn't load (an hour
// written as a slot id is then read in the offset it is written with).
func zoneOf(c Context) *time.Location {
	if c.Salon == nil || c.Salon.Zone == "" {
		return nil
	}
	if loc, ok := zones.Load(c.Salon.Zone); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(c.Salon.Zone)
	if err != nil {
		return nil
	}
	zones.Store(c.Salon.Zone, loc)
	return loc
}

// inZone reads every hour written as a slot id again in loc: its weekday, date and time there.
func inZone(claims []Claim, loc *time.Location) []Claim {
	if loc == nil {
		return claims
	}
	for i, c := range claims {
		if !c.At.IsZero() {
			in := hourAt(c.At.In(loc))
			in.Text = c.Text
			claims[i] = in
		}
	}
	return claims
}

// sentences splits a question where a sentence or a clause ends.
var sentences = regexp.MustCompile(`[.?!;:\n—–]+`)

var (
	speaksOfPrice = regexp.MustCompile(`(?i)\b(?:price|prices|priced|pricing|cost|costs|charge|charges|fee|fees|how\s+much|sheet|price\s+list)\b`)
	saysUnknown   = regexp.MustCompile(`(?i)\b(?:not|no|none|never|without|unknown|unlisted|unset)\b|n['’]t\b`)
)

// SaysNotOnSheet reports whether a question says that the price isn't on the sheet: one of its
// sentences speaks of a price (a price, a cost, a charge, a fee, "how much", the sheet) and says
// it isn't known (not, no, none, never, without, unknown, unlisted, or a word ending in n't), such
// as "The price isn't on the sheet." or "I have no price for that."
func SaysNotOnSheet(question string) bool {
	for _, s := range sentences.Split(question, -1) {
		if speaksOfPrice.MatchString(s) && saysUnknown.MatchString(s) {
			return true
		}
	}
	return false
}

func startsWith(raw json.RawMessage, b byte) bool {
	trimmed := strings.TrimLeft(string(raw), " \t\r\n")
	return trimmed != "" && trimmed[0] == b
}
