// This file holds the tests of SQLite's batched spends: shared transactions that change no outcome.

package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

// busySQLite opens a SQLite store with studio-nine registered, and returns with its database's
// write lock held by another connection, and a function that lets it go.
func busySQLite(t *testing.T) (s *store.Store, release func()) {
	t.Helper()
	url := "sqlite:" + filepath.Join(t.TempDir(), "calendar.db")
	s = openURL(t, url)
	if err := s.PutSalon(t.Context(), "studio-nine", studioNine); err != nil {
		t.Fatal(err)
	}
	conn, err := raw(t, url).Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(t.Context(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			if _, err := conn.ExecContext(context.Background(), "COMMIT"); err != nil {
				t.Error(err)
			}
			conn.Close()
		})
	}
	t.Cleanup(release)
	return s, release
}

// waitQueued waits until n spends wait for a batch.
func waitQueued(t *testing.T, s *store.Store, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for s.Queued() != n {
		if time.Now().After(deadline) {
			t.Fatalf("got %d spends queued, want %d", s.Queued(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// firstBatch starts a spend and returns once its batch has begun, and waits for the lock; the
// spend's answer comes on the channel.
func firstBatch(t *testing.T, s *store.Store) <-chan answer {
	t.Helper()
	before := s.Batches()
	first := make(chan answer, 1)
	go func() {
		out, err := s.Spend(context.Background(), stateID(t.Name(), "first"), goodUntil, hold("first", "studio-nine", at(1)), now)
		first <- answer{out, err}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for s.Batches() == before || s.Queued() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the first spend's batch didn't begin within 5s")
		}
		time.Sleep(time.Millisecond)
	}
	return first
}

// booked fails the test unless a is a booking.
func booked(t *testing.T, what string, a answer) {
	t.Helper()
	if a.err != nil || a.out.Booking == nil {
		t.Errorf("%s: got %+v, %v, want a booking", what, a.out, a.err)
	}
}

// answer is one Spend's return.
type answer struct {
	out salon.SpendOutcome
	err error
}

func TestSpendsWaitingForTheWriterShareOneTransaction(t *testing.T) {
	s, release := busySQLite(t)
	ctx := t.Context()
	first := firstBatch(t, s)

	type call struct {
		name  string
		state string
		hold  *salon.Hold
	}
	calls := []call{
		{"free slot", "a", hold("a", "studio-nine", at(2))},
		{"another free slot", "b", hold("b", "studio-nine", at(3))},
		{"the slot the one before booked", "c", hold("c", "studio-nine", at(3))},
		{"a slot already started", "d", hold("d", "studio-nine", at(-1))},
		{"the state the one before spent", "b", hold("e", "studio-nine", at(4))},
		{"a decline", "f", nil},
		{"an unknown salon", "g", hold("g", "elsewhere", at(5))},
	}
	answers := make([]answer, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		// One at a time, so they queue in order.
		wg.Go(func() {
			out, err := s.Spend(ctx, stateID(t.Name(), c.state), goodUntil, c.hold, now)
			answers[i] = answer{out, err}
		})
		waitQueued(t, s, i+1)
	}
	before := s.Batches()
	release()
	wg.Wait()
	booked(t, "the first", <-first)
	if got := s.Batches() - before; got != 1 {
		t.Errorf("got %d transactions for the %d queued spends, want 1", got, len(calls))
	}

	check := func(i int, booked bool, taken salon.Taken, err error) {
		t.Helper()
		a := answers[i]
		if (a.out.Booking != nil) != booked || a.out.Taken != taken || !errors.Is(a.err, err) {
			t.Errorf("%s: got %+v, %v, want booked %v, taken %v, error %v", calls[i].name, a.out, a.err, booked, taken, err)
		}
	}
	check(0, true, 0, nil)
	check(1, true, 0, nil)
	check(2, false, salon.TakenBooked, nil)
	check(3, false, salon.TakenPast, nil)
	check(4, false, 0, requeststate.ErrAlreadyUsed)
	check(5, false, 0, nil)
	check(6, false, 0, salon.NoSalon("elsewhere"))
}

func TestASpendThatFailsInABatchFailsAlone(t *testing.T) {
	s, release := busySQLite(t)
	ctx := t.Context()
	first := firstBatch(t, s)

	const n = 6
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		// The third reuses the first booking's id, which the database refuses.
		id := fmt.Sprint("b", i)
		if i == 2 {
			id = "first"
		}
		wg.Go(func() {
			out, err := s.Spend(ctx, stateID(t.Name(), i), goodUntil, hold(id, "studio-nine", at(float64(2+i))), now)
			answers[i] = answer{out, err}
		})
		waitQueued(t, s, i+1)
	}
	release()
	wg.Wait()
	booked(t, "the first", <-first)
	for i, a := range answers {
		if i == 2 {
			if a.err == nil || named(a.err) {
				t.Errorf("the one reusing an id: got %+v, %v, want an error that is none of the named ones", a.out, a.err)
			}
			continue
		}
		booked(t, fmt.Sprint("spend ", i), a)
	}
	out, err := s.Spend(ctx, stateID(t.Name(), 2), goodUntil, hold("b2", "studio-nine", at(4)), now)
	if err != nil || out.Booking == nil {
		t.Errorf("the failed state with a fresh booking id: got %+v, %v, want a booking, its state unspent", out, err)
	}
}

func TestASpendGivenUpWhileQueuedChangesNothing(t *testing.T) {
	s, release := busySQLite(t)
	first := firstBatch(t, s)

	ctx, cancel := context.WithCancel(t.Context())
	gaveUp := make(chan error, 1)
	go func() {
		_, err := s.Spend(ctx, stateID(t.Name(), "given up"), goodUntil, hold("b", "studio-nine", at(2)), now)
		gaveUp <- err
	}()
	waitQueued(t, s, 1)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if got := s.Queued(); got != 0 {
		t.Errorf("got %d queued after giving up, want 0", got)
	}
	release()
	booked(t, "the first", <-first)
	out, err := s.Spend(t.Context(), stateID(t.Name(), "given up"), goodUntil, hold("b", "studio-nine", at(2)), now)
	if err != nil || out.Booking == nil {
		t.Errorf("the state given up, spent again: got %+v, %v, want a booking", out, err)
	}
}
