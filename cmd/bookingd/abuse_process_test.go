// This file runs the real bookingd as an attacker would try it on a fresh install: a flood of round
// ones at the default quota, many wrong owner tokens before the right one, a salon's webhooks past
// their bound, and a name that carries a link.

package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// withCalendar runs bookingd on a fresh SQLite calendar with night-owls registered, extra added to
// its environment.
func withCalendar(t *testing.T, extra ...string) *process {
	t.Helper()
	p := spawn(t, calendarEnv(extra...), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"))
	putNightOwls(t, p.base())
	return p
}

func TestAFreshInstallLimitsEachClientAndZeroTurnsItOff(t *testing.T) {
	t.Parallel()
	fresh := spawn(t, []string{envSigningKey + "=" + testKey, envRate + "="}) // unset: the default
	got := statuses(t, fresh.base(), "", 12)
	want := append(slices.Repeat([]int{200}, 8), 429, 429, 429, 429)
	if !slices.Equal(got, want) {
		t.Errorf("twelve round ones at once from one client: got %v, want a burst of 8, then 429", got)
	}
	if !slices.ContainsFunc(fresh.lines(), func(l string) bool {
		return strings.Contains(l, `"msg":"requests are limited per client address","rate_per_second":2,"burst":8`)
	}) {
		t.Errorf("stderr doesn't say requests are limited at 2/s in bursts of 8: %q", fresh.lines())
	}
	off := spawn(t, []string{envSigningKey + "=" + testKey}, "-rate", "0")
	for i, status := range statuses(t, off.base(), "", 20) {
		if status != http.StatusOK {
			t.Fatalf("request %d with -rate 0: got %d, want 200", i+1, status)
		}
	}
	if !slices.ContainsFunc(off.lines(), func(l string) bool {
		return strings.Contains(l, `"level":"WARN","msg":"requests are not limited per client address (-rate 0)`)
	}) {
		t.Errorf("stderr doesn't warn that -rate 0 limits nothing: %q", off.lines())
	}
}

func TestAHundredWrongTokensLockOutNoRightOne(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	base := p.base()
	_, key := makeKey(t, base, nightOwls)
	path := base + "/salons/" + nightOwls + "/bookings"
	var refused []int
	for i := range 120 {
		refused = append(refused, call(http.MethodGet, path, fmt.Sprintf("wrong-token-%03d", i), "").status)
	}
	if want := append(slices.Repeat([]int{401}, 100), slices.Repeat([]int{429}, 20)...); !slices.Equal(refused, want) {
		t.Errorf("120 wrong tokens: got %v, want 100 401s, then 429s", refused)
	}
	for name, token := range map[string]string{"the operator's token": ownerToken, "the salon's key": key} {
		if r := call(http.MethodGet, path, token, ""); r.status != http.StatusOK {
			t.Errorf("%s after 120 wrong ones from its address: got %s, want 200", name, r)
		}
	}
}

func TestASalonTakesTwentyWebhooksAndRefusesTheTwentyFirst(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	put := func(id string) reply {
		return call(http.MethodPut, p.base()+"/salons/"+nightOwls+"/webhooks/"+id, ownerToken, `{"url":"https://hooks.example/`+id+`"}`)
	}
	for i := range 20 {
		if r := put(fmt.Sprintf("hook-%02d", i)); r.status != http.StatusOK {
			t.Fatalf("webhook %d: got %s, want 200", i+1, r)
		}
	}
	if r := put("hook-20"); r.status != http.StatusConflict || r.body != `"a salon has at most 20 webhooks"` {
		t.Errorf("the 21st webhook: got %s, want 409 \"a salon has at most 20 webhooks\"", r)
	}
	if r := put("hook-00"); r.status != http.StatusOK {
		t.Errorf("changing one of the twenty: got %s, want 200", r)
	}
	r := call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/webhooks", ownerToken, "")
	if n := strings.Count(r.body, `"id":"hook-`); r.status != http.StatusOK || n != 20 {
		t.Errorf("the list: got %d webhooks (%s), want 20", n, r)
	}
}

func TestANameCarryingALinkIsRefusedAndBooksNothing(t *testing.T) {
	t.Parallel()
	p := withCalendar(t)
	for _, name := range []string{"Visit https://evil.example/refund now to keep your slot", "www.evil.example", "ada@evil.example"} {
		patron := &patron{name: name, contact: "stranger@example.org", openSlots: slotsAhead(1)}
		r := call(http.MethodPost, p.base()+"/salons/"+nightOwls+"/book", "", `{"arguments":`+patron.arguments()+`}`)
		if r.status != http.StatusBadRequest || r.body != `"arguments.customer.name must be a name, not an address"` {
			t.Errorf("round one named %q: got %s, want 400 \"arguments.customer.name must be a name, not an address\"", name, r)
		}
	}
	if got := ownersBookings(t, p.base()); len(got) != 0 {
		t.Errorf("the owner's list: got %v, want nothing booked", got)
	}
}
