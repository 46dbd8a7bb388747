// This file checks the reflection-free claims reader and string writer against encoding/json: whatever they read or write, encoding/json reads or writes the same.

package requeststate

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/step"
)

var (
	issuedAtForTest = time.Unix(1791018000, 0)
	bookingForTest  = step.Request{Message: "A cut on Saturday morning?", OpenSlots: []string{"sat-10:30", "sat-11:30", "sat-13:00"}}
)

// jsonClaims is what encoding/json reads from payload, and whether it could.
func jsonClaims(payload string) (claims, bool) {
	var c claims
	err := json.Unmarshal([]byte(payload), &c)
	return c, err == nil
}

// goJSON is s as encoding/json writes it with HTML escaping off.
func goJSON(tb testing.TB, s string) string {
	tb.Helper()
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		tb.Fatal(err)
	}
	return strings.TrimSuffix(out.String(), "\n")
}

var awkward = []string{
	"", "sat-10:30", `mon "9"`, `a\b`, "tab\there", "nl\n", "\x00", "\x1f", "\x7f", "<&>", "café",
	"\u2028", "\u2029", "\U0001F487", "\xff", "a\xc3", "é\xe2\x80", "\ufffd", "sam. 10h30 <&>",
}

func TestIssuedPayloadsReadAsEncodingJSONReadsThem(t *testing.T) {
	check := func(t *testing.T, payload string) {
		t.Helper()
		fast, fastOK := readIssued(payload)
		want, wantOK := jsonClaims(payload)
		if fastOK && (!wantOK || !reflect.DeepEqual(fast, want)) {
			t.Errorf("readIssued(%q): got %+v, want what encoding/json reads: %+v (ok %v)", payload, fast, want, wantOK)
		}
		got, gotOK := readClaims(payload)
		if gotOK != wantOK || (wantOK && !reflect.DeepEqual(got, want)) {
			t.Errorf("readClaims(%q): got %+v (ok %v), want %+v (ok %v)", payload, got, gotOK, want, wantOK)
		}
	}
	keys, err := NewKeys([]byte("the current signing key, 32 byte"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("every state Issue writes is read by the fast reader, as encoding/json reads it", func(t *testing.T) {
		for _, slot := range awkward {
			for _, offered := range [][]string{{slot}, {"sat-10:30", slot}, nil, {}} {
				state := Issue(keys, issuedAtForTest, 2*time.Minute, "salon-1", bookingForTest, offered, Nonce{1, 2, 3})
				payload := state[:strings.LastIndexByte(state, '.')]
				check(t, payload)
				if _, ok := readIssued(payload); !ok && plainASCII(slot) && offered != nil {
					t.Errorf("readIssued(%q): got not read, want the form Issue writes read", payload)
				}
			}
		}
	})
	t.Run("hand-written payloads", func(t *testing.T) {
		base := `{"goodUntil":1791018120,"nonce":"000102030405060708090a0b0c0d0e0f","offered":["sat-10:30"],"request":"` + strings.Repeat("ab", 32) + `"}`
		for _, payload := range []string{
			base, strings.Replace(base, "1791018120", "-1", 1), strings.Replace(base, "1791018120", "-0", 1),
			strings.Replace(base, "1791018120", "0", 1), strings.Replace(base, "1791018120", "01", 1),
			strings.Replace(base, "1791018120", "1e3", 1), strings.Replace(base, "1791018120", "1.5", 1),
			strings.Replace(base, "1791018120", "99999999999999999999", 1), strings.Replace(base, "1791018120", "999999999999999999", 1),
			strings.Replace(base, `["sat-10:30"]`, `[]`, 1), strings.Replace(base, `["sat-10:30"]`, `null`, 1),
			strings.Replace(base, `["sat-10:30"]`, `["a","b","c"]`, 1), strings.Replace(base, `["sat-10:30"]`, `["a",]`, 1),
			strings.Replace(base, `["sat-10:30"]`, `["\u0041"]`, 1), strings.Replace(base, `["sat-10:30"]`, "[\"\xff\"]", 1),
			strings.Replace(base, `"goodUntil"`, `"GoodUntil"`, 1), base + " ", " " + base, base + "}", strings.TrimSuffix(base, "}"),
			strings.Replace(base, `"}`, `","x":1}`, 1), strings.Replace(base, `,"nonce"`, ` ,"nonce"`, 1), "", "{}", "null",
		} {
			check(t, payload)
		}
	})
	t.Run("random payloads", func(t *testing.T) {
		pieces := []string{`{"goodUntil":`, "1791018120", `,"nonce":"`, `","offered":[`, `"`, `,`, `]`, `,"request":"`, `"}`, "0", "-", `\`, "é", "\xff", " ", "a"}
		property := func(seed int64) bool {
			r := rand.New(rand.NewSource(seed))
			var b strings.Builder
			for range r.Intn(24) {
				b.WriteString(pieces[r.Intn(len(pieces))])
			}
			check(t, b.String())
			return !t.Failed()
		}
		if err := quick.Check(property, &quick.Config{MaxCount: 5000}); err != nil {
			t.Error(err)
		}
	})
}

func TestStringsAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	for _, s := range awkward {
		if got, want := string(appendGoJSONString(nil, s)), goJSON(t, s); got != want {
			t.Errorf("appendGoJSONString(%q): got %s, want %s", s, got, want)
		}
	}
	property := func(s string) bool { return string(appendGoJSONString(nil, s)) == goJSON(t, s) }
	if err := quick.Check(property, &quick.Config{MaxCount: 2000}); err != nil {
		t.Error(err)
	}
}

// FuzzReadClaims: whatever payload the fast reader reads, encoding/json reads the same claims from it.
func FuzzReadClaims(f *testing.F) {
	f.Add(`{"goodUntil":1791018120,"nonce":"000102030405060708090a0b0c0d0e0f","offered":["sat-10:30","sat-11:30"],"request":"` + strings.Repeat("ab", 32) + `"}`)
	f.Add(`{"goodUntil":-0,"nonce":"","offered":[],"request":""}`)
	f.Fuzz(func(t *testing.T, payload string) {
		fast, ok := readIssued(payload)
		if !ok {
			return
		}
		want, wantOK := jsonClaims(payload)
		if !wantOK || !reflect.DeepEqual(fast, want) {
			t.Fatalf("readIssued(%q): got %+v, want what encoding/json reads: %+v (ok %v)", payload, fast, want, wantOK)
		}
	})
}
