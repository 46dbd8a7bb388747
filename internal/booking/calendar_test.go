// This file tests the desk's calendar mode where the store's own tests can't reach: a booking that commits but can't be read back.

package booking_test

import (
	"context"
	"testing"
	"time"

	"salon/internal/answer"
	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/store"
	"salon/internal/storetest"
)

// unreadable is a calendar whose bookings commit but can't be read back afterwards: the store
// then answers the hold as written, marked Unread, with nothing of the row it couldn't read.
type unreadable struct{ *store.Store }

func (u unreadable) Spend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, hold *salon.Hold, now time.Time) (salon.SpendOutcome, error) {
	out, err := u.Store.Spend(ctx, id, goodUntil, hold, now)
	if err == nil && out.Booking != nil {
		return salon.SpendOutcome{Booking: &salon.Booking{ID: hold.ID, Slot: "not read back"}, Unread: true}, nil
	}
	return out, err
}

func TestABookingThatCommitsButCantBeReadBackIsAnsweredAsHeld(t *testing.T) {
	d := desk(t, nil)
	db, err := store.Open(context.Background(), storetest.SQLite(t), d.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d.Calendar, d.BookingID = unreadable{db}, func() string { return "ref-1" }
	hours := salon.Hours{time.Tuesday: {{Start: 9 * 60, End: 10 * 60}}}
	settings := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: hours}
	view, err := d.PutSalon(context.Background(), "studio-nine", settings, salon.Given{})
	if err != nil || len(view.Open) == 0 {
		t.Fatalf("putting the salon: got %+v, %v; want open slots", view, err)
	}
	slot := view.Open[0]
	b := step.Request{Message: "A cut?", OpenSlots: []string{slot.ID}, Customer: &salon.Customer{Name: "Ana", Contact: "ana@example.com"}}
	asked, err := d.Book(context.Background(), booking.Request{Salon: "studio-nine", Booking: b})
	if err != nil || asked.Question == nil {
		t.Fatalf("round one: got %+v, %v; want a question", asked, err)
	}
	answers := []byte(`{"` + answer.Question + `":{"action":"accept","content":{"time":"` + slot.ID + `"}}}`)
	done, err := d.Book(context.Background(), booking.Request{Salon: "studio-nine", Booking: b, InputResponses: answers, RequestState: &asked.State})
	want := step.Booked{Slot: slot.ID, Say: slot.Label + " is yours.", Booking: "ref-1", Manage: d.Keys.ManageKey("studio-nine", "ref-1")}
	if err != nil || done.Outcome != want {
		t.Errorf("round two: got %+v, %v; want %+v", done.Outcome, err, want)
	}
	held, err := db.Bookings(context.Background(), "studio-nine", time.Unix(0, 0), slot.Start.Add(time.Hour))
	if err != nil || len(held) != 1 || held[0].ID != "ref-1" {
		t.Errorf("the database holds %+v (%v), want the booking ref-1", held, err)
	}
}
