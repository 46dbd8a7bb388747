package booking

import (
	"fmt"
	"testing"
)

// TestKeptPagesHoldAtMostTheirLimit keeps more salons' pages than the limit, and one salon's
// page again and again: never more pages than the limit are kept, a salon's newest page is, and a
// page kept anew takes no other's place.
func TestKeptPagesHoldAtMostTheirLimit(t *testing.T) {
	k := &keptPages{most: 3}
	count := func() int {
		n := 0
		k.pages.Range(func(any, any) bool { n++; return true })
		return n
	}
	for i := range 10 {
		id := fmt.Sprint("salon-", i)
		k.store(id, keptPage{tag: int64(i + 1)})
		if got := count(); got > 3 || int64(got) != k.n.Load() {
			t.Fatalf("after %d pages: %d kept, counted %d, want at most 3", i+1, got, k.n.Load())
		}
		if p, ok := k.pages.Load(id); !ok || p.(keptPage).tag != int64(i+1) {
			t.Fatalf("the page just kept of %s is %v, %v", id, p, ok)
		}
	}
	before := count()
	for i := range 5 {
		k.store("salon-9", keptPage{tag: int64(100 + i)})
	}
	if got := count(); got != before {
		t.Errorf("keeping one salon's page again: %d kept, want %d", got, before)
	}
	k.drop("salon-9")
	k.drop("salon-9")
	if got := count(); int64(got) != k.n.Load() || got != before-1 {
		t.Errorf("after a drop, twice: %d kept, counted %d, want %d", got, k.n.Load(), before-1)
	}
}
