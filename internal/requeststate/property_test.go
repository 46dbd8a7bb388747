// This file holds the property tests of issued states: round trips, any one byte changed, and any edit of the request.

package requeststate_test

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/quick"
	"time"

	"salon/internal/requeststate"
	"salon/internal/step"
)

// request is a generated round one: a salon, a booking with distinct slots (at least one), a nonce, a time and a life.
type request struct {
	Salon   string
	Booking step.Request
	Nonce   requeststate.Nonce
	Now     time.Time
	Life    time.Duration
}

// alphabet holds the runes that stress a JSON encoding and the split at the last dot.
var alphabet = []rune(`ab-:09 .."\/é<&>{}[],` + "\t\u2028\U0001F487")

func randomText(r *rand.Rand, minLen, maxLen int) string {
	s := make([]rune, minLen+r.Intn(maxLen-minLen+1))
	for i := range s {
		s[i] = alphabet[r.Intn(len(alphabet))]
	}
	return string(s)
}

// Generate implements quick.Generator.
func (request) Generate(r *rand.Rand, _ int) reflect.Value {
	var slots []string
	for n := 1 + r.Intn(6); len(slots) < n; {
		if s := randomText(r, 1, 8); !slices.Contains(slots, s) {
			slots = append(slots, s)
		}
	}
	var n requeststate.Nonce
	r.Read(n[:])
	return reflect.ValueOf(request{
		Salon:   randomText(r, 1, 12),
		Booking: step.Request{Message: randomText(r, 0, 30), OpenSlots: slots},
		Nonce:   n,
		Now:     time.Unix(1_000_000_000+r.Int63n(2_000_000_000), r.Int63n(1e9)),
		Life:    time.Duration(1+r.Intn(600)) * time.Second,
	})
}

func (q request) issue(keys requeststate.Keys) string {
	return requeststate.Issue(keys, q.Now, q.Life, q.Salon, q.Booking, step.ToOffer(q.Booking.OpenSlots), q.Nonce)
}

var quickConfig = &quick.Config{MaxCount: 500}

func TestPropertyIssueThenVerifyGivesBackTheOfferedTimes(t *testing.T) {
	keys := mustKeys(t, currentKey, previousKey)
	property := func(q request) bool {
		state := q.issue(keys)
		offer := step.ToOffer(q.Booking.OpenSlots)
		for _, at := range []time.Time{q.Now, q.Now.Add(q.Life).Truncate(time.Second)} {
			got, err := requeststate.Verify(keys, at, q.Salon, q.Booking, state)
			if err != nil {
				t.Errorf("Verify(%q) at %v: got %v, want the offered times %q", state, at, err, offer)
				return false
			}
			if !slices.Equal(got.Offered, offer) {
				t.Errorf("Verify(%q): got offered %q, want %q", state, got.Offered, offer)
				return false
			}
			_, mac := split(t, state)
			if got.ID.String() != mac {
				t.Errorf("Verify(%q): got spend ID %s, want %s", state, got.ID, mac)
				return false
			}
			if want := q.Now.Add(q.Life).Unix(); got.GoodUntil.Unix() != want {
				t.Errorf("Verify(%q): got goodUntil %d, want %d", state, got.GoodUntil.Unix(), want)
				return false
			}
		}
		after := time.Unix(q.Now.Add(q.Life).Unix()+1, 0)
		if _, err := requeststate.Verify(keys, after, q.Salon, q.Booking, state); err == nil || err.Error() != wantExpired {
			t.Errorf("Verify(%q) a second past goodUntil: got %v, want %q", state, err, wantExpired)
			return false
		}
		return true
	}
	if err := quick.Check(property, quickConfig); err != nil {
		t.Error(err)
	}
}

// recasesMACDigit reports whether writing b at i of state only changes the case of a hex letter of the MAC,
// which still verifies by design (docs/contract.md, The request state).
func recasesMACDigit(state string, i int, b byte) bool {
	isHexLetter := func(c byte) bool { return strings.ContainsRune("abcdefABCDEF", rune(c)) }
	return i > strings.LastIndexByte(state, '.') && isHexLetter(state[i]) && isHexLetter(b) && b|0x20 == state[i]|0x20
}

func TestPropertyAnyOneByteChangedNoLongerVerifies(t *testing.T) {
	keys := mustKeys(t, currentKey, previousKey)
	assertChangedFails := func(tb testing.TB, q request, state string, i int, b byte) bool {
		tb.Helper()
		changed := state[:i] + string([]byte{b}) + state[i+1:]
		_, err := requeststate.Verify(keys, q.Now, q.Salon, q.Booking, changed)
		if err == nil || err.Error() != wantDoesntVerify {
			tb.Errorf("byte %d of %q changed from %q to %q: got %v, want %q", i, state, state[i], b, err, wantDoesntVerify)
			return false
		}
		return true
	}

	t.Run("every position and every other byte value of one state", func(t *testing.T) {
		dotted := request{
			Salon:   "s.1",
			Booking: step.Request{Message: "at 10.30", OpenSlots: []string{"sat-10.30", "sat.11.30", "é"}},
			Nonce:   nonce,
			Now:     issuedAt,
			Life:    life,
		}
		state := dotted.issue(keys)
		for i := range len(state) {
			for v := range 256 {
				b := byte(v)
				if b == state[i] || recasesMACDigit(state, i, b) {
					continue
				}
				if !assertChangedFails(t, dotted, state, i, b) {
					return
				}
			}
		}
	})
	t.Run("a random position and byte value of random states", func(t *testing.T) {
		property := func(q request, at uint32, value byte) bool {
			state := q.issue(keys)
			i := int(at % uint32(len(state)))
			if value == state[i] || recasesMACDigit(state, i, value) {
				value = state[i] ^ 0x80 // never a re-casing, since it leaves ASCII
			}
			return assertChangedFails(t, q, state, i, value)
		}
		if err := quick.Check(property, quickConfig); err != nil {
			t.Error(err)
		}
	})
	t.Run("a re-cased MAC digit still verifies, with the same spend ID", func(t *testing.T) {
		property := func(q request, at uint8) bool {
			state := q.issue(keys)
			dot := strings.LastIndexByte(state, '.')
			want, _ := requeststate.Verify(keys, q.Now, q.Salon, q.Booking, state)
			mac := []byte(state[dot+1:])
			for j := range mac {
				i := (int(at) + j) % len(mac)
				if mac[i] >= 'a' && mac[i] <= 'f' {
					mac[i] -= 'a' - 'A'
					break
				}
			}
			got, err := requeststate.Verify(keys, q.Now, q.Salon, q.Booking, state[:dot+1]+string(mac))
			if err != nil || got.ID != want.ID {
				t.Errorf("MAC %s re-cased to %s: got %v with ID %s, want ID %s", state[dot+1:], mac, err, got.ID, want.ID)
				return false
			}
			return true
		}
		if err := quick.Check(property, quickConfig); err != nil {
			t.Error(err)
		}
	})
}

// edit is one way the app can change its request between the rounds.
type edit struct {
	name  string
	apply func(r *rand.Rand, q request) request
}

var edits = []edit{
	{"a slot added", func(r *rand.Rand, q request) request {
		added := freshSlot(r, q.Booking.OpenSlots)
		i := r.Intn(len(q.Booking.OpenSlots) + 1)
		q.Booking.OpenSlots = slices.Insert(slices.Clone(q.Booking.OpenSlots), i, added)
		return q
	}},
	{"a slot removed", func(r *rand.Rand, q request) request {
		i := r.Intn(len(q.Booking.OpenSlots))
		q.Booking.OpenSlots = slices.Delete(slices.Clone(q.Booking.OpenSlots), i, i+1)
		return q
	}},
	{"a slot moved", func(r *rand.Rand, q request) request {
		slots := slices.Clone(q.Booking.OpenSlots)
		if len(slots) < 2 {
			slots = append(slots, freshSlot(r, slots)) // a one-slot list can't be reordered; grow it instead
		} else {
			from, to := r.Intn(len(slots)), r.Intn(len(slots)-1)
			if to >= from {
				to++
			}
			moved := slots[from]
			slots = slices.Insert(slices.Delete(slots, from, from+1), to, moved)
		}
		q.Booking.OpenSlots = slots
		return q
	}},
	{"a slot renamed", func(r *rand.Rand, q request) request {
		slots := slices.Clone(q.Booking.OpenSlots)
		slots[r.Intn(len(slots))] = freshSlot(r, slots)
		q.Booking.OpenSlots = slots
		return q
	}},
	{"another salon", func(r *rand.Rand, q request) request {
		was := q.Salon
		for q.Salon == was {
			q.Salon = randomText(r, 1, 12)
		}
		return q
	}},
	{"other words", func(r *rand.Rand, q request) request {
		was := q.Booking.Message
		for q.Booking.Message == was {
			q.Booking.Message = randomText(r, 0, 30)
		}
		return q
	}},
	{"the words moved into the salon", func(_ *rand.Rand, q request) request {
		moved := q.Booking.Message
		if moved == "" {
			moved = "." // nothing to move; the salon still changes
		}
		q.Salon, q.Booking.Message = q.Salon+moved, ""
		return q
	}},
}

func freshSlot(r *rand.Rand, slots []string) string {
	for {
		if s := randomText(r, 1, 8); !slices.Contains(slots, s) {
			return s
		}
	}
}

func TestPropertyAnEditedRequestBelongsToAnotherRequest(t *testing.T) {
	keys := mustKeys(t, currentKey, previousKey)
	for _, e := range edits {
		t.Run(e.name+" belongs to another request", func(t *testing.T) {
			property := func(q request, seed int64) bool {
				state := q.issue(keys)
				edited := e.apply(rand.New(rand.NewSource(seed)), q)
				if edited.Salon == q.Salon && edited.Booking.Message == q.Booking.Message && slices.Equal(edited.Booking.OpenSlots, q.Booking.OpenSlots) {
					t.Fatalf("the edit %q left %+v unchanged", e.name, q)
				}
				_, err := requeststate.Verify(keys, q.Now, edited.Salon, edited.Booking, state)
				if err == nil || err.Error() != wantAnotherRequest {
					t.Errorf("state of %q %q %q verified for %q %q %q: got %v, want %q",
						q.Salon, q.Booking.Message, q.Booking.OpenSlots,
						edited.Salon, edited.Booking.Message, edited.Booking.OpenSlots, err, wantAnotherRequest)
					return false
				}
				return true
			}
			if err := quick.Check(property, quickConfig); err != nil {
				t.Error(err)
			}
		})
	}
}
