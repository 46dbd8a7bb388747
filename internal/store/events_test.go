// This file holds the tests of the events written with each change of a booking: every change
// writes its event and deliveries in its own transaction, and nothing else writes one.

package store_test

import (
	"database/sql"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"salon/internal/salon"
	"salon/internal/store"
)

// telling is what the tests' stores tell: mail to contacts with an @, and a reminder a day ahead.
var telling = store.Telling{Mailable: func(c string) bool { return strings.Contains(c, "@") }, RemindBefore: 24 * time.Hour}

// mailHold is hold with an e-mail address for its contact.
func mailHold(id string, start time.Time) *salon.Hold {
	h := hold(id, "studio-nine", start)
	h.Contact = "ana@example.com"
	return h
}

// putWebhook registers a webhook of studio-nine for types, or fails the test.
func putWebhook(t *testing.T, s *store.Store, id string, types ...salon.EventType) {
	t.Helper()
	if _, err := s.PutWebhook(t.Context(), salon.Webhook{Salon: "studio-nine", ID: id, URL: "https://hooks.example/" + id,
		Events: types, Secret: "whsec_" + strings.Repeat("A", 43) + "="}); err != nil {
		t.Fatalf("PutWebhook %s: %v", id, err)
	}
}

// storedEvent is an event row as raw SQL reads it.
type storedEvent struct {
	Type, Booking, Slot, Status string
	Start, Sequence             int64
	MovedFrom                   sql.NullInt64
}

// eventsOf reads the events of booking, oldest first, straight from the table.
func eventsOf(t *testing.T, db *sql.DB, booking string) []storedEvent {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT type, booking, slot, status, starts_at, sequence, moved_from
		FROM events WHERE booking = $1 ORDER BY created_at, sequence`, []byte(booking))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var all []storedEvent
	for rows.Next() {
		var e storedEvent
		var b, slot []byte
		if err := rows.Scan(&e.Type, &b, &slot, &e.Status, &e.Start, &e.Sequence, &e.MovedFrom); err != nil {
			t.Fatal(err)
		}
		e.Booking, e.Slot = string(b), string(slot)
		all = append(all, e)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

// targetsOf lists the targets of the deliveries of booking's event of type kind still to go, sorted.
func targetsOf(t *testing.T, db *sql.DB, booking string, kind salon.EventType) []string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT d.target FROM deliveries d JOIN events e ON e.id = d.event
		WHERE e.booking = $1 AND e.type = $2 AND d.delivered_at IS NULL AND d.failed_at IS NULL ORDER BY d.target`, []byte(booking), string(kind))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	targets := []string{}
	for rows.Next() {
		var target string
		if err := rows.Scan(&target); err != nil {
			t.Fatal(err)
		}
		targets = append(targets, target)
	}
	return targets
}

// checkEveryChangeTold checks, in raw SQL, that every event is of a booking, and that every booking
// has one event for its making and one for each change since (its sequence), the last as it stands.
func checkEveryChangeTold(t *testing.T, db *sql.DB) {
	t.Helper()
	if n := count(t, db, `SELECT count(*) FROM events e WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.id = e.booking)`); n != 0 {
		t.Errorf("%d events of no booking, want none", n)
	}
	if n := count(t, db, `SELECT count(*) FROM deliveries d WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = d.event)`); n != 0 {
		t.Errorf("%d deliveries of no event, want none", n)
	}
	if n := count(t, db, `SELECT count(*) FROM bookings b WHERE
		(SELECT count(*) FROM events e WHERE e.booking = b.id) <> b.sequence + 1
		OR (SELECT count(*) FROM events e WHERE e.booking = b.id AND e.type = 'booking.created') <> 1
		OR NOT EXISTS (SELECT 1 FROM events e WHERE e.booking = b.id AND e.sequence = b.sequence
			AND e.status = b.status AND e.starts_at = b.starts_at AND e.slot = b.slot AND e.stylist = b.stylist)`); n != 0 {
		t.Errorf("%d bookings whose events don't match their changes, want none", n)
	}
}

func TestEveryChangeWritesItsEventAndDeliveriesWithIt(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		s.Tell(telling)
		db := raw(t, url)
		ctx := t.Context()
		putWebhook(t, s, "all", salon.EventTypes...)
		putWebhook(t, s, "cancels", salon.EventCancelled)

		// Made: mailed, with a reminder a day before, and phoned: told to the webhook only.
		mailed, err := s.Spend(ctx, stateID(t.Name(), "mailed"), goodUntil, mailHold("mailed", at(48)), now)
		if err != nil || mailed.Booking == nil {
			t.Fatalf("Spend: %+v, %v", mailed, err)
		}
		book(t, s, "phoned", at(50))
		soon, err := s.Spend(ctx, stateID(t.Name(), "soon"), goodUntil, mailHold("soon", at(3)), now)
		if err != nil || soon.Booking == nil {
			t.Fatalf("Spend: %+v, %v", soon, err)
		}
		for _, tc := range []struct {
			booking string
			want    []string
		}{
			{"mailed", []string{"mail", "reminder", "webhook:all"}},
			{"phoned", []string{"webhook:all"}},
			{"soon", []string{"mail", "webhook:all"}}, // made within a day of its start: no reminder
		} {
			if got := targetsOf(t, db, tc.booking, salon.EventCreated); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("the deliveries of %s's making: got %q, want %q", tc.booking, got, tc.want)
			}
		}
		if n := count(t, db, `SELECT count(*) FROM deliveries WHERE target = 'reminder' AND next_at = $1`, at(24).UnixMilli()); n != 1 {
			t.Errorf("got %d reminders due a day before 'mailed', want 1", n)
		}

		// Taken and declined spends change no booking, so they tell nothing.
		if out, err := s.Spend(ctx, stateID(t.Name(), "taken"), goodUntil, mailHold("taken", at(48)), now); err != nil || out.Taken != salon.TakenBooked {
			t.Fatalf("a spend of a booked slot: %+v, %v", out, err)
		}
		if _, err := s.Spend(ctx, stateID(t.Name(), "declined"), goodUntil, nil, now); err != nil {
			t.Fatal(err)
		}
		if got := eventsOf(t, db, "taken"); len(got) != 0 {
			t.Errorf("a spend that booked nothing: got events %+v, want none", got)
		}

		// Moved by its customer: the move's own event, with where it was, and its reminder moves.
		to := salon.Slot{ID: at(72).Format(time.RFC3339), Start: at(72)}
		moved, taken, err := s.MoveSpend(ctx, stateID(t.Name(), "move"), goodUntil, "studio-nine", "mailed",
			func(b salon.Booking) (salon.Move, error) { return salon.Move{Slot: to, Stylist: b.Stylist}, nil })
		if err != nil || taken != 0 {
			t.Fatalf("MoveSpend: %+v, %v, %v", moved, taken, err)
		}
		if got := targetsOf(t, db, "mailed", salon.EventMoved); !reflect.DeepEqual(got, []string{"mail", "reminder", "webhook:all"}) {
			t.Errorf("the deliveries of the move: got %q, want mail, reminder and webhook:all", got)
		}
		if got := targetsOf(t, db, "mailed", salon.EventCreated); !reflect.DeepEqual(got, []string{"mail", "webhook:all"}) {
			t.Errorf("the making's deliveries after the move: got %q, want its reminder dropped", got)
		}
		events := eventsOf(t, db, "mailed")
		want := []storedEvent{
			{Type: "booking.created", Booking: "mailed", Slot: at(48).Format(time.RFC3339), Status: "booked", Start: at(48).Unix()},
			{Type: "booking.moved", Booking: "mailed", Slot: at(72).Format(time.RFC3339), Status: "booked", Start: at(72).Unix(), Sequence: 1,
				MovedFrom: sql.NullInt64{Int64: at(48).Unix(), Valid: true}},
		}
		if !reflect.DeepEqual(events, want) {
			t.Errorf("the events of a booking made and moved:\n got %+v\nwant %+v", events, want)
		}

		// Cancelled by its customer, then by the owner again (which changes nothing), and another by
		// the owner: each change told once, to the webhooks that take cancels, its reminder dropped.
		if _, changed, err := s.CancelBefore(ctx, "studio-nine", "mailed", now); err != nil || !changed {
			t.Fatalf("CancelBefore: %v, %v", changed, err)
		}
		if _, err := s.Cancel(ctx, "studio-nine", "mailed"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cancel(ctx, "studio-nine", "phoned"); err != nil {
			t.Fatal(err)
		}
		if got := targetsOf(t, db, "mailed", salon.EventCancelled); !reflect.DeepEqual(got, []string{"mail", "webhook:all", "webhook:cancels"}) {
			t.Errorf("the deliveries of the customer's cancel: got %q, want mail and both webhooks", got)
		}
		if got := targetsOf(t, db, "phoned", salon.EventCancelled); !reflect.DeepEqual(got, []string{"webhook:all", "webhook:cancels"}) {
			t.Errorf("the deliveries of the owner's cancel: got %q, want both webhooks", got)
		}
		if n := count(t, db, `SELECT count(*) FROM deliveries d JOIN events e ON e.id = d.event
			WHERE e.booking = $1 AND d.target = 'reminder'`, []byte("mailed")); n != 0 {
			t.Errorf("a cancelled booking has %d reminders still to go, want none", n)
		}
		if got := eventsOf(t, db, "mailed"); len(got) != 3 || got[2].Type != "booking.cancelled" || got[2].Status != "cancelled" || got[2].Sequence != 2 {
			t.Errorf("the events of a booking made, moved and cancelled twice: got %+v, want three, the last cancelled at sequence 2", got)
		}

		// A menu salon's booking is told as a simple salon's is.
		set := studioNine
		set.Prices, set.SlotMinutes, set.Currency, set.GridMinutes = nil, 0, "GBP", 15
		set.Services = []salon.Service{{ID: "cut", Name: "Cut", Minutes: 45}}
		set.Stylists = []salon.Stylist{{ID: "ana", Name: "Ana", Services: []string{"cut"}}}
		if err := s.PutSalon(ctx, "studio-nine", set); err != nil {
			t.Fatal(err)
		}
		menu := menuHold("menu", at(30), "cut", 45, 0, "ana")
		menu.Contact = "bea@example.com"
		if out, err := s.Spend(ctx, stateID(t.Name(), "menu"), goodUntil, menu, now); err != nil || out.Booking == nil {
			t.Fatalf("a menu booking: %+v, %v", out, err)
		}
		if got := eventsOf(t, db, "menu"); len(got) != 1 || got[0].Type != "booking.created" {
			t.Errorf("a menu booking's events: got %+v, want its making", got)
		}
		checkEveryChangeTold(t, db)
	})
}

func TestRacingSpendsTellEachBookingOnceAndNothingElse(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		s.Tell(telling)
		putWebhook(t, s, "all", salon.EventTypes...)
		const racers = 60
		errs := make([]error, racers)
		// Three racers for each of twenty slots: twenty bookings, forty taken.
		race(racers, func(i int) {
			_, errs[i] = s.Spend(t.Context(), stateID(t.Name(), i), goodUntil, mailHold(fmt.Sprint("racer", i), at(float64(30+i%20))), now)
		})
		for i, err := range errs {
			if err != nil {
				t.Errorf("racer %d: %v", i, err)
			}
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM bookings`); n != 20 {
			t.Fatalf("got %d bookings, want 20", n)
		}
		if n := count(t, db, `SELECT count(*) FROM events`); n != 20 {
			t.Errorf("got %d events, want one for each of 20 bookings", n)
		}
		if n := count(t, db, `SELECT count(*) FROM deliveries`); n != 20*3 {
			t.Errorf("got %d deliveries, want a webhook's, a mail and a reminder for each of 20 bookings", n)
		}
		checkEveryChangeTold(t, db)
	})
}

// refuseMail makes the database at url refuse every mail delivery, as a database failing mid-change
// would: SQLite by a trigger, PostgreSQL by a check.
func refuseMail(t *testing.T, b backend, db *sql.DB) {
	t.Helper()
	refuse := `ALTER TABLE deliveries ADD CONSTRAINT no_mail CHECK (target <> 'mail') NOT VALID`
	if b.name == "sqlite" {
		refuse = `CREATE TRIGGER no_mail BEFORE INSERT ON deliveries WHEN NEW.target = 'mail' BEGIN SELECT RAISE(ABORT, 'no mail'); END`
	}
	if _, err := db.ExecContext(t.Context(), refuse); err != nil {
		t.Fatal(err)
	}
}

func TestAChangeWhoseEventCantBeWrittenChangesNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		s.Tell(telling)
		db := raw(t, url)
		ctx := t.Context()
		kept := book(t, s, "kept", at(5))
		if _, err := s.Spend(ctx, stateID(t.Name(), "to-cancel"), goodUntil, mailHold("to-cancel", at(6)), now); err != nil {
			t.Fatal(err)
		}
		refuseMail(t, b, db)

		if out, err := s.Spend(ctx, stateID(t.Name(), "refused"), goodUntil, mailHold("refused", at(2)), now); err == nil || named(err) {
			t.Errorf("a booking whose mail can't be written: got %+v, %v, want the database's error", out, err)
		}
		if _, err := s.Cancel(ctx, "studio-nine", "to-cancel"); err == nil || named(err) {
			t.Errorf("a cancel whose mail can't be written: got %v, want the database's error", err)
		}
		if _, _, err := s.CancelBefore(ctx, "studio-nine", "to-cancel", now); err == nil || named(err) {
			t.Errorf("a customer's cancel whose mail can't be written: got %v, want the database's error", err)
		}
		if n := count(t, db, `SELECT count(*) FROM bookings WHERE id = $1`, []byte("refused")); n != 0 {
			t.Errorf("the booking whose event failed: %d rows, want none", n)
		}
		if n := count(t, db, `SELECT count(*) FROM spent_states WHERE id = $1`, bytesOf(stateID(t.Name(), "refused"))); n != 0 {
			t.Errorf("the state of the booking whose event failed: %d spends, want none", n)
		}
		if n := count(t, db, `SELECT count(*) FROM bookings WHERE id = $1 AND status = 'booked' AND sequence = 0`, []byte("to-cancel")); n != 1 {
			t.Error("the booking whose cancel's event failed is no longer live and unchanged")
		}
		// A change with nothing to mail still goes through.
		if _, err := s.Cancel(ctx, "studio-nine", kept.ID); err != nil {
			t.Errorf("a cancel with no mail: %v", err)
		}
		checkEveryChangeTold(t, db)
	})
}

func TestClaimsHandEachDeliveryToOneHolderUntilItsLeaseRunsOut(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		s.Tell(telling)
		ctx := t.Context()
		putWebhook(t, s, "all", salon.EventTypes...)
		for i := range 10 {
			if _, err := s.Spend(ctx, stateID(t.Name(), i), goodUntil, mailHold(fmt.Sprint("b", i), at(float64(30+i))), now); err != nil {
				t.Fatal(err)
			}
		}
		// Ten webhook deliveries and ten mails due now; ten reminders due in six hours and more.
		clock := now.Add(time.Second)
		if got, err := s.Backlog(ctx, clock); err != nil || !reflect.DeepEqual(got, map[string]int{"webhook": 10, "mail": 10, "reminder": 0}) {
			t.Errorf("the backlog: got %v, %v, want 10 webhooks' and 10 mails", got, err)
		}
		webhooks, err := s.Claim(ctx, "one", clock, time.Minute, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(webhooks) != 10 {
			t.Fatalf("claiming without mail: got %d, want the 10 webhooks'", len(webhooks))
		}
		for _, d := range webhooks {
			id, ok := d.Webhook()
			if !ok || id != "all" || d.Attempt != 1 || d.Event.Type != salon.EventCreated || !strings.HasPrefix(d.Event.ID, "evt_") {
				t.Errorf("a claimed delivery: got %+v, want the first attempt at webhook all of a booking's making", d)
			}
		}
		second := openURL(t, url)
		mails, err := second.Claim(ctx, "two", clock, time.Minute, 100, store.ClaimMail)
		if err != nil || len(mails) != 10 {
			t.Fatalf("a second holder claiming: got %d, %v, want the 10 mails nobody holds", len(mails), err)
		}
		for _, d := range mails {
			if d.Target != store.MailTarget {
				t.Errorf("the second holder claimed %s, held by the first", d.Target)
			}
		}

		// Recording: made, retried, given up; a holder whose lease another took records nothing.
		if err := s.Delivered(ctx, webhooks[0], clock, 200, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.Retry(ctx, webhooks[1], "one", clock.Add(5*time.Second), 500, "the receiver answered 500"); err != nil {
			t.Fatal(err)
		}
		if err := s.GiveUp(ctx, webhooks[2], "one", clock, 500, "the receiver answered 500"); err != nil {
			t.Fatal(err)
		}
		if err := s.Retry(ctx, webhooks[3], "someone else", clock, 500, "late"); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Claim(ctx, "three", clock.Add(time.Second), time.Minute, 100, store.ClaimMail); err != nil || len(got) != 0 {
			t.Errorf("claiming while every lease holds: got %d, %v, want none", len(got), err)
		}
		again, err := second.Claim(ctx, "two", clock.Add(6*time.Second), time.Minute, 100, store.ClaimMail)
		if err != nil || len(again) != 1 || again[0].Event.ID != webhooks[1].Event.ID || again[0].Attempt != 2 ||
			!again[0].FirstAttempt.Equal(webhooks[1].FirstAttempt) {
			t.Errorf("claiming once the retry is due: got %+v, %v, want its second attempt", again, err)
		}
		late, err := second.Claim(ctx, "two", clock.Add(2*time.Minute), time.Minute, 100, store.ClaimMail)
		if err != nil || len(late) != 18 {
			t.Errorf("claiming once the leases ran out: got %d, %v, want the 18 neither made nor given up", len(late), err)
		}

		states, err := s.Webhooks(ctx, "studio-nine")
		if err != nil || len(states) != 1 {
			t.Fatalf("Webhooks: %+v, %v", states, err)
		}
		if got := states[0]; got.Failures != 1 || !got.LastDelivery.Equal(clock.Truncate(time.Millisecond)) {
			t.Errorf("the webhook's state: got last delivery %v and %d failures, want %v and 1", got.LastDelivery, got.Failures, clock)
		}
	})
}

func TestReleasingLeasesIsSQLitesAlone(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		putWebhook(t, s, "all", salon.EventTypes...)
		book(t, s, "b1", at(5))
		clock := now.Add(time.Second)
		if got, err := s.Claim(t.Context(), "dead", clock, time.Minute, 10, store.ClaimMail); err != nil || len(got) != 1 {
			t.Fatalf("Claim: %d, %v", len(got), err)
		}
		released, err := s.ReleaseLeases(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Claim(t.Context(), "alive", clock, time.Minute, 10, store.ClaimMail)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if b.name == "sqlite" {
			want = 1
		}
		if int(released) != want || len(got) != want {
			t.Errorf("after releasing: released %d and claimed %d, want %d and %d", released, len(got), want, want)
		}
	})
}

func TestSweepingEventsKeepsWhatIsStillToGo(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		s.Tell(telling)
		ctx := t.Context()
		putWebhook(t, s, "all", salon.EventTypes...)
		if _, err := s.Spend(ctx, stateID(t.Name(), "mailed"), goodUntil, mailHold("mailed", at(48)), now); err != nil {
			t.Fatal(err)
		}
		book(t, s, "told", at(5))
		book(t, s, "pending", at(6))
		clock := now.Add(time.Second)
		claimed, err := s.Claim(ctx, "one", clock, time.Minute, 100, store.ClaimMail)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range claimed {
			if d.Event.Booking == "pending" {
				continue
			}
			if err := s.Delivered(ctx, d, clock, 200, ""); err != nil {
				t.Fatal(err)
			}
		}
		db := raw(t, url)
		if n, err := s.SweepEvents(ctx, clock.Add(-time.Hour)); err != nil || n != 0 {
			t.Errorf("sweeping events older than an hour ago: got %d, %v, want none", n, err)
		}
		// "told" is done; "mailed" waits for its reminder; "pending" for its webhook.
		if n, err := s.SweepEvents(ctx, clock.Add(time.Hour)); err != nil || n != 1 {
			t.Errorf("sweeping: got %d, %v, want told's event", n, err)
		}
		var left []string
		rows, err := db.QueryContext(ctx, `SELECT booking FROM events ORDER BY booking`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var booking []byte
			if err := rows.Scan(&booking); err != nil {
				t.Fatal(err)
			}
			left = append(left, string(booking))
		}
		if !slices.Equal(left, []string{"mailed", "pending"}) {
			t.Errorf("events left: got %q, want mailed's and pending's", left)
		}
		if n := count(t, db, `SELECT count(*) FROM deliveries d WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = d.event)`); n != 0 {
			t.Errorf("%d deliveries left without their event", n)
		}
	})
}

func TestWebhooksAndFeeds(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		ctx := t.Context()
		w := salon.Webhook{Salon: "studio-nine", ID: "desk", URL: "https://hooks.example/a", Events: []salon.EventType{salon.EventCreated}, Secret: "whsec_first"}
		if created, err := s.PutWebhook(ctx, w); err != nil || !created {
			t.Errorf("the first put: got created %v, %v, want created", created, err)
		}
		w.URL, w.Events, w.Secret = "https://hooks.example/b", []salon.EventType{salon.EventMoved, salon.EventCancelled}, "whsec_second"
		if created, err := s.PutWebhook(ctx, w); err != nil || created {
			t.Errorf("the second put: got created %v, %v, want changed", created, err)
		}
		got, ok, err := s.Webhook(ctx, "studio-nine", "desk")
		want := salon.Webhook{Salon: "studio-nine", ID: "desk", URL: "https://hooks.example/b",
			Events: []salon.EventType{salon.EventCancelled, salon.EventMoved}, Secret: "whsec_first"}
		if err != nil || !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("the webhook: got %+v, %v, %v, want %+v, its secret kept", got, ok, err, want)
		}
		book(t, s, "b1", at(5))
		if _, err := s.Cancel(ctx, "studio-nine", "b1"); err != nil {
			t.Fatal(err)
		}
		db := raw(t, url)
		if n := count(t, db, `SELECT count(*) FROM deliveries`); n != 1 {
			t.Errorf("got %d deliveries, want the cancel's alone", n)
		}
		if deleted, err := s.DeleteWebhook(ctx, "studio-nine", "desk"); err != nil || !deleted {
			t.Errorf("DeleteWebhook: %v, %v", deleted, err)
		}
		if deleted, err := s.DeleteWebhook(ctx, "studio-nine", "desk"); err != nil || deleted {
			t.Errorf("DeleteWebhook again: got %v, %v, want nothing deleted", deleted, err)
		}
		if n := count(t, db, `SELECT count(*) FROM deliveries`); n != 0 {
			t.Errorf("got %d deliveries after the webhook went, want none", n)
		}
		if list, err := s.Webhooks(ctx, "studio-nine"); err != nil || len(list) != 0 {
			t.Errorf("Webhooks: got %+v, %v, want none", list, err)
		}
		for name, call := range map[string]func() error{
			"PutWebhook":    func() error { _, err := s.PutWebhook(ctx, salon.Webhook{Salon: "nowhere", ID: "x"}); return err },
			"Webhooks":      func() error { _, err := s.Webhooks(ctx, "nowhere"); return err },
			"DeleteWebhook": func() error { _, err := s.DeleteWebhook(ctx, "nowhere", "x"); return err },
			"SetFeed":       func() error { return s.SetFeed(ctx, "nowhere", []byte("h"), now) },
		} {
			if err := call(); err == nil || err.Error() != "there is no salon nowhere" {
				t.Errorf("%s at an unknown salon: got %v, want there is no salon nowhere", name, err)
			}
		}

		if hash, err := s.FeedHash(ctx, "studio-nine"); err != nil || hash != nil {
			t.Errorf("the feed before any: got %x, %v, want none", hash, err)
		}
		for _, hash := range []string{"first", "second"} {
			if err := s.SetFeed(ctx, "studio-nine", []byte(hash), now); err != nil {
				t.Fatal(err)
			}
			if got, err := openURL(t, url).FeedHash(ctx, "studio-nine"); err != nil || string(got) != hash {
				t.Errorf("the feed's hash on another instance: got %q, %v, want %q", got, err, hash)
			}
		}
	})
}

func TestClaimersRacingNeverClaimOneDeliveryTwice(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		putWebhook(t, s, "all", salon.EventTypes...)
		putWebhook(t, s, "makes", salon.EventCreated)
		const bookings = 60
		for i := range bookings {
			book(t, s, fmt.Sprint("b", i), at(float64(2+i)))
		}
		const claimers = 4
		instances := make([]*store.Store, claimers)
		for i := range instances {
			instances[i] = openURL(t, url)
		}
		claimed := make([][]store.Delivery, claimers)
		errs := make([]error, claimers)
		clock := now.Add(time.Second)
		race(claimers, func(i int) {
			for {
				got, err := instances[i].Claim(t.Context(), fmt.Sprint("claimer", i), clock, time.Minute, 7, store.ClaimMail)
				if err != nil {
					errs[i] = err
					return
				}
				if len(got) == 0 {
					return
				}
				claimed[i] = append(claimed[i], got...)
			}
		})
		seen := map[string]int{}
		for i := range claimers {
			if errs[i] != nil {
				t.Errorf("claimer %d: %v", i, errs[i])
			}
			for _, d := range claimed[i] {
				seen[d.Event.ID+" "+d.Target]++
				if d.Attempt != 1 {
					t.Errorf("claimer %d got %s %s at attempt %d, want 1", i, d.Event.ID, d.Target, d.Attempt)
				}
			}
		}
		if len(seen) != 2*bookings {
			t.Errorf("got %d deliveries claimed, want all %d", len(seen), 2*bookings)
		}
		for key, n := range seen {
			if n != 1 {
				t.Errorf("%s claimed %d times, want once", key, n)
			}
		}
		t.Logf("claims per claimer: %d %d %d %d", len(claimed[0]), len(claimed[1]), len(claimed[2]), len(claimed[3]))
	})
}
