// This file holds a simple salon's last page, kept while the calendar's tag says that nothing it
// was read from has changed: then a page costs one small read, however packed the salon is.

package booking

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"salon/internal/refusal"
)

// keptPages keeps, for each simple salon whose page was last read whole at one calendar tag
// (salon.Calendar.Tag), that page. A kept page is given again only while the calendar's tag is
// the same, read anew each time, so what another instance changed is seen at once; it is never
// trusted past its first slot's start. It holds at most one page for each salon, and at most
// most pages (maxKeptPages when 0): a new salon's page then takes the place of another's.
type keptPages struct {
	pages sync.Map // salon id → keptPage
	n     atomic.Int64
	most  int64
}

// maxKeptPages is how many pages an instance keeps at most: about 7 KB each, 28 MB in all.
const maxKeptPages = 4096

// store keeps page as the salon id's.
func (k *keptPages) store(id string, page keptPage) {
	most := k.most
	if most == 0 {
		most = maxKeptPages
	}
	if _, kept := k.pages.Load(id); !kept && k.n.Load() >= most {
		k.pages.Range(func(other, _ any) bool {
			k.drop(other.(string))
			return false
		})
	}
	if _, kept := k.pages.Swap(id, page); !kept {
		k.n.Add(1)
	}
}

// drop forgets the salon id's page.
func (k *keptPages) drop(id string) {
	if _, kept := k.pages.LoadAndDelete(id); kept {
		k.n.Add(-1)
	}
}

// keptPage is a salon's page as read at now, when the calendar's tag was tag.
type keptPage struct {
	tag  int64
	now  time.Time
	view View
}

// keptPage is the salon id's page from the last read of it, when that read's tag is the
// calendar's still and now is after that read and before the page's first slot: the page is then
// what a read now would find. ok false says to read the page.
//
// Why that is so: the same tag means the same settings, live bookings and closed slots; a slot
// that was past or taken then is so still, since now hasn't gone back; and every slot listed is
// still ahead, since the first is. A full page lists MaxOpenSlots slots, so the horizon, which
// only moves on, adds none before its last.
func (d *Desk) keptPage(ctx context.Context, id string) (view View, ok bool, err error) {
	v, found := d.kept.pages.Load(id)
	if !found {
		return View{}, false, nil
	}
	page := v.(keptPage)
	if now := d.Now(); now.Before(page.now) || !now.Before(page.view.Open[0].Start) {
		return View{}, false, nil
	}
	tag, err := d.Calendar.CalendarTag(ctx, id)
	if err != nil {
		d.kept.drop(id)
		return View{}, false, refusal.Or(err)
	}
	if tag != page.tag {
		return View{}, false, nil
	}
	return View{ID: id, Settings: page.view.Settings.Clone(), Open: slices.Clone(page.view.Open)}, true, nil
}

// keep keeps view, the page of a simple salon read as rd, when rd's reads all saw one calendar
// tag and the page is full; otherwise it drops what was kept of the salon.
func (d *Desk) keep(rd reading, view View) {
	if rd.Tag == 0 || rd.Settings.HasMenu() || len(view.Open) < MaxOpenSlots {
		d.kept.drop(view.ID)
		return
	}
	view.Settings, view.Open = view.Settings.Clone(), slices.Clone(view.Open)
	d.kept.store(view.ID, keptPage{tag: rd.Tag, now: rd.now, view: view})
}
