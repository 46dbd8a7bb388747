// This file tests bookings held for their deposit, straight through the store on both databases: a
// hold blocks its time as a booking does, is booked or released once however often and however
// late Stripe tells, and round three's state is single use.

package store_test

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salon/internal/refusal"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

// depositHold is a hold of Ana's colour at start that waits for a deposit of £20 on the session checkout.
func depositHold(id string, start time.Time, checkout string) *salon.Hold {
	h := menuHold(id, start, "colour", 90, 30, "ana")
	h.Deposit = &salon.Deposit{Amount: 2000, Checkout: checkout, URL: "https://checkout.example/" + checkout, PayUntil: now.Add(30 * time.Minute)}
	return h
}

// held spends state id for h and wants the hold made.
func held(t *testing.T, s *store.Store, id string, h *salon.Hold) salon.Booking {
	t.Helper()
	out, err := s.Spend(t.Context(), stateID(id), goodUntil, h, now)
	if err != nil || out.Booking == nil {
		t.Fatalf("holding %s: %+v, %v", h.ID, out, err)
	}
	return *out.Booking
}

func TestAHeldTimeBlocksItAsABookingDoesUntilReleased(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.menuSalon(t)
		ten := at(2)
		h := held(t, s, "hold", depositHold("h1", ten, "cs_1"))
		if h.Status != salon.AwaitingPayment || h.Deposit == nil || h.Deposit.Status != salon.DepositAwaiting ||
			h.Deposit.Amount != 2000 || h.Deposit.Checkout != "cs_1" || h.Deposit.URL != "https://checkout.example/cs_1" {
			t.Fatalf("the hold reads back as %+v (deposit %+v)", h, h.Deposit)
		}
		// Another customer paying for the same chair, or any overlapping span of it, finds it taken.
		for i, start := range []time.Time{ten, ten.Add(time.Hour), ten.Add(-30 * time.Minute)} {
			other := depositHold(fmt.Sprintf("other-%d", i), start, fmt.Sprintf("cs_other_%d", i))
			if out, err := s.Spend(t.Context(), stateID("other", i), goodUntil, other, now); err != nil || out.Booking != nil || out.Taken != salon.TakenBooked {
				t.Errorf("a second hold at %s: %+v, %v; want taken", start.Format(time.Kitchen), out, err)
			}
			plain := menuHold(fmt.Sprintf("plain-%d", i), start, "cut", 45, 0, "ana")
			if out, err := s.Spend(t.Context(), stateID("plain", i), goodUntil, plain, now); err != nil || out.Booking != nil {
				t.Errorf("a booking at %s: %+v, %v; want taken", start.Format(time.Kitchen), out, err)
			}
		}
		// The database itself refuses a row written over the hold's cells.
		db := raw(t, url)
		if _, err := db.Exec(`INSERT INTO booking_cells (salon, stylist, cell, booking) VALUES ($1, 'ana', $2, $3)`,
			[]byte("studio-nine"), ten.Unix()/300+3, []byte("h1")); err == nil {
			t.Error("a cell of the hold written again, straight through the database, was taken")
		}
		// The hold tells nobody: no booking.created until it is paid.
		if n := count(t, db, `SELECT count(*) FROM events WHERE booking = $1`, []byte("h1")); n != 0 {
			t.Errorf("the hold wrote %d events, want none", n)
		}
		// Its spans show as taken to the open-time reads.
		spans, err := s.Spans(t.Context(), "studio-nine", ten, ten.Add(time.Hour))
		if err != nil || len(spans) != 1 || spans[0].Stylist != "ana" {
			t.Errorf("the spans at ten: %+v, %v; want the hold's", spans, err)
		}
		// The owner can't cancel or move it: it is booked, or released, by the payment.
		if _, err := s.Cancel(t.Context(), "studio-nine", "h1"); refusal.KindOf(err) != refusal.Conflict {
			t.Errorf("the owner cancelling the hold: %v, want a conflict", err)
		}
		// Released, its time is open again, and its state is still the spend it was.
		got, changed, err := s.Release(t.Context(), "h1", "cs_1", "evt_expired", now)
		if err != nil || !changed || got.Status != salon.Cancelled || got.Deposit.Status != salon.DepositReleased {
			t.Fatalf("Release: %+v, %v, %v", got, changed, err)
		}
		if out, err := s.Spend(t.Context(), stateID("after"), goodUntil, menuHold("after", ten, "cut", 45, 0, "ana"), now); err != nil || out.Booking == nil {
			t.Errorf("a booking at ten once the hold is released: %+v, %v", out, err)
		}
	})
}

func TestAHoldIsBookedOnceHoweverOftenAndLateStripeTells(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.menuSalon(t)
		held(t, s, "hold", depositHold("h1", at(2), "cs_1"))
		// The completed event, sent three times, and then the expired one out of order.
		for i := range 3 {
			got, changed, err := s.Paid(t.Context(), "h1", "cs_1", "pi_1", "evt_paid", now)
			if err != nil || changed != (i == 0) || got.Status != salon.Booked || got.Deposit.Status != salon.DepositPaid || got.Deposit.Payment != "pi_1" {
				t.Fatalf("Paid, time %d: %+v, changed %v, %v", i+1, got, changed, err)
			}
		}
		// The same news read from Stripe by the sweep (no event id) changes nothing either.
		if _, changed, err := s.Paid(t.Context(), "h1", "cs_1", "pi_1", "", now); err != nil || changed {
			t.Errorf("Paid again from the sweep: changed %v, %v", changed, err)
		}
		if got, changed, err := s.Release(t.Context(), "h1", "cs_1", "evt_late_expired", now); err != nil || changed || got.Status != salon.Booked {
			t.Errorf("an expiry after the payment: %+v, changed %v, %v; want booked still", got, changed, err)
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM events WHERE booking = $1 AND type = 'booking.created'`, []byte("h1")); n != 1 {
			t.Errorf("booking.created was told %d times, want once", n)
		}
		// Another session's event, or an unknown booking's, is no booking of this service.
		if _, _, err := s.Paid(t.Context(), "h1", "cs_other", "pi_2", "evt_other", now); refusal.KindOf(err) != refusal.NotFound {
			t.Errorf("Paid on another session: %v, want not found", err)
		}
		if _, _, err := s.Paid(t.Context(), "nobody", "cs_1", "pi_2", "evt_nobody", now); refusal.KindOf(err) != refusal.NotFound {
			t.Errorf("Paid for an unknown booking: %v, want not found", err)
		}
		// A released hold stays released when a late payment event comes.
		held(t, s, "second", depositHold("h2", at(5), "cs_2"))
		if _, changed, err := s.Release(t.Context(), "h2", "cs_2", "evt_exp_2", now); err != nil || !changed {
			t.Fatalf("Release: %v, %v", changed, err)
		}
		if got, changed, err := s.Paid(t.Context(), "h2", "cs_2", "pi_3", "evt_paid_2", now); err != nil || changed || got.Status != salon.Cancelled {
			t.Errorf("a payment after the release: %+v, changed %v, %v; want released still", got, changed, err)
		}
	})
}

func TestTwoInstancesTakingOneHoldsEventsBookItOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.menuSalon(t)
		other := openURL(t, url)
		held(t, s, "hold", depositHold("h1", at(2), "cs_1"))
		var wg sync.WaitGroup
		var booked, released atomic.Int32
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				on := []*store.Store{s, other}[i%2]
				event := fmt.Sprintf("evt_%d", i%4) // each event delivered four times
				var changed bool
				var err error
				if i%5 == 4 {
					_, changed, err = on.Release(t.Context(), "h1", "cs_1", "evt_exp_"+event, now)
					if changed {
						released.Add(1)
					}
				} else {
					_, changed, err = on.Paid(t.Context(), "h1", "cs_1", "pi_1", event, now)
					if changed {
						booked.Add(1)
					}
				}
				if err != nil {
					t.Errorf("event %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if booked.Load()+released.Load() != 1 {
			t.Fatalf("%d calls booked and %d released the one hold; want one change in all", booked.Load(), released.Load())
		}
		db := raw(t, url)
		want := int(booked.Load())
		if n := count(t, db, `SELECT count(*) FROM events WHERE booking = $1`, []byte("h1")); n != want {
			t.Errorf("%d events told, want %d", n, want)
		}
	})
}

func TestHoldsDueAreThoseWaitingPastTheirSession(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.menuSalon(t)
		held(t, s, "a", depositHold("h1", at(2), "cs_1"))
		late := depositHold("h2", at(5), "cs_2")
		late.Deposit.PayUntil = now.Add(2 * time.Hour)
		held(t, s, "b", late)
		held(t, s, "c", depositHold("h3", at(8), "cs_3"))
		if _, _, err := s.Paid(t.Context(), "h3", "cs_3", "pi_3", "", now); err != nil {
			t.Fatal(err)
		}
		due, err := s.HoldsDue(t.Context(), now.Add(time.Hour), 10)
		if err != nil || len(due) != 1 || due[0].ID != "h1" {
			t.Fatalf("due an hour on: %+v, %v; want h1 alone", due, err)
		}
		if due, err := s.HoldsDue(t.Context(), now.Add(3*time.Hour), 1); err != nil || len(due) != 1 || due[0].ID != "h1" {
			t.Errorf("the first due three hours on: %+v, %v; want h1", due, err)
		}
	})
}

func TestRoundThreesStateIsSpentOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.menuSalon(t)
		held(t, s, "hold", depositHold("h1", at(2), "cs_1"))
		got, err := s.SpendPaying(t.Context(), stateID("third"), goodUntil, "studio-nine", "h1")
		if err != nil || got.Status != salon.AwaitingPayment {
			t.Fatalf("SpendPaying: %+v, %v; want the hold waiting", got, err)
		}
		if _, err := s.SpendPaying(t.Context(), stateID("third"), goodUntil, "studio-nine", "h1"); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("the same state again: %v, want already used", err)
		}
		if _, _, err := s.Paid(t.Context(), "h1", "cs_1", "pi_1", "evt_1", now); err != nil {
			t.Fatal(err)
		}
		got, err = s.SpendPaying(t.Context(), stateID("fourth"), goodUntil, "studio-nine", "h1")
		if err != nil || got.Status != salon.Booked {
			t.Errorf("SpendPaying once paid: %+v, %v; want booked", got, err)
		}
		spent, found, err := s.SpentState(t.Context(), stateID("fourth"))
		if err != nil || !found || spent.Outcome != "booked" || spent.Booking == nil || spent.Booking.ID != "h1" {
			t.Errorf("the spend once paid reads %+v, %v, %v", spent, found, err)
		}
		if _, err := s.SpendPaying(t.Context(), stateID("fifth"), goodUntil, "another-salon", "h1"); refusal.KindOf(err) != refusal.NotFound {
			t.Errorf("SpendPaying at another salon: %v, want not found", err)
		}
		plain := held(t, s, "plain", menuHold("p1", at(6), "cut", 45, 0, "ana"))
		if _, err := s.SpendPaying(t.Context(), stateID("sixth"), goodUntil, "studio-nine", plain.ID); refusal.KindOf(err) != refusal.NotFound {
			t.Errorf("SpendPaying for a booking with no deposit: %v, want not found", err)
		}
	})
}

func TestACancelOfAPaidDepositWritesItsRefundInTheSameTransaction(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.menuSalon(t)
		for i, id := range []string{"given", "kept"} {
			held(t, s, id, depositHold(id, at(2+3*float64(i)), "cs_"+id))
			if _, _, err := s.Paid(t.Context(), id, "cs_"+id, "pi_"+id, "", now); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Cancel(t.Context(), "studio-nine", "given"); err != nil {
			t.Fatal(err)
		}
		kept, err := s.CancelKeepingDeposit(t.Context(), "studio-nine", "kept")
		if err != nil || kept.Deposit.Status != salon.DepositKept {
			t.Fatalf("CancelKeepingDeposit: %+v, %v", kept.Deposit, err)
		}
		db := raw(t, url)
		refunds := func(id string) int {
			return count(t, db, `SELECT count(*) FROM deliveries d JOIN events e ON e.id = d.event
				WHERE d.target = 'refund' AND e.booking = $1`, []byte(id))
		}
		if refunds("given") != 1 || refunds("kept") != 0 {
			t.Errorf("refunds written: %d of the given deposit, %d of the kept one; want 1 and 0", refunds("given"), refunds("kept"))
		}
		// Only an instance that makes refunds claims one.
		if got, err := s.Claim(t.Context(), "mail-only", now, time.Minute, 100, store.ClaimMail); err != nil || len(got) != 0 {
			t.Errorf("a claim of mail alone: %+v, %v", got, err)
		}
		got, err := s.Claim(t.Context(), "payer", now, time.Minute, 100, store.ClaimRefunds)
		if err != nil || len(got) != 1 || got[0].Target != store.RefundTarget || got[0].Event.Booking != "given" {
			t.Fatalf("a claim of refunds: %+v, %v", got, err)
		}
		if err := s.Refunded(t.Context(), "given"); err != nil {
			t.Fatal(err)
		}
		if err := s.Refunded(t.Context(), "kept"); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[string]salon.DepositStatus{"given": salon.DepositRefunded, "kept": salon.DepositKept} {
			if b, err := s.Hold(t.Context(), "studio-nine", id); err != nil || b.Deposit.Status != want {
				t.Errorf("%s: %+v, %v; want %s", id, b.Deposit, err, want)
			}
		}
	})
}
