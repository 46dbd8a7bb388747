// This file holds round two's records at a salon with a calendar, the recorder the desk writes them with, and their review.

package booking

import (
	"fmt"
	"slices"

	"salon/internal/harness"
	"salon/internal/salon"
)

// Stage is which part of round two wrote a record.
type Stage string

// The stages of round two at a salon with a calendar, in the order they write.
const (
	// StageAnswer is the times the state offered and the customer's answer to them.
	StageAnswer Stage = "answer"
	// StageHold is the booking asked of the calendar: the slot, and whom it is for.
	StageHold Stage = "hold"
	// StageReadBack is the booking as the calendar stored it: its row, read inside the transaction
	// that committed it.
	StageReadBack Stage = "read_back"
	// StageTaken is a slot the calendar could not hold, and why.
	StageTaken Stage = "taken"
)

// Record is one stage of round two at a salon with a calendar, as plain data. It never holds the
// customer's contact or words, and its JSON form (what the log holds) leaves out whom the booking
// is for, so records may be logged: no customer's name, contact or words reaches a log line.
type Record struct {
	Stage Stage `json:"stage"`
	// Offered are the times the state carried (answer).
	Offered []string `json:"offered,omitempty"`
	// Accepted says whether the customer accepted a time (answer).
	Accepted bool `json:"accepted,omitempty"`
	// Slot is the time picked (answer), asked for (hold), shown (read_back) or not held (taken).
	Slot string `json:"slot,omitempty"`
	// Booking is the booking's reference: the one asked for (hold) or the one shown (read_back).
	Booking string `json:"booking,omitempty"`
	// For is whom the booking is for, by name (hold, read_back), for the review in this process
	// alone: it is never written out, so a record read back from JSON has none.
	For string `json:"-"`
	// Status is the booking's status as the calendar shows it (read_back).
	Status salon.Status `json:"status,omitempty"`
	// Why is why the slot wasn't held: "booked", "closed" or "past" (taken).
	Why string `json:"why,omitempty"`
}

// recorder gathers one round two's records. The zero recorder is ready.
type recorder struct{ records []Record }

func (r *recorder) answered(offered []string, pick string, accepted bool) {
	r.records = append(r.records, Record{Stage: StageAnswer, Offered: slices.Clone(offered), Accepted: accepted, Slot: pick})
}

func (r *recorder) held(h *salon.Hold) {
	r.records = append(r.records, Record{Stage: StageHold, Slot: h.Slot, Booking: h.ID, For: h.Name})
}

// spent records what the calendar did with the hold: the booking it shows, or why it held nothing.
func (r *recorder) spent(out salon.SpendOutcome) {
	if b := out.Booking; b != nil {
		r.records = append(r.records, Record{Stage: StageReadBack, Slot: b.Slot, Booking: b.ID, For: b.Name, Status: b.Status})
		return
	}
	r.records = append(r.records, Record{Stage: StageTaken, Why: out.Taken.String()})
}

// holding reports whether a booking read back holds its time: booked, or held for its deposit.
func holding(s salon.Status) bool { return s == salon.Booked || s == salon.AwaitingPayment }

// Finding is one failed check of a review: which check, and what it found. Round two's review
// reports its findings as round one's does.
type Finding = harness.Finding

// The checks of round two's review, by name.
const (
	CheckPickOffered   = "the pick is a time the state offered"
	CheckHoldAccepted  = "a hold follows only an accepted answer"
	CheckHoldIsPick    = "the hold is the pick"
	CheckHoldReadBack  = "the hold was read back"
	CheckCalendarShows = "the calendar shows the hold"
)

// Review runs round two's five checks over its records and reports each one that fails, never
// stopping at the first: the pick is a time the state offered; a hold follows only an accepted
// answer; the hold is the pick; the hold was read back (or the calendar said why it held
// nothing); and the calendar shows the hold, for whom it was asked, as booked (or held for its
// deposit). A desk's own
// records pass. A finding names slots and bookings, never a customer, so it may be logged.
func Review(records []Record) []Finding {
	var found []Finding
	fail := func(check, format string, args ...any) {
		found = append(found, Finding{Check: check, Detail: fmt.Sprintf(format, args...)})
	}
	var answer *Record // the latest answer
	var hold *Record   // the latest hold not yet read back
	for i := range records {
		r := &records[i]
		switch r.Stage {
		case StageAnswer:
			answer = r
			if r.Accepted && !slices.Contains(r.Offered, r.Slot) {
				fail(CheckPickOffered, "the customer picked %q, and the state offered %q", r.Slot, r.Offered)
			}
		case StageHold:
			if hold != nil {
				fail(CheckHoldReadBack, "the hold of %q is neither read back nor said to be taken", hold.Slot)
			}
			hold = r
			switch {
			case answer == nil:
				fail(CheckHoldAccepted, "%q is held with no answer before it", r.Slot)
				continue
			case !answer.Accepted:
				fail(CheckHoldAccepted, "%q is held after the customer declined", r.Slot)
				continue
			}
			if r.Slot != answer.Slot {
				fail(CheckHoldIsPick, "%q is held, and the customer picked %q", r.Slot, answer.Slot)
			}
		case StageReadBack:
			if hold == nil {
				fail(CheckCalendarShows, "the calendar shows %q (%s) with no hold asked for", r.Slot, r.Booking)
				continue
			}
			if r.Slot != hold.Slot || r.Booking != hold.Booking || r.For != hold.For || !holding(r.Status) {
				fail(CheckCalendarShows, "the hold of %q as %s reads back as %q as %s%s, %s",
					hold.Slot, hold.Booking, r.Slot, r.Booking, forWhom(r.For == hold.For), statusOf(r.Status))
			}
			hold = nil
		case StageTaken:
			switch {
			case hold == nil:
				fail(CheckHoldReadBack, "the calendar says a slot was taken with no hold asked for")
			case r.Why == "":
				fail(CheckHoldReadBack, "the hold of %q was not held, and the calendar doesn't say why", hold.Slot)
			}
			hold = nil
		}
	}
	if hold != nil {
		fail(CheckHoldReadBack, "the hold of %q is neither read back nor said to be taken", hold.Slot)
	}
	return found
}

// forWhom says whether a read-back is for the customer the hold was for, without naming either:
// a finding may be logged.
func forWhom(same bool) string {
	if same {
		return ""
	}
	return " for another customer"
}

func statusOf(s salon.Status) string {
	if s == "" {
		return "with no status"
	}
	return string(s)
}
