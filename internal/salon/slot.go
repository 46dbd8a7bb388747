// This file holds a slot's id and label: how one start instant is written for the wire and for people.

package salon

import "time"

// labelLayout writes "Saturday 5 December, 10:30": weekday, day without a leading zero, month, 24-hour time.
const labelLayout = "Monday 2 January, 15:04"

// SlotID returns the id of the slot starting at t: t in loc in RFC 3339, to the second, with the
// zone's offset at t, such as 2026-12-05T10:30:00Z or 2026-06-06T10:30:00+01:00.
func SlotID(t time.Time, loc *time.Location) string { return t.In(loc).Format(time.RFC3339) }

// ParseSlotID reads an id as SlotID writes it for loc, and returns its start in loc. It returns
// false for any other text, even one naming the same instant another way (another offset,
// fractions of a second, a lower-case t or z), so a slot has exactly one id. Whether the instant
// is one of a salon's slots is IsStart's or Holds' to say.
func ParseSlotID(id string, loc *time.Location) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, id)
	if err != nil || SlotID(t, loc) != id {
		return time.Time{}, false
	}
	return t.In(loc), true
}

// Label returns how the slot starting at t reads in English in loc, such as
// "Saturday 5 December, 10:30".
func Label(t time.Time, loc *time.Location) string { return t.In(loc).Format(labelLayout) }

// NewSlot returns the slot starting at t in loc, with its id and label; its Start is t in loc.
func NewSlot(t time.Time, loc *time.Location) Slot {
	local := t.In(loc)
	// Both are written into one buffer and share one string: a page of slots is mostly this.
	var buf [64]byte
	written := local.AppendFormat(buf[:0], time.RFC3339)
	idLen := len(written)
	both := string(local.AppendFormat(written, labelLayout))
	return Slot{ID: both[:idLen], Start: local, Label: both[idLen:]}
}
