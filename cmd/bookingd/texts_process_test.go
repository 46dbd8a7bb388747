// This file tests texts through the real binary, with Twilio's stand-in: a booking with a phone
// contact is texted in E.164, its status called back signed as Twilio signs it is taken, a forged
// one is refused and changes nothing, and neither the token nor the customer's number is logged.

package main

import (
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"strings"
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
