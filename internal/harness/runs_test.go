// This file sizes the property runs without the race detector.
//go:build !race

package harness_test

// propertyRuns is how many random calendars each property draws.
const propertyRuns = 400
