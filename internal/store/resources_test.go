// This file holds the tests of a salon's resources in the store: no instant holds more units of one
// than its count, however the bookings are written, raced or moved.

package store_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// basinSalon is the menu salon with as many stylists as given and basins basins, whose colour
// holds a basin, registered in a fresh store.
func (b backend) basinSalon(t *testing.T, stylists, basins int) (*store.Store, string, salon.Settings) {
	t.Helper()
	s, url := b.open(t)
	set := basinSettings(stylists, basins)
	if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
		t.Fatalf("PutSalon: %v", err)
	}
	return s, url, set
}

func basinSettings(stylists, basins int) salon.Settings {
	set := studioNine
	set.Prices, set.SlotMinutes = nil, 0
	set.Currency, set.GridMinutes, set.MinNoticeMinutes = "GBP", 15, 0
	set.Resources = []salon.Resource{{ID: "basin", Name: "Basin", Count: basins}}
	set.Services = []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45},
		{ID: "colour", Name: "Colour", Minutes: 60, AfterMinutes: 30, Resources: []string{"basin"}}}
	set.Stylists = nil
	for i := range stylists {
		set.Stylists = append(set.Stylists, salon.Stylist{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Stylist %d", i), Services: []string{"cut", "colour"}})
	}
	return set
}

// colourHold is a hold of the colour, holding its basin, at start with the stylist.
func colourHold(id string, start time.Time, stylist string) *salon.Hold {
	h := menuHold(id, start, "colour", 60, 30, stylist)
	h.Resources = []salon.Held{{Resource: "basin", To: 90}}
	return h
}

func TestNoInstantHoldsMoreBasinsThanTheSalonHas(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url, _ := b.basinSalon(t, 3, 2)
		spend := func(id string, h *salon.Hold) salon.SpendOutcome {
			t.Helper()
			out, err := s.Spend(t.Context(), stateID(id), goodUntil, h, now)
			if err != nil {
				t.Fatalf("Spend %s: %v", id, err)
			}
			return out
		}
		ten := at(2)
		for i, stylist := range []string{"p0", "p1"} {
			if out := spend(fmt.Sprint("c", i), colourHold(fmt.Sprint("b", i), ten, stylist)); out.Booking == nil {
				t.Fatalf("colour %d at 10:00: got %+v, want booked", i, out)
			}
		}
		// Both basins are held until 11:30: a third colour overlapping them is taken, though its
		// stylist is free, and leaves nothing written.
		if out := spend("c2", colourHold("b2", ten.Add(85*time.Minute), "p2")); out.Booking != nil || out.Taken != salon.TakenBooked {
			t.Errorf("a third colour at 11:25: got %+v, want taken", out)
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM bookings WHERE id = $1`, []byte("b2")); n != 0 {
			t.Errorf("the refused colour left %d rows, want 0", n)
		}
		if n := count(t, db, `SELECT count(*) FROM booking_cells WHERE booking = $1`, []byte("b2")); n != 0 {
			t.Errorf("the refused colour left %d of its stylist's cells, want 0", n)
		}
		// A cut holds no basin: it books beside them.
		if out := spend("cut", menuHold("b-cut", ten, "cut", 45, 0, "p2")); out.Booking == nil {
			t.Errorf("a cut at 10:00: got %+v, want booked", out)
		}
		// Spans that only touch don't overlap: at 11:30 a basin is free again.
		if out := spend("c3", colourHold("b3", ten.Add(90*time.Minute), "p2")); out.Booking == nil {
			t.Errorf("a colour at 11:30: got %+v, want booked", out)
		}
		// A cancel frees its basin at once.
		if _, err := s.Cancel(t.Context(), "studio-nine", "b0"); err != nil {
			t.Fatalf("Cancel: %v", err)
		}
		if n := count(t, db, `SELECT count(*) FROM resource_cells WHERE booking = $1`, []byte("b0")); n != 0 {
			t.Errorf("the cancelled colour holds %d basin cells, want 0", n)
		}
		if out := spend("c4", colourHold("b4", ten.Add(30*time.Minute), "p0")); out.Booking == nil {
			t.Errorf("a colour at 10:30 once one is cancelled: got %+v, want booked", out)
		}
		// Every cell of 10:00 to 11:30 holds 18 cells' worth per booking: a unit each, never more
		// than the count.
		if n := count(t, db, `SELECT count(*) FROM (SELECT cell FROM resource_cells GROUP BY cell HAVING count(*) > 2) AS over`); n != 0 {
			t.Errorf("%d cells hold more than 2 basins", n)
		}
		spans, err := s.Spans(t.Context(), "studio-nine", ten, ten.Add(3*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		held := 0
		for _, sp := range spans {
			if len(sp.Resources) == 1 && sp.Resources[0] == (salon.Held{Resource: "basin", To: 90}) {
				held++
			}
		}
		if held != 3 {
			t.Errorf("the spans read back hold %d basins, want the 3 live colours': %+v", held, spans)
		}
	})
}

// TestTheDatabaseRefusesAUnitPastTheCount writes straight through SQL, around the store: a unit the
// salon doesn't have, or a unit's cell held already, is refused by the database itself.
func TestTheDatabaseRefusesAUnitPastTheCount(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url, _ := b.basinSalon(t, 2, 1)
		if out, err := s.Spend(t.Context(), stateID("c0"), goodUntil, colourHold("b0", at(2), "p0"), now); err != nil || out.Booking == nil {
			t.Fatalf("the first colour: %+v, %v", out, err)
		}
		db := raw(t, url)
		start := at(2).Unix()
		if _, err := db.ExecContext(t.Context(), `INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, service, stylist, minutes, after_minutes, resources)
			VALUES ($1, $2, $3, $4, $5, $5, $5, $4, 'booked', $1, 'colour', 'p1', 60, 30, 'basin@0-90')`,
			[]byte("b1"), []byte("studio-nine"), []byte("x"), start, []byte("x")); err != nil {
			t.Fatalf("the row itself: %v", err)
		}
		cell := start / 300
		for _, unit := range []int{0, 1, -1} {
			_, err := db.ExecContext(t.Context(), `INSERT INTO resource_cells (salon, resource, unit, cell, booking) VALUES ($1, 'basin', $2, $3, $4)`,
				[]byte("studio-nine"), unit, cell, []byte("b1"))
			if err == nil {
				t.Errorf("the basin's unit %d at 10:00 taken by a second colour: got no error, want the database's refusal", unit)
			}
		}
		if n := count(t, db, `SELECT count(*) FROM resource_cells WHERE booking = $1`, []byte("b1")); n != 0 {
			t.Errorf("the second colour holds %d basin cells, want 0", n)
		}
	})
}

func TestACountPutLowerDropsItsUnitsAndHigherAddsThem(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url, set := b.basinSalon(t, 3, 3)
		for i := range 3 {
			if out, err := s.Spend(t.Context(), stateID("c", i), goodUntil, colourHold(fmt.Sprint("b", i), at(2), fmt.Sprint("p", i)), now); err != nil || out.Booking == nil {
				t.Fatalf("colour %d: %+v, %v", i, out, err)
			}
		}
		db := raw(t, url)
		units := func() int {
			return count(t, db, `SELECT count(*) FROM resource_units WHERE salon = $1`, []byte("studio-nine"))
		}
		set.Resources[0].Count = 1
		if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
			t.Fatal(err)
		}
		if n := units(); n != 1 {
			t.Errorf("after the count put as 1: %d units, want 1", n)
		}
		if n := count(t, db, `SELECT count(DISTINCT booking) FROM resource_cells`); n != 1 {
			t.Errorf("after the count put as 1: %d bookings hold a unit, want 1", n)
		}
		set.Resources[0].Count = 5
		if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
			t.Fatal(err)
		}
		if n := units(); n != 5 {
			t.Errorf("after the count put as 5: %d units, want 5", n)
		}
		set.Resources, set.Services[1].Resources = nil, nil
		if err := s.PutSalon(t.Context(), "studio-nine", set); err != nil {
			t.Fatal(err)
		}
		if n := units(); n != 0 {
			t.Errorf("after the basins are gone: %d units, want 0", n)
		}
		got, err := s.Salon(t.Context(), "studio-nine")
		if err != nil || got.Resources != nil || got.Services[1].Resources != nil {
			t.Errorf("the salon read back: %+v, %v; want no resources", got.Resources, err)
		}
	})
}

func TestAMoveTakesItsBasinAtTheNewTimeOrStays(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url, _ := b.basinSalon(t, 2, 1)
		for i, start := range []time.Time{at(2), at(4)} {
			if out, err := s.Spend(t.Context(), stateID("c", i), goodUntil, colourHold(fmt.Sprint("b", i), start, fmt.Sprint("p", i)), now); err != nil || out.Booking == nil {
				t.Fatalf("colour %d: %+v, %v", i, out, err)
			}
		}
		to := func(start time.Time) func(salon.Booking) (salon.Move, error) {
			return func(bk salon.Booking) (salon.Move, error) {
				return salon.Move{Slot: slotAt(start), Stylist: bk.Stylist}, nil
			}
		}
		// 11:30 to 13:00 overlaps the 12:00 colour's basin: the move is taken, and changes nothing.
		if _, why, err := s.Move(t.Context(), "studio-nine", "b0", to(at(3.5))); err != nil || why != salon.TakenBooked {
			t.Fatalf("the move onto the held basin: %v, %v; want TakenBooked", why, err)
		}
		db := raw(t, url)
		cells := func(id string) int {
			return count(t, db, `SELECT count(*) FROM resource_cells WHERE booking = $1`, []byte(id))
		}
		if n := cells("b0"); n != 18 {
			t.Errorf("after the refused move the colour holds %d basin cells, want its 18", n)
		}
		// Half an hour later, onto part of its own span: it keeps one unit all through.
		moved, why, err := s.Move(t.Context(), "studio-nine", "b0", to(at(2.5)))
		if err != nil || why != 0 || !moved.Start.Equal(at(2.5)) {
			t.Fatalf("the move to 10:30: %+v, %v, %v", moved, why, err)
		}
		if n := count(t, db, `SELECT count(*) FROM resource_cells WHERE booking = $1 AND cell >= $2 AND cell < $3`,
			[]byte("b0"), at(2.5).Unix()/300, at(4).Unix()/300); n != 18 || cells("b0") != 18 {
			t.Errorf("after the move the colour holds %d cells of its new span (%d in all), want 18", n, cells("b0"))
		}
	})
}

// TestCustomersRacingForTheLastBasinBookOne races many colours of different stylists for one
// basin, on one SQLite instance and on two instances over PostgreSQL: one books, the rest are
// taken, and no cell holds two.
func TestCustomersRacingForTheLastBasinBookOne(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		const customers = 12
		s, url, _ := b.basinSalon(t, customers, 1)
		instances := []*store.Store{s}
		if b.name == "postgres" {
			instances = append(instances, openURL(t, url))
		}
		booked := make([]bool, customers)
		var wg sync.WaitGroup
		for i := range customers {
			wg.Go(func() {
				// Each starts at 10:00 or a quarter after: every span holds 10:15 to 11:30.
				start := at(2).Add(time.Duration(i%2*15) * time.Minute)
				out, err := instances[i%len(instances)].Spend(t.Context(), stateID("race", i), goodUntil, colourHold(fmt.Sprint("r", i), start, fmt.Sprint("p", i)), now)
				if err != nil {
					t.Errorf("spend %d: %v", i, err)
					return
				}
				booked[i] = out.Booking != nil
			})
		}
		wg.Wait()
		n := 0
		for _, ok := range booked {
			if ok {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d colours booked the one basin, want 1", n)
		}
		db := raw(t, url)
		if got := count(t, db, `SELECT count(*) FROM bookings WHERE status = 'booked'`); got != 1 {
			t.Errorf("%d live bookings, want 1", got)
		}
		if got := count(t, db, `SELECT count(*) FROM resource_cells`); got != 18 {
			t.Errorf("%d basin cells held, want the one colour's 18", got)
		}
	})
}

// TestAVisitHoldsEachResourceOverItsOwnPart books a colour then a cut as one visit, the colour
// holding the basin for its 90 minutes and the cut none: the basin is free again once the colour
// ends, though the visit keeps its stylist on.
func TestAVisitHoldsEachResourceOverItsOwnPart(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url, _ := b.basinSalon(t, 2, 1)
		visit := menuHold("b-visit", at(2), "colour+cut", 135, 0, "p0")
		visit.Resources = []salon.Held{{Resource: "basin", To: 90}}
		out, err := s.Spend(t.Context(), stateID("visit"), goodUntil, visit, now)
		if err != nil || out.Booking == nil {
			t.Fatalf("the visit: %+v, %v", out, err)
		}
		if got := out.Booking.Resources; len(got) != 1 || got[0] != visit.Resources[0] {
			t.Errorf("the visit read back holds %+v, want %+v", got, visit.Resources)
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM resource_cells WHERE booking = $1`, []byte("b-visit")); n != 18 {
			t.Errorf("the visit holds %d basin cells, want the colour's 18", n)
		}
		if n := count(t, db, `SELECT count(*) FROM booking_cells WHERE booking = $1`, []byte("b-visit")); n != 27 {
			t.Errorf("the visit holds %d of its stylist's cells, want its 27", n)
		}
		// Another stylist's colour at 11:30, as the visit's cut begins, finds the basin free.
		if out, err := s.Spend(t.Context(), stateID("c1"), goodUntil, colourHold("b1", at(3.5), "p1"), now); err != nil || out.Booking == nil {
			t.Errorf("a colour at 11:30: %+v, %v; want booked", out, err)
		}
		if out, err := s.Spend(t.Context(), stateID("c2"), goodUntil, colourHold("b2", at(2.5), "p1"), now); err != nil || out.Booking != nil {
			t.Errorf("a colour at 10:30, over the visit's colour: %+v, %v; want taken", out, err)
		}
	})
}
