// This file holds the examples a newcomer starts from: the open slots of a week's hours, and how a slot is written.

package salon_test

import (
	"fmt"
	"time"

	"salon/internal/salon"
)

// A salon in London opens on Saturday mornings. On Friday afternoon its slots for the next two
// days are Saturday's; a 45-minute slot that would end past 10:30 is not offered.
func ExampleSlots() {
	hours, err := salon.ParseHoursJSON([]byte(`{"sat":[["09:00","10:30"],["11:00","12:00"]]}`))
	if err != nil {
		panic(err)
	}
	s := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: hours}.WithDefaults()
	s.HorizonDays = 2
	if err := s.Check(time.LoadLocation); err != nil {
		panic(err)
	}
	london, _ := time.LoadLocation(s.TimeZone)
	now := time.Date(2026, time.December, 4, 15, 0, 0, 0, time.UTC)
	for _, slot := range salon.Slots(s, london, now) {
		fmt.Println(slot.ID, slot.Label)
	}
	// Output:
	// 2026-12-05T09:00:00Z Saturday 5 December, 09:00
	// 2026-12-05T09:45:00Z Saturday 5 December, 09:45
	// 2026-12-05T11:00:00Z Saturday 5 December, 11:00
}

// When the clocks go back, the hour they repeat is offered once, at its first occurrence.
func ExampleSlots_clocksGoBack() {
	hours, _ := salon.ParseHours(map[string][][]string{"sun": {{"00:30", "02:30"}}})
	s := salon.Settings{Hours: hours, SlotMinutes: 30, HorizonDays: 1}
	london, _ := time.LoadLocation("Europe/London")
	now := time.Date(2026, time.October, 24, 23, 0, 0, 0, time.UTC) // Sunday 00:00 in London
	for _, slot := range salon.Slots(s, london, now) {
		fmt.Println(slot.ID)
	}
	// Output:
	// 2026-10-25T00:30:00+01:00
	// 2026-10-25T01:00:00+01:00
	// 2026-10-25T01:30:00+01:00
	// 2026-10-25T02:00:00Z
}

// Open leaves out the slots already booked, and stops at a limit.
func ExampleOpen() {
	hours, _ := salon.ParseHours(map[string][][]string{"sat": {{"09:00", "12:00"}}})
	s := salon.Settings{Hours: hours, SlotMinutes: 45, HorizonDays: 2}
	london, _ := time.LoadLocation("Europe/London")
	booked := map[int64]bool{time.Date(2026, time.December, 5, 9, 0, 0, 0, time.UTC).Unix(): true}
	now := time.Date(2026, time.December, 4, 15, 0, 0, 0, time.UTC)
	for _, slot := range salon.Open(s, london, now, func(start time.Time) bool { return booked[start.Unix()] }, 2) {
		fmt.Println(slot.Label)
	}
	// Output:
	// Saturday 5 December, 09:45
	// Saturday 5 December, 10:30
}

// A slot's id carries the salon's offset on that day, and its label the salon's wall clock.
func ExampleLabel() {
	london, _ := time.LoadLocation("Europe/London")
	winter := time.Date(2026, time.December, 5, 10, 30, 0, 0, time.UTC)
	summer := time.Date(2026, time.June, 6, 9, 30, 0, 0, time.UTC)
	fmt.Println(salon.SlotID(winter, london), salon.Label(winter, london))
	fmt.Println(salon.SlotID(summer, london), salon.Label(summer, london))
	// Output:
	// 2026-12-05T10:30:00Z Saturday 5 December, 10:30
	// 2026-06-06T10:30:00+01:00 Saturday 6 June, 10:30
}

// Check refuses settings by the field the wire names.
func ExampleSettings_Check() {
	s := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/Atlantis", Phone: "+44 20 7946 0000"}.WithDefaults()
	fmt.Println(s.Check(time.LoadLocation))
	// Output:
	// timeZone must be an IANA time zone name
}
