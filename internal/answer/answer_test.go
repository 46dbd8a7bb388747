// This file holds the tests of Parse: every rule and exact refusal of docs/contract.md's order of checks, step 6, and the property that only offered times come back.

package answer_test

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/quick"

	"salon/internal/answer"
	"salon/internal/refusal"
)

// The refusals are written out here, not read from the package's constants, so a changed constant fails.
const (
	wantNoAnswer   = "no answer to the question asked"
	wantNotAChoice = "the answer is not an accept, a decline or a cancel"
)

var offered = []string{"sat-10:30", "sat-11:30"}

// outcome is what a test expects of Parse: an accepted time, a decline, or a refusal with its exact text.
type outcome struct {
	accepted string // the accepted time, when declined and refusal are unset
	declined bool
	refusal  string
}

func accepts(time string) outcome   { return outcome{accepted: time} }
func declines() outcome             { return outcome{declined: true} }
func refuses(reason string) outcome { return outcome{refusal: reason} }

func TestParse(t *testing.T) {
	tests := []struct {
		name           string
		inputResponses string
		want           outcome
	}{
		// Accepted.
		{"an accept of the first offered time accepts it", `{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`, accepts("sat-10:30")},
		{"an accept of the second offered time accepts it", `{"time":{"action":"accept","content":{"time":"sat-11:30"}}}`, accepts("sat-11:30")},
		{"fields the parser does not read are ignored at every depth", `{"other":1,"time":{"action":"accept","content":{"time":"sat-11:30","note":"hi"},"_meta":{"x":[1]}}}`, accepts("sat-11:30")},
		{"whitespace around the JSON changes nothing", " \n{ \"time\" : { \"action\" : \"accept\" , \"content\" : { \"time\" : \"sat-10:30\" } } }\t", accepts("sat-10:30")},
		{"an escaped spelling of an offered time is that time", `{"time":{"action":"accept","content":{"time":"sat\u002d10:30"}}}`, accepts("sat-10:30")},

		// Never offered.
		{"an accept of a time never offered is refused naming it", `{"time":{"action":"accept","content":{"time":"sat-13:00"}}}`, refuses("sat-13:00 was never offered")},
		{"an accept of an offered time in other case was never offered", `{"time":{"action":"accept","content":{"time":"SAT-10:30"}}}`, refuses("SAT-10:30 was never offered")},
		{"an accept of an offered time with a trailing space was never offered", `{"time":{"action":"accept","content":{"time":"sat-10:30 "}}}`, refuses("sat-10:30  was never offered")},
		{"an accept of the empty time was never offered", `{"time":{"action":"accept","content":{"time":""}}}`, refuses(" was never offered")},

		// Declined.
		{"a decline declines", `{"time":{"action":"decline"}}`, declines()},
		{"a cancel declines", `{"time":{"action":"cancel"}}`, declines()},
		{"a decline with a null content declines", `{"time":{"action":"decline","content":null}}`, declines()},
		{"a decline with junk content still declines", `{"time":{"action":"decline","content":"junk"}}`, declines()},
		{"a cancel with junk content still declines", `{"time":{"action":"cancel","content":[1,{"a":false}]}}`, declines()},
		{"a decline carrying an offered time still declines", `{"time":{"action":"decline","content":{"time":"sat-10:30"}}}`, declines()},
		{"a cancel carrying a time never offered still declines", `{"time":{"action":"cancel","content":{"time":"sat-13:00"}}}`, declines()},

		// No answer.
		{"an empty object has no answer", `{}`, refuses(wantNoAnswer)},
		{"answers to other questions only have no answer", `{"day":{"action":"accept","content":{"time":"sat-10:30"}}}`, refuses(wantNoAnswer)},
		{"the question key in capitals is another question", `{"TIME":{"action":"accept","content":{"time":"sat-10:30"}}}`, refuses(wantNoAnswer)},
		{"a null answer counts as absent", `{"time":null}`, refuses(wantNoAnswer)},
		{"null inputResponses have no answer", `null`, refuses(wantNoAnswer)},
		{"inputResponses that are a list are not an object and hold no answer", `[{"action":"accept","content":{"time":"sat-10:30"}}]`, refuses(wantNoAnswer)},
		{"inputResponses that are a string are not an object and hold no answer", `"sat-10:30"`, refuses(wantNoAnswer)},
		{"inputResponses that are a number are not an object and hold no answer", `42`, refuses(wantNoAnswer)},
		{"empty inputResponses hold no answer", ``, refuses(wantNoAnswer)},
		{"inputResponses that are not JSON hold no answer", `{"time":`, refuses(wantNoAnswer)},

		// Not an accept, a decline or a cancel.
		{"an answer that is a string is not a choice", `{"time":"sat-10:30"}`, refuses(wantNotAChoice)},
		{"an answer that is a list is not a choice", `{"time":["accept"]}`, refuses(wantNotAChoice)},
		{"an answer with no action is not a choice", `{"time":{"content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"a null action is not a choice", `{"time":{"action":null,"content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"an action that is not a string is not a choice", `{"time":{"action":1,"content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"an Accept in capitals is not a choice", `{"time":{"action":"Accept","content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"an ACCEPT shouting is not a choice", `{"time":{"action":"ACCEPT","content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"a Decline in capitals is not a choice", `{"time":{"action":"Decline"}}`, refuses(wantNotAChoice)},
		{"an accept with a trailing space is not a choice", `{"time":{"action":"accept ","content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"an unknown action is not a choice", `{"time":{"action":"reject"}}`, refuses(wantNotAChoice)},
		{"an empty action is not a choice", `{"time":{"action":""}}`, refuses(wantNotAChoice)},
		{"an accept with no content is not a choice", `{"time":{"action":"accept"}}`, refuses(wantNotAChoice)},
		{"an accept with a null content is not a choice", `{"time":{"action":"accept","content":null}}`, refuses(wantNotAChoice)},
		{"an accept with an empty content is not a choice", `{"time":{"action":"accept","content":{}}}`, refuses(wantNotAChoice)},
		{"an accept whose content is the time itself is not a choice", `{"time":{"action":"accept","content":"sat-10:30"}}`, refuses(wantNotAChoice)},
		{"an accept with a null content.time is not a choice", `{"time":{"action":"accept","content":{"time":null}}}`, refuses(wantNotAChoice)},
		{"an accept with a numeric content.time is not a choice", `{"time":{"action":"accept","content":{"time":1030}}}`, refuses(wantNotAChoice)},
		{"an accept with a list content.time is not a choice", `{"time":{"action":"accept","content":{"time":["sat-10:30"]}}}`, refuses(wantNotAChoice)},
		{"an accept with an object content.time is not a choice", `{"time":{"action":"accept","content":{"time":{"time":"sat-10:30"}}}}`, refuses(wantNotAChoice)},
		{"an accept with a boolean content.time is not a choice", `{"time":{"action":"accept","content":{"time":true}}}`, refuses(wantNotAChoice)},

		// docs/contract.md: fields the server does not read are ignored at any depth. JSON keys are case-sensitive,
		// so "ACTION", "Content" and "TIME" are fields the server does not read.
		{"an ACTION key in capitals is a field the server does not read", `{"time":{"ACTION":"accept","content":{"time":"sat-10:30"}}}`, refuses(wantNotAChoice)},
		{"an Action key in capitals cannot turn a decline into an accept", `{"time":{"action":"decline","Action":"accept","content":{"time":"sat-10:30"}}}`, declines()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := answer.Parse(offered, []byte(tt.inputResponses))
			assertOutcome(t, got, err, tt.want)
		})
	}
}

// assertOutcome checks one result of Parse against what the test expects.
func assertOutcome(t *testing.T, got answer.Answer, err error, want outcome) {
	t.Helper()
	if want.refusal != "" {
		if err == nil {
			t.Fatalf("got no error and %s, want refusal %q", describe(got), want.refusal)
		}
		if err.Error() != want.refusal {
			t.Errorf("got refusal %q, want %q", err.Error(), want.refusal)
		}
		if r, ok := refusal.As(err); !ok || r.Kind != refusal.Invalid {
			t.Errorf("got error %#v, want an invalid refusal", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("got refusal %q, want %s", err, describeOutcome(want))
	}
	o, ok := got.Accepted()
	switch {
	case want.declined && ok:
		t.Errorf("got accepted %q, want declined", o.Time())
	case !want.declined && !ok:
		t.Errorf("got declined, want accepted %q", want.accepted)
	case !want.declined && o.Time() != want.accepted:
		t.Errorf("got accepted %q, want accepted %q", o.Time(), want.accepted)
	}
}

func describe(a answer.Answer) string {
	if o, ok := a.Accepted(); ok {
		return "accepted " + o.Time()
	}
	return "declined"
}

func describeOutcome(o outcome) string {
	if o.declined {
		return "declined"
	}
	return "accepted " + o.accepted
}

func TestRefusalsAreTheContract(t *testing.T) {
	tests := []struct {
		name string
		got  error
		want string
	}{
		{"no answer", answer.ErrNoAnswer, wantNoAnswer},
		{"not a choice", answer.ErrNotAChoice, wantNotAChoice},
		{"never offered names the time", answer.NeverOffered("sat-13:00"), "sat-13:00 was never offered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.Error() != tt.want {
				t.Errorf("got %q, want %q", tt.got.Error(), tt.want)
			}
		})
	}
}

func TestOfferedComesOnlyFromTheOfferedTimes(t *testing.T) {
	accept := `{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`
	tests := []struct {
		name    string
		offered []string
		want    outcome
	}{
		{"a time among the offered is accepted", []string{"sat-10:30"}, accepts("sat-10:30")},
		{"nothing offered accepts nothing", nil, refuses("sat-10:30 was never offered")},
		{"a time offered to someone else is never offered here", []string{"sat-11:30", "sat-13:00"}, refuses("sat-10:30 was never offered")},
		{"a prefix of an offered time is not that time", []string{"sat-10:30:00"}, refuses("sat-10:30 was never offered")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := answer.Parse(tt.offered, []byte(accept))
			assertOutcome(t, got, err, tt.want)
		})
	}
	t.Run("the zero answer is not an acceptance", func(t *testing.T) {
		if o, ok := (answer.Answer{}).Accepted(); ok {
			t.Errorf("got accepted %q, want not accepted", o.Time())
		}
	})
	t.Run("a refused answer is not an acceptance", func(t *testing.T) {
		got, _ := answer.Parse(offered, []byte(`{"time":{"action":"accept","content":{"time":"sat-13:00"}}}`))
		if o, ok := got.Accepted(); ok {
			t.Errorf("got accepted %q, want not accepted", o.Time())
		}
	})
	t.Run("Offered has no exported field a caller could fill", func(t *testing.T) {
		typ := reflect.TypeFor[answer.Offered]()
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() {
				t.Errorf("got exported field %s, want none", f.Name)
			}
		}
	})
}

// reply is a generated inputResponses: an action and a chosen time, among random offers.
type reply struct {
	Offered []string
	Action  string
	Time    string
}

var actions = []string{"accept", "accept", "accept", "decline", "cancel", "Accept", "", "reject"}

// Generate makes a reply whose time is an offered one about half the time.
func (reply) Generate(r *rand.Rand, size int) reflect.Value {
	n := r.Intn(4)
	offers := make([]string, n)
	for i := range offers {
		offers[i] = randomSlot(r)
	}
	t := randomSlot(r)
	if n > 0 && r.Intn(2) == 0 {
		t = offers[r.Intn(n)]
	}
	return reflect.ValueOf(reply{Offered: offers, Action: actions[r.Intn(len(actions))], Time: t})
}

func randomSlot(r *rand.Rand) string {
	alphabet := []rune("sat-10:3 .\"\\é\u2028<&>")
	s := make([]rune, r.Intn(8))
	for i := range s {
		s[i] = alphabet[r.Intn(len(alphabet))]
	}
	return string(s)
}

func TestPropertyParseOnlyYieldsAnOfferedTime(t *testing.T) {
	property := func(g reply) bool {
		raw, err := json.Marshal(map[string]any{"time": map[string]any{"action": g.Action, "content": map[string]string{"time": g.Time}}})
		if err != nil {
			t.Fatalf("encoding %+v: %v", g, err)
		}
		got, err := answer.Parse(g.Offered, raw)
		o, ok := got.Accepted()
		wasOffered := slices.Contains(g.Offered, g.Time)
		switch {
		case ok && !slices.Contains(g.Offered, o.Time()):
			t.Errorf("Parse(%q, %s): got accepted %q, want only an offered time", g.Offered, raw, o.Time())
		case ok && o.Time() != g.Time:
			t.Errorf("Parse(%q, %s): got accepted %q, want %q", g.Offered, raw, o.Time(), g.Time)
		case g.Action == "accept" && wasOffered && (err != nil || !ok):
			t.Errorf("Parse(%q, %s): got %v (accepted %v), want accepted %q", g.Offered, raw, err, ok, g.Time)
		case g.Action == "accept" && !wasOffered && (err == nil || err.Error() != g.Time+" was never offered"):
			t.Errorf("Parse(%q, %s): got %v, want %q", g.Offered, raw, err, g.Time+" was never offered")
		case (g.Action == "decline" || g.Action == "cancel") && (err != nil || ok):
			t.Errorf("Parse(%q, %s): got %v (accepted %v), want declined", g.Offered, raw, err, ok)
		case !slices.Contains([]string{"accept", "decline", "cancel"}, g.Action) && (err == nil || err.Error() != wantNotAChoice):
			t.Errorf("Parse(%q, %s): got %v, want %q", g.Offered, raw, err, wantNotAChoice)
		default:
			return true
		}
		return false
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

func TestPropertyParseOfAnyBytesYieldsOnlyAnOfferedTime(t *testing.T) {
	property := func(offers []string, raw []byte) bool {
		got, err := answer.Parse(offers, raw)
		if o, ok := got.Accepted(); ok && (err != nil || !slices.Contains(offers, o.Time())) {
			t.Errorf("Parse(%q, %q): got accepted %q with error %v, want only an offered time and no error", offers, raw, o.Time(), err)
			return false
		}
		return err == nil || isRefusal(err)
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

// isRefusal reports whether err is one of the refusals docs/contract.md's order of checks allows for an answer.
func isRefusal(err error) bool {
	if refusal.KindOf(err) != refusal.Invalid {
		return false
	}
	s := err.Error()
	return s == wantNoAnswer || s == wantNotAChoice || strings.HasSuffix(s, " was never offered")
}
