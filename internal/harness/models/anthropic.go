// This file holds the adapter for the Anthropic Messages API with structured outputs.

package models

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"salon/internal/harness"
)

// AnthropicURL is the Anthropic API's base URL, used when an Anthropic adapter names none.
const AnthropicURL = "https://api.anthropic.com"

// AnthropicVersion is the API version the adapter speaks, sent as the anthropic-version header.
const AnthropicVersion = "2023-06-01"

// Anthropic is a Model served by the Anthropic Messages API with structured outputs: it sends the
// prompt as one user message and the grammar as output_config.format, a json_schema, and answers
// with the text of the reply.
type Anthropic struct {
	// URL is the API's base ("https://api.anthropic.com"), or the full messages endpoint. Empty is AnthropicURL.
	URL string
	// Name is the model's name, sent as "model".
	Name string
	// Key is sent in the x-api-key header.
	Key string
	// MaxTokens bounds the answer's length; 0 is 1024.
	MaxTokens int
	// Client sends the requests; nil is http.DefaultClient. The call's context bounds each one.
	Client *http.Client
}

type messagesRequest struct {
	Model        string        `json:"model"`
	MaxTokens    int           `json:"max_tokens"`
	Messages     []chatMessage `json:"messages"`
	OutputConfig outputConfig  `json:"output_config"`
}

type outputConfig struct {
	Format outputFormat `json:"format"`
}

type outputFormat struct {
	Type   string          `json:"type"`
	Schema harness.Grammar `json:"schema"`
}

type messagesReply struct {
	Type    string `json:"type"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
}

// anthropicError is the Messages API's error shape.
type anthropicError struct {
	Type  string `json:"type"`
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Answer sends c to the Messages API and returns the reply's text. An error status, a refusal or a
// reply with no text is a serviceError; a context done first is its error.
func (m Anthropic) Answer(ctx context.Context, c harness.Call) (string, error) {
	if m.Name == "" {
		return "", errNoName
	}
	if m.Key == "" {
		return "", errors.New("no API key is configured")
	}
	maxTokens := m.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 1024
	}
	headers := http.Header{}
	headers.Set("x-api-key", m.Key)
	headers.Set("anthropic-version", AnthropicVersion)
	body := messagesRequest{
		Model:        m.Name,
		MaxTokens:    maxTokens,
		Messages:     []chatMessage{{Role: "user", Content: c.Prompt}},
		OutputConfig: outputConfig{Format: outputFormat{Type: "json_schema", Schema: c.Grammar}},
	}
	base := m.URL
	if strings.HasSuffix(strings.TrimRight(base, "/"), "/v1") {
		base = strings.TrimSuffix(strings.TrimRight(base, "/"), "/v1")
	}
	return exchange(ctx, m.Client, endpoint(base, AnthropicURL, "/v1/messages"), headers, body, m.Key, readMessages)
}

func readMessages(status int, reply []byte) (string, error) {
	fail := func(message string) error {
		return serviceError("anthropic", status, "", message)
	}
	if status != http.StatusOK {
		var e anthropicError
		if json.Unmarshal(reply, &e) == nil && e.Error != nil {
			return "", serviceError("anthropic", status, e.Error.Type, e.Error.Message)
		}
		return "", fail(snippet(reply))
	}
	var r messagesReply
	if err := json.Unmarshal(reply, &r); err != nil || r.Type != "message" {
		return "", fail("the reply is not a message: " + snippet(reply))
	}
	if r.StopReason == "refusal" {
		return "", fail("the model refused")
	}
	var text strings.Builder
	for _, block := range r.Content {
		if block.Type == "text" {
			text.WriteString(block.Text)
		}
	}
	if text.Len() == 0 {
		return "", fail("the reply holds no text")
	}
	return text.String(), nil
}
