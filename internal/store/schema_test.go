// This file holds the tests of the schema's own refusals of rows written straight through SQL.

package store_test

import (
	"testing"
)

func TestTheDatabaseRefusesWhatWouldBreakTheCalendar(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		booked := book(t, s, "first", at(2))
		db := raw(t, url)
		insertBooking := `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state)
			VALUES ($1, $2, $3, $4, 'Bea', '+1', '', $5, $6, $7)`
		salonID, slot := []byte("studio-nine"), []byte(booked.Slot)

		for _, tc := range []struct {
			name   string
			query  string
			args   []any
			unique bool // refused by a unique index, rather than a check or a foreign key
		}{
			{"a second live booking of one slot", insertBooking,
				[]any{[]byte("second"), salonID, slot, at(2).Unix(), now.Unix(), "booked", []byte("another state")}, true},
			{"a second booking by one state", insertBooking,
				[]any{[]byte("second"), salonID, []byte("other slot"), at(3).Unix(), now.Unix(), "booked", bytesOf(stateID(t.Name(), "first"))}, true},
			{"a booking reusing a booking's id", insertBooking,
				[]any{[]byte("first"), salonID, []byte("other slot"), at(3).Unix(), now.Unix(), "booked", []byte("another state")}, true},
			{"a state spent twice", `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, 'taken', NULL)`,
				[]any{bytesOf(stateID(t.Name(), "first")), goodUntil.Unix()}, true},
			{"a booking with a status of its own", insertBooking,
				[]any{[]byte("odd"), salonID, []byte("other slot"), at(3).Unix(), now.Unix(), "pencilled", []byte("another state")}, false},
			{"a booking at an unregistered salon", insertBooking,
				[]any{[]byte("odd"), []byte("elsewhere"), []byte("other slot"), at(3).Unix(), now.Unix(), "booked", []byte("another state")}, false},
			{"a spend recorded as booked without its booking", `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, 'booked', NULL)`,
				[]any{[]byte("a state"), goodUntil.Unix()}, false},
			{"a spend recorded as booked with a booking that doesn't exist", `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, 'booked', $3)`,
				[]any{[]byte("a state"), goodUntil.Unix(), []byte("nobody")}, false},
			{"a spend recorded as taken with a booking", `INSERT INTO spent_states (id, good_until, outcome, booking) VALUES ($1, $2, 'taken', $3)`,
				[]any{[]byte("a state"), goodUntil.Unix(), []byte("first")}, false},
		} {
			t.Run(tc.name+" is refused", func(t *testing.T) {
				_, err := db.ExecContext(t.Context(), tc.query, tc.args...)
				if err == nil {
					t.Fatal("got the row written, want the database to refuse it")
				}
				if tc.unique && !s.Unique(err) {
					t.Errorf("got %v, want a unique violation", err)
				}
			})
		}

		t.Run("a cancelled booking beside the live one is allowed", func(t *testing.T) {
			if _, err := db.ExecContext(t.Context(), insertBooking,
				[]byte("cancelled"), salonID, slot, at(2).Unix(), now.Unix(), "cancelled", []byte("a third state")); err != nil {
				t.Errorf("got %v, want the cancelled booking written", err)
			}
		})

		if n := count(t, db, `SELECT count(*) FROM bookings WHERE status = 'booked'`); n != 1 {
			t.Errorf("got %d live bookings, want 1", n)
		}
	})
}
