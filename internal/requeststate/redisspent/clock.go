// This file holds what a store knows of Redis's clock: bounds on its offset from this process's monotonic clock, and the steps it takes.

package redisspent

import "time"

// redisClock estimates Redis's clock from the times Redis reads in its scripts. A reply sent at
// mono time sent and read at received, in which Redis read its clock as r, bounds the offset
// (Redis's clock minus this process's monotonic clock) to [r-received, r-sent]. The estimate
// keeps the tightest bounds that fit together, widened since by the drift two clocks may gather
// (driftPerMille of the time passed), and notices a step: a reply whose bounds lie wholly outside
// the estimate's by more than stepTolerance. It is not safe for concurrent use.
//
// Only the lower bound is used to decide anything, and always the cautious way: a command is
// told the latest Redis time at which it may still write, reckoned from the lower bound, so an
// estimate that is off makes a command refuse, never write late.
type redisClock struct {
	known  bool
	lo, hi time.Duration // bounds on the offset: Redis's Unix time minus this process's mono time
	at     time.Duration // mono time the bounds were last set or tightened
}

// stepTolerance is how far Redis's clock may step from the estimate before the step counts.
// Smaller steps are taken in: the records' margin (RecordMargin) absorbs them.
const stepTolerance = time.Second

// driftPerMille bounds how fast two clocks drift apart under NTP's slewing (which is at most
// 0.5 per mille each): the bounds widen by one per mille of the time since they were set.
const driftPerMille = 1

// bounds are the offset's bounds at mono time now, widened for drift since they were set.
func (c *redisClock) bounds(now time.Duration) (lo, hi time.Duration) {
	widen := max(now-c.at, 0) * driftPerMille / 1000
	return c.lo - widen, c.hi + widen
}

// observe takes in a reply sent at mono time sent and read at received, in which Redis read its
// clock as redis (Unix time). It returns how far Redis's clock stepped forward, when it did by more
// than stepTolerance beyond what the estimate allowed, and zero otherwise.
func (c *redisClock) observe(redis, sent, received time.Duration) (forward time.Duration) {
	lo, hi := redis-received, redis-sent
	if !c.known {
		c.known, c.lo, c.hi, c.at = true, lo, hi, received
		return 0
	}
	oldLo, oldHi := c.bounds(received)
	switch {
	case lo > oldHi+stepTolerance:
		forward = lo - oldHi
		c.lo, c.hi = lo, hi
	case lo > oldHi || hi < oldLo:
		// A step within the tolerance, either way, or one back: the new reply is the truth now.
		c.lo, c.hi = lo, hi
	default:
		c.lo, c.hi = max(oldLo, lo), min(oldHi, hi)
	}
	c.at = received
	return forward
}

// redisTime is the earliest Redis time that mono time at may be, as far as the estimate knows at
// mono time now: a command told to write only up to redisTime(at, now) writes, if at all, before
// this process's clock reads at. It is zero when nothing is known yet.
func (c *redisClock) redisTime(at, now time.Duration) time.Duration {
	if !c.known {
		return 0
	}
	lo, _ := c.bounds(now)
	return lo + at
}
