// This file holds FuzzParse: any inputResponses against any offer never panics and accepts only an offered time.

package answer_test

import (
	"slices"
	"testing"

	"salon/internal/answer"
)

// FuzzParse feeds Parse hostile inputResponses against an offer of up to two times (an empty
// slot string is left out of the offer, so the offer can also be one time or none).
func FuzzParse(f *testing.F) {
	f.Add(`{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`, "sat-10:30", "sat-11:30")
	f.Add(`{"time":{"action":"decline"}}`, "sat-10:30", "sat-11:30")
	f.Fuzz(func(t *testing.T, inputResponses, slotA, slotB string) {
		var offer []string
		for _, s := range []string{slotA, slotB} {
			if s != "" {
				offer = append(offer, s)
			}
		}
		before := slices.Clone(offer)
		got, err := answer.Parse(offer, []byte(inputResponses))
		if !slices.Equal(offer, before) {
			t.Fatalf("Parse changed the offer: got %q, want %q", offer, before)
		}
		o, ok := got.Accepted()
		if ok && err != nil {
			t.Fatalf("got accepted %q and refusal %q, want one or the other", o.Time(), err)
		}
		if ok && !slices.Contains(offer, o.Time()) {
			t.Fatalf("got accepted %q, want only a time among %q", o.Time(), offer)
		}
		if err != nil && !isRefusal(err) {
			t.Fatalf("got error %q (%T), want one of the answer's refusals in docs/contract.md", err, err)
		}
		if err != nil && err.Error() != wantNoAnswer && err.Error() != wantNotAChoice {
			// A "never offered" refusal names a time that really was not offered.
			time := err.Error()[:len(err.Error())-len(" was never offered")]
			if slices.Contains(offer, time) {
				t.Fatalf("got refusal %q, want %q accepted: it was offered", err, time)
			}
		}
	})
}
