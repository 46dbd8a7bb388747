// This file holds the benchmarks of a menu salon's open times: 10 stylists, 5 services, 90 days, and thousands of bookings.

package salon_test

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"

	"salon/internal/salon"
)

// busySalon is a London salon of 10 stylists and 5 services over 90 days, open Tuesday to
// Saturday with a lunch break, and n live bookings on its grid from now on, in order of start.
func busySalon(b *testing.B, n int) (salon.Settings, []salon.Span) {
	b.Helper()
	day := []salon.Interval{{Start: 9 * 60, End: 12*60 + 30}, {Start: 13*60 + 30, End: 17*60 + 30}}
	s := salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Currency: "GBP",
		Hours:       salon.Hours{time.Tuesday: day, time.Wednesday: day, time.Thursday: day, time.Friday: day, time.Saturday: day},
		HorizonDays: 90, GridMinutes: 15, MinNoticeMinutes: 60, ChangeCutoffHours: 24,
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45, Price: price(4500)},
			{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30, Price: price(8000)},
			{ID: "beard-trim", Name: "Beard trim", Minutes: 15, Price: price(1500)},
			{ID: "blow-dry", Name: "Blow-dry", Minutes: 30, Price: price(2500)},
			{ID: "highlights", Name: "Highlights", Minutes: 120, AfterMinutes: 15, Price: price(11000)},
		},
	}
	for i := range 10 {
		p := salon.Stylist{ID: fmt.Sprintf("stylist-%d", i), Name: fmt.Sprintf("Stylist %d", i), Services: []string{"cut", "beard-trim", "blow-dry"}}
		if i%2 == 0 {
			p.Services = append(p.Services, "colour", "highlights")
		}
		s.Stylists = append(s.Stylists, p)
	}
	if err := s.Check(time.LoadLocation); err != nil {
		b.Fatalf("Check: got %q, want the benchmark's salon to pass", err)
	}
	r := rand.New(rand.NewSource(1))
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	booked := make([]salon.Span, n)
	for i := range booked {
		v := s.Services[r.Intn(len(s.Services))]
		at := start.Add(time.Duration(r.Intn(90))*24*time.Hour + 9*time.Hour + time.Duration(r.Intn(32))*15*time.Minute)
		booked[i] = salon.Span{Stylist: s.Stylists[r.Intn(10)].ID, Start: at, Minutes: v.Minutes, AfterMinutes: v.AfterMinutes}
	}
	slices.SortFunc(booked, func(a, b salon.Span) int { return a.Start.Compare(b.Start) })
	return s, booked
}

func BenchmarkOpenTimes(b *testing.B) {
	london := zone(b, "Europe/London")
	now := instant(b, "2026-11-30T08:00:00Z")
	for _, n := range []int{0, 5000, 20000} {
		s, booked := busySalon(b, n)
		for _, bench := range []struct {
			name string
			ask  salon.Ask
		}{
			{"first=50/anyone", salon.Ask{Service: "cut", Limit: 50}},
			{"first=500/anyone", salon.Ask{Service: "cut", Limit: 500}},
			{"first=500/one", salon.Ask{Service: "colour", Stylist: "stylist-4", Limit: 500}},
			{"horizon/anyone", salon.Ask{Service: "colour", Limit: 1 << 20}},
		} {
			b.Run(fmt.Sprintf("bookings=%d/%s", n, bench.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if times, _ := salon.OpenTimes(s, london, now, bench.ask, slices.Values(booked)); len(times) == 0 {
						b.Fatalf("got no open times, want some")
					}
				}
			})
		}
	}
	s, booked := busySalon(b, 5000)
	at := instant(b, "2026-12-04T10:00:00Z")
	near := slices.DeleteFunc(slices.Clone(booked), func(k salon.Span) bool {
		return k.Start.Before(at.Add(-salon.MaxSpanMinutes*time.Minute)) || !k.Start.Before(at.Add(salon.MaxSpanMinutes*time.Minute))
	})
	b.Run("bookings=5000/first-free", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			salon.FirstFree(s, london, now, "cut", at, near)
		}
	})
}
