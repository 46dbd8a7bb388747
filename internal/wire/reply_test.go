// This file tests that AppendJSON writes both results as encoding/json's Encoder writes them, byte for byte.

package wire_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"salon/internal/step"
	"salon/internal/wire"
)

// question is round one's question as the default offer asks it.
var question = step.Question{Message: step.AskWhichTime, Times: []string{"sat-10:30", "sat-11:30"}}

// stepQuestion is a question in message offering the two times.
func stepQuestion(message, time1, time2 string) step.Question {
	return step.Question{Message: message, Times: []string{time1, time2}}
}

// booked is a booking of slot, said as the step says it.
func booked(slot string) step.Outcome { return step.Booked{Slot: slot, Say: slot + " is yours."} }

// appendable is a result that AppendJSON writes.
type appendable interface {
	AppendJSON(b []byte) []byte
}

// encoded is v as an encoding/json Encoder writes it, HTML escaping on, as Echo's c.JSON writes it.
func encoded(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// sameAsEncodingJSON fails unless v's AppendJSON, after a prefix, writes what encoding/json writes.
func sameAsEncodingJSON(t *testing.T, v appendable) {
	t.Helper()
	const prefix = "kept:"
	got := v.AppendJSON([]byte(prefix))
	if want := prefix + encoded(t, v); string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// filled sets every string of v, at any depth, to a value naming its field, and every []string to
// two such values, so a field AppendJSON doesn't write shows up as a difference.
func filled(v reflect.Value, name string) {
	switch v.Kind() {
	case reflect.Pointer:
		filled(v.Elem(), name)
	case reflect.Struct:
		for i := range v.NumField() {
			filled(v.Field(i), name+"."+v.Type().Field(i).Name)
		}
	case reflect.String:
		v.SetString(name)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.String {
			v.Set(reflect.ValueOf([]string{name + "[0]", name + "[1]"}))
		}
	}
}

func TestEveryFieldIsWrittenAsEncodingJSONWritesIt(t *testing.T) {
	for _, c := range []struct {
		name string
		v    appendable
	}{
		{"a question, every field set", &wire.InputRequiredResult{}},
		{"a completion, every field set", &wire.CompleteResult{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			filled(reflect.ValueOf(c.v), "f")
			sameAsEncodingJSON(t, c.v)
		})
	}
	for _, c := range []struct {
		name string
		v    appendable
	}{
		{"a question, nothing set", &wire.InputRequiredResult{}},
		{"a completion, nothing set", &wire.CompleteResult{}},
		{"a question with empty lists", &wire.InputRequiredResult{InputRequests: wire.InputRequests{Time: wire.ElicitationRequest{
			Params: wire.ElicitationParams{RequestedSchema: wire.TimeSchema{Required: []string{}, Properties: wire.TimeProperties{Time: wire.TimeChoice{Enum: []string{}}}}}}}}},
		{"a booked slot", &wire.CompleteResult{ResultType: wire.ResultComplete, StructuredContent: wire.Completion{
			Status: wire.StatusBooked, Slot: "sat-10:30", Say: "sat-10:30 is yours."}}},
		{"a question with its state", func() appendable {
			r := wire.InputRequired(question, `{"goodUntil":1791018120,"nonce":"9f1c","offered":["sat \"10:30\"","sat\\11"],"request":"cc46"}.b5dc`)
			return &r
		}()},
	} {
		t.Run(c.name, func(t *testing.T) { sameAsEncodingJSON(t, c.v) })
	}
}

func TestStringsAreEscapedAsEncodingJSONEscapesThem(t *testing.T) {
	for _, s := range []string{
		"", "sat-10:30", `"quoted" \ back`, "\b\f\n\r\t\x00\x01\x1f\x7f", "<sat> & 10:30",
		"sat\u2028 10:30\u2029", "sat \u2027 \u202a \u20ac", "café 日本 \U0001F600",
		"caf\xe9", "\xe2\x80", "\xe2\x80\xa8\xff", "\xed\xa0\x80", "ends in \xc3",
	} {
		r := wire.Complete(booked(s))
		sameAsEncodingJSON(t, &r)
	}
}

// FuzzAppendJSON writes both results with any strings, and compares them with encoding/json's.
func FuzzAppendJSON(f *testing.F) {
	f.Add("sat-10:30", "Which time suits you?", `{"goodUntil":1,"offered":["a"]}.ff`)
	f.Add("<sat>&", "\u2028\u2029", "\xff\xfe")
	f.Add("\x00\x1f\"\\", "\U0001F600 é", "\xed\xa0\x80")
	f.Fuzz(func(t *testing.T, slot, message, state string) {
		asked := wire.InputRequired(stepQuestion(message, slot, state), state)
		sameAsEncodingJSON(t, &asked)
		done := wire.Complete(booked(slot))
		done.StructuredContent.Booking, done.StructuredContent.Manage = state, message
		sameAsEncodingJSON(t, &done)
	})
}
