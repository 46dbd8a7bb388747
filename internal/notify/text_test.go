// This file tests texts through Twilio's stand-in: a phone contact is texted its confirmation and
// its cancellation in its E.164 form, within two segments; a number that unsubscribed is never
// texted again at that salon; a 429 is tried again.

package notify_test

import (
	"strings"
	"testing"
	"time"

	"salon/internal/mail"
	"salon/internal/notify"
	"salon/internal/salon"
	"salon/internal/sms"
	"salon/internal/store"
	"salon/internal/testtwilio"
)

// texting starts w's dispatcher texting through a Twilio stand-in, and returns the stand-in.
func (w *world) texting() *testtwilio.Double {
	w.t.Helper()
	d := testtwilio.Start(w.t)
	tw, err := sms.New(sms.Config{AccountSID: d.AccountSID, AuthToken: d.AuthToken, From: d.From, API: d.URL})
	if err != nil {
		w.t.Fatal(err)
	}
	w.d.Texts = tw
	w.running = w.d.Start()
	w.db.Tell(store.Telling{Mailable: mail.IsEmail, Textable: func(c string) bool { return !mail.IsEmail(c) }, RemindBefore: 24 * time.Hour, Wake: w.running.Wake})
	running := w.running
	w.t.Cleanup(func() { running.Stop(w.t.Context()) })
	return d
}

// texts waits until the stand-in took n texts, and returns them.
func texts(t *testing.T, d *testtwilio.Double, n int) []testtwilio.Message {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(d.Messages()) < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	got := d.Messages()
	if len(got) < n {
		t.Fatalf("the stand-in took %d texts, want %d", len(got), n)
	}
	return got
}

func TestAPhoneContactIsTextedEachChangeWithinTwoSegments(t *testing.T) {
	w := newWorld(t)
	d := w.texting()
	b := w.book("b1", "Rosa", "07700 900123", ahead(3*time.Hour))
	got := texts(t, d, 1)
	m := got[0]
	if m.To != "+447700900123" || m.From != d.From || m.Callback != "https://book.studio-nine.example/sms/twilio/status" {
		t.Errorf("the text went to %s from %s, calling back %s", m.To, m.From, m.Callback)
	}
	if !strings.HasPrefix(m.Body, "Studio Nine: your appointment, ") || !strings.Contains(m.Body, "is booked. Change or cancel: https://book.studio-nine.example/my/studio-nine/b1#") {
		t.Errorf("the confirmation says %q", m.Body)
	}
	if n, _ := sms.Segments(m.Body); n > sms.MaxSegments {
		t.Errorf("the confirmation takes %d segments", n)
	}
	if _, err := w.db.Cancel(t.Context(), salonID, b.ID); err != nil {
		t.Fatal(err)
	}
	if got := texts(t, d, 2); !strings.Contains(got[1].Body, "is cancelled.") {
		t.Errorf("the cancellation says %q", got[1].Body)
	}
	if status, err := w.db.LastTextStatus(t.Context(), salonID, b.ID); err != nil || status != "queued" {
		t.Errorf("the booking's last text status: %q, %v", status, err)
	}
}

func TestANumberThatUnsubscribedIsNotTextedAgainAtThatSalon(t *testing.T) {
	w := newWorld(t)
	d := w.texting()
	d.Unsubscribe("+447700900123")
	first := w.book("b1", "Rosa", "+44 7700 900123", ahead(3*time.Hour))
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if status, _ := w.db.LastTextStatus(t.Context(), salonID, first.ID); status == "unsubscribed" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if status, err := w.db.LastTextStatus(t.Context(), salonID, first.ID); err != nil || status != "unsubscribed" {
		t.Fatalf("the owner sees the text's status %q, %v; want unsubscribed", status, err)
	}
	calls := d.Calls()
	// Written another way, the same number: skipped without a call to Twilio.
	w.book("b2", "Rosa", "07700 900123", ahead(5*time.Hour))
	db := rawDB(t, w.url)
	done := func() bool {
		var n int
		err := db.QueryRow(`SELECT count(*) FROM deliveries d JOIN events e ON e.id = d.event
			WHERE e.booking = $1 AND d.target = 'text' AND d.delivered_at IS NOT NULL`, []byte("b2")).Scan(&n)
		return err == nil && n == 1
	}
	for deadline := time.Now().Add(10 * time.Second); !done() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if !done() {
		t.Fatal("the second booking's text was never settled")
	}
	if d.Calls() != calls {
		t.Errorf("Twilio was called %d more times for a number that unsubscribed", d.Calls()-calls)
	}
	if out, err := w.db.OptedOut(t.Context(), salonID, "p:447700900123"); err != nil || !out {
		t.Errorf("the opt-out: %v, %v", out, err)
	}
}

func TestATextTwilioIsTooBusyForIsTriedAgain(t *testing.T) {
	w := newWorld(t)
	d := w.texting()
	d.Busy(1)
	w.book("b1", "Rosa", "07700 900123", ahead(3*time.Hour))
	texts(t, d, 1)
	if d.Calls() < 2 {
		t.Errorf("Twilio was called %d times, want the 429 and the retry", d.Calls())
	}
}

func TestATextFitsTwoSegmentsWhateverTheNames(t *testing.T) {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Salon de Coiffure Łódź ", 5)
	set := salon.Settings{Name: long, Currency: "GBP",
		Services: []salon.Service{{ID: "cut", Name: strings.Repeat("Coupe et brushing ", 4), Minutes: 45}},
		Stylists: []salon.Stylist{{ID: "zoe", Name: "Zoë Ångström-Ñúñez", Services: []string{"cut"}}}}
	b := salon.Booking{ID: "b1", Salon: "s", Start: time.Date(2026, 12, 5, 10, 30, 0, 0, time.UTC), Service: "cut", Stylist: "zoe"}
	link := "https://book.studio-nine.example/my/s/b1#" + strings.Repeat("k", 43)
	for _, e := range []store.Event{{Type: salon.EventCreated}, {Type: salon.EventCancelled}, {Type: salon.EventMoved, MovedFrom: b.Start.Add(-time.Hour)}} {
		for _, reminder := range []bool{false, true} {
			body := notify.TextOf(reminder, e, set, b, loc, link)
			if n, _ := sms.Segments(body); n > sms.MaxSegments || body == "" {
				t.Errorf("%s (reminder %v) takes %d segments: %q", e.Type, reminder, n, body)
			}
		}
	}
	// A short one keeps everything: the stylist and the link.
	short := salon.Settings{Name: "Studio Nine", Services: []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}},
		Stylists: []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut"}}}}
	b.Stylist = "ana"
	if got, want := notify.TextOf(false, store.Event{Type: salon.EventCreated}, short, b, loc, link),
		"Studio Nine: your Cut with Ana, Saturday 5 December, 10:30, is booked. Change or cancel: "+link; got != want {
		t.Errorf("the confirmation:\n got %q\nwant %q", got, want)
	}
}

func TestAPhoneContactGetsAReminderByText(t *testing.T) {
	w := newWorld(t)
	w.texting()
	start := ahead(30 * time.Hour)
	w.book("b1", "Rosa", "07700 900123", start)
	db := rawDB(t, w.url)
	var due int64
	if err := db.QueryRow(`SELECT d.due_at FROM deliveries d JOIN events e ON e.id = d.event
		WHERE e.booking = $1 AND d.target = 'text-reminder'`, []byte("b1")).Scan(&due); err != nil {
		t.Fatalf("the reminder by text: %v", err)
	}
	if want := start.Add(-24 * time.Hour).UnixMilli(); due != want {
		t.Errorf("the reminder is due at %d, want %d (a day before)", due, want)
	}
}
