// This file tests the dispatcher against a real webhook receiver and a real SMTP server on
// loopback: what each is sent, signed and worded; retries with back-off; giving up; skipping; and
// a stop that cuts a delivery off, made again with the same id.

package notify_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	netmail "net/mail"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
	"github.com/emersion/go-smtp"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"salon/internal/notify"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testsmtp"
)

// delivered is a webhook's body as a receiver reads it.
type delivered struct {
	Type      string
	Timestamp string
	Data      struct {
		Booking, Slot, Label, Name, Contact, Words, BookedAt, Status string
		Sequence                                                     int
	}
}

// verify checks hit's signature with the standardwebhooks library, which the server doesn't use,
// and reads its body.
func verify(t *testing.T, secret string, h hit) delivered {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := wh.Verify(h.body, h.header); err != nil {
		t.Errorf("the delivery %s doesn't verify: %v", h.header.Get("webhook-id"), err)
	}
	var d delivered
	if err := json.Unmarshal(h.body, &d); err != nil {
		t.Fatalf("the body %s: %v", h.body, err)
	}
	return d
}

func TestAWebhookIsToldEachChangeSignedWithTheBookingAsTheOwnerSeesIt(t *testing.T) {
	w := newWorld(t)
	secret := w.putWebhook("desk")
	w.start()
	start := ahead(48 * time.Hour)
	b := w.book("bk-1", "Ana Lima", "+44 7700 900123", start)
	if _, err := w.db.Cancel(t.Context(), salonID, b.ID); err != nil {
		t.Fatal(err)
	}
	hits := w.recv.await(2, 10*time.Second)
	if len(hits) != 2 {
		t.Fatalf("the receiver got %d deliveries, want 2", len(hits))
	}
	byType := map[string]delivered{}
	ids := map[string]bool{}
	for _, h := range hits {
		d := verify(t, secret, h)
		byType[d.Type] = d
		ids[h.header.Get("webhook-id")] = true
		if !strings.HasPrefix(h.header.Get("webhook-id"), "evt_") || h.header.Get("Content-Type") != "application/json" {
			t.Errorf("a delivery's headers: got %v, want an evt_ webhook-id and JSON", h.header)
		}
	}
	if len(ids) != 2 {
		t.Errorf("two events' deliveries carry %d webhook-ids, want 2", len(ids))
	}
	london, _ := time.LoadLocation("Europe/London")
	made := byType["booking.created"]
	if made.Data.Booking != "bk-1" || made.Data.Slot != start.Format(time.RFC3339) || made.Data.Status != "booked" ||
		made.Data.Name != "Ana Lima" || made.Data.Contact != "+44 7700 900123" || made.Data.Words != "Just a trim, please." ||
		made.Data.Sequence != 0 || made.Data.Label != salon.Label(start, london) {
		t.Errorf("the making's body: got %+v, want bk-1 booked at %s for Ana Lima", made, start)
	}
	if _, err := time.Parse(time.RFC3339, made.Timestamp); err != nil {
		t.Errorf("the making's timestamp %q: %v", made.Timestamp, err)
	}
	if gone := byType["booking.cancelled"]; gone.Data.Status != "cancelled" || gone.Data.Sequence != 1 || gone.Data.Booking != "bk-1" {
		t.Errorf("the cancel's body: got %+v, want bk-1 cancelled at sequence 1", gone)
	}

	// Recorded: the owner sees the last delivery, and the metrics count both.
	deadline := time.Now().Add(5 * time.Second)
	for {
		states, err := w.db.Webhooks(t.Context(), salonID)
		if err == nil && len(states) == 1 && !states[0].LastDelivery.IsZero() && w.counter("bookingd_delivery_latency_seconds", "kind", "webhook") == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook's state: got %+v, %v and %v latencies, want a last delivery and 2", states, err,
				w.counter("bookingd_delivery_latency_seconds", "kind", "webhook"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := w.counter("bookingd_delivery_attempts_total", "kind", "webhook", "result", "delivered"); got != 2 {
		t.Errorf("delivered attempts: got %v, want 2", got)
	}
	time.Sleep(300 * time.Millisecond)
	if got := len(w.recv.await(3, 0)); got != 2 {
		t.Errorf("the receiver got %d deliveries in the end, want 2", got)
	}
}

func TestAFailingReceiverGetsTheSameEventAgainAfterAGrowingGap(t *testing.T) {
	w := newWorld(t)
	secret := w.putWebhook("desk")
	w.recv.answer = func(n int) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	}
	w.start()
	w.book("bk-1", "Ana Lima", "+44 7700 900123", ahead(48*time.Hour))
	hits := w.recv.await(4, 15*time.Second)
	if len(hits) != 4 {
		t.Fatalf("the receiver got %d attempts, want 4", len(hits))
	}
	id := hits[0].header.Get("webhook-id")
	for i, h := range hits {
		verify(t, secret, h)
		if got := h.header.Get("webhook-id"); got != id {
			t.Errorf("attempt %d: webhook-id %s, want the first's %s", i+1, got, id)
		}
	}
	// 200 ms, then 400, then 800, each ±10%.
	for i, want := range []time.Duration{200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond} {
		gap := hits[i+1].at.Sub(hits[i].at)
		if gap < want*9/10 || gap > want*11/10+300*time.Millisecond {
			t.Errorf("the gap before attempt %d: got %v, want about %v", i+2, gap, want)
		}
		t.Logf("attempt %d came %v after attempt %d", i+2, gap.Round(time.Millisecond), i+1)
	}
	time.Sleep(500 * time.Millisecond)
	if got := len(w.recv.await(5, 0)); got != 4 {
		t.Errorf("the receiver got %d attempts in the end, want 4", got)
	}
}

func TestAReceiverStillFailingADayLaterIsGivenUpAndTheOwnerSeesIt(t *testing.T) {
	w := newWorld(t)
	w.putWebhook("desk")
	// Each failure, once recorded, moves the clock seven hours on: the fifth is more than a day
	// after the first. Moving it during an attempt would outrun the attempt's lease, as no attempt
	// outside a test can.
	var offset atomic.Int64
	w.d.Now = func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	w.d.Store = laterEachRetry{Store: w.db, offset: &offset, by: 7 * time.Hour}
	w.recv.answer = func(int) int { return http.StatusServiceUnavailable }
	w.d.FirstRetry = time.Millisecond // the gaps in milliseconds, the day's limit as it is
	w.start()
	w.book("bk-1", "Ana Lima", "+44 7700 900123", ahead(72*time.Hour))
	deadline := time.Now().Add(15 * time.Second)
	for {
		states, err := w.db.Webhooks(t.Context(), salonID)
		if err == nil && len(states) == 1 && states[0].Failures == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook's state: got %+v, %v, want 1 failure", states, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := len(w.recv.await(100, 0)); got != 5 {
		t.Errorf("attempts: got %d, want 5, the last more than a day after the first", got)
	}
	if got := w.counter("bookingd_deliveries_failed_total", "kind", "webhook"); got != 1 {
		t.Errorf("failed deliveries: got %v, want 1", got)
	}
}

// laterEachRetry is the store, with the test's clock moved on by each retry it records.
type laterEachRetry struct {
	*store.Store
	offset *atomic.Int64
	by     time.Duration
}

func (s laterEachRetry) Retry(ctx context.Context, dl store.Delivery, owner string, next time.Time, status int, why string) error {
	err := s.Store.Retry(ctx, dl, owner, next, status, why)
	s.offset.Add(int64(s.by))
	return err
}

// parsedMail is a mail as a customer's client reads it.
type parsedMail struct {
	to, subject, text string
	ics               *goical.Calendar
}

// parse reads m: its headers decoded, its text, and its .ics parsed by an iCalendar library.
func parse(t *testing.T, m testsmtp.Mail) parsedMail {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	out := parsedMail{to: msg.Header.Get("To"), subject: subject}
	media, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(media, "multipart/") {
		body, _ := io.ReadAll(msg.Body)
		out.text = decodePart(t, msg.Header.Get("Content-Transfer-Encoding"), body)
		return out
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p)
		text := decodePart(t, p.Header.Get("Content-Transfer-Encoding"), body)
		switch ct := p.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/plain"):
			out.text = text
		case strings.HasPrefix(ct, "text/calendar"):
			cal, err := goical.NewDecoder(strings.NewReader(text)).Decode()
			if err != nil {
				t.Fatalf("the attached calendar doesn't parse: %v\n%s", err, text)
			}
			out.ics = cal
		}
	}
	return out
}

// decodePart undoes a part's transfer encoding.
func decodePart(t *testing.T, encoding string, body []byte) string {
	t.Helper()
	switch strings.ToLower(encoding) {
	case "base64":
		raw, err := io.ReadAll(base64Reader(body))
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	case "quoted-printable":
		raw, err := io.ReadAll(quotedPrintable(body))
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	}
	return string(body)
}

// event is the one VEVENT of cal: its status and sequence.
func event(t *testing.T, cal *goical.Calendar) (uid, status, sequence string) {
	t.Helper()
	if cal == nil || len(cal.Events()) != 1 {
		t.Fatalf("the attachment: got %v, want one event", cal)
	}
	e := cal.Events()[0]
	return e.Props.Get(goical.PropUID).Value, e.Props.Get(goical.PropStatus).Value, e.Props.Get(goical.PropSequence).Value
}

func TestTheCustomerIsMailedEachChangeWithItsCalendarAndTheLinkThatManagesIt(t *testing.T) {
	w := newWorld(t)
	w.start()
	start := ahead(72 * time.Hour)
	b := w.book("bk-1", "Zoë \"Z\" Ångström\r\nBcc: eve@example.com", "zoe@example.com", start)
	w.book("bk-phone", "Phone Customer", "+44 7700 900123", ahead(80*time.Hour))
	to := salon.Slot{ID: start.Add(time.Hour).Format(time.RFC3339), Start: start.Add(time.Hour)}
	moved, taken, err := w.db.MoveSpend(t.Context(), requeststate.SpendID{1}, time.Now().Add(time.Minute), salonID, b.ID,
		func(b salon.Booking) (salon.Move, error) { return salon.Move{Slot: to, Stylist: b.Stylist}, nil })
	if err != nil || taken != 0 {
		t.Fatalf("MoveSpend: %+v, %v, %v", moved, taken, err)
	}
	if _, _, err := w.db.CancelBefore(t.Context(), salonID, b.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	mails := w.smtp.Await(3, 10*time.Second)
	if len(mails) != 3 {
		t.Fatalf("the SMTP server got %d mails, want a confirmation, a move and a cancel", len(mails))
	}
	key := w.keys.ManageKey(salonID, b.ID)
	link := "https://book.studio-nine.example/my/studio-nine/bk-1#" + key
	london, _ := time.LoadLocation("Europe/London")
	subjects := map[string]parsedMail{}
	for _, m := range mails {
		if len(m.To) != 1 || m.To[0] != "zoe@example.com" {
			t.Errorf("a mail went to %q, want zoe@example.com alone", m.To)
		}
		p := parse(t, m)
		subjects[strings.SplitN(p.subject, ":", 2)[0]] = p
		if !strings.Contains(p.text, link) {
			t.Errorf("the mail %q doesn't carry the manage link %s:\n%s", p.subject, link, p.text)
		}
		if strings.Contains(string(m.Data), "\r\nBcc:") {
			t.Errorf("the customer's name added a header:\n%s", m.Data)
		}
		if addr, err := netmail.ParseAddress(p.to); err != nil || addr.Address != "zoe@example.com" {
			t.Errorf("To: got %q (%v), want the customer's address alone", p.to, err)
		}
	}
	for _, tc := range []struct{ kind, subject, status, sequence string }{
		{"Booked", "Booked: Appointment at Studio Nine, " + salon.Label(start, london), "CONFIRMED", "0"},
		{"Moved", "Moved: Appointment at Studio Nine, " + salon.Label(start.Add(time.Hour), london), "CONFIRMED", "1"},
		{"Cancelled", "Cancelled: Appointment at Studio Nine, " + salon.Label(start.Add(time.Hour), london), "CANCELLED", "2"},
	} {
		p, ok := subjects[tc.kind]
		if !ok {
			t.Errorf("no %s mail among %v", tc.kind, subjects)
			continue
		}
		if p.subject != tc.subject {
			t.Errorf("subject: got %q, want %q", p.subject, tc.subject)
		}
		if uid, status, sequence := event(t, p.ics); uid != "bk-1@studio-nine" || status != tc.status || sequence != tc.sequence {
			t.Errorf("%s's calendar: got %s %s %s, want bk-1@studio-nine %s %s", tc.kind, uid, status, sequence, tc.status, tc.sequence)
		}
	}
	if p := subjects["Moved"]; !strings.Contains(p.text, "from "+salon.Label(start, london)+" to "+salon.Label(start.Add(time.Hour), london)) {
		t.Errorf("the move's mail doesn't say from when to when:\n%s", p.text)
	}
	time.Sleep(300 * time.Millisecond)
	if got := len(w.smtp.Mails()); got != 3 {
		t.Errorf("the SMTP server got %d mails in the end, want 3: a phone number is not mailed, nor a cancelled booking reminded", got)
	}
}

func TestAReminderComesRemindBeforeTheStartUnlessTheBookingChanged(t *testing.T) {
	w := newWorld(t)
	w.start()
	// Due two seconds from now, a day before a start a day and two seconds ahead.
	soon := time.Now().Add(24*time.Hour + 2*time.Second).Truncate(time.Second)
	w.book("remind", "Ana Lima", "ana@example.com", soon)
	gone := w.book("gone", "Bea Costa", "bea@example.com", soon.Add(time.Hour))
	if _, err := w.db.Cancel(t.Context(), salonID, gone.ID); err != nil {
		t.Fatal(err)
	}
	mails := w.smtp.Await(4, 10*time.Second)
	var reminders []parsedMail
	for _, m := range mails {
		if p := parse(t, m); strings.HasPrefix(p.subject, "Reminder:") {
			reminders = append(reminders, p)
			if m.At.Before(soon.Add(-24 * time.Hour)) {
				t.Errorf("the reminder came at %v, before it was due at %v", m.At, soon.Add(-24*time.Hour))
			}
			if m.To[0] != "ana@example.com" {
				t.Errorf("a reminder went to %s, want ana@example.com alone", m.To[0])
			}
		}
	}
	if len(reminders) != 1 || len(mails) != 4 {
		t.Errorf("got %d mails with %d reminders, want 4: two confirmations, a cancel and one reminder", len(mails), len(reminders))
	}
}

func TestAMailTheServerRefusesForGoodIsGivenUpAndOneItDefersIsSentLater(t *testing.T) {
	w := newWorld(t)
	w.smtp.Refuse(2, &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"})
	w.start()
	w.book("later", "Ana Lima", "ana@example.com", ahead(48*time.Hour))
	if got := w.smtp.Await(1, 10*time.Second); len(got) != 1 {
		t.Fatalf("a mail deferred twice: the server got %d, want it on the third try", len(got))
	}
	if got := w.counter("bookingd_delivery_attempts_total", "kind", "mail", "result", "retried"); got != 2 {
		t.Errorf("retried mails: got %v, want 2", got)
	}

	w.smtp.Refuse(1, &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"})
	w.book("never", "Bea Costa", "bea@example.com", ahead(50*time.Hour))
	deadline := time.Now().Add(10 * time.Second)
	for w.counter("bookingd_deliveries_failed_total", "kind", "mail") != 1 {
		if time.Now().After(deadline) {
			t.Fatal("a mail refused for good was not given up")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := len(w.smtp.Mails()); got != 1 {
		t.Errorf("the server got %d mails, want the first alone", got)
	}
}

func TestAWebhookAfterAnErasureCarriesNoneOfTheCustomersDetails(t *testing.T) {
	w := newWorld(t)
	secret := w.putWebhook("desk")
	w.book("bk-1", "Ana Lima", "ana@example.com", ahead(48*time.Hour))
	// Erased before anything was delivered.
	db := rawDB(t, w.url)
	if _, err := db.ExecContext(t.Context(), `UPDATE bookings SET name = x'', contact = x'', words = x''`); err != nil {
		t.Fatal(err)
	}
	w.start()
	hits := w.recv.await(1, 10*time.Second)
	if len(hits) != 1 {
		t.Fatalf("the receiver got %d deliveries, want 1", len(hits))
	}
	if d := verify(t, secret, hits[0]); d.Data.Name != "" || d.Data.Contact != "" || d.Data.Words != "" || d.Data.Booking != "bk-1" {
		t.Errorf("the delivery after the erasure: got %+v, want no name, contact or words", d.Data)
	}
	time.Sleep(300 * time.Millisecond)
	if got := len(w.smtp.Mails()); got != 0 {
		t.Errorf("the SMTP server got %d mails, want none: the erased contact is no address", got)
	}
}

func TestADeliveryCutOffByAStopIsMadeAgainWithTheSameID(t *testing.T) {
	w := newWorld(t)
	secret := w.putWebhook("desk")
	w.recv.delay = 5 * time.Second
	first := w.start()
	w.book("bk-1", "Ana Lima", "+44 7700 900123", ahead(48*time.Hour))
	if got := w.recv.await(1, 5*time.Second); len(got) != 1 {
		t.Fatalf("the receiver got %d deliveries, want the one under way", len(got))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	began := time.Now()
	first.Stop(ctx)
	cancel()
	if took := time.Since(began); took > 2*time.Second {
		t.Errorf("stopping took %v, want the bound and a little", took)
	}
	w.recv.mu.Lock()
	w.recv.delay = 0
	w.recv.mu.Unlock()
	w.start()
	hits := w.recv.await(2, 5*time.Second)
	if len(hits) != 2 {
		t.Fatalf("after a restart the receiver got %d deliveries in all, want the cut one again", len(hits))
	}
	if a, b := hits[0].header.Get("webhook-id"), hits[1].header.Get("webhook-id"); a != b {
		t.Errorf("the delivery made again carries webhook-id %s, want the cut one's %s", b, a)
	}
	verify(t, secret, hits[1])
}

func TestAContactIsSentTenMessagesADayFromASalonAndTheRestAreDroppedForTheOwnerToSee(t *testing.T) {
	w := newWorld(t)
	w.start()
	for i := range notify.MessagesPerDay + 2 {
		contact := "stranger@example.org"
		if i%2 == 1 {
			contact = "Stranger@Example.ORG" // the same contact, written another way
		}
		w.book(fmt.Sprintf("bk-%02d", i), "Someone", contact, ahead(time.Duration(48+i)*time.Hour))
	}
	w.book("bk-other", "Another", "another@example.org", ahead(100*time.Hour))
	w.smtp.Await(notify.MessagesPerDay+1, 10*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for w.counter("bookingd_messages_dropped_total", "kind", "mail") < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // anything more than ten would have come by now
	mails := w.smtp.Mails()
	to := map[string]int{}
	for _, m := range mails {
		to[strings.ToLower(strings.Join(m.To, ","))]++
	}
	if to["stranger@example.org"] != notify.MessagesPerDay || to["another@example.org"] != 1 {
		t.Errorf("mails by contact: got %v, want %d to the stranger and 1 to another", to, notify.MessagesPerDay)
	}
	if got := w.counter("bookingd_messages_dropped_total", "kind", "mail"); got != 2 {
		t.Errorf("bookingd_messages_dropped_total{kind=mail}: got %v, want 2", got)
	}
	dropped, err := w.db.DroppedMessages(t.Context(), salonID, 50)
	if err != nil || len(dropped) != 2 {
		t.Fatalf("the owner's dropped messages: got %+v, %v, want 2", dropped, err)
	}
	for _, d := range dropped {
		if !strings.HasPrefix(d.Booking, "bk-") || d.Booking == "bk-other" || d.Type != salon.EventCreated || d.Target != store.MailTarget {
			t.Errorf("a dropped message: %+v, want a confirmation of one of the stranger's bookings", d)
		}
	}
	var n int
	if err := rawDB(t, w.url).QueryRow(`SELECT count(*) FROM deliveries WHERE reserved_at IS NOT NULL`).Scan(&n); err != nil || n != notify.MessagesPerDay+1 {
		t.Errorf("deliveries with their place: got %d, want the %d sent", n, notify.MessagesPerDay+1)
	}
}
