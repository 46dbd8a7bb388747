package store_test

import (
	"errors"
	"testing"

	"salon/internal/salon"
)

// TestTheCalendarTagChangesWithWhatAPageIsReadFrom writes a simple salon's calendar through the
// store and straight through SQL: on SQLite every change of its settings, its live bookings or
// its closed slots draws a new tag, and nothing else does (a read, a change at another salon, a
// customer's name); a window reads the tag it was read at. PostgreSQL keeps none: 0 throughout.
func TestTheCalendarTagChangesWithWhatAPageIsReadFrom(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		ctx := t.Context()
		s, url := b.withSalon(t)
		if err := s.PutSalon(ctx, "studio-ten", studioNine); err != nil {
			t.Fatal(err)
		}
		db := raw(t, url)
		kept := b.name == "sqlite"
		tag := func(what string) int64 {
			t.Helper()
			got, err := s.CalendarTag(ctx, "studio-nine")
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			cal, err := s.Window(ctx, "studio-nine", now, at(24*14))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if cal.Tag != got {
				t.Errorf("%s: a window read the tag %d, CalendarTag %d", what, cal.Tag, got)
			}
			if (got != 0) != kept {
				t.Errorf("%s: the tag is %d", what, got)
			}
			return got
		}
		last := tag("the salon put")
		step := func(what string, change func() error, changes bool) {
			t.Helper()
			if err := change(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			got := tag(what)
			if kept && (got != last) != changes {
				t.Errorf("%s: the tag went from %d to %d, want changed %v", what, last, got, changes)
			}
			last = got
		}
		sql := func(query string, args ...any) func() error {
			return func() error { _, err := db.ExecContext(ctx, query, args...); return err }
		}
		spend := func(id, salonID string, hours float64) func() error {
			return func() error {
				_, err := s.Spend(ctx, stateID(id), goodUntil, hold(id, salonID, at(hours)), now)
				return err
			}
		}

		step("a read", func() error { _, err := s.Window(ctx, "studio-nine", now, at(48)); return err }, false)
		step("a booking", spend("ana", "studio-nine", 25.5), true)
		step("a booking at another salon", spend("bea", "studio-ten", 25.5), false)
		step("a slot closed", func() error { return s.CloseSlot(ctx, "studio-nine", slotAt(at(26.25))) }, true)
		step("the slot opened", func() error { return s.OpenSlot(ctx, "studio-nine", at(26.25)) }, true)
		step("a cancel", func() error { _, err := s.Cancel(ctx, "studio-nine", "ana"); return err }, true)
		renamed := studioNine
		renamed.Name = "Studio Nine and a Half"
		step("a new name", func() error { return s.PutSalon(ctx, "studio-nine", renamed) }, true)
		step("the same settings again", func() error { return s.PutSalon(ctx, "studio-nine", renamed) }, true)

		step("a booking inserted through SQL", sql(`INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state)
			VALUES ($1, $2, $1, $3, 'Bea', '+1', '', $4, 'booked', $1)`, []byte("raw"), []byte("studio-nine"), at(27).Unix(), now.Unix()), true)
		step("its names changed through SQL", sql(`UPDATE bookings SET name = 'X', contact = 'Y' WHERE id = $1`, []byte("raw")), false)
		step("moved through SQL", sql(`UPDATE bookings SET starts_at = starts_at + 86400 WHERE id = $1`, []byte("raw")), true)
		step("cancelled through SQL", sql(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, []byte("raw")), true)
		step("made live again through SQL", sql(`UPDATE bookings SET status = 'booked' WHERE id = $1`, []byte("raw")), true)
		step("deleted through SQL", sql(`DELETE FROM bookings WHERE id = $1`, []byte("raw")), true)
		step("a slot closed through SQL", sql(`INSERT INTO closed_slots (salon, starts_at) VALUES ($1, $2)`, []byte("studio-nine"), at(28).Unix()), true)
		step("moved through SQL", sql(`UPDATE closed_slots SET starts_at = $2 WHERE salon = $1`, []byte("studio-nine"), at(29).Unix()), true)
		step("opened through SQL", sql(`DELETE FROM closed_slots WHERE salon = $1`, []byte("studio-nine")), true)
		step("the salon's row changed through SQL", sql(`UPDATE salons SET phone = $2 WHERE id = $1`, []byte("studio-nine"), []byte("+44 20 7946 0001")), true)

		if _, err := s.CalendarTag(ctx, "studio-eleven"); !errors.Is(err, salon.NoSalon("studio-eleven")) {
			t.Errorf("the tag of a salon never put: %v, want NoSalon", err)
		}
	})
}
