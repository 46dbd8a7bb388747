// This file tests the pages' parameters: a cursor reads back as it was written, and anything else is refused naming the parameter.

package wire

import (
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
)

func TestACursorReadsBackTheKeyItWasWrittenFrom(t *testing.T) {
	for _, k := range []salon.BookingKey{
		{Start: time.Unix(1_796_112_000, 0).UTC(), BookedAt: time.Unix(1_796_000_000, 0).UTC(), ID: "bk_0123456789abcdefghij"},
		{Start: time.Unix(-5, 0).UTC(), BookedAt: time.Unix(0, 0).UTC(), ID: ""},
		{Start: time.Unix(1<<40, 0).UTC(), BookedAt: time.Unix(1<<40, 0).UTC(), ID: "id\x00with\xffbytes"},
	} {
		raw := BookingCursor(k)
		if strings.ContainsAny(raw, "+/=") {
			t.Errorf("%q is not base64url without padding", raw)
		}
		got, err := ReadBookingCursor(raw)
		if err != nil || got == nil || *got != k {
			t.Errorf("ReadBookingCursor(BookingCursor(%+v)): got %+v, %v", k, got, err)
		}
	}
	for _, id := range []string{"studio-nine", "é/ü", "x"} {
		if got, err := ReadSalonCursor(SalonCursor(id)); err != nil || got != id {
			t.Errorf("ReadSalonCursor(SalonCursor(%q)): got %q, %v", id, got, err)
		}
	}
}

func TestAnythingButACursorOfTheListIsRefused(t *testing.T) {
	booking := BookingCursor(salon.BookingKey{Start: time.Unix(1, 0), BookedAt: time.Unix(1, 0), ID: "b"})
	for _, raw := range []string{"!", "YQ", "Yg", SalonCursor("studio-nine"), strings.Repeat("Y", MaxCursorChars+1), booking + "=="} {
		if _, err := ReadBookingCursor(raw); err == nil || err.Error() != "after must be the next of an earlier page of this list" {
			t.Errorf("ReadBookingCursor(%q): got %v, want the refusal naming after", raw, err)
		}
	}
	for _, raw := range []string{"!", booking, "cw"} {
		if _, err := ReadSalonCursor(raw); err == nil || err.Error() != "after must be the next of an earlier page of this list" {
			t.Errorf("ReadSalonCursor(%q): got %v, want the refusal naming after", raw, err)
		}
	}
	if k, err := ReadBookingCursor(""); k != nil || err != nil {
		t.Errorf("no after: got %+v, %v, want the first page", k, err)
	}
}

func TestPageLimit(t *testing.T) {
	for raw, want := range map[string]int{"": 0, "1": 1, "200": 200, "1000": 1000, "0007": 7} {
		if got, err := PageLimit(raw); err != nil || got != want {
			t.Errorf("PageLimit(%q): got %d, %v, want %d", raw, got, err, want)
		}
	}
	for _, raw := range []string{"0", "1001", "-1", "+1", "1e3", " 1", "99999999999999999999"} {
		if _, err := PageLimit(raw); err == nil || err.Error() != "limit must be a whole number from 1 to 1000" {
			t.Errorf("PageLimit(%q): got %v, want the refusal naming limit", raw, err)
		}
	}
}
