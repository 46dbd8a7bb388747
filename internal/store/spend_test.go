// This file holds the tests of Spend: booking, every way a slot is taken, single use, and races.

package store_test

import (
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

func TestSpendBooks(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("a free slot is booked and read back as the database holds it", func(t *testing.T) {
			s, url := b.withSalon(t)
			// A start between seconds is kept to the second, and no words at all as none.
			h := hold("bk_01", "studio-nine", at(2).Add(700e6))
			h.Words = ""
			out, err := s.Spend(t.Context(), stateID(t.Name()), goodUntil, h, now.Add(3e8))
			if err != nil {
				t.Fatal(err)
			}
			want := salon.Booking{
				ID: "bk_01", Salon: "studio-nine", Slot: h.Slot, Start: at(2).UTC(),
				Customer: salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}, Words: "",
				BookedAt: now.UTC(), Status: salon.Booked,
			}
			if out.Booking == nil || out.Taken != 0 {
				t.Fatalf("got %+v, want a booking and nothing taken", out)
			}
			if !reflect.DeepEqual(*out.Booking, want) {
				t.Errorf("got %#v, want %#v", *out.Booking, want)
			}
			db := raw(t, url)
			if n := count(t, db, `SELECT count(*) FROM spent_states WHERE id = $1 AND outcome = 'booked' AND booking = $2`,
				bytesOf(stateID(t.Name())), []byte("bk_01")); n != 1 {
				t.Errorf("got %d spends recorded as booked bk_01, want 1", n)
			}
		})

		t.Run("hostile strings are booked as given", func(t *testing.T) {
			s, _ := b.open(t)
			salonID := "x'); DELETE FROM bookings; --\x00\xff"
			if err := s.PutSalon(t.Context(), salonID, studioNine); err != nil {
				t.Fatal(err)
			}
			h := &salon.Hold{
				ID: "id\x00with NUL", Salon: salonID, Slot: "not\xffa slot id", Start: at(2),
				Customer: salon.Customer{Name: "Zoë '; DROP TABLE spent_states; --", Contact: "\xc3\x28"}, Words: "a NUL \x00 here\n\tand 💇 there",
			}
			out, err := s.Spend(t.Context(), stateID(t.Name()), goodUntil, h, now)
			if err != nil || out.Booking == nil {
				t.Fatalf("got %+v, %v, want a booking", out, err)
			}
			got := *out.Booking
			if got.ID != h.ID || got.Salon != h.Salon || got.Slot != h.Slot || got.Name != h.Name ||
				got.Contact != h.Contact || got.Words != h.Words {
				t.Errorf("got %+v, want the hold's strings %+v", got, *h)
			}
			list, err := s.Bookings(t.Context(), salonID, now, at(24))
			if err != nil || len(list) != 1 || !reflect.DeepEqual(list[0], got) {
				t.Errorf("Bookings: got %+v, %v, want [%+v]", list, err, got)
			}
		})
	})
}

func TestSpendSingleUse(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		for _, tc := range []struct {
			name         string
			first, again func(id string) *salon.Hold
		}{
			{"booked, then booking again", func(string) *salon.Hold { return hold("first", "studio-nine", at(2)) },
				func(string) *salon.Hold { return hold("again", "studio-nine", at(3)) }},
			{"declined, then booking", func(string) *salon.Hold { return nil },
				func(string) *salon.Hold { return hold("again", "studio-nine", at(3)) }},
			{"booked, then declining", func(string) *salon.Hold { return hold("first", "studio-nine", at(2)) },
				func(string) *salon.Hold { return nil }},
			{"taken, then booking a free slot", func(string) *salon.Hold { return hold("first", "studio-nine", at(-1)) },
				func(string) *salon.Hold { return hold("again", "studio-nine", at(3)) }},
		} {
			t.Run(tc.name+" is refused and changes nothing", func(t *testing.T) {
				s, _ := b.withSalon(t)
				id := stateID(t.Name())
				if _, err := s.Spend(t.Context(), id, goodUntil, tc.first(""), now); err != nil {
					t.Fatalf("first spend: %v", err)
				}
				before, err := s.Bookings(t.Context(), "studio-nine", at(-24), at(24))
				if err != nil {
					t.Fatal(err)
				}
				out, err := s.Spend(t.Context(), id, goodUntil, tc.again(""), now)
				if !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Fatalf("second spend: got %+v, %v, want ErrAlreadyUsed", out, err)
				}
				if out != (salon.SpendOutcome{}) {
					t.Errorf("second spend's outcome: got %+v, want none", out)
				}
				after, err := s.Bookings(t.Context(), "studio-nine", at(-24), at(24))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(after, before) {
					t.Errorf("bookings: got %v after the refused spend, want %v as before", after, before)
				}
			})
		}
	})
}

func TestAStateWhoseSpendWasSweptBooksNoMore(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		id := stateID(t.Name())
		if _, err := s.Spend(t.Context(), id, goodUntil, hold("first", "studio-nine", at(2)), now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Sweep(t.Context(), goodUntil.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		// Verify would refuse the state by now; the bookings' unique state refuses it below that.
		out, err := s.Spend(t.Context(), id, goodUntil, hold("second", "studio-nine", at(3)), now)
		if !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("got %+v, %v, want ErrAlreadyUsed", out, err)
		}
		list, err := s.Bookings(t.Context(), "studio-nine", now, at(24))
		if err != nil || len(list) != 1 || list[0].ID != "first" {
			t.Errorf("got %v, %v, want the first booking alone", list, err)
		}
	})
}

func TestSpendTaken(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		for _, tc := range []struct {
			name  string
			setup func(t *testing.T, s *store.Store)
			start float64 // hours after now
			want  salon.Taken
		}{
			{"a slot booked by someone else", func(t *testing.T, s *store.Store) {
				if out, err := s.Spend(t.Context(), stateID(t.Name(), "other"), goodUntil, hold("other", "studio-nine", at(2)), now); err != nil || out.Booking == nil {
					t.Fatalf("the other booking: %+v, %v", out, err)
				}
			}, 2, salon.TakenBooked},
			{"a slot the owner closed", func(t *testing.T, s *store.Store) {
				if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(2))); err != nil {
					t.Fatal(err)
				}
			}, 2, salon.TakenClosed},
			{"a slot starting now", func(*testing.T, *store.Store) {}, 0, salon.TakenPast},
			{"a slot already started", func(*testing.T, *store.Store) {}, -1, salon.TakenPast},
		} {
			t.Run(tc.name+" is taken, and the state is spent", func(t *testing.T) {
				s, url := b.withSalon(t)
				tc.setup(t, s)
				id := stateID(t.Name())
				out, err := s.Spend(t.Context(), id, goodUntil, hold("mine", "studio-nine", at(tc.start)), now)
				if err != nil {
					t.Fatal(err)
				}
				if out.Booking != nil || out.Taken != tc.want {
					t.Errorf("got %+v, want no booking, taken %v", out, tc.want)
				}
				if _, err := s.Spend(t.Context(), id, goodUntil, nil, now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Errorf("spending again: got %v, want ErrAlreadyUsed", err)
				}
				db := raw(t, url)
				if n := count(t, db, `SELECT count(*) FROM spent_states WHERE id = $1 AND outcome = 'taken' AND booking IS NULL`, bytesOf(id)); n != 1 {
					t.Errorf("got %d spends recorded as taken, want 1", n)
				}
				if n := count(t, db, `SELECT count(*) FROM bookings WHERE id = $1`, []byte("mine")); n != 0 {
					t.Errorf("got %d bookings by the taken spend, want 0", n)
				}
			})
		}
		if got := fmt.Sprint(salon.TakenBooked, salon.TakenClosed, salon.TakenPast, salon.Taken(0)); got != "booked closed past " {
			t.Errorf("the reasons in words: got %q, want %q", got, "booked closed past ")
		}
	})
}

func TestSpendDeclined(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		id := stateID(t.Name())
		out, err := s.Spend(t.Context(), id, goodUntil, nil, now)
		if err != nil || out != (salon.SpendOutcome{}) {
			t.Fatalf("got %+v, %v, want no outcome and no error", out, err)
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM spent_states WHERE id = $1 AND outcome = 'declined' AND good_until = $2`,
			bytesOf(id), goodUntil.Unix()); n != 1 {
			t.Errorf("got %d spends recorded as declined, want 1", n)
		}
		if n := count(t, db, `SELECT count(*) FROM bookings`); n != 0 {
			t.Errorf("got %d bookings, want 0", n)
		}
	})
}

func TestSpendAtAnUnknownSalonChangesNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		id := stateID(t.Name())
		if _, err := s.Spend(t.Context(), id, goodUntil, hold("b", "elsewhere", at(2)), now); refusal.KindOf(err) != refusal.NotFound {
			t.Fatalf("got %v, want ErrNoSalon", err)
		}
		if out, err := s.Spend(t.Context(), id, goodUntil, hold("b", "studio-nine", at(2)), now); err != nil || out.Booking == nil {
			t.Errorf("the same state at a known salon: got %+v, %v, want a booking", out, err)
		}
	})
}

func TestSpendRaces(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		t.Run("40 customers racing for one slot: one books it, 39 are told it's taken", func(t *testing.T) {
			s, url := b.withSalon(t)
			const racers = 40
			outs, errs := make([]salon.SpendOutcome, racers), make([]error, racers)
			race(racers, func(i int) {
				outs[i], errs[i] = s.Spend(t.Context(), stateID(t.Name(), i), goodUntil, hold(fmt.Sprint("racer", i), "studio-nine", at(2)), now)
			})
			booked, taken := 0, 0
			for i := range racers {
				switch {
				case errs[i] != nil:
					t.Errorf("racer %d: %v", i, errs[i])
				case outs[i].Booking != nil:
					booked++
				case outs[i].Taken == salon.TakenBooked:
					taken++
				default:
					t.Errorf("racer %d: got %+v, want booked or taken", i, outs[i])
				}
			}
			if booked != 1 || taken != racers-1 {
				t.Errorf("got %d booked and %d taken, want 1 and %d", booked, taken, racers-1)
			}
			db := raw(t, url)
			if n := count(t, db, `SELECT count(*) FROM spent_states`); n != racers {
				t.Errorf("got %d states spent, want %d", n, racers)
			}
			if n := count(t, db, `SELECT count(*) FROM bookings`); n != 1 {
				t.Errorf("got %d bookings, want 1", n)
			}
			for i := range racers {
				if _, err := s.Spend(t.Context(), stateID(t.Name(), i), goodUntil, nil, now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
					t.Errorf("racer %d spending again: got %v, want ErrAlreadyUsed", i, err)
				}
			}
		})

		t.Run("one state spent by 20 at once: one succeeds, 19 are refused", func(t *testing.T) {
			s, url := b.withSalon(t)
			const racers = 20
			id := stateID(t.Name())
			outs, errs := make([]salon.SpendOutcome, racers), make([]error, racers)
			race(racers, func(i int) {
				// Each accepts another of the times, as copies of one round two might.
				outs[i], errs[i] = s.Spend(t.Context(), id, goodUntil, hold(fmt.Sprint("copy", i), "studio-nine", at(float64(2+i))), now)
			})
			ok, refused := 0, 0
			for i := range racers {
				switch {
				case errs[i] == nil && outs[i].Booking != nil:
					ok++
				case errors.Is(errs[i], requeststate.ErrAlreadyUsed):
					refused++
				default:
					t.Errorf("copy %d: got %+v, %v, want a booking or ErrAlreadyUsed", i, outs[i], errs[i])
				}
			}
			if ok != 1 || refused != racers-1 {
				t.Errorf("got %d successes and %d refusals, want 1 and %d", ok, refused, racers-1)
			}
			if n := count(t, raw(t, url), `SELECT count(*) FROM bookings`); n != 1 {
				t.Errorf("got %d bookings, want 1", n)
			}
		})

		t.Run("closing a slot while it is being booked ends with one of the two", func(t *testing.T) {
			s, url := b.withSalon(t)
			const rounds = 20
			for i := range rounds {
				slot := at(float64(2 + i))
				var out salon.SpendOutcome
				var spendErr, closeErr error
				var wg sync.WaitGroup
				start := make(chan struct{})
				wg.Go(func() {
					<-start
					out, spendErr = s.Spend(t.Context(), stateID(t.Name(), i), goodUntil, hold(fmt.Sprint("b", i), "studio-nine", slot), now)
				})
				wg.Go(func() {
					<-start
					closeErr = s.CloseSlot(t.Context(), "studio-nine", slotAt(slot))
				})
				close(start)
				wg.Wait()
				if spendErr != nil {
					t.Fatalf("round %d: Spend: %v", i, spendErr)
				}
				switch {
				case out.Booking != nil && refusal.KindOf(closeErr) == refusal.Conflict:
				case out.Taken == salon.TakenClosed && closeErr == nil:
				default:
					t.Fatalf("round %d: got spend %+v and close %v, want booked and ErrSlotBooked, or closed and taken", i, out, closeErr)
				}
			}
			db := raw(t, url)
			if n := count(t, db, `SELECT count(*) FROM bookings b JOIN closed_slots c ON c.salon = b.salon AND c.starts_at = b.starts_at`); n != 0 {
				t.Errorf("got %d slots both booked and closed, want 0", n)
			}
		})
	})
}

// race runs run(i) for each i below n, every one released at the same moment, and waits for them all.
func race(n int, run func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			run(i)
		})
	}
	close(start)
	wg.Wait()
}

func TestABookingThatWaitsOnACloseSeesTheClosedSlot(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		db := raw(t, url)
		// A close under way, as CloseSlot makes it: the salon's row locked, the slot written, not committed.
		closing, err := db.BeginTx(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer closing.Rollback()
		if b.name == "postgres" {
			if _, err := closing.ExecContext(t.Context(), `SELECT 1 FROM salons WHERE id = $1 FOR UPDATE`, []byte("studio-nine")); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := closing.ExecContext(t.Context(), `INSERT INTO closed_slots (salon, starts_at) VALUES ($1, $2)`,
			[]byte("studio-nine"), at(2).Unix()); err != nil {
			t.Fatal(err)
		}
		type result struct {
			out salon.SpendOutcome
			err error
		}
		done := make(chan result, 1)
		go func() {
			out, err := s.Spend(t.Context(), stateID(t.Name()), goodUntil, hold("b1", "studio-nine", at(2)), now)
			done <- result{out, err}
		}()
		awaitWaiting(t, b, db, done)
		if err := closing.Commit(); err != nil {
			t.Fatal(err)
		}
		r := <-done
		if r.err != nil || r.out.Booking != nil || r.out.Taken != salon.TakenClosed {
			t.Errorf("got %+v, %v, want nothing booked, taken as closed", r.out, r.err)
		}
	})
}

// awaitWaiting returns once the spend under way is waiting for a lock: on PostgreSQL once a
// session waits on one, on SQLite, which can't say, after a while. It fails the test if the spend
// ends first.
func awaitWaiting[T any](t *testing.T, b backend, db *sql.DB, done <-chan T) {
	t.Helper()
	if b.name == "sqlite" {
		select {
		case r := <-done:
			t.Fatalf("the spend didn't wait for the close: got %+v", r)
		case <-time.After(200 * time.Millisecond):
		}
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`) == 0 {
		select {
		case r := <-done:
			t.Fatalf("the spend didn't wait for the close: got %+v", r)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the spend isn't waiting on a lock after 5s")
		}
	}
}
