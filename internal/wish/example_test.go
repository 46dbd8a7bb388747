// This file shows the words read at a salon and the open starts they pick.

package wish_test

import (
	"fmt"
	"strings"
	"time"

	"salon/internal/wish"
)

func ExampleRead() {
	london, _ := time.LoadLocation("Europe/London")
	now := time.Date(2026, time.December, 2, 9, 0, 0, 0, london) // a Wednesday

	for _, words := range []string{
		"A colour on Friday afternoon please",
		"5/12 at 10:30",
		"tomorrow morning",
		"a cut, any time next week",
	} {
		fmt.Println(wish.Read(words, now, london))
	}
	// Output:
	// 2026-12-04 afternoon any
	// 2026-12-05 any 10:30
	// 2026-12-03 morning any
	// nothing
}

func ExamplePick() {
	london, _ := time.LoadLocation("Europe/London")
	now := time.Date(2026, time.December, 2, 9, 0, 0, 0, london)
	open := []time.Time{
		time.Date(2026, time.December, 2, 9, 45, 0, 0, london),
		time.Date(2026, time.December, 2, 10, 30, 0, 0, london),
		time.Date(2026, time.December, 4, 13, 0, 0, 0, london),
		time.Date(2026, time.December, 4, 14, 30, 0, 0, london),
	}
	// The question without words is the booking step's own; AskNothingThen replaces it when the
	// words name something that nothing open matches.
	for _, words := range []string{"A colour on Friday afternoon please", "Sunday at 3pm"} {
		picked, matched := wish.Pick(wish.Read(words, now, london), open, 2)
		var times []string
		for _, i := range picked {
			times = append(times, open[i].Format("Mon 15:04"))
		}
		question := "Which time suits you?"
		if !matched {
			question = wish.AskNothingThen
		}
		fmt.Println(strings.Join(times, ", "), "|", question)
	}
	// Output:
	// Fri 13:00, Fri 14:30 | Which time suits you?
	// Wed 09:45, Wed 10:30 | Nothing is open then, so here are the earliest. Which time suits you?
}
