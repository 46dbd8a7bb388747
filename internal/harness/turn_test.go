// This file tests a turn: served answers, retries with the correction prompt, fallbacks and why, and the time limit.

package harness_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/harness"
	"salon/internal/harness/harnesstest"
	"salon/internal/step"
)

var booking = step.Request{Message: "A cut on Sunday?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sun-11:00", "sun-13:00"}}

// defaultOffer is the contract's default offer for booking, written out.
var defaultOffer = step.Offer{Times: []string{"sat-10:30", "sat-11:30"}, Question: "Which time suits you?"}

const (
	good     = `{"choices":["sun-11:00","sun-13:00"],"question":"Would Sunday at 11:00 or 13:00 suit you?"}`
	invented = `{"choices":["sun-09:00"],"question":"Would Sunday at 9am suit you?"}`
)

// counting wraps a model and counts its calls, keeping each call.
type counting struct {
	model harness.Model
	calls atomic.Int32
	seen  []harness.Call
}

func (c *counting) Answer(ctx context.Context, call harness.Call) (string, error) {
	c.calls.Add(1)
	c.seen = append(c.seen, call)
	return c.model.Answer(ctx, call)
}

func stages(records []harness.Record) string {
	var s []string
	for _, r := range records {
		s = append(s, string(r.Stage))
	}
	return strings.Join(s, " ")
}

func TestTurnServesTheCheckedAnswer(t *testing.T) {
	m := &counting{model: harnesstest.Scripted(good)}
	out := harness.Turn(context.Background(), m, 3, booking)
	want := step.Offer{Times: []string{"sun-11:00", "sun-13:00"}, Question: "Would Sunday at 11:00 or 13:00 suit you?"}
	if !out.Served || out.Why != "" || !slices.Equal(out.Offer.Times, want.Times) || out.Offer.Question != want.Question {
		t.Fatalf("got %+v, want the model's offer served", out)
	}
	if got := stages(out.Records); got != "composed call ruling" {
		t.Errorf("got records %q, want composed call ruling", got)
	}
	if m.seen[0].Attempt != 1 || m.seen[0].Prompt != harness.Prompt(harness.Compose(booking)) {
		t.Errorf("the first call is attempt %d with another prompt than the context renders", m.seen[0].Attempt)
	}
	if !slices.Equal(m.seen[0].Grammar.Options(), []string{"sun-11:00", "sun-13:00", "sat-10:30", "sat-11:30"}) {
		t.Errorf("the grammar offers %q, want every open slot, Sunday first", m.seen[0].Grammar.Options())
	}
}

func TestTurnRetriesWithTheCorrectionPrompt(t *testing.T) {
	m := &counting{model: harnesstest.Scripted(invented, good)}
	out := harness.Turn(context.Background(), m, 3, booking)
	if !out.Served || m.calls.Load() != 2 {
		t.Fatalf("got %+v after %d calls, want served on the second", out, m.calls.Load())
	}
	first := harness.Prompt(harness.Compose(booking))
	reasons := out.Records[2].Ruling.Reasons
	if len(reasons) != 2 {
		t.Fatalf("got reasons %q, want the time not on offer and the invented hour", reasons)
	}
	if want := harness.Correction(first, invented, reasons); m.seen[1].Prompt != want {
		t.Errorf("the retry was sent\n%s\nwant\n%s", m.seen[1].Prompt, want)
	}
	retry := m.seen[1].Prompt
	if !strings.HasPrefix(retry, first) || !strings.Contains(retry, invented) {
		t.Errorf("the retry prompt doesn't hold the original prompt and the refused answer")
	}
	for _, r := range reasons {
		if !strings.Contains(retry, r.String()) {
			t.Errorf("the retry prompt doesn't hold the reason %q", r)
		}
	}
}

func TestTurnFallsBack(t *testing.T) {
	boom := errors.New("the model service answered 500")
	tests := []struct {
		name       string
		model      harness.Model
		booking    step.Request
		wantWhy    harness.Why
		wantCalls  int32
		wantStages string
	}{
		{"when every attempt is refused", harnesstest.Scripted(invented), booking, harness.WhyAttemptsRanOut, 3,
			"composed call ruling call ruling call ruling fallback"},
		{"when the model fails", harnesstest.Failing(boom), booking, harness.WhyModelError, 1, "composed call fallback"},
		{"when the model panics", harness.ModelFunc(func(context.Context, harness.Call) (string, error) { panic("oops") }),
			booking, harness.WhyModelError, 1, "composed call fallback"},
		{"before any call, when options differ only in case", harnesstest.Scripted(good),
			step.Request{OpenSlots: []string{"sat-10:30", "SAT-10:30"}}, harness.WhyOptionsDifferInCase, 0, "composed fallback"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &counting{model: tt.model}
			out := harness.Turn(context.Background(), m, 3, tt.booking)
			want := step.DefaultOffer(tt.booking.OpenSlots)
			if out.Served || out.Why != tt.wantWhy || !slices.Equal(out.Offer.Times, want.Times) || out.Offer.Question != want.Question {
				t.Errorf("got %+v, want the default offer falling back for %s", out, tt.wantWhy)
			}
			if m.calls.Load() != tt.wantCalls {
				t.Errorf("got %d calls, want %d", m.calls.Load(), tt.wantCalls)
			}
			if got := stages(out.Records); got != tt.wantStages {
				t.Errorf("got records %q, want %q", got, tt.wantStages)
			}
			if f := harness.Review(out.Records); len(f) > 0 {
				t.Errorf("the turn's own records fail the audit: %q", f)
			}
		})
	}
}

func TestTurnWithNothingOpenCallsNothing(t *testing.T) {
	m := &counting{model: harnesstest.Scripted(good)}
	out := harness.Turn(context.Background(), m, 3, step.Request{Message: "Saturday?", OpenSlots: []string{}})
	if m.calls.Load() != 0 || out.Served || out.Why != "" || len(out.Offer.Times) != 0 {
		t.Errorf("got %+v after %d calls, want no call and an empty offer", out, m.calls.Load())
	}
	if _, ok := step.Ask(step.Request{}, out.Offer).(step.NotBooked); !ok {
		t.Errorf("round one with the empty offer doesn't complete not booked")
	}
}

// A model that never answers is stopped at the limit, even one that ignores its context.
func TestTurnStopsAModelThatNeverAnswersAtTheLimit(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	deaf := harness.ModelFunc(func(context.Context, harness.Call) (string, error) {
		<-release
		return good, nil
	})
	for name, m := range map[string]harness.Model{"silent": harnesstest.Silent(), "deaf to its context": deaf} {
		t.Run(name, func(t *testing.T) {
			const limit = 100 * time.Millisecond
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			defer cancel()
			began := time.Now()
			out := harness.Turn(ctx, m, 3, booking)
			took := time.Since(began)
			if out.Why != harness.WhyTimeLimit || !slices.Equal(out.Offer.Times, defaultOffer.Times) {
				t.Errorf("got %+v, want the default offer, falling back at the time limit", out)
			}
			// Without the limit the silent model never answers: ending within a couple of seconds
			// keeps it, however loaded the machine running the test is.
			if took > limit+2*time.Second {
				t.Errorf("the turn took %s, want it to end at its limit %s", took, limit)
			}
			if last := out.Records[len(out.Records)-2]; last.Stage != harness.StageCall || !strings.Contains(last.Error, "deadline exceeded") {
				t.Errorf("the call's record is %+v, want its error saying the deadline passed", last)
			}
		})
	}
}

func TestTurnWhoseRequestGoesAwayFallsBack(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := &counting{model: harnesstest.Scripted(good)}
	out := harness.Turn(ctx, m, 3, booking)
	if out.Why != harness.WhyCancelled || m.calls.Load() != 0 {
		t.Errorf("got %+v after %d calls, want a fallback for a cancelled request and no call", out, m.calls.Load())
	}
}

func TestTurnDefaultsToThreeAttempts(t *testing.T) {
	m := &counting{model: harnesstest.Scripted(invented)}
	harness.Turn(context.Background(), m, 0, booking)
	if m.calls.Load() != 3 {
		t.Errorf("got %d calls, want 3", m.calls.Load())
	}
}

func TestStandinIsServed(t *testing.T) {
	out := harness.Turn(context.Background(), harness.Standin(), 3, booking)
	want := step.Offer{Times: []string{"sun-11:00", "sun-13:00"}, Question: "Would sun-11:00 or sun-13:00 suit you?"}
	if !out.Served || !slices.Equal(out.Offer.Times, want.Times) || out.Offer.Question != want.Question {
		t.Errorf("got %+v, want %+v served", out, want)
	}
}

// At a salon with a calendar the stand-in words its question by the labels, and answers a price
// asked about from the sheet; the checker serves it, and the records pass their audit.
func TestStandinAtASalonWordsItsQuestionByTheLabels(t *testing.T) {
	tests := []struct {
		name    string
		booking step.Request
		want    step.Offer
	}{
		{"the day asked for first", studio("Anything on Tuesday?", cut),
			step.Offer{Times: []string{"2026-12-08T15:00:00Z", "2026-12-05T09:00:00Z"},
				Question: "Would Tuesday 8 December, 15:00 or Saturday 5 December, 09:00 suit you?"}},
		{"a price on the sheet", studio("How much is a cut on Saturday?", cut, colour),
			step.Offer{Times: []string{"2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z"},
				Question: "A cut costs $45. Would Saturday 5 December, 09:00 or Saturday 5 December, 09:45 suit you?"}},
		{"no price on the sheet", studio("What does a cut cost on Saturday?"),
			step.Offer{Times: []string{"2026-12-05T09:00:00Z", "2026-12-05T09:45:00Z"},
				Question: "The price isn't on the sheet, so the salon will tell you. Would Saturday 5 December, 09:00 or Saturday 5 December, 09:45 suit you?"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := harness.Turn(context.Background(), harness.Standin(), 3, tt.booking)
			if !out.Served || !slices.Equal(out.Offer.Times, tt.want.Times) || out.Offer.Question != tt.want.Question {
				t.Errorf("got %+v (%s), want %+v served", out.Offer, out.Why, tt.want)
			}
			if f := harness.Review(out.Records); len(f) > 0 {
				t.Errorf("the turn's records fail their review: %q", f)
			}
		})
	}
}

// A model that never says the price isn't on the sheet is refused for it and asked again with
// every reason, until its attempts run out.
func TestTurnRetriesAQuestionSilentOnAMissingPrice(t *testing.T) {
	silentOnPrice := answer("2026-12-05T09:00:00Z", "Would Saturday 5 December, 09:00 suit you?")
	saysSo := answer("2026-12-05T09:00:00Z", "That price isn't on the sheet. Would Saturday 5 December, 09:00 suit you?")
	b := studio("What does a cut cost on Saturday?")
	m := &counting{model: harnesstest.Scripted(silentOnPrice, saysSo)}
	out := harness.Turn(context.Background(), m, 3, b)
	if !out.Served || out.Offer.Question != "That price isn't on the sheet. Would Saturday 5 December, 09:00 suit you?" {
		t.Fatalf("got %+v, want the second answer served", out)
	}
	reasons := out.Records[2].Ruling.Reasons
	if len(reasons) != 1 || reasons[0].Fault != harness.FaultMissingNotNamed {
		t.Errorf("the first answer was refused for %q, want missing_not_named", reasons)
	}
	if want := harness.Correction(harness.Prompt(harness.Compose(b)), silentOnPrice, reasons); m.seen[1].Prompt != want {
		t.Errorf("the retry was sent\n%s\nwant\n%s", m.seen[1].Prompt, want)
	}
	if f := harness.Review(out.Records); len(f) > 0 {
		t.Errorf("the turn's records fail their review: %q", f)
	}
}

// A model that somehow knows another customer says her name: the answer is redacted as it comes
// back, refused, and the retry prompt, the records and the served log never hold her details.
func TestTurnWithholdsAnotherCustomersDetails(t *testing.T) {
	b := studio("A cut on Saturday?", cut)
	b.Withheld = step.NewWithheld([]string{b.Message}, []string{"Rosa Quintero"}, []string{"rosa@example.org"}, nil)
	leaky := answer("2026-12-05T09:00:00Z", "Rosa Quintero (rosa@example.org) is booked at 09:45; would Saturday 5 December, 09:00 suit you?")
	clean := answer("2026-12-05T09:00:00Z", "Would Saturday 5 December, 09:00 suit you?")
	m := &counting{model: harnesstest.Scripted(leaky, clean)}
	out := harness.Turn(context.Background(), m, 3, b)
	if !out.Served || out.Offer.Question != "Would Saturday 5 December, 09:00 suit you?" {
		t.Fatalf("got %+v, want the clean answer served", out)
	}
	want := harness.Reason{Fault: harness.FaultUnsupported, Detail: `the question says "[withheld]": details of another customer, which the facts don't hold`}
	if reasons := out.Records[2].Ruling.Reasons; !slices.Contains(reasons, want) {
		t.Errorf("the leaky answer was refused for %q, want %q among them", reasons, want)
	}
	records, _ := json.Marshal(out.Records)
	texts := map[string]string{"the retry prompt": m.seen[1].Prompt, "the records": string(records), "the served log": string(harness.Served(out.Records))}
	for where, text := range texts {
		for _, detail := range []string{"Rosa", "Quintero", "rosa@example.org"} {
			if strings.Contains(text, detail) {
				t.Errorf("%s holds %q", where, detail)
			}
		}
	}
	if f := harness.Review(out.Records); len(f) > 0 {
		t.Errorf("the turn's records fail their review: %q", f)
	}
}

// A model whose failure names another customer fails the turn with her details redacted.
func TestTurnWithholdsAnotherCustomerFromAModelsError(t *testing.T) {
	b := studio("A cut on Saturday?")
	b.Withheld = step.NewWithheld(nil, []string{"Rosa Quintero"}, nil, nil)
	out := harness.Turn(context.Background(), harnesstest.Failing(errors.New("no such customer: Rosa Quintero")), 3, b)
	if last := out.Records[len(out.Records)-1]; out.Why != harness.WhyModelError || last.Error != "no such customer: [withheld]" {
		t.Errorf("got %+v, want a model error with the name withheld", last)
	}
}
