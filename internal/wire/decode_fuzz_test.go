// This file holds FuzzDecode: any salon and body decodes to a request within every bound, or is refused with a 400 naming the field.

package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"regexp"
	"salon/internal/refusal"
	salonpkg "salon/internal/salon"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks DecodeBooking against hostile salons and bodies. A request it returns holds exactly
// what an ordinary JSON reader finds under the keys as written, within every bound; a refusal is
// a 400 whose reason names the field, and a body that is one object of sound shape is never
// refused for its shape. The oracles here are written apart from the decoder's own.
func FuzzDecode(f *testing.F) {
	for _, body := range []string{
		`{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`,
		`{"arguments":{"message":"hi","openSlots":["a"]},"inputResponses":{"time":{"action":"accept","content":{"time":"a"}}},"requestState":"x.y"}`,
		`{"arguments":{"message":"hi","openSlots":["a"],"message":"bye"}}`,
		`{"arguments":{"message":"hi","openSlots":[{"a":1,"a":2}]}}`,
		`{"arguments":{"message":"hi","openSlots":["a",null]},"requestState":null,"inputResponses":null}`,
		`{"arguments":{"message":"hi","openSlots":["a"]},"x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`,
		`{"arguments":{"message":"hi","openSlots":["a"]},"n":1e99999,"mess\u0061ge":"\ud800"}`,
		`{"arguments":{"message":"hi","openSlots":["a"]}} {}`,
		"{\"arguments\":{\"message\":\"\xff\",\"openSlots\":[]}}",
		`null`,
		``,
	} {
		f.Add("studio-nine", []byte(body))
	}
	f.Add("studio/../nine", []byte(`{"arguments":{"message":"","openSlots":[]}}`))
	f.Add("a\x00b", []byte(`{"arguments":{"message":"","openSlots":[]}}`))
	for _, customer := range []string{
		`{"name":"Ada","contact":"ada@example.com"}`,
		`{"name":"Ada","contact":"+44 7700 900123"}`,
		`{"name":"Ada","contact":"a@b.example?bcc=attacker@evil.example"}`,
		`{"name":"A\u202eda","contact":"ada@example.com"}`,
		`{"name":"Ada","contact":"\u200b+44 7700 900123"}`,
	} {
		f.Add("studio-nine", []byte(`{"arguments":{"message":"hi\n\u0000","openSlots":["a"],"customer":`+customer+`}}`))
		f.Add("studio-nine", []byte(`{"arguments":{"message":"hi\n","openSlots":["a"],"customer":`+customer+`}}`))
	}
	f.Fuzz(func(t *testing.T, salon string, body []byte) {
		r, err := DecodeBooking(salon, body)
		if err != nil {
			refused, ok := refusal.As(err)
			if !ok || refused.Kind != refusal.Invalid {
				t.Fatalf("DecodeBooking(%q, %q): got %v, want a refusal", salon, body, err)
			}
			reason := refused.Error()
			if !namesAField(reason) || len(reason) > 200 || !utf8.ValidString(reason) {
				t.Fatalf("DecodeBooking(%q, %q): got reason %q, want a short reason naming the field", salon, body, reason)
			}
			if soundShape(body) && isBodyShapeReason(reason) {
				t.Fatalf("DecodeBooking(%q, %q): refused a body of sound shape as %q", salon, body, reason)
			}
			return
		}
		if !soundShape(body) {
			t.Fatalf("DecodeBooking(%q, %q): accepted a body that is not one object of sound shape", salon, body)
		}
		if n := utf8.RuneCountInString(salon); n < 1 || n > MaxSalonChars || !utf8.ValidString(salon) || r.Salon != salon {
			t.Fatalf("DecodeBooking(%q, %q): got salon %q, want the salon, 1 to %d characters", salon, body, r.Salon, MaxSalonChars)
		}
		if utf8.RuneCountInString(r.Booking.Message) > MaxMessageChars || len(r.Booking.OpenSlots) > MaxOpenSlots {
			t.Fatalf("DecodeBooking(%q, %q): got %+v, outside the bounds", salon, body, r.Booking)
		}
		for i, slot := range r.Booking.OpenSlots {
			if n := utf8.RuneCountInString(slot); n < 1 || n > MaxSlotChars || slices.Contains(r.Booking.OpenSlots[:i], slot) {
				t.Fatalf("DecodeBooking(%q, %q): got slot %d %q, want 1 to %d characters and no repeat", salon, body, i, slot, MaxSlotChars)
			}
		}
		assertReadAsWritten(t, body, r.Booking.Message, r.Booking.OpenSlots, r.InputResponses, r.RequestState)
		assertOnlyAllowed(t, r.Salon, r.Booking.Message, r.Booking.OpenSlots, r.Booking.Customer)
	})
}

// The oracles of what a field may hold, written as regular expressions apart from the decoder's
// own loops: any control or format character but a line feed or tab (words), any at all (the
// rest), and a contact's two forms.
var (
	unallowedInWords = regexp.MustCompile(`[\p{Cf}\x00-\x08\x0b-\x1f\x7f-\x{9f}]`)
	unallowedInField = regexp.MustCompile(`[\p{Cf}\p{Cc}]`)
	phoneForm        = regexp.MustCompile(`^[0-9 +\-().]*$`)
	digit            = regexp.MustCompile(`[0-9]`)
	numericLabel     = regexp.MustCompile(`(^|\.)[0-9]+$`)
	emailForm        = regexp.MustCompile("^[A-Za-z0-9!#$&'*+\\-/=^_`{|}~]+(\\.[A-Za-z0-9!#$&'*+\\-/=^_`{|}~]+)*" +
		`@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`)
)

// assertOnlyAllowed fails unless every field decode accepted holds only what it may, and the
// customer's contact is a phone number or an e-mail address.
func assertOnlyAllowed(t *testing.T, salon, message string, slots []string, customer *salonpkg.Customer) {
	t.Helper()
	fields := append([]string{salon}, slots...)
	if customer != nil {
		fields = append(fields, customer.Name, customer.Contact)
	}
	for _, f := range fields {
		if unallowedInField.MatchString(f) {
			t.Fatalf("DecodeBooking accepted %q, which holds a control or format character", f)
		}
	}
	if unallowedInWords.MatchString(message) {
		t.Fatalf("DecodeBooking accepted the words %q, which hold a control or format character", message)
	}
	if customer == nil {
		return
	}
	c := customer.Contact
	digits := len(digit.FindAllString(c, -1))
	phone := phoneForm.MatchString(c) && digits >= 6 && digits <= 20
	local, domain, _ := strings.Cut(c, "@")
	email := emailForm.MatchString(c) && len(local) <= 64 && !numericLabel.MatchString(domain)
	if !phone && !email {
		t.Fatalf("DecodeBooking accepted the contact %q, which is neither a phone number nor an e-mail address", c)
	}
}

// namesAField reports whether a refusal's reason starts with the field it is about.
func namesAField(reason string) bool {
	for _, field := range []string{"salon ", "the body ", "arguments ", "arguments.", "requestState "} {
		if strings.HasPrefix(reason, field) {
			return true
		}
	}
	return strings.HasSuffix(reason, " appears twice")
}

func isBodyShapeReason(reason string) bool {
	return strings.HasPrefix(reason, "the body must be a JSON object") || strings.HasPrefix(reason, "the body must nest") ||
		strings.HasSuffix(reason, " appears twice")
}

// soundShape reports whether body is valid UTF-8 holding one JSON object, nested at most
// maxDepth deep, with no key twice in any object. It reads the body recursively, unlike DecodeBooking.
func soundShape(body []byte) bool {
	if !utf8.Valid(body) || !json.Valid(body) || !bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("{")) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var value func(depth int) bool
	value = func(depth int) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			if depth > maxDepth {
				return false
			}
			seen := map[string]bool{}
			for dec.More() {
				key, err := dec.Token()
				if err != nil || seen[key.(string)] {
					return false
				}
				seen[key.(string)] = true
				if !value(depth + 1) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		case json.Delim('['):
			if depth > maxDepth {
				return false
			}
			for dec.More() {
				if !value(depth + 1) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		}
		return true
	}
	if !value(1) {
		return false
	}
	_, err := dec.Token()
	return errors.Is(err, io.EOF)
}

// assertReadAsWritten compares what decode returned with what a generic JSON reading finds under the exact keys.
func assertReadAsWritten(t *testing.T, body []byte, message string, slots []string, answers []byte, state *string) {
	t.Helper()
	var top map[string]any
	if err := unmarshalNumbers(body, &top); err != nil {
		t.Fatalf("decode accepted %q, which doesn't read as an object: %v", body, err)
	}
	args, _ := top["arguments"].(map[string]any)
	if got, ok := args["message"].(string); !ok || got != message {
		t.Fatalf("DecodeBooking(%q): got message %q, want %q", body, message, args["message"])
	}
	want, _ := args["openSlots"].([]any)
	if len(want) != len(slots) {
		t.Fatalf("DecodeBooking(%q): got slots %q, want %q", body, slots, want)
	}
	for i := range want {
		if want[i] != slots[i] {
			t.Fatalf("DecodeBooking(%q): got slots %q, want %q", body, slots, want)
		}
	}
	switch s, ok := top["requestState"].(string); {
	case ok && (state == nil || *state != s):
		t.Fatalf("DecodeBooking(%q): got requestState %v, want %q", body, state, s)
	case !ok && state != nil:
		t.Fatalf("DecodeBooking(%q): got requestState %q, want none", body, *state)
	}
	switch a := top["inputResponses"]; {
	case a == nil && answers != nil:
		t.Fatalf("DecodeBooking(%q): got inputResponses %s, want none (absent or null)", body, answers)
	case a != nil:
		var got any
		if err := unmarshalNumbers(answers, &got); err != nil || !reflect.DeepEqual(got, a) {
			t.Fatalf("DecodeBooking(%q): got inputResponses %s, want %v", body, answers, a)
		}
	}
}

// unmarshalNumbers is json.Unmarshal keeping numbers as written, so none is too large to read.
func unmarshalNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}
