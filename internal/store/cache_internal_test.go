// This file tests the kept settings' one rule no database can show on demand: a slow read never overwrites a newer change.

package store

import (
	"testing"
	"time"

	"salon/internal/salon"
)

func TestKeptSettingsNeverGoBackToAnOlderVersion(t *testing.T) {
	c := settingsCache{now: time.Now}
	c.put("studio-nine", 2, salon.Settings{Name: "after the put"})
	c.put("studio-nine", 1, salon.Settings{Name: "read before the put, kept after it"})
	if got := c.get("studio-nine"); got == nil || got.version != 2 || got.set.Name != "after the put" {
		t.Errorf("got %+v, want version 2, after the put", got)
	}
	c.put("studio-nine", 3, salon.Settings{Name: "the next put"})
	if got := c.get("studio-nine"); got == nil || got.version != 3 || got.set.Name != "the next put" {
		t.Errorf("got %+v, want version 3, the next put", got)
	}
}
