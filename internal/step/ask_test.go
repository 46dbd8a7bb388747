// This file tests round one with an offerer's offer: the offer asked as chosen, and the default where an offer can't be asked.

package step_test

import (
	"reflect"
	"testing"

	"salon/internal/step"
)

func TestAsk(t *testing.T) {
	open := step.Request{Message: "Sunday?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sun-11:00"}}
	tests := []struct {
		name    string
		booking step.Request
		offer   step.Offer
		want    step.Outcome
	}{
		{"the offer's words and times are asked as chosen", open,
			step.Offer{Times: []string{"sun-11:00"}, Question: "Would Sunday at 11:00 suit you?"},
			step.Question{Message: "Would Sunday at 11:00 suit you?", Times: []string{"sun-11:00"}}},
		{"the default offer is the contract's question", open, step.DefaultOffer(open.OpenSlots),
			step.Question{Message: wantAsk, Times: []string{"sat-10:30", "sat-11:30"}}},
		{"an offer with no times is asked as the default", open, step.Offer{Question: "Hm?"},
			step.Question{Message: wantAsk, Times: []string{"sat-10:30", "sat-11:30"}}},
		{"an offer with no words is asked as the default", open, step.Offer{Times: []string{"sun-11:00"}},
			step.Question{Message: wantAsk, Times: []string{"sat-10:30", "sat-11:30"}}},
		{"with nothing open, any offer completes without booking", step.Request{OpenSlots: []string{}},
			step.Offer{Times: []string{"sun-11:00"}, Question: "Sunday?"}, step.NotBooked{Say: wantNothingOpen}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := step.Ask(tt.booking, tt.offer); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v, want %#v", got, tt.want)
			}
		})
	}
}

// The question shares no memory with the offer, so an offerer can't change a question already asked.
func TestAskCopiesTheOffersTimes(t *testing.T) {
	times := []string{"sun-11:00"}
	q := step.Ask(step.Request{OpenSlots: times}, step.Offer{Times: times, Question: "Sunday?"}).(step.Question)
	times[0] = "changed"
	if q.Times[0] != "sun-11:00" {
		t.Errorf("the question's times changed with the offer's: %q", q.Times)
	}
}
