// This file holds the Lua scripts the store runs in Redis, each one atomic there, and the reading of their replies.

package redisspent

import (
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// spendScript spends one state, if the command runs in time and Redis still holds the epoch the
// instance knows.
//
// KEYS[1] is the epoch, KEYS[2] the state's record. ARGV[1] is the epoch's id as the instance
// knows it; ARGV[2] and ARGV[3] a new epoch's id and birth, written if the epoch is gone (Redis
// lost its data); ARGV[4] this attempt's token; ARGV[5] the record's life in milliseconds, counted
// by Redis from now, so Redis's own clock never sets when a record ends; ARGV[6] the latest Redis
// time, in microseconds, at which the attempt may still write anything (a command that reaches
// Redis after the instance gave up on it writes nothing); ARGV[7] on, the tokens of this
// instance's attempts at the same state that it answered as failed: a record holding one of
// those belongs to nobody and is taken.
//
// The time is checked first, so that a new epoch's birth (the instance's time at ARGV[6]) is never
// earlier than the moment it is written, nor than the loss it answers.
//
// It replies {"late", now}, {"epoch", id, born, now} when the epoch isn't the one the instance
// knows (and spends nothing), {"used", now} or {"spent", now}, with now Redis's clock in
// microseconds.
var spendScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
if now > tonumber(ARGV[6]) then
  return {'late', now}
end
local id = redis.call('HGET', KEYS[1], 'id')
if not id then
  redis.call('HSET', KEYS[1], 'id', ARGV[2], 'born', ARGV[3])
  return {'epoch', ARGV[2], ARGV[3], now}
end
if id ~= ARGV[1] then
  return {'epoch', id, redis.call('HGET', KEYS[1], 'born') or '', now}
end
if redis.call('SET', KEYS[2], ARGV[4], 'NX', 'PX', ARGV[5]) then
  return {'spent', now}
end
if #ARGV > 6 then
  local held = redis.call('GET', KEYS[2])
  for i = 7, #ARGV do
    if held == ARGV[i] then
      redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[5])
      return {'spent', now}
    end
  end
end
return {'used', now}
`)

// epochScript reads the epoch, and writes a new one if it is gone or is still the one to
// replace, unless it runs too late. KEYS[1] is the epoch; ARGV[1] the id of an epoch to replace
// ("" for none); ARGV[2] and ARGV[3] the new epoch's id and birth; ARGV[4] the latest Redis time,
// in microseconds, at which it may write ("0": not at all, for an instance that doesn't know
// Redis's clock yet). It replies {id, born, now}, with id "" when there is no epoch.
var epochScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local id = redis.call('HGET', KEYS[1], 'id')
if (not id or (ARGV[1] ~= '' and id == ARGV[1])) and now <= tonumber(ARGV[4]) then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'id', ARGV[2], 'born', ARGV[3])
end
local epoch = redis.call('HMGET', KEYS[1], 'id', 'born')
return {epoch[1] or '', epoch[2] or '', now}
`)

// forgetScript deletes a state's record if it still holds the token of an attempt answered as
// failed, and leaves any other alone. KEYS[1] is the record; ARGV[1] the token.
var forgetScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

// The first word of a spendScript reply.
const (
	replyEpoch = "epoch"
	replyLate  = "late"
	replyUsed  = "used"
	replySpent = "spent"
)

// reply is a spendScript reply read.
type reply struct {
	kind  string
	epoch epoch         // replyEpoch only
	now   time.Duration // Redis's clock, Unix time
}

func readSpendReply(v any) (reply, error) {
	fields, ok := v.([]any)
	if !ok || len(fields) < 2 {
		return reply{}, fmt.Errorf("redis: an unreadable reply to a spend: %v", v)
	}
	kind, _ := fields[0].(string)
	now, ok := fields[len(fields)-1].(int64)
	if !ok {
		return reply{}, fmt.Errorf("redis: a reply to a spend without Redis's time: %v", v)
	}
	r := reply{kind: kind, now: time.Duration(now) * time.Microsecond}
	switch kind {
	case replyEpoch:
		if len(fields) != 4 {
			return reply{}, fmt.Errorf("redis: an unreadable epoch in a reply to a spend: %v", v)
		}
		r.epoch = readEpoch(fields[1], fields[2])
	case replyLate, replyUsed, replySpent:
	default:
		return reply{}, fmt.Errorf("redis: an unknown reply to a spend: %v", v)
	}
	return r, nil
}

func readEpochReply(v any) (epoch, time.Duration, error) {
	fields, ok := v.([]any)
	if !ok || len(fields) != 3 {
		return epoch{}, 0, fmt.Errorf("redis: an unreadable epoch: %v", v)
	}
	now, ok := fields[2].(int64)
	if !ok {
		return epoch{}, 0, fmt.Errorf("redis: an epoch without Redis's time: %v", v)
	}
	return readEpoch(fields[0], fields[1]), time.Duration(now) * time.Microsecond, nil
}

// readEpoch reads an epoch's id and birth: the zero epoch for id "" (none). A birth that can't be
// read (someone wrote the key by hand) is left zero, for the store to take as the moment it
// learns of the epoch.
func readEpoch(id, born any) epoch {
	e := epoch{id: fmt.Sprint(id)}
	if e.id == "" {
		return epoch{}
	}
	if s, ok := born.(string); ok {
		if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
			e.born = time.UnixMilli(ms)
		}
	}
	return e
}
