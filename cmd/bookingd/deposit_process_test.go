// This file tests deposits through the real binary: killed with SIGKILL after Stripe made a Checkout
// Session but before the hold was written, bookingd leaves no time held, and the same round two
// completes on the next start, on the same session.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"salon/internal/teststripe"
)

// depositSalon is a menu salon open all day, every day, whose colour asks a £20 deposit.
const depositSalon = `{"name":"Deposit Nine","timeZone":"Europe/London","phone":"+44 20 7946 0009","minNoticeMinutes":0,
	"hours":{"mon":[["00:00","23:55"]],"tue":[["00:00","23:55"]],"wed":[["00:00","23:55"]],"thu":[["00:00","23:55"]],
		"fri":[["00:00","23:55"]],"sat":[["00:00","23:55"]],"sun":[["00:00","23:55"]]},
	"currency":"GBP","services":[{"id":"colour","name":"Colour","minutes":90,"afterMinutes":30,"price":8000,"deposit":2000}],
	"stylists":[{"id":"ana","name":"Ana","services":["colour"]}]}`

func TestAKillBetweenStripeAndTheHoldLeavesNoTimeHeldAndTheStateStillGood(t *testing.T) {
	skipShort(t)
	t.Parallel()
	stripe := teststripe.Start(t, time.Now)
	env := calendarEnv(envStripeKey+"=sk_test_kill0123456789", envStripeSecret+"="+stripe.Secret)
	args := []string{"-db", "sqlite:" + filepath.Join(t.TempDir(), "calendar.db"), "-public-url", "https://book.deposit-nine.example", "-stripe-api", stripe.URL}
	p := spawn(t, env, args...)
	if r := call(http.MethodPut, p.base()+"/salons/deposit-nine", ownerToken, depositSalon); r.status != http.StatusOK {
		t.Fatalf("PUT the salon: %s", r)
	}
	open := func(base string) []string {
		r := call(http.MethodGet, base+"/salons/deposit-nine/availability?service=colour", "", "")
		var a struct{ Slots []struct{ Slot string } }
		if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &a) != nil || len(a.Slots) < 2 {
			t.Fatalf("the open times: %s", r)
		}
		// An hour ahead or more, so no time offered passes while the test runs.
		var slots []string
		for _, s := range a.Slots {
			if at, err := time.Parse(time.RFC3339, s.Slot); err == nil && at.After(time.Now().Add(time.Hour)) {
				slots = append(slots, s.Slot)
			}
		}
		return slots
	}
	slots := open(p.base())[:2]
	args1, _ := json.Marshal(map[string]any{"message": "A colour", "openSlots": slots, "service": "colour",
		"customer": map[string]string{"name": "Rosa", "contact": "rosa@example.org"}})
	one := call(http.MethodPost, p.base()+"/salons/deposit-nine/book", "", `{"arguments":`+string(args1)+`}`)
	var asked struct{ RequestState string }
	if one.status != http.StatusOK || json.Unmarshal([]byte(one.body), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one: %s", one)
	}
	roundTwo := fmt.Sprintf(`{"arguments":%s,"inputResponses":{"time":{"action":"accept","content":{"time":%q}}},"requestState":%q}`,
		args1, slots[0], asked.RequestState)

	// Stripe makes the session, and bookingd is killed before it hears of it.
	release := stripe.StallCreates()
	defer release()
	answered := make(chan reply, 1)
	go func() { answered <- call(http.MethodPost, p.base()+"/salons/deposit-nine/book", "", roundTwo) }()
	deadline := time.Now().Add(10 * time.Second)
	for stripe.Calls("create") == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if stripe.Calls("create") != 1 {
		t.Fatal("round two never asked Stripe for a session")
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.rest()
	if ws, ok := processStatus(p.cmd.Wait()); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatal("bookingd wasn't killed by SIGKILL")
	}
	if r := <-answered; r.err == nil {
		t.Errorf("round two answered %s from a killed server", r)
	}
	release()

	// Started again on the same calendar: nothing is held, and nobody was sent to the session.
	q := spawn(t, env, args...)
	if got := open(q.base()); !slices.Contains(got, slots[0]) {
		t.Errorf("%s isn't open after the kill", slots[0])
	}
	if held := ownersBookingsAt(t, q.base(), "deposit-nine"); len(held) != 0 {
		t.Errorf("the calendar holds %d bookings after the kill, want none", len(held))
	}
	// The same round two completes, on the same session: the state was never spent.
	r := call(http.MethodPost, q.base()+"/salons/deposit-nine/book", "", roundTwo)
	var pay struct {
		InputRequests struct {
			Payment struct{ Params struct{ URL string } }
		}
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &pay) != nil {
		t.Fatalf("round two again: %s", r)
	}
	sessions := stripe.Sessions()
	if id, ok := teststripe.PageURL(pay.InputRequests.Payment.Params.URL); len(sessions) != 1 || !ok || id != sessions[0].ID {
		t.Errorf("round two again asks to pay at %s; Stripe holds %d sessions, want the one made before the kill", pay.InputRequests.Payment.Params.URL, len(sessions))
	}
	if held := ownersBookingsAt(t, q.base(), "deposit-nine"); len(held) != 1 || held[0].Status != "awaiting_payment" {
		t.Errorf("the calendar holds %+v, want the one hold", held)
	}
}

// listedAt is a booking as the owner's list shows it, in the few fields these tests read.
type listedAt struct{ Booking, Status string }

// ownersBookingsAt is the owner's list of the salon's bookings.
func ownersBookingsAt(t *testing.T, base, salonID string) []listedAt {
	t.Helper()
	r := call(http.MethodGet, base+"/salons/"+salonID+"/bookings?limit=1000", ownerToken, "")
	var list struct{ Bookings []listedAt }
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &list) != nil {
		t.Fatalf("the owner's list: %s", r)
	}
	return list.Bookings
}
