// This file tests the checker: what it accepts, in the list's own spelling, and every reason it refuses for, at once.

package harness_test

import (
	"slices"
	"strings"
	"testing"

	"salon/internal/harness"
	"salon/internal/salon"
	"salon/internal/step"
)

// saturday is a context where the customer asked for Saturday and Saturday has openings.
var saturday = harness.Compose(step.Request{
	Message:   "A cut on Saturday morning?",
	OpenSlots: []string{"fri-16:00", "sat-10:30", "sat-11:30", "sun-12:00"},
})

func TestCheckAccepts(t *testing.T) {
	tests := []struct {
		name      string
		output    string
		wantTimes []string
	}{
		{"one time named as the list spells it", `{"choices":["sat-10:30"],"question":"Would sat-10:30 suit you?"}`, []string{"sat-10:30"}},
		{"two times named as hours", `{"choices":["sat-10:30","sat-11:30"],"question":"Saturday at 10:30 or 11:30 on Saturday?"}`, []string{"sat-10:30", "sat-11:30"}},
		{"a day said once for two times", `{"choices":["sat-10:30","sat-11:30"],"question":"On Saturday, would 10:30 or 11:30 suit you?"}`, []string{"sat-10:30", "sat-11:30"}},
		{"choices in any casing come back in the list's spelling", `{"choices":["SAT-10:30","Sun-12:00"],"question":"Sat 10:30am or Sunday at noon?"}`, []string{"sat-10:30", "sun-12:00"}},
		{"the day asked for may be said", `{"choices":["sat-10:30"],"question":"Saturday is busy, but 10:30 on Saturday is free. Would it suit you?"}`, []string{"sat-10:30"}},
		{"a question of exactly 280 characters", `{"choices":["sat-10:30"],"question":"` + "Would sat-10:30 suit you?" + strings.Repeat(" ", 280-25) + `"}`, []string{"sat-10:30"}},
		{"fields in either order, with spaces", "{ \"question\" : \"sat-10:30?\" ,\n \"choices\" : [ \"sat-10:30\" ] }", []string{"sat-10:30"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := harness.Check(saturday, tt.output)
			if !r.Accepted {
				t.Fatalf("refused %s for %q, want accepted", tt.output, r.Reasons)
			}
			if !slices.Equal(r.Times, tt.wantTimes) {
				t.Errorf("got times %q, want %q", r.Times, tt.wantTimes)
			}
			if len(r.Reasons) != 0 {
				t.Errorf("an accepted ruling carries reasons %q", r.Reasons)
			}
		})
	}
}

func TestCheckGivesTheQuestionAsWritten(t *testing.T) {
	q := "  Would sat-10:30 suit you? "
	r := harness.Check(saturday, harness.AnswerText([]string{"sat-10:30"}, q))
	if !r.Accepted || r.Question != q {
		t.Errorf("got %+v, want accepted with the question %q as written", r, q)
	}
}

func TestCheckRefuses(t *testing.T) {
	tests := []struct {
		name   string
		output string
		want   []harness.Reason
	}{
		{"not JSON", `Saturday at 10:30?`, []harness.Reason{
			{harness.FaultWrongShape, "the answer is not a JSON object"}}},
		{"JSON that is not an object", `["sat-10:30"]`, []harness.Reason{
			{harness.FaultWrongShape, "the answer is not a JSON object"}}},
		{"null", `null`, []harness.Reason{
			{harness.FaultWrongShape, "the answer is not a JSON object"}}},
		{"an object of neither field", `{"time":"sat-10:30"}`, []harness.Reason{
			{harness.FaultWrongShape, `the answer has a field the grammar doesn't allow: "time"`},
			{harness.FaultWrongShape, "the answer has no choices"},
			{harness.FaultWrongShape, "the answer has no question"}}},
		{"choices not a list of strings, question not a string", `{"choices":"sat-10:30","question":null}`, []harness.Reason{
			{harness.FaultWrongShape, "choices must be a list of strings"},
			{harness.FaultWrongShape, "question must be a string"}}},
		{"null choices", `{"choices":null,"question":"sat-10:30?"}`, []harness.Reason{
			{harness.FaultWrongShape, "choices must be a list of strings"}}},
		{"no choice", `{"choices":[],"question":"Which time suits you?"}`, []harness.Reason{
			{harness.FaultWrongShape, "no time was chosen"}}},
		{"more than two", `{"choices":["sat-10:30","sat-11:30","sun-12:00"],"question":"sat-10:30, sat-11:30 or sun-12:00?"}`, []harness.Reason{
			{harness.FaultWrongShape, "3 times were chosen, more than 2"}}},
		{"a repeat in another casing", `{"choices":["sat-10:30","SAT-10:30"],"question":"sat-10:30?"}`, []harness.Reason{
			{harness.FaultWrongShape, `"SAT-10:30" was chosen twice`}}},
		{"an empty question", `{"choices":["sat-10:30"],"question":"  "}`, []harness.Reason{
			{harness.FaultWrongShape, "the question is empty"},
			{harness.FaultNotNamed, `the question doesn't name the chosen time "sat-10:30"`}}},
		{"a question over 280 characters", `{"choices":["sat-10:30"],"question":"sat-10:30` + strings.Repeat("!", 272) + `"}`, []harness.Reason{
			{harness.FaultWrongShape, "the question is 281 characters, over 280"}}},
		{"a time not on offer", `{"choices":["sat-09:00"],"question":"Would Saturday suit you?"}`, []harness.Reason{
			{harness.FaultNotOnOffer, `"sat-09:00" is not one of the options`}}},
		{"a chosen time the question doesn't name", `{"choices":["sat-10:30","sat-11:30"],"question":"Would sat-10:30 suit you?"}`, []harness.Reason{
			{harness.FaultNotNamed, `the question doesn't name the chosen time "sat-11:30"`}}},
		{"a time named on another day", `{"choices":["sat-11:30"],"question":"Saturday at 10:30, or Sunday at 11:30?"}`, []harness.Reason{
			{harness.FaultNotNamed, `the question doesn't name the chosen time "sat-11:30"`},
			{harness.FaultUnsupported, `the question says "Sunday at 11:30" (Sunday 11:30), which the facts don't hold`}}},
		{"an invented day, time, hour and price", `{"choices":["sat-10:30"],"question":"sat-10:30, or Monday, or 9am, or Sunday at 16:00, for $45?"}`, []harness.Reason{
			{harness.FaultUnsupported, `the question says "Monday" (Monday), which the facts don't hold`},
			{harness.FaultUnsupported, `the question says "9am" (09:00), which the facts don't hold`},
			{harness.FaultUnsupported, `the question says "Sunday at 16:00" (Sunday 16:00), which the facts don't hold`},
			{harness.FaultUnsupported, `the question says "$45" (price 45), which the facts don't hold`}}},
		{"every fault at once", `{"choices":["sat-09:00","sat-10:30","sat-10:30"],"question":"Saturday at 9am costs 45 dollars","note":"hi"}`, []harness.Reason{
			{harness.FaultWrongShape, `the answer has a field the grammar doesn't allow: "note"`},
			{harness.FaultWrongShape, "3 times were chosen, more than 2"},
			{harness.FaultNotOnOffer, `"sat-09:00" is not one of the options`},
			{harness.FaultWrongShape, `"sat-10:30" was chosen twice`},
			{harness.FaultNotNamed, `the question doesn't name the chosen time "sat-10:30"`},
			{harness.FaultUnsupported, `the question says "Saturday at 9am" (Saturday 09:00), which the facts don't hold`},
			{harness.FaultUnsupported, `the question says "45 dollars" (price 45), which the facts don't hold`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := harness.Check(saturday, tt.output)
			if r.Accepted || len(r.Times) != 0 || r.Question != "" {
				t.Fatalf("got %+v, want refused with nothing chosen", r)
			}
			if !slices.Equal(r.Reasons, tt.want) {
				t.Errorf("got reasons\n  %q\nwant\n  %q", r.Reasons, tt.want)
			}
		})
	}
}

// A day the customer asked for that has no openings may still be said: it is a fact ("nothing is open on Monday").
func TestCheckAllowsTheDayAskedForWithNoOpenings(t *testing.T) {
	c := harness.Compose(step.Request{Message: "Monday?", OpenSlots: []string{"sat-10:30"}})
	r := harness.Check(c, `{"choices":["sat-10:30"],"question":"Nothing is open on Monday. Would Saturday at 10:30 suit you?"}`)
	if !r.Accepted {
		t.Errorf("refused for %q, want accepted", r.Reasons)
	}
}

// A slot that reads as no day or time is named only by writing it out.
func TestCheckOpaqueSlotsMustBeWrittenOut(t *testing.T) {
	c := harness.Compose(step.Request{OpenSlots: []string{"chair-7", "chair-9"}})
	if r := harness.Check(c, `{"choices":["chair-7"],"question":"Is CHAIR-7 all right?"}`); !r.Accepted {
		t.Errorf("refused for %q, want accepted", r.Reasons)
	}
	r := harness.Check(c, `{"choices":["chair-7"],"question":"Is the window seat all right?"}`)
	want := []harness.Reason{{harness.FaultNotNamed, `the question doesn't name the chosen time "chair-7"`}}
	if !slices.Equal(r.Reasons, want) {
		t.Errorf("got %q, want %q", r.Reasons, want)
	}
}

// summer is a salon with a calendar in London's summer, whose slot ids carry +01:00.
var summer = harness.Compose(step.Request{
	Message:   "Saturday?",
	OpenSlots: []string{"2026-06-06T10:30:00+01:00"},
	Salon: &step.Salon{Zone: "Europe/London", Prices: []salon.Price{}, Labels: map[string]string{
		"2026-06-06T10:30:00+01:00": "Saturday 6 June, 10:30",
	}},
})

func answer(choice, question string) string { return harness.AnswerText([]string{choice}, question) }

func TestCheckAtASalonAccepts(t *testing.T) {
	withPrices := harness.Compose(studio("A cut on Saturday?", cut, colour))
	const nine = "2026-12-05T09:00:00Z"
	tests := []struct {
		name    string
		context harness.Context
		output  string
	}{
		{"the label", withPrices, answer(nine, "Would Saturday 5 December, 09:00 suit you?")},
		{"the slot id", withPrices, answer(nine, "Would 2026-12-05T09:00:00Z suit you?")},
		{"the time on the day", withPrices, answer(nine, "Would 09:00 on Saturday suit you?")},
		{"a short weekday and a time", withPrices, answer(nine, "Sat 9am?")},
		{"a time written with a dot", withPrices, answer(nine, "Would 9.00am on Saturday suit you?")},
		{"the date without its weekday", withPrices, answer(nine, "Would 5 December at 09:00 suit you?")},
		{"two times on one day said once", withPrices, harness.AnswerText([]string{nine, "2026-12-05T09:45:00Z"},
			"On Saturday 5 December, would 09:00 or 09:45 suit you?")},
		{"a price on the sheet", withPrices, answer(nine, "A cut costs $45. Would Saturday 5 December, 09:00 suit you?")},
		{"an id in another offset, the same instant in the salon's zone", summer, answer("2026-06-06T10:30:00+01:00", "Would 2026-06-06T09:30:00Z suit you?")},
		{"no price asked about and none on the sheet", harness.Compose(studio("A cut on Saturday?")), answer(nine, "Would Saturday 5 December, 09:00 suit you?")},
		{"a price asked about and said not to be on the sheet", harness.Compose(studio("What does a cut cost?")),
			answer(nine, "The price isn't on the sheet, so the salon will tell you. Would Saturday 5 December, 09:00 suit you?")},
		{"a price asked about, with prices on the sheet", harness.Compose(studio("What does a cut cost?", cut)),
			answer(nine, "Would Saturday 5 December, 09:00 suit you?")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r := harness.Check(tt.context, tt.output); !r.Accepted {
				t.Errorf("refused %s for %q, want accepted", tt.output, r.Reasons)
			}
		})
	}
}

func TestCheckAtASalonRefuses(t *testing.T) {
	withPrices := harness.Compose(studio("A cut on Saturday?", cut))
	asked := harness.Compose(studio("What does a cut cost on Saturday?"))
	const nine = "2026-12-05T09:00:00Z"
	notNamed := harness.Reason{Fault: harness.FaultNotNamed, Detail: `the question doesn't name the chosen time "2026-12-05T09:00:00Z"`}
	missing := harness.Reason{Fault: harness.FaultMissingNotNamed, Detail: "the customer asked about a price, and the question doesn't say the price isn't on the sheet"}
	tests := []struct {
		name    string
		context harness.Context
		output  string
		want    []harness.Reason
	}{
		{"the hour on another date", withPrices, answer(nine, "Would Saturday 12 December, 09:00 suit you?"), []harness.Reason{notNamed,
			{harness.FaultUnsupported, `the question says "Saturday 12 December, 09:00" (Saturday 12 December, 09:00), which the facts don't hold`}}},
		{"a date on another weekday", withPrices, answer(nine, "Would Sunday 5 December, 09:00 suit you?"), []harness.Reason{notNamed,
			{harness.FaultUnsupported, `the question says "Sunday 5 December, 09:00" (Sunday 5 December, 09:00), which the facts don't hold`}}},
		{"the id of a slot that isn't open", withPrices, answer(nine, "Would 2026-12-05T10:30:00Z suit you?"), []harness.Reason{notNamed,
			{harness.FaultUnsupported, `the question says "2026-12-05T10:30:00Z" (Saturday 5 December, 10:30), which the facts don't hold`}}},
		{"an id read in the salon's zone, an hour later than it looks", summer, answer("2026-06-06T10:30:00+01:00", "Would 2026-06-06T10:30:00Z suit you?"), []harness.Reason{
			{harness.FaultNotNamed, `the question doesn't name the chosen time "2026-06-06T10:30:00+01:00"`},
			{harness.FaultUnsupported, `the question says "2026-06-06T10:30:00Z" (Saturday 6 June, 11:30), which the facts don't hold`}}},
		{"a price the sheet doesn't hold", withPrices, answer(nine, "Saturday 5 December, 09:00 is $50. Would it suit you?"), []harness.Reason{
			{harness.FaultUnsupported, `the question says "$50" (price 50), which the facts don't hold`}}},
		{"a price asked about, none on the sheet, and the question silent on it", asked, answer(nine, "Would Saturday 5 December, 09:00 suit you?"),
			[]harness.Reason{missing}},
		{"a price asked about, none on the sheet, and the question inventing one", asked, answer(nine, "A cut is $30. Would Saturday 5 December, 09:00 suit you?"), []harness.Reason{
			{harness.FaultUnsupported, `the question says "$30" (price 30), which the facts don't hold`}}},
		{"every fault at once", asked, answer("2026-12-05T08:15:00Z", "Would Monday 7 December, 10:00 suit you?"), []harness.Reason{
			{harness.FaultNotOnOffer, `"2026-12-05T08:15:00Z" is not one of the options`},
			{harness.FaultUnsupported, `the question says "Monday 7 December, 10:00" (Monday 7 December, 10:00), which the facts don't hold`},
			missing}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := harness.Check(tt.context, tt.output)
			if r.Accepted || !slices.Equal(r.Reasons, tt.want) {
				t.Errorf("got %+v, want refused for\n  %q", r, tt.want)
			}
		})
	}
}

func TestSaysNotOnSheet(t *testing.T) {
	for question, want := range map[string]bool{
		"The price isn't on the sheet. Would Saturday suit you?":       true,
		"There's no price on the sheet for that; would Saturday suit?": true,
		"I can’t say what a cut costs, but would Saturday suit you?":   true,
		"Prices are unknown — Saturday?":                               true,
		"Would Saturday suit you?":                                     false,
		"Not Saturday? What about the price of a cut":                  false, // the "not" and the price are in two sentences
		"A cut costs a lot. Saturday, or not?":                         false,
	} {
		if got := harness.SaysNotOnSheet(question); got != want {
			t.Errorf("SaysNotOnSheet(%q) = %v, want %v", question, got, want)
		}
	}
}
