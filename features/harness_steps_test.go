// This file holds the steps of the offer harness: the model in round one's seat, what it was sent, the records and their review.

package features

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"salon/internal/harness"
	"salon/internal/harness/harnesstest"
)

// harnessWorld is one scenario's harness: the model it asks, what it sent the model and what its
// turns recorded. It sits in round one's seat of both the stateless service and the calendar's.
type harnessWorld struct {
	w   *world
	cal *calendarWorld

	model    harness.Model
	limit    time.Duration
	attempts int

	mu       sync.Mutex
	calls    []harness.Call
	outcomes []harness.Decision

	took        time.Duration // how long the latest timed round one took
	earlier     string        // the prompt the model was sent before the latest turn
	givenRecord []harness.Record
	findings    []harness.Finding
	seenStates  []string // every request state issued while the harness asked
}

// harnessSteps registers the steps of the offer harness.
func harnessSteps(sc *godog.ScenarioContext, w *world, cal *calendarWorld) {
	h := &harnessWorld{w: w, cal: cal}
	sc.Step(`^round one's offer is proposed by the stand-in model$`, h.standin)
	sc.Step(`^the model answers every attempt with:$`, h.answersEvery)
	sc.Step(`^the model answers, attempt by attempt:$`, h.answersByAttempt)
	sc.Step(`^the model never answers$`, h.neverAnswers)
	sc.Step(`^the turn's time limit is (\d+) milliseconds$`, h.limitIs)

	sc.Step(`^the customer asks "([^"]*)", timed$`, h.asksTimed)
	sc.Step(`^(\w+) asks "([^"]*)" with the salon's open times, timed$`, h.asksAtTheSalonTimed)
	sc.Step(`^the prompt holds nothing of (\w+): not (?:her|his|their) name, contact, words or booking$`, h.promptHoldsNothingOf)
	sc.Step(`^round one answered within (\d+) milliseconds and a margin of (\d+) milliseconds$`, h.answeredWithin)

	sc.Step(`^the model was called (\d+) times?$`, h.calledTimes)
	sc.Step(`^no model was called$`, func() error { return h.calledTimes(0) })
	sc.Step(`^the model was offered every open slot, in the order "([^"]*)"$`, h.offeredInOrder)
	sc.Step(`^the model was told "([^"]*)"$`, h.told)
	sc.Step(`^the model was told "([^"]*)" is open, reading "([^"]*)"$`, func(slot, label string) error {
		return h.told(`"` + slot + `" is open: ` + label + ".")
	})
	sc.Step(`^attempt (\d+) was refused for:$`, h.attemptRefusedFor)
	sc.Step(`^every attempt was refused for:$`, h.everyAttemptRefusedFor)
	sc.Step(`^the prompt of attempt (\d+) is the prompt of attempt (\d+), then its refused answer, then every reason it was refused for$`, h.retryPrompt)
	sc.Step(`^the records say the turn fell back because "([^"]*)"$`, h.fellBackBecause)
	sc.Step(`^the records say the model's answer was served$`, h.served)
	sc.Step(`^the records pass their review$`, h.recordsPassReview)

	sc.Step(`^the model was sent exactly this prompt:$`, h.sentExactly)
	sc.Step(`^the model was sent the same prompt as before$`, h.sentSameAsBefore)
	sc.Step(`^the prompt holds nothing of the salon, the clock, the signing key or a request state$`, h.promptHoldsNothingElse)

	sc.Step(`^the records of a turn:$`, h.recordsOfATurn)
	sc.Step(`^the audit runs over them$`, h.auditRuns)
	sc.Step(`^it reports every failed check at once:$`, h.reportsAtOnce)
}

// install puts a harness offerer with the scenario's model, limit and attempts in round one's seat.
func (h *harnessWorld) install() error {
	if h.model == nil {
		return nil
	}
	inner := h.model
	recording := harness.ModelFunc(func(ctx context.Context, c harness.Call) (string, error) {
		h.mu.Lock()
		h.calls = append(h.calls, c)
		h.mu.Unlock()
		return inner.Answer(ctx, c)
	})
	offerer := &harness.ModelOfferer{
		Model:    recording,
		Limit:    h.limit,
		Attempts: h.attempts,
		Observe: func(out harness.Decision) {
			h.mu.Lock()
			h.outcomes = append(h.outcomes, out)
			h.mu.Unlock()
		},
	}
	h.w.offerer = offerer
	if err := h.cal.offer(offerer); err != nil {
		return err
	}
	return h.w.rebuild()
}

func (h *harnessWorld) use(m harness.Model) error {
	h.model = m
	return h.install()
}

func (h *harnessWorld) standin() error { return h.use(harness.Standin()) }

func (h *harnessWorld) answersEvery(doc *godog.DocString) error {
	return h.use(harnesstest.Scripted(strings.TrimSpace(doc.Content)))
}

func (h *harnessWorld) answersByAttempt(table *godog.Table) error {
	var outputs []string
	for i, row := range table.Rows[1:] {
		if row.Cells[0].Value != strconv.Itoa(i+1) {
			return fmt.Errorf("row %d is attempt %s, want attempt %d", i+1, row.Cells[0].Value, i+1)
		}
		outputs = append(outputs, row.Cells[1].Value)
	}
	return h.use(harnesstest.Scripted(outputs...))
}

func (h *harnessWorld) neverAnswers() error { return h.use(harnesstest.Silent()) }

func (h *harnessWorld) limitIs(ms int) error {
	h.limit = time.Duration(ms) * time.Millisecond
	return h.install()
}

func (h *harnessWorld) asksTimed(message string) error {
	began := time.Now()
	err := h.w.asks("the customer", message)
	h.took = time.Since(began)
	return err
}

func (h *harnessWorld) asksAtTheSalonTimed(name, words string) error {
	ids, err := h.cal.openIDs()
	if err != nil {
		return err
	}
	began := time.Now()
	err = h.cal.asks(name, words, ids)
	h.took = time.Since(began)
	return err
}

// promptHoldsNothingOf looks for another customer's name, contact, words and booking in every
// prompt of the latest turn, its records and the served-log lines it renders.
func (h *harnessWorld) promptHoldsNothingOf(name string) error {
	g := h.cal.guest(name)
	calls, err := h.latestCalls()
	if err != nil {
		return err
	}
	if len(calls) == 0 {
		return fmt.Errorf("the latest turn called no model")
	}
	out, _ := h.latest()
	records, err := json.Marshal(out.Records)
	if err != nil {
		return err
	}
	texts := map[string]string{"the records": string(records), "the served log": string(harness.Served(out.Records))}
	for _, c := range calls {
		texts[fmt.Sprintf("the prompt of attempt %d", c.Attempt)] = c.Prompt
	}
	first, _, _ := strings.Cut(g.name, " ")
	foreign := map[string]string{
		"name": g.name, "first name": first, "contact": g.contact, "words": g.words, "booking": g.booking,
		"booked slot": g.slots[0],
	}
	if start, err := time.Parse(time.RFC3339, g.slots[0]); err == nil {
		london, _ := time.LoadLocation("Europe/London")
		foreign["booked slot's label"] = start.In(london).Format("Monday 2 January, 15:04")
	}
	for where, text := range texts {
		for what, field := range foreign {
			if field != "" && strings.Contains(text, field) {
				return fmt.Errorf("%s holds %s's %s (%q)", where, name, what, field)
			}
		}
	}
	return nil
}

func (h *harnessWorld) answeredWithin(limit, margin int) error {
	if bound := time.Duration(limit+margin) * time.Millisecond; h.took > bound {
		return fmt.Errorf("round one took %s, want at most %s", h.took, bound)
	}
	if floor := time.Duration(limit) * time.Millisecond; h.took < floor {
		return fmt.Errorf("round one took %s, before the limit of %s: it didn't wait for the model", h.took, floor)
	}
	return nil
}

// latest is the latest turn's outcome.
func (h *harnessWorld) latest() (harness.Decision, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.outcomes) == 0 {
		return harness.Decision{}, fmt.Errorf("no turn has run: the harness was never asked")
	}
	return h.outcomes[len(h.outcomes)-1], nil
}

// latestCalls is the calls of the latest turn, in order.
func (h *harnessWorld) latestCalls() ([]harness.Record, error) {
	out, err := h.latest()
	if err != nil {
		return nil, err
	}
	var calls []harness.Record
	for _, r := range out.Records {
		if r.Stage == harness.StageCall {
			calls = append(calls, r)
		}
	}
	return calls, nil
}

func (h *harnessWorld) calledTimes(n int) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.calls) != n {
		return fmt.Errorf("the model was called %d times, want %d", len(h.calls), n)
	}
	return nil
}

func (h *harnessWorld) offeredInOrder(order string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.calls) == 0 {
		return fmt.Errorf("the model was never called")
	}
	got := h.calls[len(h.calls)-1].Grammar.Options()
	want := list(order)
	if !slices.Equal(got, want) {
		return fmt.Errorf("the grammar offers %q, want %q", got, want)
	}
	if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(h.w.slots))) {
		return fmt.Errorf("the grammar offers %q, want every open slot %q", got, h.w.slots)
	}
	for _, option := range want {
		if !strings.Contains(h.calls[len(h.calls)-1].Prompt, "- \""+option+"\"\n") {
			return fmt.Errorf("the prompt doesn't list the option %q", option)
		}
	}
	return nil
}

func (h *harnessWorld) told(fact string) error {
	out, err := h.latest()
	if err != nil {
		return err
	}
	if !slices.Contains(out.Records[0].Context.Facts, fact) {
		return fmt.Errorf("the facts are %q, want them to hold %q", out.Records[0].Context.Facts, fact)
	}
	calls, err := h.latestCalls()
	if err != nil {
		return err
	}
	for _, c := range calls {
		if !strings.Contains(c.Prompt, "- "+fact+"\n") {
			return fmt.Errorf("the prompt of attempt %d doesn't tell the model %q", c.Attempt, fact)
		}
	}
	return nil
}

// reasons reads a table of fault and detail.
func reasons(table *godog.Table) []harness.Reason {
	var out []harness.Reason
	for _, row := range table.Rows[1:] {
		out = append(out, harness.Reason{Fault: harness.Fault(row.Cells[0].Value), Detail: row.Cells[1].Value})
	}
	return out
}

// rulings is the rulings of the latest turn, by attempt.
func (h *harnessWorld) rulings() (map[int]harness.Ruling, error) {
	out, err := h.latest()
	if err != nil {
		return nil, err
	}
	rulings := map[int]harness.Ruling{}
	for _, r := range out.Records {
		if r.Stage == harness.StageRuling && r.Ruling != nil {
			rulings[r.Attempt] = *r.Ruling
		}
	}
	return rulings, nil
}

func (h *harnessWorld) attemptRefusedFor(attempt int, table *godog.Table) error {
	rulings, err := h.rulings()
	if err != nil {
		return err
	}
	r, ok := rulings[attempt]
	switch want := reasons(table); {
	case !ok:
		return fmt.Errorf("attempt %d was never ruled on", attempt)
	case r.Accepted:
		return fmt.Errorf("attempt %d was accepted, want it refused", attempt)
	case !slices.Equal(r.Reasons, want):
		return fmt.Errorf("attempt %d was refused for\n  %q\nwant\n  %q", attempt, r.Reasons, want)
	}
	return nil
}

func (h *harnessWorld) everyAttemptRefusedFor(table *godog.Table) error {
	rulings, err := h.rulings()
	if err != nil {
		return err
	}
	if len(rulings) == 0 {
		return fmt.Errorf("no attempt was ruled on")
	}
	for attempt := range rulings {
		if err := h.attemptRefusedFor(attempt, table); err != nil {
			return err
		}
	}
	return nil
}

func (h *harnessWorld) retryPrompt(retry, earlier int) error {
	calls, err := h.latestCalls()
	if err != nil {
		return err
	}
	if retry > len(calls) || earlier > len(calls) {
		return fmt.Errorf("the turn made %d calls, not %d", len(calls), max(retry, earlier))
	}
	rulings, _ := h.rulings()
	before, after := calls[earlier-1], calls[retry-1]
	why := rulings[earlier].Reasons
	if !strings.HasPrefix(after.Prompt, before.Prompt) {
		return fmt.Errorf("the prompt of attempt %d doesn't begin with the prompt of attempt %d", retry, earlier)
	}
	if !strings.Contains(after.Prompt[len(before.Prompt):], before.Output) {
		return fmt.Errorf("the prompt of attempt %d doesn't hold the refused answer %s", retry, before.Output)
	}
	for _, r := range why {
		if !strings.Contains(after.Prompt, "- "+r.String()+"\n") {
			return fmt.Errorf("the prompt of attempt %d doesn't hold the reason %q", retry, r)
		}
	}
	if want := harness.Correction(before.Prompt, before.Output, why); after.Prompt != want {
		return fmt.Errorf("the prompt of attempt %d is\n%s\nwant\n%s", retry, after.Prompt, want)
	}
	return nil
}

func (h *harnessWorld) fellBackBecause(why string) error {
	out, err := h.latest()
	if err != nil {
		return err
	}
	last := out.Records[len(out.Records)-1]
	if out.Served || out.Why != harness.Why(why) || last.Stage != harness.StageFallback || last.Why != harness.Why(why) {
		return fmt.Errorf("the turn ended in a %s record saying %q (served %v), want a fallback because %q", last.Stage, last.Why, out.Served, why)
	}
	return nil
}

func (h *harnessWorld) served() error {
	out, err := h.latest()
	if err != nil {
		return err
	}
	if !out.Served {
		return fmt.Errorf("the turn fell back because %q, want the model's answer served", out.Why)
	}
	return nil
}

func (h *harnessWorld) recordsPassReview() error {
	out, err := h.latest()
	if err != nil {
		return err
	}
	if findings := harness.Review(out.Records); len(findings) > 0 {
		return fmt.Errorf("the records fail their review: %q", findings)
	}
	return nil
}

// lastPrompt is the prompt of the latest call.
func (h *harnessWorld) lastPrompt() (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.calls) == 0 {
		return "", fmt.Errorf("the model was never called")
	}
	return h.calls[len(h.calls)-1].Prompt, nil
}

func (h *harnessWorld) sentExactly(doc *godog.DocString) error {
	got, err := h.lastPrompt()
	if err != nil {
		return err
	}
	if want := doc.Content + "\n"; got != want {
		return fmt.Errorf("the model was sent\n%s\nwant\n%s", got, want)
	}
	h.earlier = got
	h.seenStates = append(h.seenStates, h.w.who("the customer").issued)
	return nil
}

func (h *harnessWorld) sentSameAsBefore() error {
	got, err := h.lastPrompt()
	if err != nil {
		return err
	}
	if got != h.earlier {
		return fmt.Errorf("the model was sent\n%s\nwant the prompt of before\n%s", got, h.earlier)
	}
	h.seenStates = append(h.seenStates, h.w.who("the customer").issued)
	return nil
}

// promptHoldsNothingElse looks for everything the service knows that the request doesn't carry.
func (h *harnessWorld) promptHoldsNothingElse() error {
	prompt, err := h.lastPrompt()
	if err != nil {
		return err
	}
	now := h.w.clock.Now()
	foreign := map[string]string{
		"the salon":                   h.w.salon,
		"the salon of the first turn": "studio-nine",
		"the clock's year":            strconv.Itoa(now.Year()),
		"the clock's date":            now.Format("2006-01-02"),
		"the clock's month":           now.Month().String(),
		"the clock in unix seconds":   strconv.FormatInt(now.Unix(), 10),
		"the signing key":             hex.EncodeToString(h.w.key),
	}
	for i, state := range h.seenStates {
		if state == "" {
			return fmt.Errorf("turn %d issued no request state", i+1)
		}
		payload, mac, _ := strings.Cut(state, ".")
		var claims struct{ Nonce string }
		_ = json.Unmarshal([]byte(payload), &claims)
		foreign[fmt.Sprintf("the nonce of state %d", i+1)] = claims.Nonce
		foreign[fmt.Sprintf("the MAC of state %d", i+1)] = mac
	}
	for what, text := range foreign {
		if text != "" && strings.Contains(strings.ToLower(prompt), strings.ToLower(text)) {
			return fmt.Errorf("the prompt holds %s (%q)", what, text)
		}
	}
	return nil
}

func (h *harnessWorld) recordsOfATurn(doc *godog.DocString) error {
	dec := json.NewDecoder(strings.NewReader(doc.Content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h.givenRecord); err != nil {
		return fmt.Errorf("the records are not a turn's plain data: %w", err)
	}
	return nil
}

func (h *harnessWorld) auditRuns() error {
	h.findings = harness.Review(h.givenRecord)
	return nil
}

func (h *harnessWorld) reportsAtOnce(table *godog.Table) error {
	var want []harness.Finding
	for _, row := range table.Rows[1:] {
		want = append(want, harness.Finding{Check: row.Cells[0].Value, Detail: row.Cells[1].Value})
	}
	if !reflect.DeepEqual(h.findings, want) {
		var got strings.Builder
		for _, f := range h.findings {
			fmt.Fprintf(&got, "\n  | %s | %s |", f.Check, f.Detail)
		}
		return fmt.Errorf("the audit reported:%s\nwant %d findings", got.String(), len(want))
	}
	return nil
}
