// Package wire holds the booking's shapes on the wire, shared by every transport: the request's
// decoding and bounds, the results an outcome becomes, and the salons' views. Its refusals are
// invalid refusals (package refusal), so each transport maps them in its one table (Echo's error
// handler for HTTP, JSON-RPC errors for MCP) and neither transport imports the other.
package wire

import "salon/internal/refusal"

// Refusal is a request the wire refuses: a body that can't be decoded or breaks a bound. Its
// reason names the field and is part of the contract (docs/contract.md).
func Refusal(reason string) error { return refusal.New(refusal.Invalid, "invalid_request", reason) }
