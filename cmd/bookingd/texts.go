// This file configures text messages through Twilio: the account's SID and auth token, the sender,
// and Twilio's address for tests.

package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"salon/internal/server"
	"salon/internal/sms"
)

// Environment variables of texts. The account's SID and token are read as the signing key is, from
// the variable or from the file its _FILE twin names.
const (
	envTwilioSID   = "BOOKING_TWILIO_ACCOUNT_SID"
	envTwilioToken = "BOOKING_TWILIO_AUTH_TOKEN"
	envSMSFrom     = "BOOKING_SMS_FROM"
)

// twilioAPI is Twilio's own address.
const twilioAPI = "https://api.twilio.com"

// senders are what a text may come from: a number in E.164, or a Messaging Service's SID.
var senders = regexp.MustCompile(`^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$`)

// textsConfig is texts' configuration, from flags and the environment.
type textsConfig struct {
	sid, token string // the token is never logged
	from, api  string
}

// register adds the flags of texts to fs.
func (c *textsConfig) register(fs *flag.FlagSet) {
	fs.StringVar(&c.from, "sms-from", "", "what texts come from: a number in E.164 (+447700900999) or a Twilio Messaging Service SID (MG…); $"+envSMSFrom+"; with $"+envTwilioSID+" and $"+envTwilioToken+" (default none: no texts)")
	fs.StringVar(&c.api, "twilio-api", twilioAPI, "Twilio's base address, for tests only")
}

// read fills what the environment gives, and refuses a configuration that can't send a text. Its
// errors never hold the token.
func (c *textsConfig) read(getenv func(string) string) error {
	sid, err := secret(getenv, envTwilioSID)
	if err != nil {
		return err
	}
	token, err := secret(getenv, envTwilioToken)
	if err != nil {
		return err
	}
	c.sid, c.token = sid, token
	if c.from == "" {
		c.from = getenv(envSMSFrom)
	}
	switch {
	case c.sid == "" && c.token == "" && c.from == "":
		return nil
	case c.sid == "" || c.token == "" || c.from == "":
		return fmt.Errorf("texts need all three of $%s, $%s (or %s%s) and -sms-from", envTwilioSID, envTwilioToken, envTwilioToken, fileSuffix)
	case !strings.HasPrefix(c.sid, "AC"):
		return fmt.Errorf("$%s must be an account SID, starting AC", envTwilioSID)
	case !senders.MatchString(c.from):
		return errors.New("-sms-from must be a number in E.164, such as +447700900999, or a Messaging Service SID, MG…")
	}
	u, err := url.Parse(c.api)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("-twilio-api must be an http or https address, got %q", c.api)
	}
	c.api = strings.TrimRight(c.api, "/")
	return nil
}

// apply puts texts into the server's configuration: none without an account. A text is told of a
// booking's change, so texts need -db.
func (c textsConfig) apply(cfg *server.Config) error {
	if c.sid == "" {
		return nil
	}
	if cfg.DatabaseURL == "" {
		return errors.New("texts need -db: a text tells of a booking's change, which the calendar records")
	}
	api := c.api
	if api == twilioAPI {
		api = ""
	}
	t, err := sms.New(sms.Config{AccountSID: c.sid, AuthToken: c.token, From: c.from, API: api})
	if err != nil {
		return err
	}
	cfg.SMS = t
	return nil
}
