// This file holds the tests of the owner's side of a menu salon: the list's new fields and fits, moving a booking, pages, and what a menu salon refuses.

package booking_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/step"
)

// dec5 is Saturday 5 December 2026, the day after friday, at midnight in London (UTC in winter).
var dec5 = time.Date(2026, time.December, 5, 0, 0, 0, 0, time.UTC)

// sat is the instant of the wall clock hh:mm on dec5.
func sat(hour, minute int) time.Time { return dec5.Add(time.Duration(hour*60+minute) * time.Minute) }

// teamNine is a menu salon in London open Tuesday to Saturday 09:00 to 17:30: a cut (45 minutes)
// and a colour (90 and 30 of processing); Ana does both every day the salon opens, Ben only cuts.
func teamNine() salon.Settings {
	day := []salon.Interval{{Start: 9 * 60, End: 17*60 + 30}}
	return salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: salon.Hours{time.Tuesday: day, time.Wednesday: day, time.Thursday: day, time.Friday: day, time.Saturday: day},
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45},
			{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30},
		},
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: []string{"cut", "colour"}},
			{ID: "ben", Name: "Ben", Services: []string{"cut"}},
		},
	}
}

// putTeam puts set as the owner does, through the desk.
func (s *atSalon) putTeam(t *testing.T, set salon.Settings) {
	t.Helper()
	if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
		t.Fatalf("putting the salon: %v", err)
	}
}

// holdFor books service with stylist at start straight through the calendar, as round two would.
func (s *atSalon) holdFor(t *testing.T, id, service, stylist string, start time.Time) salon.Booking {
	t.Helper()
	v, _ := teamNine().Service(service)
	h := &salon.Hold{ID: id, Salon: "studio-nine", Slot: start.Format(time.RFC3339), Start: start,
		Customer: salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, Words: "A " + service,
		Service: service, Minutes: v.Minutes, AfterMinutes: v.AfterMinutes, Stylists: []string{stylist}}
	out, err := s.db.Spend(context.Background(), sha256.Sum256([]byte(t.Name()+id)), friday.Add(time.Minute), h, friday)
	if err != nil || out.Booking == nil {
		t.Fatalf("booking %s: got %+v, %v", id, out, err)
	}
	return *out.Booking
}

// listAll is the salon's bookings from friday to a year after it, by id.
func (s *atSalon) listAll(t *testing.T) map[string]booking.Listed {
	t.Helper()
	page, err := s.desk.Bookings(context.Background(), "studio-nine", friday, friday.AddDate(1, 0, 0), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]booking.Listed{}
	for _, b := range page.Bookings {
		out[b.ID] = b
	}
	return out
}

// wantRefused fails unless err is a refusal of kind with exactly reason.
func wantRefused(t *testing.T, err error, kind refusal.Kind, reason string) {
	t.Helper()
	r, ok := refusal.As(err)
	if !ok || r.Kind != kind || r.Reason != reason {
		t.Errorf("got %v, want the %v refusal %q", err, kind, reason)
	}
}

func TestTheOwnersListAtAMenuSalonNamesTheServiceAndStylistAndSaysWhatFits(t *testing.T) {
	s := openSalon(t, nil)
	s.putTeam(t, teamNine())
	s.holdFor(t, "ana-cut", "cut", "ana", sat(10, 0))
	s.holdFor(t, "ben-cut", "cut", "ben", sat(10, 0))
	s.holdFor(t, "soon", "cut", "ben", friday.Add(30*time.Minute)) // inside the notice
	s.holdFor(t, "gone", "colour", "ana", sat(13, 0))
	if _, err := s.desk.Cancel(context.Background(), "studio-nine", "gone", true); err != nil {
		t.Fatal(err)
	}
	// Across London's spring change: 00:30 UTC, ninety minutes, ends at 03:00 summer time.
	s.holdFor(t, "spring", "colour", "ana", time.Date(2027, time.March, 28, 0, 30, 0, 0, time.UTC))

	got := s.listAll(t)
	want := map[string]booking.ListedMenu{
		"ana-cut": {ServiceName: "Cut", StylistName: "Ana", Ends: "2026-12-05T10:45:00Z", Fits: true},
		"ben-cut": {ServiceName: "Cut", StylistName: "Ben", Ends: "2026-12-05T10:45:00Z", Fits: true},
		"soon":    {ServiceName: "Cut", StylistName: "Ben", Ends: "2026-12-04T13:15:00Z", Fits: true},
		"gone":    {ServiceName: "Colour", StylistName: "Ana", Ends: "2026-12-05T14:30:00Z", Fits: true},
		// Sunday isn't a day the salon opens: the booking doesn't fit, however far off it is.
		"spring": {ServiceName: "Colour", StylistName: "Ana", Ends: "2027-03-28T03:00:00+01:00", Fits: false},
	}
	for id, w := range want {
		if b, ok := got[id]; !ok || b.Menu == nil || *b.Menu != w {
			t.Errorf("%s: got %+v, want %+v", id, got[id].Menu, w)
		}
	}

	// The owner changes the settings: Ana no longer works Saturdays, and a closure covers Ben's
	// cut. Each live booking that no longer fits says so; the cancelled one fits whatever happens.
	set := teamNine()
	set.Stylists[0].Hours = salon.Hours{time.Friday: set.Hours[time.Friday]}
	set.Closures = []salon.Closure{{From: sat(10, 30), To: sat(11, 0), Stylist: "ben"}}
	s.putTeam(t, set)
	got = s.listAll(t)
	for id, fits := range map[string]bool{"ana-cut": false, "ben-cut": false, "soon": true, "gone": true} {
		if got[id].Menu.Fits != fits {
			t.Errorf("%s after the change: got fits %v, want %v", id, got[id].Menu.Fits, fits)
		}
	}

	// A service or stylist gone from the settings is named by its id, and doesn't fit.
	set = teamNine()
	set.Stylists = set.Stylists[1:]
	s.putTeam(t, set)
	if m := s.listAll(t)["ana-cut"].Menu; m.StylistName != "ana" || m.Fits {
		t.Errorf("a stylist gone from the team: got %+v, want named ana and not fitting", m)
	}
}

func TestTheOwnersListAtASimpleSalonHasNoMenuFields(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "studio-nine", salon.Hours{time.Saturday: {{Start: 9 * 60, End: 17 * 60}}})
	open := s.open(t, "studio-nine")
	r, asked := s.roundOne(t, "studio-nine", salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, "A cut?", open)
	s.roundTwo(t, r, asked.State, accepting(asked.Question.Times[0]))
	page, err := s.desk.Bookings(context.Background(), "studio-nine", time.Time{}, time.Time{}, 0, nil)
	if err != nil || len(page.Bookings) != 1 {
		t.Fatalf("got %+v, %v, want one booking", page, err)
	}
	if m := page.Bookings[0].Menu; m != nil {
		t.Errorf("got the menu's fields %+v at a simple salon, want none", m)
	}
}

func TestTheOwnerMovesABookingAtAMenuSalon(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) *atSalon {
		s := openSalon(t, nil)
		set := teamNine()
		set.Closures = []salon.Closure{{From: sat(14, 0), To: sat(15, 0), Stylist: "ana"}}
		s.putTeam(t, set)
		s.holdFor(t, "cut", "cut", "ana", sat(10, 0))
		s.holdFor(t, "colour", "colour", "ana", sat(12, 0)) // keeps Ana 12:00 to 14:00
		return s
	}

	t.Run("the booking keeps its id and its old time opens again", func(t *testing.T) {
		s := setup(t)
		if slices.Contains(s.anaOpen(t), "2026-12-05T10:00:00Z") {
			t.Fatal("10:00 is open for Ana before the move")
		}
		got, err := s.desk.Move(ctx, "studio-nine", "cut", "2026-12-05T11:00:00Z", "")
		if err != nil {
			t.Fatal(err)
		}
		want := booking.ListedMenu{ServiceName: "Cut", StylistName: "Ana", Ends: "2026-12-05T11:45:00Z", Fits: true}
		if got.ID != "cut" || got.Slot != "2026-12-05T11:00:00Z" || got.Label != "Saturday 5 December, 11:00" ||
			got.Stylist != "ana" || got.Menu == nil || *got.Menu != want {
			t.Errorf("got %+v %+v, want cut at 11:00 with Ana, %+v", got, got.Menu, want)
		}
		open := s.anaOpen(t)
		if !slices.Contains(open, "2026-12-05T10:00:00Z") || slices.Contains(open, "2026-12-05T11:00:00Z") {
			t.Errorf("Ana's open times after the move: got %q, want 10:00 open and 11:00 not", open)
		}
	})

	t.Run("to another stylist", func(t *testing.T) {
		s := setup(t)
		got, err := s.desk.Move(ctx, "studio-nine", "cut", "2026-12-05T10:00:00Z", "ben")
		if err != nil || got.Stylist != "ben" || got.Menu.StylistName != "Ben" {
			t.Fatalf("got %+v, %v, want the cut with Ben", got, err)
		}
		if !slices.Contains(s.anaOpen(t), "2026-12-05T10:00:00Z") {
			t.Error("10:00 isn't open for Ana once her cut went to Ben")
		}
	})

	t.Run("within the notice, which binds customers and not the owner", func(t *testing.T) {
		s := setup(t)
		if _, err := s.desk.Move(ctx, "studio-nine", "cut", "2026-12-04T12:30:00Z", ""); err != nil {
			t.Errorf("got %v, want moved to half an hour from now", err)
		}
	})

	for _, tc := range []struct {
		name, booking, slot, stylist string
		kind                         refusal.Kind
		reason                       string
	}{
		{"a stylist who doesn't do the service", "colour", "2026-12-05T15:00:00Z", "ben", refusal.Invalid, "Ben doesn't do Colour"},
		{"a stylist not on the team", "cut", "2026-12-05T15:00:00Z", "zoe", refusal.Invalid, "studio-nine has no stylist zoe"},
		{"a span that overlaps another booking of the stylist", "cut", "2026-12-05T11:30:00Z", "", refusal.Conflict, "Saturday 5 December, 11:30 is taken for Ana"},
		{"a closure of the stylist", "cut", "2026-12-05T14:15:00Z", "", refusal.Conflict, "Saturday 5 December, 14:15 is closed for Ana"},
		{"a start off the grid", "cut", "2026-12-05T10:05:00Z", "", refusal.NotFound, "there is no slot 2026-12-05T10:05:00Z"},
		{"a start after the salon closes", "cut", "2026-12-05T17:00:00Z", "", refusal.NotFound, "there is no slot 2026-12-05T17:00:00Z"},
		{"a day the salon is closed", "cut", "2026-12-06T10:00:00Z", "", refusal.NotFound, "there is no slot 2026-12-06T10:00:00Z"},
		{"a start that has passed", "cut", "2026-12-04T11:00:00Z", "", refusal.NotFound, "there is no slot 2026-12-04T11:00:00Z"},
		{"a start past the horizon", "cut", "2026-12-19T10:00:00Z", "", refusal.NotFound, "there is no slot 2026-12-19T10:00:00Z"},
		{"a slot written in another offset", "cut", "2026-12-05T11:00:00+00:00", "", refusal.NotFound, "there is no slot 2026-12-05T11:00:00+00:00"},
		{"an unknown booking", "nobody", "2026-12-05T15:00:00Z", "", refusal.NotFound, "there is no booking nobody"},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			s := setup(t)
			_, err := s.desk.Move(ctx, "studio-nine", tc.booking, tc.slot, tc.stylist)
			wantRefused(t, err, tc.kind, tc.reason)
			if b := s.listAll(t)["cut"]; b.Slot != "2026-12-05T10:00:00Z" || b.Stylist != "ana" {
				t.Errorf("the cut after a refused move: got %s with %s, want it where it was", b.Slot, b.Stylist)
			}
		})
	}

	t.Run("a cancelled booking is refused", func(t *testing.T) {
		s := setup(t)
		if _, err := s.desk.Cancel(ctx, "studio-nine", "cut", true); err != nil {
			t.Fatal(err)
		}
		_, err := s.desk.Move(ctx, "studio-nine", "cut", "2026-12-05T15:00:00Z", "")
		wantRefused(t, err, refusal.Conflict, "booking cut is cancelled")
	})
}

// anaOpen is the open times of a cut with Ana on dec5, by id.
func (s *atSalon) anaOpen(t *testing.T) []string {
	t.Helper()
	got, err := s.desk.Availability(context.Background(), "studio-nine", salon.Ask{Service: "cut", Stylist: "ana", From: dec5, Days: 1})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range got.Times {
		ids = append(ids, o.ID)
	}
	return ids
}

func TestTheOwnerMovesABookingAtASimpleSalon(t *testing.T) {
	ctx := context.Background()
	s := openSalon(t, nil)
	s.put(t, "studio-nine", salon.Hours{time.Saturday: {{Start: 9 * 60, End: 17 * 60}}})
	book := func(slot string) string {
		r, asked := s.roundOne(t, "studio-nine", salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}, "A cut?", []string{slot})
		done := s.roundTwo(t, r, asked.State, accepting(slot))
		b, ok := bookedRef(done)
		if !ok {
			t.Fatalf("booking %s: got %+v", slot, done)
		}
		return b
	}
	first := book("2026-12-05T09:00:00Z")
	book("2026-12-05T10:00:00Z")
	if _, err := s.desk.CloseSlot(ctx, "studio-nine", "2026-12-05T11:00:00Z"); err != nil {
		t.Fatal(err)
	}
	_, err := s.desk.Move(ctx, "studio-nine", first, "2026-12-05T12:00:00Z", "ana")
	wantRefused(t, err, refusal.Invalid, "studio-nine has no stylist ana")
	_, err = s.desk.Move(ctx, "studio-nine", first, "2026-12-05T10:00:00Z", "")
	wantRefused(t, err, refusal.Conflict, "Saturday 5 December, 10:00 is taken")
	_, err = s.desk.Move(ctx, "studio-nine", first, "2026-12-05T11:00:00Z", "")
	wantRefused(t, err, refusal.Conflict, "Saturday 5 December, 11:00 is closed")
	_, err = s.desk.Move(ctx, "studio-nine", first, "2026-12-05T12:30:00Z", "")
	wantRefused(t, err, refusal.NotFound, "there is no slot 2026-12-05T12:30:00Z")

	got, err := s.desk.Move(ctx, "studio-nine", first, "2026-12-05T12:00:00Z", "")
	if err != nil || got.ID != first || got.Slot != "2026-12-05T12:00:00Z" || got.Menu != nil {
		t.Fatalf("got %+v, %v, want %s moved to 12:00, with no menu fields", got, err, first)
	}
	open := s.open(t, "studio-nine")
	if !slices.Contains(open, "2026-12-05T09:00:00Z") || slices.Contains(open, "2026-12-05T12:00:00Z") {
		t.Errorf("open slots after the move: got %q, want 09:00 open and 12:00 not", open)
	}
}

// bookedRef is the reference of the booking a round two made.
func bookedRef(r booking.Result) (string, bool) {
	b, ok := r.Outcome.(step.Booked)
	return b.Booking, ok && b.Booking != ""
}

func TestAMenuSalonClosesTimeWithClosuresNotSlots(t *testing.T) {
	s := openSalon(t, nil)
	s.putTeam(t, teamNine())
	for name, call := range map[string]func(context.Context, string, string) (booking.View, error){
		"close": s.desk.CloseSlot, "open": s.desk.OpenSlot,
	} {
		_, err := call(context.Background(), "studio-nine", "2026-12-05T10:00:00Z")
		wantRefused(t, err, refusal.Conflict, "studio-nine closes time with closures in its settings")
		if t.Failed() {
			t.Logf("(%s)", name)
		}
	}
}

func TestAvailabilityRefusesASimpleSalonAndAMissingService(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "simple", salon.Hours{time.Saturday: {{Start: 9 * 60, End: 17 * 60}}})
	s.putTeam(t, teamNine())
	_, err := s.desk.Availability(context.Background(), "simple", salon.Ask{Service: "cut"})
	wantRefused(t, err, refusal.Invalid, "simple has no menu of services")
	_, err = s.desk.Availability(context.Background(), "studio-nine", salon.Ask{})
	wantRefused(t, err, refusal.Invalid, "service is required at this salon")
}

func TestTheOwnersListComesInPages(t *testing.T) {
	s := openSalon(t, nil)
	s.putTeam(t, teamNine())
	const n = 205
	for i := range n {
		s.holdFor(t, fmt.Sprintf("b%03d", i), "cut", "ana", friday.Add(time.Duration(i+1)*time.Hour))
	}
	ctx, from, to := context.Background(), friday, friday.AddDate(0, 0, 30)
	first, err := s.desk.Bookings(ctx, "studio-nine", from, to, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Bookings) != booking.DefaultPageLimit || first.Next == nil || first.Next.ID != "b199" {
		t.Fatalf("the first page: got %d bookings and next %+v, want %d and next after b199", len(first.Bookings), first.Next, booking.DefaultPageLimit)
	}
	second, err := s.desk.Bookings(ctx, "studio-nine", from, to, 0, first.Next)
	if err != nil || len(second.Bookings) != n-booking.DefaultPageLimit || second.Next != nil || second.Bookings[0].ID != "b200" {
		t.Fatalf("the second page: got %d bookings from %s and next %+v, %v; want %d from b200 and no next",
			len(second.Bookings), second.Bookings[0].ID, second.Next, err, n-booking.DefaultPageLimit)
	}
	exact, err := s.desk.Bookings(ctx, "studio-nine", from, to, n, nil)
	if err != nil || len(exact.Bookings) != n || exact.Next != nil {
		t.Errorf("a page that holds them all exactly: got %d and next %+v, %v; want %d and no next", len(exact.Bookings), exact.Next, err, n)
	}
	if _, err := s.desk.Bookings(ctx, "elsewhere", from, to, 0, nil); !errors.Is(err, salon.NoSalon("elsewhere")) {
		t.Errorf("an unknown salon: got %v, want NoSalon", err)
	}
}
