// Package testtwilio stands in for Twilio's Messages API in the tests: it checks a send's basic
// auth and form fields, answers as Twilio answers (201 with the message, or an error with its
// code: 21610 for a number that unsubscribed, 429, 500), keeps every message, and calls back each
// message's status signed as Twilio signs it.
package testtwilio

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"salon/internal/sms"
)

// Message is one text the double took.
type Message struct {
	SID, To, From, Body, Callback string
}

// Double stands in for Twilio.
type Double struct {
	// URL is its base address, for sms.Config.API; AccountSID and AuthToken are the credentials it
	// takes, and From the sender it expects.
	URL, AccountSID, AuthToken, From string

	mu           sync.Mutex
	messages     []Message
	unsubscribed map[string]bool
	busy, down   int // how many sends still answer 429, or 500
	calls        int
	slow         time.Duration // how long a send's answer waits, once the text is taken
}

// Start runs a Double on loopback until the test ends.
func Start(tb testing.TB) *Double {
	tb.Helper()
	d := &Double{AccountSID: "AC" + strings.ToLower(rand.Text()), AuthToken: strings.ToLower(rand.Text()), From: "+447700900999",
		unsubscribed: map[string]bool{}}
	srv := httptest.NewServer(http.HandlerFunc(d.serve))
	tb.Cleanup(srv.Close)
	d.URL = srv.URL
	return d
}

// Unsubscribe is the number to replying STOP: Twilio answers its sends 21610 from then on.
func (d *Double) Unsubscribe(to string) { d.mu.Lock(); d.unsubscribed[to] = true; d.mu.Unlock() }

// Slow makes every answer wait wait once the text is taken, as a slow network would: a sender
// killed meanwhile never hears that Twilio has the text.
func (d *Double) Slow(wait time.Duration) { d.mu.Lock(); d.slow = wait; d.mu.Unlock() }

// Busy makes the next n sends answer 429, and Down the next n answer 500.
func (d *Double) Busy(n int) { d.mu.Lock(); d.busy = n; d.mu.Unlock() }
func (d *Double) Down(n int) { d.mu.Lock(); d.down = n; d.mu.Unlock() }

// Messages are the texts taken, in order; Calls counts every send, taken or not.
func (d *Double) Messages() []Message {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]Message(nil), d.messages...)
}

func (d *Double) Calls() int { d.mu.Lock(); defer d.mu.Unlock(); return d.calls }

func twilioError(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"code": code, "message": message, "more_info": "https://www.twilio.com/docs/errors/" + strconv.Itoa(code), "status": status})
}

func (d *Double) serve(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if !ok || user != d.AccountSID || pass != d.AuthToken {
		twilioError(w, http.StatusUnauthorized, 20003, "Authenticate")
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/2010-04-01/Accounts/"+d.AccountSID+"/Messages.json" {
		twilioError(w, http.StatusNotFound, 20404, "The requested resource was not found")
		return
	}
	if err := r.ParseForm(); err != nil {
		twilioError(w, http.StatusBadRequest, 21000, err.Error())
		return
	}
	f := r.PostForm
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls++
	switch {
	case d.busy > 0:
		d.busy--
		twilioError(w, http.StatusTooManyRequests, 20429, "Too Many Requests")
		return
	case d.down > 0:
		d.down--
		twilioError(w, http.StatusInternalServerError, 20500, "Internal Server Error")
		return
	case !strings.HasPrefix(f.Get("To"), "+") || len(f.Get("To")) < 8:
		twilioError(w, http.StatusBadRequest, 21211, "The 'To' number "+f.Get("To")+" is not a valid phone number.") // as Twilio words it
		return
	case f.Get("From") != d.From && f.Get("MessagingServiceSid") == "":
		twilioError(w, http.StatusBadRequest, 21606, "The From phone number is not a valid, SMS-capable inbound phone number for your account.")
		return
	case f.Get("Body") == "":
		twilioError(w, http.StatusBadRequest, 21602, "Message body is required.")
		return
	case d.unsubscribed[f.Get("To")]:
		twilioError(w, http.StatusBadRequest, sms.CodeUnsubscribed, "Attempt to send to unsubscribed recipient")
		return
	}
	m := Message{SID: "SM" + strings.ToLower(rand.Text()), To: f.Get("To"), From: f.Get("From"), Body: f.Get("Body"), Callback: f.Get("StatusCallback")}
	d.messages = append(d.messages, m)
	if slow := d.slow; slow > 0 {
		d.mu.Unlock()
		select {
		case <-time.After(slow):
		case <-r.Context().Done():
		}
		d.mu.Lock()
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(map[string]any{"sid": m.SID, "account_sid": d.AccountSID, "to": m.To, "from": m.From, "body": m.Body, "status": "queued", "num_segments": "1"})
}

// Report calls back the status of the message sid, as Twilio does, signed with token (the
// account's, or another to forge it); it answers the callback's HTTP status.
func (d *Double) Report(tb testing.TB, sid, status, token string) int {
	tb.Helper()
	d.mu.Lock()
	var m Message
	for _, each := range d.messages {
		if each.SID == sid {
			m = each
		}
	}
	d.mu.Unlock()
	if m.Callback == "" {
		tb.Fatalf("testtwilio: message %s asked for no callback", sid)
	}
	form := url.Values{"MessageSid": {sid}, "MessageStatus": {status}, "AccountSid": {d.AccountSID}, "To": {m.To}, "From": {m.From}, "ApiVersion": {"2010-04-01"}}
	req, err := http.NewRequest(http.MethodPost, m.Callback, strings.NewReader(form.Encode()))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Twilio-Signature", sms.Sign(token, m.Callback, form))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("testtwilio: calling back %s: %v", m.Callback, err)
	}
	res.Body.Close()
	return res.StatusCode
}
