package sms_test

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salon/internal/sms"
	"salon/internal/testtwilio"
)

func TestATextGoesThroughTwilioAndItsRefusalsSayWhetherToTryAgain(t *testing.T) {
	d := testtwilio.Start(t)
	tw, err := sms.New(sms.Config{AccountSID: d.AccountSID, AuthToken: d.AuthToken, From: d.From, API: d.URL})
	if err != nil {
		t.Fatal(err)
	}
	sid, err := tw.Send("+447700900123", "Cut with Ana, Friday 4 December, 11:00, is booked.", "https://book.example/sms/twilio/status")
	if err != nil || sid == "" {
		t.Fatalf("Send: %q, %v", sid, err)
	}
	if got := d.Messages(); len(got) != 1 || got[0].To != "+447700900123" || got[0].From != d.From || got[0].Callback != "https://book.example/sms/twilio/status" {
		t.Errorf("Twilio took %+v", got)
	}
	d.Unsubscribe("+447700900124")
	if _, err := tw.Send("+447700900124", "hello", ""); !errors.Is(err, sms.ErrUnsubscribed) {
		t.Errorf("a text to a number that replied STOP: %v, want ErrUnsubscribed", err)
	}
	for name, set := range map[string]func(int){"busy (429)": d.Busy, "down (500)": d.Down} {
		set(1)
		var f *sms.Failure
		if _, err := tw.Send("+447700900125", "hello", ""); !errors.As(err, &f) || !f.Retry {
			t.Errorf("Twilio %s: %v, want a failure to try again", name, err)
		}
	}
	var f *sms.Failure
	if _, err := tw.Send("not-a-number", "hello", ""); !errors.As(err, &f) || f.Retry || f.Code != 21211 {
		t.Errorf("a bad number: %v, want Twilio's 21211, not to be tried again", err)
	} else if strings.Contains(err.Error(), "not-a-number") {
		t.Errorf("the failure, which is logged, quotes the number: %v", err)
	}
	wrong, _ := sms.New(sms.Config{AccountSID: d.AccountSID, AuthToken: "wrong", From: d.From, API: d.URL})
	if _, err := wrong.Send("+447700900123", "hello", ""); !errors.As(err, &f) || f.Status != http.StatusUnauthorized || f.Retry {
		t.Errorf("a wrong token: %v, want 401, not to be tried again", err)
	}
}

func TestACallbackVerifiesOnlyWithTheAccountsToken(t *testing.T) {
	tw, err := sms.New(sms.Config{AccountSID: "ACx", AuthToken: "the-token", From: "+447700900999"})
	if err != nil {
		t.Fatal(err)
	}
	address := "https://book.example/sms/twilio/status"
	form := url.Values{"MessageSid": {"SM1"}, "MessageStatus": {"delivered"}, "To": {"+447700900123"}}
	if !tw.Verify(address, form, sms.Sign("the-token", address, form)) {
		t.Error("a callback signed as Twilio signs it doesn't verify with the library's validator")
	}
	for name, signature := range map[string]string{
		"another token": sms.Sign("another", address, form),
		"none":          "",
		"garbage":       "abc",
	} {
		if tw.Verify(address, form, signature) {
			t.Errorf("a callback signed with %s verifies", name)
		}
	}
	changed := url.Values{"MessageSid": {"SM1"}, "MessageStatus": {"failed"}, "To": {"+447700900123"}}
	if tw.Verify(address, changed, sms.Sign("the-token", address, form)) {
		t.Error("a callback whose status was changed after signing verifies")
	}
}
