// This file configures deposits through Stripe: the account's secret key, the webhook endpoint's
// signing secret, and Stripe's address for tests.

package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strings"

	"salon/internal/payments"
	"salon/internal/server"
)

// Environment variables of payments. The key and the secret are read as the signing key is, from
// the variable or from the file its _FILE twin names.
const (
	envStripeKey    = "BOOKING_STRIPE_KEY"
	envStripeSecret = "BOOKING_STRIPE_WEBHOOK_SECRET"
)

// stripeAPI is Stripe's own address.
const stripeAPI = "https://api.stripe.com"

// paymentsConfig is payments' configuration, from flags and the environment.
type paymentsConfig struct {
	key, secret string // never logged
	api         string
}

// register adds the flags of payments to fs.
func (c *paymentsConfig) register(fs *flag.FlagSet) {
	fs.StringVar(&c.key, "stripe-key", "", "the Stripe account's secret key (sk_… or rk_…), which takes deposits; a flag shows in the process list, so prefer $"+envStripeKey+" or $"+envStripeKey+fileSuffix+" (default none: no deposits)")
	fs.StringVar(&c.secret, "stripe-webhook-secret", "", "the signing secret (whsec_…) of the Stripe webhook endpoint that sends events to /payments/stripe; prefer $"+envStripeSecret+" or $"+envStripeSecret+fileSuffix)
	fs.StringVar(&c.api, "stripe-api", stripeAPI, "Stripe's base address, for tests only")
}

// read fills the key and the secret from the environment where no flag gave them, and refuses a
// configuration that can't take a deposit. Its errors never hold the key or the secret.
func (c *paymentsConfig) read(getenv func(string) string) error {
	for _, s := range []struct {
		value *string
		env   string
		flag  string
	}{{&c.key, envStripeKey, "-stripe-key"}, {&c.secret, envStripeSecret, "-stripe-webhook-secret"}} {
		fromEnv, err := secret(getenv, s.env)
		if err != nil {
			return err
		}
		switch {
		case *s.value != "" && fromEnv != "":
			return fmt.Errorf("%s and $%s (or %s%s) are both set: give it one way", s.flag, s.env, s.env, fileSuffix)
		case *s.value == "":
			*s.value = fromEnv
		}
	}
	switch {
	case c.key == "" && c.secret == "":
		return nil
	case c.key == "":
		return errors.New("-stripe-webhook-secret needs -stripe-key: there is no account to take deposits")
	case c.secret == "":
		return errors.New("-stripe-key needs -stripe-webhook-secret: Stripe says a deposit is paid only in a signed event")
	case !strings.HasPrefix(c.key, "sk_") && !strings.HasPrefix(c.key, "rk_"):
		return errors.New("-stripe-key must be a secret or restricted key, starting sk_ or rk_")
	case !strings.HasPrefix(c.secret, "whsec_"):
		return errors.New("-stripe-webhook-secret must be a webhook signing secret, starting whsec_")
	}
	u, err := url.Parse(c.api)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("-stripe-api must be an http or https address, got %q", c.api)
	}
	c.api = strings.TrimRight(c.api, "/")
	return nil
}

// apply puts payments into the server's configuration: none without a key. A deposit holds a time
// in the calendar and sends the customer back to the service's own address, so payments need -db
// and -public-url.
func (c paymentsConfig) apply(cfg *server.Config) error {
	if c.key == "" {
		return nil
	}
	switch {
	case cfg.DatabaseURL == "":
		return errors.New("-stripe-key needs -db: a deposit holds a time in the calendar")
	case cfg.PublicURL == "":
		return errors.New("-stripe-key needs -public-url: Stripe's Checkout sends the customer back to it")
	}
	cfg.Payments = payments.New(payments.Config{Key: c.key, WebhookSecret: c.secret, API: c.api})
	return nil
}
