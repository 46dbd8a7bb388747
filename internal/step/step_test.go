// This file holds the tests of the pure step: every rule of docs/contract.md's "The step", with its exact words.

package step_test

import (
	"reflect"
	"slices"
	"testing"

	"salon/internal/step"
)

// The words are written out here, not read from the package's constants, so a changed constant fails.
const (
	wantAsk         = "Which time suits you?"
	wantNothingOpen = "Nothing is open then, so the salon will call you."
	wantNoneChosen  = "No time was chosen, so nothing is booked."
)

func TestStep(t *testing.T) {
	saturday := step.Request{
		Message:   "A cut on Saturday morning?",
		OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"},
	}
	tests := []struct {
		name    string
		booking step.Request
		reply   step.Reply
		want    step.Outcome
	}{
		{
			name:    "round one offers the first two open slots in the app's order",
			booking: saturday,
			reply:   step.FirstRound(),
			want:    step.Question{Message: wantAsk, Times: []string{"sat-10:30", "sat-11:30"}},
		},
		{
			name:    "round one keeps the app's order even when it is not sorted",
			booking: step.Request{OpenSlots: []string{"tue-17:00", "mon-09:00", "aaa"}},
			reply:   step.FirstRound(),
			want:    step.Question{Message: wantAsk, Times: []string{"tue-17:00", "mon-09:00"}},
		},
		{
			name:    "round one with exactly two open slots offers both",
			booking: step.Request{OpenSlots: []string{"b", "a"}},
			reply:   step.FirstRound(),
			want:    step.Question{Message: wantAsk, Times: []string{"b", "a"}},
		},
		{
			name:    "round one with one open slot offers that one slot",
			booking: step.Request{Message: "any time", OpenSlots: []string{"sat-10:30"}},
			reply:   step.FirstRound(),
			want:    step.Question{Message: wantAsk, Times: []string{"sat-10:30"}},
		},
		{
			name:    "round one with no open slots completes without booking",
			booking: step.Request{Message: "any time", OpenSlots: []string{}},
			reply:   step.FirstRound(),
			want:    step.NotBooked{Say: wantNothingOpen},
		},
		{
			name:    "round one with a nil slot list completes without booking",
			booking: step.Request{Message: "any time"},
			reply:   step.FirstRound(),
			want:    step.NotBooked{Say: wantNothingOpen},
		},
		{
			name:    "the zero reply is round one",
			booking: saturday,
			reply:   step.Reply{},
			want:    step.Question{Message: wantAsk, Times: []string{"sat-10:30", "sat-11:30"}},
		},
		{
			name:    "round two with an accepted time books it and says it is yours",
			booking: saturday,
			reply:   step.Accepted("sat-10:30"),
			want:    step.Booked{Slot: "sat-10:30", Say: "sat-10:30 is yours."},
		},
		{
			name:    "round two books the second offered time as well",
			booking: saturday,
			reply:   step.Accepted("sat-11:30"),
			want:    step.Booked{Slot: "sat-11:30", Say: "sat-11:30 is yours."},
		},
		{
			name:    "round two books the accepted slot exactly as written",
			booking: step.Request{OpenSlots: []string{"Sam. 10 h 30 <café>"}},
			reply:   step.Accepted("Sam. 10 h 30 <café>"),
			want:    step.Booked{Slot: "Sam. 10 h 30 <café>", Say: "Sam. 10 h 30 <café> is yours."},
		},
		{
			name:    "round two books the accepted time even once nothing is open, since the state carried the offer",
			booking: step.Request{},
			reply:   step.Accepted("sat-10:30"),
			want:    step.Booked{Slot: "sat-10:30", Say: "sat-10:30 is yours."},
		},
		{
			name:    "round two with a decline or a cancel books nothing",
			booking: saturday,
			reply:   step.Declined(),
			want:    step.NotBooked{Say: wantNoneChosen},
		},
		{
			name:    "round two with a decline books nothing even with nothing open",
			booking: step.Request{},
			reply:   step.Declined(),
			want:    step.NotBooked{Say: wantNoneChosen},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := step.Step(tt.booking, tt.reply)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Step(%+v, %+v):\n got %#v\nwant %#v", tt.booking, tt.reply, got, tt.want)
			}
		})
	}
}

func TestTheWordsAreTheContract(t *testing.T) {
	tests := []struct{ name, got, want string }{
		{"the question", step.AskWhichTime, wantAsk},
		{"nothing open", step.SayNothingOpen, wantNothingOpen},
		{"nothing chosen", step.SayNoneChosen, wantNoneChosen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestToOffer(t *testing.T) {
	tests := []struct {
		name      string
		openSlots []string
		want      []string
	}{
		{"nothing open offers nothing", nil, nil},
		{"an empty list offers nothing", []string{}, nil},
		{"one open slot is offered alone", []string{"a"}, []string{"a"}},
		{"two open slots are both offered", []string{"a", "b"}, []string{"a", "b"}},
		{"of many open slots the first two are offered", []string{"c", "a", "b", "d"}, []string{"c", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := step.ToOffer(tt.openSlots)
			if !slices.Equal(got, tt.want) {
				t.Errorf("ToOffer(%q) = %q, want %q", tt.openSlots, got, tt.want)
			}
		})
	}
}

func TestToOfferSharesNoMemoryWithItsInput(t *testing.T) {
	t.Run("writing to the offer leaves the open slots alone", func(t *testing.T) {
		open := []string{"a", "b", "c"}
		offer := step.ToOffer(open)
		offer[0], offer[1] = "x", "y"
		assertSlots(t, open, []string{"a", "b", "c"})
	})
	t.Run("writing to the open slots leaves the offer alone", func(t *testing.T) {
		open := []string{"a", "b", "c"}
		offer := step.ToOffer(open)
		open[0], open[1] = "x", "y"
		assertSlots(t, offer, []string{"a", "b"})
	})
	t.Run("appending to the offer never writes into the open slots' spare capacity", func(t *testing.T) {
		open := make([]string, 3, 16)
		copy(open, []string{"a", "b", "c"})
		offer := step.ToOffer(open)
		_ = append(offer, "x")
		assertSlots(t, open, []string{"a", "b", "c"})
	})
	t.Run("the question's times share no memory with the booking", func(t *testing.T) {
		b := step.Request{OpenSlots: []string{"a", "b", "c"}}
		q, ok := step.Step(b, step.FirstRound()).(step.Question)
		if !ok {
			t.Fatalf("got %T, want step.Question", step.Step(b, step.FirstRound()))
		}
		q.Times[0] = "x"
		_ = append(q.Times, "y")
		assertSlots(t, b.OpenSlots, []string{"a", "b", "c"})
	})
}

func assertSlots(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
