// Package harnesstest holds model doubles for tests of the offer harness: a recorded model replayed, a model that never answers and one that always fails.
package harnesstest

import (
	"context"

	"salon/internal/harness"
)

// Scripted is a model that answers attempt n with outputs[n-1], and every later attempt with the
// last output: a recorded model replayed. It needs at least one output.
func Scripted(outputs ...string) harness.Model {
	if len(outputs) == 0 {
		panic("harnesstest: Scripted needs at least one output")
	}
	return harness.ModelFunc(func(_ context.Context, c harness.Call) (string, error) {
		return outputs[max(1, min(c.Attempt, len(outputs)))-1], nil
	})
}

// Silent is a model that never answers: it returns only when ctx is done, with ctx's error.
func Silent() harness.Model {
	return harness.ModelFunc(func(ctx context.Context, _ harness.Call) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	})
}

// Failing is a model whose every call fails with err.
func Failing(err error) harness.Model {
	return harness.ModelFunc(func(context.Context, harness.Call) (string, error) { return "", err })
}
