// This file tests POST /payments/stripe: an event signed as Stripe signs it is taken, and one
// forged, late or changed is refused and changes nothing; without payments the route isn't there.

package api_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/payments"
	"salon/internal/requeststate"
	"salon/internal/testkit"
	"salon/internal/teststripe"
)

func TestStripesEventsAreTakenOnlyWhenTheirSignatureVerifies(t *testing.T) {
	clock := testkit.NewClock(time.Date(2026, time.December, 4, 10, 11, 0, 0, time.UTC))
	d := teststripe.Start(t, clock.Now)
	keys, err := requeststate.NewKeys([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	logged := &testkit.Buffer{}
	client := func(p *payments.Stripe) *apitest.Client {
		c, err := apitest.New(api.New(api.Service{Keys: &keys, Life: 2 * time.Minute, Now: clock.Now, Nonce: (&counter{}).nonce,
			Spent: requeststate.NewMemory(clock.Now), Log: slog.New(slog.NewJSONHandler(logged, nil)), Payments: p}))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	with := client(payments.New(payments.Config{Key: "sk_test_123", WebhookSecret: d.Secret, API: d.URL}))
	send := func(c *apitest.Client, body []byte, signature string) apitest.Reply {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, "/payments/stripe", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
		req.Header.Set("Stripe-Signature", signature)
		reply, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return reply
	}
	event := d.Event("checkout.session.completed", "cs_test_none")
	wantJSON(t, send(with, event, payments.Sign(event, d.Secret, clock.Now())), http.StatusOK, `"received"`)
	other := d.Event("customer.created", "")
	wantJSON(t, send(with, other, payments.Sign(other, d.Secret, clock.Now().Add(-4*time.Minute))), http.StatusOK, `"received"`)
	const refused = `"the event's Stripe-Signature doesn't verify"`
	for name, signature := range map[string]string{
		"forged":                      payments.Sign(event, "whsec_someone-else", clock.Now()),
		"signed six minutes ago":      payments.Sign(event, d.Secret, clock.Now().Add(-6*time.Minute)),
		"without a signature":         "",
		"with a signature of garbage": "t=abc,v1=zz",
	} {
		t.Run(name, func(t *testing.T) { wantJSON(t, send(with, event, signature), http.StatusBadRequest, refused) })
	}
	wantJSON(t, send(with, []byte(`{"id":"evt_1","type":"x","extra":1}`), payments.Sign(event, d.Secret, clock.Now())), http.StatusBadRequest, refused)
	notAnEvent := []byte(`{"id":"evt_1","type":"checkout.session.completed","data":{"object":"a string"}}`)
	wantJSON(t, send(with, notAnEvent, payments.Sign(notAnEvent, d.Secret, clock.Now())), http.StatusBadRequest, `"the event doesn't read as a Stripe event"`)

	without := client(nil)
	if reply := send(without, event, payments.Sign(event, d.Secret, clock.Now())); reply.Status != http.StatusNotFound {
		t.Errorf("without payments: got %d %s, want 404", reply.Status, reply.Body)
	}
	for _, secret := range []string{d.Secret, "v1="} {
		if strings.Contains(logged.String(), secret) {
			t.Errorf("the log holds %q:\n%s", secret, logged)
		}
	}
}
