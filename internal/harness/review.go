// This file holds the review: checks run over a turn's records, every failed check reported at once.

package harness

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"salon/internal/step"
)

// Finding is one failed check of a review: which check, and what it found.
type Finding struct {
	Check  string `json:"check"`
	Detail string `json:"detail"`
}

// String is the finding as one line.
func (f Finding) String() string { return f.Check + ": " + f.Detail }

// The checks of a review, by name.
const (
	CheckComposedFirst   = "composed first"
	CheckComposedAlone   = "context from the request alone"
	CheckNoCallIfNothing = "no call with nothing open"
	CheckAttemptsInOrder = "attempts in order"
	CheckAttemptsBound   = "attempts within the bound"
	CheckFirstPrompt     = "first prompt from the context"
	CheckRetryPrompt     = "retry prompt corrects the last answer"
	CheckEachCallRuled   = "each answer ruled"
	CheckRulingHolds     = "ruling is the checker's"
	CheckOneEnding       = "one ending"
	CheckFallbackOffer   = "fallback is the default offer"
	CheckFallbackWhy     = "fallback says why"
)

// Review runs every check over the records of one turn and reports each one that fails, never
// stopping at the first. A turn's own records pass: it composed first, from the request alone, called only with something
// open, numbered its attempts from one within its bound, sent the prompt of its context and then
// the correction of each refused answer, ruled on each answer exactly as Check does, and ended
// once, with an accepted ruling or a fallback to the default offer that names a reason of Whys.
func Review(records []Record) []Finding {
	var found []Finding
	fail := func(check, format string, args ...any) {
		found = append(found, Finding{Check: check, Detail: fmt.Sprintf(format, args...)})
	}

	var c Context
	bound := 0
	switch {
	case len(records) == 0:
		fail(CheckComposedFirst, "there are no records")
		return found
	case records[0].Stage != StageComposed || records[0].Context == nil:
		fail(CheckComposedFirst, "the first record is a %s record, not the composed context", records[0].Stage)
	default:
		c, bound = *records[0].Context, records[0].Attempts
		if differ := unlike(c, Compose(step.Request{Message: c.Words, OpenSlots: c.Open, Salon: c.Salon})); len(differ) > 0 {
			fail(CheckComposedAlone, "the context's %s differ from what its request composes", strings.Join(differ, " and "))
		}
	}
	for i, r := range records[1:] {
		if r.Stage == StageComposed {
			fail(CheckComposedFirst, "record %d composes a second context", i+2)
		}
	}

	var calls []int // indexes of call records
	for i, r := range records {
		if r.Stage == StageCall {
			calls = append(calls, i)
		}
	}
	if len(c.Options) == 0 && len(calls) > 0 {
		fail(CheckNoCallIfNothing, "%d calls were made with nothing on offer", len(calls))
	}
	if len(calls) > bound {
		fail(CheckAttemptsBound, "%d calls were made, over the bound of %d", len(calls), bound)
	}

	first := Prompt(c)
	for n, i := range calls {
		call := records[i]
		if call.Attempt != n+1 {
			fail(CheckAttemptsInOrder, "call %d is numbered attempt %d", n+1, call.Attempt)
		}
		want := first
		if n > 0 {
			previous := records[calls[n-1]]
			want = Correction(first, previous.Output, reasonsAfter(records, calls[n-1]))
		}
		switch {
		case n == 0 && call.Prompt != first:
			fail(CheckFirstPrompt, "attempt %d was sent a prompt other than the one its context renders", call.Attempt)
		case n > 0 && call.Prompt != want:
			fail(CheckRetryPrompt, "attempt %d was sent a prompt other than the original, the refused answer and every reason", call.Attempt)
		}
		var next *Record
		if i+1 < len(records) {
			next = &records[i+1]
		}
		switch {
		case call.Error != "" && (next == nil || next.Stage != StageFallback):
			fail(CheckEachCallRuled, "attempt %d failed, and no fallback follows", call.Attempt)
		case call.Error == "" && (next == nil || next.Stage != StageRuling || next.Attempt != call.Attempt || next.Ruling == nil):
			fail(CheckEachCallRuled, "attempt %d answered, and no ruling on it follows", call.Attempt)
		case call.Error == "":
			if want := Check(c, call.Output); !reflect.DeepEqual(*next.Ruling, want) {
				fail(CheckRulingHolds, "attempt %d was ruled %s, but the checker rules %s", call.Attempt, verdict(*next.Ruling), verdict(want))
			}
		}
	}

	reviewEnding(records, c, bound, calls, fail)
	return found
}

// reviewEnding checks that a turn ends once: an accepted ruling or a fallback, last, and the fallback right.
func reviewEnding(records []Record, c Context, bound int, calls []int, fail func(check, format string, args ...any)) {
	var endings []int
	for i, r := range records {
		if r.Stage == StageFallback || r.Stage == StageRuling && r.Ruling != nil && r.Ruling.Accepted {
			endings = append(endings, i)
		}
	}
	switch {
	case len(c.Options) == 0:
		if len(endings) > 0 {
			fail(CheckOneEnding, "with nothing on offer the turn still ended in a %s", records[endings[0]].Stage)
		}
		return
	case len(endings) == 0:
		fail(CheckOneEnding, "the turn neither served an answer nor fell back")
		return
	case len(endings) > 1:
		fail(CheckOneEnding, "the turn ended %d times", len(endings))
	}
	if last := endings[len(endings)-1]; last != len(records)-1 {
		fail(CheckOneEnding, "%d records follow the turn's end", len(records)-1-last)
	}
	for _, i := range endings {
		r := records[i]
		if r.Stage != StageFallback {
			continue
		}
		want := step.DefaultOffer(c.Open)
		if !slices.Equal(r.Times, want.Times) || r.Question != want.Question {
			fail(CheckFallbackOffer, "the fallback offers %q asking %q, not the default offer %q asking %q", r.Times, r.Question, want.Times, want.Question)
		}
		lastCallFailed := len(calls) > 0 && records[calls[len(calls)-1]].Error != ""
		switch {
		case !slices.Contains(Whys, r.Why):
			fail(CheckFallbackWhy, "the fallback's reason %q is none of %q", r.Why, Whys)
		case r.Why == WhyAttemptsRanOut && (len(calls) != bound || lastCallFailed):
			fail(CheckFallbackWhy, "the turn says its attempts ran out after %d refused answers of %d", len(calls), bound)
		case r.Why == WhyModelError && !lastCallFailed:
			fail(CheckFallbackWhy, "the turn says the model failed, and no call failed")
		case r.Why == WhyOptionsDifferInCase && len(calls) > 0:
			fail(CheckFallbackWhy, "the turn says its options differ only in case, and still called the model")
		}
	}
}

// reasonsAfter is the reasons of the ruling that follows the call at index i, if there is one.
func reasonsAfter(records []Record, i int) []Reason {
	if i+1 < len(records) && records[i+1].Stage == StageRuling && records[i+1].Ruling != nil {
		return records[i+1].Ruling.Reasons
	}
	return nil
}

func verdict(r Ruling) string {
	if r.Accepted {
		return fmt.Sprintf("accepted %q", r.Times)
	}
	return fmt.Sprintf("refused for %d reasons", len(r.Reasons))
}

// unlike names the parts of a context that differ from another's.
func unlike(a, b Context) []string {
	var differ []string
	if a.AskedDay != b.AskedDay {
		differ = append(differ, "day asked for")
	}
	if a.AskedPrice != b.AskedPrice {
		differ = append(differ, "price asked about")
	}
	if !slices.Equal(a.Facts, b.Facts) {
		differ = append(differ, "facts")
	}
	if !slices.Equal(a.Options, b.Options) {
		differ = append(differ, "options")
	}
	return differ
}
