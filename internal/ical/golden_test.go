// This file keeps the golden calendars under testdata: what the code writes for the fixtures, and
// what each event must read as. The web app's tests parse them with ical.js, a reader this
// package doesn't use, so the files must be what the code writes today.

package ical

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden calendars under testdata from what the code writes")

// expected is how testdata/expected.json lists each calendar's events, for readers in other languages.
type expected struct {
	File   string          `json:"file"`
	Zone   string          `json:"zone"`
	Events []expectedEvent `json:"events"`
}

// expectedEvent is what one VEVENT must read as: its instants in UTC, RFC 3339.
type expectedEvent struct {
	UID      string `json:"uid"`
	Sequence int    `json:"sequence"`
	Status   string `json:"status"`
	Summary  string `json:"summary"`
	Start    string `json:"start"`
	End      string `json:"end"`
	URL      string `json:"url,omitempty"`
}

func TestGoldenCalendarsAreWhatTheCodeWrites(t *testing.T) {
	var all []expected
	files := map[string][]byte{}
	for _, f := range fixtures(t) {
		files[f.file] = write(t, f.events...)
		x := expected{File: f.file, Zone: f.events[0].Zone.String()}
		for _, e := range f.events {
			x.Events = append(x.Events, expectedEvent{UID: e.UID, Sequence: e.Sequence, Status: string(e.Status),
				Summary: text(e.Summary), Start: e.Start.UTC().Format(time.RFC3339), End: e.End.UTC().Format(time.RFC3339), URL: e.URL})
		}
		all = append(all, x)
	}
	j, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	files["expected.json"] = append(j, '\n')
	for name, want := range files {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./internal/ical -run TestGolden -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the code writes; run go test ./internal/ical -run TestGolden -update and review the diff", path)
		}
	}
}
