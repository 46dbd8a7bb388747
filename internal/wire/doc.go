// Package wire holds the booking's shapes on the wire, shared by every transport: the request's
// decoding and bounds, the results an outcome becomes, and the salons' views. Its refusals are its
// own error values, so each transport maps them in its one place (Echo's error handler for HTTP,
// JSON-RPC errors for MCP) and neither transport imports the other.
package wire

// Refusal is a request the wire refuses: a body that can't be decoded or breaks a bound. Its text
// names the field and is part of the contract (docs/contract.md).
type Refusal string

func (r Refusal) Error() string { return string(r) }
