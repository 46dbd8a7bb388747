// This file tests the book tool at a service with a deposit, on both transports: round two asks to
// pay with a URL-mode input request, and round three books once Stripe (its stateful test double)
// has the money.

package mcp_test

import (
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/payments"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/teststripe"
)

// depositBench is newMenuBench with payments through the Stripe double, and a £20 deposit on the colour.
func depositBench(t *testing.T) (*bench, *teststripe.Double) {
	t.Helper()
	var stripe *teststripe.Double
	settings := menuSettings()
	deposit := int64(2000)
	settings.Services[1].Deposit = &deposit
	b := calendarBenchWith(t, settings, salon.Given{Services: true, Stylists: true, Currency: true, MinNoticeMinutes: true}, func(b *bench, db *store.Store) {
		stripe = teststripe.Start(t, b.now)
		b.svc.Holds, b.svc.PublicURL = db, "https://book.studio-nine.example"
		b.svc.Payments = payments.New(payments.Config{Key: "sk_test_mcp", WebhookSecret: stripe.Secret, API: stripe.URL})
	})
	return b, stripe
}

func TestTheToolAsksForADepositByURLAndBooksInRoundThree(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			b, stripe := depositBench(t)
			caps := &sdk.ClientCapabilities{Elicitation: &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}, URL: &sdk.URLElicitationCapabilities{}}}
			cs := tr.connect(t, b, sdk.NewClient(impl, &sdk.ClientOptions{Capabilities: caps, MultiRoundTrip: &sdk.MultiRoundTripOptions{Disabled: true}}), nil)
			page := menuPage(t, b)
			colour := menuArgs(page, map[string]any{"service": "colour", "stylist": "ana"})
			res, state := roundOne(t, cs, colour)
			first := offered(t, res)[0]
			held, err := roundTwo(cs, colour, sdk.InputResponseMap{"time": &sdk.ElicitResult{Action: "accept", Content: map[string]any{"time": first}}}, state)
			if err != nil || !held.NeedsInput() || held.RequestState == "" {
				t.Fatalf("round two: %v %s, want a request to pay", err, mustJSON(t, held))
			}
			ask, ok := held.InputRequests["payment"].(*sdk.ElicitParams)
			if !ok || ask.Mode != "url" || ask.URL == "" {
				t.Fatalf("round two asks %s, want a URL-mode request under payment", mustJSON(t, held.InputRequests))
			}
			want := "A deposit of £20.00 holds Colour with Ana, " + labelOf(t, page, first) + ", until "
			if len(ask.Message) < len(want) || ask.Message[:len(want)] != want {
				t.Errorf("the request says %q, want it to start %q", ask.Message, want)
			}
			// Back before paying: asked again, with a new state.
			again, err := roundTwo(cs, colour, sdk.InputResponseMap{"payment": &sdk.ElicitResult{Action: "accept"}}, held.RequestState)
			if err != nil || !again.NeedsInput() || again.RequestState == held.RequestState {
				t.Fatalf("round three unpaid: %v %s, want the request again", err, mustJSON(t, again))
			}
			id, _ := teststripe.PageURL(ask.URL)
			stripe.Pay(t, id)
			done, err := roundTwo(cs, colour, sdk.InputResponseMap{"payment": &sdk.ElicitResult{Action: "accept"}}, again.RequestState)
			wantBooked(t, done, err, map[string]string{"service": "colour", "stylist": "ana", "slot": first})
			if got := as[map[string]any](t, done.StructuredContent)["deposit"]; got != float64(2000) {
				t.Errorf("deposit: got %v, want 2000", got)
			}
		})
	}
}
