// This file holds one scenario's world: the salon, a clock the steps move, the real application and the exchanges with it.

package features

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	desk "salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/testkit"
	"salon/internal/wire"
)

// stateLife is the life the scenarios' service gives every state: the default of bookingd.
const stateLife = 2 * time.Minute

// start is when every scenario's clock stands at first: a whole second, so a state's life ends on a second.
var start = time.Date(2026, time.August, 1, 9, 0, 0, 0, time.UTC)

// booking is what the app sends as arguments in both rounds.
type booking struct {
	salon   string
	message string
	slots   []string
}

func (b booking) clone() booking {
	b.slots = slices.Clone(b.slots)
	return b
}

// customer is one conversation: the booking round one was asked with and the state it issued, and
// what the app will send in round two (the same, unless a step edits it).
type customer struct {
	asked  booking
	issued string
	send   booking
	state  string
}

// counts is what the service has done so far: states issued (each draws one nonce) and states held as spent.
type counts struct {
	issued int64
	spent  int
}

// world is everything one scenario holds. Each scenario builds its own; nothing is shared between scenarios.
type world struct {
	clock   *testkit.Clock
	key     []byte             // the key the service signs with now; nil when it has none
	keys    *requeststate.Keys // nil when no key is configured
	spent   *requeststate.Memory
	nonces  atomic.Int64 // states issued so far
	relayed atomic.Int64 // exchanges that crossed a real HTTP connection

	offerer desk.Offerer // round one's offerer; nil is the default

	app    http.Handler
	server *httptest.Server // set once the service listens on a real address
	client *apitest.Client

	salon     string
	slots     []string
	customers map[string]*customer

	before   counts // taken just before the latest request
	reply    apitest.Reply
	race     []raced
	document []byte // the committed OpenAPI document, once read
}

// raced is one request of a race and how it went.
type raced struct {
	reply apitest.Reply
	err   error
}

// newWorld is a salon with nothing open, a clock standing at start and an empty spent record.
// Its service is built by signWith.
func newWorld() *world {
	c := testkit.NewClock(start)
	return &world{
		clock:     c,
		spent:     requeststate.NewMemory(c.Now),
		salon:     "studio-nine",
		customers: map[string]*customer{},
	}
}

func freshKey() []byte {
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	return key
}

// signWith rebuilds the service around current and previous keys, keeping its clock and spent record:
// a restart with another configuration. No key at all is a service without one.
func (w *world) signWith(current []byte, previous ...[]byte) error {
	w.key, w.keys = current, nil
	if current != nil {
		keys, err := requeststate.NewKeys(current, previous...)
		if err != nil {
			return err
		}
		w.keys = &keys
	}
	return w.rebuild()
}

func (w *world) rebuild() error {
	w.app = api.New(api.Service{
		Keys:  w.keys,
		Life:  stateLife,
		Now:   w.clock.Now,
		Nonce: w.nonce,
		Spent: w.spent,

		Offerer: w.offerer,
	})
	if w.server != nil {
		w.server.Close()
		w.server = nil
		return w.listen()
	}
	client, err := apitest.New(w.app)
	w.client = client
	return err
}

// nonce is the service's randomness, counted so a step can tell whether a state was issued.
func (w *world) nonce() requeststate.Nonce {
	var n requeststate.Nonce
	rand.Read(n[:])
	w.nonces.Add(1)
	return n
}

// listen serves the application on a real loopback address; from then on every exchange crosses it.
func (w *world) listen() error {
	w.server = httptest.NewServer(w.app)
	client, err := apitest.New(w.overHTTP(w.server.Client(), w.server.URL))
	w.client = client
	return err
}

// overHTTP is a handler that forwards each request to base over a real connection and copies the reply
// back, so that apitest checks an exchange that really crossed HTTP.
func (w *world) overHTTP(client *http.Client, base string) http.Handler {
	return relay(client, base, func() { w.relayed.Add(1) })
}

// relay is a handler that forwards each request to base over a real connection and copies the
// reply back, calling relayed for each exchange that crossed.
func relay(client *http.Client, base string, relayed func()) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		out, err := http.NewRequestWithContext(r.Context(), r.Method, base+r.URL.RequestURI(), r.Body)
		if err != nil {
			http.Error(rw, err.Error(), http.StatusBadGateway)
			return
		}
		out.Header = r.Header.Clone()
		out.ContentLength = r.ContentLength
		res, err := client.Do(out)
		if err != nil {
			http.Error(rw, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		relayed()
		maps.Copy(rw.Header(), res.Header)
		rw.WriteHeader(res.StatusCode)
		_, _ = io.Copy(rw, res.Body)
	})
}

// close ends whatever the scenario started.
func (w *world) close() {
	if w.server != nil {
		w.server.Close()
	}
}

func (w *world) counts() counts {
	return counts{issued: w.nonces.Load(), spent: w.spent.Len()}
}

// who is the customer a step names; "the customer" is the first.
func (w *world) who(name string) *customer {
	switch name {
	case "the customer", "the first customer":
		name = "first"
	case "the second customer", "another customer":
		name = "second"
	}
	c, ok := w.customers[name]
	if !ok {
		c = &customer{}
		w.customers[name] = c
	}
	return c
}

// post sends body to the booking route of salon, checking the exchange against the committed document.
func (w *world) post(salon string, body []byte) error {
	w.before = w.counts()
	reply, err := w.client.Book(salon, string(body))
	w.reply = reply
	if err != nil {
		return fmt.Errorf("the exchange breaks openapi.json: %w", err)
	}
	return nil
}

// do sends req, checking the exchange against the committed document.
func (w *world) do(req *http.Request) error {
	w.before = w.counts()
	reply, err := w.client.Do(req)
	w.reply = reply
	if err != nil {
		return fmt.Errorf("the exchange breaks openapi.json: %w", err)
	}
	return nil
}

// body is a request body: the booking's arguments, and in round two the answers and the state.
// A nil answers or an empty state leaves that field out.
func body(b booking, answers any, state string) map[string]any {
	slots := b.slots
	if slots == nil {
		slots = []string{}
	}
	m := map[string]any{"arguments": map[string]any{"message": b.message, "openSlots": slots}}
	if answers != nil {
		m["inputResponses"] = answers
	}
	if state != "" {
		m["requestState"] = state
	}
	return m
}

// accept is the answer of a customer who picks time.
func accept(time string) map[string]any {
	return map[string]any{"time": map[string]any{"action": "accept", "content": map[string]any{"time": time}}}
}

func encode(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic("features: encoding plain data can't fail: " + err.Error())
	}
	return data
}

// merge copies extra into into, descending into objects both hold, so a field can be slipped in at any depth.
func merge(into, extra map[string]any) {
	for k, v := range extra {
		sub, isObject := v.(map[string]any)
		have, hasObject := into[k].(map[string]any)
		if isObject && hasObject {
			merge(have, sub)
			continue
		}
		into[k] = v
	}
}

// result is a 200 reply, read generously: either shape's fields, and the raw structured content to see which keys it holds.
type result struct {
	ResultType        string                     `json:"resultType"`
	InputRequests     *wire.InputRequests        `json:"inputRequests"`
	RequestState      *string                    `json:"requestState"`
	StructuredContent map[string]json.RawMessage `json:"structuredContent"`
}

// result reads the latest reply as a result, refusing anything but a 200 JSON reply.
func (w *world) result() (result, error) {
	var r result
	if w.reply.Status != http.StatusOK {
		return r, fmt.Errorf("got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	if err := jsonLabelled(w.reply.Header); err != nil {
		return r, err
	}
	if err := json.Unmarshal(w.reply.Body, &r); err != nil {
		return r, fmt.Errorf("the reply %s is not a result: %w", w.reply.Body, err)
	}
	return r, nil
}

func jsonLabelled(h http.Header) error {
	media, _, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || media != "application/json" {
		return fmt.Errorf("got Content-Type %q, want application/json", h.Get("Content-Type"))
	}
	return nil
}

// refusal checks that reply is status with reason as a JSON string body labelled application/json.
func refusal(reply apitest.Reply, status int, reason string) error {
	if reply.Status != status {
		return fmt.Errorf("got %d %s, want %d %q", reply.Status, reply.Body, status, reason)
	}
	if err := jsonLabelled(reply.Header); err != nil {
		return err
	}
	trimmed := bytes.TrimSpace(reply.Body)
	var got string
	if !bytes.HasPrefix(trimmed, []byte(`"`)) || json.Unmarshal(trimmed, &got) != nil {
		return fmt.Errorf("got body %s, want a JSON string", reply.Body)
	}
	if got != reason {
		return fmt.Errorf("got reason %q, want %q", got, reason)
	}
	return nil
}

// list reads a step's comma-separated list, such as "sat-10:30, sat-11:30".
func list(s string) []string {
	if strings.TrimSpace(s) == "" {
		return []string{}
	}
	items := strings.Split(s, ",")
	for i, item := range items {
		items[i] = strings.TrimSpace(item)
	}
	return items
}
