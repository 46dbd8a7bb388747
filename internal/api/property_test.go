// This file holds the route's property under concurrency: whatever the interleaving of round twos, each state completes at most once, and a refused answer never spends it.

package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/quick"
)

// attempt is one round two a customer (or an attacker holding the state) sends.
type attempt struct {
	State  int // which of the round's states it is sent with
	Kind   int // an index into attemptKinds
	Casing int // how the MAC is written: 0 as issued, 1 in capitals, 2 in mixed case
	Yields int // how often its goroutine yields before sending
}

// attemptKind is an answer, and what the route must say to it.
type attemptKind struct {
	answers string
	spends  bool   // a well-formed answer: the state is spent if it is still unspent
	refusal string // the refusal of an answer that never spends
}

var attemptKinds = []attemptKind{
	{answers: accept("sat-10:30"), spends: true},
	{answers: accept("sat-11:30"), spends: true},
	{answers: `{"time":{"action":"decline"}}`, spends: true},
	{answers: `{"time":{"action":"cancel"}}`, spends: true},
	{answers: accept("sat-13:00"), refusal: `"sat-13:00 was never offered"`},
	{answers: `{"time":{"action":"maybe"}}`, refusal: `"the answer is not an accept, a decline or a cancel"`},
	{answers: `{}`, refusal: `"no answer to the question asked"`},
}

// interleaving is a generated round: several states, and a shuffled list of attempts at them.
type interleaving struct {
	States   int
	Attempts []attempt
}

// Generate implements quick.Generator.
func (interleaving) Generate(r *rand.Rand, _ int) reflect.Value {
	g := interleaving{States: 1 + r.Intn(4)}
	for range 1 + r.Intn(16) {
		g.Attempts = append(g.Attempts, attempt{State: r.Intn(g.States), Kind: r.Intn(len(attemptKinds)), Casing: r.Intn(3), Yields: r.Intn(4)})
	}
	return reflect.ValueOf(g)
}

// written is state with its MAC written as casing asks.
func written(state string, casing int) string {
	dot := strings.LastIndexByte(state, '.')
	switch casing {
	case 1:
		return state[:dot] + strings.ToUpper(state[dot:])
	case 2:
		return state[:dot+1] + strings.ToUpper(state[dot+1:dot+33]) + state[dot+33:]
	}
	return state
}

// TestPropertyAStateCompletesAtMostOnceThroughTheRoute sends every attempt of a generated
// interleaving at once through the whole route. Per state: an answer that never spends is
// refused with its reason; of the well-formed answers exactly one completes, with what it
// answered, and every other is refused as used, however its MAC is written; the store takes
// one entry per state that completed.
func TestPropertyAStateCompletesAtMostOnceThroughTheRoute(t *testing.T) {
	args := booking(slots...)
	w := newWorld(t, true) // its clock stands still, so the store only grows
	property := func(g interleaving) bool {
		before := w.spent.Len()
		states := make([]string, g.States)
		for i := range states {
			states[i] = w.askedState(args)
		}
		replies := make([]string, len(g.Attempts))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, a := range g.Attempts {
			wg.Go(func() {
				<-start
				for range a.Yields {
					runtime.Gosched()
				}
				reply, err := w.client.Book(salon, roundTwo(args, attemptKinds[a.Kind].answers, written(states[a.State], a.Casing)))
				if err != nil {
					replies[i] = err.Error()
					return
				}
				replies[i] = fmt.Sprint(reply.Status, " ", strings.TrimSpace(string(reply.Body)))
			})
		}
		close(start)
		wg.Wait()

		completed := make([]int, g.States)
		for i, a := range g.Attempts {
			kind := attemptKinds[a.Kind]
			switch {
			case !kind.spends:
				if want := "400 " + kind.refusal; replies[i] != want {
					t.Errorf("%+v: attempt %d got %s, want %s", g, i, replies[i], want)
					return false
				}
			case replies[i] == `400 "requestState was already used"`:
			case strings.HasPrefix(replies[i], "200 "):
				completed[a.State]++
				if want := "200 " + completion(kind.answers); replies[i] != want {
					t.Errorf("%+v: attempt %d got %s, want %s", g, i, replies[i], want)
					return false
				}
			default:
				t.Errorf("%+v: attempt %d got %s, want 200 or already used", g, i, replies[i])
				return false
			}
		}
		held := 0
		for s, n := range completed {
			tried := false
			for _, a := range g.Attempts {
				tried = tried || a.State == s && attemptKinds[a.Kind].spends
			}
			if tried && n != 1 || !tried && n != 0 {
				t.Errorf("%+v: state %d completed %d times, want %d", g, s, n, map[bool]int{true: 1}[tried])
				return false
			}
			held += n
		}
		if got := w.spent.Len() - before; got != held {
			t.Errorf("%+v: the store took %d states, want the %d that completed", g, got, held)
			return false
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 100}); err != nil {
		t.Error(err)
	}
}

// completion is the body of the complete result an accepted well-formed answer gets.
func completion(answers string) string {
	var a map[string]struct {
		Action  string
		Content struct{ Time string }
	}
	if err := json.Unmarshal([]byte(answers), &a); err != nil || a["time"].Action != "accept" {
		return `{"resultType":"complete","structuredContent":{"status":"not_booked","say":"No time was chosen, so nothing is booked."}}`
	}
	slot := a["time"].Content.Time
	return fmt.Sprintf(`{"resultType":"complete","structuredContent":{"status":"booked","slot":%q,"say":%q}}`, slot, slot+" is yours.")
}
