// This file tests the customer's data in the store: a contact's bookings erased and exported by
// its normal form, one booking erased by its customer, the cap per contact held inside the
// booking's transaction, and the retention sweep on a clock the test moves.

package store_test

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

// holdFor is a booking of the slot starting at start for the customer named name at contact.
func holdFor(id string, start time.Time, name, contact string) *salon.Hold {
	h := hold(id, "studio-nine", start)
	h.Name, h.Contact = name, contact
	return h
}

// bookAs books h, spending a state of its own, or fails the test.
func bookAs(t *testing.T, s *store.Store, h *salon.Hold) salon.Booking {
	t.Helper()
	out, err := s.Spend(t.Context(), stateID(t.Name(), h.ID), goodUntil, h, now)
	if err != nil || out.Booking == nil {
		t.Fatalf("booking %s: got %+v, %v, want a booking", h.ID, out, err)
	}
	return *out.Booking
}

// erased is b with its name, contact and words erased.
func erased(b salon.Booking) salon.Booking {
	b.Name, b.Contact, b.Words = "", "", ""
	return b
}

func TestErasingAContactErasesEveryBookingOfItAndKeepsTheirSpans(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		ctx := t.Context()
		mine := []salon.Booking{
			bookAs(t, s, holdFor("m1", at(2), "Ana Lima", "Ana.Lima@Example.com")),
			bookAs(t, s, holdFor("m2", at(3), "Ana", "ana.lima@example.COM")),
		}
		if _, err := s.Cancel(ctx, "studio-nine", "m2"); err != nil {
			t.Fatal(err)
		}
		mine[1].Status, mine[1].Sequence = salon.Cancelled, 1
		other := bookAs(t, s, holdFor("o1", at(4), "Bea Costa", "bea@example.com"))
		phone := bookAs(t, s, holdFor("p1", at(5), "Caio", "+44 (7700) 900-123"))

		exported, err := s.ContactBookings(ctx, "studio-nine", salon.ContactKey("ANA.LIMA@example.com", ""))
		if err != nil || !reflect.DeepEqual(exported, mine) {
			t.Errorf("the export: got %v, %v, want %v", exported, err, mine)
		}
		n, err := s.EraseContact(ctx, "studio-nine", salon.ContactKey("ANA.LIMA@example.com", ""))
		if err != nil || n != 2 {
			t.Fatalf("EraseContact: got %d, %v, want 2", n, err)
		}
		if n, err := s.EraseContact(ctx, "studio-nine", salon.ContactKey("447700900123", "")); err != nil || n != 1 {
			t.Errorf("erasing the phone by its digits: got %d, %v, want 1", n, err)
		}
		list, err := s.Bookings(ctx, "studio-nine", now, at(24))
		if err != nil {
			t.Fatal(err)
		}
		want := []salon.Booking{erased(mine[0]), erased(mine[1]), other, erased(phone)}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("the owner's list: got %v, want %v", list, want)
		}
		if exported, err := s.ContactBookings(ctx, "studio-nine", salon.ContactKey("ana.lima@example.com", "")); err != nil || len(exported) != 0 {
			t.Errorf("the export after the erasure: got %v, %v, want none", exported, err)
		}
		if n, err := s.EraseContact(ctx, "studio-nine", salon.ContactKey("ana.lima@example.com", "")); err != nil || n != 0 {
			t.Errorf("erasing again: got %d, %v, want 0", n, err)
		}
		// The calendar holds: m1's slot is still booked, and can't be booked again.
		cal, err := s.Window(ctx, "studio-nine", now, at(24))
		if err != nil || cal.Taken[at(2).Unix()] != salon.TakenBooked {
			t.Errorf("the erased booking's slot: got %v, %v, want it booked", cal.Taken, err)
		}
		out, err := s.Spend(ctx, stateID(t.Name(), "again"), goodUntil, hold("again", "studio-nine", at(2)), now)
		if err != nil || out.Taken != salon.TakenBooked {
			t.Errorf("booking the erased booking's slot: got %+v, %v, want it taken", out, err)
		}
		if _, err := s.EraseContact(ctx, "nowhere", "e:ana@example.com"); !errors.Is(err, salon.NoSalon("nowhere")) {
			t.Errorf("an unknown salon: got %v, want NoSalon", err)
		}
		if _, err := s.ContactBookings(ctx, "nowhere", "e:ana@example.com"); !errors.Is(err, salon.NoSalon("nowhere")) {
			t.Errorf("an unknown salon's export: got %v, want NoSalon", err)
		}
	})
}

func TestACustomerErasesTheirOwnBooking(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		ctx := t.Context()
		mine := bookAs(t, s, holdFor("m1", at(2), "Ana Lima", "ana@example.com"))
		other := bookAs(t, s, holdFor("m2", at(3), "Ana Lima", "ana@example.com"))
		if changed, err := s.EraseBooking(ctx, "studio-nine", "m1"); err != nil || !changed {
			t.Fatalf("EraseBooking: got %v, %v, want it erased", changed, err)
		}
		if changed, err := s.EraseBooking(ctx, "studio-nine", "m1"); err != nil || changed {
			t.Errorf("EraseBooking again: got %v, %v, want nothing left to erase", changed, err)
		}
		if got, err := s.Booking(ctx, "studio-nine", "m1"); err != nil || !reflect.DeepEqual(got, erased(mine)) {
			t.Errorf("the booking: got %v, %v, want %v", got, err, erased(mine))
		}
		if got, err := s.Booking(ctx, "studio-nine", "m2"); err != nil || !reflect.DeepEqual(got, other) {
			t.Errorf("the customer's other booking: got %v, %v, want %v untouched", got, err, other)
		}
		for _, tc := range []struct{ salon, id string }{{"studio-nine", "nobody"}, {"elsewhere", "m2"}} {
			if _, err := s.EraseBooking(ctx, tc.salon, tc.id); !errors.Is(err, salon.NoBooking(tc.id)) {
				t.Errorf("EraseBooking(%s, %s): got %v, want NoBooking", tc.salon, tc.id, err)
			}
		}
	})
}

// capped is a hold for Ana at ana@example.com at start, with a cap of max upcoming bookings.
func capped(id string, start time.Time, max int) *salon.Hold {
	h := holdFor(id, start, "Ana Lima", "ana@example.com")
	h.MaxUpcoming = max
	return h
}

func TestTheCapRefusesAContactsBookingPastItAndSpendsNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		for _, menu := range []bool{false, true} {
			t.Run(fmt.Sprintf("menu %v", menu), func(t *testing.T) {
				s, _ := b.withSalon(t)
				if menu {
					s, _ = b.menuSalon(t)
				}
				ctx := t.Context()
				held := func(id string, start time.Time, contact string) *salon.Hold {
					h := capped(id, start, 2)
					h.Contact = contact
					if menu {
						h.Service, h.Minutes, h.Stylists = "cut", 45, []string{"ana", "ben"}
					}
					return h
				}
				// Bookings that have started don't count: they are no longer upcoming.
				for i, start := range []float64{1, 1.5, 2} {
					id := fmt.Sprintf("b%d", i)
					if out, err := s.Spend(ctx, stateID(t.Name(), id), goodUntil, held(id, at(start), "ANA@example.com"), at(start-0.4)); err != nil || out.Booking == nil {
						t.Fatalf("booking %s at %v: got %+v, %v, want it booked", id, at(start-0.4), out, err)
					}
				}
				if n, err := s.Upcoming(ctx, "studio-nine", salon.ContactKey("ana@example.com", ""), now); err != nil || n != 3 {
					t.Fatalf("Upcoming at now: got %d, %v, want 3", n, err)
				}
				// At twoLeft only b2 lies ahead: one more fits, and a third is refused.
				twoLeft := at(1.6)
				if out, err := s.Spend(ctx, stateID(t.Name(), "c2"), goodUntil, held("c2", at(3), "ana@example.com"), twoLeft); err != nil || out.Booking == nil {
					t.Fatalf("the second upcoming: got %+v, %v, want it booked", out, err)
				}
				refusedID := stateID(t.Name(), "c3")
				_, err := s.Spend(ctx, refusedID, goodUntil, held("c3", at(4), " Ana@Example.com "), twoLeft)
				if want := salon.OverCap(2, "Studio Nine"); !errors.Is(err, want) {
					t.Fatalf("the third upcoming: got %v, want %v", err, want)
				}
				// Refused, it spent nothing: the same state books once a booking is cancelled.
				if _, err := s.Cancel(ctx, "studio-nine", "c2"); err != nil {
					t.Fatal(err)
				}
				if out, err := s.Spend(ctx, refusedID, goodUntil, held("c3", at(4), "ana@example.com"), twoLeft); err != nil || out.Booking == nil {
					t.Errorf("the refused state after a cancel: got %+v, %v, want it booked", out, err)
				}
				// Spent, it is spent, cap or no cap.
				if _, err := s.Spend(ctx, refusedID, goodUntil, held("c4", at(5), "ana@example.com"), twoLeft); !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Errorf("the spent state again at the cap: got %v, want ErrAlreadyUsed", err)
				}
				// Another contact, and the same contact with no cap, book on.
				bookAs(t, s, held("bea", at(6), "bea@example.com"))
				uncapped := held("free", at(7), "ana@example.com")
				uncapped.MaxUpcoming = 0
				bookAs(t, s, uncapped)
			})
		}
	})
}

func TestARacingPairAtTheCapBooksOne(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		for _, menu := range []bool{false, true} {
			t.Run(fmt.Sprintf("menu %v", menu), func(t *testing.T) {
				s, _ := b.withSalon(t)
				if menu {
					s, _ = b.menuSalon(t)
				}
				held := func(id string, start time.Time) *salon.Hold {
					h := capped(id, start, 3)
					if menu {
						h.Service, h.Minutes, h.Stylists = "cut", 45, []string{"ana"}
					}
					return h
				}
				for i := range 2 {
					bookAs(t, s, held(fmt.Sprintf("held%d", i), at(float64(2+i))))
				}
				// Rounds of two racing for the third place, each pair on different slots.
				for round := range 8 {
					s.Cancel(t.Context(), "studio-nine", fmt.Sprintf("r%d-0", round-1))
					s.Cancel(t.Context(), "studio-nine", fmt.Sprintf("r%d-1", round-1))
					var wg sync.WaitGroup
					outs := make([]salon.SpendOutcome, 2)
					errs := make([]error, 2)
					for i := range 2 {
						wg.Go(func() {
							id := fmt.Sprintf("r%d-%d", round, i)
							outs[i], errs[i] = s.Spend(t.Context(), stateID(t.Name(), id), goodUntil, held(id, at(float64(10+2*round+i))), now)
						})
					}
					wg.Wait()
					booked, refused := 0, 0
					for i := range 2 {
						switch {
						case errs[i] == nil && outs[i].Booking != nil:
							booked++
						case errors.Is(errs[i], salon.OverCap(3, "Studio Nine")):
							refused++
						default:
							t.Errorf("round %d, customer %d: got %+v, %v, want booked or over the cap", round, i, outs[i], errs[i])
						}
					}
					if booked != 1 || refused != 1 {
						t.Errorf("round %d: got %d booked and %d refused, want 1 and 1", round, booked, refused)
					}
					if n, err := s.Upcoming(t.Context(), "studio-nine", salon.ContactKey("ana@example.com", ""), now); err != nil || n != 3 {
						t.Errorf("round %d: the contact holds %d, %v, want 3", round, n, err)
					}
				}
			})
		}
	})
}

func TestBookingsMadeBeforeTheContactKeysGetThemWhenTheStoreOpens(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		bookAs(t, s, holdFor("old", at(2), "Ana", "Ana@Example.com"))
		bookAs(t, s, holdFor("older", at(3), "Ana", "+44 20 7946 0000"))
		db := raw(t, url)
		if _, err := db.ExecContext(t.Context(), `UPDATE bookings SET contact_key = NULL`); err != nil {
			t.Fatal(err)
		}
		again := openURL(t, url)
		if n := count(t, db, `SELECT count(*) FROM bookings WHERE contact_key IS NULL`); n != 0 {
			t.Errorf("after opening: %d bookings without a contact key, want none", n)
		}
		if n, err := again.Upcoming(t.Context(), "studio-nine", salon.ContactKey("ana@example.com", ""), now); err != nil || n != 1 {
			t.Errorf("Upcoming: got %d, %v, want 1", n, err)
		}
		// One written without a key meanwhile is filled in by an erasure, which then finds it.
		if _, err := db.ExecContext(t.Context(), `UPDATE bookings SET contact_key = NULL WHERE id = $1`, []byte("older")); err != nil {
			t.Fatal(err)
		}
		if n, err := again.EraseContact(t.Context(), "studio-nine", salon.ContactKey("442079460000", "")); err != nil || n != 1 {
			t.Errorf("erasing the phone: got %d, %v, want 1", n, err)
		}
	})
}

func TestTheRetentionSweepErasesWhatEndedLongerAgoOnAClockTheTestMoves(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		ctx := t.Context()
		// A simple salon's booking ends a slot (45 minutes) after it starts.
		early := bookAs(t, s, holdFor("early", at(2), "Ana", "ana@example.com"))
		late := bookAs(t, s, holdFor("late", at(26), "Bea", "bea@example.com"))
		if _, err := s.Cancel(ctx, "studio-nine", "late"); err != nil {
			t.Fatal(err)
		}
		late.Status, late.Sequence = salon.Cancelled, 1
		const retention = 400 * 24 * time.Hour
		clock := at(2).Add(retention) // the early booking started exactly that long ago
		sweep := func(want int64) {
			t.Helper()
			if n, err := s.EraseEnded(ctx, clock.Add(-retention)); err != nil || n != want {
				t.Errorf("sweeping at %v: got %d, %v, want %d erased", clock, n, err, want)
			}
		}
		sweep(0)
		clock = clock.Add(45 * time.Minute) // it ended exactly that long ago: not longer
		sweep(0)
		clock = clock.Add(time.Second)
		sweep(1)
		sweep(0)
		clock = clock.Add(24 * time.Hour) // the late one, cancelled, ended that long ago too
		sweep(1)
		list, err := s.Bookings(ctx, "studio-nine", now, at(48))
		if want := []salon.Booking{erased(early), erased(late)}; err != nil || !reflect.DeepEqual(list, want) {
			t.Errorf("the owner's list: got %v, %v, want %v", list, err, want)
		}
	})
}

func TestTheRetentionSweepErasesAMenuBookingByItsServicesEnd(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.menuSalon(t)
		h := menuHold("colour", at(2), "colour", 90, 30, "ana")
		bookAs(t, s, h)
		for _, tc := range []struct {
			after time.Duration
			want  int64
		}{{89 * time.Minute, 0}, {91 * time.Minute, 1}} {
			if n, err := s.EraseEnded(t.Context(), at(2).Add(tc.after)); err != nil || n != tc.want {
				t.Errorf("%v after its start: got %d, %v, want %d", tc.after, n, err, tc.want)
			}
		}
	})
}

func TestOneInstanceAtATimeSweepsOnPostgreSQL(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		if b.name == "sqlite" {
			t.Skip("SQLite is one instance's database")
		}
		s, url := b.withSalon(t)
		bookAs(t, s, holdFor("old", at(2), "Ana", "ana@example.com"))
		other := raw(t, url)
		tx, err := other.BeginTx(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		var locked bool
		// Another instance sweeping holds the sweep's lock.
		if err := tx.QueryRowContext(t.Context(), `SELECT pg_try_advisory_xact_lock($1)`, store.RetentionLock).Scan(&locked); err != nil || !locked {
			t.Fatalf("taking the sweep's lock: got %v, %v", locked, err)
		}
		if n, err := s.EraseEnded(t.Context(), at(24)); err != nil || n != 0 {
			t.Errorf("sweeping while another instance sweeps: got %d, %v, want 0 and no error", n, err)
		}
		tx.Rollback()
		if n, err := s.EraseEnded(t.Context(), at(24)); err != nil || n != 1 {
			t.Errorf("sweeping once it is done: got %d, %v, want 1", n, err)
		}
	})
}
