// This file tests who may do what at the desk: a salon's key opened only by itself and read from
// the database on every check, the cap per contact in both rounds, and the customer's data.

package booking_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salon/internal/booking"
	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/step"
)

// everyDay is a salon's hours open 09:00 to 17:00 every day.
var everyDay = func() salon.Hours {
	h := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		h[d] = []salon.Interval{{Start: 9 * 60, End: 17 * 60}}
	}
	return h
}()

func TestAKeyOpensOnlyAsItselfAndAsStoredNow(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "studio-nine", everyDay)
	ctx := context.Background()
	made, err := s.desk.CreateKey(ctx, "studio-nine", "front desk")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(made.Secret, made.ID+".") || len(made.ID) != 17 || len(made.Secret) != 17+1+43 {
		t.Errorf("the key %q with id %q: want <id>.<43 characters>, the id k and 16 hex digits", made.Secret, made.ID)
	}
	if string(made.Hash) == made.Secret || len(made.Hash) != 32 {
		t.Errorf("the stored hash: got %x, want the SHA3-256 of the key", made.Hash)
	}
	k, ok, err := s.desk.OpenKey(ctx, made.Secret)
	if err != nil || !ok || k.ID != made.ID || k.Salon != "studio-nine" || k.Revoked {
		t.Errorf("OpenKey(the key): got %+v, %v, %v, want studio-nine's live key", k, ok, err)
	}
	wrongSecret := made.ID + "." + strings.Repeat("A", 43)
	for _, token := range []string{"", ".", made.ID, wrongSecret, made.Secret + "x", strings.ToUpper(made.Secret),
		"k0000000000000000." + strings.Split(made.Secret, ".")[1], strings.Repeat("k", 100) + ".x"} {
		if k, ok, err := s.desk.OpenKey(ctx, token); ok || err != nil {
			t.Errorf("OpenKey(%q): got %+v, %v, %v, want no key and no error", token, k, ok, err)
		}
	}
	if err := s.desk.RevokeKey(ctx, "studio-nine", made.ID); err != nil {
		t.Fatal(err)
	}
	if k, ok, err := s.desk.OpenKey(ctx, made.Secret); err != nil || !ok || !k.Revoked {
		t.Errorf("OpenKey(the revoked key): got %+v, %v, %v, want it found revoked", k, ok, err)
	}
	if _, err := s.desk.CreateKey(ctx, "elsewhere", "front desk"); !errors.Is(err, salon.NoSalon("elsewhere")) {
		t.Errorf("a key for an unknown salon: got %v, want NoSalon", err)
	}
}

// capAt registers studio-nine with a cap of max upcoming bookings per contact.
func (s *atSalon) capAt(t *testing.T, max int) {
	t.Helper()
	set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: everyDay, SlotMinutes: 60, HorizonDays: 7, MaxUpcomingPerContact: max}
	if err := s.db.PutSalon(context.Background(), "studio-nine", set); err != nil {
		t.Fatal(err)
	}
}

func TestTheCapRefusesRoundOneAndRoundTwoAndSpendsNothing(t *testing.T) {
	s := openSalon(t, nil)
	s.capAt(t, 2)
	ana := salon.Customer{Name: "Ana Lima", Contact: "ana@example.com"}
	open := s.open(t, "studio-nine")
	// Two rounds one at once, while Ana holds nothing yet.
	var asked []booking.Request
	var states []string
	for i := range 3 {
		r, res := s.roundOne(t, "studio-nine", ana, "any time", open[2*i:2*i+2])
		asked, states = append(asked, r), append(states, res.State)
	}
	for i := range 2 {
		if res := s.roundTwo(t, asked[i], states[i], accepting(open[2*i])); res.Outcome == nil {
			t.Fatalf("booking %d: got %+v, want it booked", i, res)
		}
	}
	want := "you already hold 2 upcoming bookings here; call Studio Nine to book more"
	third := asked[2]
	third.RequestState, third.InputResponses = &states[2], []byte(accepting(open[4]))
	if _, err := s.desk.Book(context.Background(), third); err == nil || err.Error() != want {
		t.Errorf("round two past the cap: got %v, want %q", err, want)
	}
	shouting := salon.Customer{Name: "Ana", Contact: "ANA@EXAMPLE.COM"}
	if _, err := s.desk.Book(context.Background(), booking.Request{Salon: "studio-nine",
		Booking: step.Request{Message: "another", OpenSlots: open[6:8], Customer: &shouting}}); err == nil || err.Error() != want {
		t.Errorf("round one past the cap: got %v, want %q", err, want)
	}
	bea := salon.Customer{Name: "Bea", Contact: "bea@example.com"}
	s.roundOne(t, "studio-nine", bea, "any time", open[6:8])
	// The refused round two spent nothing: once a cancel takes a booking off the count, the same
	// state books.
	page, err := s.desk.Bookings(context.Background(), "studio-nine", time.Time{}, time.Time{}, 0, nil)
	if err != nil || len(page.Bookings) != 2 {
		t.Fatalf("the owner's list: got %v, %v, want 2", page.Bookings, err)
	}
	if _, err := s.desk.Cancel(context.Background(), "studio-nine", page.Bookings[0].ID, true); err != nil {
		t.Fatal(err)
	}
	if res, err := s.desk.Book(context.Background(), third); err != nil || res.Outcome == nil {
		t.Errorf("the refused state after a cancel: got %+v, %v, want it booked", res, err)
	}
}

func TestErasureExportAndTheCustomersOwnErasure(t *testing.T) {
	s := openSalon(t, nil)
	s.put(t, "studio-nine", everyDay)
	ctx := context.Background()
	open := s.open(t, "studio-nine")
	ana := salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}
	var ids, keys []string
	for i := range 2 {
		r, res := s.roundOne(t, "studio-nine", ana, "a cut please", open[2*i:2*i+2])
		s.roundTwo(t, r, res.State, accepting(open[2*i]))
		page, err := s.desk.Bookings(ctx, "studio-nine", time.Time{}, time.Time{}, 0, nil)
		list := page.Bookings
		if err != nil || len(list) != i+1 {
			t.Fatalf("the owner's list: got %v, %v", list, err)
		}
		ids = append(ids, list[i].ID)
		keys = append(keys, s.desk.Keys.ManageKey("studio-nine", list[i].ID))
	}
	exported, err := s.desk.Export(ctx, "studio-nine", "447700900123")
	if err != nil || len(exported) != 2 || exported[0].Name != "Ana Lima" || exported[0].Label == "" {
		t.Fatalf("the export: got %+v, %v, want both of Ana's bookings, labelled", exported, err)
	}
	if _, err := s.desk.EraseMine(ctx, "studio-nine", ids[0], keys[1]); !errors.Is(err, salon.NoBooking(ids[0])) {
		t.Errorf("erasing with another booking's key: got %v, want NoBooking", err)
	}
	if n, err := s.desk.EraseMine(ctx, "studio-nine", ids[0], keys[0]); err != nil || n != 1 {
		t.Errorf("erasing with its key: got %d, %v, want 1", n, err)
	}
	if n, err := s.desk.EraseMine(ctx, "studio-nine", ids[0], keys[0]); err != nil || n != 0 {
		t.Errorf("erasing again: got %d, %v, want 0", n, err)
	}
	if n, err := s.desk.EraseContact(ctx, "studio-nine", "+44 (7700) 900123"); err != nil || n != 1 {
		t.Errorf("erasing the contact: got %d, %v, want the one left", n, err)
	}
	page, err := s.desk.Bookings(ctx, "studio-nine", time.Time{}, time.Time{}, 0, nil)
	list := page.Bookings
	if err != nil || len(list) != 2 {
		t.Fatalf("the owner's list: got %v, %v, want both bookings kept", list, err)
	}
	for _, b := range list {
		if b.Name != "" || b.Contact != "" || b.Words != "" || b.Status != salon.Booked {
			t.Errorf("booking %s: got %q, %q, %q, %s, want its details erased and it live", b.ID, b.Name, b.Contact, b.Words, b.Status)
		}
	}
}

func TestASalonTakesItsBookingsPerMinuteFromEveryInstanceAndThenAnswers429(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	a, b := openSalonAt(t, url), openSalonAt(t, url)
	now := friday
	for _, s := range []*atSalon{a, b} {
		s.desk.Now = func() time.Time { return now }
	}
	set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: everyDay, SlotMinutes: 60, HorizonDays: 7, MaxBookingsPerMinute: 2}
	if err := a.db.PutSalon(context.Background(), "studio-nine", set); err != nil {
		t.Fatal(err)
	}
	open := a.open(t, "studio-nine")
	var asked []booking.Request
	var states []string
	for i := range 3 {
		r, res := a.roundOne(t, "studio-nine", salon.Customer{Name: "Ana", Contact: fmt.Sprintf("ana%d@example.com", i)}, "any time", open[i:i+1])
		asked, states = append(asked, r), append(states, res.State)
	}
	// One booking on each instance, 30 s apart: the salon's two for the minute.
	if res := a.roundTwo(t, asked[0], states[0], accepting(open[0])); res.Outcome == nil {
		t.Fatalf("the first booking: %+v", res)
	}
	now = now.Add(30 * time.Second)
	if res := b.roundTwo(t, asked[1], states[1], accepting(open[1])); res.Outcome == nil {
		t.Fatalf("the second booking: %+v", res)
	}
	third := asked[2]
	third.RequestState, third.InputResponses = &states[2], []byte(accepting(open[2]))
	_, err := a.desk.Book(context.Background(), third)
	if r, ok := refusal.As(err); !ok || r.Kind != refusal.TooMany || r.Reason != "too many requests; try again shortly" || r.RetryAfter != 30*time.Second {
		t.Fatalf("a third booking within the minute: got %#v, want 429 to ask again in 30 s", err)
	}
	// Nothing was spent: once the first booking is a minute old, the same round two books.
	now = now.Add(30 * time.Second)
	if res, err := b.desk.Book(context.Background(), third); err != nil || res.Outcome == nil {
		t.Errorf("the same round two a minute after the first booking: got %+v, %v, want it booked", res, err)
	}
}
