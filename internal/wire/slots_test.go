// This file tests how arguments.openSlots is read: every shape a list can come in, and the
// refusal each earns, in the order the contract checks them.

package wire_test

import (
	"strings"
	"testing"

	"salon/internal/wire"
)

func TestOpenSlotsInEveryShapeAreReadOrRefusedByTheirFirstFault(t *testing.T) {
	const notSlots = "arguments.openSlots must be a list of strings"
	long := strings.Repeat("x", wire.MaxSlotChars+1)
	for _, c := range []struct {
		slots string // the JSON after "openSlots":, or "" for none
		want  string // the refusal, or the slots read joined by "|"
	}{
		{``, notSlots},
		{`null`, notSlots},
		{`[]`, ""},
		{`["sat-10:30"]`, "sat-10:30"},
		{`["sat-10:30","sat-11:30","sat-13:00","sun-09:00","sun-10:00"]`, "sat-10:30|sat-11:30|sat-13:00|sun-09:00|sun-10:00"},
		{`["sat-10:30",null]`, notSlots},
		{`[null,"` + long + `"]`, notSlots},
		{`["` + long + `",null]`, "arguments.openSlots[0] must be 1 to 64 characters"},
		{`["a","a",null]`, "arguments.openSlots[1] repeats a slot"},
		{`["",null]`, "arguments.openSlots[0] must be 1 to 64 characters"},
		{`"sat-10:30"`, notSlots},
		{`{}`, notSlots},
		{`7`, notSlots},
		{`true`, notSlots},
		{`[["sat-10:30"]]`, notSlots},
		{`[{"a":1}]`, notSlots},
		{`["sat-10:30",1130]`, notSlots},
		{`["sat\u002d10:30"]`, "sat-10:30"},
		{`["sat-10:30"`, "the body must be a JSON object"},
	} {
		body := `{"arguments":{"message":"hi"` + map[bool]string{true: "", false: `,"openSlots":` + c.slots}[c.slots == ""] + `}}`
		r, err := wire.DecodeBooking("studio-nine", []byte(body))
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = strings.Join(r.Booking.OpenSlots, "|")
			if r.Booking.OpenSlots == nil {
				got = "<nil>"
			}
		}
		if got != c.want {
			t.Errorf("openSlots %s: got %q, want %q", c.slots, got, c.want)
		}
	}
}
