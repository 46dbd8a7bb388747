// This file holds the single-use record of spent states: the store interface and its in-memory implementation.

package requeststate

import (
	"context"
	"hash/maphash"
	"sync"
	"time"
)

// Spent records which states were spent, so that each completes once.
type Spent interface {
	// Spend marks id as spent until goodUntil. Of any number of calls with one id, concurrent
	// or not, at most one returns nil, and the others return ErrAlreadyUsed or ErrExpired.
	// ErrExpired means the store can't vouch that id wasn't spent before: its record of that
	// time is gone (it restarted, lost its data, or its clock has already passed goodUntil), so
	// id is refused as if it had expired. Any other error means the store couldn't say, and id
	// was not spent: a later call can still spend it.
	Spend(ctx context.Context, id SpendID, goodUntil time.Time) error
}

// Memory is a Spent held in this process's memory, safe for concurrent use.
// An entry is dropped once its goodUntil has passed, so memory is bounded by the states spent
// within one state life. Spending costs O(1) amortized. The memory held follows the entries
// held, at about 80 to 130 bytes an entry, and never grows while their number doesn't.
//
// Entries are dropped by the wall clock, the clock Verify reads, and a state whose goodUntil
// second the sweep has already passed is refused with ErrExpired, whatever the clock says now.
// So a wall clock stepped backwards neither drops a live entry early nor reopens one already
// dropped: a state its step makes verify again finds its second behind the sweep. (A monotonic
// expiry would be wrong here: after a step back, Verify would still accept a state for as long
// as the step, while its entry had gone on the monotonic clock's schedule.) The same refusal
// closes a race: a state verified in its last instant and spent just after, while another spend
// dropped its earlier entry.
type Memory struct {
	now   func() time.Time
	floor int64 // the earliest goodUntil second spent at all: 0, or the first after a start (NewMemorySince)
	life  time.Duration

	mu     sync.Mutex
	spent  idSet
	expiry map[int64][]SpendID // ids by the Unix second they stop being good
	spare  [][]SpendID         // emptied lists of expiry, kept to be filled again
	swept  int64               // every second before this one has been dropped
}

// NewMemory returns an empty in-memory store that reads the time from now. It trusts that no
// state was spent before it was made: for a store that lives as long as whatever issues the
// states it is handed, as in a test. A process's store is NewMemorySince's.
func NewMemory(now func() time.Time) *Memory {
	return &Memory{now: now, spent: newIDSet(), expiry: map[int64][]SpendID{}}
}

// NewMemorySince returns an empty in-memory store for a process that starts now and issues
// states good for life. A process that restarts has forgotten every spend, and its signing key
// still verifies the states of the process before it; so the store refuses with ErrExpired every
// state that may have been issued before it was made: one whose goodUntil is earlier than its
// start plus life. That costs the states in flight across a restart (their customers ask again)
// and no more. VouchesFrom says from when the states issued are spendable.
func NewMemorySince(now func() time.Time, life time.Duration) *Memory {
	m := NewMemory(now)
	m.life = life
	m.floor = ceilSecond(now().Add(life))
	return m
}

// VouchesFrom is the earliest time at which a state issued with the store's life is one it can
// spend: the zero time for NewMemory's, within a second of its start for NewMemorySince's.
// A process that serves only from then on never issues a state that it would refuse.
func (m *Memory) VouchesFrom() time.Time {
	if m.floor == 0 {
		return time.Time{}
	}
	return time.Unix(m.floor, 0).Add(-m.life)
}

// ceilSecond is t rounded up to a whole Unix second.
func ceilSecond(t time.Time) int64 {
	if t.Equal(t.Truncate(time.Second)) {
		return t.Unix()
	}
	return t.Unix() + 1
}

// Spend implements Spent.
func (m *Memory) Spend(_ context.Context, id SpendID, goodUntil time.Time) error {
	// The clock and the hash are read before the lock, which is held for the table alone. A clock
	// read a moment early sweeps no further than the last sweep: the cursor never goes back.
	now, hash := m.now().Unix(), m.spent.hash(id)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(now)
	// Every entry of a second behind the sweep is gone, so a state of one can't be vouched for:
	// it was verified at its last instant and the clock has ticked since, or the clock stepped back.
	until := goodUntil.Unix()
	if until < max(m.floor, m.swept) {
		return ErrExpired
	}
	if !m.spent.addHashed(id, hash) {
		return ErrAlreadyUsed
	}
	ids, filed := m.expiry[until]
	if !filed && len(m.spare) > 0 {
		ids = m.spare[len(m.spare)-1]
		m.spare = m.spare[:len(m.spare)-1]
	}
	m.expiry[until] = append(ids, id)
	return nil
}

// Len is the number of spent states still held.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.spent.len()
}

// sweep drops every entry whose last good second is before now. The cursor visits each
// second once, and jumps straight over a long idle gap by visiting the held seconds instead,
// so the work is bounded by the entries dropped plus the seconds that passed.
func (m *Memory) sweep(now int64) {
	if m.swept == 0 || now-m.swept > int64(len(m.expiry)) {
		for second, ids := range m.expiry {
			if second < now {
				m.drop(second, ids)
			}
		}
	} else {
		for second := m.swept; second < now; second++ {
			if ids, ok := m.expiry[second]; ok {
				m.drop(second, ids)
			}
		}
	}
	m.swept = max(m.swept, now)
}

// spareLists is how many emptied expiry lists are kept for reuse: enough for the seconds
// a steady stream of spends opens while others close, few enough to hold little.
const spareLists = 4

func (m *Memory) drop(second int64, ids []SpendID) {
	for _, id := range ids {
		m.spent.remove(id)
	}
	delete(m.expiry, second)
	if len(m.spare) < spareLists {
		m.spare = append(m.spare, ids[:0])
	}
}

// idSet is a hash set of spend IDs in one flat table, probed linearly, whose removals shift the
// entries after them back instead of leaving tombstones. Its size follows only how many IDs it
// holds: it doubles past three quarters full and halves under one eighth. The all-zero ID, which
// marks an empty slot, is held by a flag.
type idSet struct {
	seed  maphash.Seed
	slots []SpendID
	n     int  // IDs in slots
	zero  bool // the all-zero ID is held
}

// minSlots is the smallest table: a power of two, as every table size is.
const minSlots = 64

func newIDSet() idSet {
	return idSet{seed: maphash.MakeSeed(), slots: make([]SpendID, minSlots)}
}

func (s *idSet) len() int {
	if s.zero {
		return s.n + 1
	}
	return s.n
}

// hash is id's hash under the set's seed, which never changes: it needs no lock.
func (s *idSet) hash(id SpendID) uint64 { return maphash.Comparable(s.seed, id) }

func (s *idSet) home(id SpendID) int { return int(s.hash(id) & uint64(len(s.slots)-1)) }

// add holds id and reports true, or reports false when id was already held.
func (s *idSet) add(id SpendID) bool { return s.addHashed(id, s.hash(id)) }

// addHashed is add with id's hash already worked out.
func (s *idSet) addHashed(id SpendID, hash uint64) bool {
	if id == (SpendID{}) {
		added := !s.zero
		s.zero = true
		return added
	}
	mask := len(s.slots) - 1
	i := int(hash & uint64(mask))
	for ; s.slots[i] != (SpendID{}); i = (i + 1) & mask {
		if s.slots[i] == id {
			return false
		}
	}
	s.slots[i] = id
	s.n++
	if 4*s.n > 3*len(s.slots) {
		s.resize(2 * len(s.slots))
	}
	return true
}

// remove lets go of id, if held.
func (s *idSet) remove(id SpendID) {
	if id == (SpendID{}) {
		s.zero = false
		return
	}
	mask := len(s.slots) - 1
	i := s.home(id)
	for ; s.slots[i] != id; i = (i + 1) & mask {
		if s.slots[i] == (SpendID{}) {
			return
		}
	}
	// Shift back every later entry of the run that may sit at i: one whose home is not
	// cyclically within (i, j], or a lookup for it would stop at the hole.
	for j := (i + 1) & mask; s.slots[j] != (SpendID{}); j = (j + 1) & mask {
		if h := s.home(s.slots[j]); (j-h)&mask >= (j-i)&mask {
			s.slots[i] = s.slots[j]
			i = j
		}
	}
	s.slots[i] = SpendID{}
	s.n--
	if len(s.slots) > minSlots && 8*s.n < len(s.slots) {
		s.resize(len(s.slots) / 2)
	}
}

func (s *idSet) resize(size int) {
	old := s.slots
	s.slots = make([]SpendID, size)
	mask := size - 1
	for _, id := range old {
		if id == (SpendID{}) {
			continue
		}
		i := s.home(id)
		for s.slots[i] != (SpendID{}) {
			i = (i + 1) & mask
		}
		s.slots[i] = id
	}
}
