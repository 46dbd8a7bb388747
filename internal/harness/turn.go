// This file holds a turn: the model interface, the records a turn writes, and the one function that runs the attempts.

package harness

import (
	"context"
	"errors"
	"fmt"

	"salon/internal/step"
)

// Call is what a model is asked on one attempt: the prompt exactly as sent and the grammar its answer must follow.
type Call struct {
	Attempt int
	Prompt  string
	Grammar Grammar
	// Context is what the prompt was rendered from. A model adapter sends only Prompt and Grammar;
	// a stand-in may read the context instead of parsing the prompt back.
	Context Context
}

// Model proposes an answer to a call: the text it wrote, which the checker will read as JSON.
// It must return when ctx is done; a turn stops waiting for it then in any case.
type Model interface {
	Answer(ctx context.Context, c Call) (string, error)
}

// ModelFunc is a function that is a Model.
type ModelFunc func(ctx context.Context, c Call) (string, error)

// Answer calls f.
func (f ModelFunc) Answer(ctx context.Context, c Call) (string, error) { return f(ctx, c) }

// Why is why a turn fell back to the default offer. The set is closed: Whys lists it.
type Why string

// The reasons a turn falls back.
const (
	// WhyAttemptsRanOut is every attempt's answer refused by the checker.
	WhyAttemptsRanOut Why = "attempts_ran_out"
	// WhyTimeLimit is the turn's time limit passing before an answer was accepted.
	WhyTimeLimit Why = "time_limit"
	// WhyCancelled is the request going away before an answer was accepted.
	WhyCancelled Why = "cancelled"
	// WhyModelError is the model failing to answer a call.
	WhyModelError Why = "model_error"
	// WhyOptionsDifferInCase is an offer list the grammar refused, before any call.
	WhyOptionsDifferInCase Why = "options_differ_in_case"
)

// Whys is the closed set of fallback reasons.
var Whys = []Why{WhyAttemptsRanOut, WhyTimeLimit, WhyCancelled, WhyModelError, WhyOptionsDifferInCase}

// Stage is which part of a turn wrote a record.
type Stage string

// The stages of a turn, in the order they write.
const (
	StageComposed Stage = "composed"
	StageCall     Stage = "call"
	StageRuling   Stage = "ruling"
	StageFallback Stage = "fallback"
)

// Record is one stage of a turn, as plain data. Composed holds Context and Attempts (the turn's
// bound); a call holds Attempt, Prompt (exactly as sent) and Output, or Error; a ruling holds
// Attempt and Ruling; a fallback holds Why, Error when a failure caused it, and the default offer
// in Times and Question.
type Record struct {
	Stage    Stage    `json:"stage"`
	Context  *Context `json:"context,omitempty"`
	Attempts int      `json:"attempts,omitempty"`
	Attempt  int      `json:"attempt,omitempty"`
	Prompt   string   `json:"prompt,omitempty"`
	Output   string   `json:"output,omitempty"`
	Error    string   `json:"error,omitempty"`
	Ruling   *Ruling  `json:"ruling,omitempty"`
	Why      Why      `json:"why,omitempty"`
	Times    []string `json:"times,omitempty"`
	Question string   `json:"question,omitempty"`
}

// Decision is what a turn decided: the offer round one asks, whether it is the model's checked
// answer (Served) or the default offer and why (Why), and the records of every stage.
// With nothing open, neither: the offer is empty and no call was made.
type Decision struct {
	Offer   step.Offer
	Served  bool
	Why     Why
	Records []Record
}

// DefaultAttempts is how many answers a turn asks for before it falls back.
const DefaultAttempts = 3

// Turn lets m propose round one's offer for b, in at most attempts calls (DefaultAttempts when
// attempts < 1). It composes the context, builds the grammar (refusing options that differ only
// in case before any call), calls the model, checks each answer, and retries a refused one with
// the correction prompt. It serves the first accepted answer; when the attempts run out, ctx is
// done or the model fails, it falls back to step.DefaultOffer. With nothing open it calls nothing.
// Every answer and error is redacted of b.Withheld as it comes back, before it is recorded,
// checked or sent back in a correction, so the checker refuses an answer that held any of it.
// Turn applies no time limit of its own: the caller bounds ctx, and Turn stops waiting for the
// model when ctx is done, even a model that ignores its context.
func Turn(ctx context.Context, m Model, attempts int, b step.Request) Decision {
	if attempts < 1 {
		attempts = DefaultAttempts
	}
	c := Compose(b)
	t := &turn{booking: b}
	t.write(Record{Stage: StageComposed, Context: &c, Attempts: attempts})
	if len(c.Options) == 0 {
		return Decision{Offer: step.Offer{}, Records: t.records}
	}
	grammar, err := NewGrammar(c.Options)
	if err != nil {
		return t.fallBack(WhyOptionsDifferInCase, err.Error())
	}
	first := Prompt(c)
	prompt := first
	for attempt := 1; attempt <= attempts; attempt++ {
		if ctx.Err() != nil {
			return t.fallBack(interrupted(ctx), "")
		}
		call := Call{Attempt: attempt, Prompt: prompt, Grammar: grammar, Context: c}
		output, err := ask(ctx, m, call)
		// What another customer is and wrote never enters a record, a retry prompt or the offer,
		// even from a model that somehow knows it.
		output, _ = b.Withheld.Redact(output)
		if err != nil {
			if redacted, held := b.Withheld.Redact(err.Error()); held {
				err = errors.New(redacted)
			}
			why := WhyModelError
			if ctx.Err() != nil {
				why = interrupted(ctx)
			}
			t.write(Record{Stage: StageCall, Attempt: attempt, Prompt: prompt, Error: err.Error()})
			return t.fallBack(why, err.Error())
		}
		t.write(Record{Stage: StageCall, Attempt: attempt, Prompt: prompt, Output: output})
		ruling := Check(c, output)
		t.write(Record{Stage: StageRuling, Attempt: attempt, Ruling: &ruling})
		if ruling.Accepted {
			return Decision{Offer: step.Offer{Times: ruling.Times, Question: ruling.Question}, Served: true, Records: t.records}
		}
		prompt = Correction(first, output, ruling.Reasons)
	}
	return t.fallBack(WhyAttemptsRanOut, "")
}

// turn gathers the records of one Turn.
type turn struct {
	booking step.Request
	records []Record
}

func (t *turn) write(r Record) { t.records = append(t.records, r) }

func (t *turn) fallBack(why Why, cause string) Decision {
	offer := step.DefaultOffer(t.booking.OpenSlots)
	t.write(Record{Stage: StageFallback, Why: why, Error: cause, Times: offer.Times, Question: offer.Question})
	return Decision{Offer: offer, Why: why, Records: t.records}
}

func interrupted(ctx context.Context) Why {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return WhyTimeLimit
	}
	return WhyCancelled
}

// ask calls the model and waits for it only as long as ctx lasts, so a model that never answers,
// even one that ignores ctx, is stopped at the limit. A model that panics is a failed call.
func ask(ctx context.Context, m Model, c Call) (string, error) {
	type reply struct {
		output string
		err    error
	}
	replied := make(chan reply, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				replied <- reply{err: fmt.Errorf("the model panicked: %v", p)}
			}
		}()
		output, err := m.Answer(ctx, c)
		replied <- reply{output, err}
	}()
	select {
	case r := <-replied:
		return r.output, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("no answer before the turn ended: %w", ctx.Err())
	}
}
