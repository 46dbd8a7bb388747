// This file holds what the calendar tests share: a desk over a real SQLite calendar, its clock, its records, and both rounds.

package booking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/store"
	"salon/internal/storetest"
)

// friday is when the calendar tests stand: Friday 4 December 2026, noon in London.
var friday = time.Date(2026, time.December, 4, 12, 0, 0, 0, time.UTC)

// atSalon is a desk over a real SQLite calendar and what it handed on: round two's records.
type atSalon struct {
	desk *booking.Desk
	db   *store.Store

	mu      sync.Mutex
	records [][]booking.Record // each round two's, in order
}

// openSalon is a desk over a fresh SQLite calendar in a temporary file, standing at friday and asking offerer (nil: the default).
func openSalon(t *testing.T, offerer booking.Offerer) *atSalon {
	t.Helper()
	s := openSalonAt(t, storetest.SQLite(t))
	s.desk.Offerer = offerer
	return s
}

// openSalonAt is a desk over the calendar at url, standing at friday and asking the default offerer.
func openSalonAt(t testing.TB, url string) *atSalon {
	t.Helper()
	db, err := store.Open(context.Background(), url, func() time.Time { return friday })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	keys, err := requeststate.NewKeys(make([]byte, requeststate.MinKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	s := &atSalon{db: db}
	var mu sync.Mutex
	n := 0
	next := func() int { mu.Lock(); defer mu.Unlock(); n++; return n }
	s.desk = &booking.Desk{
		Keys: &keys, Life: 2 * time.Minute, Now: func() time.Time { return friday },
		Calendar: db, Access: db, Tell: db, MyCalendar: db, Amend: db,
		Nonce:     func() requeststate.Nonce { return requeststate.Nonce{byte(next()), byte(next() >> 8)} },
		BookingID: func() string { return fmt.Sprintf("booking-%d", next()) },
		Observe: func(r []booking.Record) {
			s.mu.Lock()
			s.records = append(s.records, r)
			s.mu.Unlock()
		},
	}
	return s
}

// put registers a salon in London with the hours given, 60-minute slots over 7 days and the sheet given.
func (s *atSalon) put(t *testing.T, id string, hours salon.Hours, prices ...salon.Price) {
	t.Helper()
	set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Prices: prices, Hours: hours, SlotMinutes: 60, HorizonDays: 7}
	if err := s.db.PutSalon(context.Background(), id, set); err != nil {
		t.Fatal(err)
	}
}

// open is the salon's open slot ids now, earliest first.
func (s *atSalon) open(t *testing.T, id string) []string {
	t.Helper()
	v, err := s.desk.Salon(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(v.Open))
	for i, slot := range v.Open {
		ids[i] = slot.ID
	}
	return ids
}

// roundOne asks for customer with words and slots, wanting a question.
func (s *atSalon) roundOne(t *testing.T, id string, customer salon.Customer, words string, slots []string) (booking.Request, booking.Result) {
	t.Helper()
	r := booking.Request{Salon: id, Booking: step.Request{Message: words, OpenSlots: slots, Customer: &customer}}
	res, err := s.desk.Book(context.Background(), r)
	if err != nil || res.Question == nil {
		t.Fatalf("round one for %s: got %+v, %v; want a question", customer.Name, res, err)
	}
	return r, res
}

// roundTwo sends answers with the state round one issued.
func (s *atSalon) roundTwo(t *testing.T, r booking.Request, state, answers string) booking.Result {
	t.Helper()
	r.RequestState, r.InputResponses = &state, []byte(answers)
	res, err := s.desk.Book(context.Background(), r)
	if err != nil {
		t.Fatalf("round two: %v", err)
	}
	return res
}

func accepting(slot string) string {
	return `{"time":{"action":"accept","content":{"time":` + mustJSON(slot) + `}}}`
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// latest is the records of the latest round two.
func (s *atSalon) latest(t *testing.T) []booking.Record {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.records) == 0 {
		t.Fatal("no round two handed on its records")
	}
	return s.records[len(s.records)-1]
}
