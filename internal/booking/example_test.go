// This file holds the desk's example: both rounds of a booking, in memory.

package booking_test

import (
	"context"
	"fmt"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/step"
)

// ExampleDesk_Book runs both rounds of a booking in memory: round one asks which of two open
// times suits the customer and signs a state; round two sends the same request back with the
// answer and the state, and completes. A second round two with the same state is refused.
func ExampleDesk_Book() {
	keys, err := requeststate.NewKeys([]byte("an example key of at least 32 bytes"))
	if err != nil {
		panic(err)
	}
	now := func() time.Time { return time.Date(2026, time.December, 5, 9, 0, 0, 0, time.UTC) }
	desk := &booking.Desk{
		Keys: &keys, Life: 2 * time.Minute, Now: now, Spent: requeststate.NewMemory(now),
		Nonce: func() requeststate.Nonce { return requeststate.Nonce{1} },
	}
	ctx := context.Background()
	request := booking.Request{Salon: "studio-nine", Booking: step.Request{
		Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"},
	}}

	asked, err := desk.Book(ctx, request)
	if err != nil {
		panic(err)
	}
	fmt.Println(asked.Question.Message, asked.Question.Times)

	request.InputResponses = []byte(`{"time":{"action":"accept","content":{"time":"sat-10:30"}}}`)
	request.RequestState = &asked.State
	done, err := desk.Book(ctx, request)
	if err != nil {
		panic(err)
	}
	fmt.Println(done.Outcome.(step.Booked).Say)

	_, err = desk.Book(ctx, request)
	fmt.Println(err)
	// Output:
	// Which time suits you? [sat-10:30 sat-11:30]
	// sat-10:30 is yours.
	// requestState was already used
}
