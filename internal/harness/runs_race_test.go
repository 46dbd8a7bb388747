// This file sizes the property runs under the race detector, which slows the claim reader's regular expressions twentyfold.
//go:build race

package harness_test

// propertyRuns is how many random calendars each property draws.
const propertyRuns = 60
