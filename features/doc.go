// Package features runs the service's behaviour scenarios, written in Gherkin in the .feature files
// beside it, against the real application with godog, inside go test.
package features
