// This file tests Withheld: other customers' details redacted wherever they appear, and never printed.

package step_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"salon/internal/step"
)

func TestWithheldRedacts(t *testing.T) {
	w := step.NewWithheld(
		[]string{"Is June free? A cut on Saturday", "Saturday 6 June, 10:30"},
		[]string{"Rosa Quintero", "June Ng", "Inés O'Neill"},
		[]string{"rosa.quintero@example.org", "+44 7700 900123", "b1XtGt5AllsC1ON4mZi3uQ", "42"},
		[]string{"Xiomara needs her fringe done too", "A cut"},
	)
	tests := []struct {
		text, want string
	}{
		{"Would 10:30 suit you, Rosa Quintero?", "Would 10:30 suit you, [withheld]?"},
		{"rosa is booked then; QUINTERO too.", "[withheld] is booked then; [withheld] too."},
		{"Rosa Rosa", "[withheld] [withheld]"},
		{"A rosary, a Rosalind", "A rosary, a Rosalind"},
		{"Write to ROSA.QUINTERO@EXAMPLE.ORG or +44 7700 900123.", "Write to [withheld] or [withheld]."},
		{"She said: xiomara needs her fringe done too!", "She said: [withheld]!"},
		{"Inés asked, and O'Neill", "[withheld] asked, and O'[withheld]"},
		{"Booking b1XtGt5AllsC1ON4mZi3uQ", "Booking [withheld]"},
		// what the model is told anyway, and details too short to name anyone, stay
		{"Saturday 6 June, 10:30 for a cut, 42 minutes", "Saturday 6 June, 10:30 for a cut, 42 minutes"},
		{"Ng is not withheld alone", "Ng is not withheld alone"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, held := w.Redact(tt.text)
			if got != tt.want || held != (tt.want != tt.text) {
				t.Errorf("Redact(%q) = %q, %v; want %q, %v", tt.text, got, held, tt.want, tt.want != tt.text)
			}
		})
	}
}

func TestWithheldNeverPrintsWhatItHolds(t *testing.T) {
	w := step.NewWithheld(nil, []string{"Rosa Quintero"}, []string{"rosa@example.org"}, nil)
	b := step.Request{Message: "Saturday?", Withheld: w}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, printed := range []string{fmt.Sprint(w), fmt.Sprintf("%v", b), fmt.Sprintf("%+v", b), fmt.Sprintf("%#v", b), string(data)} {
		for _, detail := range []string{"Rosa", "Quintero", "rosa@example.org"} {
			if containsFold(printed, detail) {
				t.Errorf("%q prints %q", printed, detail)
			}
		}
	}
}

func TestNoWithheldRedactsNothing(t *testing.T) {
	for name, w := range map[string]*step.Withheld{"nil": nil, "empty": step.NewWithheld(nil, nil, nil, nil)} {
		if got, held := w.Redact("Rosa at 10:30"); got != "Rosa at 10:30" || held {
			t.Errorf("%s: got %q, %v; want the text as it was", name, got, held)
		}
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// A customer named like the mark can't make redacting run on: the mark is never withheld.
func TestWithheldNeverRedactsItsMark(t *testing.T) {
	w := step.NewWithheld(nil, []string{"Withheld Rosa"}, nil, nil)
	if got, _ := w.Redact("Withheld Rosa, Rosa withheld"); got != "[withheld], [withheld] withheld" {
		t.Errorf("got %q", got)
	}
}
