// This file tests the offer harness at a salon with a calendar: the salon's facts reach the prompt, and nothing of another customer ever does.

package booking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/harness"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/testkit"
)

// seen is everything a harness offerer showed its model and wrote down: each prompt as sent, each
// turn's records, and its served log.
type seen struct {
	mu       sync.Mutex
	prompts  []string
	outcomes []harness.Decision
	served   testkit.Buffer
}

// offerer is a harness offerer with the stand-in model, keeping what it shows and writes in seen.
func (w *seen) offerer() *harness.ModelOfferer { return w.knowing(nil) }

// knowing is offerer with a stand-in that somehow knows other customers: on its first attempt,
// its question ends with what leak gives (nothing when leak is nil or gives "").
func (w *seen) knowing(leak func() string) *harness.ModelOfferer {
	standin := harness.Standin()
	return &harness.ModelOfferer{
		Model: harness.ModelFunc(func(ctx context.Context, c harness.Call) (string, error) {
			w.mu.Lock()
			w.prompts = append(w.prompts, c.Prompt)
			w.mu.Unlock()
			out, err := standin.Answer(ctx, c)
			if err != nil || leak == nil || c.Attempt > 1 {
				return out, err
			}
			var a struct {
				Choices  []string
				Question string
			}
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				return "", err
			}
			return harness.AnswerText(a.Choices, a.Question+" "+leak()), nil
		}),
		Served: &w.served,
		Observe: func(out harness.Decision) {
			w.mu.Lock()
			w.outcomes = append(w.outcomes, out)
			w.mu.Unlock()
		},
	}
}

// forget drops what was seen so far, so what follows is one customer's turn alone.
func (w *seen) forget() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.prompts, w.outcomes, w.served = nil, nil, testkit.Buffer{}
}

// texts is every prompt, every turn's records and the served log, as text, each named.
func (w *seen) texts(t *testing.T) map[string]string {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	texts := map[string]string{"the served log": w.served.String()}
	for i, p := range w.prompts {
		texts[fmt.Sprintf("prompt %d", i+1)] = p
	}
	for i, out := range w.outcomes {
		data, err := json.Marshal(out.Records)
		if err != nil {
			t.Fatal(err)
		}
		texts[fmt.Sprintf("the records of turn %d", i+1)] = string(data)
	}
	return texts
}

// leaks names each of fields found in any of texts.
func leaks(texts map[string]string, fields map[string]string) []string {
	var found []string
	for where, text := range texts {
		for what, field := range fields {
			if field != "" && strings.Contains(text, field) {
				found = append(found, what+" in "+where)
			}
		}
	}
	slices.Sort(found)
	return found
}

// monday is opening hours of Monday 09:00 to 12:00 and Saturday 09:00 to 11:00.
var monday = salon.Hours{time.Monday: {{Start: 9 * 60, End: 12 * 60}}, time.Saturday: {{Start: 9 * 60, End: 11 * 60}}}

// Rosa is booked on Monday at 10:00, with her contact and her words, in a real SQLite calendar;
// then Ana asks for Monday. The salon's labels and prices reach Ana's prompt; nothing of Rosa does.
func TestAnotherCustomersBookingStaysOutOfThePrompt(t *testing.T) {
	var w seen
	s := openSalon(t, w.offerer())
	s.put(t, "studio-nine", monday, salon.Price{Service: "cut", Price: "$45"})
	const rosasSlot = "2026-12-07T10:00:00Z"
	rosasWords := "Rosa here: Xiomara needs her fringe done too, ring me after six"
	r, asked := s.roundOne(t, "studio-nine", rosa, rosasWords, []string{rosasSlot})
	if done := s.roundTwo(t, r, asked.State, accepting(rosasSlot)); done.Outcome.(step.Booked).Slot != rosasSlot {
		t.Fatalf("Rosa's booking: got %+v", done.Outcome)
	}
	rows, err := s.db.Bookings(context.Background(), "studio-nine", friday, friday.AddDate(0, 0, 7))
	if err != nil || len(rows) != 1 || rows[0].Name != rosa.Name || rows[0].Contact != rosa.Contact || rows[0].Words != rosasWords {
		t.Fatalf("the calendar holds %+v (%v), want Rosa's row with her contact and words", rows, err)
	}
	w.forget()

	// The app's list is stale: it still holds Rosa's slot.
	open := append([]string{rosasSlot}, s.open(t, "studio-nine")...)
	_, asked = s.roundOne(t, "studio-nine", ana, "Anything on Monday morning? How much is a cut?", open)
	texts := w.texts(t)
	if len(w.prompts) != 1 {
		t.Fatalf("the model was asked %d times, want once", len(w.prompts))
	}
	prompt := w.prompts[0]
	for _, fact := range []string{
		"- The customer asked for Monday, and Monday has openings.\n",
		"- \"2026-12-07T09:00:00Z\" is open: Monday 7 December, 09:00.\n",
		"- A cut costs $45.\n",
	} {
		if !strings.Contains(prompt, fact) {
			t.Errorf("the prompt doesn't hold the fact %q:\n%s", fact, prompt)
		}
	}
	if got := leaks(texts, map[string]string{
		"Rosa's name": rosa.Name, "Rosa's first name": "Rosa", "Rosa's contact": rosa.Contact, "Rosa's words": rosasWords,
		"a word of Rosa's": "Xiomara", "Rosa's booking": "booking-", "Rosa's slot": rosasSlot, "the label of Rosa's slot": "Monday 7 December, 10:00",
	}); len(got) > 0 {
		t.Errorf("found %q", got)
	}
	if want := "A cut costs $45. Would Monday 7 December, 09:00 or Monday 7 December, 11:00 suit you?"; asked.Question.Message != want {
		t.Errorf("Ana is asked %q, want %q", asked.Question.Message, want)
	}
}

// A model that somehow knows Rosa says her name, her contact and her words: Ana's prompts, the
// turn's records and the served log still hold none of them, and neither does Ana's question.
func TestAModelThatKnowsAnotherCustomerCantTellOn(t *testing.T) {
	const rosasSlot = "2026-12-07T10:00:00Z"
	rosasWords := "Rosa here: Xiomara needs her fringe done too, ring me after six"
	var leaking bool
	var w seen
	s := openSalon(t, w.knowing(func() string {
		if !leaking {
			return ""
		}
		return "Rosa Quintero (" + rosa.Contact + ") wrote: " + strings.ToUpper(rosasWords)
	}))
	s.put(t, "studio-nine", monday)
	r, asked := s.roundOne(t, "studio-nine", rosa, rosasWords, []string{rosasSlot})
	s.roundTwo(t, r, asked.State, accepting(rosasSlot))
	w.forget()
	leaking = true

	_, asked = s.roundOne(t, "studio-nine", ana, "Anything on Monday morning?", s.open(t, "studio-nine"))
	texts := w.texts(t)
	texts["Ana's question"] = asked.Question.Message
	fields := map[string]string{"Rosa's first name": "Rosa", "Rosa's surname": "Quintero", "Rosa's contact": rosa.Contact, "a word of Rosa's": "Xiomara", "Rosa's words": strings.ToUpper(rosasWords)}
	if got := leaks(texts, fields); len(got) > 0 {
		t.Errorf("found %q", got)
	}
	if len(w.prompts) != 2 || !strings.Contains(w.prompts[1], step.WithheldMark) {
		t.Errorf("the model was asked %d times, want twice, the retry showing its answer withheld", len(w.prompts))
	}
	if want := "Would Monday 7 December, 09:00 or Monday 7 December, 11:00 suit you?"; asked.Question.Message != want {
		t.Errorf("Ana is asked %q, want %q", asked.Question.Message, want)
	}
}

// randomField is a customer's field no prompt could hold by chance: a word, a token of random
// letters and digits, and a character outside ASCII.
func randomField(r *rand.Rand, word string) string {
	const alphabet = "bcdfghjklmnpqrstvwxz0123456789"
	token := make([]byte, 10)
	for i := range token {
		token[i] = alphabet[r.IntN(len(alphabet))]
	}
	return word + " " + string(token) + " ñ"
}

// randomHours opens one to four random weekdays, each for one random interval of whole hours.
func randomHours(r *rand.Rand) salon.Hours {
	hours := salon.Hours{}
	for range 1 + r.IntN(4) {
		from := 8 + r.IntN(6)
		hours[time.Weekday(r.IntN(7))] = []salon.Interval{{Start: salon.Clock(from * 60), End: salon.Clock((from + 1 + r.IntN(5)) * 60)}}
	}
	return hours
}

// For random calendars with random other customers booked, no customer field of theirs (name,
// contact, words, booked slot, booking reference) appears in any prompt, any record of a turn,
// the served log, the question asked, or round two's records of another customer, even when the
// model somehow knows one and says it.
func TestPropertyNoOtherCustomerReachesTheHarness(t *testing.T) {
	runs := 24
	if testing.Short() {
		runs = 6
	}
	var w seen
	var others []string // the fields of the run's other customers, which a knowing model leaks
	var leakFrom *rand.Rand
	s := openSalon(t, w.knowing(func() string {
		if leakFrom == nil || len(others) == 0 {
			return ""
		}
		return others[leakFrom.IntN(len(others))]
	}))
	for run := range runs {
		seed := uint64(run)
		r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		id := fmt.Sprintf("salon-%d", run)
		var prices []salon.Price
		for i := range r.IntN(3) {
			prices = append(prices, salon.Price{Service: []string{"cut", "colour", "trim"}[i], Price: fmt.Sprintf("$%d", 20+r.IntN(80))})
		}
		s.put(t, id, randomHours(r), prices...)
		fields := map[string]string{}
		var booked []string
		leakFrom, others = nil, nil
		for n := range 1 + r.IntN(6) {
			open := s.open(t, id)
			if len(open) < 2 {
				break
			}
			other := salon.Customer{Name: randomField(r, "Name"), Contact: randomField(r, "Contact")}
			words := randomField(r, "Words about "+time.Weekday(r.IntN(7)).String())
			slot := open[r.IntN(len(open))]
			req, asked := s.roundOne(t, id, other, words, []string{slot})
			done, ok := s.roundTwo(t, req, asked.State, accepting(slot)).Outcome.(step.Booked)
			if !ok {
				t.Fatalf("seed %d: customer %d's booking of %s: got %+v", seed, n, slot, done)
			}
			booked = append(booked, slot)
			fields[fmt.Sprintf("customer %d's booked slot", n)] = slot
			fields[fmt.Sprintf("customer %d's booking", n)] = done.Booking
			fields[fmt.Sprintf("customer %d's name", n)] = other.Name
			fields[fmt.Sprintf("customer %d's contact", n)] = other.Contact
			fields[fmt.Sprintf("customer %d's words", n)] = words
		}
		open := s.open(t, id)
		if len(open) == 0 {
			continue
		}
		w.forget()
		for _, field := range fields {
			others = append(others, field)
		}
		slices.Sort(others)
		if r.IntN(2) == 0 {
			leakFrom = r // the model knows the others, and says one of them
		}
		stale := append(slices.Clone(open), booked...) // the app's list is stale: it still holds the booked slots
		r.Shuffle(len(stale), func(i, j int) { stale[i], stale[j] = stale[j], stale[i] })
		words := []string{"A cut on Monday?", "What does a colour cost?", "Anything Saturday", "whenever"}[r.IntN(4)]
		req, asked := s.roundOne(t, id, ana, words, stale)
		s.roundTwo(t, req, asked.State, accepting(asked.Question.Times[0]))
		texts := w.texts(t)
		data, _ := json.Marshal(s.latest(t))
		texts["Ana's round two records"] = string(data)
		texts["Ana's question"] = asked.Question.Message
		if f := booking.Review(s.latest(t)); len(f) > 0 {
			t.Errorf("seed %d: Ana's round two fails its audit: %q", seed, f)
		}
		if got := leaks(texts, fields); len(got) > 0 {
			t.Errorf("seed %d: found %q", seed, got)
		}
		if len(w.prompts) == 0 {
			t.Errorf("seed %d: the model was never asked", seed)
		}
	}
}

// A slot whose booking was cancelled is open again, and is offered as any other: only live
// bookings' slots are withheld, and never a slot the model is told is open.
func TestACancelledBookingsSlotIsOfferedAgain(t *testing.T) {
	var w seen
	s := openSalon(t, w.offerer())
	s.put(t, "studio-nine", saturday)
	r, asked := s.roundOne(t, "studio-nine", rosa, "A colour, please", []string{"2026-12-05T09:00:00Z"})
	booked := s.roundTwo(t, r, asked.State, accepting("2026-12-05T09:00:00Z")).Outcome.(step.Booked)
	if _, err := s.db.Cancel(context.Background(), "studio-nine", booked.Booking); err != nil {
		t.Fatal(err)
	}
	_, asked = s.roundOne(t, "studio-nine", ana, "A cut on Saturday?", s.open(t, "studio-nine"))
	if want := "Would Saturday 5 December, 09:00 or Saturday 5 December, 10:00 suit you?"; asked.Question.Message != want {
		t.Errorf("Ana is asked %q, want %q", asked.Question.Message, want)
	}
}
