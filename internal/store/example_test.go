// This file holds the store's example: registering a salon and booking one of its slots.

package store_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

func Example() {
	dir, _ := os.MkdirTemp("", "calendar-")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	// The store reads the time only from the clock it is handed: here one stopped on a Tuesday.
	now := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	s, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "calendar.db"), func() time.Time { return now })
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	_ = s.PutSalon(ctx, "studio-nine", salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours:       salon.Hours{time.Saturday: {{Start: 9 * 60, End: 17 * 60}}},
		SlotMinutes: 45, HorizonDays: 14,
	})

	// Round two accepted Saturday at 09:00: spend its state and book the slot, in one transaction.
	start := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	hold := &salon.Hold{
		ID: "bk_7Qx2", Salon: "studio-nine", Slot: start.Format(time.RFC3339), Start: start,
		Customer: salon.Customer{Name: "Ana Lima", Contact: "+44 7700 900123"}, Words: "A cut on Saturday morning?",
	}
	out, err := s.Spend(ctx, sha256.Sum256([]byte("a state's MAC")), now.Add(2*time.Minute), hold, now)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Booking.ID, out.Booking.Slot, out.Booking.Status, out.Booking.Name)

	// Another customer's round two for the same slot is told it was taken.
	hold.ID = "bk_9Lm4"
	out, _ = s.Spend(ctx, sha256.Sum256([]byte("another state's MAC")), now.Add(2*time.Minute), hold, now)
	fmt.Println(out.Booking == nil, out.Taken)

	// The same state again is refused.
	_, err = s.Spend(ctx, sha256.Sum256([]byte("a state's MAC")), now.Add(2*time.Minute), nil, now)
	fmt.Println(err)
	// Output:
	// bk_7Qx2 2026-12-05T09:00:00Z booked Ana Lima
	// true booked
	// requestState was already used
}
