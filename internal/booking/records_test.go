// This file tests round two's records at a salon with a calendar: what the desk writes, and the audit's five checks, each planted.

package booking_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
)

// saturday is opening hours of Saturday 09:00 to 11:00: two slots on Saturday 5 December.
var saturday = salon.Hours{time.Saturday: {{Start: 9 * 60, End: 11 * 60}}}

var (
	ana  = salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}
	rosa = salon.Customer{Name: "Rosa Quintero", Contact: "rosa.quintero@example.org"}
)

func TestRoundTwoWritesItsRecords(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "studio-nine", saturday)
	slots := s.open(t, "studio-nine")
	if !slices.Equal(slots, []string{"2026-12-05T09:00:00Z", "2026-12-05T10:00:00Z"}) {
		t.Fatalf("the salon holds open %q, want Saturday 09:00 and 10:00", slots)
	}

	rosasRequest, rosaAsked := s.roundOne(t, "studio-nine", rosa, "A colour?", slots) // offered what Ana will book

	t.Run("a booking: the answer, the hold for whom it is, the read-back", func(t *testing.T) {
		r, asked := s.roundOne(t, "studio-nine", ana, "A cut, please", slots)
		done := s.roundTwo(t, r, asked.State, accepting(slots[0]))
		booked, ok := done.Outcome.(step.Booked)
		if !ok {
			t.Fatalf("got %+v, want booked", done.Outcome)
		}
		want := []booking.Record{
			{Stage: booking.StageAnswer, Offered: slots, Accepted: true, Slot: slots[0]},
			{Stage: booking.StageHold, Slot: slots[0], Booking: booked.Booking, For: "Ana Lima"},
			{Stage: booking.StageReadBack, Slot: slots[0], Booking: booked.Booking, For: "Ana Lima", Status: salon.Booked},
		}
		got := s.latest(t)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got records\n  %+v\nwant\n  %+v", got, want)
		}
		if f := booking.Review(got); len(f) > 0 {
			t.Errorf("the desk's own records fail their review: %q", f)
		}
		data, _ := json.Marshal(got)
		if strings.Contains(string(data), ana.Contact) || strings.Contains(string(data), "A cut, please") {
			t.Errorf("the records hold the customer's contact or words: %s", data)
		}
	})

	t.Run("a slot taken meanwhile: the hold, and why", func(t *testing.T) {
		done := s.roundTwo(t, rosasRequest, rosaAsked.State, accepting(slots[0]))
		if _, ok := done.Outcome.(step.NotBooked); !ok {
			t.Fatalf("got %+v, want not booked", done.Outcome)
		}
		got := s.latest(t)
		want := []booking.Record{
			{Stage: booking.StageAnswer, Offered: slots, Accepted: true, Slot: slots[0]},
			{Stage: booking.StageHold, Slot: slots[0], Booking: got[len(got)-2].Booking, For: "Rosa Quintero"},
			{Stage: booking.StageTaken, Why: "booked"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got records\n  %+v\nwant the answer, the hold, and the slot taken because it is booked\n  %+v", got, want)
		}
		if f := booking.Review(got); len(f) > 0 {
			t.Errorf("the desk's own records fail their review: %q", f)
		}
	})

	t.Run("a decline: the answer alone", func(t *testing.T) {
		r, asked := s.roundOne(t, "studio-nine", rosa, "A colour?", []string{slots[1]})
		s.roundTwo(t, r, asked.State, `{"time":{"action":"decline"}}`)
		want := []booking.Record{{Stage: booking.StageAnswer, Offered: []string{slots[1]}}}
		if got := s.latest(t); !reflect.DeepEqual(got, want) {
			t.Errorf("got records %+v, want %+v", got, want)
		}
	})
}

// booked is a round two's records as the desk writes them for a booking of Saturday 09:00.
func booked() []booking.Record {
	return []booking.Record{
		{Stage: booking.StageAnswer, Offered: []string{"2026-12-05T09:00:00Z", "2026-12-05T10:00:00Z"}, Accepted: true, Slot: "2026-12-05T09:00:00Z"},
		{Stage: booking.StageHold, Slot: "2026-12-05T09:00:00Z", Booking: "b1", For: "Ana Lima"},
		{Stage: booking.StageReadBack, Slot: "2026-12-05T09:00:00Z", Booking: "b1", For: "Ana Lima", Status: salon.Booked},
	}
}

// Each check of the audit, planted alone, is the one reported.
func TestAuditFindsEachPlantedFailure(t *testing.T) {
	tests := []struct {
		name  string
		plant func([]booking.Record) []booking.Record
		want  booking.Finding
	}{
		{"a pick the state never offered", func(r []booking.Record) []booking.Record {
			r[0].Offered = []string{"2026-12-05T10:00:00Z"}
			return r
		}, booking.Finding{Check: booking.CheckPickOffered, Detail: `the customer picked "2026-12-05T09:00:00Z", and the state offered ["2026-12-05T10:00:00Z"]`}},
		{"a hold after a decline", func(r []booking.Record) []booking.Record {
			r[0].Accepted, r[0].Slot = false, ""
			return r
		}, booking.Finding{Check: booking.CheckHoldAccepted, Detail: `"2026-12-05T09:00:00Z" is held after the customer declined`}},
		{"a hold with no answer", func(r []booking.Record) []booking.Record { return r[1:] },
			booking.Finding{Check: booking.CheckHoldAccepted, Detail: `"2026-12-05T09:00:00Z" is held with no answer before it`}},
		{"a hold of another time than the pick", func(r []booking.Record) []booking.Record {
			r[1].Slot, r[2].Slot = "2026-12-05T10:00:00Z", "2026-12-05T10:00:00Z"
			return r
		}, booking.Finding{Check: booking.CheckHoldIsPick, Detail: `"2026-12-05T10:00:00Z" is held, and the customer picked "2026-12-05T09:00:00Z"`}},
		{"a hold never read back", func(r []booking.Record) []booking.Record { return r[:2] },
			booking.Finding{Check: booking.CheckHoldReadBack, Detail: `the hold of "2026-12-05T09:00:00Z" is neither read back nor said to be taken`}},
		{"a slot taken with no reason", func(r []booking.Record) []booking.Record {
			r[2] = booking.Record{Stage: booking.StageTaken}
			return r
		}, booking.Finding{Check: booking.CheckHoldReadBack, Detail: `the hold of "2026-12-05T09:00:00Z" was not held, and the calendar doesn't say why`}},
		{"a calendar showing the booking for someone else", func(r []booking.Record) []booking.Record {
			r[2].For = "Rosa Quintero"
			return r
		}, booking.Finding{Check: booking.CheckCalendarShows, Detail: `the hold of "2026-12-05T09:00:00Z" as b1 reads back as "2026-12-05T09:00:00Z" as b1 for another customer, booked`}},
		{"a calendar showing the booking cancelled", func(r []booking.Record) []booking.Record {
			r[2].Status = salon.Cancelled
			return r
		}, booking.Finding{Check: booking.CheckCalendarShows, Detail: `the hold of "2026-12-05T09:00:00Z" as b1 reads back as "2026-12-05T09:00:00Z" as b1, cancelled`}},
		{"a calendar showing a booking no hold asked for", func(r []booking.Record) []booking.Record {
			return []booking.Record{r[0], r[2]}
		}, booking.Finding{Check: booking.CheckCalendarShows, Detail: `the calendar shows "2026-12-05T09:00:00Z" (b1) with no hold asked for`}},
	}
	if f := booking.Review(booked()); len(f) > 0 {
		t.Fatalf("a booking's records fail their review: %q", f)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := booking.Review(tt.plant(booked()))
			if !slices.Equal(got, []booking.Finding{tt.want}) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// Planted together, every failure is reported by one audit, in the order of the records.
func TestAuditReportsEveryFailedCheckAtOnce(t *testing.T) {
	r := booked()
	r[0].Offered = []string{"2026-12-05T10:00:00Z"}           // the pick is a time the state offered
	r[1].Slot = "2026-12-05T10:00:00Z"                        // the hold is the pick
	r[2].Booking = "b2"                                       // the calendar shows the hold
	r = append(r, booking.Record{Stage: booking.StageAnswer}, // a hold follows only an accepted answer
		booking.Record{Stage: booking.StageHold, Slot: "2026-12-05T09:00:00Z", Booking: "b3", For: "Ana Lima"}) // the hold was read back
	var checks []string
	for _, f := range booking.Review(r) {
		checks = append(checks, f.Check)
	}
	want := []string{booking.CheckPickOffered, booking.CheckHoldIsPick, booking.CheckCalendarShows, booking.CheckHoldAccepted, booking.CheckHoldReadBack}
	if !slices.Equal(checks, want) {
		t.Errorf("got checks\n  %q\nwant\n  %q", checks, want)
	}
}

// Round two's records are plain data: they cross JSON and come back equal, but for whom each
// booking is for, which their JSON (what the log holds) never names.
func TestRoundTwoRecordsArePlainDataThatNameNoCustomer(t *testing.T) {
	data, err := json.Marshal(booked())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "Ana Lima") || strings.Contains(string(data), `"for"`) {
		t.Errorf("the records' JSON names whom the booking is for:\n%s", data)
	}
	want := booked()
	for i := range want {
		want[i].For = ""
	}
	var back []booking.Record
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, want) {
		t.Errorf("the records changed crossing JSON (%v):\n%s", err, data)
	}
	if f := booking.Review(back); len(f) > 0 {
		t.Errorf("the records read back from JSON fail their audit: %q", f)
	}
}
