// Command bookingd serves the salon's booking assistant: the booking route, its OpenAPI document and the customer's app.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // salons' zones load in an image with no zone database

	"golang.org/x/time/rate"

	"salon/internal/api"
	"salon/internal/jsonlog"
	"salon/internal/quota"
	"salon/internal/requeststate"
	"salon/internal/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			slog.New(slog.NewJSONHandler(os.Stderr, nil)).Error(err.Error())
		}
		os.Exit(1)
	}
}

// Environment variables bookingd reads.
const (
	envSigningKey   = "BOOKING_SIGNING_KEY"
	envPreviousKeys = "BOOKING_PREVIOUS_SIGNING_KEYS"
	envRedisURL     = "BOOKING_REDIS_URL"
	envCORSOrigins  = "BOOKING_CORS_ORIGINS"
	envMCPToken     = "BOOKING_MCP_TOKEN"
	envMCPKey       = "BOOKING_MCP_KEY"
	envRate         = "BOOKING_RATE"
	envProxies      = "BOOKING_TRUSTED_PROXIES"
	envRetention    = "BOOKING_RETENTION"
	envGuesses      = "BOOKING_OWNER_GUESSES"
)

// fileSuffix turns a secret's variable into the one naming a file that holds it, as Docker and
// Kubernetes mount secrets: BOOKING_SIGNING_KEY_FILE=/run/secrets/signing_key.
const fileSuffix = "_FILE"

// maxSecretFileBytes bounds what a secret's file may hold: a key or a token is far shorter, and a
// variable naming the wrong file (a log, a device) must not be read whole.
const maxSecretFileBytes = 64 << 10

// shutdownGrace is how long SIGTERM waits for in-flight requests.
const shutdownGrace = 10 * time.Second

// run is bookingd with its world handed in: it serves until ctx is done, then drains and returns
// nil; `bookingd mcp` serves over stdin and stdout instead, until stdin closes. args are the
// command line without the program's name.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "keygen":
			return keygen(stdout)
		case "healthcheck":
			return healthcheck(ctx, args[1:], stderr)
		case "backup":
			return backup(ctx, args[1:], getenv, stderr)
		case "copy":
			return copyData(ctx, args[1:], stderr)
		case "openapi":
			doc, err := api.DocumentJSON()
			if err != nil {
				return err
			}
			_, err = stdout.Write(doc)
			return err
		}
	}
	stdio := len(args) > 0 && args[0] == "mcp" // bookingd mcp [flags]: the same service as an MCP server over stdio
	if stdio {
		args = args[1:]
	}
	cfg, err := configure(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := slog.New(jsonlog.NewHandler(stderr, nil))
	if !stdio {
		if cfg.addr, err = cfg.listenAddr(log); err != nil {
			return err
		}
	}
	composed, closeOfferer, err := cfg.server(log, stdio)
	if err != nil {
		return err
	}
	defer closeOfferer()
	srv, err := server.New(ctx, composed)
	if err != nil {
		return err
	}
	defer srv.Close()
	if stdio {
		return srv.ServeStdio(ctx, stdin, stdout)
	}
	logMCPEndpoint(log, cfg.mcpToken)
	return serve(ctx, cfg.addr, srv.Handler(), log, srv.Drain)
}

// server reads what the flags and the environment say into the server's configuration, refusing
// what can't serve: a bad key, the calendar's database with Redis, a short owner's token, and a
// short token for /mcp unless stdio takes none. It opens round one's offerer; the func returned
// closes its served log.
func (cfg config) server(log *slog.Logger, stdio bool) (server.Config, func(), error) {
	keys, err := cfg.keys(log)
	if err != nil {
		return server.Config{}, nil, err
	}
	registry := server.NewRegistry()
	offerer, closeOfferer, err := cfg.model.offerer(log, registry)
	if err != nil {
		return server.Config{}, nil, err
	}
	fail := func(err error) (server.Config, func(), error) {
		closeOfferer()
		return server.Config{}, nil, err
	}
	dbURL, err := cfg.databaseURL(log)
	if err != nil {
		return fail(err)
	}
	if dbURL != "" && cfg.redisURL != "" {
		return fail(errors.New("-db and -redis-url don't go together: with a database, spent states are kept in it"))
	}
	if cfg.dev {
		log.Warn("dev mode: the demo salon "+server.DemoSalon+" is registered in the calendar unless it is there already",
			"database", server.RedactedURL(dbURL))
	}
	owner, err := cfg.ownerToken(log, stdio)
	if err != nil {
		return fail(err)
	}
	if !stdio {
		if err := checkMCPToken(cfg.mcpToken); err != nil {
			return fail(err)
		}
	}
	// Now is the wall clock: the one place bookingd reads it, handed to everything it composes.
	composed := server.Config{
		Keys:           keys,
		Now:            time.Now,
		KeyIsOwn:       keys != nil && strings.TrimSpace(cfg.signingKey) == "", // -dev's random key
		Life:           cfg.stateTTL,
		Log:            log,
		Registry:       registry,
		Offerer:        offerer,
		DatabaseURL:    dbURL,
		Demo:           cfg.dev,
		OwnerToken:     owner,
		RedisURL:       cfg.redisURL,
		RedisTimeout:   cfg.redisTimeout,
		RedisReplicas:  cfg.replicas,
		CORSOrigins:    cfg.corsOrigins,
		MCPToken:       cfg.mcpToken,
		MCPKey:         cfg.mcpKey,
		Rate:           cfg.rate,
		TrustedProxies: cfg.trustedProxies,
		Retention:      cfg.retention,
		OwnerGuesses:   cfg.guesses,
		Unpaced:        cfg.unpaced,
	}
	if err := cfg.tell.apply(&composed); err != nil {
		return fail(err)
	}
	if err := cfg.texts.apply(&composed); err != nil {
		return fail(err)
	}
	if err := cfg.payments.apply(&composed); err != nil {
		return fail(err)
	}
	return composed, closeOfferer, nil
}

// config is bookingd's configuration, from flags and the environment.
type config struct {
	addr         string
	addrGiven    bool // -addr was on the command line
	stateTTL     time.Duration
	dev          bool
	signingKey   string
	previous     string
	redisURL     string
	redisTimeout time.Duration
	replicas     int
	corsOrigins  []string
	mcpToken     string // the bearer token /mcp requires; empty leaves it open. Never logged.
	mcpKey       string // a stdio session's owner's credential (a salon's key or the owner's token); never logged
	model        modelConfig
	tell         tellConfig
	payments     paymentsConfig
	texts        textsConfig
	db           string     // the calendar's database URL; empty is none
	owner        string     // the owner's token; empty is none
	cacheDir     string     // where -dev keeps its demo database
	rate         rate.Limit // requests a second per client address; 0 is no limit
	// trustedProxies are the proxies whose X-Forwarded-For is believed; none, no header is.
	trustedProxies []netip.Prefix
	retention      time.Duration // how long after a booking ended its customer's details are kept
	guesses        int           // wrong owner's tokens a client address may send at once; 0 is no limit
	unpaced        bool          // every salon's maxBookingsPerMinute is lifted, for load tests
	stderr         io.Writer
}

func configure(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	cfg := config{cacheDir: userCacheDir(getenv), stderr: stderr}
	fs := flag.NewFlagSet("bookingd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.addr, "addr", defaultAddr, "address to serve on (with -dev, "+devAddr+" and loopback only)")
	fs.DurationVar(&cfg.stateTTL, "state-ttl", 2*time.Minute, "how long a requestState stays good")
	fs.BoolVar(&cfg.dev, "dev", false, "fill in what isn't configured for a local try: a random signing key and owner's token, a SQLite calendar in the user's cache directory, and the demo salon "+server.DemoSalon)
	fs.StringVar(&cfg.redisURL, "redis-url", getenv(envRedisURL), "keep spent states in the Redis at this URL, shared by every instance (default $"+envRedisURL+", else in memory)")
	fs.DurationVar(&cfg.redisTimeout, "redis-timeout", 500*time.Millisecond, "bound on every round two's spend, and every Redis call: past it round two answers 503")
	fs.IntVar(&cfg.replicas, "redis-replicas", 0, "count a spend as done only once this many Redis replicas hold it (WAIT), so a failover to one of them forgets none")
	fs.StringVar(&cfg.db, "db", getenv(envDatabaseURL), "the salons' calendar: sqlite:PATH for one instance, postgres://… for many (default $"+envDatabaseURL+", else none: the app owns its calendar)")
	cfg.model.register(fs)
	cfg.tell.register(fs, getenv)
	cfg.payments.register(fs)
	cfg.texts.register(fs)
	cors := fs.String("cors-origins", getenv(envCORSOrigins), "comma-separated origins (such as https://salon.example) whose pages may call the API from a browser (default $"+envCORSOrigins+", else none: no CORS)")
	perClient := fs.String("rate", or(getenv(envRate), defaultRate), "requests a second each client address (an IPv6 /64) may make to round one, round two, the customer's own routes and /mcp, such as 5/s, in bursts of four times that; past it they answer 429; 0 is no limit, for a proxy that isn't listed in -trusted-proxies (default $"+envRate+", else "+defaultRate+")")
	retention := fs.String("retention", or(getenv(envRetention), defaultRetention), "how long after a booking ended its customer's name, contact and words are kept before a sweep erases them: a Go duration such as 9600h, or a number of days such as 400d (default $"+envRetention+", else "+defaultRetention+")")
	guesses := fs.String("owner-guesses", or(getenv(envGuesses), strconv.Itoa(defaultGuesses)), "wrong owner's tokens one client address may send at once before each wrong one answers 429 (a right token always gets through); they come back at "+strconv.Itoa(server.GuessesPerMinute)+" a minute; 0 is no limit (default $"+envGuesses+", else "+strconv.Itoa(defaultGuesses)+")")
	fs.BoolVar(&cfg.unpaced, "unpaced", false, "lift every salon's maxBookingsPerMinute, for load tests and benchmarks on a machine of one's own; never in service")
	proxies := fs.String("trusted-proxies", getenv(envProxies), "comma-separated addresses and CIDR ranges (such as 10.0.0.0/8) of the proxies whose X-Forwarded-For names the client (default $"+envProxies+", else none: the client is the connection's peer)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bookingd [flags]\n       bookingd keygen\n       bookingd openapi\n       bookingd healthcheck [-url URL]\n       bookingd mcp [flags]\n"+
			"       bookingd backup [-db sqlite:PATH] -to FILE\n       bookingd copy -from sqlite:PATH -to postgres://…\n\n"+
			"environment: %s (hex, at least %d bytes), %s (comma-separated hex, verify only),\n"+
			"             %s (the owner's token, at least %d characters; unset, the owner's endpoints don't exist),\n"+
			"             %s (the bearer token /mcp requires, at least %d characters; unset, /mcp is open),\n"+
			"             %s (bookingd mcp: a salon's key or the owner's token, which opens the owner's tools),\n"+
			"             %s, %s, %s, %s, %s, %s, %s\n"+
			"             %s and %s (deposits through Stripe; unset, none)\n"+
			"             the _FILE twin of each key, token and secret (%s%s, …) names a file holding it instead (Docker's secrets)\n\nflags:\n",
			envSigningKey, requeststate.MinKeyBytes, envPreviousKeys, envOwnerToken, minOwnerTokenChars,
			envMCPToken, minMCPTokenChars, envMCPKey, envDatabaseURL, envRedisURL, envCORSOrigins, envRate, envProxies, envRetention, envGuesses,
			envStripeKey, envStripeSecret, envSigningKey, fileSuffix)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	fs.Visit(func(f *flag.Flag) { cfg.addrGiven = cfg.addrGiven || f.Name == "addr" })
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q: the subcommands are keygen, openapi, healthcheck, mcp, backup and copy", fs.Arg(0))
	}
	// Every key, token and secret may come from its variable or from the file its _FILE twin names.
	for _, s := range []struct {
		name string
		to   *string
	}{
		{envSigningKey, &cfg.signingKey}, {envPreviousKeys, &cfg.previous}, {envOwnerToken, &cfg.owner},
		{envMCPToken, &cfg.mcpToken}, {envMCPKey, &cfg.mcpKey}, {envModelKey, &cfg.model.key},
	} {
		var err error
		if *s.to, err = secret(getenv, s.name); err != nil {
			return config{}, err
		}
	}
	if cfg.redisTimeout <= 0 {
		return config{}, fmt.Errorf("-redis-timeout must be positive, got %s", cfg.redisTimeout)
	}
	if cfg.replicas < 0 {
		return config{}, fmt.Errorf("-redis-replicas must be 0 or more, got %d", cfg.replicas)
	}
	if cfg.stateTTL <= 0 {
		return config{}, fmt.Errorf("-state-ttl must be positive, got %s", cfg.stateTTL)
	}
	if err := cfg.model.check(); err != nil {
		return config{}, err
	}
	if err := cfg.texts.read(getenv); err != nil {
		return config{}, err
	}
	if err := cfg.payments.read(getenv); err != nil {
		return config{}, err
	}
	if err := cfg.tell.check(); err != nil {
		return config{}, err
	}
	origins, err := corsOrigins(*cors)
	if err != nil {
		return config{}, err
	}
	cfg.corsOrigins = origins
	if cfg.rate, err = quota.ParseRate(*perClient); err != nil {
		return config{}, fmt.Errorf("-rate: %w", err)
	}
	if cfg.trustedProxies, err = trustedProxies(*proxies); err != nil {
		return config{}, err
	}
	if cfg.retention, err = parseRetention(*retention); err != nil {
		return config{}, err
	}
	if cfg.guesses, err = strconv.Atoi(strings.TrimSpace(*guesses)); err != nil || cfg.guesses < 0 {
		return config{}, fmt.Errorf("-owner-guesses: %q is not a whole number of 0 or more", *guesses)
	}
	return cfg, nil
}

// The defaults of -retention and -owner-guesses.
const (
	defaultRetention = "400d"
	defaultGuesses   = 100
	// defaultRate lets a person through untouched (a booking is two to six requests at once) and
	// slows a script to about a booking a second.
	defaultRate = "2/s"
)

// parseRetention reads -retention: a Go duration (9600h) or a whole number of days (400d), positive.
func parseRetention(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	var d time.Duration
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n <= 0 || n > 100*366 {
			return 0, fmt.Errorf("-retention: %q is not a number of days such as 400d", s)
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("-retention: %q is neither a Go duration such as 9600h nor a number of days such as 400d", s)
		}
	}
	if d <= 0 {
		return 0, fmt.Errorf("-retention: %q must be positive, such as 400d", s)
	}
	return d, nil
}

// secret reads the secret the variable name holds, or the file that name+"_FILE" names, never
// both: one of them set to "" counts as unset. A file's trailing line endings are dropped. A file
// that can't be read, holds nothing or is larger than any key is an error, which names the
// variables and the file but never what it holds. Neither variable set gives "".
func secret(getenv func(string) string, name string) (string, error) {
	value, path := getenv(name), getenv(name+fileSuffix)
	switch {
	case path == "":
		return value, nil
	case value != "":
		return "", fmt.Errorf("%s and %s%s are both set: give the secret one way", name, name, fileSuffix)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("%s%s: %w", name, fileSuffix, err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxSecretFileBytes+1))
	if err != nil {
		return "", fmt.Errorf("%s%s: %w", name, fileSuffix, err)
	}
	if len(raw) > maxSecretFileBytes {
		return "", fmt.Errorf("%s%s: %s holds more than %d KiB, so it holds no key or token", name, fileSuffix, path, maxSecretFileBytes>>10)
	}
	value = strings.TrimRight(string(raw), "\r\n")
	if value == "" {
		return "", fmt.Errorf("%s%s: %s is empty", name, fileSuffix, path)
	}
	return value, nil
}

// or is value, or otherwise when value is empty.
func or(value, otherwise string) string {
	if value == "" {
		return otherwise
	}
	return value
}

// trustedProxies reads -trusted-proxies: comma-separated IP addresses and CIDR ranges. None gives nil.
func trustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, field := range strings.Split(list, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		if p, err := netip.ParsePrefix(field); err == nil {
			out = append(out, p.Masked())
			continue
		}
		addr, err := netip.ParseAddr(field)
		if err != nil || addr.Zone() != "" {
			return nil, fmt.Errorf("-trusted-proxies: %q is not an IP address or a CIDR range such as 10.0.0.0/8", field)
		}
		addr = addr.Unmap()
		out = append(out, netip.PrefixFrom(addr, addr.BitLen()))
	}
	return out, nil
}

// The addresses bookingd serves on by default: every interface, and with -dev this machine only.
const (
	defaultAddr = ":8080"
	devAddr     = "127.0.0.1:8080"
)

// listenAddr is the address to serve on: -addr as given, or with -dev 127.0.0.1:8080, said on
// stderr. -dev is for one's own machine, so with it an address not on loopback stops start-up.
func (cfg config) listenAddr(log *slog.Logger) (string, error) {
	if !cfg.dev {
		return cfg.addr, nil
	}
	if !cfg.addrGiven {
		log.Warn("dev mode: no -addr is given, so bookingd serves on " + devAddr + ", this machine only")
		return devAddr, nil
	}
	if _, _, err := net.SplitHostPort(cfg.addr); err != nil {
		return "", fmt.Errorf("-addr %q is not host:port, such as %s", cfg.addr, devAddr)
	}
	if !onLoopback(cfg.addr) {
		return "", fmt.Errorf("-dev serves on this machine only, and -addr %q is not a loopback address: "+
			"give -addr %s (or another port on 127.0.0.1, [::1] or localhost), or configure the service without -dev", cfg.addr, devAddr)
	}
	return cfg.addr, nil
}

// onLoopback reports whether addr (host:port) listens on loopback alone: a loopback IP address, or
// localhost. An empty host is every interface.
func onLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Zone() == "" && ip.Unmap().IsLoopback()
}

// keys reads the signing keys. No key at all gives nil, so every booking answers 503, unless -dev
// asks for a random key. A key present but unreadable or short is an error.
func (cfg config) keys(log *slog.Logger) (*requeststate.Keys, error) {
	var previous [][]byte
	for i, field := range strings.Split(cfg.previous, ",") {
		if strings.TrimSpace(field) == "" {
			continue
		}
		key, err := readKey(field)
		if err != nil {
			return nil, fmt.Errorf("%s: key %d %w", envPreviousKeys, i+1, err)
		}
		previous = append(previous, key)
	}
	var current []byte
	switch {
	case strings.TrimSpace(cfg.signingKey) != "":
		key, err := readKey(cfg.signingKey)
		if err != nil {
			return nil, fmt.Errorf("%s %w", envSigningKey, err)
		}
		current = key
	case cfg.dev:
		current = make([]byte, requeststate.MinKeyBytes)
		rand.Read(current)
		log.Warn("dev mode: no " + envSigningKey + " is set, so states are signed with a random key of this process; they won't verify after a restart or on another instance")
	default:
		log.Warn("no " + envSigningKey + " is set: every booking will answer 503 until one is")
		return nil, nil
	}
	keys, err := requeststate.NewKeys(current, previous...)
	if err != nil {
		return nil, err
	}
	return &keys, nil
}

func readKey(field string) ([]byte, error) {
	key, err := hex.DecodeString(strings.TrimSpace(field))
	if err != nil {
		return nil, errors.New("must be written in hex")
	}
	if len(key) < requeststate.MinKeyBytes {
		return nil, fmt.Errorf("must be at least %d bytes (%d hex digits), got %d bytes", requeststate.MinKeyBytes, 2*requeststate.MinKeyBytes, len(key))
	}
	return key, nil
}

// corsOrigins reads -cors-origins: comma-separated origins, each "*" or a scheme and host with no
// path, as a browser sends it in Origin. None gives nil: no CORS.
func corsOrigins(list string) ([]string, error) {
	var origins []string
	for _, field := range strings.Split(list, ",") {
		origin := strings.TrimSpace(field)
		if origin == "" {
			continue
		}
		u, err := url.Parse(origin)
		if origin != "*" && (err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil ||
			u.Path != "" || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(origin, "/")) {
			return nil, fmt.Errorf("-cors-origins: %q is not an origin such as https://salon.example", origin)
		}
		origins = append(origins, origin)
	}
	return origins, nil
}

func keygen(stdout io.Writer) error {
	key := make([]byte, requeststate.MinKeyBytes)
	rand.Read(key)
	_, err := fmt.Fprintln(stdout, hex.EncodeToString(key))
	return err
}

// healthcheck asks a running bookingd's /healthz, for container health checks in images with no shell.
func healthcheck(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("bookingd healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	endpoint := fs.String("url", "http://127.0.0.1:8080/healthz", "the health endpoint to ask")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *endpoint, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %d", *endpoint, res.StatusCode)
	}
	return nil
}

// serve answers on addr until ctx is done, then lets in-flight requests finish and, at the same
// time and within the same bound, the deliveries under way (drain).
func serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger, drain func(context.Context)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := api.HTTPServer(h)
	srv.ErrorLog = slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	log.Info("listening", "addr", ln.Addr().String())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests and deliveries")
	bound, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	delivered := make(chan struct{})
	go func() {
		defer close(delivered)
		drain(bound)
	}()
	err = srv.Shutdown(bound)
	<-delivered
	if err != nil {
		return fmt.Errorf("draining: %w", err)
	}
	log.Info("stopped")
	return nil
}
