// This file checks decode's one-pass path against the field-by-field path: whatever body the fast path reads, the other reads the same.
package api

import (
	"reflect"
	"testing"
)

// FuzzDecodeUsualAgrees: shapeOK never vouches for a body checkShape refuses for its shape, and
// decodeUsual gives back exactly what the field-by-field path gives for every body it reads.
func FuzzDecodeUsualAgrees(f *testing.F) {
	for _, body := range []string{
		`{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`,
		`{"arguments":{"message":"hi","openSlots":["a"]},"inputResponses":{"time":{"action":"accept","content":{"time":"a"}}},"requestState":"x.y"}`,
		`{"arguments":{"message":"hi","openSlots":["a",null]},"requestState":null,"inputResponses":null}`,
		`{"Arguments":{"message":"hi","openSlots":["a"]},"arguments":{"message":"hi","openSlots":["a"]}}`,
		`{"arguments":{"message":"hi","openSlots":["a","a"]}}`,
	} {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		shaped, foldFree := shapeOK(body)
		if err := checkShape(body); shaped && err != nil && err.Error() != "the body must be a JSON object" {
			t.Fatalf("shapeOK vouched for %q, checkShape refuses it: %v", body, err)
		}
		if !shaped || !foldFree {
			return
		}
		fast, ok := decodeUsual("studio-nine", body)
		if !ok {
			return
		}
		slow, err := decodeFields("studio-nine", body)
		if err != nil || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("body %q: decodeUsual gives %+v, the field-by-field path %+v, %v", body, fast, slow, err)
		}
	})
}
