package salon_test

import (
	"testing"

	"salon/internal/salon"
)

func TestThreeSpellingsOfOneNumberAreOneContact(t *testing.T) {
	region := salon.RegionOf("+44 20 7946 0000")
	if region != "GB" {
		t.Fatalf("the region of +44 20 7946 0000 is %q, want GB", region)
	}
	want := "p:447700900123"
	for _, spelling := range []string{"+44 7700 900123", "07700 900123", "0044 7700 900123", "(07700) 900-123", "+44 (0)7700 900123"} {
		if got := salon.ContactKey(spelling, region); got != want {
			t.Errorf("ContactKey(%q, GB) = %q, want %q", spelling, got, want)
		}
	}
	// At a salon in France, a national number is French; one written with its country stays British.
	if got := salon.ContactKey("06 12 34 56 78", "FR"); got != "p:33612345678" {
		t.Errorf("ContactKey(06 12 34 56 78, FR) = %q", got)
	}
	if got := salon.ContactKey("+44 7700 900123", "FR"); got != want {
		t.Errorf("ContactKey(+44 7700 900123, FR) = %q, want %q", got, want)
	}
	// Without a region a national number keeps its digits, as before.
	if got := salon.ContactKey("07700 900123", ""); got != "p:07700900123" {
		t.Errorf("ContactKey(07700 900123, none) = %q", got)
	}
	for contact, possible := range map[string]bool{"07700 900123": true, "123": false, "+44 1": false, "rosa@example.org": true, "0770090012345678": false} {
		if got := salon.PossiblePhone(contact, region); got != possible {
			t.Errorf("PossiblePhone(%q, GB) = %v, want %v", contact, got, possible)
		}
	}
}
