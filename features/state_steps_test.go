// This file holds the steps about the request state: what it carries, an app that edits it or its booking, replays, races, time and keys.

package features

import (
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	"golang.org/x/crypto/sha3"
)

// stateSteps registers the steps that edit, replay, race or age a request state, and that rotate the keys.
func stateSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^the app adds the slot "([^"]*)" before round two$`, w.addsSlot)
	sc.Step(`^the app removes the slot "([^"]*)" before round two$`, w.removesSlot)
	sc.Step(`^the app reorders its open slots to "([^"]*)" before round two$`, w.reordersSlots)
	sc.Step(`^the app edits one character of the state's (nonce|MAC) before round two$`, w.editsOneCharacter)
	sc.Step(`^the app rewrites the state to offer "([^"]*)" before round two$`, w.rewritesOffer)
	sc.Step(`^the app stretches the state's goodUntil by a day before round two$`, w.stretchesLife)
	sc.Step(`^the app cuts the MAC off the state before round two$`, w.cutsMAC)
	sc.Step(`^the app sends its booking and the state as round one had them$`, w.putsBack)

	sc.Step(`^(the customer|the first customer|the second customer) picks "([^"]*)" again, with the state's MAC (as issued|in capitals|in mixed case)$`, w.picksAgain)
	sc.Step(`^(\d+) requests race round two with that one state, picking "([^"]*)" by turns$`, w.raceRoundTwo)
	sc.Step(`^exactly one of them completes with a booking$`, w.exactlyOneCompletes)
	sc.Step(`^the other (\d+) are refused with (\d+) "([^"]*)"$`, w.othersRefused)

	sc.Step(`^(\d+) seconds pass$`, w.secondsPass)
	sc.Step(`^the request state carries the offer "([^"]*)", is bound to this request and is good for (\d+) seconds$`, w.stateCarries)
	sc.Step(`^the (customer|first customer|second customer)'s request state is signed with the service's current key$`, w.stateSigned)
	sc.Step(`^the two customers' states differ in their nonce, and in nothing else they carry$`, w.statesDifferInNonce)

	sc.Step(`^the service rotates to a new signing key, keeping the old one for verification$`, w.rotatesKeeping)
	sc.Step(`^the service rotates to a new signing key and drops the old one$`, w.rotatesDropping)
}

func (w *world) addsSlot(slot string) error {
	c := w.who("the customer")
	c.send.slots = append(c.send.slots, slot)
	return nil
}

func (w *world) removesSlot(slot string) error {
	c := w.who("the customer")
	i := slices.Index(c.send.slots, slot)
	if i < 0 {
		return fmt.Errorf("the app holds no slot %q to remove", slot)
	}
	c.send.slots = slices.Delete(c.send.slots, i, i+1)
	return nil
}

func (w *world) reordersSlots(slots string) error {
	c := w.who("the customer")
	reordered := list(slots)
	if !sameMembers(reordered, c.send.slots) || slices.Equal(reordered, c.send.slots) {
		return fmt.Errorf("%q is not a new order of %q", reordered, c.send.slots)
	}
	c.send.slots = reordered
	return nil
}

func sameMembers(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// split cuts a state at its last dot into payload and MAC, as the server does.
func split(state string) (payload, mac string) {
	dot := strings.LastIndexByte(state, '.')
	if dot < 0 {
		return state, ""
	}
	return state[:dot], state[dot+1:]
}

// stateClaims is a state's payload as docs/contract.md (The request state) writes it.
type stateClaims struct {
	GoodUntil int64    `json:"goodUntil"`
	Nonce     string   `json:"nonce"`
	Offered   []string `json:"offered"`
	Request   string   `json:"request"`
}

func claimsOf(state string) (stateClaims, error) {
	payload, _ := split(state)
	var c stateClaims
	if err := json.Unmarshal([]byte(payload), &c); err != nil {
		return c, fmt.Errorf("the state's payload %q is not JSON claims: %w", payload, err)
	}
	return c, nil
}

// editPayload rewrites the customer's state's payload with edit, keeping its MAC.
func (w *world) editPayload(edit func(payload string) string) error {
	c := w.who("the customer")
	payload, mac := split(c.state)
	edited := edit(payload)
	if edited == payload {
		return fmt.Errorf("the edit left the payload %q as it was", payload)
	}
	c.state = edited + "." + mac
	return nil
}

// otherHex is a lowercase hex digit other than d.
func otherHex(d byte) byte {
	if d == '0' {
		return '1'
	}
	return '0'
}

func (w *world) editsOneCharacter(part string) error {
	c := w.who("the customer")
	if part == "MAC" {
		payload, mac := split(c.state)
		c.state = payload + "." + string(otherHex(mac[0])) + mac[1:]
		return nil
	}
	return w.editPayload(func(payload string) string {
		at := strings.Index(payload, `"nonce":"`) + len(`"nonce":"`)
		return payload[:at] + string(otherHex(payload[at])) + payload[at+1:]
	})
}

func (w *world) rewritesOffer(slot string) error {
	return w.editPayload(func(payload string) string {
		claims, err := claimsOf(payload + ".")
		if err != nil || len(claims.Offered) == 0 {
			return payload
		}
		old := encode(claims.Offered[len(claims.Offered)-1])
		return strings.Replace(payload, string(old), string(encode(slot)), 1)
	})
}

func (w *world) stretchesLife() error {
	return w.editPayload(func(payload string) string {
		claims, err := claimsOf(payload + ".")
		if err != nil {
			return payload
		}
		return strings.Replace(payload,
			fmt.Sprintf(`"goodUntil":%d`, claims.GoodUntil),
			fmt.Sprintf(`"goodUntil":%d`, claims.GoodUntil+24*60*60), 1)
	})
}

func (w *world) cutsMAC() error {
	c := w.who("the customer")
	c.state, _ = split(c.state)
	return nil
}

func (w *world) putsBack() error {
	c := w.who("the customer")
	c.send, c.state = c.asked.clone(), c.issued
	return nil
}

// recase writes a MAC as the step says, and checks the spelling really changed when it should.
func recase(mac, how string) (string, error) {
	var out string
	switch how {
	case "as issued":
		return mac, nil
	case "in capitals":
		out = strings.ToUpper(mac)
	case "in mixed case":
		b := []byte(mac)
		for i := 0; i < len(b); i += 2 {
			b[i] = strings.ToUpper(string(b[i]))[0]
		}
		out = string(b)
	}
	if out == mac {
		return "", fmt.Errorf("the MAC %s has no letter to write %s", mac, how)
	}
	return out, nil
}

func (w *world) picksAgain(name, time, how string) error {
	c := w.who(name)
	payload, mac := split(c.issued)
	recased, err := recase(mac, how)
	if err != nil {
		return err
	}
	c.state = payload + "." + recased
	return w.picks(name, time)
}

// raceRoundTwo releases n goroutines at once, each sending round two with the customer's one state.
func (w *world) raceRoundTwo(n int, times string) error {
	c := w.who("the customer")
	if c.issued == "" {
		return fmt.Errorf("the customer has no request state to race with")
	}
	choices := list(times)
	bodies := make([][]byte, n)
	for i := range bodies {
		bodies[i] = encode(body(c.send, accept(choices[i%len(choices)]), c.state))
	}
	w.before = w.counts()
	w.race = make([]raced, n)
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-gate
			reply, err := w.client.Book(c.send.salon, string(bodies[i]))
			w.race[i] = raced{reply, err}
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	return nil
}

func (w *world) exactlyOneCompletes() error {
	winners := 0
	for i, r := range w.race {
		if r.err != nil {
			return fmt.Errorf("request %d: the exchange breaks openapi.json: %w", i, r.err)
		}
		if r.reply.Status != http.StatusOK {
			continue
		}
		winners++
		w.reply = r.reply
		var res result
		if json.Unmarshal(r.reply.Body, &res) != nil || res.ResultType != "complete" ||
			!strings.Contains(string(res.StructuredContent["status"]), `"booked"`) {
			return fmt.Errorf("request %d got %s, want a booking", i, r.reply.Body)
		}
	}
	if winners != 1 {
		return fmt.Errorf("got %d of %d requests completed, want exactly 1", winners, len(w.race))
	}
	if got := w.spent.Len() - w.before.spent; got != 1 {
		return fmt.Errorf("got %d states spent by the race, want 1", got)
	}
	return nil
}

func (w *world) othersRefused(n, status int, reason string) error {
	refused := 0
	for i, r := range w.race {
		if r.reply.Status == http.StatusOK {
			continue
		}
		if err := refusal(r.reply, status, reason); err != nil {
			return fmt.Errorf("request %d: %w", i, err)
		}
		refused++
	}
	if refused != n {
		return fmt.Errorf("got %d requests refused, want %d", refused, n)
	}
	return nil
}

func (w *world) secondsPass(n int) error {
	w.clock.Advance(time.Duration(n) * time.Second)
	return nil
}

// digest is the request digest of docs/contract.md (The request state), computed here from its definition rather than by the server's code.
func digest(b booking) string {
	slots := b.slots
	if slots == nil {
		slots = []string{}
	}
	sum := sha3.Sum256(encode([]any{b.salon, b.message, slots}))
	return hex.EncodeToString(sum[:])
}

func (w *world) stateCarries(offer string, life int) error {
	c := w.who("the customer")
	claims, err := claimsOf(c.issued)
	if err != nil {
		return err
	}
	payload, _ := split(c.issued)
	if want := string(encode(claims)); payload != want {
		return fmt.Errorf("got payload %s, want the compact JSON %s", payload, want)
	}
	want := stateClaims{
		GoodUntil: w.clock.Now().Add(time.Duration(life) * time.Second).Unix(),
		Nonce:     claims.Nonce,
		Offered:   list(offer),
		Request:   digest(c.asked),
	}
	switch {
	case claims.GoodUntil != want.GoodUntil:
		return fmt.Errorf("got goodUntil %d, want %d", claims.GoodUntil, want.GoodUntil)
	case !slices.Equal(claims.Offered, want.Offered):
		return fmt.Errorf("got offered %q, want %q", claims.Offered, want.Offered)
	case claims.Request != want.Request:
		return fmt.Errorf("got request %s, want %s", claims.Request, want.Request)
	case len(claims.Nonce) != 32 || strings.Trim(claims.Nonce, "0123456789abcdef") != "":
		return fmt.Errorf("got nonce %q, want 16 bytes in lowercase hex", claims.Nonce)
	}
	return nil
}

func (w *world) stateSigned(name string) error {
	payload, mac := split(w.who("the " + name).issued)
	h := hmac.New(sha3.New256, w.key)
	h.Write([]byte(payload))
	if want := hex.EncodeToString(h.Sum(nil)); mac != want {
		return fmt.Errorf("got MAC %s, want HMAC-SHA3-256 under the current key %s", mac, want)
	}
	return nil
}

func (w *world) statesDifferInNonce() error {
	first, second := w.who("the first customer").issued, w.who("the second customer").issued
	if first == second {
		return fmt.Errorf("both customers got the state %s", first)
	}
	a, err := claimsOf(first)
	if err != nil {
		return err
	}
	b, err := claimsOf(second)
	if err != nil {
		return err
	}
	if a.Nonce == b.Nonce {
		return fmt.Errorf("both states carry the nonce %s", a.Nonce)
	}
	b.Nonce = a.Nonce
	if !slices.Equal(encode(a), encode(b)) {
		return fmt.Errorf("the states differ beyond their nonce: %s and %s", first, second)
	}
	return nil
}

func (w *world) rotatesKeeping() error { return w.signWith(freshKey(), w.key) }

func (w *world) rotatesDropping() error { return w.signWith(freshKey()) }
