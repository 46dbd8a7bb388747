// This file shows a state issued in round one and verified in round two.

package requeststate_test

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"salon/internal/requeststate"
	"salon/internal/step"
)

func ExampleIssue() {
	keys, _ := requeststate.NewKeys(bytes.Repeat([]byte{7}, requeststate.MinKeyBytes))
	b := step.Request{Message: "A cut?", OpenSlots: []string{"sat-10:30", "sat-11:30"}}
	issued := time.Unix(1_790_000_000, 0)

	state := requeststate.Issue(keys, issued, 2*time.Minute, "studio-nine", b, []string{"sat-10:30", "sat-11:30"}, requeststate.Nonce{1})
	dot := strings.LastIndexByte(state, '.')
	fmt.Println(state[:dot])
	fmt.Println(len(state[dot+1:]), "hex digits of MAC")
	// Output:
	// {"goodUntil":1790000120,"nonce":"01000000000000000000000000000000","offered":["sat-10:30","sat-11:30"],"request":"4bcbb8793b9fd88385b670dcb2c4242e763be3516d8e9e792cfc90e28930812b"}
	// 64 hex digits of MAC
}

func ExampleVerify() {
	keys, _ := requeststate.NewKeys(bytes.Repeat([]byte{7}, requeststate.MinKeyBytes))
	b := step.Request{Message: "A cut?", OpenSlots: []string{"sat-10:30", "sat-11:30"}}
	issued := time.Unix(1_790_000_000, 0)
	state := requeststate.Issue(keys, issued, 2*time.Minute, "studio-nine", b, []string{"sat-10:30"}, requeststate.Nonce{1})

	v, err := requeststate.Verify(keys, issued.Add(time.Minute), "studio-nine", b, state)
	fmt.Println(v.Offered, err)

	moved := step.Request{Message: b.Message, OpenSlots: []string{"sat-11:30", "sat-10:30"}}
	_, err = requeststate.Verify(keys, issued.Add(time.Minute), "studio-nine", moved, state)
	fmt.Println(err)

	_, err = requeststate.Verify(keys, issued.Add(3*time.Minute), "studio-nine", b, state)
	fmt.Println(err)
	// Output:
	// [sat-10:30] <nil>
	// requestState belongs to another request
	// requestState has expired
}
