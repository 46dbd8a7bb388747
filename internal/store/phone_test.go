// This file tests the contact keys of phone numbers: filled in each salon's region, so the keys of
// bookings made before numbers were read as E.164 (cleared by migration 00017) come back in that form.

package store_test

import (
	"testing"
)

func TestAPhoneKeyIsFilledInItsSalonsRegion(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		h := hold("b1", "studio-nine", at(2))
		h.Contact = "07700 900123"
		if out, err := s.Spend(t.Context(), stateID("one"), goodUntil, h, now); err != nil || out.Booking == nil {
			t.Fatalf("Spend: %+v, %v", out, err)
		}
		db := raw(t, url)
		key := func() string {
			var k string
			if err := db.QueryRow(`SELECT contact_key FROM bookings WHERE id = $1`, []byte("b1")).Scan(&k); err != nil {
				t.Fatal(err)
			}
			return k
		}
		if got := key(); got != "p:07700900123" {
			t.Fatalf("a hold that names no key is keyed %q, want the digits as written", got)
		}
		// As migration 00017 leaves a phone's key, then as the store fills it on opening.
		if _, err := db.Exec(`UPDATE bookings SET contact_key = NULL WHERE contact_key LIKE 'p:%'`); err != nil {
			t.Fatal(err)
		}
		openURL(t, url)
		if got := key(); got != "p:447700900123" {
			t.Errorf("the key filled again is %q, want the E.164 digits in the salon's region (GB)", got)
		}
	})
}
