// This file runs keeping the data against real bookingd processes: a salon on SQLite copied to
// PostgreSQL and served on by two instances, everything carrying on; and the restore drill, a
// backup taken under load, the server killed, the backup restored into a fresh server.

package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salon/internal/testpg"
)

// bookingd runs the built binary with args, and returns what it wrote to stderr and how it exited.
func bookingd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = os.Environ()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	return stderr.String(), err
}

func TestASalonCopiedToPostgreSQLCarriesOnOnTwoInstances(t *testing.T) {
	skipShort(t)
	t.Parallel()
	dir := t.TempDir()
	sqlite := "sqlite:" + filepath.Join(dir, "calendar.db")
	hooks := newHooks(t, 0)
	var open atomic.Bool // the receiver answers 503 until the copy serves
	hooks.answer = func(int) int {
		if open.Load() {
			return http.StatusOK
		}
		return http.StatusServiceUnavailable
	}
	one := spawn(t, calendarEnv(envTestFirstRetry+"=300ms"), "-db", sqlite, "-webhooks-insecure")
	putNightOwls(t, one.base())
	hooks.register(t, one.base(), "crm")
	r := call(http.MethodPost, one.base()+"/salons/"+nightOwls+"/keys", ownerToken, `{"name":"front desk"}`)
	var key struct{ ID, Key string }
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &key) != nil {
		t.Fatalf("a key: %s", r)
	}
	slots := slotsAhead(2)
	spent, waiting := newPatron(1, slots[0]), newPatron(2, slots[1])
	askAll(t, []*patron{spent, waiting}, one.base())
	if _, ok := completed(spent.accept(one.base(), slots[0])); !ok {
		t.Fatal("the booking before the copy didn't complete")
	}
	if !hooks.awaitUntil(10*time.Second, func(got []webhookEvent) bool { return len(got) > 0 }) {
		t.Fatal("no delivery was tried before the copy")
	}
	// The salon is moved: its server stopped, its database copied.
	if err := one.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	one.rest()
	_ = one.cmd.Wait()
	pg := testpg.Shared(t).URL(t)
	said, err := bookingd(t, "copy", "-from", sqlite, "-to", pg)
	if err != nil {
		t.Fatalf("bookingd copy: %v\n%s", err, said)
	}
	t.Log(said)
	for _, want := range []string{"copied bookings: 1 row", "copied owner_keys: 1 row", "copied webhooks: 1 row", "compared spent_states: 1 row, the same on both sides", "the two databases hold the same"} {
		if !strings.Contains(said, want) {
			t.Errorf("bookingd copy said:\n%s\nwithout %q", said, want)
		}
	}

	open.Store(true)
	a := spawn(t, calendarEnv(envTestFirstRetry+"=300ms"), "-db", pg, "-webhooks-insecure")
	b := spawn(t, calendarEnv(envTestFirstRetry+"=300ms"), "-db", pg, "-webhooks-insecure")
	// A state spent on SQLite stays spent on PostgreSQL, on either instance.
	if r := spent.accept(b.base(), slots[0]); r.status != http.StatusBadRequest || !strings.Contains(r.body, "requestState was already used") {
		t.Errorf("the spent state on the copy: got %s, want 400 already used", r)
	}
	// A state issued before the copy and not spent completes once.
	if done, ok := completed(waiting.accept(a.base(), slots[1])); !ok || done.Status != "booked" {
		t.Errorf("the waiting state on the copy: not booked")
	}
	if r := waiting.accept(b.base(), slots[1]); r.status != http.StatusBadRequest {
		t.Errorf("the same state again on the other instance: got %s, want 400", r)
	}
	// The key made on SQLite opens the salon on PostgreSQL; the webhook goes on being told.
	if r := call(http.MethodGet, b.base()+"/salons/"+nightOwls+"/bookings", key.Key, ""); r.status != http.StatusOK || strings.Count(r.body, `"booking"`) != 2 {
		t.Errorf("the owner's list with the key made before the copy: got %s, want both bookings", r)
	}
	if !hooks.awaitUntil(20*time.Second, func(got []webhookEvent) bool {
		delivered := map[string]bool{}
		for _, e := range got {
			if e.status == http.StatusOK {
				delivered[e.booking] = true
			}
		}
		return len(delivered) == 2
	}) {
		t.Errorf("the deliveries pending at the copy and the new one: got %+v, want both bookings told", hooks.events())
	}
}

func TestTheRestoreDrillFindsEveryBookingAnsweredBeforeTheBackup(t *testing.T) {
	skipShort(t)
	t.Parallel()
	const n, workers = 200, 16
	dir := t.TempDir()
	live := filepath.Join(dir, "calendar.db")
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+live)
	putNightOwls(t, p.base())
	slots := slotsAhead(n)
	patrons := patronsFor(slots)
	askAll(t, patrons, p.base())

	var mu sync.Mutex
	answered := map[string]time.Time{} // booking → when round two answered it as made
	var count atomic.Int64
	backupTaken := make(chan time.Time, 1)
	backup := filepath.Join(dir, "backup.db")
	var said string
	var backupErr error
	go acceptAll(p.base(), patrons, slots, workers, func(i int, r reply) {
		done, ok := completed(r)
		if ok && done.Status == "booked" {
			mu.Lock()
			answered[done.Booking] = time.Now()
			mu.Unlock()
		}
		if count.Add(1) == n/3 {
			// Under load: the backup begins while round twos are still being answered.
			began := time.Now()
			said, backupErr = bookingd(t, "backup", "-db", "sqlite:"+live, "-to", backup)
			backupTaken <- began
		}
		if count.Load() == 2*n/3 {
			_ = p.cmd.Process.Signal(syscall.SIGKILL)
		}
	})
	began := <-backupTaken
	if backupErr != nil {
		t.Fatalf("bookingd backup: %v\n%s", backupErr, said)
	}
	if !strings.Contains(said, "integrity ok") {
		t.Errorf("bookingd backup said %q", said)
	}
	p.rest()
	_ = p.cmd.Wait()

	// The drill: a fresh server on the backup, as an operator restores one.
	restored := filepath.Join(t.TempDir(), "restored.db")
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(restored, data, 0o600); err != nil {
		t.Fatal(err)
	}
	fresh := spawn(t, calendarEnv(), "-db", "sqlite:"+restored)
	have := map[string]bool{}
	for _, b := range ownersBookings(t, fresh.base()) {
		have[b.Booking] = true
	}
	mu.Lock()
	defer mu.Unlock()
	before := 0
	for booking, at := range answered {
		if at.Before(began) {
			before++
			if !have[booking] {
				t.Errorf("%s was answered as made before the backup began, and the restored server doesn't hold it", booking)
			}
		}
	}
	if before < n/4 {
		t.Errorf("only %d bookings were answered before the backup: no load", before)
	}
	t.Logf("%d bookings answered before the backup, %d restored", before, len(have))
}
