// This file holds the steps of a booking as the customer lives it: the salon's open times, the two rounds and their outcomes.

package features

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/cucumber/godog"
)

// bookingSteps registers the steps of the two rounds and of what the customer is told.
func bookingSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^the salon "([^"]*)" has open slots "([^"]*)"$`, w.salonHasOpenSlots)
	sc.Step(`^the salon "([^"]*)" has no open slots$`, w.salonHasNothingOpen)

	sc.Step(`^(the customer|the first customer|the second customer|another customer) asks "([^"]*)"$`, w.asks)
	sc.Step(`^(the customer|the first customer|the second customer|another customer) asked "([^"]*)"$`, w.asked)
	sc.Step(`^the customer asks "([^"]*)" in a body that also carries:$`, w.asksCarrying)
	sc.Step(`^two customers ask "([^"]*)" in the same second$`, w.twoAskInOneSecond)

	sc.Step(`^(the customer|the first customer|the second customer|another customer) picks "([^"]*)"$`, w.picks)
	sc.Step(`^(the customer|the first customer|the second customer|another customer) picked "([^"]*)" and was booked$`, w.pickedAndBooked)
	sc.Step(`^the customer picks "([^"]*)" in a body that also carries:$`, w.picksCarrying)
	sc.Step(`^the customer picks "([^"]*)" at the salon "([^"]*)"$`, w.picksAtSalon)
	sc.Step(`^the customer (declines|cancels) the question$`, w.declines)

	sc.Step(`^the server asks "([^"]*)" offering "([^"]*)"$`, w.serverAsks)
	sc.Step(`^the server asks "([^"]*)" offering the first two open slots$`, w.serverAsksFirstTwo)
	sc.Step(`^"([^"]*)" is booked and the customer is told "([^"]*)"$`, w.isBooked)
	sc.Step(`^nothing is booked and the customer is told "([^"]*)"$`, w.nothingBooked)
	sc.Step(`^no request state is issued$`, w.noStateIssued)
	sc.Step(`^no state was spent$`, w.noStateSpent)
	sc.Step(`^no step ran: no state was issued and none was spent$`, w.noStepRan)
	sc.Step(`^the spent-state record holds (\d+) states?$`, w.spentHolds)
}

func (w *world) salonHasOpenSlots(salon, slots string) error {
	w.salon, w.slots = salon, list(slots)
	return nil
}

func (w *world) salonHasNothingOpen(salon string) error {
	w.salon, w.slots = salon, []string{}
	return nil
}

// roundOne sends the salon's open slots with the customer's words, and remembers the state it was given.
func (w *world) roundOne(name, message string, extra map[string]any) error {
	return w.ask(name, booking{salon: w.salon, message: message, slots: slices.Clone(w.slots)}, extra)
}

// ask sends round one of b with extra fields slipped in, and remembers the booking and state of a question.
func (w *world) ask(name string, b booking, extra map[string]any) error {
	req := body(b, nil, "")
	merge(req, extra)
	if err := w.post(b.salon, encode(req)); err != nil {
		return err
	}
	// A round one that issues no state leaves the customer's earlier conversation as it was.
	if r, err := w.result(); err == nil && r.RequestState != nil {
		*w.who(name) = customer{asked: b, send: b.clone(), issued: *r.RequestState, state: *r.RequestState}
	}
	return nil
}

func (w *world) asks(name, message string) error { return w.roundOne(name, message, nil) }

// asked is round one done, and answered with a question and a state.
func (w *world) asked(name, message string) error {
	if err := w.roundOne(name, message, nil); err != nil {
		return err
	}
	if w.who(name).issued == "" {
		return fmt.Errorf("round one answered %d %s, want a question with a request state", w.reply.Status, w.reply.Body)
	}
	return nil
}

func (w *world) asksCarrying(message string, extra *godog.DocString) error {
	fields, err := object(extra)
	if err != nil {
		return err
	}
	return w.roundOne("the customer", message, fields)
}

func (w *world) twoAskInOneSecond(message string) error {
	second := w.clock.Now().Unix()
	for _, name := range []string{"the first customer", "the second customer"} {
		if err := w.asked(name, message); err != nil {
			return err
		}
	}
	if w.clock.Now().Unix() != second {
		return fmt.Errorf("the clock moved between the two round ones")
	}
	return nil
}

// roundTwo sends what the customer's app holds for round two, with answers.
func (w *world) roundTwo(c *customer, salon string, answers any, extra map[string]any) error {
	if c.issued == "" {
		return fmt.Errorf("the customer has no request state: no round one asked a question")
	}
	req := body(c.send, answers, c.state)
	merge(req, extra)
	return w.post(salon, encode(req))
}

func (w *world) picks(name, time string) error {
	c := w.who(name)
	return w.roundTwo(c, c.send.salon, accept(time), nil)
}

func (w *world) pickedAndBooked(name, time string) error {
	if err := w.picks(name, time); err != nil {
		return err
	}
	return w.isBooked(time, time+" is yours.")
}

func (w *world) picksCarrying(time string, extra *godog.DocString) error {
	fields, err := object(extra)
	if err != nil {
		return err
	}
	c := w.who("the customer")
	return w.roundTwo(c, c.send.salon, accept(time), fields)
}

func (w *world) picksAtSalon(time, salon string) error {
	return w.roundTwo(w.who("the customer"), salon, accept(time), nil)
}

func (w *world) declines(how string) error {
	action := map[string]string{"declines": "decline", "cancels": "cancel"}[how]
	c := w.who("the customer")
	return w.roundTwo(c, c.send.salon, map[string]any{"time": map[string]any{"action": action}}, nil)
}

func (w *world) serverAsks(question, offer string) error {
	return w.question(question, list(offer))
}

func (w *world) serverAsksFirstTwo(question string) error {
	sent := w.who("the customer").asked.slots
	return w.question(question, sent[:min(2, len(sent))])
}

// question checks that the latest reply asks question, offering exactly offer, and carries a state.
func (w *world) question(question string, offer []string) error {
	r, err := w.result()
	if err != nil {
		return err
	}
	if r.ResultType != "input_required" || r.InputRequests == nil {
		return fmt.Errorf("got %s, want an input_required result", w.reply.Body)
	}
	ask := r.InputRequests.Time
	switch {
	case ask.Method != "elicitation/create" || ask.Params.Mode != "form":
		return fmt.Errorf("got method %q in mode %q, want elicitation/create in form mode", ask.Method, ask.Params.Mode)
	case ask.Params.Message != question:
		return fmt.Errorf("got question %q, want %q", ask.Params.Message, question)
	case !slices.Equal(ask.Params.RequestedSchema.Properties.Time.Enum, offer):
		return fmt.Errorf("got times %q, want %q", ask.Params.RequestedSchema.Properties.Time.Enum, offer)
	case !slices.Equal(ask.Params.RequestedSchema.Required, []string{"time"}):
		return fmt.Errorf("got required %q, want [time]", ask.Params.RequestedSchema.Required)
	case r.RequestState == nil || *r.RequestState == "":
		return fmt.Errorf("the question carries no request state: %s", w.reply.Body)
	}
	return nil
}

// outcome checks that the latest reply completes the request with status and say, and returns its fields.
func (w *world) outcome(status, say string) (map[string]json.RawMessage, error) {
	r, err := w.result()
	if err != nil {
		return nil, err
	}
	if r.ResultType != "complete" {
		return nil, fmt.Errorf("got %s, want a complete result", w.reply.Body)
	}
	var gotStatus, gotSay string
	_ = json.Unmarshal(r.StructuredContent["status"], &gotStatus)
	_ = json.Unmarshal(r.StructuredContent["say"], &gotSay)
	if gotStatus != status || gotSay != say {
		return nil, fmt.Errorf("got status %q saying %q, want %q saying %q", gotStatus, gotSay, status, say)
	}
	if r.RequestState != nil {
		return nil, fmt.Errorf("a complete result carries a request state: %s", w.reply.Body)
	}
	return r.StructuredContent, nil
}

func (w *world) isBooked(slot, say string) error {
	fields, err := w.outcome("booked", say)
	if err != nil {
		return err
	}
	var got string
	if json.Unmarshal(fields["slot"], &got) != nil || got != slot {
		return fmt.Errorf("got slot %s, want %q", fields["slot"], slot)
	}
	return nil
}

func (w *world) nothingBooked(say string) error {
	fields, err := w.outcome("not_booked", say)
	if err != nil {
		return err
	}
	if slot, ok := fields["slot"]; ok {
		return fmt.Errorf("got slot %s, want none", slot)
	}
	return nil
}

func (w *world) noStateIssued() error {
	if n := w.counts().issued - w.before.issued; n != 0 {
		return fmt.Errorf("got %d states issued, want none", n)
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(w.reply.Body, &fields) == nil {
		if _, ok := fields["requestState"]; ok {
			return fmt.Errorf("the reply carries a request state: %s", w.reply.Body)
		}
	}
	return nil
}

func (w *world) noStateSpent() error {
	if got, want := w.spent.Len(), w.before.spent; got != want {
		return fmt.Errorf("got %d states spent, want %d as before the request", got, want)
	}
	return nil
}

func (w *world) noStepRan() error {
	if err := w.noStateIssued(); err != nil {
		return err
	}
	return w.noStateSpent()
}

func (w *world) spentHolds(n int) error {
	if got := w.spent.Len(); got != n {
		return fmt.Errorf("got %d spent states held, want %d", got, n)
	}
	return nil
}

// object reads a doc string as a JSON object.
func object(doc *godog.DocString) (map[string]any, error) {
	var fields map[string]any
	if err := json.Unmarshal([]byte(doc.Content), &fields); err != nil {
		return nil, fmt.Errorf("the step's doc string is not a JSON object: %w", err)
	}
	return fields, nil
}
