// This file holds FuzzParseHoursJSON: any text either reads as hours that pass Check and write back the same, or is refused by field name.

package salon_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
)

func FuzzParseHoursJSON(f *testing.F) {
	f.Add(`{"mon":[["09:00","12:00"],["13:00","17:30"]]}`)
	f.Add(`{"sun":[]}`)
	f.Fuzz(func(t *testing.T, raw string) {
		hours, err := salon.ParseHoursJSON([]byte(raw))
		if err != nil {
			if refusal.KindOf(err) != refusal.Invalid || !strings.HasPrefix(err.Error(), "hours") {
				t.Fatalf("got %v (%T), want a Refusal naming hours", err, err)
			}
			if hours != nil {
				t.Fatalf("got hours %v beside the refusal %q, want none", hours, err)
			}
			return
		}
		s := studioNine()
		s.Hours = hours
		if err := s.Check(time.LoadLocation); err != nil {
			t.Fatalf("got %q from Check, want the hours read to pass", err)
		}
		written, err := json.Marshal(hours.Wire())
		if err != nil {
			t.Fatalf("got %v, want the hours written", err)
		}
		back, err := salon.ParseHoursJSON(written)
		if err != nil || !reflect.DeepEqual(back, hours) {
			t.Fatalf("got %v, %v read back from %s, want %v", back, err, written, hours)
		}
	})
}
