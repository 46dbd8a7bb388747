// Package salon holds a salon's settings and turns its weekly opening hours into open slots, and a menu salon's hours, team and bookings into open times: pure, with no clock and no I/O.
//
// # Settings
//
// Settings are what an owner sets: a name, an IANA time zone, a phone, a price list, weekly
// opening hours, the length of one appointment and how many local days slots open on; or, at a
// menu salon, a menu of services and a team of stylists in place of the one length and the price
// list (see below).
// [Settings.Check] refuses settings outside their bounds with a [Refusal] whose text names the
// field, such as "slotMinutes must be 5 to 480"; a transport answers it as a client's mistake.
// Check is handed the zone loader rather than calling time.LoadLocation itself, since loading a
// zone reads the zone database: the caller passes time.LoadLocation, a test passes what it likes.
// On the wire a slotMinutes or horizonDays left out is zero, and [Settings.WithDefaults] reads a
// zero as the default (45 minutes, 14 days) before Check runs.
//
// # Settings as put
//
// On the wire a field left out takes its default, and a field put as 0 is judged as 0: a
// "horizonDays": 0 is refused, not read as 14 days. A Go int can't tell the two apart, so the
// caller that decodes a put says which fields it found, in a [Given], and [Settings.Resolve]
// fills in only the defaults of the fields left out, refuses the fields that belong to the other
// kind of salon, and runs Check. A field whose value is not zero counts as put whatever Given
// says, so a zero Given reads every zero as left out. [Settings.WithDefaults] is the older reading
// of zero as left out; it fills only the defaults whose zero is out of bounds (slotMinutes,
// horizonDays, gridMinutes), so settings that passed Check come back from it unchanged.
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
//
// # The menu and the team
//
// A salon with services ([Settings.HasMenu]) is a menu salon; one without is the simple salon
// above, and every rule of this section leaves it alone. At a menu salon:
//
//   - each [Service] has its own minutes (5 to 480, a multiple of 5), an optional price in the
//     minor unit of the salon's currency (an ISO 4217 code, required when any price is given),
//     and afterMinutes (0 to 120, a multiple of 5): processing or clean-up, when the stylist can't
//     start another client. The menu holds 1 to 50 services;
//   - each [Stylist] (1 to 50) does one or more of the menu's services and works the salon's hours,
//     or their own when they have them. The team's order is the salon's: "anyone" books the first
//     stylist in it who is free;
//   - a [Closure] is a span when the whole salon, or one stylist, takes no booking (at most 200);
//   - gridMinutes (5 to 60, a multiple of 5, default 15) is how far apart start times are, and
//     minNoticeMinutes (0 to 10080, default 60) how soon after now the first may be;
//   - slotMinutes and prices are the simple salon's and are refused with services, with
//     [ErrServicesOrSlotMinutes]; currency, stylists, gridMinutes, minNoticeMinutes and closures
//     are the menu salon's, and without services each is refused "<field> needs services".
//
// changeCutoffHours (0 to 168, default 24) and maxUpcomingPerContact (0 to 20, default 0, no cap)
// belong to every salon with a calendar. Ids of services and stylists are 1 to 40 of a-z, 0-9
// and -, unique within their list ([IsID]).
//
// # Open times at a menu salon
//
// [OpenTimes] lists the starts open for a service, each with the stylists free then in the
// salon's order. A start t is open for service s with stylist p when p does s; t is on p's grid
// that day (an interval's start plus a whole number of gridMinutes on the wall clock, placed in
// the zone as a slot's start is); [t, t+minutes) lies inside that interval, reckoned in instants;
// [t, t+minutes+afterMinutes) overlaps none of p's live bookings, each keeping p for its own
// minutes and afterMinutes; [t, t+minutes) overlaps no closure of p or of the whole salon; t is at
// least minNoticeMinutes after now; and t's local date is within the horizon.
//
// An interval in instants runs from the first instant the wall clock reads its start, or jumps
// past it, to the first instant it reads its end, or jumps past it. So on a night the clocks
// spring forward an interval through it is an hour shorter, and a long service fits fewer starts;
// on a night they fall back it is an hour longer; and an interval that ends in a repeated hour ends
// at its first occurrence, as a start in it would be.
//
// The bookings come in as a sequence in order of start, and OpenTimes stops reading them once it
// has listed enough, so a store reads only what the answer touches ([OpenWindow] gives the span
// that matters). [StartFits] judges one start, for round two and the owner's move, and names the
// first rule it breaks ([Fit]); [FirstFree] is the stylist "anyone" gets. [Settings.Choose] words
// the refusals of a service or stylist that can't be booked.
package salon
