// This file tests the offerer seam of round one: the desk asks its offerer, the state carries what it chose, round two holds to it.

package booking_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"salon/internal/answer"
	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
)

// desk is a desk with a fixed clock and a fresh spent store, asking offerer (nil: the default).
func desk(t *testing.T, offerer booking.Offerer) *booking.Desk {
	t.Helper()
	keys, err := requeststate.NewKeys(make([]byte, requeststate.MinKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return time.Unix(1_790_000_000, 0) }
	n := byte(0)
	return &booking.Desk{
		Keys: &keys, Life: 2 * time.Minute, Now: now, Spent: requeststate.NewMemory(now), Offerer: offerer,
		Nonce: func() requeststate.Nonce { n++; return requeststate.Nonce{n} },
	}
}

var sunday = booking.Request{Salon: "studio-nine", Booking: step.Request{
	Message: "Sunday?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sun-11:00"},
}}

func roundTwo(r booking.Request, state, time string) booking.Request {
	r.RequestState = &state
	r.InputResponses = []byte(`{"time":{"action":"accept","content":{"time":"` + time + `"}}}`)
	return r
}

func TestRoundOneAsksTheOfferer(t *testing.T) {
	var asked []step.Request
	d := desk(t, booking.OffererFunc(func(_ context.Context, b step.Request) step.Offer {
		asked = append(asked, b)
		return step.Offer{Times: []string{"sun-11:00"}, Question: "Would Sunday at 11:00 suit you?"}
	}))
	res, err := d.Book(context.Background(), sunday)
	if err != nil || res.Question == nil {
		t.Fatalf("got %+v, %v; want a question", res, err)
	}
	if res.Question.Message != "Would Sunday at 11:00 suit you?" || !slices.Equal(res.Question.Times, []string{"sun-11:00"}) {
		t.Errorf("got %+v, want the offerer's question", *res.Question)
	}
	if len(asked) != 1 || asked[0].Message != "Sunday?" {
		t.Errorf("the offerer was asked %+v, want the booking once", asked)
	}
	v, err := requeststate.Verify(*d.Keys, d.Now(), sunday.Salon, sunday.Booking, res.State)
	if err != nil || !slices.Equal(v.Offered, []string{"sun-11:00"}) {
		t.Errorf("the state carries %q (%v), want the offerer's times", v.Offered, err)
	}
	if _, err := d.Book(context.Background(), roundTwo(sunday, res.State, "sat-10:30")); !errors.Is(err, answer.NeverOffered("sat-10:30")) {
		t.Errorf("picking an open time the offerer didn't choose: got %v, want it never offered", err)
	}
	done, err := d.Book(context.Background(), roundTwo(sunday, res.State, "sun-11:00"))
	if booked, ok := done.Outcome.(step.Booked); err != nil || !ok || booked.Slot != "sun-11:00" {
		t.Errorf("round two: got %+v, %v; want sun-11:00 booked", done, err)
	}
	if len(asked) != 1 {
		t.Errorf("round two asked the offerer again")
	}
}

func TestRoundOneWithNothingOpenAsksNoOfferer(t *testing.T) {
	d := desk(t, booking.OffererFunc(func(context.Context, step.Request) step.Offer {
		t.Error("the offerer was asked with nothing open")
		return step.Offer{}
	}))
	res, err := d.Book(context.Background(), booking.Request{Salon: "s", Booking: step.Request{OpenSlots: []string{}}})
	if _, ok := res.Outcome.(step.NotBooked); err != nil || !ok || res.State != "" {
		t.Errorf("got %+v, %v; want not booked and no state", res, err)
	}
}

func TestRoundOneWithNoOffererAsksTheDefault(t *testing.T) {
	res, err := desk(t, nil).Book(context.Background(), sunday)
	if err != nil || res.Question == nil || res.Question.Message != step.AskWhichTime || !slices.Equal(res.Question.Times, []string{"sat-10:30", "sat-11:30"}) {
		t.Errorf("got %+v, %v; want the default question of the first two slots", res, err)
	}
}

// At a salon with a calendar the offerer is told the salon's own facts: the labels of the slots it
// holds open, its price sheet and its zone, and nothing else.
func TestRoundOneAtASalonTellsTheOffererTheSalonsFacts(t *testing.T) {
	var asked []step.Request
	s := openSalon(t, booking.OffererFunc(func(_ context.Context, b step.Request) step.Offer {
		asked = append(asked, b)
		return step.DefaultOffer(b.OpenSlots)
	}))
	s.put(t, "studio-nine", saturday, salon.Price{Service: "cut", Price: "$45"}, salon.Price{Service: "colour", Price: "from $80"})
	s.roundOne(t, "studio-nine", ana, "A cut?", []string{"2026-12-05T10:00:00Z", "2026-12-05T09:30:00Z", "2026-12-05T09:00:00Z"})
	want := step.Salon{
		Zone:   "Europe/London",
		Labels: map[string]string{"2026-12-05T10:00:00Z": "Saturday 5 December, 10:00", "2026-12-05T09:00:00Z": "Saturday 5 December, 09:00"},
		Prices: []salon.Price{{Service: "cut", Price: "$45"}, {Service: "colour", Price: "from $80"}},
	}
	if len(asked) != 1 || asked[0].Salon == nil || !reflect.DeepEqual(*asked[0].Salon, want) {
		t.Fatalf("the offerer was asked %+v, want the salon's facts %+v", asked, want)
	}
	if !slices.Equal(asked[0].OpenSlots, []string{"2026-12-05T10:00:00Z", "2026-12-05T09:00:00Z"}) {
		t.Errorf("the offerer was offered %q, want the slots the calendar holds open, in the app's order", asked[0].OpenSlots)
	}
}

// Without a calendar the offerer is told nothing of a salon.
func TestRoundOneWithoutACalendarTellsTheOffererNoSalon(t *testing.T) {
	var asked []step.Request
	d := desk(t, booking.OffererFunc(func(_ context.Context, b step.Request) step.Offer {
		asked = append(asked, b)
		return step.DefaultOffer(b.OpenSlots)
	}))
	if _, err := d.Book(context.Background(), sunday); err != nil || len(asked) != 1 || asked[0].Salon != nil {
		t.Errorf("the offerer was asked %+v (%v), want the booking with no salon", asked, err)
	}
}
