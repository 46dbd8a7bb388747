// This file runs real bookingd processes for who may do what: a salon's key refused on another
// salon, a key revoked through one instance refused by a second on the very next request, and a
// racing pair of round twos at the cap per contact, across two instances on PostgreSQL and in one
// on SQLite.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"salon/internal/testpg"
)

// earlyBirds is a second salon, with night-owls' settings.
const earlyBirds = "early-birds"

// makeKey makes a key for salonID through base with the operator's token, and returns its id and the key.
func makeKey(t *testing.T, base, salonID string) (string, string) {
	t.Helper()
	r := call(http.MethodPost, base+"/salons/"+salonID+"/keys", ownerToken, `{"name":"front desk"}`)
	var made struct{ ID, Key string }
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &made) != nil || made.Key == "" {
		t.Fatalf("making a key for %s: got %s, want 200 with a key", salonID, r)
	}
	return made.ID, made.Key
}

// wantOwnerRefused fails unless r is 401 "the owner's token is missing or wrong".
func wantOwnerRefused(t *testing.T, what string, r reply) {
	t.Helper()
	if r.status != http.StatusUnauthorized || r.body != `"the owner's token is missing or wrong"` {
		t.Errorf("%s: got %s, want 401 \"the owner's token is missing or wrong\"", what, r)
	}
}

func TestAKeyRevokedOnOneInstanceIsRefusedByTheOtherOnTheNextRequest(t *testing.T) {
	t.Parallel()
	skipShort(t)
	url := testpg.Shared(t).URL(t)
	a := spawn(t, calendarEnv(envDatabaseURL+"="+url))
	b := spawn(t, calendarEnv(), "-db", url)
	putNightOwls(t, a.base())
	if r := call(http.MethodPut, a.base()+"/salons/"+earlyBirds, ownerToken, nightOwlsSettings); r.status != http.StatusOK {
		t.Fatalf("PUT %s: got %s", earlyBirds, r)
	}
	keyID, key := makeKey(t, a.base(), nightOwls)
	for _, p := range []*process{a, b} {
		if r := call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/bookings", key, ""); r.status != http.StatusOK {
			t.Errorf("night-owls' bookings with its key on %s: got %s, want 200", p.base(), r)
		}
		wantOwnerRefused(t, "early-birds' bookings with night-owls' key", call(http.MethodGet, p.base()+"/salons/"+earlyBirds+"/bookings", key, ""))
		wantOwnerRefused(t, "night-owls' keys with its own key", call(http.MethodGet, p.base()+"/salons/"+nightOwls+"/keys", key, ""))
	}
	// Many revocations in a row, each followed at once by a request to the other instance.
	for i := range 10 {
		keyID, key = makeKey(t, a.base(), nightOwls)
		if r := call(http.MethodGet, b.base()+"/salons/"+nightOwls+"/audit?limit=1", key, ""); r.status != http.StatusOK {
			t.Fatalf("key %d on the second instance before the revoke: got %s, want 200", i, r)
		}
		if r := call(http.MethodDelete, a.base()+"/salons/"+nightOwls+"/keys/"+keyID, ownerToken, ""); r.status != http.StatusNoContent {
			t.Fatalf("revoking key %d on the first instance: got %s, want 204", i, r)
		}
		wantOwnerRefused(t, fmt.Sprintf("key %d on the second instance right after the revoke", i),
			call(http.MethodGet, b.base()+"/salons/"+nightOwls+"/audit?limit=1", key, ""))
	}
	r := call(http.MethodGet, b.base()+"/salons/"+nightOwls+"/audit?limit=1", ownerToken, "")
	if want := `{"entries":[{"at":`; r.status != http.StatusOK || !strings.HasPrefix(r.body, want) ||
		!strings.Contains(r.body, `"by":"operator","action":"revokeKey","booking":"","detail":"key `+keyID+`"`) {
		t.Errorf("the audit's newest entry on the second instance: got %s, want the operator's revokeKey of %s", r, keyID)
	}
}

// cappedSettings are night-owls' settings with one upcoming booking per contact.
var cappedSettings = strings.TrimSuffix(nightOwlsSettings, "}") + `,"maxUpcomingPerContact":1}`

// racePairsAtTheCap races, for each of pairs contacts, two round twos of one contact for two slots,
// alternately on bases, and checks that exactly one of each pair books and the other is refused
// with the cap's reason.
func racePairsAtTheCap(t *testing.T, pairs int, bases ...string) {
	t.Helper()
	if r := call(http.MethodPut, bases[0]+"/salons/"+nightOwls, ownerToken, cappedSettings); r.status != http.StatusOK {
		t.Fatalf("PUT %s: got %s", nightOwls, r)
	}
	slots := slotsAhead(2 * pairs)
	const refusal = `"you already hold 1 upcoming booking here; call Night Owls to book more"`
	for i := range pairs {
		first, second := newPatron(i, slots[2*i]), newPatron(i, slots[2*i+1]) // one contact, two slots
		for j, p := range []*patron{first, second} {
			if err := p.ask(bases[j%len(bases)], p.openSlots[0]); err != nil {
				t.Fatal(err)
			}
		}
		replies := make([]reply, 2)
		var wg sync.WaitGroup
		for j, p := range []*patron{first, second} {
			wg.Go(func() { replies[j] = p.accept(bases[(j+1)%len(bases)], p.openSlots[0]) })
		}
		wg.Wait()
		booked, refused := 0, 0
		for _, r := range replies {
			if got, ok := completed(r); ok && got.Status == "booked" {
				booked++
			} else if r.status == http.StatusConflict && r.body == refusal {
				refused++
			}
		}
		if booked != 1 || refused != 1 {
			t.Errorf("pair %d: got %v, want one booked and one 409 %s", i, replies, refusal)
		}
		// The refused one asks again at round one, and hears the same.
		r := call(http.MethodPost, bases[0]+"/salons/"+nightOwls+"/book", "", `{"arguments":`+newPatron(i, slots[0]).arguments()+`}`)
		if r.status != http.StatusConflict || r.body != refusal {
			t.Errorf("pair %d's round one after: got %s, want 409 %s", i, r, refusal)
		}
	}
}

func TestARacingPairAtTheCapBooksOneAcrossTwoInstancesOnPostgreSQL(t *testing.T) {
	t.Parallel()
	skipShort(t)
	url := testpg.Shared(t).URL(t)
	a := spawn(t, calendarEnv(envDatabaseURL+"="+url))
	b := spawn(t, calendarEnv(), "-db", url)
	racePairsAtTheCap(t, 8, a.base(), b.base())
}

func TestARacingPairAtTheCapBooksOneOnSQLite(t *testing.T) {
	t.Parallel()
	skipShort(t)
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"))
	racePairsAtTheCap(t, 8, p.base())
}
