// This file tests the estimate of Redis's clock: bounds that always hold the true offset, a deadline never later than the truth, and steps told apart from noise.

package redisspent

import (
	"math/rand"
	"testing"
	"time"
)

// A Redis whose clock reads offset plus this process's mono time, answering after a delay each way.
type fakeRedis struct{ offset time.Duration }

func (r fakeRedis) reply(c *redisClock, at, there, back time.Duration) time.Duration {
	return c.observe(r.offset+at+there, at, at+there+back)
}

func TestTheEstimateAlwaysHoldsRedissTrueOffset(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	redis := fakeRedis{offset: 1_790_000_000 * time.Second}
	var c redisClock
	at := time.Duration(0)
	for i := range 10_000 {
		at += time.Duration(r.Int63n(int64(50 * time.Millisecond)))
		there := time.Duration(r.Int63n(int64(20 * time.Millisecond)))
		back := time.Duration(r.Int63n(int64(20 * time.Millisecond)))
		if step := redis.reply(&c, at, there, back); step != 0 {
			t.Fatalf("reply %d: a step of %v reported, want none: the clock never stepped", i, step)
		}
		lo, hi := c.bounds(at)
		if lo > redis.offset || hi < redis.offset {
			t.Fatalf("reply %d: bounds [%v, %v] miss the offset %v", i, lo-redis.offset, hi-redis.offset, 0)
		}
		// A command told to write up to redisTime(d) writes, when Redis's clock says so, no later than d.
		d := at + time.Duration(r.Int63n(int64(time.Second)))
		if latest := c.redisTime(d, at); latest-redis.offset > d {
			t.Fatalf("reply %d: redisTime(%v) = mono %v, want no later than %v", i, d, latest-redis.offset, d)
		}
	}
	if lo, hi := c.bounds(at); hi-lo > 5*time.Millisecond {
		t.Errorf("after 10 000 replies the bounds are %v wide, want them tight (a few ms)", hi-lo)
	}
}

func TestTheEstimateWidensWithTimeForDrift(t *testing.T) {
	var c redisClock
	fakeRedis{}.reply(&c, 0, time.Millisecond, time.Millisecond)
	lo0, hi0 := c.bounds(2 * time.Millisecond)
	lo, hi := c.bounds(time.Hour)
	if got, want := (lo0-lo)+(hi-hi0), 2*time.Hour*driftPerMille/1000; got < want-time.Millisecond || got > want+time.Millisecond {
		t.Errorf("an hour on, the bounds widened by %v, want about %v", got, want)
	}
}

func TestRedissClockStepsAreToldFromNoise(t *testing.T) {
	for _, c := range []struct {
		name     string
		step     time.Duration
		reported bool // as a step forward; either way the estimate follows the new clock
	}{
		{"a step forward past the tolerance is reported", 3 * time.Second, true},
		{"a step forward within the tolerance is taken in", stepTolerance / 2, false},
		{"a step back is taken in", -10 * time.Second, false},
		{"no step", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var clock redisClock
			redis := fakeRedis{offset: time.Hour}
			for at := time.Duration(0); at < time.Second; at += 100 * time.Millisecond {
				redis.reply(&clock, at, time.Millisecond, time.Millisecond)
			}
			redis.offset += c.step
			step := redis.reply(&clock, 2*time.Second, time.Millisecond, time.Millisecond)
			if got := step > 0; got != c.reported {
				t.Errorf("a step of %v: got %v reported, want reported %v", c.step, step, c.reported)
			}
			if c.reported && (step < c.step-10*time.Millisecond || step > c.step) {
				t.Errorf("a step of %v: got %v reported, want about the step", c.step, step)
			}
			latest := clock.redisTime(3*time.Second, 2*time.Second+2*time.Millisecond) - redis.offset
			if latest > 3*time.Second || latest < 3*time.Second-10*time.Millisecond {
				t.Errorf("after a step of %v, redisTime(3s) is mono %v, want just before 3s", c.step, latest)
			}
		})
	}
}

func TestNothingIsSentOnAnUnknownClock(t *testing.T) {
	var c redisClock
	if got := c.redisTime(time.Second, 0); got != 0 {
		t.Errorf("redisTime with nothing known: got %v, want 0, which every script refuses as late", got)
	}
}
