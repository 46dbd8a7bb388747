// This file holds the grammar: the JSON schema the model's answer must follow, built from the one offer list.

package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Grammar is the JSON schema of the model's answer: an object with choices, an array whose items
// are each one of the options, and question, a string; both required, nothing else allowed. It
// carries no length keywords, since structured-output services don't support them; the checker
// enforces lengths. Only NewGrammar makes one with options.
type Grammar struct {
	options []string
}

// ErrOptionsDifferInCase refuses an offer list holding two options that differ only in case, which
// the checker, matching without regard to case, could not tell apart.
var ErrOptionsDifferInCase = errors.New("options differ only in case")

// NewGrammar builds the grammar of options, refusing with ErrOptionsDifferInCase, naming them, two
// options that differ only in case (or are the same), before any call is made.
func NewGrammar(options []string) (Grammar, error) {
	for i, a := range options {
		for _, b := range options[:i] {
			if strings.EqualFold(a, b) {
				return Grammar{}, fmt.Errorf("the options %s and %s differ only in case: %w", quote(b), quote(a), ErrOptionsDifferInCase)
			}
		}
	}
	return Grammar{options: append([]string{}, options...)}, nil
}

// Options are the strings the grammar allows as choices, in the offer list's order and spelling.
func (g Grammar) Options() []string { return append([]string{}, g.options...) }

// The schema's parts, in the order they are written.
type (
	schema struct {
		Type                 string     `json:"type"`
		Properties           properties `json:"properties"`
		Required             []string   `json:"required"`
		AdditionalProperties bool       `json:"additionalProperties"`
	}
	properties struct {
		Choices  arraySchema  `json:"choices"`
		Question stringSchema `json:"question"`
	}
	arraySchema struct {
		Type  string     `json:"type"`
		Items enumSchema `json:"items"`
	}
	enumSchema struct {
		Type string   `json:"type"`
		Enum []string `json:"enum"`
	}
	stringSchema struct {
		Type string `json:"type"`
	}
)

// MarshalJSON writes the schema, the same bytes for the same options.
func (g Grammar) MarshalJSON() ([]byte, error) {
	return json.Marshal(schema{
		Type: "object",
		Properties: properties{
			Choices:  arraySchema{Type: "array", Items: enumSchema{Type: "string", Enum: g.Options()}},
			Question: stringSchema{Type: "string"},
		},
		Required:             []string{"choices", "question"},
		AdditionalProperties: false,
	})
}
