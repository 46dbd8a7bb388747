// This file renders the served log: one JSON line per model call, the prompt exactly as sent, the output and the ruling.

package harness

import (
	"bytes"
	"encoding/json"
)

// ServedLine is one model call as serving rendered it, for training on what was really sent:
// the prompt exactly as sent, the output exactly as it came back (empty, with Error, when the call
// failed), and the checker's ruling on it.
type ServedLine struct {
	Attempt int     `json:"attempt"`
	Prompt  string  `json:"prompt"`
	Output  string  `json:"output"`
	Error   string  `json:"error,omitempty"`
	Ruling  *Ruling `json:"ruling,omitempty"`
}

// Served renders a turn's records as served-log lines, one JSON line per call, in the order made.
// Text is written as UTF-8, byte for byte: nothing is escaped that JSON doesn't require (no HTML
// escapes), so a customer's curly apostrophe stays the three bytes it was.
func Served(records []Record) []byte {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	for i, r := range records {
		if r.Stage != StageCall {
			continue
		}
		line := ServedLine{Attempt: r.Attempt, Prompt: r.Prompt, Output: r.Output, Error: r.Error}
		if i+1 < len(records) && records[i+1].Stage == StageRuling && records[i+1].Attempt == r.Attempt {
			line.Ruling = records[i+1].Ruling
		}
		if err := enc.Encode(line); err != nil {
			panic("harness: encoding plain data can't fail: " + err.Error())
		}
	}
	return out.Bytes()
}
