// This file runs the real bookingd through many customers' bookings, refusals and owner's actions, and greps its whole log for each customer's name, contact and words, finding none.

package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/api"
	"salon/internal/mcp"
)

// confidant is a customer whose name, contact and words are distinctive enough to be found in a log.
type confidant struct{ name, contact, words string }

// arguments are the booking's arguments for openSlots.
func (c confidant) arguments(openSlots []string) string {
	return `{"message":` + mustJSON(c.words) + `,"openSlots":` + mustJSON(openSlots) +
		`,"customer":{"name":` + mustJSON(c.name) + `,"contact":` + mustJSON(c.contact) + `}}`
}

// personal is every form in which c's details could reach a log: as written, JSON-escaped (with
// and without HTML escaping), a phone by its digits, and each word of the name and words
// long enough to be the customer's own.
func (c confidant) personal() []string {
	var out []string
	for _, s := range []string{c.name, c.contact, c.words} {
		out = append(out, s, strings.Trim(mustJSON(s), `"`))
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		out = append(out, strings.Trim(strings.TrimSpace(b.String()), `"`))
	}
	if digits := regexp.MustCompile(`[0-9]`).FindAllString(c.contact, -1); len(digits) >= 6 {
		out = append(out, strings.Join(digits, ""))
	}
	for _, word := range strings.FieldsFunc(c.name+" "+c.words, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(word)) >= 7 {
			out = append(out, word)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The customers of the run, each taking a different path through the service.
var (
	booked1   = confidant{"Zephyrine Quaxworth", "zephyrine.quaxworth@example.org", "Bluebell streaks before the Quixotic gala"}
	booked2   = confidant{"Ólafur Þrándarson-Vikström", "+354 (555) 0199", "Trimmed beard, Icelandic sagas welcome"}
	cancelled = confidant{"Marguerite Fenwick-Oyelaran", "m.fenwick+salon@mail.example.co.uk", "Copper balayage, ask for Priyamvada"}
	declined  = confidant{"Bartholomew Inchcape", "020 7946 0873", "Perhaps Thursday after the quarterly audit"}
	trickster = confidant{"Hieronymus Blackwood-Tate", "a@b.example?bcc=attacker@evil.example", "Moustache wax and nothing else"}
	spoofer   = confidant{"Mallory\u202eGnissalc Ravenscourt", "+44 7700 900888", "Disguised appointment for Thornbury"}
	assistant = confidant{"Cordelia Ashbourne-Nakamura", "cordelia.an@example.net", "Fringe tidy arranged by the concierge"}
	mixup     = confidant{"Percival Wintringham", "+44 7700 900777", "Wanted Ottoline's afternoon slot instead"}
)

// roundOne sends c's round one for openSlots to base and returns its state and the first time offered.
func roundOne(t *testing.T, base string, c confidant, openSlots []string) (state, offered string) {
	t.Helper()
	r := call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "", `{"arguments":`+c.arguments(openSlots)+`}`)
	var asked struct {
		RequestState  string
		InputRequests struct {
			Time struct {
				Params struct {
					RequestedSchema struct {
						Properties struct{ Time struct{ Enum []string } }
					}
				}
			}
		}
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &asked) != nil || asked.RequestState == "" {
		t.Fatalf("%s's round one: got %s, want 200 with a question", c.name, r)
	}
	enum := asked.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum
	if len(enum) == 0 {
		t.Fatalf("%s's round one offered nothing: %s", c.name, r.body)
	}
	return asked.RequestState, enum[0]
}

// roundTwo sends c's round two for openSlots with answers and state.
func roundTwo(base string, c confidant, openSlots []string, answers, state string) reply {
	return call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "",
		`{"arguments":`+c.arguments(openSlots)+`,"inputResponses":`+answers+`,"requestState":`+mustJSON(state)+`}`)
}

func acceptingSlot(slot string) string {
	return `{"time":{"action":"accept","content":{"time":` + mustJSON(slot) + `}}}`
}

func TestNoLogLineHoldsACustomersNameContactOrWords(t *testing.T) {
	t.Parallel()
	skipShort(t)
	p := spawn(t, calendarEnv(), "-db", "sqlite:"+filepath.Join(t.TempDir(), "calendar.db"), "-model", "standin", "-rate", "100/s")
	base := p.base()
	putNightOwls(t, base)
	open := openSlots(t, base)
	slotsFor := func(i int) []string { return []string{open[3*i].Slot, open[3*i+1].Slot, open[3*i+2].Slot} }

	// Three customers book; the owner lists the bookings and cancels one.
	bookings := map[string]string{}
	for i, c := range []confidant{booked1, booked2, cancelled} {
		state, slot := roundOne(t, base, c, slotsFor(i))
		done, ok := completed(roundTwo(base, c, slotsFor(i), acceptingSlot(slot), state))
		if !ok || done.Status != "booked" {
			t.Fatalf("%s's round two: got %+v, want booked", c.name, done)
		}
		bookings[c.name] = done.Booking
		// A replay of the same round two is refused, and says whose it was to nobody.
		if r := roundTwo(base, c, slotsFor(i), acceptingSlot(slot), state); r.status != http.StatusBadRequest {
			t.Errorf("%s's replay: got %s, want 400", c.name, r)
		}
	}
	if list := call(http.MethodGet, base+"/salons/"+nightOwls+"/bookings", ownerToken, ""); list.status != http.StatusOK || !strings.Contains(list.body, cancelled.name) {
		t.Fatalf("the owner's bookings: got %s, want them listing %s", list, cancelled.name)
	}
	if r := call(http.MethodPost, base+"/salons/"+nightOwls+"/bookings/"+bookings[cancelled.name]+"/cancel", ownerToken, ""); r.status != http.StatusOK {
		t.Fatalf("cancelling %s's booking: got %s, want 200", cancelled.name, r)
	}

	// A salon's key exports one customer's bookings and erases another's, by contact; the audit names neither.
	_, key := makeKey(t, base, nightOwls)
	if r := call(http.MethodGet, base+"/salons/"+nightOwls+"/customers/export?contact="+url.QueryEscape(booked1.contact), key, ""); r.status != http.StatusOK ||
		!strings.Contains(r.body, mustJSON(booked1.name)) {
		t.Errorf("exporting %s's bookings: got %s, want them", booked1.name, r)
	}
	if r := call(http.MethodPost, base+"/salons/"+nightOwls+"/customers/erase", key, `{"contact":`+mustJSON(booked2.contact)+`}`); r.body != `{"erased":1}` {
		t.Errorf("erasing %s's bookings: got %s, want one erased", booked2.name, r)
	}
	if r := call(http.MethodPost, base+"/salons/"+nightOwls+"/customers/erase", key, `{"contact":"`+trickster.contact+`"}`); r.body != `{"erased":0}` {
		t.Errorf("erasing a contact with no booking: got %s, want none erased", r)
	}
	if r := call(http.MethodGet, base+"/salons/"+nightOwls+"/audit", key, ""); r.status != http.StatusOK || strings.Contains(r.body, booked1.contact) {
		t.Errorf("the audit: got %s, want it naming no customer", r)
	}

	// One declines; one sends another's state; two are refused for what their fields hold.
	state, _ := roundOne(t, base, declined, slotsFor(3))
	if done, ok := completed(roundTwo(base, declined, slotsFor(3), `{"time":{"action":"decline"}}`, state)); !ok || done.Status != "not_booked" {
		t.Errorf("%s's decline: got %+v, want not_booked", declined.name, done)
	}
	state, slot := roundOne(t, base, declined, slotsFor(4))
	if r := roundTwo(base, mixup, slotsFor(4), acceptingSlot(slot), state); r.body != `"requestState belongs to another request"` {
		t.Errorf("%s with another's state: got %s, want it refused", mixup.name, r)
	}
	for _, c := range []confidant{trickster, spoofer} {
		if r := call(http.MethodPost, base+"/salons/"+nightOwls+"/book", "", `{"arguments":`+c.arguments(slotsFor(5))+`}`); r.status != http.StatusBadRequest {
			t.Errorf("%s's round one: got %s, want 400", c.name, r)
		}
	}

	// One books through an assistant, over MCP.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs, err := pickFirst().Connect(ctx, &sdk.StreamableClientTransport{Endpoint: base + api.MCPPath}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: mcp.ToolName, Arguments: map[string]any{
		"salon": nightOwls, "message": assistant.words, "openSlots": slotsFor(6),
		"customer": map[string]any{"name": assistant.name, "contact": assistant.contact}}})
	if err != nil || res.IsError || !strings.Contains(mustJSON(res.StructuredContent), `"status":"booked"`) {
		t.Fatalf("%s's booking over MCP: got %v %s, want booked", assistant.name, err, mustJSON(res))
	}
	cs.Close()

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	logged := strings.Join(p.rest(), "\n")
	if n := strings.Count(logged, `"msg":"round two"`); n < 4 {
		t.Errorf("got %d round two lines, want one for each of at least 4 round twos that spent their state:\n%s", n, logged)
	}
	if n := strings.Count(logged, `"route":"/salons/:salon/book"`); n < 14 {
		t.Errorf("got %d request lines for the booking route, want at least 14:\n%s", n, logged)
	}
	for _, c := range []confidant{booked1, booked2, cancelled, declined, trickster, spoofer, assistant, mixup} {
		for _, personal := range c.personal() {
			if strings.Contains(logged, personal) {
				t.Errorf("the log holds %q, of %s's details", personal, c.name)
			}
		}
	}
	if t.Failed() {
		t.Logf("the whole log:\n%s", logged)
	}
}
