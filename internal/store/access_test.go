// This file tests the salons' keys and the owners' audit in the store: every owner action writes
// its entry in its own transaction, a refused one writes none, and a revoked key reads as revoked.

package store_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"salon/internal/audit"
	"salon/internal/salon"
	"salon/internal/store"
)

// auditClock is a clock for the audit that moves a millisecond a call, so each entry has its own
// time and the newest-first order is the order of the calls.
func auditClock(s *store.Store) {
	at := now
	s.SetClock(func() time.Time {
		at = at.Add(time.Millisecond + 500*time.Microsecond)
		return at
	})
}

// entries is every audit entry of studio-nine, newest first, without their row ids.
func entries(t *testing.T, s *store.Store) []audit.Entry {
	t.Helper()
	got, err := s.Audit(t.Context(), "studio-nine", nil, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i].ID == "" {
			t.Errorf("entry %d has no id", i)
		}
		got[i].ID = ""
	}
	return got
}

// actions is the entries' actions with who did them, in order.
func actions(list []audit.Entry) []string {
	var out []string
	for _, e := range list {
		out = append(out, e.By+" "+e.Action+" "+e.Booking+" "+e.Detail)
	}
	return out
}

func TestEveryOwnerActionWritesItsAuditEntryNewestFirst(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		auditClock(s)
		ctx := t.Context()
		byKey := audit.WithActor(ctx, "k0123456789abcdef")
		if err := s.PutSalon(ctx, "studio-nine", studioNine); err != nil {
			t.Fatal(err)
		}
		if err := s.PutSalon(byKey, "studio-nine", studioNine); err != nil {
			t.Fatal(err)
		}
		book(t, s, "b1", at(2))
		if _, err := s.Cancel(byKey, "studio-nine", "b1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cancel(byKey, "studio-nine", "b1"); err != nil {
			t.Fatal(err)
		}
		if err := s.CloseSlot(ctx, "studio-nine", slotAt(at(3))); err != nil {
			t.Fatal(err)
		}
		if err := s.OpenSlot(ctx, "studio-nine", at(3)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateKey(ctx, "studio-nine", "k1", "front desk", []byte("hash")); err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeKey(ctx, "studio-nine", "k1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ContactBookings(byKey, "studio-nine", salon.ContactKey("+44 7700 900123", "")); err != nil {
			t.Fatal(err)
		}
		if _, err := s.EraseContact(byKey, "studio-nine", salon.ContactKey("+44 7700 900123", "")); err != nil {
			t.Fatal(err)
		}

		got := entries(t, s)
		slot2, slot3 := at(2).Format(time.RFC3339), at(3).Format(time.RFC3339)
		want := []string{
			"k0123456789abcdef eraseCustomer  1 booking erased",
			"k0123456789abcdef exportCustomer  1 booking exported",
			"operator revokeKey  key k1",
			"operator createKey  key k1",
			"operator openSlot  slot " + slot3,
			"operator closeSlot  slot " + slot3,
			"k0123456789abcdef cancelBooking b1 slot " + slot2 + ", cancelled already",
			"k0123456789abcdef cancelBooking b1 slot " + slot2,
			"k0123456789abcdef putSalon  settings version 2",
			"operator putSalon  created; settings version 1",
		}
		if !reflect.DeepEqual(actions(got), want) {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(actions(got), "\n"), strings.Join(want, "\n"))
		}
		for i, e := range got {
			if e.At.Location() != time.UTC || !e.At.Equal(e.At.Truncate(time.Millisecond)) {
				t.Errorf("entry %d at %v: want UTC to the millisecond", i, e.At)
			}
			if i > 0 && !e.At.Before(got[i-1].At) {
				t.Errorf("entry %d at %v is not older than entry %d at %v", i, e.At, i-1, got[i-1].At)
			}
			for _, personal := range []string{"Ana", "7700", "cut on Tuesday"} {
				if strings.Contains(e.Detail, personal) {
					t.Errorf("entry %d's detail %q names the customer (%q)", i, e.Detail, personal)
				}
			}
		}
	})
}

func TestARefusedOwnerActionWritesNoAuditEntry(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		ctx := t.Context()
		book(t, s, "b1", at(2))
		before := entries(t, s)
		refused := []error{
			s.CloseSlot(ctx, "studio-nine", slotAt(at(2))), // booked
			s.RevokeKey(ctx, "studio-nine", "nobody"),
		}
		_, err := s.Cancel(ctx, "studio-nine", "nobody")
		refused = append(refused, err)
		_, err = s.CreateKey(ctx, "elsewhere", "k2", "front desk", []byte("hash"))
		refused = append(refused, err)
		for i, err := range refused {
			if !named(err) {
				t.Errorf("refusal %d: got %v, want a refusal", i, err)
			}
		}
		if got := entries(t, s); !reflect.DeepEqual(got, before) {
			t.Errorf("after the refusals: got %v, want %v unchanged", actions(got), actions(before))
		}
	})
}

func TestAnActionWhoseAuditEntryCantBeWrittenIsNotDone(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		ctx := t.Context()
		book(t, s, "b1", at(2))
		db := raw(t, url)
		// With the audit's table gone, every owner action fails at its entry: since the entry is
		// written in the action's own transaction, the action itself is rolled back.
		if _, err := db.ExecContext(ctx, `ALTER TABLE audit RENAME TO audit_elsewhere`); err != nil {
			t.Fatal(err)
		}
		renamed := studioNine
		renamed.Name = "Studio Ten"
		failed := map[string]error{"PutSalon": s.PutSalon(ctx, "studio-nine", renamed),
			"CloseSlot": s.CloseSlot(ctx, "studio-nine", slotAt(at(3)))}
		_, failed["Cancel"] = s.Cancel(ctx, "studio-nine", "b1")
		_, failed["CreateKey"] = s.CreateKey(ctx, "studio-nine", "k1", "front desk", []byte("hash"))
		_, failed["EraseContact"] = s.EraseContact(ctx, "studio-nine", salon.ContactKey("+44 7700 900123", ""))
		for name, err := range failed {
			if err == nil || named(err) {
				t.Errorf("%s without its audit: got %v, want the database's error", name, err)
			}
		}
		if _, err := db.ExecContext(ctx, `ALTER TABLE audit_elsewhere RENAME TO audit`); err != nil {
			t.Fatal(err)
		}
		wantBookedAndOpen := func(t *testing.T, s *store.Store) {
			t.Helper()
			cal, err := s.Window(ctx, "studio-nine", now, now.AddDate(1, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			if cal.Settings.Name != "Studio Nine" || cal.Taken[at(2).Unix()] != salon.TakenBooked || cal.Taken[at(3).Unix()] != 0 {
				t.Errorf("got %q with %v taken, want Studio Nine with b1 live and at(3) open", cal.Settings.Name, cal.Taken)
			}
		}
		wantBookedAndOpen(t, openURL(t, url))
		if n := count(t, db, `SELECT count(*) FROM owner_keys`); n != 0 {
			t.Errorf("got %d keys, want none", n)
		}
		if n := count(t, db, `SELECT count(*) FROM bookings WHERE contact_key = ''`); n != 0 {
			t.Errorf("got %d bookings erased, want none", n)
		}
	})
}

func TestTheAuditPagesNewestFirst(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		// Every entry in one millisecond: the row ids order them, and no page repeats or skips one.
		s.SetClock(func() time.Time { return now })
		if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
			t.Fatal(err)
		}
		for i := range 6 {
			if err := s.CloseSlot(t.Context(), "studio-nine", slotAt(at(float64(i+2)))); err != nil {
				t.Fatal(err)
			}
		}
		whole, err := s.Audit(t.Context(), "studio-nine", nil, 100)
		if err != nil || len(whole) != 7 {
			t.Fatalf("the whole audit: got %d entries, %v, want 7", len(whole), err)
		}
		var paged []audit.Entry
		var after *audit.Cursor
		for range 10 {
			page, err := s.Audit(t.Context(), "studio-nine", after, 3)
			if err != nil {
				t.Fatal(err)
			}
			paged = append(paged, page...)
			if len(page) < 3 {
				break
			}
			last := page[len(page)-1]
			after = &audit.Cursor{At: last.At, ID: last.ID}
		}
		if !reflect.DeepEqual(paged, whole) {
			t.Errorf("paged by 3: got %v, want %v", paged, whole)
		}
		if _, err := s.Audit(t.Context(), "elsewhere", nil, 10); !errors.Is(err, salon.NoSalon("elsewhere")) {
			t.Errorf("an unknown salon: got %v, want NoSalon", err)
		}
	})
}

func TestKeysAreStoredListedAndRevoked(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		s.SetClock(func() time.Time { return now.Add(1500 * time.Microsecond) })
		ctx := t.Context()
		made, err := s.CreateKey(ctx, "studio-nine", "k1", "front desk", []byte("hash one"))
		if err != nil {
			t.Fatal(err)
		}
		want := salon.Key{ID: "k1", Salon: "studio-nine", Name: "front desk", Hash: []byte("hash one"), Created: now.Add(time.Millisecond)}
		if !reflect.DeepEqual(made, want) {
			t.Errorf("CreateKey: got %+v, want %+v", made, want)
		}
		if _, err := s.CreateKey(ctx, "studio-nine", "k2", "till", []byte("hash two")); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateKey(ctx, "studio-nine", "k1", "again", []byte("hash three")); err == nil || named(err) {
			t.Errorf("a second key k1: got %v, want the database to refuse it", err)
		}
		list, err := s.Keys(ctx, "studio-nine")
		if err != nil || len(list) != 2 || list[0].ID != "k1" || list[1].Name != "till" || list[0].Hash != nil {
			t.Errorf("Keys: got %+v, %v, want k1 and k2 without hashes", list, err)
		}

		got, ok, err := s.KeyByID(ctx, "k1")
		if err != nil || !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("KeyByID(k1): got %+v, %v, %v, want %+v", got, ok, err, want)
		}
		if err := s.RevokeKey(ctx, "studio-nine", "k1"); err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeKey(ctx, "studio-nine", "k1"); !errors.Is(err, salon.NoKey("k1")) {
			t.Errorf("revoking k1 again: got %v, want NoKey", err)
		}
		got, ok, err = s.KeyByID(ctx, "k1")
		if err != nil || !ok || !got.Revoked {
			t.Errorf("KeyByID(k1) after the revoke: got %+v, %v, %v, want it revoked", got, ok, err)
		}
		if list, err := s.Keys(ctx, "studio-nine"); err != nil || len(list) != 1 || list[0].ID != "k2" {
			t.Errorf("Keys after the revoke: got %+v, %v, want k2 alone", list, err)
		}
		if _, ok, err := s.KeyByID(ctx, "nobody"); ok || err != nil {
			t.Errorf("KeyByID(nobody): got %v, %v, want not found", ok, err)
		}
		if err := s.PutSalon(ctx, "elsewhere", studioNine); err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeKey(ctx, "elsewhere", "k2"); !errors.Is(err, salon.NoKey("k2")) {
			t.Errorf("revoking studio-nine's key at another salon: got %v, want NoKey", err)
		}
		if list, err := s.Keys(ctx, "elsewhere"); err != nil || len(list) != 0 {
			t.Errorf("Keys(elsewhere): got %v, %v, want none", list, err)
		}
		if _, err := s.Keys(ctx, "nowhere"); !errors.Is(err, salon.NoSalon("nowhere")) {
			t.Errorf("Keys(nowhere): got %v, want NoSalon", err)
		}
	})
}

func TestARevokeThroughOneStoreHoldsAtOnceOnAnother(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		if b.name == "sqlite" {
			t.Skip("SQLite is one instance's database")
		}
		first, url := b.withSalon(t)
		second := openURL(t, url)
		if _, err := first.CreateKey(t.Context(), "studio-nine", "k1", "front desk", []byte("hash")); err != nil {
			t.Fatal(err)
		}
		if k, ok, err := second.KeyByID(t.Context(), "k1"); err != nil || !ok || k.Revoked {
			t.Fatalf("the second store before the revoke: got %+v, %v, %v, want it live", k, ok, err)
		}
		if err := first.RevokeKey(t.Context(), "studio-nine", "k1"); err != nil {
			t.Fatal(err)
		}
		if k, ok, err := second.KeyByID(t.Context(), "k1"); err != nil || !ok || !k.Revoked {
			t.Errorf("the second store after the revoke: got %+v, %v, %v, want it revoked", k, ok, err)
		}
	})
}

// TestTheOwnersMoveWebhooksAndFeedWriteTheirAuditEntries: the owner's actions that other work
// added (moving a booking, a webhook put and deleted, a new feed address) write their entries in
// their own transactions too; a customer's own move is no owner's action and writes none.
func TestTheOwnersMoveWebhooksAndFeedWriteTheirAuditEntries(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, _ := b.withSalon(t)
		auditClock(s)
		ctx := audit.WithActor(t.Context(), "kdesk")
		book(t, s, "b1", at(2))
		to := slotAt(at(3))
		if _, taken, err := s.Move(ctx, "studio-nine", "b1", func(salon.Booking) (salon.Move, error) {
			return salon.Move{Slot: to}, nil
		}); err != nil || taken != 0 {
			t.Fatalf("Move: %v, %v", taken, err)
		}
		if _, _, err := s.MoveSpend(ctx, stateID(t.Name()), goodUntil, "studio-nine", "b1", func(salon.Booking) (salon.Move, error) {
			return salon.Move{Slot: slotAt(at(4))}, nil
		}); err != nil {
			t.Fatalf("MoveSpend: %v", err)
		}
		if _, err := s.PutWebhook(ctx, salon.Webhook{Salon: "studio-nine", ID: "crm", URL: "https://crm.example/hook", Secret: "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DeleteWebhook(ctx, "studio-nine", "crm"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetFeed(ctx, "studio-nine", []byte("hash"), now); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range actions(entries(t, s)) {
			if !strings.Contains(a, " putSalon ") { // the salon's own put, before the test's clock
				got = append(got, a)
			}
		}
		want := []string{
			"kdesk newFeed  a new feed address",
			"kdesk deleteWebhook  webhook crm",
			"kdesk putWebhook  webhook crm",
			"kdesk moveBooking b1 slot " + at(2).Format(time.RFC3339) + " to " + at(3).Format(time.RFC3339),
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
