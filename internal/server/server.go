// This file holds the configuration, New, and the handler and stdio server New's result serves.

package server

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/time/rate"

	"salon/internal/api"
	"salon/internal/booking"
	"salon/internal/mail"
	"salon/internal/mcp"
	"salon/internal/notify"
	"salon/internal/payments"
	"salon/internal/quota"
	"salon/internal/requeststate"
	"salon/internal/requeststate/redisspent"
	"salon/internal/sms"
	"salon/web"
)

// Config is what a command's flags and environment decided, already read and checked.
type Config struct {
	// Keys sign and verify the request states. Nil means no key is configured: every booking
	// answers 503.
	Keys *requeststate.Keys
	// KeyIsOwn says the current key was made by this process, so nothing before it signed a
	// state with it and the in-memory spent store takes every state from the start. False, that
	// store refuses as expired each state that may have been issued before it was made: a
	// restart forgets every spend kept in memory, and a configured key still verifies the states
	// of the process before it.
	KeyIsOwn bool
	// Life is how long an issued state stays good. It must be positive.
	Life time.Duration
	// Now is the clock: the only one the service reads the time from (the states issued and
	// spent, the calendar, its sweeps and its deliveries). It must be set; a command hands it
	// time.Now.
	Now func() time.Time
	// Log receives one line per request, round two's records at a calendar, and what New sets
	// up. Nil discards.
	Log *slog.Logger
	// Registry receives the metrics and is served at /metrics. Nil is a fresh NewRegistry.
	Registry *prometheus.Registry
	// Offerer chooses round one's times and question. Nil is booking.DefaultOfferer. It stays
	// the caller's: whatever it holds open, the caller closes after Close.
	Offerer booking.Offerer
	// DatabaseURL is the salons' calendar, in a form store.Open reads ("sqlite:PATH",
	// "postgres://…"); the spent states are then kept in it. Empty is no calendar: the app owns
	// its calendar.
	DatabaseURL string
	// Demo registers the demo salon, DemoSalon, in the calendar unless it is there already.
	// It needs DatabaseURL.
	Demo bool
	// OwnerToken guards the owner's endpoints; empty, they don't exist. New takes it as given:
	// how long it must be is the caller's rule. With it the operator makes each salon's keys.
	OwnerToken string
	// OwnerGuesses is how many wrong tokens one client address may present to the owner's
	// endpoints at once before it must wait; they come back at GuessesPerMinute. Zero limits
	// nothing.
	OwnerGuesses int
	// Retention is how long after a booking ended its customer's name, contact and words are
	// kept: a sweep erases them at start-up and every SweepEvery, on one instance at a time. Zero
	// keeps them.
	Retention time.Duration
	// SweepEvery is how often the calendar's sweeps run: the spent states' and the retention's.
	// Zero is a minute.
	SweepEvery time.Duration
	// RedisURL keeps the spent states in the Redis at this URL, shared by every instance. Empty
	// keeps them in memory. It can't go with DatabaseURL, which keeps them itself.
	RedisURL string
	// RedisTimeout bounds every round two's spend and every Redis call; past it round two
	// answers 503. It must be positive with RedisURL.
	RedisTimeout time.Duration
	// RedisReplicas is how many Redis replicas must hold a spend (WAIT) before it counts as
	// done, so a failover to one of them forgets none.
	RedisReplicas int
	// CORSOrigins are the origins (such as "https://salon.example") whose pages may call the
	// API from a browser. None: no CORS.
	CORSOrigins []string
	// MCPToken is the bearer token every request to /mcp must carry; empty leaves /mcp open.
	// Stdio takes none. It is never logged.
	MCPToken string
	// MCPKey is the credential of a stdio session (BOOKING_MCP_KEY): a salon's key, or the owner's
	// token, opens the owner's tools for it. Empty: customers' tools only. Never logged.
	MCPKey string
	// Rate is how many requests a second each client address may make to round one, round two,
	// the customer's own routes and /mcp, in bursts of quota.BurstFactor times that; past it they
	// answer 429. Zero limits nothing. Stdio takes no limit.
	Rate rate.Limit
	// TrustedProxies are the proxies whose X-Forwarded-For names the client: the client address
	// the quota counts and the request log names. None: the connection's peer, whatever the
	// headers say.
	TrustedProxies []netip.Prefix
	// WebhooksInsecure lets the owner's webhooks go to http URLs and private addresses, for tests
	// and private networks.
	WebhooksInsecure bool
	// Unpaced lifts every salon's maxBookingsPerMinute, for load tests and benchmarks, which book
	// thousands a minute at one salon; never in service.
	Unpaced bool
	// Payments is the Stripe account deposits are paid to; nil is no payments.
	Payments *payments.Stripe
	// SMS is the Twilio account customers whose contact is a phone number are texted from; nil
	// texts nobody.
	SMS *sms.Twilio
	// Mail, when not nil, mails customers through its SMTP server, checked already. It needs
	// DatabaseURL.
	Mail *mail.Sender
	// RemindBefore is how long before a booking starts its customer's reminder is sent; 0 sends none.
	RemindBefore time.Duration
	// PublicURL is the service's address as the world reaches it, without a trailing slash: the
	// feed's address and the mails' manage links start with it. Empty: the feed's address takes the
	// request's host, and mails carry no link.
	PublicURL string
	// FirstRetry is the gap before a failed delivery's first retry, which the later gaps double
	// from; 0 is the contract's 5 s. Only tests set it.
	FirstRetry time.Duration
}

// GuessesPerMinute is how fast a client address's wrong owner's tokens come back, past
// Config.OwnerGuesses at once.
const GuessesPerMinute = 10

// Server is the composed service: one signer, one spent store and one calendar behind both
// transports.
type Server struct {
	svc     api.Service
	cfg     Config
	handler http.Handler
	// telling is the dispatcher of the calendar's deliveries; nil without a calendar.
	telling *notify.Running
	closers []func() // what New opened, in order; Close runs them last first
	closed  sync.Once
}

// New composes the service cfg describes. It opens the calendar's database, registers the demo
// salon there when asked, and starts sweeping the expired spent states from it every minute; or
// it connects to Redis, warning when Redis can't be reached yet (round two answers 503 until it
// can). Then it waits until the spent store can vouch for the states the server issues: within
// a second of a start whose key isn't its own, or of a Redis epoch born just now, since serving
// earlier would issue states that round two refuses as expired.
//
// ctx bounds the opening and the wait. A wait cut short by ctx still returns the server: the
// caller's serving then sees ctx done. On an error New leaves nothing open; otherwise the
// caller calls Close once serving has ended.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Life <= 0 {
		return nil, errors.New("server: the state's life must be positive")
	}
	if cfg.DatabaseURL != "" && cfg.RedisURL != "" {
		return nil, errors.New("server: a calendar's database and Redis don't go together: with a database, spent states are kept in it")
	}
	if cfg.Demo && cfg.DatabaseURL == "" {
		return nil, errors.New("server: the demo salon needs a calendar's database")
	}
	if cfg.Mail != nil && cfg.DatabaseURL == "" {
		return nil, errors.New("server: mail needs a calendar's database, whose changes it tells of")
	}
	log, now, registry := cfg.Log, cfg.Now, cfg.Registry
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if now == nil {
		return nil, errors.New("server: the clock, Config.Now, must be set")
	}
	if registry == nil {
		registry = NewRegistry()
	}
	var memory *requeststate.Memory
	if cfg.KeyIsOwn {
		memory = requeststate.NewMemory(now)
	} else {
		memory = requeststate.NewMemorySince(now, cfg.Life)
	}
	s := &Server{cfg: cfg, svc: api.Service{
		Keys:     cfg.Keys,
		Life:     cfg.Life,
		Now:      now,
		Nonce:    freshNonce,
		Spent:    memory,
		Log:      log,
		Registry: registry,
		App:      web.App(),
		Offerer:  cfg.Offerer,
		// One line per round two at a calendar: the hold, its read-back or why the slot was taken.
		// A record's JSON names no customer: not the name, the contact or the words.
		Records:          func(records []booking.Record) { log.Info("round two", "records", records) },
		OwnerToken:       cfg.OwnerToken,
		TrustedProxies:   cfg.TrustedProxies,
		WebhooksInsecure: cfg.WebhooksInsecure,
		Unpaced:          cfg.Unpaced,
		Payments:         cfg.Payments,
		PublicURL:        cfg.PublicURL,
	}}
	if cfg.OwnerGuesses > 0 && cfg.OwnerToken != "" {
		s.svc.Guesses = quota.NewBurst(rate.Every(time.Minute/GuessesPerMinute), cfg.OwnerGuesses, quota.MaxClients)
	}
	if cfg.Rate > 0 {
		s.svc.Quota = quota.New(cfg.Rate, quota.MaxClients)
		log.Info("requests are limited per client address", "rate_per_second", float64(cfg.Rate),
			"burst", s.svc.Quota.Burst(), "trusted_proxies", len(cfg.TrustedProxies))
	} else {
		log.Warn("requests are not limited per client address (-rate 0): a flood of bookings is stopped only by each salon's maxBookingsPerMinute")
	}
	if cfg.Unpaced {
		log.Warn("every salon's maxBookingsPerMinute is lifted (-unpaced): for load tests only")
	}
	if cfg.Payments != nil {
		log.Info("Stripe's events are taken at /payments/stripe")
	}
	vouchesFrom := memory.VouchesFrom
	if cfg.DatabaseURL != "" {
		if err := s.openCalendar(ctx, cfg); err != nil {
			return nil, err
		}
	}
	if cfg.RedisURL != "" {
		redisspent.LogTo(log)
		store, err := redisspent.New(cfg.RedisURL, cfg.RedisTimeout, cfg.Life, now)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.closers = append(s.closers, func() { store.Close() })
		store.WaitForReplicas(cfg.RedisReplicas)
		s.svc.Spent, s.svc.Ready, vouchesFrom = store, store.Ready, store.VouchesFrom
		log.Info("spent states are kept in redis", "redis", RedactedURL(cfg.RedisURL))
		if err := store.Ready(ctx); err != nil {
			log.Warn("redis can't be reached yet: round two answers 503 until it can", "error", err.Error())
		}
	}
	if cfg.Keys != nil {
		waitToVouch(ctx, log, now, vouchesFrom())
	}
	app := api.New(s.svc)
	api.AllowOrigins(app, cfg.CORSOrigins)
	// The MCP tool's desk is built from the same Service as the route's, so every transport
	// shares the signer and the spent store. A page that may call the route may call /mcp too.
	// /mcp books as the route does, so it is behind the same quota.
	// The owner's tools answer the same owner's token and salons' keys as the owner's routes.
	desk := api.NewDesk(s.svc)
	access := mcp.NewAccess(desk, cfg.OwnerToken)
	api.MountMCP(app, mcp.Handler(mcp.NewServer(desk, mcp.Options{Log: log, Access: access}),
		mcp.HTTPOptions{Log: log, Token: cfg.MCPToken, Origins: cfg.CORSOrigins, Access: access}), api.Limit(s.svc.Quota, now))
	s.handler = app
	return s, nil
}

// NewRegistry is a metrics registry with the Go runtime's and the process's collectors: the
// one New makes when Config.Registry is nil.
func NewRegistry() *prometheus.Registry {
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return registry
}

// Handler is the HTTP side: the booking route, the salons and the owner's endpoints, the app,
// the OpenAPI document, the operational endpoints, CORS for Config.CORSOrigins, and the MCP
// endpoint at api.MCPPath. Every call returns the same handler.
func (s *Server) Handler() http.Handler { return s.handler }

// ServeStdio serves the MCP book tool over stdin and stdout until the client closes stdin or ctx
// is done, either of which is the ordinary end and returns nil. stdout carries nothing but
// JSON-RPC; every log line goes to Config.Log. No token applies: the client started this
// process, and its credentials come from its environment.
func (s *Server) ServeStdio(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	s.svc.Log.Info("serving MCP over stdio", "tool", mcp.ToolName)
	desk := api.NewDesk(s.svc)
	err := mcp.NewServer(desk, mcp.Options{Log: s.svc.Log, Access: mcp.NewAccess(desk, s.svc.OwnerToken), Key: s.cfg.MCPKey}).
		Run(ctx, mcp.StdioTransport(stdin, stdout))
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		err = nil
	}
	if err == nil {
		s.svc.Log.Info("stopped")
	}
	return err
}

// Drain stops telling of booking changes: no delivery is claimed any more, those under way may
// finish until ctx is done, and the rest are cut off and recorded to be made again at once, by the
// next process to claim them. Call it on SIGTERM beside the HTTP server's shutdown; Close calls it
// too, with a short bound, when it wasn't.
func (s *Server) Drain(ctx context.Context) {
	if s.telling != nil {
		s.telling.Stop(ctx)
	}
}

// Close stops the dispatcher and the sweeper and closes the calendar's database and the Redis
// client. Later calls do nothing.
func (s *Server) Close() {
	s.closed.Do(func() {
		for i := len(s.closers) - 1; i >= 0; i-- {
			s.closers[i]()
		}
	})
}

// waitToVouch waits until from on the clock now, the first moment at which the spent store can
// spend the states issued, or until ctx is done.
func waitToVouch(ctx context.Context, log *slog.Logger, now func() time.Time, from time.Time) {
	wait := from.Sub(now())
	if wait <= 0 {
		return
	}
	log.Info("waiting until the spent store can vouch for the states issued", "wait_ms", wait.Milliseconds())
	select {
	case <-ctx.Done():
	case <-time.After(wait):
	}
}

func freshNonce() requeststate.Nonce {
	var n requeststate.Nonce
	rand.Read(n[:])
	return n
}

// RedactedURL is u without its password, for the log; "(unreadable)" when u doesn't parse.
func RedactedURL(u string) string {
	parsed, err := url.Parse(u)
	if err != nil {
		return "(unreadable)"
	}
	return parsed.Redacted()
}
