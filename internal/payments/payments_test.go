// This file tests the Stripe account's calls against stripe-mock, which refuses any request Stripe's
// API description doesn't allow, and against the stateful double, whose events are verified here
// as they arrive and by the library's own code.

package payments_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"salon/internal/payments"
	"salon/internal/teststripe"
)

// now is when the tests stand.
var now = time.Date(2026, time.December, 4, 10, 11, 0, 0, time.UTC)

func deposit(key string) payments.Checkout {
	return payments.Checkout{Booking: "bk-1", Amount: 2000, Currency: "GBP", Description: "Deposit: Colour with Chloé, Friday 4 December, 11:00",
		ExpiresAt: now.Add(30 * time.Minute), SuccessURL: "https://book.example/book/studio-nine/paid?booking=bk-1",
		CancelURL: "https://book.example/book/studio-nine/paid?booking=bk-1&cancelled=1", IdempotencyKey: key}
}

func TestEveryCallIsOneStripesOwnDescriptionAllows(t *testing.T) {
	s := payments.New(payments.Config{Key: "sk_test_123", API: teststripe.Mock(t)})
	ctx := t.Context()
	opened, err := s.Open(ctx, deposit("key-1"))
	if err != nil || opened.ID == "" {
		t.Fatalf("Open: %+v, %v", opened, err)
	}
	if _, err := s.Session(ctx, opened.ID); err != nil {
		t.Errorf("Session: %v", err)
	}
	if _, err := s.Expire(ctx, opened.ID); err != nil {
		t.Errorf("Expire: %v", err)
	}
	if id, err := s.Refund(ctx, "pi_123", 2000, "refund-bk-1"); err != nil || id == "" {
		t.Errorf("Refund: %q, %v", id, err)
	}
}

func TestStripeMockRefusesWhatItsDescriptionDoesnt(t *testing.T) {
	// The check above means something only if stripe-mock refuses a request Stripe wouldn't take:
	// a parameter the description doesn't have, and a line with an amount that isn't a number.
	base := teststripe.Mock(t)
	for _, form := range []string{
		"mode=payment&no_such_parameter=1",
		"mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=gbp&line_items[0][price_data][unit_amount]=twenty",
	} {
		req, err := http.NewRequest(http.MethodPost, base+"/v1/checkout/sessions", strings.NewReader(form))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Bearer sk_test_123")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: stripe-mock answered %d, want 400", form, res.StatusCode)
		}
	}
}

func TestTheDoubleOpensPaysExpiresAndRefundsAsStripeDoes(t *testing.T) {
	d := teststripe.Start(t, func() time.Time { return now })
	s := payments.New(payments.Config{Key: "sk_test_123", WebhookSecret: d.Secret, API: d.URL})
	ctx := t.Context()
	first, err := s.Open(ctx, deposit("hold-bk-1"))
	if err != nil || first.Status != payments.Open || first.URL == "" || first.Booking != "bk-1" || first.Amount != 2000 || first.Currency != "GBP" {
		t.Fatalf("Open: %+v, %v", first, err)
	}
	again, err := s.Open(ctx, deposit("hold-bk-1"))
	if err != nil || again.ID != first.ID || len(d.Sessions()) != 1 {
		t.Errorf("Open again with the same key: got %+v, %v, %d sessions; want the first session, alone", again, err, len(d.Sessions()))
	}
	paid := d.Pay(t, first.ID)
	got, err := s.Session(ctx, first.ID)
	if err != nil || got.Status != payments.Complete || !got.Paid || got.PaymentIntent == "" || got.URL != "" {
		t.Fatalf("the session once paid: %+v, %v", got, err)
	}
	// The event as it came: verified at now, read as the session it tells of.
	e, err := s.Event(paid.Body, paid.Signature, now.Add(time.Minute))
	if err != nil || e.Type != payments.SessionCompleted || e.Session.ID != first.ID || !e.Session.Paid || e.Session.Booking != "bk-1" || e.ID == "" {
		t.Errorf("the completed event: %+v, %v", e, err)
	}
	// Stripe's library verifies the double's signature as it verifies Stripe's.
	if _, err := webhook.ConstructEventWithOptions(paid.Body, paid.Signature, d.Secret,
		webhook.ConstructEventOptions{IgnoreTolerance: true, IgnoreAPIVersionMismatch: true}); err != nil {
		t.Errorf("stripe-go's webhook code refuses the double's event: %v", err)
	}
	for name, tc := range map[string]struct {
		signature string
		at        time.Time
	}{
		"forged with another secret":  {payments.Sign(paid.Body, "whsec_not-it", now), now},
		"signed six minutes before":   {payments.Sign(paid.Body, d.Secret, now.Add(-6*time.Minute)), now},
		"signed six minutes after":    {payments.Sign(paid.Body, d.Secret, now.Add(6*time.Minute)), now},
		"without a signature":         {"", now},
		"with a signature of nothing": {"t=1,v1=00", now},
	} {
		if _, err := s.Event(paid.Body, tc.signature, tc.at); !errors.Is(err, payments.ErrSignature) {
			t.Errorf("an event %s: got %v, want %v", name, err, payments.ErrSignature)
		}
	}
	if _, err := s.Event(append([]byte(" "), paid.Body...), paid.Signature, now); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("an event changed after signing: got %v, want %v", err, payments.ErrSignature)
	}

	// A refund made twice with one key is made once; what is left can't be refunded again.
	r1, err := s.Refund(ctx, got.PaymentIntent, 2000, "refund-bk-1")
	r2, err2 := s.Refund(ctx, got.PaymentIntent, 2000, "refund-bk-1")
	if err != nil || err2 != nil || r1 != r2 || d.Refunds()[got.PaymentIntent] != 2000 {
		t.Errorf("a refund sent twice: %q, %v, %q, %v, refunded %v; want one refund of 2000", r1, err, r2, err2, d.Refunds())
	}
	if _, err := s.Refund(ctx, got.PaymentIntent, 2000, "refund-bk-1-again"); err == nil {
		t.Error("a second refund of the whole deposit under another key: taken, want it refused")
	}

	// An open session expired by the service, and one that lapsed by itself, read as expired;
	// expiring one that completed answers it as it is.
	other, err := s.Open(ctx, deposit("hold-bk-2"))
	if err != nil {
		t.Fatal(err)
	}
	if e, err := s.Expire(ctx, other.ID); err != nil || e.Status != payments.Expired {
		t.Errorf("Expire: %+v, %v", e, err)
	}
	if e, err := s.Expire(ctx, first.ID); err != nil || e.Status != payments.Complete {
		t.Errorf("Expire of a paid session: %+v, %v, want it complete as it was", e, err)
	}
	late, err := s.Open(ctx, deposit("hold-bk-3"))
	if err != nil {
		t.Fatal(err)
	}
	d.Now = func() time.Time { return now.Add(31 * time.Minute) }
	if e, err := s.Session(ctx, late.ID); err != nil || e.Status != payments.Expired || e.Paid {
		t.Errorf("a session past its time: %+v, %v, want expired unpaid", e, err)
	}
}

func TestStripeDownOrSlowIsAnError(t *testing.T) {
	d := teststripe.Start(t, func() time.Time { return now })
	d.Down()
	s := payments.New(payments.Config{Key: "sk_test_123", API: d.URL})
	if _, err := s.Open(t.Context(), deposit("k")); err == nil {
		t.Error("Open with Stripe down: no error")
	}
	d.Up()
	d.Slow(2 * time.Second)
	slow := payments.New(payments.Config{Key: "sk_test_123", API: d.URL, HTTPClient: &http.Client{Timeout: 200 * time.Millisecond}})
	if _, err := slow.Open(t.Context(), deposit("k2")); err == nil {
		t.Error("Open with Stripe slower than the client's time-out: no error")
	}
}
