// This file tests the audit: a turn's own records pass, and planted faults are every one reported at once.

package harness_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"salon/internal/harness"
	"salon/internal/harness/harnesstest"
	"salon/internal/salon"
	"salon/internal/step"
)

// Records are plain data: they cross JSON and come back equal, and still pass the audit.
func TestRecordsArePlainData(t *testing.T) {
	crossJSON(t, harness.Turn(context.Background(), harnesstest.Scripted(invented, good), 3, booking).Records)
}

// crossJSON sends records through JSON and back, and fails unless they come back equal and still
// pass the audit. It returns what came back.
func crossJSON(t *testing.T, records []harness.Record) []harness.Record {
	t.Helper()
	data, err := json.Marshal(records)
	if err != nil {
		t.Fatal(err)
	}
	var back []harness.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, records) {
		t.Errorf("the records changed crossing JSON:\n%s", data)
	}
	if f := harness.Review(back); len(f) > 0 {
		t.Errorf("the records fail the audit after crossing JSON: %q", f)
	}
	return back
}

func TestReviewPassesEveryKindOfTurn(t *testing.T) {
	turns := map[string]harness.Decision{
		"served first":        harness.Turn(context.Background(), harnesstest.Scripted(good), 3, booking),
		"served on a retry":   harness.Turn(context.Background(), harnesstest.Scripted(invented, invented, good), 3, booking),
		"attempts ran out":    harness.Turn(context.Background(), harnesstest.Scripted(invented), 2, booking),
		"nothing open":        harness.Turn(context.Background(), harnesstest.Scripted(good), 3, step.Request{}),
		"options differ":      harness.Turn(context.Background(), harnesstest.Scripted(good), 3, step.Request{OpenSlots: []string{"a", "A"}}),
		"stand-in":            harness.Turn(context.Background(), harness.Standin(), 1, booking),
		"not json, then good": harness.Turn(context.Background(), harnesstest.Scripted("Sunday?", good), 3, booking),
		"at a salon":          harness.Turn(context.Background(), harness.Standin(), 3, studio("What does a cut cost?")),
	}
	for name, out := range turns {
		if f := harness.Review(out.Records); len(f) > 0 {
			t.Errorf("%s: the turn's own records fail the audit: %q", name, f)
		}
	}
}

// Planted faults, each breaking another check, are every one reported by one audit.
func TestAuditReportsEveryFailedCheckAtOnce(t *testing.T) {
	records := harness.Turn(context.Background(), harnesstest.Scripted(invented, good), 3, booking).Records
	// composed call(1) ruling(1) call(2) ruling(2, accepted)
	records[1].Attempt, records[2].Attempt = 4, 4                                                       // attempts in order
	records[3].Prompt = "Try again."                                                                    // retry prompt
	records[4].Ruling = &harness.Ruling{Accepted: true, Times: []string{"sat-09:00"}, Question: "9am?"} // ruling is the checker's
	records = append(records, harness.Record{Stage: harness.StageFallback, Why: "bored", Times: []string{"sun-11:00"}, Question: "Hm?"})
	got := harness.Review(records)
	checks := checksOf(got)
	want := []string{
		harness.CheckAttemptsInOrder,
		harness.CheckRetryPrompt,
		harness.CheckRulingHolds,
		harness.CheckOneEnding,
		harness.CheckFallbackOffer,
		harness.CheckFallbackWhy,
	}
	if !slices.Equal(checks, want) {
		t.Errorf("got findings\n  %q\nwant checks\n  %q", got, want)
	}
}

func TestAuditOfRecordsWithoutAComposedContext(t *testing.T) {
	if got := harness.Review(nil); len(got) != 1 || got[0].Check != harness.CheckComposedFirst {
		t.Errorf("got %q, want one finding of %q", got, harness.CheckComposedFirst)
	}
	got := harness.Review([]harness.Record{{Stage: harness.StageCall, Attempt: 1, Prompt: "hi", Output: good}})
	want := []string{harness.CheckComposedFirst, harness.CheckNoCallIfNothing, harness.CheckAttemptsBound, harness.CheckFirstPrompt, harness.CheckEachCallRuled}
	checks := checksOf(got)
	if !slices.Equal(checks, want) {
		t.Errorf("got %q, want checks %q", got, want)
	}
}

// A salon's records cross JSON and come back equal; a sheet changed after the facts were composed
// from it is caught as a context that isn't what its request and salon compose.
func TestAuditOfASalonsRecords(t *testing.T) {
	back := crossJSON(t, harness.Turn(context.Background(), harness.Standin(), 3, studio("How much is a cut on Saturday?", cut)).Records)
	back[0].Context.Salon.Prices = []salon.Price{}
	got := harness.Review(back)
	if len(got) == 0 || got[0].Check != harness.CheckComposedAlone {
		t.Errorf("got %q, want the context found not to be what its request composes", got)
	}
}

// checksOf is the checks findings name, in order.
func checksOf(findings []harness.Finding) []string {
	var checks []string
	for _, f := range findings {
		checks = append(checks, f.Check)
	}
	return checks
}
