// This file holds the dispatcher: its dependencies, its loop of claims, and its stopping.

package notify

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/mail"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/store"
)

// The dispatcher's bounds and rhythm.
const (
	// Lease is how long a claim holds a delivery: longer than an attempt can take, and at most a
	// minute, so a delivery cut off by a crash is made again within it.
	Lease = 30 * time.Second
	// AttemptTimeout bounds one attempt, reading what it needs and sending it.
	AttemptTimeout = 20 * time.Second
	// Retention is how long an event is kept once every delivery of it is done, for the owner to
	// see what became of it.
	Retention = 7 * 24 * time.Hour
	// maxInFlight bounds the attempts under way at once in one process.
	maxInFlight = 32
	// poll is how often the dispatcher looks for due deliveries it wasn't woken for: retries,
	// reminders, and what another instance left.
	poll = 250 * time.Millisecond
	// sweepEvery and backlogEvery are how often events are swept and the backlog counted.
	sweepEvery   = 10 * time.Minute
	backlogEvery = 5 * time.Second
	// recordTimeout bounds recording what came of an attempt.
	recordTimeout = 5 * time.Second
	// wakeWithin is the longest retry gap the dispatcher sets a timer for; a longer one waits for a poll.
	wakeWithin = time.Minute
)

// Store is what the dispatcher needs of the calendar's database. *store.Store is one.
type Store interface {
	Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, n int, what store.Claimable) ([]store.Delivery, error)
	Delivered(ctx context.Context, d store.Delivery, at time.Time, status int, note string) error
	Retry(ctx context.Context, d store.Delivery, owner string, next time.Time, status int, why string) error
	GiveUp(ctx context.Context, d store.Delivery, owner string, at time.Time, status int, why string) error
	ReleaseLeases(ctx context.Context) (int64, error)
	Backlog(ctx context.Context, now time.Time) (map[string]int, error)
	SweepEvents(ctx context.Context, before time.Time) (int64, error)
	Webhook(ctx context.Context, salon, id string) (salon.Webhook, bool, error)
	Booking(ctx context.Context, salon, id string) (salon.Booking, error)
	RecentSalon(ctx context.Context, id string) (salon.Settings, error)
	ReserveMessage(ctx context.Context, d store.Delivery, contactKey string, now time.Time, perDay int) (bool, error)
	// Refunded records the deposit of the booking given back.
	Refunded(ctx context.Context, booking string) error
	// OptOut and OptedOut record and read a number unsubscribed from a salon's texts; TextSent
	// records a text Twilio took.
	OptOut(ctx context.Context, salon, contactKey string, now time.Time) error
	OptedOut(ctx context.Context, salon, contactKey string) (bool, error)
	TextSent(ctx context.Context, sid, salon, booking, status string, now time.Time) error
}

// Refunder gives a payment back. *payments.Stripe is one: a second call with one idempotency key
// answers the first one's refund, so a refund tried again is made once.
type Refunder interface {
	Refund(ctx context.Context, paymentIntent string, amount int64, idempotencyKey string) (string, error)
}

// claimable is what the dispatcher delivers beside webhooks.
func (d *Dispatcher) claimable() store.Claimable {
	var what store.Claimable
	if d.Mail != nil {
		what |= store.ClaimMail
	}
	if d.Refunds != nil {
		what |= store.ClaimRefunds
	}
	if d.Texts != nil {
		what |= store.ClaimTexts
	}
	return what
}

// MessagesPerDay is how many mails and texts one contact is sent about its bookings at one salon
// in any 24 hours; past it, the rest are dropped, counted, and shown to the owner. A booking, a
// move or two and its reminders stay far below it; a booker who gives a stranger's address can't
// have the salon write to them without end.
const MessagesPerDay = 10

// Mailer sends one mail. mail.Sender is one.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Dispatcher makes the deliveries of booking events. Its fields are its dependencies; set them
// before Start and change none after.
type Dispatcher struct {
	// Store is the calendar's database, where the deliveries are.
	Store Store
	// Client delivers webhooks: webhook.NewClient, which keeps to the address rule.
	Client *http.Client
	// Mail sends the customers' mails; nil sends none, and leaves mails to an instance that does.
	Mail Mailer
	// Keys derive the key of a booking's manage link; nil, or an empty PublicURL, leaves the link out.
	Keys *requeststate.Keys
	// PublicURL is the service's address as customers reach it, without a trailing slash: the
	// manage link is PublicURL/my/{salon}/{booking}#{key}.
	PublicURL string
	// Now is the clock, the only one the dispatcher reads the time from. It must be set.
	Now func() time.Time
	// Log receives what went wrong, never naming a customer. Nil discards.
	Log *slog.Logger
	// Registry receives the dispatcher's metrics. Nil registers them nowhere.
	Registry prometheus.Registerer
	// Refunds gives deposits back through Stripe; nil leaves the refunds to an instance that does.
	Refunds Refunder
	// Texts texts the customers whose contact is a phone number; nil leaves the texts to an
	// instance that sends them.
	Texts Texter
	// FirstRetry is the first retry's gap, which the rest double from: 0 is webhook.FirstRetry.
	// Only tests set it, to see the schedule in seconds.
	FirstRetry time.Duration

	metricsOnce sync.Once
	metrics     *metrics
}

// Running is a dispatcher at work, from Start until Stop.
type Running struct {
	d       *Dispatcher
	owner   string
	metrics *metrics
	wake    chan struct{}

	stopClaiming context.CancelFunc
	stopWork     context.CancelFunc
	done         chan struct{}
	stopOnce     sync.Once
}

// Start starts making the due deliveries in a goroutine of its own, until Stop. On SQLite it first
// releases the claims a process before it left. A dispatcher may be started again once stopped.
// It panics when d.Now is nil.
func (d *Dispatcher) Start() *Running {
	if d.Now == nil {
		panic("notify: Dispatcher.Now, the clock, must be set")
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	d.metricsOnce.Do(func() { d.metrics = newMetrics(d.Registry) })
	r := &Running{d: d, owner: "bookingd-" + rand.Text(), metrics: d.metrics,
		wake: make(chan struct{}, 1), done: make(chan struct{})}
	claiming, stopClaiming := context.WithCancel(context.Background())
	work, stopWork := context.WithCancel(context.Background())
	r.stopClaiming, r.stopWork = stopClaiming, stopWork
	go r.loop(claiming, work)
	return r
}

// Wake tells the dispatcher that deliveries may be due now, so it looks at once. It never blocks.
func (r *Running) Wake() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Stop stops claiming deliveries and waits for those under way until ctx is done; then it cuts
// them off, records them to be tried again at once, and returns once they are recorded (within
// recordTimeout more). Later calls wait for the same end.
func (r *Running) Stop(ctx context.Context) {
	r.stopOnce.Do(func() {
		r.stopClaiming()
		select {
		case <-r.done:
		case <-ctx.Done():
			r.stopWork()
		}
	})
	<-r.done
	r.stopWork()
}

// loop claims due deliveries and makes each in a goroutine of its own, at most maxInFlight at once,
// until claiming is done; then it waits for those under way.
func (r *Running) loop(claiming, work context.Context) {
	defer close(r.done)
	var underway sync.WaitGroup
	defer underway.Wait()
	slots := make(chan struct{}, maxInFlight)
	finished := make(chan struct{}, 1)
	if n, err := r.d.Store.ReleaseLeases(work); err != nil {
		r.d.Log.Warn("releasing the claims of a process before this one failed; they are made once their leases run out", "error", err.Error())
	} else if n > 0 {
		r.d.Log.Info("released the claims a process before this one left", "deliveries", n)
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var lastSweep, lastCount time.Time
	failing := false
	for claiming.Err() == nil {
		now := r.d.Now()
		free := maxInFlight - len(slots)
		var claimed []store.Delivery
		if free > 0 {
			var err error
			claimed, err = r.d.Store.Claim(work, r.owner, now, Lease, free, r.d.claimable())
			switch {
			case err != nil && !failing && claiming.Err() == nil:
				r.d.Log.Warn("claiming deliveries failed; trying again", "error", err.Error())
				failing = true
			case err == nil && failing:
				r.d.Log.Info("claiming deliveries works again")
				failing = false
			}
		}
		for _, dl := range claimed {
			slots <- struct{}{}
			underway.Go(func() {
				defer func() {
					<-slots
					select {
					case finished <- struct{}{}:
					default:
					}
				}()
				r.deliver(work, dl)
			})
		}
		if now.Sub(lastCount) >= backlogEvery {
			lastCount = now
			r.countBacklog(work, now)
		}
		if now.Sub(lastSweep) >= sweepEvery {
			lastSweep = now
			if _, err := r.d.Store.SweepEvents(work, now.Add(-Retention)); err != nil && claiming.Err() == nil {
				r.d.Log.Warn("sweeping events failed; the next sweep tries again", "error", err.Error())
			}
		}
		if free > 0 && len(claimed) == free {
			continue // there may be more due
		}
		var slotFreed <-chan struct{}
		if len(slots) == maxInFlight {
			slotFreed = finished
		}
		select {
		case <-claiming.Done():
		case <-r.wake:
		case <-tick.C:
		case <-slotFreed:
		}
	}
}

// countBacklog sets the backlog's gauges.
func (r *Running) countBacklog(ctx context.Context, now time.Time) {
	backlog, err := r.d.Store.Backlog(ctx, now)
	if err != nil {
		return
	}
	for kind, n := range backlog {
		r.metrics.backlog.WithLabelValues(kind).Set(float64(n))
	}
}
