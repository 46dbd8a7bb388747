// This file holds the customers: each books in two rounds over one keep-alive connection and notes every answer.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"salon/internal/wire"
)

// The booking every customer asks for. It is the README's curl session.
const (
	benchSalon   = "studio-nine"
	benchMessage = "A cut on Saturday morning?"
)

var benchSlots = []string{"sat-10:30", "sat-11:30", "sat-13:00"}

// rounds names what a customer does: the two rounds, in their order, reading the salon
// (GET /salons/{salon}), which -mode read measures alone, and reading a menu salon's open times
// (GET /salons/{salon}/availability), which -mode avail measures alone.
var rounds = [4]string{"one", "two", "read", "avail"}

// roundRead and roundAvail are the indexes in rounds of reading the salon and its open times.
const (
	roundRead  = 2
	roundAvail = 3
)

// tally is what one round of one phase came to: every answer's latency and how many of each kind.
type tally struct {
	latencies []time.Duration
	// answers counts replies by kind: "200", another status code, "not-booked" (a round two a
	// calendar answered with nothing booked), "bad-reply" (another 200 that isn't the round's
	// answer), or "error" (no HTTP answer at all).
	answers map[string]int
}

func newTally() *tally { return &tally{answers: map[string]int{}} }

func (t *tally) note(took time.Duration, kind string) {
	t.latencies = append(t.latencies, took)
	t.answers[kind]++
}

func (t *tally) merge(o *tally) {
	t.latencies = append(t.latencies, o.latencies...)
	for k, n := range o.answers {
		t.answers[k] += n
	}
}

// offer is what round one hands a customer for round two.
type offer struct {
	state string
	time  string
	// args are the arguments round one sent, which round two must send again, and path the
	// booking route of the salon it asked; both empty for the fixed booking of a customer without
	// a calendar. Whichever customer answers the offer sends it to its own instance.
	args []byte
	path string
}

// customer books over a keep-alive connection of its client, whose pool holds one per customer. One goroutine uses it at a time.
type customer struct {
	client *http.Client
	base   string // the server's base URL
	url    string // the booking route
	read   string // the salon, for GET
	avail  string // the salon's open times of menuService, for GET
	one    []byte // round one's body
	two    []byte // round two's body up to the answer's time
	// seat is where a customer of a calendar books, asking for fresh slots every time; nil for a
	// customer without a calendar, who sends the one fixed booking.
	seat *seat
	buf  bytes.Buffer
	body []byte
}

// The kinds of reply besides a status code: okKind is the round's answer; notBookedKind a round
// two at a calendar that booked nothing (the slot was taken); badReplyKind a 200 that is neither.
const (
	okKind        = "200"
	notBookedKind = "not-booked"
	badReplyKind  = "bad-reply"
)

// newCustomer is a customer of the server at base, with no calendar: it books studio-nine's
// fixed booking, and reads salon.
func newCustomer(client *http.Client, base string) *customer {
	args, err := json.Marshal(wire.BookArguments{Message: benchMessage, OpenSlots: benchSlots})
	if err != nil {
		panic("bookbench: encoding the booking can't fail: " + err.Error())
	}
	one := append(append([]byte(`{"arguments":`), args...), '}')
	two := append(append([]byte(`{"arguments":`), args...), `,"inputResponses":{"time":{"action":"accept","content":{"time":`...)
	return &customer{client: client, base: base, url: base + "/salons/" + benchSalon + "/book", read: base + "/salons/" + benchSalon, one: one, two: two}
}

// newSeated is a customer of the calendar at base, booking at the seat's salon; in -mode avail
// asking the open times of benchVisit when visit.
func newSeated(client *http.Client, base string, s *seat, visit bool) *customer {
	return &customer{client: client, base: base, url: base + bookPath(s.salon.id), read: base + "/salons/" + s.salon.id, avail: base + availPath(s.salon.id, visit), seat: s}
}

// bookPath is the booking route of the salon id.
func bookPath(id string) string { return "/salons/" + id + "/book" }

// roundOne asks round one and returns the offer to answer, with the kind of reply it got.
func (c *customer) roundOne(ctx context.Context) (offer, string) {
	var args []byte
	if c.seat != nil {
		args = c.seat.arguments()
		c.one = append(append(append(c.one[:0], `{"arguments":`...), args...), '}')
	}
	status, err := c.post(ctx, c.url, c.one)
	switch {
	case err != nil:
		return offer{}, "error"
	case status != http.StatusOK:
		return offer{}, strconv.Itoa(status)
	}
	o, kind := readOffer(c.buf.Bytes())
	if c.seat != nil {
		o.args, o.path = args, bookPath(c.seat.salon.id)
	}
	return o, kind
}

// readOffer reads round one's reply: the state and the first time offered, or "bad-reply".
func readOffer(reply []byte) (offer, string) {
	var r wire.InputRequiredResult
	if json.Unmarshal(reply, &r) != nil || r.ResultType != wire.ResultInputRequired ||
		r.RequestState == "" || len(r.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum) == 0 {
		return offer{}, badReplyKind
	}
	return offer{state: r.RequestState, time: r.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum[0]}, okKind
}

// roundTwo sends the same booking back with the first offered time accepted and the state untouched.
func (c *customer) roundTwo(ctx context.Context, o offer) string {
	c.roundTwoBody(o)
	url := c.url
	if o.path != "" {
		url = c.base + o.path
	}
	status, err := c.post(ctx, url, c.body)
	switch {
	case err != nil:
		return "error"
	case status != http.StatusOK:
		return strconv.Itoa(status)
	}
	var r wire.CompleteResult
	switch {
	case json.Unmarshal(c.buf.Bytes(), &r) != nil || r.ResultType != wire.ResultComplete:
		return badReplyKind
	case r.StructuredContent.Status == wire.StatusBooked && r.StructuredContent.Slot == o.time:
		return okKind
	case o.args != nil && r.StructuredContent.Status == wire.StatusNotBooked:
		return notBookedKind
	}
	return badReplyKind
}

// readSalon reads the customer's salon, GET /salons/{salon}: its answer is 200 with open slots.
func (c *customer) readSalon(ctx context.Context) string {
	if kind := c.get(ctx, c.read); kind != okKind {
		return kind
	}
	var v wire.SalonView
	if json.Unmarshal(c.buf.Bytes(), &v) != nil || len(v.OpenSlots) == 0 {
		return badReplyKind
	}
	return okKind
}

// readAvail reads the open times of a cut with anyone at the customer's menu salon, GET
// /salons/{salon}/availability?service=cut: its answer is 200 with open starts, each with a stylist.
func (c *customer) readAvail(ctx context.Context) string {
	if kind := c.get(ctx, c.avail); kind != okKind {
		return kind
	}
	var a wire.Availability
	if json.Unmarshal(c.buf.Bytes(), &a) != nil || a.Service != menuService || len(a.Slots) == 0 || len(a.Slots[0].Stylists) == 0 {
		return badReplyKind
	}
	return okKind
}

// get reads url into c.buf, and returns okKind for a 200, else the kind of answer it got.
func (c *customer) get(ctx context.Context, url string) string {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "error"
	}
	status, err := c.do(req)
	switch {
	case err != nil:
		return "error"
	case status != http.StatusOK:
		return strconv.Itoa(status)
	}
	return okKind
}

// roundTwoBody writes round two's body for o into c.body.
func (c *customer) roundTwoBody(o offer) {
	body := append(c.body[:0], c.two...)
	if o.args != nil {
		body = append(append(append(body[:0], `{"arguments":`...), o.args...), `,"inputResponses":{"time":{"action":"accept","content":{"time":`...)
	}
	body = appendJSON(body, o.time)
	body = append(body, `}}},"requestState":`...)
	body = appendJSON(body, o.state)
	c.body = append(body, '}')
}

func appendJSON(buf []byte, s string) []byte {
	quoted, err := json.Marshal(s)
	if err != nil {
		panic("bookbench: encoding a string can't fail: " + err.Error())
	}
	return append(buf, quoted...)
}

// post sends body to url and reads the whole reply into c.buf.
func (c *customer) post(ctx context.Context, url string, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	return c.do(req)
}

// do sends req and reads the whole reply into c.buf.
func (c *customer) do(req *http.Request) (int, error) {
	res, err := c.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	c.buf.Reset()
	if _, err := c.buf.ReadFrom(res.Body); err != nil {
		return 0, err
	}
	return res.StatusCode, nil
}

// newClient keeps one connection per customer open for the whole target.
func newClient(customers int) *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 3 * time.Second}).DialContext,
			MaxIdleConns:        customers,
			MaxIdleConnsPerHost: customers,
			MaxConnsPerHost:     customers,
			DisableCompression:  true,
			ForceAttemptHTTP2:   false,
		},
	}
}

// bounds stop a phase: after count bookings (0: no count bound) or once it has run for duration
// (0: no time bound), whichever comes first.
type bounds struct {
	count    int64
	duration time.Duration
}

// ticket hands out the bookings of one phase.
type ticket struct {
	count int64
	until time.Time
	taken atomic.Int64
}

// start opens a phase under b, its clock starting now.
func (b bounds) start() *ticket {
	t := &ticket{count: b.count}
	if b.duration > 0 {
		t.until = time.Now().Add(b.duration)
	}
	return t
}

// open reports whether the phase's time is still running.
func (t *ticket) open(ctx context.Context) bool {
	return ctx.Err() == nil && (t.until.IsZero() || time.Now().Before(t.until))
}

// next takes the next booking of the phase, or reports that the phase is over.
func (t *ticket) next(ctx context.Context) bool {
	return t.open(ctx) && (t.count == 0 || t.taken.Add(1) <= t.count)
}

// phase is what a phase of one target measured: a tally per round and how long the phase ran.
type phase struct {
	rounds  [len(rounds)]*tally
	elapsed time.Duration
}

// drive runs work on every customer at once, each noting into a tally per round, and merges what
// each noted; elapsed ends when the last customer stops.
func drive(customers []*customer, work func(i int, c *customer, noted []*tally)) phase {
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		result = phase{}
	)
	for r := range result.rounds {
		result.rounds[r] = newTally()
	}
	start := time.Now()
	for i, c := range customers {
		wg.Go(func() {
			var mine [len(rounds)]*tally
			for r := range mine {
				mine[r] = newTally()
			}
			work(i, c, mine[:])
			mu.Lock()
			defer mu.Unlock()
			for r, t := range mine {
				result.rounds[r].merge(t)
			}
		})
	}
	wg.Wait()
	result.elapsed = time.Since(start)
	return result
}

// interleaved has each customer book round one then at once round two, until the bounds stop it.
func interleaved(ctx context.Context, customers []*customer, b bounds) phase {
	t := b.start()
	return drive(customers, func(_ int, c *customer, noted []*tally) {
		for t.next(ctx) {
			start := time.Now()
			o, kind := c.roundOne(ctx)
			noted[0].note(time.Since(start), kind)
			if kind != okKind {
				continue
			}
			start = time.Now()
			kind = c.roundTwo(ctx, o)
			noted[1].note(time.Since(start), kind)
		}
	})
}

// askAll has every customer ask round one until the bounds stop it, and keeps every offer made, in
// the order made, customer by customer in turn.
func askAll(ctx context.Context, customers []*customer, b bounds) (phase, []offer) {
	offers := make([][]offer, len(customers))
	t := b.start()
	first := drive(customers, func(i int, c *customer, noted []*tally) {
		for t.next(ctx) {
			start := time.Now()
			o, kind := c.roundOne(ctx)
			noted[0].note(time.Since(start), kind)
			if kind == okKind {
				offers[i] = append(offers[i], o)
			}
		}
	})
	var queue []offer
	for k := 0; ; k++ {
		added := false
		for _, made := range offers {
			if k < len(made) {
				queue, added = append(queue, made[k]), true
			}
		}
		if !added {
			return first, queue
		}
	}
}

// answerAll has the customers answer the offers in round two, accepting the first time offered,
// until none is left or the phase's time runs out. The offers go out through one queue, so every
// customer stays busy until the last few.
func answerAll(ctx context.Context, customers []*customer, offers []offer, duration time.Duration) phase {
	var taken atomic.Int64
	t := bounds{duration: duration}.start()
	return drive(customers, func(_ int, c *customer, noted []*tally) {
		for t.open(ctx) {
			k := int(taken.Add(1)) - 1
			if k >= len(offers) {
				return
			}
			start := time.Now()
			kind := c.roundTwo(ctx, offers[k])
			noted[1].note(time.Since(start), kind)
		}
	})
}

// readAll has every customer read its salon (or, with avail, its open times) until the bounds stop it.
func readAll(ctx context.Context, customers []*customer, b bounds, avail bool) phase {
	t := b.start()
	return drive(customers, func(_ int, c *customer, noted []*tally) {
		for t.next(ctx) {
			start := time.Now()
			if avail {
				kind := c.readAvail(ctx)
				noted[roundAvail].note(time.Since(start), kind)
				continue
			}
			kind := c.readSalon(ctx)
			noted[roundRead].note(time.Since(start), kind)
		}
	})
}

// errNoBound is a run that would never stop by itself.
var errNoBound = errors.New("give -n, -d or both: a run must stop by itself")
