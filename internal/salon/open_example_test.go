// This file holds the examples of a menu salon's open times, as a newcomer first calls them.

package salon_test

import (
	"fmt"
	"slices"
	"time"

	"salon/internal/salon"
)

func ExampleOpenTimes() {
	london, _ := time.LoadLocation("Europe/London")
	day := []salon.Interval{{Start: 9 * 60, End: 12*60 + 30}, {Start: 13*60 + 30, End: 17*60 + 30}}
	midweek := salon.Hours{time.Tuesday: day, time.Wednesday: day, time.Thursday: day}
	s := salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Currency: "GBP",
		Hours:       salon.Hours{time.Tuesday: day, time.Wednesday: day, time.Thursday: day, time.Friday: day, time.Saturday: day},
		HorizonDays: 14, GridMinutes: 15, MinNoticeMinutes: 60, ChangeCutoffHours: 24,
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45},
			{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30},
		},
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: []string{"cut", "colour"}, Hours: midweek},
			{ID: "ben", Name: "Ben", Services: []string{"cut"}},
		},
	}
	if err := s.Check(time.LoadLocation); err != nil {
		panic(err)
	}
	now := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC) // a Tuesday, 08:00 in London
	// Ana's colour at 09:00 keeps her until 11:00: 90 minutes, and 30 while it takes.
	booked := []salon.Span{{Stylist: "ana", Start: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), Minutes: 90, AfterMinutes: 30}}

	times, more := salon.OpenTimes(s, london, now, salon.Ask{Service: "cut", Limit: 4}, slices.Values(booked))
	for _, o := range times {
		fmt.Println(o.Label, o.Stylists)
	}
	fmt.Println("more:", more)
	// Output:
	// Tuesday 1 December, 09:00 [ben]
	// Tuesday 1 December, 09:15 [ben]
	// Tuesday 1 December, 09:30 [ben]
	// Tuesday 1 December, 09:45 [ben]
	// more: true
}

func ExampleStartFits() {
	london, _ := time.LoadLocation("Europe/London")
	s := salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours:       salon.Hours{time.Tuesday: {{Start: 9 * 60, End: 17 * 60}}},
		HorizonDays: 14, GridMinutes: 15, MinNoticeMinutes: 60,
		Services: []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}},
		Stylists: []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut"}}, {ID: "ben", Name: "Ben", Services: []string{"cut"}}},
	}
	now := time.Date(2026, 12, 1, 8, 30, 0, 0, time.UTC) // a Tuesday, 08:30 in London
	booked := []salon.Span{{Stylist: "ana", Start: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), Minutes: 45}}
	for _, at := range []string{"09:00", "10:30", "10:40", "10:45"} {
		t, _ := time.ParseInLocation("2006-01-02 15:04", "2026-12-01 "+at, london)
		who, ok := salon.FirstFree(s, london, now, "cut", t, booked)
		if !ok {
			who = "no one"
		}
		fmt.Printf("%s: Ana %v; anyone: %s\n", at, salon.StartFits(s, london, now, "cut", "ana", t, booked), who)
	}
	// Output:
	// 09:00: Ana TooSoon; anyone: no one
	// 10:30: Ana Overlapping; anyone: ben
	// 10:40: Ana NotAStart; anyone: no one
	// 10:45: Ana Fits; anyone: ana
}
