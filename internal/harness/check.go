// This file holds the checker: it reads the model's choices and question together and rules on them, with every reason at once.

package harness

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Fault is the kind of a reason the checker refuses an answer for. The set is closed: these four.
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
	// FaultUnsupported is a day, a time, an hour or a price in the question that the facts don't hold.
	FaultUnsupported Fault = "unsupported_fact"
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
// MaxQuestionChars characters that names every chosen time and states no day, time, hour or price
// the facts don't hold. Otherwise it gives every reason it finds, never stopping at the first.
func Check(c Context, output string) Ruling {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(output), &fields); err != nil || fields == nil {
		return refuse([]Reason{{FaultWrongShape, "the answer is not a JSON object"}})
	}
	var reasons []Reason
	wrong := func(format string, args ...any) {
		reasons = append(reasons, Reason{FaultWrongShape, fmt.Sprintf(format, args...)})
	}
	for _, key := range slices.Sorted(maps.Keys(fields)) {
		if key != "choices" && key != "question" {
			wrong("the answer has a field the grammar doesn't allow: %s", quote(key))
		}
	}
	var choices []string
	rawChoices, hasChoices := fields["choices"]
	switch {
	case !hasChoices:
		wrong("the answer has no choices")
	case !startsWith(rawChoices, '[') || json.Unmarshal(rawChoices, &choices) != nil:
		wrong("choices must be a list of strings")
		hasChoices = false
	}
	var question string
	rawQuestion, hasQuestion := fields["question"]
	switch {
	case !hasQuestion:
		wrong("the answer has no question")
	case !startsWith(rawQuestion, '"') || json.Unmarshal(rawQuestion, &question) != nil:
		wrong("question must be a string")
		hasQuestion = false
	}

	var chosen []string
	if hasChoices {
		switch {
		case len(choices) == 0:
			wrong("no time was chosen")
		case len(choices) > MaxChoices:
			wrong("%d times were chosen, more than %d", len(choices), MaxChoices)
		}
		for i, choice := range choices {
			if slices.ContainsFunc(choices[:i], func(earlier string) bool { return strings.EqualFold(earlier, choice) }) {
				wrong("%s was chosen twice", quote(choice))
				continue
			}
			option, ok := onOffer(c.Options, choice)
			if !ok {
				reasons = append(reasons, Reason{FaultNotOnOffer, quote(choice) + " is not one of the options"})
				continue
			}
			chosen = append(chosen, option)
		}
	}
	if hasQuestion {
		switch n := utf8.RuneCountInString(question); {
		case strings.TrimSpace(question) == "":
			wrong("the question is empty")
		case n > MaxQuestionChars:
			wrong("the question is %d characters, over %d", n, MaxQuestionChars)
		}
		said := Claims(question)
		for _, option := range chosen {
			if !names(question, said, option) {
				reasons = append(reasons, Reason{FaultNotNamed, "the question doesn't name the chosen time " + quote(option)})
			}
		}
		held := factsOf(c)
		for _, claim := range said {
			if !held.hold(claim) {
				r := Reason{FaultUnsupported, "the question says " + quote(claim.Text) + " (" + claim.String() + "), which the facts don't hold"}
				if !slices.Contains(reasons, r) {
					reasons = append(reasons, r)
				}
			}
		}
	}
	if len(reasons) > 0 {
		return refuse(reasons)
	}
	return Ruling{Accepted: true, Times: chosen, Question: question}
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

// names reports whether a question names a chosen option: it writes the option out in any casing,
// or it holds every day, time and hour the option reads as, an hour either whole ("Saturday at
// 10:30") or as its time with its day said elsewhere ("Saturday at 10:30 or 11:30").
// An option that reads as no day or time must be written out.
func names(question string, said []Claim, option string) bool {
	if strings.Contains(strings.ToLower(question), strings.ToLower(option)) {
		return true
	}
	named := false
	for _, want := range Claims(option) {
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
		return (c.Kind == ClaimDay || c.Kind == ClaimHour) && c.Day == want.Day
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
		return c.Kind == ClaimHour && c.Day == want.Day && c.Minute == want.Minute
	}) || saysDay && saysTime(true)
}

// facts are the days, times, hours and prices a context holds: those its options read as, and the day asked for.
type facts struct {
	days   map[time.Weekday]bool
	times  map[int]bool
	hours  map[hour]bool
	prices map[string]bool
}

type hour struct {
	day    time.Weekday
	minute int
}

func factsOf(c Context) facts {
	f := facts{days: map[time.Weekday]bool{}, times: map[int]bool{}, hours: map[hour]bool{}, prices: map[string]bool{}}
	if d, ok := dayOf(c.AskedDay); ok {
		f.days[d] = true
	}
	for _, o := range c.Options {
		for _, claim := range Claims(o) {
			switch claim.Kind {
			case ClaimDay:
				f.days[claim.Day] = true
			case ClaimTime:
				f.times[claim.Minute] = true
			case ClaimHour:
				f.days[claim.Day], f.times[claim.Minute], f.hours[hour{claim.Day, claim.Minute}] = true, true, true
			case ClaimPrice:
				f.prices[claim.Amount] = true
			}
		}
	}
	return f
}

func (f facts) hold(c Claim) bool {
	switch c.Kind {
	case ClaimDay:
		return f.days[c.Day]
	case ClaimTime:
		return f.times[c.Minute]
	case ClaimHour:
		return f.hours[hour{c.Day, c.Minute}]
	}
	return f.prices[c.Amount]
}

func startsWith(raw json.RawMessage, b byte) bool {
	trimmed := strings.TrimLeft(string(raw), " \t\r\n")
	return trimmed != "" && trimmed[0] == b
}
