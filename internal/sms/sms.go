// Package sms texts customers through Twilio, with its official Go library
// (github.com/twilio/twilio-go): one message to one number, Twilio's status callbacks verified by
// the library's own validator, and the length of a text counted as the carriers count it.
//
// Nothing here decides what a text says or when it is sent; the dispatcher of deliveries does.
package sms

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"time"

	"github.com/twilio/twilio-go"
	"github.com/twilio/twilio-go/client"
	api "github.com/twilio/twilio-go/rest/api/v2010"
)

// Config is how to reach Twilio, and whom a text comes from.
type Config struct {
	// AccountSID and AuthToken are the account's credentials (AC…, and its secret); the token signs
	// Twilio's callbacks too. Neither is ever logged.
	AccountSID, AuthToken string
	// From is a number in E.164 (+44…) or a Messaging Service's SID (MG…).
	From string
	// API is Twilio's base address without a trailing slash, for tests; "" is Twilio's own.
	API string
	// HTTPClient makes the calls; nil is a client with a 10 s time-out.
	HTTPClient *http.Client
}

// Twilio is the account texts are sent from. It is safe for concurrent use.
type Twilio struct {
	rest  *twilio.RestClient
	from  string
	token string
}

// callTimeout bounds one call to Twilio when the caller's client sets none.
const callTimeout = 10 * time.Second

// New returns the account cfg reaches.
func New(cfg Config) (*Twilio, error) {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: callTimeout}
	}
	if cfg.API != "" {
		base, err := url.Parse(cfg.API)
		if err != nil || base.Scheme == "" || base.Host == "" {
			return nil, fmt.Errorf("sms: Twilio's address %q is not an http(s) URL", cfg.API)
		}
		next := hc.Transport
		if next == nil {
			next = http.DefaultTransport
		}
		copied := *hc
		copied.Transport = rebase{base: base, next: next}
		hc = &copied
	}
	c := &client.Client{Credentials: client.NewCredentials(cfg.AccountSID, cfg.AuthToken), HTTPClient: hc}
	c.SetAccountSid(cfg.AccountSID)
	rest := twilio.NewRestClientWithParams(twilio.ClientParams{Client: c})
	return &Twilio{rest: rest, from: cfg.From, token: cfg.AuthToken}, nil
}

// rebase sends every request to base's scheme and host instead of Twilio's, for tests.
type rebase struct {
	base *url.URL
	next http.RoundTripper
}

func (r rebase) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host, out.Host = r.base.Scheme, r.base.Host, r.base.Host
	return r.next.RoundTrip(out)
}

// The codes Twilio answers a send with that say something beyond "failed".
const (
	// CodeUnsubscribed is Twilio's 21610: the number replied STOP to this sender.
	CodeUnsubscribed = 21610
)

// ErrUnsubscribed refuses a text to a number that unsubscribed (Twilio's 21610): trying again
// changes nothing, and the number must not be texted again.
var ErrUnsubscribed = errors.New("sms: the number has unsubscribed (Twilio 21610)")

// Failure is a send Twilio refused or couldn't take: its HTTP status and Twilio's code (0 when the
// call got no answer), and whether trying again may succeed.
type Failure struct {
	Status, Code int
	Retry        bool
	Err          error
}

// Error names the status and Twilio's code, never Twilio's own words, which may quote the number
// texted: the error is logged, and a customer's contact never is.
func (f *Failure) Error() string {
	if f.Status == 0 {
		var call *url.Error
		if errors.As(f.Err, &call) {
			return "sms: Twilio gave no answer: " + call.Err.Error()
		}
		return "sms: Twilio gave no answer"
	}
	return fmt.Sprintf("sms: Twilio answered %d (code %d)", f.Status, f.Code)
}

func (f *Failure) Unwrap() error { return f.Err }

// Send texts body to the number to (E.164), asking Twilio to report the message's status to
// callback ("" for none), and returns the message's SID. A number that unsubscribed is
// ErrUnsubscribed; any other refusal is a *Failure, which says whether to try again (a 429 or a
// 5xx, or no answer at all).
func (t *Twilio) Send(to, body, callback string) (string, error) {
	params := &api.CreateMessageParams{}
	params.SetTo(to).SetBody(body)
	if len(t.from) > 2 && t.from[:2] == "MG" {
		params.SetMessagingServiceSid(t.from)
	} else {
		params.SetFrom(t.from)
	}
	if callback != "" {
		params.SetStatusCallback(callback)
	}
	m, err := t.rest.Api.CreateMessage(params)
	var rest *client.TwilioRestError
	switch {
	case errors.As(err, &rest) && rest.Code == CodeUnsubscribed:
		return "", ErrUnsubscribed
	case errors.As(err, &rest):
		return "", &Failure{Status: rest.Status, Code: rest.Code, Retry: rest.Status == http.StatusTooManyRequests || rest.Status >= 500, Err: err}
	case err != nil:
		return "", &Failure{Retry: true, Err: err}
	case m.Sid == nil:
		return "", &Failure{Status: http.StatusOK, Retry: true, Err: errors.New("the message came back without a SID")}
	}
	return *m.Sid, nil
}

// Verify reports whether a status callback's X-Twilio-Signature is Twilio's for the address it was
// sent to (as Twilio was given it) and its form, by the library's own validator.
func (t *Twilio) Verify(address string, form url.Values, signature string) bool {
	params := make(map[string]string, len(form))
	for k, v := range form {
		if len(v) > 0 {
			params[k] = v[0]
		}
	}
	v := client.NewRequestValidator(t.token)
	return signature != "" && v.Validate(address, params, signature)
}

// Sign is the X-Twilio-Signature Twilio sends with a callback of form to address, made with the
// account's token as Twilio documents it (the HMAC-SHA1 of the address and every parameter's name
// and value in order of name, in base64), for test doubles that call back as Twilio does.
func Sign(token, address string, form url.Values) string {
	names := make([]string, 0, len(form))
	for k := range form {
		names = append(names, k)
	}
	sort.Strings(names)
	mac := hmac.New(sha1.New, []byte(token))
	mac.Write([]byte(address))
	for _, k := range names {
		mac.Write([]byte(k + form.Get(k)))
	}
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}
