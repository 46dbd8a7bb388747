// This file fuzzes a calendar's text: whatever a customer writes comes back through another
// parser as written, on lines of at most 75 octets.

package ical

import (
	"bytes"
	"testing"
	"time"
	"unicode/utf8"
)

func FuzzSummary(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Add("a\\,b\\;c\\nd\r\ne\rf\x00g")
	london := zone(f, "Europe/London")
	f.Fuzz(func(t *testing.T, summary string) {
		b, err := Calendar("-//x//EN", []Event{{UID: "b@s", Start: utc(2026, 10, 25, 0, 30), End: utc(2026, 10, 25, 2, 30),
			Zone: london, Summary: summary, Description: summary, Status: Confirmed, Stamp: time.Unix(0, 0)}})
		if err != nil {
			t.Fatalf("Calendar: %v", err)
		}
		for _, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\r\n")), []byte("\r\n")) {
			if len(line) > 75 || !utf8.Valid(line) || bytes.ContainsAny(line, "\r\n") {
				t.Fatalf("line %q: %d octets, valid UTF-8 %v", line, len(line), utf8.Valid(line))
			}
		}
		vevents := events(read(t, b))
		if len(vevents) != 1 {
			t.Fatalf("got %d VEVENTs, want 1", len(vevents))
		}
		for _, prop := range []string{"SUMMARY", "DESCRIPTION"} {
			got, err := vevents[0].Props.Text(prop)
			if err != nil || got != text(summary) {
				t.Fatalf("%s: got %q (%v), want %q", prop, got, err, text(summary))
			}
		}
	})
}
