// Package salon holds a salon's settings and turns its weekly opening hours into open slots: pure, with no clock and no I/O.
//
// # Settings
//
// Settings are what an owner sets: a name, an IANA time zone, a phone, a price list, weekly
// opening hours, the length of one appointment and how many local days slots open on.
// [Settings.Check] refuses settings outside their bounds with a [Refusal] whose text names the
// field, such as "slotMinutes must be 5 to 480"; a transport answers it as a client's mistake.
// Check is handed the zone loader rather than calling time.LoadLocation itself, since loading a
// zone reads the zone database: the caller passes time.LoadLocation, a test passes what it likes.
// On the wire a slotMinutes or horizonDays left out is zero, and [Settings.WithDefaults] reads a
// zero as the default (45 minutes, 14 days) before Check runs.
//
// # Opening hours on the wire
//
// Hours travel as an object of days, keys mon to sun, each a list of intervals written as two
// 24-hour wall-clock times: {"mon":[["09:00","12:00"],["13:00","17:30"]]}. A time is HH:MM from
// 00:00 to 23:59; 24:00 is refused, so a salon open until midnight closes at 23:59. A day left
// out (or null) is closed; a day given as [] is closed too and reads back as []. Within a day
// each interval starts before it ends, and the intervals come earliest first without overlapping
// (one may start where the one before it ends). [ParseHours] and [ParseHoursJSON] read the wire
// form and [Hours.Wire] writes it back, so a salon's hours read back exactly as they were set.
//
// # Open slots
//
// [Slots] computes the slots from the hours, the slot length, the zone, now and the horizon:
//
//   - the days are the salon's local days from today, the local date of now, through today plus
//     horizonDays minus one;
//   - within each interval of each such day the candidate starts are wall-clock times: the
//     interval's start, then every slotMinutes after it, while start plus slotMinutes is at or
//     before the interval's end, on the wall clock too. So 09:00 stays 09:00 across a change of
//     clocks;
//   - each candidate is then placed in the zone. One the clocks skip that day (spring forward) is
//     no slot. One the clocks repeat (fall back) is one slot, at its first occurrence: the earlier
//     instant, with the earlier offset. The second occurrence is never a slot;
//   - a slot starting at or before now is dropped.
//
// Slots come earliest first. Dropping the booked slots and those the owner closed is the
// caller's: [Open] does it with a predicate over start instants, and stops at a limit.
//
// # Slot ids and labels
//
// A slot's id is its start in RFC 3339, to the second, with the zone's offset at that instant:
// 2026-12-05T10:30:00Z for London in winter, 2026-06-06T10:30:00+01:00 in summer ([SlotID]).
// [ParseSlotID] reads back only an id written exactly so. A slot's label is English in the zone:
// "Saturday 5 December, 10:30" ([Label]).
package salon
