// This file tests texts through the real binary, with Twilio's stand-in: a booking with a phone
// contact is texted in E.164, its status called back signed as Twilio signs it is taken, a forged
// one is refused and changes nothing, and neither the token nor the customer's number is logged.

package main

import (
	"database/sql"
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salon/internal/testtwilio"
)

func TestABookingIsTextedAndItsStatusCalledBack(t *testing.T) {
	skipShort(t)
	t.Parallel()
	twilio := testtwilio.Start(t)
	dir := t.TempDir()
	// Twilio calls back the public address bookingd gives it: here, its own.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	p := spawn(t, calendarEnv(envTwilioSID+"="+twilio.AccountSID, envTwilioToken+"="+twilio.AuthToken),
		"-addr", addr, "-public-url", "http://"+addr,
		"-db", "sqlite:"+filepath.Join(dir, "calendar.db"), "-sms-from", twilio.From, "-twilio-api", twilio.URL)
	putNightOwls(t, p.base())
	slots := slotsAhead(1)
	patron := newPatron(1, slots...)
	patron.contact = "07700 900456"
	if err := patron.ask(p.base(), slots[0]); err != nil {
		t.Fatal(err)
	}
	if r := patron.accept(p.base(), slots[0]); r.status != http.StatusOK {
		t.Fatalf("round two: %s", r)
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(twilio.Messages()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	sent := twilio.Messages()
	if len(sent) != 1 || sent[0].To != "+447700900456" || !strings.Contains(sent[0].Body, "is booked.") {
		t.Fatalf("the stand-in took %+v, want the confirmation to +447700900456", sent)
	}
	if !strings.HasSuffix(sent[0].Callback, "/sms/twilio/status") {
		t.Fatalf("the text asks for its status at %q", sent[0].Callback)
	}
	lastText := func() string {
		list := call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/bookings", ownerToken, "")
		var listed struct{ Bookings []struct{ LastText string } }
		if json.Unmarshal([]byte(list.body), &listed) != nil || len(listed.Bookings) != 1 {
			t.Fatalf("the owner's list: %s", list)
		}
		return listed.Bookings[0].LastText
	}
	if status := twilio.Report(t, sent[0].SID, "failed", "a-forged-token"); status != http.StatusBadRequest {
		t.Errorf("a forged callback answered %d, want 400", status)
	}
	if got := lastText(); got != "queued" {
		t.Errorf("after a forged callback the owner sees the last text %q, want queued", got)
	}
	if status := twilio.Report(t, sent[0].SID, "delivered", twilio.AuthToken); status != http.StatusOK {
		t.Errorf("Twilio's callback answered %d, want 200", status)
	}
	if got := lastText(); got != "delivered" {
		t.Errorf("the owner sees the last text %q, want delivered", got)
	}
	for _, line := range p.lines() {
		if strings.Contains(line, twilio.AuthToken) || strings.Contains(line, "900456") {
			t.Errorf("a log line holds the token or the number: %s", line)
		}
	}
}

func TestAKillWhile200BookingsAreTextedLosesNoTextAndInventsNone(t *testing.T) {
	skipShort(t)
	t.Parallel()
	const n, workers = 200, 32
	twilio := testtwilio.Start(t)
	twilio.Slow(50 * time.Millisecond) // so texts are in flight when the kill comes
	db := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	env := calendarEnv(envTwilioSID+"="+twilio.AccountSID, envTwilioToken+"="+twilio.AuthToken, envTestFirstRetry+"=200ms")
	args := []string{"-db", db, "-sms-from", twilio.From, "-twilio-api", twilio.URL}
	p := spawn(t, env, args...)
	putNightOwls(t, p.base())
	slots := slotsAhead(n)
	patrons := patronsFor(slots)
	askAll(t, patrons, p.base())

	// The kill comes once a third of the bookings are answered and texting has begun.
	var answered atomic.Int64
	var kill sync.Once
	acceptAll(p.base(), patrons, slots, workers, func(_ int, r reply) {
		if r.err == nil {
			answered.Add(1)
		}
		if answered.Load() >= n/3 && twilio.Calls() >= 1 {
			kill.Do(func() { _ = p.cmd.Process.Signal(syscall.SIGKILL) })
		}
	})
	p.rest()
	if ws, ok := processStatus(p.cmd.Wait()); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatal("bookingd wasn't killed by SIGKILL")
	}
	time.Sleep(100 * time.Millisecond) // the sends the kill cut off reach the stand-in
	raw, err := sql.Open("sqlite", strings.TrimPrefix(db, "sqlite:"))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	numbers := map[string]bool{}
	rows, err := raw.Query(`SELECT contact FROM bookings`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var contact []byte
		if err := rows.Scan(&contact); err != nil {
			t.Fatal(err)
		}
		numbers["+"+strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, string(contact))] = true
	}
	rows.Close()
	var told int
	if err := raw.QueryRow(`SELECT count(*) FROM deliveries WHERE target = 'text' AND delivered_at IS NOT NULL`).Scan(&told); err != nil {
		t.Fatal(err)
	}
	taken := len(twilio.Messages())
	inFlight := taken - told
	t.Logf("at the kill: %d of %d round twos answered, %d bookings, %d texts taken by Twilio, %d of them recorded as told",
		answered.Load(), n, len(numbers), taken, told)
	if len(numbers) >= n || taken == 0 || taken >= len(numbers) {
		t.Errorf("the kill didn't land mid-booking and mid-texting: %d bookings of %d, %d texts", len(numbers), n, taken)
	}

	again := spawn(t, env, args...)
	texted := func() map[string]int {
		by := map[string]int{}
		for _, m := range twilio.Messages() {
			by[m.To]++
		}
		return by
	}
	for deadline := time.Now().Add(60 * time.Second); len(texted()) < len(numbers) && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // anything more would be invented or a duplicate
	by := texted()
	for number := range numbers {
		if by[number] == 0 {
			t.Errorf("the booking of %s was never texted", number)
		}
	}
	duplicates := 0
	for number, count := range by {
		if !numbers[number] {
			t.Errorf("%s was texted, but holds no booking", number)
		}
		duplicates += count - 1
	}
	t.Logf("%d bookings texted with %d texts: %d duplicates, the %d texts in flight at the kill", len(numbers), len(twilio.Messages()), duplicates, inFlight)
	if duplicates != inFlight {
		t.Errorf("%d duplicates, want exactly the %d texts in flight at the kill", duplicates, inFlight)
	}
	again.cmd.Process.Signal(syscall.SIGTERM)
}
