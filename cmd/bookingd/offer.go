// This file configures round one's offerer: none (the default offer), a stand-in, or a hosted or local model behind the harness.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"salon/internal/booking"
	"salon/internal/harness"
	"salon/internal/harness/models"
	"salon/internal/server"
)

// envModelKey holds the model service's API key. It is read once and never logged.
const envModelKey = "BOOKING_MODEL_API_KEY"

// The values of -model.
const (
	modelNone      = "none"
	modelStandin   = "standin"
	modelOpenAI    = "openai"
	modelAnthropic = "anthropic"
)

// modelConfig is the harness's configuration, from flags and the environment.
type modelConfig struct {
	kind      string
	url       string
	name      string
	timeout   time.Duration
	attempts  int
	servedLog string
	key       string
}

// register adds the model flags to fs; configure reads the key, as it reads every secret.
func (m *modelConfig) register(fs *flag.FlagSet) {
	fs.StringVar(&m.kind, "model", modelNone, "who proposes round one's times and question: none (the first two open slots), "+
		"standin (a built-in deterministic model, no key), openai (an OpenAI-compatible chat-completions server) or anthropic; the key is read from $"+envModelKey)
	fs.StringVar(&m.url, "model-url", "", "the model service's base URL (default "+models.OpenAIURL+" for openai, "+models.AnthropicURL+" for anthropic)")
	fs.StringVar(&m.name, "model-name", "", "the model's name, sent as \"model\" (needed for openai and anthropic)")
	fs.DurationVar(&m.timeout, "model-timeout", harness.DefaultLimit, "bound on a whole round-one turn of the model; past it round one asks the default question")
	fs.IntVar(&m.attempts, "model-attempts", harness.DefaultAttempts, "answers asked of the model in a turn before round one asks the default question")
	fs.StringVar(&m.servedLog, "served-log", "", "append every model call (prompt as sent, output, ruling) to this file as JSON lines")
}

// check refuses a model configuration that could not serve.
func (m modelConfig) check() error {
	switch m.kind {
	case modelNone, modelStandin, modelOpenAI, modelAnthropic:
	default:
		return fmt.Errorf("-model must be none, standin, openai or anthropic, got %q", m.kind)
	}
	if m.timeout <= 0 {
		return fmt.Errorf("-model-timeout must be positive, got %s", m.timeout)
	}
	if m.attempts < 1 {
		return fmt.Errorf("-model-attempts must be at least 1, got %d", m.attempts)
	}
	if m.kind != modelOpenAI && m.kind != modelAnthropic {
		return nil
	}
	if m.name == "" {
		return fmt.Errorf("-model %s needs -model-name", m.kind)
	}
	if m.kind == modelAnthropic && m.key == "" {
		return fmt.Errorf("-model anthropic needs its API key in $%s", envModelKey)
	}
	if m.url != "" {
		u, err := url.Parse(m.url)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("-model-url must be an http or https URL, got %q", server.RedactedURL(m.url))
		}
	}
	return nil
}

// offerer builds round one's offerer: nil with no model, so the desk keeps the default offer.
// The returned function closes the served log.
func (m modelConfig) offerer(log *slog.Logger, reg prometheus.Registerer) (booking.Offerer, func(), error) {
	done := func() {}
	var model harness.Model
	switch m.kind {
	case modelNone:
		if m.servedLog != "" {
			log.Warn("-served-log has no effect without -model")
		}
		return nil, done, nil
	case modelStandin:
		model = harness.Standin()
	case modelOpenAI:
		model = models.OpenAI{URL: m.url, Name: m.name, Key: m.key, Client: &http.Client{}}
	case modelAnthropic:
		model = models.Anthropic{URL: m.url, Name: m.name, Key: m.key, Client: &http.Client{}}
	default:
		return nil, done, errors.New("unknown -model " + m.kind)
	}
	o := &harness.ModelOfferer{Model: model, Attempts: m.attempts, Limit: m.timeout, Log: log, Metrics: harness.NewMetrics(reg)}
	if m.servedLog != "" {
		f, err := os.OpenFile(m.servedLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return nil, done, fmt.Errorf("-served-log: %w", err)
		}
		o.Served, done = f, func() { closeQuietly(f, log) }
	}
	attrs := []any{"model", m.kind, "attempts", m.attempts, "timeout", m.timeout.String(), "served_log", m.servedLog}
	if m.kind == modelOpenAI || m.kind == modelAnthropic {
		base := m.url
		if base == "" {
			base = map[string]string{modelOpenAI: models.OpenAIURL, modelAnthropic: models.AnthropicURL}[m.kind]
		}
		attrs = append(attrs, "name", m.name, "url", server.RedactedURL(base), "key_set", m.key != "")
	}
	log.Info("round one's offer is proposed by a model and checked by the harness", attrs...)
	return o, done, nil
}

func closeQuietly(c io.Closer, log *slog.Logger) {
	if err := c.Close(); err != nil {
		log.Warn("the served log could not be closed", "error", err.Error())
	}
}
