// This file holds the load on a calendar: the salons the tool registers fresh for every run, the slots each hands out, and the customers who name themselves.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"salon/internal/salon"
	"salon/internal/wire"
)

// benchSettings are every bench salon's: open around the clock in UTC, five-minute slots, ninety
// days ahead, so a salon has about 25 900 slots to hand out and no run runs short of them.
func benchSettings() salon.Settings {
	day := []salon.Interval{{Start: 0, End: 23*60 + 59}}
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	return salon.Settings{
		Name: "Bench Salon", TimeZone: "UTC", Phone: "+44 20 7946 0999",
		Prices: []salon.Price{{Service: "cut", Price: "$45"}, {Service: "colour", Price: "$80"}},
		Hours:  hours, SlotMinutes: 5, HorizonDays: 90, ChangeCutoffHours: salon.DefaultChangeCutoffHours,
	}
}

// benchPut is benchSettings as the owner puts them.
func benchPut() wire.SalonSettings {
	s := benchSettings()
	put := wire.SalonSettings{Name: s.Name, TimeZone: s.TimeZone, Phone: s.Phone, Hours: s.Hours.Wire(),
		SlotMinutes: &s.SlotMinutes, HorizonDays: &s.HorizonDays}
	for _, p := range s.Prices {
		put.Prices = append(put.Prices, wire.PriceLine{Service: p.Service, Price: p.Price})
	}
	return put
}

// slotLead is how far ahead of now a run's first slot starts, so no slot a run hands out starts
// (and stops being bookable) while the run lasts.
const slotLead = 15 * time.Minute

// benchSlotIDs are the ids of a bench salon's slots from slotLead after now to its horizon's end, as
// the salon's own slot computation gives them.
func benchSlotIDs(now time.Time) []string {
	set := benchSettings()
	var ids []string
	for start := range salon.Starts(set, time.UTC, now.Add(slotLead)) {
		ids = append(ids, salon.NewSlot(start, time.UTC).ID)
	}
	return ids
}

// freshSalon is one salon the tool registered, handing out its slots in turn.
type freshSalon struct {
	id    string
	slots []string // earliest first; shared by the salons of a run, whose settings are the same
	// service is what its customers book at a menu salon; "" at a simple salon.
	service string
	next    atomic.Int64
}

// take is the next pair of slots for a round one's openSlots. Each round one takes the next, so
// the first of its pair is open unless the run has used up the salon's slots.
func (s *freshSalon) take() []string {
	k := int(s.next.Add(1)-1) % (len(s.slots) - 1)
	return s.slots[k : k+2]
}

// dropBefore drops the salon's slots that start before t, which no round one may ask for any more,
// and moves the next slot handed out back by as many: a salon kept over several runs hands out
// the slots after the ones earlier runs took.
func (s *freshSalon) dropBefore(t time.Time) {
	n := 0
	for n < len(s.slots)-2 {
		start, err := time.Parse(time.RFC3339, s.slots[n])
		if err != nil || !start.Before(t) {
			break
		}
		n++
	}
	s.slots = s.slots[n:]
	s.next.Store(max(0, s.next.Load()-int64(n)))
}

// salonID names salon i of target t in the run tagged tag; every run's salons are new, so no run
// books where another already has.
func salonID(tag string, t, i int) string { return fmt.Sprintf("bench-%s-%d-%02d", tag, t, i) }

// registerSalons puts n fresh salons on the calendar at base through the owner's API: menu salons
// put as menu when it is not nil, else simple ones (benchPut), speaking language ("" for English).
func registerSalons(ctx context.Context, client *http.Client, base, token, tag string, t, n int, slots []string, menu *wire.SalonSettings, language string) ([]*freshSalon, error) {
	put, service := benchPut(), ""
	if menu != nil {
		put, service = *menu, menuService
	}
	if language != "" {
		put.Language = &language
	}
	salons := make([]*freshSalon, n)
	for i := range salons {
		s := &freshSalon{id: salonID(tag, t, i), slots: slots, service: service}
		if err := putSalon(ctx, client, base, token, s.id, put); err != nil {
			return nil, err
		}
		salons[i] = s
	}
	return salons, nil
}

// seat is a calendar customer's place: the salon they book at, and who they are.
type seat struct {
	salon    *freshSalon
	customer wire.Customer
}

// seatOf is customer k's seat at one of salons.
func seatOf(salons []*freshSalon, k int) *seat {
	return &seat{salon: salons[k%len(salons)], customer: wire.Customer{
		Name: "Bench Customer " + strconv.Itoa(k), Contact: "customer-" + strconv.Itoa(k) + "@bench.example",
	}}
}

// arguments is a booking at the seat's salon asking for its next two slots.
func (s *seat) arguments() []byte {
	args, err := json.Marshal(wire.BookArguments{Message: benchMessage, OpenSlots: s.salon.take(), Customer: &s.customer, Service: s.salon.service})
	if err != nil {
		panic("bookbench: encoding the booking can't fail: " + err.Error())
	}
	return args
}
