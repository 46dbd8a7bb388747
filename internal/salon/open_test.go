// This file holds the examples of a menu salon's open times, one rule at a time, and of StartFits and FirstFree.

package salon_test

import (
	"iter"
	"slices"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
)

var (
	cut    = salon.Service{ID: "cut", Name: "Cut", Minutes: 45}
	colour = salon.Service{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30}
	long   = salon.Service{ID: "long", Name: "Long colour", Minutes: 120}
)

// menuSalon is a salon in zoneName open by hours, with the services, and Ana and Ben, who do all
// of them in the salon's hours; a 15-minute grid, no notice, and a horizon of today and tomorrow.
func menuSalon(t *testing.T, zoneName string, hours map[string][][]string, services ...salon.Service) salon.Settings {
	t.Helper()
	h, err := salon.ParseHours(hours)
	if err != nil {
		t.Fatalf("ParseHours(%v): got %q, want hours", hours, err)
	}
	var ids []string
	for _, v := range services {
		ids = append(ids, v.ID)
	}
	s := salon.Settings{
		Name: "Studio Nine", TimeZone: zoneName, Phone: "+44 20 7946 0000", Hours: h, HorizonDays: 2,
		Services: services,
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: ids},
			{ID: "ben", Name: "Ben", Services: ids},
		},
		GridMinutes: 15, ChangeCutoffHours: 24,
	}
	mustCheck(t, s)
	return s
}

func mustCheck(t *testing.T, s salon.Settings) {
	t.Helper()
	if err := s.Check(time.LoadLocation); err != nil {
		t.Fatalf("Check: got %q, want the test's settings to pass", err)
	}
}

// openList asks s for open times and writes each as its id and its stylists.
func openList(t *testing.T, s salon.Settings, now string, ask salon.Ask, booked ...salon.Span) (list []string, more bool) {
	t.Helper()
	if ask.Limit == 0 {
		ask.Limit = 500
	}
	times, more := salon.OpenTimes(s, zone(t, s.TimeZone), instant(t, now), ask, slices.Values(booked))
	for _, o := range times {
		list = append(list, o.ID+" "+strings.Join(o.Stylists, ","))
	}
	return list, more
}

func wantOpen(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("got open times\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func booking(t *testing.T, stylist, start string, v salon.Service) salon.Span {
	t.Helper()
	return salon.Span{Stylist: stylist, Start: instant(t, start), Minutes: v.Minutes, AfterMinutes: v.AfterMinutes}
}

// Tuesday 1 December 2026 is in London's winter, so its wall clock reads as UTC.
const mondayNoon = "2026-11-30T12:00:00Z"

func TestOpenTimesGridFromEachIntervalsStart(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:10", "10:30"}, {"13:00", "14:00"}}}, cut)
	got, more := openList(t, s, mondayNoon, salon.Ask{Service: "cut", Days: 2})
	wantOpen(t, got,
		"2026-12-01T09:10:00Z ana,ben", "2026-12-01T09:25:00Z ana,ben", "2026-12-01T09:40:00Z ana,ben",
		"2026-12-01T13:00:00Z ana,ben", "2026-12-01T13:15:00Z ana,ben")
	if more {
		t.Errorf("got more, want none left out")
	}
}

func TestOpenTimesProcessingNeedNotFitTheHours(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "12:00"}}}, colour)
	s.GridMinutes = 30
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "colour", Stylist: "ana"})
	wantOpen(t, got, "2026-12-01T09:00:00Z ana", "2026-12-01T09:30:00Z ana", "2026-12-01T10:00:00Z ana", "2026-12-01T10:30:00Z ana")
}

func TestOpenTimesABookingKeepsOnlyItsStylist(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "13:00"}}}, cut, colour)
	// Ana's colour at 10:00 keeps her until 12:00: 90 minutes and 30 of processing.
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "cut"}, booking(t, "ana", "2026-12-01T10:00:00Z", colour))
	want := []string{"2026-12-01T09:00:00Z ana,ben", "2026-12-01T09:15:00Z ana,ben"}
	for _, at := range []string{"09:30", "09:45", "10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45"} {
		want = append(want, "2026-12-01T"+at+":00Z ben")
	}
	want = append(want, "2026-12-01T12:00:00Z ana,ben", "2026-12-01T12:15:00Z ana,ben")
	wantOpen(t, got, want...)
}

func TestOpenTimesTheAskedServicesProcessingMustBeFree(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "13:00"}}}, cut, colour)
	// A colour keeps Ana 120 minutes, so it must end its processing by her cut at 12:00.
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "colour", Stylist: "ana"}, booking(t, "ana", "2026-12-01T12:00:00Z", cut))
	wantOpen(t, got, "2026-12-01T09:00:00Z ana", "2026-12-01T09:15:00Z ana", "2026-12-01T09:30:00Z ana",
		"2026-12-01T09:45:00Z ana", "2026-12-01T10:00:00Z ana")
}

func TestOpenTimesBookingsOutOfOrderForOneStylistStillKeepThem(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "11:00"}}}, cut)
	s.GridMinutes = 60
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "cut", Stylist: "ana"},
		booking(t, "ana", "2026-12-01T10:00:00Z", cut), booking(t, "ana", "2026-12-01T09:00:00Z", cut))
	wantOpen(t, got)
}

func TestOpenTimesClosures(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "13:00"}}}, cut, colour)
	s.GridMinutes = 30
	s.Closures = []salon.Closure{
		{From: instant(t, "2026-12-01T11:00:00Z"), To: instant(t, "2026-12-01T11:30:00Z"), Note: "staff meeting"},
		{From: instant(t, "2026-12-01T09:00:00Z"), To: instant(t, "2026-12-01T10:00:00Z"), Stylist: "ana"},
	}
	mustCheck(t, s)
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "cut"})
	wantOpen(t, got, "2026-12-01T09:00:00Z ben", "2026-12-01T09:30:00Z ben",
		"2026-12-01T10:00:00Z ana,ben", // [10:00, 10:45) ends before the meeting
		"2026-12-01T11:30:00Z ana,ben", "2026-12-01T12:00:00Z ana,ben")
	// A closure keeps the service out, not its processing: a colour at 09:30 ends at 11:00, and
	// its processing runs on into the meeting.
	got, _ = openList(t, s, mondayNoon, salon.Ask{Service: "colour", Stylist: "ben"})
	wantOpen(t, got, "2026-12-01T09:00:00Z ben", "2026-12-01T09:30:00Z ben", "2026-12-01T11:30:00Z ben")
}

func TestOpenTimesMinimumNotice(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "11:00"}}}, cut)
	s.MinNoticeMinutes = 60
	tests := []struct {
		now  string
		want string // the first open start
	}{
		{"2026-12-01T09:10:00Z", "2026-12-01T10:15:00Z"},
		{"2026-12-01T09:00:00Z", "2026-12-01T10:00:00Z"},     // at least the notice after now: exactly it is open
		{"2026-12-01T09:00:00.5Z", "2026-12-01T10:15:00Z"},   // half a second too soon for 10:00
		{"2026-12-01T08:59:59.999Z", "2026-12-01T10:00:00Z"}, // just in time
	}
	for _, tt := range tests {
		got, _ := openList(t, s, tt.now, salon.Ask{Service: "cut", Stylist: "ana", Limit: 1})
		wantOpen(t, got, tt.want+" ana")
	}
	s.MinNoticeMinutes = 0
	got, _ := openList(t, s, "2026-12-01T09:00:00Z", salon.Ask{Service: "cut", Stylist: "ana", Limit: 1})
	wantOpen(t, got, "2026-12-01T09:00:00Z ana") // no notice: a start at now is open
}

func TestOpenTimesWindowAndHorizon(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{
		"mon": {{"09:00", "10:00"}}, "tue": {{"09:00", "10:00"}}, "wed": {{"09:00", "10:00"}},
	}, cut)
	s.GridMinutes, s.HorizonDays = 15, 2
	ask := salon.Ask{Service: "cut", Stylist: "ben"}
	got, _ := openList(t, s, "2026-11-30T08:00:00Z", ask) // Monday and Tuesday
	wantOpen(t, got, "2026-11-30T09:00:00Z ben", "2026-11-30T09:15:00Z ben", "2026-12-01T09:00:00Z ben", "2026-12-01T09:15:00Z ben")

	ask.From = instant(t, "2026-11-30T09:10:00Z") // no start before From
	got, _ = openList(t, s, "2026-11-30T08:00:00Z", ask)
	wantOpen(t, got, "2026-11-30T09:15:00Z ben", "2026-12-01T09:00:00Z ben", "2026-12-01T09:15:00Z ben")

	ask.Days = 1 // Monday alone
	got, _ = openList(t, s, "2026-11-30T08:00:00Z", ask)
	wantOpen(t, got, "2026-11-30T09:15:00Z ben")

	ask.From, ask.Days = instant(t, "2026-12-01T23:00:00Z"), 7 // Wednesday is past the horizon
	got, _ = openList(t, s, "2026-11-30T08:00:00Z", ask)
	wantOpen(t, got)
}

func TestOpenTimesLimitAndMore(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "10:30"}}}, cut)
	for _, tt := range []struct {
		limit    int
		want     int
		wantMore bool
	}{{5, 4, false}, {4, 4, false}, {3, 3, true}, {1, 1, true}, {0, 0, false}, {-1, 0, false}} {
		times, more := salon.OpenTimes(s, zone(t, s.TimeZone), instant(t, mondayNoon), salon.Ask{Service: "cut", Limit: tt.limit}, nil)
		if len(times) != tt.want || more != tt.wantMore {
			t.Errorf("limit %d: got %d open times, more %v, want %d, more %v", tt.limit, len(times), more, tt.want, tt.wantMore)
		}
	}
}

func TestOpenTimesListNothingForWhatCantBeBooked(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "17:00"}}}, cut, colour)
	s.Stylists[1].Services = []string{"cut"}
	loc, now := zone(t, s.TimeZone), instant(t, mondayNoon)
	for _, tt := range []struct {
		name string
		s    salon.Settings
		ask  salon.Ask
	}{
		{"an unknown service", s, salon.Ask{Service: "perm", Limit: 10}},
		{"an unknown stylist", s, salon.Ask{Service: "cut", Stylist: "zoe", Limit: 10}},
		{"a stylist who doesn't do it", s, salon.Ask{Service: "colour", Stylist: "ben", Limit: 10}},
		{"a simple salon", studioNine(), salon.Ask{Service: "cut", Limit: 10}},
		{"a grid out of its bounds", func() salon.Settings { u := s; u.GridMinutes = 0; return u }(), salon.Ask{Service: "cut", Limit: 10}},
	} {
		if times, more := salon.OpenTimes(tt.s, loc, now, tt.ask, nil); times != nil || more {
			t.Errorf("%s: got %d open times, more %v, want none", tt.name, len(times), more)
		}
	}
	// Anyone, for a colour, is Ana alone.
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "colour", Limit: 1})
	wantOpen(t, got, "2026-12-01T09:00:00Z ana")
}

func TestOpenTimesStylistsOwnHours(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "10:00"}}}, cut)
	s.Stylists[0].Hours = salon.Hours{time.Tuesday: {{Start: 9*60 + 30, End: 11 * 60}}}
	s.Stylists = append(s.Stylists, salon.Stylist{ID: "chloe", Name: "Chloé", Services: []string{"cut"}, Hours: salon.Hours{}})
	mustCheck(t, s)
	s.GridMinutes = 30
	got, _ := openList(t, s, mondayNoon, salon.Ask{Service: "cut"})
	wantOpen(t, got, "2026-12-01T09:00:00Z ben", "2026-12-01T09:30:00Z ana", "2026-12-01T10:00:00Z ana")
}

// TestOpenTimesAcrossClockChanges: a 120-minute service at salons open through the night of a
// change, spring and autumn, in both hemispheres. The interval and the service are reckoned in
// instants, so a night that is an hour short fits fewer, and one an hour long fits more.
func TestOpenTimesAcrossClockChanges(t *testing.T) {
	tests := []struct {
		name, zone, now string
		hours           map[string][][]string
		grid            int
		want            []string
	}{
		{"London, spring: 01:00 to 02:00 doesn't happen", "Europe/London", "2026-03-28T12:00:00Z",
			map[string][][]string{"sun": {{"00:00", "04:00"}}}, 30,
			[]string{"2026-03-29T00:00:00Z", "2026-03-29T00:30:00Z", "2026-03-29T02:00:00+01:00"}},
		{"London, autumn: 01:00 to 02:00 happens twice", "Europe/London", "2026-10-24T12:00:00Z",
			map[string][][]string{"sun": {{"00:00", "03:00"}}}, 30,
			[]string{"2026-10-25T00:00:00+01:00", "2026-10-25T00:30:00+01:00", "2026-10-25T01:00:00+01:00", "2026-10-25T01:30:00+01:00"}},
		{"New York, spring", "America/New_York", "2026-03-07T12:00:00Z",
			map[string][][]string{"sun": {{"00:00", "04:00"}}}, 60,
			[]string{"2026-03-08T00:00:00-05:00", "2026-03-08T01:00:00-05:00"}},
		{"New York, autumn", "America/New_York", "2026-10-31T12:00:00Z",
			map[string][][]string{"sun": {{"00:00", "02:30"}}}, 30,
			[]string{"2026-11-01T00:00:00-04:00", "2026-11-01T00:30:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00"}},
		{"Sydney, spring", "Australia/Sydney", "2026-10-03T00:00:00Z",
			map[string][][]string{"sun": {{"01:00", "05:00"}}}, 30,
			[]string{"2026-10-04T01:00:00+10:00", "2026-10-04T01:30:00+10:00", "2026-10-04T03:00:00+11:00"}},
		{"Sydney, autumn", "Australia/Sydney", "2026-04-04T00:00:00Z",
			map[string][][]string{"sun": {{"01:00", "04:00"}}}, 30,
			[]string{"2026-04-05T01:00:00+11:00", "2026-04-05T01:30:00+11:00", "2026-04-05T02:00:00+11:00", "2026-04-05T02:30:00+11:00"}},
		{"Santiago, spring: Sunday's first hour doesn't happen", "America/Santiago", "2026-09-05T12:00:00Z",
			map[string][][]string{"sun": {{"00:00", "03:00"}}}, 30,
			[]string{"2026-09-06T01:00:00-03:00"}},
		{"Santiago, autumn: Saturday's last hour happens twice, and the interval ends at the first 23:30", "America/Santiago", "2026-04-03T12:00:00Z",
			map[string][][]string{"sat": {{"20:00", "23:30"}}}, 30,
			[]string{"2026-04-04T20:00:00-03:00", "2026-04-04T20:30:00-03:00", "2026-04-04T21:00:00-03:00", "2026-04-04T21:30:00-03:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := menuSalon(t, tt.zone, tt.hours, long)
			s.GridMinutes = tt.grid
			got, _ := openList(t, s, tt.now, salon.Ask{Service: "long", Stylist: "ana", Days: 2})
			var want []string
			for _, id := range tt.want {
				want = append(want, id+" ana")
			}
			wantOpen(t, got, want...)
			loc := zone(t, tt.zone)
			for _, id := range tt.want {
				start, _ := salon.ParseSlotID(id, loc)
				if fit := salon.StartFits(s, loc, instant(t, tt.now), "long", "ana", start, nil); fit != salon.Fits {
					t.Errorf("StartFits(%s): got %v, want Fits", id, fit)
				}
			}
		})
	}
}

func TestOpenTimesPullsOnlyTheBookingsItNeeds(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "17:00"}}, "wed": {{"09:00", "17:00"}}}, cut)
	s.HorizonDays = 90
	var booked []salon.Span
	start := instant(t, "2026-12-01T09:00:00Z")
	for day := range 90 {
		for hour := range 8 {
			booked = append(booked, salon.Span{Stylist: "ana", Start: start.Add(time.Duration(day*24+hour) * time.Hour), Minutes: 30})
		}
	}
	pulled := 0
	counted := iter.Seq[salon.Span](func(yield func(salon.Span) bool) {
		for _, b := range booked {
			pulled++
			if !yield(b) {
				return
			}
		}
	})
	times, more := salon.OpenTimes(s, zone(t, s.TimeZone), instant(t, mondayNoon), salon.Ask{Service: "cut", Limit: 10}, counted)
	if len(times) != 10 || !more {
		t.Fatalf("got %d open times, more %v, want 10 and more", len(times), more)
	}
	if pulled > 9 { // Tuesday's 8, and the one that showed Tuesday was done
		t.Errorf("got %d bookings pulled, want at most 9: only Tuesday's bear on its first 10 starts", pulled)
	}
}

func TestOpenWindow(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "17:00"}}}, colour)
	s.MinNoticeMinutes, s.HorizonDays = 60, 7
	loc := zone(t, s.TimeZone)
	from, to := salon.OpenWindow(s, loc, instant(t, "2026-12-01T10:00:30Z"), salon.Ask{Service: "colour", Days: 2})
	if want := instant(t, "2026-12-01T11:00:30Z"); !from.Equal(want) {
		t.Errorf("got from %s, want now and the notice, %s", from, want)
	}
	if want := instant(t, "2026-12-03T02:00:00Z"); !to.Equal(want) { // Wednesday's end, and a colour's 120 minutes
		t.Errorf("got to %s, want %s", to, want)
	}
	from, to = salon.OpenWindow(s, loc, instant(t, "2026-12-01T10:00:00Z"), salon.Ask{Service: "perm"})
	if !from.Equal(to) {
		t.Errorf("an unknown service: got [%s, %s), want an empty window", from, to)
	}
}

func TestStartFits(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "13:00"}}, "wed": {{"09:00", "13:00"}}}, cut, colour)
	s.Stylists[1].Services = []string{"cut"}
	s.MinNoticeMinutes, s.HorizonDays = 60, 2
	s.Closures = []salon.Closure{{From: instant(t, "2026-12-01T12:00:00Z"), To: instant(t, "2026-12-01T12:30:00Z")}}
	mustCheck(t, s)
	loc, now := zone(t, s.TimeZone), instant(t, "2026-12-01T08:00:00Z")
	booked := []salon.Span{booking(t, "ana", "2026-12-01T10:00:00Z", colour), booking(t, "ben", "2026-12-01T09:00:00Z", cut)}
	tests := []struct {
		service, stylist, at string
		want                 salon.Fit
	}{
		{"cut", "ana", "2026-12-01T09:15:00Z", salon.Fits},
		{"perm", "ana", "2026-12-01T09:15:00Z", salon.NoSuchService},
		{"cut", "zoe", "2026-12-01T09:15:00Z", salon.NoSuchStylist},
		{"colour", "ben", "2026-12-01T09:15:00Z", salon.NotDone},
		{"cut", "ana", "2026-12-01T09:20:00Z", salon.NotAStart},    // off the grid
		{"cut", "ana", "2026-12-01T09:15:30Z", salon.NotAStart},    // not a whole minute
		{"cut", "ana", "2026-12-01T12:30:00Z", salon.NotAStart},    // [12:30, 13:15) runs past closing
		{"cut", "ana", "2026-12-01T08:45:00Z", salon.NotAStart},    // before opening
		{"cut", "ana", "2026-11-30T09:15:00Z", salon.NotAStart},    // closed on Mondays, before any rule about now
		{"cut", "ben", "2026-12-01T11:30:00Z", salon.Closed},       // [11:30, 12:15) meets the closure
		{"cut", "ana", "2026-12-01T11:45:00Z", salon.Closed},       // closed, and taken: closed comes first
		{"cut", "ana", "2026-12-01T09:30:00Z", salon.Overlapping},  // [09:30, 10:15) meets Ana's colour
		{"cut", "ben", "2026-12-01T09:30:00Z", salon.Overlapping},  // and Ben's cut until 09:45
		{"cut", "ben", "2026-12-01T09:45:00Z", salon.Fits},         // right after it
		{"cut", "ana", "2026-12-01T12:00:00Z", salon.Closed},       // Ana's colour keeps her until 12:00; the closure until 12:30
		{"cut", "ana", "2026-12-02T09:15:00Z", salon.Fits},         // Wednesday, the horizon's last day
		{"cut", "ana", "2026-12-08T09:15:00Z", salon.OutOfHorizon}, // a Tuesday past it
		{"cut", "ana", "2026-12-01T09:00:00Z", salon.Fits},         // exactly the 60 minutes' notice after now
	}
	for _, tt := range tests {
		if got := salon.StartFits(s, loc, now, tt.service, tt.stylist, instant(t, tt.at), booked); got != tt.want {
			t.Errorf("StartFits(%s, %s, %s): got %v, want %v", tt.service, tt.stylist, tt.at, got, tt.want)
		}
	}
	if got := salon.StartFits(s, loc, instant(t, "2026-12-01T08:30:00Z"), "cut", "ana", instant(t, "2026-12-01T09:15:00Z"), nil); got != salon.TooSoon {
		t.Errorf("StartFits 45 minutes after now with 60 of notice: got %v, want TooSoon", got)
	}
}

func TestFirstFree(t *testing.T) {
	s := menuSalon(t, "Europe/London", map[string][][]string{"tue": {{"09:00", "13:00"}}}, cut, colour)
	loc, now := zone(t, s.TimeZone), instant(t, mondayNoon)
	at := instant(t, "2026-12-01T10:00:00Z")
	if who, ok := salon.FirstFree(s, loc, now, "cut", at, nil); !ok || who != "ana" {
		t.Errorf("both free: got %q, %v, want ana, the first in the salon's order", who, ok)
	}
	anaBusy := []salon.Span{booking(t, "ana", "2026-12-01T09:00:00Z", colour)}
	if who, ok := salon.FirstFree(s, loc, now, "cut", at, anaBusy); !ok || who != "ben" {
		t.Errorf("Ana busy: got %q, %v, want ben", who, ok)
	}
	bothBusy := append(anaBusy, booking(t, "ben", "2026-12-01T09:30:00Z", cut))
	if who, ok := salon.FirstFree(s, loc, now, "cut", at, bothBusy); ok {
		t.Errorf("both busy: got %q, want no one", who)
	}
	if who, ok := salon.FirstFree(s, loc, now, "perm", at, nil); ok {
		t.Errorf("a service off the menu: got %q, want no one", who)
	}
}

func TestFitString(t *testing.T) {
	if got := salon.Overlapping.String(); got != "Overlapping" {
		t.Errorf("got %q, want Overlapping", got)
	}
	if got := salon.Fit(99).String(); got != "Fit(99)" {
		t.Errorf("got %q, want Fit(99)", got)
	}
}
