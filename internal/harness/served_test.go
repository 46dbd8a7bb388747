// This file holds the committed served log to what a recorded turn records, line for line and byte for byte.

package harness_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"salon/internal/harness"
	"salon/internal/harness/harnesstest"
	"salon/internal/step"
)

// recorded is a turn as it was served: a customer's words with a curly apostrophe, and a model's
// answers replayed, the first refused and the second served.
func recorded() harness.Decision {
	b := step.Request{
		Message:   "Saturday’s best for me — could I get a trim before noon? <3 & thanks",
		OpenSlots: []string{"fri-16:00", "sat-10:30", "sat-11:30", "sat-13:00"},
	}
	return harness.Turn(context.Background(), harnesstest.Scripted(
		`{"choices":["sat-09:00","sat-10:30"],"question":"We’ve got Saturday at 9am or 10:30 — $40 either way. Which suits?"}`,
		`{"choices":["sat-10:30","sat-11:30"],"question":"We’ve got Saturday at 10:30 or 11:30 — which suits you?"}`,
	), 3, b)
}

func TestServedLogIsWhatATurnRecords(t *testing.T) {
	out := recorded()
	if !out.Served {
		t.Fatalf("the recorded turn fell back (%s); it should serve its second answer", out.Why)
	}
	path := filepath.Join("testdata", "served.jsonl")
	lines := harness.Served(out.Records)
	if *update {
		if err := os.WriteFile(path, lines, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/harness -run %s -update writes it)", err, t.Name())
	}
	if !bytes.Equal(committed, lines) {
		t.Errorf("%s is not byte for byte what the turn renders; if the change is meant, go test ./internal/harness -run %s -update", path, t.Name())
	}

	var calls []harness.Record
	for _, r := range out.Records {
		if r.Stage == harness.StageCall {
			calls = append(calls, r)
		}
	}
	split := bytes.Split(bytes.TrimSuffix(committed, []byte("\n")), []byte("\n"))
	if len(split) != len(calls) {
		t.Fatalf("the served log has %d lines, want one per call: %d", len(split), len(calls))
	}
	rulings := rulingsOf(out.Records)
	for i, raw := range split {
		var line harness.ServedLine
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&line); err != nil {
			t.Fatalf("line %d is not a served line: %v", i+1, err)
		}
		if line.Attempt != calls[i].Attempt || line.Prompt != calls[i].Prompt || line.Output != calls[i].Output {
			t.Errorf("line %d is not call %d as sent and answered", i+1, i+1)
		}
		if !reflect.DeepEqual(line.Ruling, rulings[i]) {
			t.Errorf("line %d has ruling %+v, want %+v", i+1, line.Ruling, rulings[i])
		}
	}
	for _, want := range [][]byte{[]byte("Saturday’s"), []byte("We’ve"), []byte("<3 & thanks")} {
		if bytes.Count(committed, want) == 0 {
			t.Errorf("the served log doesn't hold %q as its UTF-8 bytes", want)
		}
	}
	for _, escaped := range []string{`\u2019`, `\u003c`, `\u0026`} {
		if bytes.Contains(committed, []byte(escaped)) {
			t.Errorf("the served log escapes a character as %s; it must keep the bytes as sent", escaped)
		}
	}
}

func rulingsOf(records []harness.Record) []*harness.Ruling {
	var out []*harness.Ruling
	for _, r := range records {
		if r.Stage == harness.StageRuling {
			out = append(out, r.Ruling)
		}
	}
	return out
}
