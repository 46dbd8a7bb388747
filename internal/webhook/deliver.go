// This file holds delivery: the client that keeps to the address rule, and one attempt.

package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// Timeout bounds one attempt, from dialling to the end of the answer's headers and the little of
// its body that is read.
const Timeout = 10 * time.Second

// userAgent names the sender to receivers.
const userAgent = "salon-booking-webhooks/1"

// NewClient is the http.Client to deliver with. Unless insecure, it connects only to public
// addresses, checked on the address dialled after name resolution, and sends only https; with
// insecure, anything goes. Either way it uses no proxy, follows no redirect (the 3xx answer is
// returned) and gives up on an attempt after Timeout.
func NewClient(insecure bool) *http.Client {
	dialer := &net.Dialer{Timeout: Timeout, KeepAlive: 30 * time.Second, Control: dialControl(insecure)}
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   Timeout,
		ResponseHeaderTimeout: Timeout,
	}
	return &http.Client{
		Transport: httpsOnly{next: transport, insecure: insecure},
		Timeout:   Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// httpsOnly refuses a request that isn't https, unless insecure.
type httpsOnly struct {
	next     http.RoundTripper
	insecure bool
}

// RoundTrip sends r when its scheme is allowed.
func (h httpsOnly) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Scheme != "https" && !h.insecure {
		if r.Body != nil {
			r.Body.Close()
		}
		return nil, ErrURL
	}
	return h.next.RoundTrip(r)
}

// Deliver makes one attempt: it POSTs body, as JSON, to rawURL with the headers of id at ts
// signed with secret, through client, within Timeout and ctx. The error is nil exactly when the
// receiver answered 2xx. status is the answer's status, or 0 when none came. An error may name the
// host but never holds the URL's path or query, where a receiver may keep a token; it wraps ErrURL
// when the address rule refused the attempt, and is ErrID for a bad id.
func Deliver(ctx context.Context, client *http.Client, rawURL string, secret []byte, id string, ts time.Time, body []byte) (status int, err error) {
	if err := CheckID(id); err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, bytes.NewReader(body))
	if err != nil {
		return 0, errors.New("webhook: the URL can't be requested")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	Header(req.Header, secret, id, ts, body)
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the same error without the URL
		}
		return 0, fmt.Errorf("webhook: attempt failed: %w", err)
	}
	// Read a little of the body so the connection can be reused; a receiver's answer is not kept.
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, fmt.Errorf("webhook: the receiver answered %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	return resp.StatusCode, nil
}
