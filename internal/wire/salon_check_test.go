// This file tests CheckSalon: a salon's name within its bounds, or the refusal naming what is wrong with it.

package wire_test

import (
	"strings"
	"testing"

	"salon/internal/refusal"
	"salon/internal/wire"
)

func TestCheckSalonRefusesWhatIsOutsideItsBounds(t *testing.T) {
	const (
		length  = "salon must be 1 to 64 characters"
		control = "salon holds a character that isn't allowed"
		dots    = "salon must not hold . or .. as a path segment"
	)
	for _, c := range []struct {
		salon, reason string // reason "" when the salon is accepted
	}{
		{"studio-nine", ""},
		{strings.Repeat("é", 64), ""},
		{"a.b", ""},
		{"..a", ""},
		{"...", ""},
		{"a//b", ""},
		{"/a/", ""},
		{".hidden/x", ""},
		{"", length},
		{strings.Repeat("é", 65), length},
		{"caf\xe9", length},
		{".", dots},
		{"..", dots},
		{"a/./b", dots},
		{"a\\..\\b", dots},
		{"./a", dots},
		{"a/.", dots},
		{"a/..", dots},
		{"a\\.", dots},
		{"a/\\..", dots},
		{"studio\x00nine", control},
		{"studio-nine\n", control},
		{"studio\u0085nine", control},
		{"../a\x7f", control}, // a control character is named before a dot segment
		{"\x00" + strings.Repeat("a", 64), length},
	} {
		err := wire.CheckSalon(c.salon)
		switch r, ok := refusal.As(err); {
		case c.reason == "" && err != nil:
			t.Errorf("CheckSalon(%q): got %v, want it accepted", c.salon, err)
		case c.reason != "" && (!ok || r.Reason != c.reason):
			t.Errorf("CheckSalon(%q): got %v, want the refusal %q", c.salon, err, c.reason)
		}
	}
}
