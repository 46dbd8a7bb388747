// Package models holds the model adapters, the harness's one effect: each sends a call to a model service over HTTP.
package models

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxReplyBytes bounds what is read of a service's reply.
const maxReplyBytes = 1 << 20

// serviceError is a reply of a model service that is not an answer: an error status with the
// service's own error shape read, or an answer the service says it refused. service names the
// adapter ("openai" or "anthropic"); status is the HTTP status, 200 for an answer refused or
// unreadable; kind is the service's error type, such as "rate_limit_error", or ""; message is the
// service's message, or what was wrong with the reply. Its text never holds the key. Every error
// falls back alike, so none is told apart.
func serviceError(service string, status int, kind, message string) error {
	if kind != "" {
		kind = " (" + kind + ")"
	}
	return fmt.Errorf("%s answered %d%s: %s", service, status, kind, message)
}

// exchange posts body as JSON to endpoint with headers, and hands the status and the reply's
// bytes to read. Any error it returns has the key scrubbed from its text.
func exchange(ctx context.Context, client *http.Client, endpoint string, headers http.Header, body any, key string,
	read func(status int, reply []byte) (string, error)) (string, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(payload))
	if err != nil {
		return "", scrub(err, key)
	}
	req.Header = headers
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", scrub(err, key)
	}
	defer res.Body.Close()
	reply, err := io.ReadAll(io.LimitReader(res.Body, maxReplyBytes))
	if err != nil {
		return "", scrub(err, key)
	}
	output, err := read(res.StatusCode, reply)
	return output, scrub(err, key)
}

// scrub keeps the key out of an error's text, should a service or a transport ever echo it.
func scrub(err error, key string) error {
	if err == nil || key == "" || !strings.Contains(err.Error(), key) {
		return err
	}
	return &scrubbed{text: strings.ReplaceAll(err.Error(), key, "[key]"), cause: err}
}

type scrubbed struct {
	text  string
	cause error
}

func (s *scrubbed) Error() string { return s.text }

// Unwrap keeps errors.Is(err, context.DeadlineExceeded) and the like working.
func (s *scrubbed) Unwrap() error { return s.cause }

// snippet is the start of a reply that is not the service's error shape, for an error's text.
func snippet(reply []byte) string {
	s := strings.TrimSpace(string(reply))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		return "an empty reply"
	}
	return s
}

// endpoint is base with path appended, unless base already ends in it.
func endpoint(base, fallback, path string) string {
	if base == "" {
		base = fallback
	}
	base = strings.TrimRight(base, "/")
	if strings.HasSuffix(base, path) {
		return base
	}
	return base + path
}

var errNoName = errors.New("no model name is configured")
