// This file measures the request decoder on the bodies of both rounds.

package wire

import "testing"

func BenchmarkDecode(b *testing.B) {
	for _, c := range []struct{ name, body string }{
		{"round one", `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}`},
		{"round two", `{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"],` +
			`"customer":{"name":"Ana Lima","contact":"+44 7700 900123"}},"inputResponses":{"time":{"action":"accept",` +
			`"content":{"time":"sat-10:30"}}},"requestState":"{\"goodUntil\":1791018120,\"nonce\":\"9f1c\",\"offered\":[\"sat-10:30\"],\"request\":\"cc46\"}.b5dc"}`},
	} {
		body := []byte(c.body)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeBooking("studio-nine", body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
