// Package refusal is the one error type of the service: a refusal with a kind, a code and the
// exact reason the contract tells the client.
//
// Every package below the transports refuses with an [*Error]. Its [Kind] says what sort of
// refusal it is (the request is invalid, names nothing known, conflicts with what is there, comes
// too often, or the service can't answer now); its Code names it in one word for metrics and
// logs; its Reason is the text the client is told, word for word as docs/contract.md states it.
// Each transport maps kinds to its own codes in one table: HTTP statuses in internal/api,
// JSON-RPC error codes in internal/mcp. Nothing else maps.
//
// Two refusals are the same refusal when their kinds and reasons are: errors.Is(err,
// answer.ErrNoAnswer) holds for any *Error with that kind and reason. An Unavailable refusal may
// carry the cause the operator is told in the log ([Failed]); the client never hears it.
package refusal

import (
	"errors"
	"time"
)

// Kind is what sort of refusal an Error is. The zero Kind is no refusal: an error that is not an
// *Error is of kind Internal.
type Kind int

// The kinds, with the HTTP status each maps to.
const (
	// Invalid: the request breaks a rule of the contract (400).
	Invalid Kind = iota + 1
	// NotFound: the request names something that isn't there, or isn't the caller's to see (404).
	NotFound
	// Conflict: the request is sound but what is there now refuses it (409).
	Conflict
	// Unauthorized: the request's credentials are missing or wrong (401).
	Unauthorized
	// TooLarge: the request's body is over its bound (413).
	TooLarge
	// Unsupported: the request's body is not of a media type the route reads (415).
	Unsupported
	// Unavailable: the service can't answer now, and nothing was changed (503).
	Unavailable
	// Internal: a fault of the service itself (500).
	Internal
	// TooMany: the caller has asked too often; it may ask again after a while (429).
	TooMany
)

var kindNames = [...]string{"", "invalid", "not found", "conflict", "unauthorized", "too large", "unsupported", "unavailable", "internal", "too many"}

// String names the kind in words, such as "not found".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "unknown"
	}
	return kindNames[k]
}

// Error is a refusal: its kind, its code and the reason the client is told.
type Error struct {
	Kind Kind
	// Code names the refusal in one word, such as "no_answer", for metrics and logs.
	Code string
	// Reason is what the client is told, exactly as the contract words it.
	Reason string
	// Cause is why an Unavailable or Internal refusal happened, for the operator's log only; nil
	// for every other kind.
	Cause error
	// RetryAfter is how long a TooMany refusal's caller should wait before asking again; 0 for
	// every other kind.
	RetryAfter time.Duration
}

// New returns a refusal of kind with code and reason.
func New(kind Kind, code, reason string) *Error {
	return &Error{Kind: kind, Code: code, Reason: reason}
}

// Error returns the reason.
func (e *Error) Error() string { return e.Reason }

// Unwrap returns the cause, so errors.Is can reach what the store or the network said.
func (e *Error) Unwrap() error { return e.Cause }

// Is reports whether target is the same refusal: an *Error of the same kind and reason. The
// cause does not count.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Reason == e.Reason
}

// Unavailability is the one reason the client is told when the service can't answer now. It says
// nothing of why.
const Unavailability = "the booking service is unavailable"

// ErrUnavailable is the service unable to answer now: no signing key, or a store that can't say.
// It says nothing of which.
var ErrUnavailable = New(Unavailable, "unavailable", Unavailability)

// Failed is ErrUnavailable with its cause, which only the operator's log tells. A nil cause is nil.
func Failed(cause error) error {
	if cause == nil {
		return nil
	}
	return &Error{Kind: Unavailable, Code: "unavailable", Reason: Unavailability, Cause: cause}
}

// TooManyRequests is the one reason a caller that asked too often is told.
const TooManyRequests = "too many requests; try again shortly"

// Busy refuses a caller that asked too often, with code saying which bound it met, to ask again
// after wait.
func Busy(code string, wait time.Duration) *Error {
	return &Error{Kind: TooMany, Code: code, Reason: TooManyRequests, RetryAfter: wait}
}

// As returns the refusal err is or wraps, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// KindOf is the kind of the refusal err is or wraps: Internal for any other non-nil error, and
// zero for nil.
func KindOf(err error) Kind {
	if err == nil {
		return 0
	}
	if e, ok := As(err); ok {
		return e.Kind
	}
	return Internal
}

// Or returns err when it is a refusal, else err as a failure of what the service depends on
// (Failed): the one place a store's or a network's own error becomes a refusal.
func Or(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := As(err); ok {
		return err
	}
	return Failed(err)
}
