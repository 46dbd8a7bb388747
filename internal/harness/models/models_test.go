// This file tests the adapters against local servers that check each request and reply as the real services do.

package models_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"salon/internal/harness"
	"salon/internal/harness/models"
	"salon/internal/step"
)

const key = "sk-test-9f8e7d6c5b4a"

var booking = step.Request{Message: "A trim on Sunday? I can’t do mornings.", OpenSlots: []string{"sat-10:30", "sun-11:00", "sun-13:00"}}

// call is a turn's first call for booking.
func call(t *testing.T) harness.Call {
	t.Helper()
	c := harness.Compose(booking)
	g, err := harness.NewGrammar(c.Options)
	if err != nil {
		t.Fatal(err)
	}
	return harness.Call{Attempt: 1, Prompt: harness.Prompt(c), Grammar: g}
}

// service is a fake model service: check reads each request, reply answers it.
func service(t *testing.T, check func(t *testing.T, r *http.Request, body map[string]any), reply func(w http.ResponseWriter, r *http.Request)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading the request: %v", err)
		}
		var body map[string]any
		if err := json.Unmarshal(data, &body); err != nil {
			t.Errorf("the request body is not a JSON object: %s", data)
		}
		if check != nil {
			check(t, r, body)
		}
		reply(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func replyJSON(status int, body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// slow replies only when the client has gone, or after a long while.
func slow(w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(5 * time.Second):
		replyJSON(http.StatusOK, `{}`)(w, r)
	}
}

// same reports whether got, decoded JSON, is the JSON encoding of want.
func same(t *testing.T, got any, want any) bool {
	t.Helper()
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var w any
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	w2, _ := json.Marshal(w)
	return string(g) == string(w2)
}

func encoded(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

const answer = `{"choices":["sun-11:00"],"question":"Would Sunday at 11:00 suit you?"}`

func TestOpenAISendsTheCallAndReadsTheAnswer(t *testing.T) {
	c := call(t)
	srv := service(t, func(t *testing.T, r *http.Request, body map[string]any) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("got %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer "+key {
			t.Errorf("got Authorization %q, want the bearer key", got)
		}
		if got := r.Header.Get("Content-Type"); got != "application/json" {
			t.Errorf("got Content-Type %q", got)
		}
		if body["model"] != "gpt-test" {
			t.Errorf("got model %v, want gpt-test", body["model"])
		}
		want := []any{map[string]any{"role": "user", "content": c.Prompt}}
		if !same(t, body["messages"], want) {
			t.Errorf("got messages %v, want the prompt as one user message", body["messages"])
		}
		format := map[string]any{"type": "json_schema", "json_schema": map[string]any{"name": "offer", "strict": true, "schema": c.Grammar}}
		if !same(t, body["response_format"], format) {
			t.Errorf("got response_format %v, want the grammar as a strict json_schema", body["response_format"])
		}
	}, replyJSON(http.StatusOK, `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-test",`+
		`"choices":[{"index":0,"message":{"role":"assistant","content":`+encoded(answer)+`,"refusal":null},"finish_reason":"stop"}],`+
		`"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`))
	m := models.OpenAI{URL: srv.URL + "/v1", Name: "gpt-test", Key: key}
	got, err := m.Answer(context.Background(), c)
	if err != nil || got != answer {
		t.Errorf("got %q, %v; want the message's content", got, err)
	}
}

func TestOpenAIWithoutAKeySendsNoAuthorization(t *testing.T) {
	srv := service(t, func(t *testing.T, r *http.Request, _ map[string]any) {
		if r.Header.Get("Authorization") != "" || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("got Authorization %q at %s, want none at the full endpoint", r.Header.Get("Authorization"), r.URL.Path)
		}
	}, replyJSON(http.StatusOK, `{"choices":[{"message":{"content":`+encoded(answer)+`}}]}`))
	m := models.OpenAI{URL: srv.URL + "/v1/chat/completions", Name: "local"}
	if got, err := m.Answer(context.Background(), call(t)); err != nil || got != answer {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestAnthropicSendsTheCallAndReadsTheAnswer(t *testing.T) {
	c := call(t)
	srv := service(t, func(t *testing.T, r *http.Request, body map[string]any) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
			t.Errorf("got %s %s, want POST /v1/messages", r.Method, r.URL.Path)
		}
		if got := r.Header.Get("x-api-key"); got != key {
			t.Errorf("got x-api-key %q, want the key", got)
		}
		if got := r.Header.Get("anthropic-version"); got != "2023-06-01" {
			t.Errorf("got anthropic-version %q", got)
		}
		if r.Header.Get("Authorization") != "" {
			t.Errorf("the key went out as Authorization too")
		}
		if body["model"] != "claude-test" || body["max_tokens"] != float64(1024) {
			t.Errorf("got model %v max_tokens %v", body["model"], body["max_tokens"])
		}
		if !same(t, body["messages"], []any{map[string]any{"role": "user", "content": c.Prompt}}) {
			t.Errorf("got messages %v, want the prompt as one user message", body["messages"])
		}
		if !same(t, body["output_config"], map[string]any{"format": map[string]any{"type": "json_schema", "schema": c.Grammar}}) {
			t.Errorf("got output_config %v, want the grammar as its json_schema format", body["output_config"])
		}
	}, replyJSON(http.StatusOK, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-test",`+
		`"content":[{"type":"text","text":`+encoded(answer)+`}],"stop_reason":"end_turn","stop_sequence":null,`+
		`"usage":{"input_tokens":1,"output_tokens":1}}`))
	m := models.Anthropic{URL: srv.URL, Name: "claude-test", Key: key}
	got, err := m.Answer(context.Background(), c)
	if err != nil || got != answer {
		t.Errorf("got %q, %v; want the reply's text", got, err)
	}
}

// adapters names each adapter pointed at a server.
func adapters(url string) map[string]harness.Model {
	return map[string]harness.Model{
		"openai":    models.OpenAI{URL: url, Name: "m", Key: key},
		"anthropic": models.Anthropic{URL: url, Name: "m", Key: key},
	}
}

func TestAdaptersReadTheServicesErrors(t *testing.T) {
	tests := []struct {
		name       string
		adapter    string
		status     int
		body       string
		wantKind   string
		wantInText string
	}{
		{"openai: a wrong key", "openai", 401, `{"error":{"message":"Incorrect API key provided: ` + key + `.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`, "invalid_request_error", "Incorrect API key provided: [key]."},
		{"openai: rate limited", "openai", 429, `{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`, "requests", "Rate limit reached"},
		{"openai: a local server's error", "openai", 400, `{"error":{"code":400,"message":"the model does not support json_schema","type":"invalid_request_error"}}`, "invalid_request_error", "does not support json_schema"},
		{"openai: a proxy's page", "openai", 502, `<html>Bad Gateway</html>`, "", "<html>Bad Gateway</html>"},
		{"openai: a refusal", "openai", 200, `{"choices":[{"message":{"content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}`, "", "the model refused: I can't help with that."},
		{"openai: no choice", "openai", 200, `{"choices":[]}`, "", "no choice"},
		{"anthropic: a wrong key", "anthropic", 401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_1"}`, "authentication_error", "invalid x-api-key"},
		{"anthropic: overloaded", "anthropic", 529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "overloaded_error", "Overloaded"},
		{"anthropic: a bad schema", "anthropic", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"output_config.format.schema: unsupported"}}`, "invalid_request_error", "unsupported"},
		{"anthropic: a refusal", "anthropic", 200, `{"type":"message","role":"assistant","content":[],"stop_reason":"refusal"}`, "", "the model refused"},
		{"anthropic: not a message", "anthropic", 200, `{"hello":"world"}`, "", "not a message"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := service(t, nil, replyJSON(tt.status, tt.body))
			_, err := adapters(srv.URL)[tt.adapter].Answer(context.Background(), call(t))
			kind := ""
			if tt.wantKind != "" {
				kind = " (" + tt.wantKind + ")"
			}
			want := fmt.Sprintf("%s answered %d%s: ", tt.adapter, tt.status, kind)
			if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), tt.wantInText) {
				t.Errorf("got %v, want %q then %q", err, want, tt.wantInText)
			}
			if strings.Contains(err.Error(), key) {
				t.Errorf("the error holds the key: %q", err)
			}
		})
	}
}

// A service that is slow to reply is left at the call's deadline, and the error says so.
func TestAdaptersStopAtTheDeadline(t *testing.T) {
	srv := service(t, nil, slow)
	for name, m := range adapters(srv.URL) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			began := time.Now()
			_, err := m.Answer(ctx, call(t))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("got %v, want the deadline's error", err)
			}
			if took := time.Since(began); took > time.Second {
				t.Errorf("the call took %s, want it left at the 100ms deadline", took)
			}
		})
	}
}

// An adapter in a turn: a service that invents a time is refused and asked again, a slow one falls back at the limit.
func TestAdaptersInATurn(t *testing.T) {
	invented := `{"choices":["sun-09:00"],"question":"Sunday at 9am?"}`
	for _, adapter := range []string{"openai", "anthropic"} {
		t.Run(adapter, func(t *testing.T) {
			calls := 0
			srv := service(t, func(t *testing.T, _ *http.Request, body map[string]any) {
				calls++
				prompt := body["messages"].([]any)[0].(map[string]any)["content"].(string)
				if calls == 2 && !strings.Contains(prompt, invented) {
					t.Errorf("the second call's prompt doesn't hold the refused answer")
				}
			}, func(w http.ResponseWriter, r *http.Request) {
				text := invented
				if calls > 1 {
					text = answer
				}
				if adapter == "openai" {
					replyJSON(200, `{"choices":[{"message":{"content":`+encoded(text)+`}}]}`)(w, r)
					return
				}
				replyJSON(200, `{"type":"message","content":[{"type":"text","text":`+encoded(text)+`}],"stop_reason":"end_turn"}`)(w, r)
			})
			out := harness.Turn(context.Background(), adapters(srv.URL)[adapter], 3, booking)
			if !out.Served || out.Offer.Question != "Would Sunday at 11:00 suit you?" || calls != 2 {
				t.Errorf("got %+v after %d calls, want the second answer served", out, calls)
			}

			silent := service(t, nil, slow)
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			if out := harness.Turn(ctx, adapters(silent.URL)[adapter], 3, booking); out.Why != harness.WhyTimeLimit {
				t.Errorf("got %+v, want a fallback at the time limit", out)
			}
		})
	}
}

func TestAnthropicNeedsAKeyAndANameBeforeAnyRequest(t *testing.T) {
	srv := service(t, func(t *testing.T, _ *http.Request, _ map[string]any) { t.Error("a request went out") }, replyJSON(200, `{}`))
	for _, m := range []harness.Model{models.Anthropic{URL: srv.URL, Name: "m"}, models.Anthropic{URL: srv.URL, Key: key}, models.OpenAI{URL: srv.URL}} {
		if _, err := m.Answer(context.Background(), call(t)); err == nil {
			t.Errorf("%T with no key or no name answered", m)
		}
	}
}
