// Package quota limits how often each client may ask: a token bucket per client address
// (golang.org/x/time/rate), in a table of bounded size that forgets clients once they have been
// idle long enough for their bucket to be full again.
//
// A Limiter takes the time as an argument and reads no clock, so a test moves time by hand and
// the transport (internal/api) decides which requests count and what a refusal says.
package quota

import (
	"container/list"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// BurstFactor is how many seconds' worth of requests a client may make at once: a bucket holds
// BurstFactor times the rate, so a client idle for a while can send a short run at once.
const BurstFactor = 4

// MaxClients is the number of client addresses a Limiter made by New holds at most, about 200
// bytes each.
const MaxClients = 100_000

// MaxRate is the highest rate ParseRate reads, in requests a second per client: far above any
// sensible quota, and low enough that a burst of BurstFactor seconds is a small number.
const MaxRate = 1_000_000

// ParseRate reads a rate as the -rate flag writes it: "0" (off), or requests a second per client,
// at most MaxRate, such as "5/s" or "0.5/s". Off is 0.
func ParseRate(s string) (rate.Limit, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" || s == "0/s" {
		return 0, nil
	}
	n, ok := strings.CutSuffix(s, "/s")
	perSecond, err := strconv.ParseFloat(n, 64)
	if !ok || err != nil || !(perSecond >= 0 && perSecond <= MaxRate) {
		return 0, fmt.Errorf("%q is not a rate: write 0 (off) or requests a second per client up to %d, such as 5/s", s, MaxRate)
	}
	return rate.Limit(perSecond), nil
}

// Limiter holds a token bucket for each client address it has seen recently. It is safe for
// concurrent use.
type Limiter struct {
	every rate.Limit
	burst int
	max   int
	// idle is how long a client must have asked nothing for its bucket to be full again; a bucket
	// that full is the same as a new one, so forgetting it changes no answer.
	idle time.Duration

	mu      sync.Mutex
	clients map[string]*list.Element // of *client
	recent  list.List                // the clients, the one seen most recently first
}

// client is one client address's bucket and when it last asked.
type client struct {
	addr   string
	bucket *rate.Limiter
	seen   time.Time
}

// New returns a Limiter that lets each client make perSecond requests a second, in bursts of up
// to BurstFactor times that (at least one), holding at most maxClients clients. perSecond and
// maxClients must be positive, and perSecond at most MaxRate.
//
// When the table is full, a new client takes the place of the one that has asked nothing for the
// longest: with more clients than that asking at once, those seen least recently are
// forgotten early and start again with a full bucket. Size the table above the number of clients
// that ask within BurstFactor seconds.
func New(perSecond rate.Limit, maxClients int) *Limiter {
	if !(perSecond > 0 && perSecond <= MaxRate) || maxClients <= 0 {
		panic("quota: the rate must be positive and at most MaxRate, and the number of clients positive")
	}
	burst := max(1, int(math.Ceil(float64(perSecond)*BurstFactor)))
	return &Limiter{
		every:   perSecond,
		burst:   burst,
		max:     maxClients,
		idle:    time.Duration(math.Ceil(float64(burst) / float64(perSecond) * float64(time.Second))),
		clients: make(map[string]*list.Element),
	}
}

// NewBurst returns a Limiter as New does, but whose buckets hold burst requests, whatever the
// rate: for a count that refills slowly but may be spent at once, such as wrong guesses of a
// token. perSecond must be positive and at most MaxRate, burst and maxClients positive.
func NewBurst(perSecond rate.Limit, burst, maxClients int) *Limiter {
	if burst <= 0 {
		panic("quota: the burst must be positive")
	}
	l := New(perSecond, maxClients)
	l.burst = burst
	l.idle = time.Duration(math.Ceil(float64(burst) / float64(perSecond) * float64(time.Second)))
	return l
}

// Burst is how many requests a client with a full bucket may make at once.
func (l *Limiter) Burst() int { return l.burst }

// Allow takes one request from addr's bucket at now. When the bucket is empty it takes nothing
// and returns false with how long until the bucket holds a request again.
func (l *Limiter) Allow(addr string, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forgetIdle(now)
	c := l.client(addr, now)
	c.seen = now
	if c.bucket.AllowN(now, 1) {
		return true, 0
	}
	short := 1 - c.bucket.TokensAt(now)
	// To the microsecond: a slow rate's float error would otherwise add a nanosecond, and a whole
	// second to a Retry-After rounded up.
	return false, time.Duration(math.Ceil(short/float64(l.every)*1e6-1e-6)) * time.Microsecond
}

// Len is the number of clients the Limiter holds now.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}

// client is addr's entry, moved to the front as the one seen most recently; a new one, with a
// full bucket, when addr is not held, in the place of the least recent when the table is full.
func (l *Limiter) client(addr string, now time.Time) *client {
	if e, ok := l.clients[addr]; ok {
		l.recent.MoveToFront(e)
		return e.Value.(*client)
	}
	if len(l.clients) >= l.max {
		l.forget(l.recent.Back())
	}
	c := &client{addr: addr, bucket: rate.NewLimiter(l.every, l.burst), seen: now}
	l.clients[addr] = l.recent.PushFront(c)
	return c
}

// forgetIdle forgets every client idle for l.idle or longer at now: the least recent first, so
// it stops at the first client that asked since.
func (l *Limiter) forgetIdle(now time.Time) {
	for e := l.recent.Back(); e != nil; e = l.recent.Back() {
		if now.Sub(e.Value.(*client).seen) < l.idle {
			return
		}
		l.forget(e)
	}
}

func (l *Limiter) forget(e *list.Element) {
	delete(l.clients, e.Value.(*client).addr)
	l.recent.Remove(e)
}
