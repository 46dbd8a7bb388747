// This file tests the bounds that keep a salon hard to abuse, written straight through the store:
// the webhooks a salon may have, the pace of its bookings, a customer's own moves, and a
// contact's messages of a day.

package store_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

func TestASalonHoldsAtMostTwentyWebhooksWhateverInstancePutsThem(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		other := openURL(t, url)
		ctx := t.Context()
		const tries = store.MaxWebhooks + 6
		errs := make([]error, tries)
		var wg sync.WaitGroup
		for i := range tries {
			wg.Go(func() {
				on := s
				if i%2 == 1 {
					on = other
				}
				_, errs[i] = on.PutWebhook(ctx, salon.Webhook{Salon: "studio-nine", ID: fmt.Sprintf("w%d", i),
					URL: "https://hooks.example/a", Events: salon.EventTypes, Secret: "whsec_x"})
			})
		}
		wg.Wait()
		made, refused := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				made++
			case err.Error() == "a salon has at most 20 webhooks":
				refused++
			default:
				t.Errorf("a put: %v", err)
			}
		}
		if made != store.MaxWebhooks || refused != tries-store.MaxWebhooks {
			t.Errorf("got %d made and %d refused, want %d and %d", made, refused, store.MaxWebhooks, tries-store.MaxWebhooks)
		}
		if n := count(t, raw(t, url), `SELECT count(*) FROM webhooks`); n != store.MaxWebhooks {
			t.Errorf("the table holds %d webhooks, want %d", n, store.MaxWebhooks)
		}
		// At the bound, a webhook that exists can still be changed, and one deleted makes room.
		list, err := s.Webhooks(ctx, "studio-nine")
		if err != nil || len(list) == 0 {
			t.Fatalf("Webhooks: %v, %v", len(list), err)
		}
		first := list[0].Webhook
		first.URL = "https://hooks.example/changed"
		if created, err := s.PutWebhook(ctx, first); err != nil || created {
			t.Errorf("changing a webhook at the bound: got created %v, %v, want changed", created, err)
		}
		if _, err := s.DeleteWebhook(ctx, "studio-nine", first.ID); err != nil {
			t.Fatal(err)
		}
		if created, err := other.PutWebhook(ctx, salon.Webhook{Salon: "studio-nine", ID: "after", URL: "https://hooks.example/a",
			Events: salon.EventTypes, Secret: "whsec_y"}); err != nil || !created {
			t.Errorf("a put after a delete: got created %v, %v, want created", created, err)
		}
	})
}

func TestBookedSinceCountsEveryInstancesBookingsOfTheMinuteWhateverBecameOfThem(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		other := openURL(t, url)
		ctx := t.Context()
		for i, at := range []time.Duration{-2 * time.Minute, -50 * time.Second, -10 * time.Second} {
			on := s
			if i%2 == 1 {
				on = other
			}
			id := fmt.Sprintf("b%d", i)
			if out, err := on.Spend(ctx, stateID(t.Name(), id), goodUntil, hold(id, "studio-nine", now.Add(time.Duration(i+2)*time.Hour)), now.Add(at)); err != nil || out.Booking == nil {
				t.Fatalf("booking %s: %+v, %v", id, out, err)
			}
		}
		if _, err := s.Cancel(ctx, "studio-nine", "b1"); err != nil {
			t.Fatal(err)
		}
		n, first, err := other.BookedSince(ctx, "studio-nine", now.Add(-time.Minute))
		if err != nil || n != 2 || !first.Equal(now.Add(-50*time.Second)) {
			t.Errorf("the last minute: got %d, first %v, %v; want 2, the cancelled one included, first 50 s ago", n, first, err)
		}
		if n, first, err := s.BookedSince(ctx, "nowhere", now.Add(-time.Minute)); err != nil || n != 0 || !first.IsZero() {
			t.Errorf("a salon with none: got %d, %v, %v", n, first, err)
		}
	})
}

func TestOnlyTheCustomersOwnMovesCountAgainstTheirBound(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		book(t, s, "b1", at(5))
		to := func(h float64) func(salon.Booking) (salon.Move, error) {
			return func(salon.Booking) (salon.Move, error) { return salon.Move{Slot: salon.NewSlot(at(h), time.UTC)}, nil }
		}
		if _, _, err := s.Move(t.Context(), "studio-nine", "b1", to(6)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.MoveSpend(t.Context(), stateID(t.Name(), "m1"), goodUntil, "studio-nine", "b1", to(7)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, raw(t, url), `SELECT own_moves FROM bookings`); n != 1 {
			t.Errorf("own_moves after the owner's move and the customer's: got %d, want 1", n)
		}
		got, err := s.Booking(t.Context(), "studio-nine", "b1")
		if err != nil || got.CustomerMoves != 1 || got.Sequence != 2 {
			t.Errorf("the booking: got %+v, %v; want one own move of two", got, err)
		}
	})
}

func TestAContactsMessagesTakeTenPlacesADayFromEveryInstanceAtOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		other := openURL(t, url)
		mailable := store.Telling{Mailable: func(c string) bool { return strings.Contains(c, "@") }}
		s.Tell(mailable)
		other.Tell(mailable)
		ctx := t.Context()
		const bookings = 14
		for i := range bookings {
			contact := []string{"stranger@example.org", "Stranger@Example.ORG"}[i%2]
			bookAs(t, s, holdFor(fmt.Sprintf("m%02d", i), at(float64(2+i)), "Someone", contact))
		}
		bookAs(t, s, holdFor("another", at(30), "Another", "another@example.org"))
		claimed, err := s.Claim(ctx, "test", now, time.Minute, 100, store.ClaimMail)
		if err != nil || len(claimed) != bookings+1 {
			t.Fatalf("Claim: %d deliveries, %v; want %d mails", len(claimed), err, bookings+1)
		}
		placed := make([]bool, len(claimed))
		var wg sync.WaitGroup
		for i, d := range claimed {
			wg.Go(func() {
				on := s
				if i%2 == 1 {
					on = other
				}
				b, err := on.Booking(ctx, "studio-nine", d.Event.Booking)
				if err != nil {
					t.Error(err)
					return
				}
				if placed[i], err = on.ReserveMessage(ctx, d, salon.ContactKey(b.Contact, ""), now, 10); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		stranger, another := 0, 0
		for i, d := range claimed {
			switch {
			case placed[i] && d.Event.Booking == "another":
				another++
			case placed[i]:
				stranger++
			}
		}
		if stranger != 10 || another != 1 {
			t.Errorf("places taken: %d of the stranger's %d messages and %d of another's; want 10 and 1", stranger, bookings, another)
		}
		// A message that has its place keeps it when tried again; a day later there is room again.
		for i, d := range claimed {
			again, err := other.ReserveMessage(ctx, d, salon.ContactKey(map[bool]string{true: "another@example.org", false: "stranger@example.org"}[d.Event.Booking == "another"], ""), now.Add(time.Hour), 10)
			if err != nil || again != placed[i] {
				t.Errorf("message %d tried again: got %v, %v, want %v", i, again, err, placed[i])
			}
		}
		for i, d := range claimed {
			if !placed[i] {
				if ok, err := s.ReserveMessage(ctx, d, "stranger@example.org", now.Add(25*time.Hour), 10); err != nil || !ok {
					t.Errorf("a message a day later: got %v, %v, want its place", ok, err)
				}
				break
			}
		}
	})
}
