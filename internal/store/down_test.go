// This file holds the tests of a database that goes away or is reopened, and of Open's refusals.

package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/testpg"
)

func TestASQLiteStoreClosedSpendsNothingAndTheFileKeepsEverything(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	s, err := store.Open(t.Context(), url, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if err := s.PutSalon(ctx, "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	booked, err := s.Spend(ctx, stateID(t.Name(), "booked"), goodUntil, hold("b1", "studio-nine", at(2)), now)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CloseSlot(ctx, "studio-nine", slotAt(at(3))); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	pending := stateID(t.Name(), "pending")
	if _, err := s.Spend(ctx, pending, goodUntil, hold("b2", "studio-nine", at(4)), now); err == nil || named(err) {
		t.Errorf("Spend on a closed store: got %v, want an error that is none of the named ones", err)
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping on a closed store: got nil, want an error")
	}

	s = openURL(t, url)
	wantBookedAndClosed(t, s, studioNine)
	list, err := s.Bookings(ctx, "studio-nine", now, at(24))
	if err != nil || len(list) != 1 || !reflect.DeepEqual(list[0], *booked.Booking) {
		t.Errorf("bookings after reopening: got %v, %v, want [%v]", list, err, *booked.Booking)
	}
	if _, err := s.Spend(ctx, stateID(t.Name(), "booked"), goodUntil, nil, now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
		t.Errorf("the spent state after reopening: got %v, want ErrAlreadyUsed", err)
	}
	out, err := s.Spend(ctx, pending, goodUntil, hold("b2", "studio-nine", at(4)), now)
	if err != nil || out.Booking == nil {
		t.Errorf("the spend that failed, tried again: got %+v, %v, want a booking", out, err)
	}
}

func TestPostgreSQLDownThenBack(t *testing.T) {
	srv := testpg.Start(t)
	s := openURL(t, srv.URL(t))
	if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	book(t, s, "before", at(1))

	srv.Stop()
	pending := stateID(t.Name(), "pending")
	down, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := s.Spend(down, pending, goodUntil, hold("b2", "studio-nine", at(2)), now); err == nil || named(err) {
		t.Errorf("Spend with the database down: got %v, want an error that is none of the named ones", err)
	}
	if _, err := s.Window(down, "studio-nine", now, (now).AddDate(1, 0, 0)); err == nil || named(err) {
		t.Errorf("Calendar with the database down: got %v, want an error that is none of the named ones", err)
	}
	if err := s.Ping(down); err == nil {
		t.Error("Ping with the database down: got nil, want an error")
	}

	srv.Start()
	// The same store recovers, with no restart, from the first call on.
	out, err := s.Spend(ctx, pending, goodUntil, hold("b2", "studio-nine", at(2)), now)
	if err != nil || out.Booking == nil {
		t.Fatalf("the same spend after the restart: got %+v, %v, want a booking", out, err)
	}
	list, err := s.Bookings(ctx, "studio-nine", now, at(24))
	if err != nil || len(list) != 2 {
		t.Errorf("bookings after the restart: got %v, %v, want both", list, err)
	}
}

func TestAnotherStoreOnTheSameDatabaseSeesEverything(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		first, url := b.withSalon(t)
		booked := book(t, first, "b1", at(2))
		second := openURL(t, url) // as a second instance, or a restart, migrating nothing again
		if _, err := second.Spend(t.Context(), stateID(t.Name(), "b1"), goodUntil, nil, now); !errors.Is(err, requeststate.ErrAlreadyUsed) {
			t.Errorf("a state spent through the first: got %v, want ErrAlreadyUsed", err)
		}
		out, err := second.Spend(t.Context(), stateID(t.Name(), "b2"), goodUntil, hold("b2", "studio-nine", at(2)), now)
		if err != nil || out.Taken != salon.TakenBooked {
			t.Errorf("the slot booked through the first: got %+v, %v, want taken", out, err)
		}
		list, err := second.Bookings(t.Context(), "studio-nine", now, at(24))
		if err != nil || len(list) != 1 || !reflect.DeepEqual(list[0], booked) {
			t.Errorf("got %v, %v, want [%v]", list, err, booked)
		}
	})
}

func TestOpenRefusals(t *testing.T) {
	dir := t.TempDir()
	notADir := filepath.Join(dir, "a-file")
	if err := os.WriteFile(notADir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, url string
		want      string // in the message
	}{
		{"an unknown scheme", "mysql://salon:secret@db/salon", "must be sqlite:PATH, postgres://"},
		{"no scheme", "calendar.db", "must be sqlite:PATH"},
		{"sqlite with no path", "sqlite:", "names no file"},
		{"sqlite in memory", "sqlite::memory:", "not a file path"},
		{"sqlite with a query", "sqlite:calendar.db?mode=ro", "not a file path"},
		{"sqlite in a directory that is a file", "sqlite:" + filepath.Join(notADir, "calendar.db"), "can't be opened"},
		{"a postgres URL that can't be read", "postgres://salon:secret@db:notaport/salon", "can't be read"},
		{"a postgres nobody listens on", "postgres://salon:secret@127.0.0.1:1/salon?connect_timeout=5", "can't be reached"},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			s, err := store.Open(t.Context(), tc.url, time.Now)
			if err == nil {
				s.Close()
				t.Fatal("got a store, want an error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want it to say %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("got %q, which holds the password", err)
			}
		})
	}
}
