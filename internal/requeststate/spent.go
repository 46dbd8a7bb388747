// This file holds the single-use record of spent states: the store interface and its in-memory implementation.
package requeststate

import (
	"context"
	"sync"
	"time"
)

// Spent records which states were spent, so that each completes once.
type Spent interface {
	// Spend marks id as spent until goodUntil. Of any number of calls with one id, concurrent
	// or not, exactly one returns nil; the others return ErrAlreadyUsed. Any other error means
	// the store couldn't say, and id was not spent.
	Spend(ctx context.Context, id SpendID, goodUntil time.Time) error
}

// Memory is a Spent held in this process's memory, safe for concurrent use.
// An entry is dropped once its goodUntil has passed, so memory is bounded by the states spent
// within one state life. Spending costs O(1) amortized.
type Memory struct {
	now func() time.Time

	mu     sync.Mutex
	spent  map[SpendID]struct{}
	expiry map[int64][]SpendID // ids by the Unix second they stop being good
	swept  int64               // every second before this one has been dropped
}

// NewMemory returns an empty in-memory store that reads the time from now.
func NewMemory(now func() time.Time) *Memory {
	return &Memory{now: now, spent: map[SpendID]struct{}{}, expiry: map[int64][]SpendID{}}
}

// Spend implements Spent.
func (m *Memory) Spend(_ context.Context, id SpendID, goodUntil time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(m.now().Unix())
	if _, used := m.spent[id]; used {
		return ErrAlreadyUsed
	}
	m.spent[id] = struct{}{}
	// A state spent after its last second (the clock ticked between Verify and Spend) is filed
	// under the first second not yet swept, or the cursor would never pass it again.
	until := max(goodUntil.Unix(), m.swept)
	m.expiry[until] = append(m.expiry[until], id)
	return nil
}

// Len is the number of spent states still held.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.spent)
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
			m.drop(second, m.expiry[second])
		}
	}
	m.swept = max(m.swept, now)
}

func (m *Memory) drop(second int64, ids []SpendID) {
	for _, id := range ids {
		delete(m.spent, id)
	}
	delete(m.expiry, second)
}
