// This file shows an answer parsed against the times a state offered.

package answer_test

import (
	"fmt"

	"salon/internal/answer"
)

func ExampleParse() {
	offered := []string{"sat-10:30", "sat-11:30"}

	a, err := answer.Parse(offered, []byte(`{"time":{"action":"accept","content":{"time":"sat-11:30"}}}`))
	if t, ok := a.Accepted(); ok && err == nil {
		fmt.Println("accepted", t.Time())
	}

	_, err = answer.Parse(offered, []byte(`{"time":{"action":"accept","content":{"time":"sat-13:00"}}}`))
	fmt.Println(err)

	a, _ = answer.Parse(offered, []byte(`{"time":{"action":"decline"}}`))
	_, ok := a.Accepted()
	fmt.Println("accepted:", ok)
	// Output:
	// accepted sat-11:30
	// sat-13:00 was never offered
	// accepted: false
}
