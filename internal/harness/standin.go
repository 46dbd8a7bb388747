// This file holds the stand-in model: a pure function of the call, for a demo without a key.
package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
)

// Standin is the deterministic demo model: it chooses the first two options (the day the customer
// asked for comes first) and asks "Would <a> or <b> suit you?", naming each as the list spells it.
// It reads nothing but the call.
func Standin() Model {
	return ModelFunc(func(_ context.Context, c Call) (string, error) {
		options := c.Grammar.Options()
		if len(options) == 0 {
			return "", errors.New("the stand-in was offered nothing to choose")
		}
		chosen := options[:min(len(options), MaxChoices)]
		question := "Would " + chosen[0] + " suit you?"
		if len(chosen) == 2 {
			question = "Would " + chosen[0] + " or " + chosen[1] + " suit you?"
		}
		return AnswerText(chosen, question), nil
	})
}

// AnswerText writes an answer of the grammar's shape, as a model following it would.
func AnswerText(choices []string, question string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if choices == nil {
		choices = []string{}
	}
	if err := enc.Encode(struct {
		Choices  []string `json:"choices"`
		Question string   `json:"question"`
	}{choices, question}); err != nil {
		panic("harness: encoding plain data can't fail: " + err.Error())
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
