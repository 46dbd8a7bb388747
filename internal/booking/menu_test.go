// This file holds the desk's tests at a menu salon: the offer read from the words, anyone, the
// span a colour keeps its stylist, and the state bound to its service.

package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/wish"
)

// pence is a price in minor units.
func pence(n int64) *int64 { return &n }

// menuNine is Studio Nine with its menu: a cut (45 min, £45.00), a colour (90 min and 30 of
// processing, £80.00) and a beard trim (15 min, £15.00); Ana does everything Tuesday to Thursday,
// Ben cuts and trims Tuesday to Saturday, Chloé does everything Friday and Saturday.
func menuNine() salon.Settings {
	day := []salon.Interval{{Start: 9 * 60, End: 17*60 + 30}}
	weekdays := func(days ...time.Weekday) salon.Hours {
		h := salon.Hours{}
		for _, d := range days {
			h[d] = day
		}
		return h
	}
	return salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: weekdays(time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday), HorizonDays: 14,
		Currency: "GBP",
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45, Price: pence(4500)},
			{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30, Price: pence(8000)},
			{ID: "trim", Name: "Beard trim", Minutes: 15, Price: pence(1500)},
		},
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: []string{"cut", "colour", "trim"}, Hours: weekdays(time.Tuesday, time.Wednesday, time.Thursday)},
			{ID: "ben", Name: "Ben", Services: []string{"cut", "trim"}},
			{ID: "chloe", Name: "Chloé", Services: []string{"cut", "colour", "trim"}, Hours: weekdays(time.Friday, time.Saturday)},
		},
		GridMinutes: 15, MinNoticeMinutes: 60, ChangeCutoffHours: 24,
	}
}

// putMenu registers the menu salon through the desk, as the owner does.
func (s *atSalon) putMenu(t *testing.T, set salon.Settings) {
	t.Helper()
	if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
		t.Fatalf("putting the menu salon: %v", err)
	}
}

// openFor is the open times for service with stylist ("" for anyone) from now, by id.
func (s *atSalon) openFor(t *testing.T, service, stylist string) []string {
	t.Helper()
	got, err := s.desk.Availability(context.Background(), "studio-nine", salon.Ask{Service: service, Stylist: stylist})
	if err != nil {
		t.Fatalf("availability of %s with %q: %v", service, stylist, err)
	}
	ids := make([]string, len(got.Times))
	for i, o := range got.Times {
		ids[i] = o.ID
	}
	return ids
}

func menuRequest(words, service, stylist string, slots []string) booking.Request {
	c := &salon.Choice{Service: service, Stylist: stylist}
	return booking.Request{Salon: "studio-nine", Choice: c, Booking: step.Request{
		Message: words, OpenSlots: slots, Customer: &salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"},
	}}
}

func TestAColourOnFridayAfternoonIsOfferedFridayAfternoon(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	// Friday 4 December at noon: with an hour's notice, Friday afternoon's first colour is at 13:00.
	asked, err := s.desk.Book(context.Background(), menuRequest("A colour on Friday afternoon please", "colour", "", s.openFor(t, "colour", "")))
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: got %+v, %v; want a question", asked, err)
	}
	want := []string{"2026-12-04T13:00:00Z", "2026-12-04T13:15:00Z"}
	if got := asked.Question.Times; !equalStrings(got, want) || asked.Question.Message != step.AskWhichTime {
		t.Errorf("offered %q asking %q, want %q asking %q", got, asked.Question.Message, want, step.AskWhichTime)
	}
}

func TestWordsThatMatchNothingOpenGetTheEarliestAndAreToldSo(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	asked, err := s.desk.Book(context.Background(), menuRequest("Sunday?", "cut", "", s.openFor(t, "cut", "")))
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: got %+v, %v; want a question", asked, err)
	}
	want := []string{"2026-12-04T13:00:00Z", "2026-12-04T13:15:00Z"}
	if got := asked.Question.Times; !equalStrings(got, want) || asked.Question.Message != wish.AskNothingThen {
		t.Errorf("offered %q asking %q, want %q asking %q", got, asked.Question.Message, want, wish.AskNothingThen)
	}
}

func TestAnyoneBooksTheFirstFreeStylistAndAColourKeepsThemForItsSpan(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	r := menuRequest("Saturday morning", "colour", "", s.openFor(t, "colour", ""))
	asked, err := s.desk.Book(context.Background(), r)
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: got %+v, %v; want a question", asked, err)
	}
	first := asked.Question.Times[0]
	if first != "2026-12-05T09:00:00Z" {
		t.Fatalf("offered %q first, want Saturday 09:00", first)
	}
	done := s.roundTwo(t, r, asked.State, accepting(first))
	id := done.Outcome.(step.Booked).Booking
	want := step.Booked{Slot: first, Say: "Colour with Chloé, Saturday 5 December, 09:00, is yours.", Booking: id, Service: "colour", Stylist: "chloe",
		Manage: s.desk.Keys.ManageKey("studio-nine", id)}
	if done.Outcome != want {
		t.Fatalf("round two: got %+v, want %+v", done.Outcome, want)
	}
	// The colour keeps Chloé from 09:00 to 11:00: her cuts start again at 11:00; Ben's don't move.
	chloe := s.openFor(t, "cut", "chloe")
	if n := indexOf(chloe, "2026-12-05T10:45:00Z"); n >= 0 {
		t.Errorf("Chloé's cuts include Saturday 10:45, inside her colour's processing: %q", chloe[:min(len(chloe), 8)])
	}
	if indexOf(chloe, "2026-12-05T11:00:00Z") < 0 {
		t.Errorf("Chloé's cuts lack Saturday 11:00, when her colour's span ends")
	}
	if indexOf(s.openFor(t, "cut", "ben"), "2026-12-05T09:00:00Z") < 0 {
		t.Errorf("Ben's cuts lack Saturday 09:00: Chloé's colour blocked him too")
	}
	// With Chloé kept, anyone's next Saturday 09:00 colour has no stylist: Ben doesn't do colour.
	if indexOf(s.openFor(t, "colour", ""), "2026-12-05T09:00:00Z") >= 0 {
		t.Errorf("Saturday 09:00 is still open for a colour with anyone, though its one colourist is booked")
	}
}

func TestAStateForACutIsRefusedForAColour(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	cut := menuRequest("A cut?", "cut", "ben", s.openFor(t, "cut", "ben"))
	asked, err := s.desk.Book(context.Background(), cut)
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: got %+v, %v; want a question", asked, err)
	}
	for _, other := range []*salon.Choice{{Service: "colour", Stylist: "chloe"}, {Service: "cut", Stylist: "chloe"}, {Service: "cut"}} {
		r := cut
		r.Choice = other
		r.RequestState, r.InputResponses = &asked.State, []byte(accepting(asked.Question.Times[0]))
		if _, err := s.desk.Book(context.Background(), r); !errors.Is(err, requeststate.ErrAnotherRequest) {
			t.Errorf("round two as %+v: got %v, want %q", *other, err, requeststate.ErrAnotherRequest)
		}
	}
}

func TestTheMenuRefusesWhatItCantBook(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	for _, c := range []struct {
		service, stylist, want string
	}{
		{"", "", "arguments.service is required at this salon"},
		{"perm", "", "studio-nine offers no service perm"},
		{"cut", "zoe", "studio-nine has no stylist zoe"},
		{"colour", "ben", "Ben doesn't do Colour"},
	} {
		_, err := s.desk.Book(context.Background(), menuRequest("A cut?", c.service, c.stylist, nil))
		if err == nil || err.Error() != c.want {
			t.Errorf("service %q stylist %q: got %v, want %q", c.service, c.stylist, err, c.want)
		}
	}
}

func TestTwoHoldsForOverlappingSpansOfOneStylistBookOne(t *testing.T) {
	s := openSalon(t, nil)
	s.putMenu(t, menuNine())
	colour := menuRequest("Saturday", "colour", "chloe", []string{"2026-12-05T10:00:00Z"})
	cut := menuRequest("Saturday", "cut", "chloe", []string{"2026-12-05T11:30:00Z"})
	a, err := s.desk.Book(context.Background(), colour)
	if err != nil || a.Question == nil {
		t.Fatalf("round one of the colour: %+v, %v", a, err)
	}
	b, err := s.desk.Book(context.Background(), cut)
	if err != nil || b.Question == nil {
		t.Fatalf("round one of the cut: %+v, %v", b, err)
	}
	if _, ok := s.roundTwo(t, colour, a.State, accepting("2026-12-05T10:00:00Z")).Outcome.(step.Booked); !ok {
		t.Fatal("the colour at 10:00 was not booked")
	}
	// The colour keeps Chloé until 12:00, so a cut at 11:30 is taken meanwhile.
	got := s.roundTwo(t, cut, b.State, accepting("2026-12-05T11:30:00Z")).Outcome
	if nb, ok := got.(step.NotBooked); !ok || !strings.Contains(nb.Say, "was taken meanwhile") {
		t.Errorf("the overlapping cut: got %+v, want taken meanwhile", got)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
