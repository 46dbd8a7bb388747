// This file tests who acts in a context: the actor put there, else the operator.

package audit_test

import (
	"context"
	"testing"

	"salon/internal/audit"
)

func TestActorOfIsWhoWasPutElseTheOperator(t *testing.T) {
	ctx := context.Background()
	if got := audit.ActorOf(ctx); got != audit.Operator {
		t.Errorf("no actor: got %q, want %q", got, audit.Operator)
	}
	if got := audit.ActorOf(audit.WithActor(ctx, "k0123")); got != "k0123" {
		t.Errorf("a key: got %q, want k0123", got)
	}
	if got := audit.ActorOf(audit.WithActor(ctx, "")); got != audit.Operator {
		t.Errorf("an empty actor: got %q, want %q", got, audit.Operator)
	}
}
