// This file runs every scenario of the .feature files as a subtest, each with a world of its own.

package features

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cucumber/godog"
)

// TestFeatures runs every scenario of the .feature files beside it, each as a subtest named by its title.
// An undefined, pending or failing step fails the run.
func TestFeatures(t *testing.T) {
	paths, err := filepath.Glob("*.feature")
	if err != nil || len(paths) == 0 {
		t.Fatalf("found no .feature files (%v)", err)
	}
	suite := godog.TestSuite{
		Name:                "salon",
		ScenarioInitializer: initializeScenario,
		Options: &godog.Options{
			Format:   "pretty",
			Paths:    paths,
			Strict:   true,
			NoColors: true,
			TestingT: t,
		},
	}
	if suite.Run() != 0 {
		t.Fatal("the behaviour scenarios failed")
	}
}

// initializeScenario gives each scenario a world of its own, with its steps bound to it.
func initializeScenario(sc *godog.ScenarioContext) {
	w := newWorld()
	sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
		return ctx, w.signWith(freshKey())
	})
	sc.After(func(ctx context.Context, _ *godog.Scenario, _ error) (context.Context, error) {
		w.close()
		return ctx, nil
	})
	bookingSteps(sc, w)
	stateSteps(sc, w)
	contractSteps(sc, w)
	cal := &calendarWorld{}
	harnessSteps(sc, w, cal)
	calendarSteps(sc, cal)
	menuSteps(sc, cal)
	ownSteps(sc, cal)
	accessSteps(sc, cal)
}
