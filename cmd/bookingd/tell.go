// This file configures telling people: webhooks' addresses, the customers' mail, reminders, and the
// public address the feed and the mails' links start with.

package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"salon/internal/mail"
	"salon/internal/server"
)

// Environment variables of telling people.
const (
	envWebhooksInsecure = "BOOKING_WEBHOOKS_INSECURE"
	envSMTPURL          = "BOOKING_SMTP_URL"
	envMailFrom         = "BOOKING_MAIL_FROM"
	envPublicURL        = "BOOKING_PUBLIC_URL"
	// envTestFirstRetry sets the first retry's gap of deliveries, for tests only: the process tests
	// see the back-off in milliseconds rather than seconds. It is no flag, so -h doesn't offer it.
	envTestFirstRetry = "BOOKING_TEST_FIRST_RETRY"
)

// tellConfig is telling people's configuration, from flags and the environment.
type tellConfig struct {
	insecure     bool
	insecureEnv  string
	smtpURL      string // holds the SMTP password, if any: never logged as it is
	mailFrom     string
	remindBefore time.Duration
	publicURL    string
	firstRetry   string
}

// register adds the flags of telling people to fs, their defaults from the environment.
func (c *tellConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	c.insecureEnv, c.firstRetry = getenv(envWebhooksInsecure), getenv(envTestFirstRetry)
	fs.BoolVar(&c.insecure, "webhooks-insecure", false, "let webhooks go to http URLs and private addresses, for tests and private networks (or $"+envWebhooksInsecure+"=true)")
	fs.StringVar(&c.smtpURL, "smtp-url", getenv(envSMTPURL), "mail customers through this SMTP server, smtp://user:pass@host:port, STARTTLS when offered (default $"+envSMTPURL+", else no mail); needs -db and -mail-from")
	fs.StringVar(&c.mailFrom, "mail-from", getenv(envMailFrom), "the mails' From, such as \"Studio Nine <hello@studio-nine.example>\" (default $"+envMailFrom+")")
	fs.DurationVar(&c.remindBefore, "remind-before", 24*time.Hour, "mail or text a customer's reminder this long before the booking starts; 0 sends none")
	fs.StringVar(&c.publicURL, "public-url", getenv(envPublicURL), "this service's address as customers reach it, such as https://book.studio-nine.example: the feed's address and the mails' manage links start with it (default $"+envPublicURL+")")
}

// check refuses a configuration of telling people that could not serve.
func (c *tellConfig) check() error {
	if c.insecureEnv != "" && !c.insecure {
		on, err := strconv.ParseBool(c.insecureEnv)
		if err != nil {
			return fmt.Errorf("$%s must be true or false, got %q", envWebhooksInsecure, c.insecureEnv)
		}
		c.insecure = on
	}
	if c.remindBefore < 0 {
		return fmt.Errorf("-remind-before must be 0 or more, got %s", c.remindBefore)
	}
	switch {
	case c.smtpURL != "" && c.mailFrom == "":
		return errors.New("-smtp-url needs -mail-from, the address the mails come from")
	case c.smtpURL == "" && c.mailFrom != "":
		return errors.New("-mail-from needs -smtp-url, the server the mails go through")
	case c.smtpURL != "":
		if err := (mail.Sender{URL: c.smtpURL, From: c.mailFrom}).Check(); err != nil {
			return fmt.Errorf("-smtp-url or -mail-from: %w", err)
		}
	}
	if c.publicURL != "" {
		u, err := url.Parse(c.publicURL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return fmt.Errorf("-public-url must be an http or https address with no query, such as https://book.studio-nine.example, got %q", c.publicURL)
		}
		c.publicURL = strings.TrimRight(c.publicURL, "/")
	}
	if _, err := c.retry(); err != nil {
		return err
	}
	return nil
}

// retry is the first retry's gap the tests' variable sets; 0 when unset.
func (c tellConfig) retry() (time.Duration, error) {
	if c.firstRetry == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(c.firstRetry)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("$%s must be a positive duration, got %q", envTestFirstRetry, c.firstRetry)
	}
	return d, nil
}

// apply puts the configuration into the server's, refusing mail without a calendar to tell of.
func (c tellConfig) apply(cfg *server.Config) error {
	if c.smtpURL != "" {
		if cfg.DatabaseURL == "" {
			return errors.New("-smtp-url needs -db: mail tells of the calendar's bookings")
		}
		cfg.Mail = &mail.Sender{URL: c.smtpURL, From: c.mailFrom}
	}
	cfg.WebhooksInsecure, cfg.RemindBefore, cfg.PublicURL = c.insecure, c.remindBefore, c.publicURL
	cfg.FirstRetry, _ = c.retry()
	return nil
}
