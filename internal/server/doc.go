// Package server composes the booking service from values already read: the signer, the spent
// store (in memory, in Redis, or in the calendar's database), the metrics registry, the web app,
// round two's records, round one's offerer, the calendar with its sweeper and the dispatcher that
// tells of its bookings' changes (internal/notify), and both transports, the HTTP route with /mcp
// beside it and MCP over stdio.
//
// bookingd reads its flags and environment into a Config and serves what New returns; the load
// tool builds its in-process server through New too, so a CPU profile of it covers exactly what
// bookingd serves. Reading flags, refusing bad values, listening and draining stay with the
// command.
package server
