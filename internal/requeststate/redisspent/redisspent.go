// Package redisspent keeps the spent states in Redis, so many bookingd instances share one single-use record.
//
// Each spend is one Lua script, atomic in Redis, that writes the state's record with its own
// random token only if the record is absent (SET NX, in effect), and only if three things still hold:
//
//   - Redis holds the epoch the instance knows. The epoch (EpochKey, a hash of a random id and
//     the Unix millisecond of its birth, by the clock of the instance that made it, and never
//     before the moment it was written) has no expiry and is written once by the first instance
//     to find it missing. Redis that restarted empty,
//     was flushed, or lost the key, has lost the spends with it: the first instance to notice
//     writes a new epoch, and every instance then refuses, as expired, each state that may have
//     been issued before the new epoch's birth (goodUntil earlier than birth + life + MaxClockSkew).
//     No state spent before the loss completes after it.
//   - The command runs in time: before the latest Redis time at which the instance would still
//     have read its reply within its time-out. (This is checked first: a new epoch is born at
//     that latest time, by the instance's clock.) One that reaches Redis later (Redis stalled, the
//     network held it) writes nothing. So a spend answered as failed (503) leaves the state unspent.
//   - For a reply that was lost after the record was written, the instance deletes the record if
//     it still holds that attempt's token, and meanwhile lets a retry through it take the record.
//
// A record's life is a duration (PX) reckoned on the spending instance's clock (the state's
// goodUntil, its last second, and RecordMargin), never a Redis timestamp: Redis's clock sets no
// expiry. The store watches Redis's clock through the scripts' replies, and treats a forward step
// of it (which would end every record early) like a loss.
package redisspent

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"salon/internal/requeststate"
)

// KeyPrefix starts every state's record; the rest of the key is the state's MAC in lowercase hex.
const KeyPrefix = "bookingd:spent:"

// EpochKey is the epoch: a hash with the fields id (random hex) and born (Unix milliseconds),
// kept with no expiry. Deleting it makes every instance refuse the states in flight, as after a loss.
const EpochKey = "bookingd:epoch"

// MaxClockSkew is the most the clocks of two instances sharing one Redis may disagree. After a
// loss, the states issued up to this long after the new epoch's birth are refused too, in case
// their issuer's clock was behind.
const MaxClockSkew = time.Second

// RecordMargin is how long, at the least, a spend's record outlives the last instant its state
// verifies on the instance that spent it (the end of its goodUntil second). It covers the clocks
// of instances that disagree by MaxClockSkew, a step of Redis's clock of up to a second (which
// would end every record that much early), and one time-out. A time-out over 3 s lengthens it.
const RecordMargin = 5 * time.Second

// Store is a requeststate.Spent in Redis. It is safe for concurrent use.
//
// Spends that arrive while a batch is on its way to Redis wait, and go together in the next one as
// one pipeline: one write and one read for all of them instead of a round trip each. Alone, a spend
// goes at once; under load the batches grow by themselves. Every spend is still its own script
// with its own answer, so batching changes no outcome, only how many round trips carry them.
// However long it waits, each spend is answered within its own time-out of being asked.
type Store struct {
	client   *redis.Client
	timeout  time.Duration
	life     time.Duration
	margin   time.Duration
	replicas int              // how many replicas must hold a spend before it counts (WAIT); 0 waits for none
	now      func() time.Time // the instance's clock, handed to New; the tests move it
	started  time.Time        // mono is the time since, on the monotonic clock

	mu      sync.Mutex
	sending bool     // a batch is on its way: spends arriving now wait in next
	next    []*spend // the next batch
	batches atomic.Int64

	know   sync.Mutex // guards what the store knows of Redis:
	epoch  epoch      // the epoch, once learnt; the zero epoch while it must learn it again
	giveUp string     // the id of an epoch to replace before spending again ("" for none)
	clock  redisClock // Redis's clock

	highWater  atomic.Int64 // the latest wall time Spend has read, Unix nanoseconds
	abandoned  abandoned
	forgetting forgetting
}

// epoch is an epoch as Redis holds it; the zero epoch is one not learnt yet.
type epoch struct {
	id   string
	born time.Time
}

// maxBatch bounds a batch, so one pipeline stays well inside its time-out whatever the load; the
// spends past it go in the batch after.
const maxBatch = 256

// maxRounds bounds how often one batch is sent again in its time-out: after an epoch learnt, a
// script reloaded, or a clock step.
const maxRounds = 4

// spend is one attempt at spending a state.
type spend struct {
	key       string
	goodUntil time.Time
	token     string
	deadline  time.Duration // on the store's monotonic clock: the attempt is answered by then
	state     atomic.Int32  // waiting, then answered or abandoned
	answer    chan error    // buffered, so the sender never waits on a spend
	settled   bool          // the sender has dealt with the outcome (the sender's alone)
}

// A spend's state: its waiter waits; the sender answers it, or its waiter gives up first.
const (
	waiting int32 = iota
	answered
	abandonedState
)

// New connects lazily to the Redis at url (redis:// or rediss://) for states good for at most
// life. Every spend is answered within timeout, and every call to Redis is bounded by it, dials
// included (tried once). Commands are never retried by the client: the store itself sends a spend
// again within its time-out only when Redis's reply proves the first try wrote nothing.
//
// now is the instance's clock: the one its states are issued by, which the store holds against
// Redis's own. It must not be nil.
func New(url string, timeout, life time.Duration, now func() time.Time) (*Store, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout, opt.PoolTimeout = timeout, timeout, timeout, timeout
	opt.ContextTimeoutEnabled = true // a spend's deadline bounds its reads and writes, not only each one
	opt.MaxRetries = -1
	opt.DialerRetries = 1
	opt.DisableIdentity = true
	start := time.Now() // the monotonic clock's start, read only through mono: a duration
	return &Store{
		client:     redis.NewClient(opt),
		timeout:    timeout,
		life:       life,
		margin:     max(RecordMargin, MaxClockSkew+stepTolerance+timeout),
		now:        now,
		started:    start,
		forgetting: forgetting{stop: make(chan struct{})},
	}, nil
}

// WaitForReplicas makes every spend count as done only once n replicas hold it (Redis's WAIT,
// within the spend's time-out): one a replica doesn't take in time is answered as failed, and its
// record deleted, so a failover to a replica that acknowledged it doesn't forget it. With n
// replicas that can't be reached, every round two fails. Call it before the store is used.
func (s *Store) WaitForReplicas(n int) { s.replicas = n }

// mono is the time since the store was made, on the monotonic clock.
func (s *Store) mono() time.Duration { return time.Since(s.started) }

// replyAllowance is how long before its deadline an attempt's script must have run, for its reply
// to come back in time.
func (s *Store) replyAllowance() time.Duration { return s.timeout / 4 }

// Spend implements requeststate.Spent, answering within the store's time-out. It refuses with
// ErrExpired a state the store can't vouch for: one that may have been issued before Redis lost
// its data, or whose record has ended by this instance's clock (which has stepped back since).
// A failure answers an error and spends nothing. ctx is not read: once a spend is asked, its
// answer is Redis's.
func (s *Store) Spend(_ context.Context, id requeststate.SpendID, goodUntil time.Time) error {
	now := s.now()
	s.sawWall(now)
	if err := s.vouch(goodUntil, s.knownEpoch()); err != nil {
		return err
	}
	sp := &spend{
		key:       KeyPrefix + id.String(),
		goodUntil: goodUntil,
		token:     newToken(),
		deadline:  s.mono() + s.timeout,
		answer:    make(chan error, 1),
	}
	s.mu.Lock()
	if s.sending {
		s.next = append(s.next, sp)
		s.mu.Unlock()
		return s.await(sp)
	}
	s.sending = true
	s.mu.Unlock()
	s.send([]*spend{sp})
	s.handOn()
	return s.await(sp)
}

// await is sp's answer, or a failure once sp's deadline passes without one. A spend given up
// that way may still have been written: its token is remembered at once, before the failure is
// answered, so that the customer's retry through this instance can take the record.
func (s *Store) await(sp *spend) error {
	select {
	case err := <-sp.answer:
		return err
	default:
	}
	timer := time.NewTimer(sp.deadline - s.mono())
	defer timer.Stop()
	select {
	case err := <-sp.answer:
		return err
	case <-timer.C:
	}
	if !sp.state.CompareAndSwap(waiting, abandonedState) {
		return <-sp.answer // answered as the timer fired
	}
	s.abandoned.add(sp.key, sp.token, s.recordEnd(sp), s.now())
	return fmt.Errorf("redis: spending a state: no answer within %s", s.timeout)
}

// handOn ends a batch. The spends still waiting that gathered meanwhile go next, sent by a
// goroutine of their own, so that whoever sent this batch can answer its own customer now; with
// none, sending stops.
func (s *Store) handOn() {
	s.mu.Lock()
	var batch []*spend
	n := 0
	for n < len(s.next) && len(batch) < maxBatch {
		if sp := s.next[n]; sp.state.Load() == waiting {
			batch = append(batch, sp)
		}
		n++
	}
	clear(s.next[:n])
	s.next = s.next[n:]
	more := len(batch) > 0 || len(s.next) > 0
	s.sending = more
	s.mu.Unlock()
	if more {
		go func() {
			s.send(batch)
			s.handOn()
		}()
	}
}

// send sends batch's spends that still have time, as one pipeline, and sends again, within their
// time-outs, those whose reply proves nothing was written and that may still be spent.
//
// A panic on the way (a bug in the client, say) answers every spend of the batch with it as an
// error: each waiter is always answered, and the batches after still go, so one panic can't leave
// every later spend waiting for a batch that will never end.
func (s *Store) send(batch []*spend) {
	s.batches.Add(1)
	var pending []*spend
	var latest time.Duration
	for _, sp := range batch {
		switch {
		case sp.state.Load() != waiting:
		case s.hasTime(sp):
			pending = append(pending, sp)
			latest = max(latest, sp.deadline)
		default: // it waited out its time for the batch before
			s.settle(sp, fmt.Errorf("redis: spending a state: no answer within %s", s.timeout), false)
		}
	}
	if len(pending) == 0 {
		return
	}
	defer func() {
		if p := recover(); p != nil {
			for _, sp := range pending {
				s.settle(sp, fmt.Errorf("redis: spending a state: panic: %v", p), true)
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), latest-s.mono())
	defer cancel()
	for round := 0; len(pending) > 0; round++ {
		if round == maxRounds {
			for _, sp := range pending {
				s.settle(sp, errors.New("redis: spending a state: Redis kept changing under the spend"), false)
			}
			return
		}
		ep := s.knownEpoch()
		if ep.id == "" {
			_, err := s.learnEpoch(ctx, s.givenUp())
			if ep = s.knownEpoch(); err == nil && ep.id == "" {
				err = errors.New("redis gave no epoch")
			}
			if err != nil {
				for _, sp := range pending {
					s.settle(sp, fmt.Errorf("redis: learning the epoch: %w", err), false)
				}
				return
			}
		}
		var sendable []*spend
		for _, sp := range pending {
			if err := s.vouch(sp.goodUntil, ep); err != nil {
				s.settle(sp, err, false)
			} else if sp.state.Load() == waiting && s.hasTime(sp) {
				sendable = append(sendable, sp)
			} else {
				s.settle(sp, fmt.Errorf("redis: spending a state: no time left to send it again within %s", s.timeout), false)
			}
		}
		pending = s.round(ctx, sendable, ep)
	}
}

// hasTime reports whether sp may still be sent: its script must run before its deadline, less
// the time its reply needs to come back.
func (s *Store) hasTime(sp *spend) bool {
	return sp.deadline-s.replyAllowance()-s.mono() > time.Millisecond
}

// round sends pending as one pipeline under epoch ep, answers each spend Redis decided, and
// returns those to send again: the epoch wasn't ep (learnt now), the script wasn't loaded
// (loaded now), or the command came too late by an estimate of Redis's clock that its reply has
// corrected.
func (s *Store) round(ctx context.Context, pending []*spend, ep epoch) (again []*spend) {
	if len(pending) == 0 {
		return nil
	}
	s.know.Lock()
	clock := s.clock
	s.know.Unlock()
	cmds := make([]*redis.Cmd, len(pending))
	var replicated *redis.Cmd
	now, sent := s.now(), s.mono()
	candidate := newEpochID()
	_, err := s.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		defer func() {
			if s.replicas > 0 { // WAIT answers by the first deadline, less the time its reply needs
				first := pending[0].deadline
				for _, sp := range pending {
					first = min(first, sp.deadline)
				}
				replicated = p.Do(ctx, "WAIT", s.replicas, max(first-s.replyAllowance()-sent, time.Millisecond).Milliseconds())
			}
		}()
		for i, sp := range pending {
			// The script writes nothing after the instance's time latest: a new epoch it writes
			// is born then at the latest, by this instance's clock.
			latest := sp.deadline - s.replyAllowance()
			args := make([]any, 6, 6+maxTokensPerState)
			args[0], args[1], args[2] = ep.id, candidate, bornBy(now, latest-sent).UnixMilli()
			args[3], args[4] = sp.token, s.recordLife(sp, now).Milliseconds()
			args[5] = clock.redisTime(latest, sent).Microseconds()
			args = s.abandoned.appendTokens(args, sp.key)
			cmds[i] = p.EvalSha(ctx, spendScript.Hash(), []string{EpochKey, sp.key}, args...)
		}
		return nil
	})
	received := s.mono()
	// A failure of the pipeline that isn't Redis's reply to one command counts against every
	// command it left without a reply: such a spend is answered as failed, and as one that may
	// have been written, since the command may still have reached Redis.
	var replied redis.Error
	whole := err != nil && !errors.As(err, &replied)
	replies := make([]reply, len(pending))
	errs := make([]error, len(pending))
	observed := false
	for i := range pending {
		errs[i] = cmds[i].Err()
		if errs[i] == nil {
			replies[i], errs[i] = readSpendReply(cmds[i].Val())
			if errs[i] == nil && !observed {
				observed = true
				s.observeClock(ctx, replies[i].now, sent, received)
			}
		} else if whole && !errors.As(errs[i], &replied) {
			errs[i] = err
		}
	}
	load := false
	for i, sp := range pending {
		if err := errs[i]; err != nil {
			if redis.HasErrorPrefix(err, "NOSCRIPT") {
				load = true
				again = append(again, sp)
				continue
			}
			// Redis's error reply to the script means it stopped before writing (its one write is
			// its last command); any other failure may have come after the write.
			s.settle(sp, fmt.Errorf("redis: spending a state: %w", err), !errors.As(err, &replied) && mayHaveReached(err))
			continue
		}
		switch r := replies[i]; r.kind {
		case replySpent:
			if err := s.unreplicated(replicated); err != nil {
				s.settle(sp, err, true)
				continue
			}
			s.settle(sp, nil, true)
		case replyUsed:
			s.settle(sp, requeststate.ErrAlreadyUsed, false)
		case replyEpoch:
			s.adopt(ctx, r.epoch)
			again = append(again, sp)
		case replyLate:
			again = append(again, sp)
		}
	}
	if load {
		if err := spendScript.Load(ctx, s.client).Err(); err != nil {
			for _, sp := range again {
				s.settle(sp, fmt.Errorf("redis: loading the spend script: %w", err), false)
			}
			return nil
		}
	}
	return again
}

// unreplicated is why the spends of a batch whose WAIT replied replicated don't count, or nil
// when they do.
func (s *Store) unreplicated(replicated *redis.Cmd) error {
	if s.replicas == 0 {
		return nil
	}
	n, err := replicated.Int64()
	if err != nil {
		return fmt.Errorf("redis: waiting for %d replicas: %w", s.replicas, err)
	}
	if n < int64(s.replicas) {
		return fmt.Errorf("redis: spending a state: %d of the %d replicas asked for acknowledged it in time", n, s.replicas)
	}
	return nil
}

// mayHaveReached reports whether a command that failed with err may still have reached Redis:
// anything but a dial that failed.
func mayHaveReached(err error) bool {
	var op *net.OpError
	return !(errors.As(err, &op) && op.Op == "dial")
}

// settle answers sp with err, unless its waiter has already given up. wrote says whether sp's
// script may have written its token: then, unless sp is answered as spent, its token is
// remembered and its record deleted once Redis answers, so that the state stays spendable.
func (s *Store) settle(sp *spend, err error, wrote bool) {
	if sp.settled {
		return
	}
	sp.settled = true
	if sp.state.CompareAndSwap(waiting, answered) {
		if err != nil && wrote {
			s.abandoned.add(sp.key, sp.token, s.recordEnd(sp), s.now())
			s.forgetLater(sp.key, sp.token, s.recordEnd(sp))
		}
		sp.answer <- err
		return
	}
	if wrote { // given up by its waiter, which answered it as failed and remembered its token
		s.forgetLater(sp.key, sp.token, s.recordEnd(sp))
	}
}

// recordLife is how long sp's record is kept from now: until the end of its goodUntil second,
// then the margin. Reckoned on this instance's clock and handed to Redis as a duration.
func (s *Store) recordLife(sp *spend, now time.Time) time.Duration {
	return max(sp.goodUntil.Add(time.Second).Sub(now), 0) + s.margin
}

// recordEnd is when sp's record ends at the latest, on this instance's clock.
func (s *Store) recordEnd(sp *spend) time.Time {
	return sp.goodUntil.Add(time.Second + s.margin)
}

// sawWall keeps the latest wall time read.
func (s *Store) sawWall(now time.Time) {
	for {
		seen := s.highWater.Load()
		if now.UnixNano() <= seen || s.highWater.CompareAndSwap(seen, now.UnixNano()) {
			return
		}
	}
}

// vouch refuses with ErrExpired a state of goodUntil that the store can't vouch for under epoch
// ep: one that may have been issued before ep's birth, or whose record may have ended already by
// the latest time this instance's clock has read (a clock that stepped back since would verify
// the state again).
func (s *Store) vouch(goodUntil time.Time, ep epoch) error {
	if ep.id != "" && goodUntil.Before(ep.born.Add(s.life+MaxClockSkew)) {
		return requeststate.ErrExpired
	}
	if !time.Unix(0, s.highWater.Load()).Before(goodUntil.Add(time.Second + s.margin - MaxClockSkew)) {
		return requeststate.ErrExpired
	}
	return nil
}

// VouchesFrom is the earliest time at which a state issued now, by this instance's clock, is
// one the store can spend: some time after the epoch's birth, so in the past unless Redis lost its
// data within the last few seconds. It is the zero time until the store has learnt the epoch
// (Ready teaches it). An instance that serves only from then on issues no state it would refuse.
func (s *Store) VouchesFrom() time.Time {
	ep := s.knownEpoch()
	if ep.id == "" {
		return time.Time{}
	}
	first := ep.born.Add(s.life + MaxClockSkew)
	if t := first.Truncate(time.Second); t.Before(first) {
		first = t.Add(time.Second)
	}
	return first.Add(-s.life)
}

func (s *Store) knownEpoch() epoch {
	s.know.Lock()
	defer s.know.Unlock()
	return s.epoch
}

// newEpochID is a fresh epoch's id, to write if Redis has none.
func newEpochID() string {
	var id [8]byte
	rand.Read(id[:])
	return hex.EncodeToString(id[:])
}

// bornBy is the birth to give an epoch written, if at all, within ahead of now: the time then,
// rounded up to the next millisecond, so never before the moment it is written.
func bornBy(now time.Time, ahead time.Duration) time.Time {
	return now.Add(ahead + time.Millisecond).Truncate(time.Millisecond)
}

// newToken is an attempt's token: random, so no two attempts share one.
func newToken() string {
	var t [16]byte
	rand.Read(t[:])
	return string(t[:])
}

// adopt takes e, read from Redis, as the epoch Redis holds now, and reports whether it is new
// to the store. One older than the epoch known means Redis went back to an older copy of its data
// (a replica that lagged, a backup), which lacks the spends since: the store then replaces it, as
// after a loss.
func (s *Store) adopt(ctx context.Context, e epoch) bool {
	if e.born.IsZero() {
		e.born = s.now()
	}
	s.know.Lock()
	known := s.epoch
	older := known.id != "" && e.id != known.id && e.born.Before(known.born)
	if e.id != known.id && !older {
		s.epoch = e
	}
	s.know.Unlock()
	switch {
	case e.id == known.id:
		return false
	case older:
		warn("redis holds an older epoch than this instance knew: it went back to older data, which may lack spends; starting a new epoch",
			"epoch", e.id, "born", e.born, "known", known.id)
		s.giveUpOn(ctx, e.id)
	case known.id != "":
		warn("redis lost its data (its epoch changed): the states issued before the new epoch are refused as expired",
			"epoch", e.id, "born", e.born, "refused_until", e.born.Add(s.life+MaxClockSkew))
	}
	return true
}

// giveUpOn makes the store spend nothing under epoch id until it has replaced it in Redis, and
// tries to at once.
func (s *Store) giveUpOn(ctx context.Context, id string) {
	s.know.Lock()
	s.epoch, s.giveUp = epoch{}, id
	s.know.Unlock()
	_, _ = s.learnEpoch(ctx, id)
}

func (s *Store) givenUp() string {
	s.know.Lock()
	defer s.know.Unlock()
	return s.giveUp
}

// learnEpoch reads the epoch from Redis, writing one if it has none, and reports whether it is
// new to the store. With replace, the id of an epoch the store gave up on, it replaces that epoch
// if Redis still holds it, and takes whichever epoch Redis holds then. An epoch is written only
// by a command that runs in time, and born when the time runs out, by this instance's clock; a
// store that doesn't know Redis's clock yet first reads it, and writes with a second command.
func (s *Store) learnEpoch(ctx context.Context, replace string) (bool, error) {
	for try := 0; ; try++ {
		now, sent := s.now(), s.mono()
		latest := sent + s.timeout
		if deadline, ok := ctx.Deadline(); ok {
			latest = sent + time.Until(deadline)
		}
		latest -= s.replyAllowance()
		s.know.Lock()
		redisLatest := s.clock.redisTime(latest, sent)
		s.know.Unlock()
		v, err := epochScript.Run(ctx, s.client, []string{EpochKey}, replace, newEpochID(),
			bornBy(now, latest-sent).UnixMilli(), redisLatest.Microseconds()).Result()
		received := s.mono()
		if err != nil {
			return false, err
		}
		e, redisNow, err := readEpochReply(v)
		if err != nil {
			return false, err
		}
		s.know.Lock()
		forward := s.clock.observe(redisNow, sent, received)
		s.know.Unlock()
		if e.id == "" || e.id == replace {
			if try == 0 && redisLatest == 0 {
				continue // the clock is known now
			}
			return false, errors.New("redis: no epoch could be written in time")
		}
		if replace == "" {
			changed := s.adopt(ctx, e)
			if forward > 0 {
				s.clockStepped(ctx, forward, e.id)
			}
			return changed, nil
		}
		if e.born.IsZero() {
			e.born = s.now()
		}
		s.know.Lock()
		if s.giveUp == replace {
			s.epoch, s.giveUp = e, ""
		}
		s.know.Unlock()
		return true, nil
	}
}

// observeClock takes in a reply in which Redis read its clock as now.
func (s *Store) observeClock(ctx context.Context, now, sent, received time.Duration) {
	s.know.Lock()
	forward := s.clock.observe(now, sent, received)
	ep := s.epoch
	s.know.Unlock()
	if forward > 0 && ep.id != "" {
		s.clockStepped(ctx, forward, ep.id)
	}
}

// clockStepped answers a forward step of Redis's clock, which has ended every record early by as
// much: like a loss, with a new epoch.
func (s *Store) clockStepped(ctx context.Context, forward time.Duration, id string) {
	warn("redis's clock stepped forward, ending its records early: starting a new epoch; the states issued before it are refused as expired",
		"step", forward.Round(time.Millisecond).String())
	s.giveUpOn(ctx, id)
}

// Ready reports whether Redis answers within the time-out, and learns the epoch as it does (so a
// loss of Redis's data is noticed by a readiness probe before any spend). An instance should ask
// it before it serves.
func (s *Store) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	changed, err := s.learnEpoch(ctx, s.givenUp())
	if err == nil && changed { // a Redis new to the store may lack the scripts: load them now, not on a spend's time
		err = errors.Join(spendScript.Load(ctx, s.client).Err(), forgetScript.Load(ctx, s.client).Err())
	}
	return err
}

// Close stops deleting the records of failed spends and releases the connections.
func (s *Store) Close() error {
	s.forgetting.close()
	return s.client.Close()
}

// logger receives the store's own warnings; LogTo sets it.
var logger atomic.Pointer[slog.Logger]

func warn(msg string, args ...any) {
	if l := logger.Load(); l != nil {
		l.Warn(msg, args...)
	}
}

// LogTo sends go-redis's own messages (such as a pool failing to dial) and the store's warnings
// (Redis lost its data, its clock stepped) to log as warnings, so everything the process writes
// stays structured. It sets go-redis's process-wide logger.
func LogTo(log *slog.Logger) {
	logger.Store(log)
	redis.SetLogger(redisLog{log})
}

type redisLog struct{ log *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}
