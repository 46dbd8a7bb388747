// This file holds the salons' settings as decoded, kept per salon under the version they were read at.

package store

import (
	"sync"
	"time"

	"salon/internal/salon"
)

// SettingsAge bounds how old the settings RecentSalon returns may be when another instance sharing
// the database changed them: a second, so an owner's change reaches every instance's round two
// within about a second.
const SettingsAge = time.Second

// settingsCache keeps each salon's decoded settings with the version the database showed them at.
// Its entries never go back to an older version, and a salon not registered is never kept.
type settingsCache struct {
	salons sync.Map // salon id → *cached
	// now is the clock the entries' ages are read on.
	now func() time.Time
}

// cached is one salon's settings as read at version, last seen to stand at seen. It is never
// changed once stored: a fresher one replaces it.
type cached struct {
	version int64
	set     salon.Settings
	seen    time.Time
}

// get returns the salon id's entry, or nil.
func (c *settingsCache) get(id string) *cached {
	if v, ok := c.salons.Load(id); ok {
		return v.(*cached)
	}
	return nil
}

// put keeps set as the salon id's settings at version, seen now, unless an entry of a later
// version is already kept: a slow read never overwrites a newer change.
func (c *settingsCache) put(id string, version int64, set salon.Settings) {
	fresh := &cached{version: version, set: set, seen: c.now()}
	for {
		v, loaded := c.salons.LoadOrStore(id, fresh)
		if !loaded {
			return
		}
		old := v.(*cached)
		if old.version > version || c.salons.CompareAndSwap(id, old, fresh) {
			return
		}
	}
}

// seen records that the database still shows the salon id at e's version, as of now. An entry
// seen within SettingsAge is left as it is, so a busy salon's reads store nothing.
func (c *settingsCache) seen(id string, e *cached) {
	if c.recent(e) {
		return
	}
	c.salons.CompareAndSwap(id, e, &cached{version: e.version, set: e.set, seen: c.now()})
}

// recent reports whether e was seen standing within SettingsAge.
func (c *settingsCache) recent(e *cached) bool { return c.now().Sub(e.seen) < SettingsAge }
