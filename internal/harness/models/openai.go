// This file holds the adapter for OpenAI-compatible chat completions with a json_schema response format.

package models

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"salon/internal/harness"
)

// OpenAIURL is the OpenAI API's base URL, used when an OpenAI adapter names none.
const OpenAIURL = "https://api.openai.com/v1"

// OpenAI is a Model served by an OpenAI-compatible chat-completions endpoint, as OpenAI, llama.cpp's
// server, vLLM and Ollama speak it. It sends the prompt as one user message and the grammar as a
// strict json_schema response format, and answers with the message's content.
type OpenAI struct {
	// URL is the API's base (such as "https://api.openai.com/v1" or "http://localhost:11434/v1"),
	// or the full chat-completions endpoint. Empty is OpenAIURL.
	URL string
	// Name is the model's name, sent as "model".
	Name string
	// Key is sent as a bearer token; empty sends none (local servers need none).
	Key string
	// Client sends the requests; nil is http.DefaultClient. The call's context bounds each one.
	Client *http.Client
}

type chatRequest struct {
	Model          string         `json:"model"`
	Messages       []chatMessage  `json:"messages"`
	ResponseFormat responseFormat `json:"response_format"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string     `json:"type"`
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema harness.Grammar `json:"schema"`
}

type chatReply struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// openAIError is the error shape of OpenAI and of the servers that copy it.
type openAIError struct {
	Error *struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	} `json:"error"`
}

// Answer sends c to the endpoint and returns the answer's text. An error status, a refusal or a
// reply with no answer is a serviceError; a context done first is its error.
func (m OpenAI) Answer(ctx context.Context, c harness.Call) (string, error) {
	if m.Name == "" {
		return "", errNoName
	}
	headers := http.Header{}
	if m.Key != "" {
		headers.Set("Authorization", "Bearer "+m.Key)
	}
	body := chatRequest{
		Model:    m.Name,
		Messages: []chatMessage{{Role: "user", Content: c.Prompt}},
		ResponseFormat: responseFormat{Type: "json_schema", JSONSchema: jsonSchema{
			Name: "offer", Strict: true, Schema: c.Grammar,
		}},
	}
	return exchange(ctx, m.Client, endpoint(m.URL, OpenAIURL, "/chat/completions"), headers, body, m.Key, readChat)
}

func readChat(status int, reply []byte) (string, error) {
	fail := func(message string) error { return serviceError("openai", status, "", message) }
	if status != http.StatusOK {
		var e openAIError
		if json.Unmarshal(reply, &e) == nil && e.Error != nil {
			return "", serviceError("openai", status, e.Error.Type, e.Error.Message)
		}
		return "", fail(snippet(reply))
	}
	var r chatReply
	if err := json.Unmarshal(reply, &r); err != nil {
		return "", fail("the reply is not a chat completion: " + snippet(reply))
	}
	if len(r.Choices) == 0 {
		return "", fail("the reply holds no choice")
	}
	msg := r.Choices[0].Message
	switch {
	case msg.Refusal != nil && strings.TrimSpace(*msg.Refusal) != "":
		return "", fail("the model refused: " + *msg.Refusal)
	case msg.Content == nil:
		return "", fail("the reply's message has no content")
	}
	return *msg.Content, nil
}
