// Package audit names who acts on a salon and what they did: the entries of a salon's audit, and
// who acts, carried in a request's context from the owner's guard down to the database.
//
// An entry is written by the store in the same transaction as the action it records (see
// internal/store: every owner action calls its audit function inside its own transaction), so an
// action is recorded exactly when it happened. Who acts travels in the context rather than as an
// argument of every store method: the guard that checks the owner's token or key puts it there
// (WithActor), and any store method, those added later included, reads it back (ActorOf) without
// a change of its signature. A call with no actor in its context is the operator's: the process
// itself (registering the demo salon) and the operator's own tools act as the operator.
//
// An entry never holds a customer's name, contact or words: its detail says what changed in the
// service's own terms (a slot's id, a settings' version, a key's id, a count).
//
// The package is pure: no clock, no I/O.
package audit

import (
	"context"
	"time"
)

// Operator is who acts with the operator's token (BOOKING_OWNER_TOKEN), good for every salon. Any
// other actor is the id of one salon's key.
const Operator = "operator"

// The actions an entry records. Each is the operationId of the owner's route that does it.
const (
	PutSalon       = "putSalon"
	CancelBooking  = "cancelBooking"
	CloseSlot      = "closeSlot"
	OpenSlot       = "openSlot"
	CreateKey      = "createKey"
	RevokeKey      = "revokeKey"
	EraseCustomer  = "eraseCustomer"
	ExportCustomer = "exportCustomer"
	MoveBooking    = "moveBooking"
	PutWebhook     = "putWebhook"
	DeleteWebhook  = "deleteWebhook"
	NewFeed        = "newFeed"
	MarkNoShow     = "markNoShow"
)

// Entry is one owner action at a salon.
type Entry struct {
	// At is when the action was done, to the millisecond, in UTC.
	At time.Time
	// By is who did it: Operator or a key's id.
	By string
	// Action is what they did: one of the actions above.
	Action string
	// Booking is the booking the action touched; "" when it touched none.
	Booking string
	// Detail says what changed, in the service's terms; never a customer's name, contact or words.
	Detail string
	// ID is the entry's own random id, which orders the entries of one millisecond: the store
	// fills it in when it reads an entry back, for the cursor of the page after it.
	ID string
}

// Cursor is where a page of a salon's entries ended: its last entry's time and row id. The next
// page holds the entries older than it.
type Cursor struct {
	At time.Time
	ID string
}

type actorKey struct{}

// WithActor is ctx carrying by as who acts: Operator, or a key's id.
func WithActor(ctx context.Context, by string) context.Context {
	return context.WithValue(ctx, actorKey{}, by)
}

// ActorOf is who acts in ctx: the actor WithActor put there, else Operator.
func ActorOf(ctx context.Context) string {
	if by, ok := ctx.Value(actorKey{}).(string); ok && by != "" {
		return by
	}
	return Operator
}
