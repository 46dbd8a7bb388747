// This file shows the pure step answering both rounds of a booking.

package step_test

import (
	"fmt"

	"salon/internal/step"
)

func ExampleStep() {
	b := step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"}}

	q := step.Step(b, step.FirstRound()).(step.Question)
	fmt.Println(q.Message, q.Times)

	fmt.Println(step.Step(b, step.Accepted("sat-10:30")).(step.Booked).Say)
	fmt.Println(step.Step(b, step.Declined()).(step.NotBooked).Say)
	// Output:
	// Which time suits you? [sat-10:30 sat-11:30]
	// sat-10:30 is yours.
	// No time was chosen, so nothing is booked.
}
