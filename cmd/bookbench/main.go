// Command bookbench measures the booking route under load: concurrent customers booking in two rounds (or reading a salon) against bookingd, with or without a calendar, and, in the same run, against a bare Echo baseline.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "bookbench:", err)
		}
		os.Exit(1)
	}
}

// target is a server the customers book against: one instance, or several sharing one database.
type target struct {
	name string
	// urls are the base URLs of the target's instances; customer k books at urls[k % len(urls)].
	urls []string
	// pids are the instances' processes, whose CPU time the tool reads and adds up; none when unknown.
	pids []int
	// calendar says the target holds a calendar: every run the tool registers fresh salons there,
	// and each customer names themself and asks for that salon's next open slots.
	calendar bool
	// fixed says the calendar's salons are registered once, before the first run, filled with
	// fill live bookings each, and kept over every run: salons is them.
	fixed  bool
	fill   int
	salons []*freshSalon
	// language is the language its salons speak (their setting), "" for English.
	language string
}

// config is the command line.
type config struct {
	targets       []target
	customers     int
	count         int64
	duration      time.Duration
	warmup        time.Duration
	runs          int
	mode          string
	baseline      bool
	serveBaseline string
	inprocess     bool
	cpuProfile    string
	pids          string
	exitWithStdin bool
	calendars     string
	ownerToken    string
	salons        int
	inprocessDB   string
	menu          bool
	// resources is -resources: the menu salons have chairs, basins and dryers their services hold.
	resources bool
	// visits is -visit: the targets whose customers ask the open times of a cut and a colour as one
	// visit (benchVisit) rather than of a cut alone, in -mode avail.
	visits map[string]bool
	// fills is -fill: each named target's salons are kept over the runs, filled with so many bookings.
	fills map[string]int
	// packed is -packed: a simple salon's fill takes its first slots rather than spreading them.
	packed bool
	// floorDir is -floor: measure the SQLite floor in fresh databases there, and nothing else.
	floorDir string
}

// inprocessName is the target name of the booking app served by -inprocess.
const inprocessName = "inprocess"

// The ways customers can be driven.
const (
	modePhased      = "phased"
	modeInterleaved = "interleaved"
	modeRead        = "read"
	modeAvail       = "avail"
)

// envOwnerToken is where the owner's token for -calendar targets is read from by default, as bookingd reads it.
const envOwnerToken = "BOOKING_OWNER_TOKEN"

func configure(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var (
		cfg  config
		urls string
		err  error
	)
	fs := flag.NewFlagSet("bookbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&urls, "url", "bookingd=http://127.0.0.1:8080", "the servers to book against, comma-separated, each `name=base-url` (or a bare base URL); "+
		"name=url1|url2 is one target of several instances sharing a database, its customers spread over them")
	fs.IntVar(&cfg.customers, "c", 32, "concurrent customers, each on its own connection")
	fs.Int64Var(&cfg.count, "n", 0, "bookings per target and run: each is a round one and its round two (0: bounded by -d alone)")
	fs.DurationVar(&cfg.duration, "d", 5*time.Second, "longest time each measured phase runs (0: bounded by -n alone); keep two phases well within the state life")
	fs.DurationVar(&cfg.warmup, "warmup", time.Second, "unmeasured bookings before each target is measured")
	fs.IntVar(&cfg.runs, "runs", 1, "how many times to run the whole comparison; more than one also prints the medians")
	fs.StringVar(&cfg.mode, "mode", modePhased, "phased: every customer asks round one for the whole phase, then answers its offers in round two, so each round is measured alone; "+
		"interleaved: each customer asks round one and at once answers it; "+
		"read: each customer reads its salon, GET /salons/{salon} (after the warm-up's bookings); "+
		"avail: each customer reads its menu salon's open times of a cut with anyone, GET /salons/{salon}/availability?service=cut (needs -menu, and every -url a -calendar)")
	fs.BoolVar(&cfg.baseline, "baseline", true, "also drive the bare Echo baseline, served by this tool on loopback, in every run")
	fs.StringVar(&cfg.serveBaseline, "serve-baseline", "", "only serve the bare Echo baseline on this `address` until interrupted (for another load generator)")
	fs.BoolVar(&cfg.exitWithStdin, "exit-with-stdin", false, "with -serve-baseline, also stop when standard input closes (how the tool's own baseline process follows it)")
	fs.BoolVar(&cfg.inprocess, "inprocess", false, "book against the booking app served in this process, built as bookingd builds it, instead of -url (for -cpuprofile)")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of this process to `file`")
	fs.StringVar(&cfg.pids, "pid", "", "the process of each -url's server, comma-separated `name=pid` (name=pid1|pid2 for several instances), to print its CPU time per request (read from /proc)")
	fs.StringVar(&cfg.calendars, "calendar", "", "the -url targets, comma-separated `names`, whose servers hold a calendar: each run registers fresh salons there with the owner's token, "+
		"and every customer names themself and asks for its salon's next two open slots")
	fs.StringVar(&cfg.ownerToken, "owner-token", getenv(envOwnerToken), "the owner's token of the -calendar targets (default $"+envOwnerToken+")")
	fs.IntVar(&cfg.salons, "salons", 0, "salons registered on each -calendar target each run; customer k books at salon k % salons (0: one per customer)")
	fs.BoolVar(&cfg.menu, "menu", false, "the -calendar targets' salons are menu salons: ten stylists, five services, starts every 15 minutes around the clock, 90 days; "+
		"customers book a cut with anyone")
	var fills string
	fs.StringVar(&fills, "fill", "", "-calendar targets whose salons are registered once and kept over every run, comma-separated `name=bookings`: "+
		"before the first run, each of their salons is filled over HTTP with so many live bookings, spread over its 90 days; "+
		"their warm-up reads rather than books (0: a kept salon left empty)")
	fs.BoolVar(&cfg.resources, "resources", false, "with -menu, the salons also have 8 chairs a cut holds, 3 basins a colour holds and 2 dryers a blow-dry holds")
	var visits string
	fs.StringVar(&visits, "visit", "", "-calendar targets, comma-separated `names`, whose customers in -mode avail ask the open times of a cut and a colour as one visit, ?services=cut,colour")
	var languages string
	fs.StringVar(&languages, "language", "", "-calendar targets whose salons speak another language than English, comma-separated `name=code` (de, fr, es): "+
		"their questions and says are worded in it, and the customers' words read in it")
	fs.BoolVar(&cfg.packed, "packed", false, "with -fill, book a simple salon's first slots rather than spreading the bookings over its horizon: a packed front of the calendar")
	fs.StringVar(&cfg.floorDir, "floor", "", "only measure the floor: -c writers write one booking's rows (spent state, booking, event) in one durable transaction each, "+
		"through the store's SQLite driver and settings, for -d, -runs times, in fresh databases in this `directory`, and print bookings a second")
	fs.StringVar(&cfg.inprocessDB, "inprocess-db", "", "with -inprocess, give the app a calendar in this database (sqlite:PATH or postgres://…), as -db gives bookingd one")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bookbench [flags]\n\nBooks in two rounds (or, with -mode read, reads a salon) with -c customers against each -url and a bare Echo\nbaseline, and prints "+
			"per round the throughput, latency percentiles, every non-200 and the ratio to the baseline.\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err = fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case cfg.customers < 1:
		return config{}, fmt.Errorf("-c must be at least 1, got %d", cfg.customers)
	case cfg.runs < 1:
		return config{}, fmt.Errorf("-runs must be at least 1, got %d", cfg.runs)
	case cfg.count < 0 || cfg.duration < 0 || cfg.warmup < 0:
		return config{}, errors.New("-n, -d and -warmup can't be negative")
	case cfg.count == 0 && cfg.duration == 0:
		return config{}, errNoBound
	case cfg.mode != modePhased && cfg.mode != modeInterleaved && cfg.mode != modeRead && cfg.mode != modeAvail:
		return config{}, fmt.Errorf("-mode must be %s, %s, %s or %s, got %q", modePhased, modeInterleaved, modeRead, modeAvail, cfg.mode)
	case cfg.mode == modeAvail && !cfg.menu:
		return config{}, errors.New("-mode avail reads the open times of menu salons: give -menu")
	case cfg.salons < 0:
		return config{}, fmt.Errorf("-salons can't be negative, got %d", cfg.salons)
	case cfg.inprocessDB != "" && !cfg.inprocess:
		return config{}, errors.New("-inprocess-db needs -inprocess")
	}
	if cfg.inprocess {
		urls = ""
	}
	for _, field := range strings.Split(urls, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		name, list, named := strings.Cut(field, "=")
		if !named {
			name, list = "target"+strconv.Itoa(len(cfg.targets)+1), field
		}
		if name == baselineName || name == inprocessName {
			return config{}, fmt.Errorf("-url: the name %q is the tool's own", name)
		}
		if slices.ContainsFunc(cfg.targets, func(t target) bool { return t.name == name }) {
			return config{}, fmt.Errorf("-url: the name %q is given twice", name)
		}
		t := target{name: name}
		for _, url := range strings.Split(list, "|") {
			if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
				return config{}, fmt.Errorf("-url: %q is not an http:// or https:// base URL", url)
			}
			t.urls = append(t.urls, strings.TrimRight(url, "/"))
		}
		cfg.targets = append(cfg.targets, t)
	}
	for _, field := range strings.Split(cfg.pids, ",") {
		if strings.TrimSpace(field) == "" {
			continue
		}
		name, pidList, _ := strings.Cut(strings.TrimSpace(field), "=")
		i := slices.IndexFunc(cfg.targets, func(t target) bool { return t.name == name })
		if i < 0 {
			return config{}, fmt.Errorf("-pid: %q is not name=pid for a -url's name", field)
		}
		for _, pidText := range strings.Split(pidList, "|") {
			pid, err := strconv.Atoi(pidText)
			if err != nil || pid <= 0 {
				return config{}, fmt.Errorf("-pid: %q is not name=pid for a -url's name", field)
			}
			cfg.targets[i].pids = append(cfg.targets[i].pids, pid)
		}
	}
	for _, field := range strings.Split(cfg.calendars, ",") {
		name := strings.TrimSpace(field)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(cfg.targets, func(t target) bool { return t.name == name })
		if i < 0 {
			return config{}, fmt.Errorf("-calendar: %q is not a -url's name", name)
		}
		cfg.targets[i].calendar = true
	}
	if slices.ContainsFunc(cfg.targets, func(t target) bool { return t.calendar }) && cfg.ownerToken == "" {
		return config{}, errors.New("-calendar needs the servers' owner's token: give -owner-token or $" + envOwnerToken)
	}
	if cfg.mode == modeAvail && slices.ContainsFunc(cfg.targets, func(t target) bool { return !t.calendar }) {
		return config{}, errors.New("-mode avail reads the open times of menu salons: every -url must be a -calendar target")
	}
	if cfg.fills, err = parseFills(fills, cfg); err != nil {
		return config{}, err
	}
	cfg.visits = map[string]bool{}
	for _, name := range strings.Split(visits, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		calendar := slices.ContainsFunc(cfg.targets, func(t target) bool { return t.name == name && t.calendar }) ||
			name == inprocessName && cfg.inprocessDB != ""
		if !calendar || !cfg.menu {
			return config{}, fmt.Errorf("-visit: %q is not a -calendar target's name, with -menu", name)
		}
		cfg.visits[name] = true
	}
	for _, field := range strings.Split(languages, ",") {
		if field = strings.TrimSpace(field); field == "" {
			continue
		}
		name, code, _ := strings.Cut(field, "=")
		i := slices.IndexFunc(cfg.targets, func(t target) bool { return t.name == name && t.calendar })
		if i < 0 || code == "" || cfg.targets[i].language != "" {
			return config{}, fmt.Errorf("-language: %q is not name=code for a -calendar target's name, once", field)
		}
		cfg.targets[i].language = code
	}
	return cfg, nil
}

// parseFills reads -fill: name=bookings for -calendar targets (the in-process app's name too, when
// it has a calendar), each at most once.
func parseFills(list string, cfg config) (map[string]int, error) {
	fills := map[string]int{}
	for _, field := range strings.Split(list, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		name, count, _ := strings.Cut(field, "=")
		n, err := strconv.Atoi(count)
		calendar := slices.ContainsFunc(cfg.targets, func(t target) bool { return t.name == name && t.calendar }) ||
			(name == inprocessName && cfg.inprocessDB != "")
		_, twice := fills[name]
		if err != nil || n < 0 || !calendar || twice {
			return nil, fmt.Errorf("-fill: %q is not name=bookings for a -calendar target's name, once", field)
		}
		fills[name] = n
	}
	return fills, nil
}

// run is bookbench with its world handed in; it stops by itself once every run is measured, or when ctx is done.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg, err := configure(args, os.Getenv, stderr)
	if err != nil {
		return err
	}
	if cfg.floorDir != "" {
		return printFloor(ctx, stdout, cfg.floorDir, cfg.customers, cfg.runs, cfg.duration)
	}
	if cfg.serveBaseline != "" {
		var untilClosed io.Reader
		if cfg.exitWithStdin {
			untilClosed = stdin
		}
		return serveUntilDone(ctx, newBaseline(), cfg.serveBaseline, untilClosed, stdout)
	}
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	targets := cfg.targets
	if cfg.inprocess {
		owner := ""
		if cfg.inprocessDB != "" {
			if cfg.ownerToken == "" {
				cfg.ownerToken = freshToken()
			}
			owner = cfg.ownerToken
		}
		srv, err := newInProcess(ctx, cfg.inprocessDB, owner, time.Now)
		if err != nil {
			return err
		}
		defer srv.Close()
		app, err := serveLoopback(srv.Handler(), "")
		if err != nil {
			return err
		}
		defer app.stop()
		targets = append(targets, target{name: inprocessName, urls: []string{app.url}, calendar: cfg.inprocessDB != ""})
	}
	if cfg.baseline {
		var (
			base interface{ stop() error }
			url  string
			pid  int
		)
		if cfg.inprocess {
			// Served beside the in-process app, so both share this process with the customers alike.
			s, err := serveLoopback(newBaseline(), "")
			if err != nil {
				return err
			}
			base, url = s, s.url
		} else {
			// Served by a child process of this tool, so it stands where bookingd stands: its own
			// process, not sharing this one's scheduler and collector with the customers.
			c, err := startBaselineProcess(ctx)
			if err != nil {
				return err
			}
			base, url, pid = c, c.url, c.cmd.Process.Pid
		}
		defer base.stop()
		var pids []int
		if pid != 0 {
			pids = []int{pid}
		}
		targets = append([]target{{name: baselineName, urls: []string{url}, pids: pids}}, targets...)
	}
	if len(targets) == 0 {
		return errors.New("nothing to book against: give -url, -inprocess or -baseline")
	}
	for i := range targets {
		if n, ok := cfg.fills[targets[i].name]; ok {
			targets[i].fixed, targets[i].fill = true, n
		}
	}
	describe(stdout, cfg, targets)
	if err := fillAll(ctx, cfg, targets, stdout); err != nil {
		return err
	}

	var runs [][]figures
	for r := 1; r <= cfg.runs; r++ {
		figs, err := measureRun(ctx, cfg, targets, r%2 == 0)
		if err != nil {
			return err
		}
		compare(figs)
		runs = append(runs, figs)
		fmt.Fprintf(stdout, "# run %d of %d\n", r, cfg.runs)
		printTable(stdout, strconv.Itoa(r), figs)
	}
	if cfg.runs > 1 {
		fmt.Fprintf(stdout, "# median of %d runs (each ratio is the median of the runs' ratios)\n", cfg.runs)
		printTable(stdout, "median", median(runs))
	}
	between(stdout, runs)
	return nil
}

func describe(out io.Writer, cfg config, targets []target) {
	bound := []string{}
	if cfg.count > 0 {
		bound = append(bound, strconv.FormatInt(cfg.count, 10)+" bookings")
	}
	if cfg.duration > 0 {
		bound = append(bound, cfg.duration.String())
	}
	fmt.Fprintf(out, "# bookbench: %d customers, %s rounds, each phase at most %s, %s warm-up, %d run(s)\n",
		cfg.customers, cfg.mode, strings.Join(bound, " or "), cfg.warmup, cfg.runs)
	for _, t := range targets {
		what := "bookingd"
		switch t.name {
		case baselineName:
			what = "bare Echo: the same wire types decoded and replies of the same size encoded, no booking logic, no crypto"
		case inprocessName:
			what = "the booking app in this process, built as bookingd builds it, logs discarded"
		}
		if len(t.urls) > 1 {
			what += fmt.Sprintf(", %d instances, customers spread over them", len(t.urls))
		}
		kind := "salons"
		if cfg.menu {
			kind = "menu salons"
		}
		switch {
		case t.fixed:
			what += fmt.Sprintf(", a calendar: %d %s kept over every run, filled first with %d live bookings each, every booking real", cfg.salonCount(), kind, t.fill)
		case t.calendar:
			what += fmt.Sprintf(", a calendar: %d fresh %s each run, every booking real", cfg.salonCount(), kind)
		}
		fmt.Fprintf(out, "# %s = %s (%s)\n", t.name, strings.Join(t.urls, " and "), what)
	}
}

// salonCount is how many salons each calendar target gets each run.
func (cfg config) salonCount() int {
	if cfg.salons == 0 {
		return cfg.customers
	}
	return cfg.salons
}

// driven is one target's customers and what they measured in one run.
type driven struct {
	target         target
	client         *http.Client
	customers      []*customer
	offers         []offer
	one, two, read phase
	cpuOne, cpuTwo time.Duration
	cpuKnown       [2]bool
}

// measureRun measures every target once, with fresh customers and connections. Each round is
// measured on every target back to back, so the targets meet the same noise from the rest of the
// machine; reversed runs the targets in the opposite order, to cancel a drift between them.
func measureRun(ctx context.Context, cfg config, targets []target, reversed bool) ([]figures, error) {
	ds := make([]*driven, len(targets))
	// Each run books at salons of its own, so that no run meets the bookings of another.
	tag := strconv.FormatInt(time.Now().UnixNano(), 36)
	var slots []string
	if slices.ContainsFunc(targets, func(t target) bool { return t.calendar && !t.fixed }) {
		if cfg.menu {
			slots = benchMenuStartIDs(time.Now())
		} else {
			slots = benchSlotIDs(time.Now())
		}
	}
	for i, t := range targets {
		d := &driven{target: t, client: newClient(cfg.customers), customers: make([]*customer, cfg.customers)}
		defer d.client.CloseIdleConnections()
		salons := t.salons
		for _, s := range salons {
			s.dropBefore(time.Now().Add(slotLead))
		}
		if t.calendar && !t.fixed {
			var err error
			if salons, err = registerSalons(ctx, d.client, t.urls[0], cfg.ownerToken, tag, i, cfg.salonCount(), slots, cfg.menuPut(), t.language); err != nil {
				return nil, err
			}
		}
		for k := range d.customers {
			base := t.urls[k%len(t.urls)]
			if t.calendar {
				d.customers[k] = newSeated(d.client, base, seatOf(salons, k), cfg.visits[t.name])
				continue
			}
			d.customers[k] = newCustomer(d.client, base)
			// A salon's id as long as a calendar's, so the baseline's view is as long as a calendar's.
			id := salonID(tag, i, k%cfg.salonCount())
			d.customers[k].read, d.customers[k].avail = base+"/salons/"+id, base+availPath(id, false)
		}
		ds[i] = d
	}
	order := slices.Clone(ds)
	if reversed {
		slices.Reverse(order)
	}
	b := bounds{count: cfg.count, duration: cfg.duration}
	for _, d := range order {
		switch {
		case cfg.warmup == 0:
		case d.target.fixed:
			// Reading, so the warm-up spends none of the kept salons' free slots.
			readAll(ctx, d.customers, bounds{duration: cfg.warmup}, cfg.mode == modeAvail)
		default:
			interleaved(ctx, d.customers, bounds{duration: cfg.warmup})
		}
	}
	for _, d := range order {
		cpu := startCPU(d.target.pids)
		switch cfg.mode {
		case modeInterleaved:
			d.one = interleaved(ctx, d.customers, b)
			d.two = d.one
		case modeRead, modeAvail:
			d.read = readAll(ctx, d.customers, b, cfg.mode == modeAvail)
		default:
			d.one, d.offers = askAll(ctx, d.customers, b)
		}
		d.cpuOne, d.cpuKnown[0] = cpu.used()
	}
	if cfg.mode == modePhased {
		for _, d := range order {
			cpu := startCPU(d.target.pids)
			d.two = answerAll(ctx, d.customers, d.offers, cfg.duration)
			d.cpuTwo, d.cpuKnown[1] = cpu.used()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var figs []figures
	for _, d := range ds {
		if round, ok := map[string]int{modeRead: roundRead, modeAvail: roundAvail}[cfg.mode]; ok {
			figs = append(figs, measure(d.target.name, round, d.read.rounds[round], d.read.elapsed, d.cpuOne, d.cpuKnown[0]))
			continue
		}
		if cfg.mode == modeInterleaved {
			// One phase holds both rounds, so each round is shown the mean CPU time of a request of the pair.
			d.cpuOne, d.cpuTwo, d.cpuKnown[1] = d.cpuOne/2, d.cpuOne/2, d.cpuKnown[0]
		}
		one := measure(d.target.name, 0, d.one.rounds[0], d.one.elapsed, d.cpuOne, d.cpuKnown[0])
		if one.requests-sum(one.other) == 0 {
			return nil, fmt.Errorf("%s (%s) answered no round one with a question: %s", d.target.name, strings.Join(d.target.urls, " and "), others(one.other))
		}
		figs = append(figs, one, measure(d.target.name, 1, d.two.rounds[1], d.two.elapsed, d.cpuTwo, d.cpuKnown[1]))
	}
	return figs, nil
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func printTable(out io.Writer, run string, figs []figures) {
	t := newTable(out)
	for _, f := range figs {
		t.row(run, f)
	}
	t.flush()
}

// between compares each target after the first (the baseline aside) to the first, round by round:
// the median over runs of each run's throughput ratio and p99 ratio.
func between(out io.Writer, runs [][]figures) {
	var names []string
	var measured []int // the rounds the runs measured
	for _, f := range runs[0] {
		if f.target != baselineName && (len(names) == 0 || names[len(names)-1] != f.target) {
			names = append(names, f.target)
		}
		if !slices.Contains(measured, f.round) {
			measured = append(measured, f.round)
		}
	}
	if len(names) < 2 {
		return
	}
	find := func(run []figures, name string, round int) figures {
		for _, f := range run {
			if f.target == name && f.round == round {
				return f
			}
		}
		return figures{}
	}
	for _, name := range names[1:] {
		for _, round := range measured {
			var rps, p99 []float64
			for _, run := range runs {
				a, b := find(run, name, round), find(run, names[0], round)
				rps, p99 = append(rps, ratio(a.rps, b.rps)), append(p99, ratio(float64(a.p99), float64(b.p99)))
			}
			fmt.Fprintf(out, "# %s vs %s, round %s: rps_ratio %s p99_ratio %s (median of %d runs)\n",
				name, names[0], rounds[round], fixed(mid(rps)), fixed(mid(p99)), len(runs))
		}
	}
}
