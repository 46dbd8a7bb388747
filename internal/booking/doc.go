// Package booking is the desk: it runs the two rounds of a booking over the pure core, whatever
// carries them (the HTTP route or the MCP tool), and the owner's operations on a salon's calendar.
//
// # The two rounds
//
// A [Request] is one round, already decoded and checked against the wire's bounds by its
// transport. [Desk.Book] answers it:
//
//   - Round one carries the customer's words and the open slots (a step.Request) and no answers.
//     The desk's [Offerer] chooses which times to offer and how to ask (by default the first two
//     open slots and "Which time suits you?"); step.Ask builds the question, and
//     requeststate.Issue signs a state that carries the offered times, bound to this request by
//     its digest. The [Result] is the question and the state. With nothing open, round one
//     completes at once, booking nothing.
//   - Round two carries the same request, the answers and the state, untouched. The desk verifies
//     the state (requeststate.Verify: the MAC, the digest, the expiry), reads the answer against
//     the times the state carried (answer.Parse), spends the state once, and steps: the Result is
//     a step.Booked or a step.NotBooked.
//
// The server keeps no session between the rounds: what round two must trust travels with the
// client, signed. The one thing remembered is which states were spent.
//
// # The calendar mode
//
// With a [Calendar] (the salons' database, which store.Store implements), the desk serves only
// registered salons and owns their open times. A round reads its salon once and carries that
// reading down: round one reads the salon's whole calendar and offers only the request's slots it
// holds open; round two reads the salon's settings and hands the calendar one spend, which spends
// the state and books the accepted time (a salon.Hold) in one transaction. The calendar's database
// refuses a second live booking of a slot, so the answer comes from what it stored. Round two's
// records (the answer, the hold, the read-back) go to Observe for a review (Review).
//
// # Refusals
//
// Every error the desk returns is a *refusal.Error or wraps one: invalid requests (the state, the
// answer, answers without their state), salons, bookings or slots that aren't there, conflicts,
// and the service unavailable (no signing key, or a database that failed; the cause is for the
// operator's log only). Each reason is the contract's exact text. The transports map refusals by
// kind, each in one table: HTTP statuses in internal/api, JSON-RPC codes in internal/mcp.
package booking
