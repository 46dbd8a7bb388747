// This file tests the harness at a menu salon: the facts composed from the menu, the prompt as sent, prices read in the salon's currency, and the stand-in.

package harness_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"salon/internal/harness"
	"salon/internal/salon"
	"salon/internal/step"
)

// menuStudio is studio at a menu salon in GBP, booking service with the stylist named (""
// for anyone): a cut (45 minutes, £45.00), a colour (90 minutes, £80.00) and a beard trim (15
// minutes, no price), as the desk writes them.
func menuStudio(words, service, stylist string) step.Request {
	b := studio(words)
	b.Salon.Currency, b.Salon.Service, b.Salon.Stylist = "GBP", service, stylist
	b.Salon.Services = []step.Service{
		{ID: "cut", Name: "Cut", Minutes: 45, Price: salon.FormatPrice("GBP", 4500)},
		{ID: "colour", Name: "Colour", Minutes: 90, Price: salon.FormatPrice("GBP", 8000)},
		{ID: "beard-trim", Name: "Beard trim", Minutes: 15},
	}
	return b
}

func TestComposeAtAMenuSalon(t *testing.T) {
	slotFacts := []string{
		`"2026-12-05T09:00:00Z" is open: Saturday 5 December, 09:00.`,
		`"2026-12-05T09:45:00Z" is open: Saturday 5 December, 09:45.`,
		`"2026-12-08T15:00:00Z" is open: Tuesday 8 December, 15:00.`,
	}
	menu := []string{
		"A cut takes 45 minutes and costs £45.00.",
		"A colour takes 90 minutes and costs £80.00.",
		"A beard trim takes 15 minutes, and its price isn't on the sheet.",
	}
	tests := []struct {
		name      string
		booking   step.Request
		wantFacts []string
	}{
		{"a cut with Ana", menuStudio("A cut on Saturday?", "cut", "Ana"),
			slices.Concat([]string{"The customer asked for Saturday, and Saturday has openings."}, slotFacts,
				[]string{"The customer is booking a cut with Ana."}, menu)},
		{"a trim with anyone, its price asked about", menuStudio("How much is a trim on Saturday?", "beard-trim", ""),
			slices.Concat([]string{"The customer asked for Saturday, and Saturday has openings."}, slotFacts,
				[]string{"The customer is booking a beard trim with any stylist."}, menu,
				[]string{"The customer asked about a price, and the price of a beard trim isn't on the sheet."})},
		{"a cut's price asked about: on the menu", menuStudio("How much is a cut on Saturday?", "cut", ""),
			slices.Concat([]string{"The customer asked for Saturday, and Saturday has openings."}, slotFacts,
				[]string{"The customer is booking a cut with any stylist."}, menu)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := harness.Compose(tt.booking)
			if !slices.Equal(c.Facts, tt.wantFacts) {
				t.Errorf("got facts\n  %q\nwant\n  %q", c.Facts, tt.wantFacts)
			}
			if c.Salon == nil || !reflect.DeepEqual(*c.Salon, *tt.booking.Salon) {
				t.Errorf("got the salon %+v, want the booking's %+v", c.Salon, tt.booking.Salon)
			}
			for _, f := range c.Facts {
				if strings.Contains(f, "No price is on the sheet") || strings.Contains(f, "costs $") {
					t.Errorf("a menu salon's facts say %q, a simple salon's fact", f)
				}
			}
		})
	}
}

// A service's name reads inside a sentence as a customer writes it, with its article.
func TestComposeWordsAServiceAsASentenceSaysIt(t *testing.T) {
	b := menuStudio("Saturday?", "opi", "")
	b.Salon.Services = []step.Service{
		{ID: "opi", Name: "OPI manicure", Minutes: 30, Price: "£20.00"},
		{ID: "eyebrows", Name: "Eyebrow shape", Minutes: 15, Price: "£12.00"},
		{ID: "x", Name: "X", Minutes: 5},
	}
	c := harness.Compose(b)
	for _, want := range []string{
		"The customer is booking an OPI manicure with any stylist.",
		"An OPI manicure takes 30 minutes and costs £20.00.",
		"An eyebrow shape takes 15 minutes and costs £12.00.",
		"A X takes 5 minutes, and its price isn't on the sheet.",
	} {
		if !slices.Contains(c.Facts, want) {
			t.Errorf("the facts %q don't say %q", c.Facts, want)
		}
	}
}

func TestComposeCopiesTheMenu(t *testing.T) {
	b := menuStudio("Saturday?", "cut", "Ana")
	c := harness.Compose(b)
	b.Salon.Services[0].Price = "£1.00"
	if c.Salon.Services[0].Price != "£45.00" {
		t.Errorf("the context's menu changed with the booking's: %+v", c.Salon.Services)
	}
}

// The prompt at a menu salon, exactly as sent: a cut with Ana, its price asked about, and a beard
// trim with anyone whose price isn't on the sheet, asked about.
func TestPromptAtAMenuSalonGolden(t *testing.T) {
	for name, b := range map[string]step.Request{
		"salon_menu.txt":          menuStudio("How much is a cut with Ana on Saturday? I’d like the morning.", "cut", "Ana"),
		"salon_menu_no_price.txt": menuStudio("What does a beard trim cost on Tuesday?", "beard-trim", ""),
	} {
		t.Run(name, func(t *testing.T) {
			golden(t, name, []byte(harness.Prompt(harness.Compose(b))))
		})
	}
}

func TestClaimsReadPricesInEveryCurrencysSpelling(t *testing.T) {
	tests := []struct {
		text string
		want string // each claim as "amount sign", or another kind as said writes it
	}{
		{"£45.00", "45 £"},
		{"£ 45", "45 £"},
		{"£1,250.00", "1250 £"},
		{"£1,250", "1250 £"},
		{"€45,00", "45 €"},
		{"€45,50", "45.50 €"},
		{"¥4,500", "4500 ¥"},
		{"A$12.50", "12.50 a$"},
		{"US$45", "45 us$"},
		{"45 pounds", "45 £"},
		{"45 quid", "45 £"},
		{"45.5 dollars", "45.50 $"},
		{"45 euros", "45 €"},
		{"45.00 GBP", "45 gbp"},
		{"45 gbp", "45 gbp"},
		{"GBP 45", "45 gbp"},
		{"45.00 CHF", "45 chf"},
		{"CHF 45.50", "45.50 chf"},
		{"12.00 CHF on Saturday", "12 chf | day Saturday"},
		{"45.500 KWD", "45.50 kwd"},
		{"45.505 KWD", "45.505 kwd"},
		{"4,500 XAF", "4500 xaf"},
		{"Saturday at 10:30 GMT", "hour Saturday 10:30"},
		{"10:30 GBP", "time 10:30"},
		{"10 min or 45 MIN", ""},
		{"12.00 ZZZ", "time 12:00"}, // a code CLDR doesn't know is no currency
		{"A cut takes 45 minutes and costs £45.00. Saturday 5 December, 09:00?", "45 £ | hour Saturday 5 December, 09:00"},
	}
	for _, tt := range tests {
		var parts []string
		for _, c := range harness.Claims(tt.text) {
			if c.Kind == harness.ClaimPrice {
				parts = append(parts, c.Amount+" "+c.Sign)
				continue
			}
			parts = append(parts, said([]harness.Claim{c}))
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("Claims(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestCheckAtAMenuSalon(t *testing.T) {
	const nine = "2026-12-05T09:00:00Z"
	const when = " Would Saturday 5 December, 09:00 suit you?"
	cut := harness.Compose(menuStudio("How much is a cut on Saturday?", "cut", "Ana"))
	trim := harness.Compose(menuStudio("How much is a beard trim on Saturday?", "beard-trim", ""))
	unasked := harness.Compose(menuStudio("A beard trim on Saturday?", "beard-trim", ""))
	missing := harness.Reason{Fault: harness.FaultMissingNotNamed, Detail: "the customer asked about a price, and the question doesn't say the price isn't on the sheet"}
	unsupported := func(text, price string) harness.Reason {
		return harness.Reason{Fault: harness.FaultUnsupported, Detail: `the question says "` + text + `" (price ` + price + `), which the facts don't hold`}
	}
	tests := []struct {
		name    string
		context harness.Context
		words   string
		want    []harness.Reason // nil: accepted
	}{
		{"the price as the facts write it", cut, "A cut takes 45 minutes and costs £45.00." + when, nil},
		{"the price in pounds", cut, "A cut is 45 pounds." + when, nil},
		{"the price with its code after", cut, "A cut is 45.00 GBP." + when, nil},
		{"the price with its code before", cut, "A cut is GBP 45." + when, nil},
		{"another service's price on the menu", cut, "A colour is £80.00, a cut £45." + when, nil},
		{"a price the menu doesn't hold", cut, "A cut is £50.00." + when, []harness.Reason{unsupported("£50.00", "50")}},
		{"the amount in dollars at a salon in pounds", cut, "A cut is $45.00." + when, []harness.Reason{unsupported("$45.00", "45")}},
		{"the amount in another code", cut, "A cut is 45.00 EUR." + when, []harness.Reason{unsupported("45.00 EUR", "45")}},
		{"the price grouped and too high", cut, "A cut is £4,500.00." + when, []harness.Reason{unsupported("£4,500.00", "4500")}},
		{"a price asked about, the service booked has none, and the question says so", trim,
			"The price of a beard trim isn't on the sheet." + when, nil},
		{"a price asked about, the service booked has none, and the question silent", trim, strings.TrimSpace(when), []harness.Reason{missing}},
		{"a price asked about, the question giving another service's price", trim, "A cut is £45.00." + when, []harness.Reason{missing}},
		{"a price asked about, the question inventing one", trim, "A beard trim is £15.00." + when, []harness.Reason{unsupported("£15.00", "15")}},
		{"no price asked about", unasked, strings.TrimSpace(when), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := harness.Check(tt.context, answer(nine, tt.words))
			if tt.want == nil && !r.Accepted {
				t.Errorf("refused for %q, want accepted", r.Reasons)
			}
			if tt.want != nil && (r.Accepted || !slices.Equal(r.Reasons, tt.want)) {
				t.Errorf("got %+v, want refused for\n  %q", r, tt.want)
			}
		})
	}
}

// A price in a currency written after its amount is checked in that currency: 12.00 CHF is a
// price, not noon.
func TestCheckReadsACodeAfterTheAmountAsThePrice(t *testing.T) {
	b := menuStudio("How much is a cut on Saturday?", "cut", "")
	b.Salon.Currency = "CHF"
	b.Salon.Services[0].Price = salon.FormatPrice("CHF", 1200)
	c := harness.Compose(b)
	if !slices.Contains(c.Facts, "A cut takes 45 minutes and costs 12.00 CHF.") {
		t.Fatalf("the facts %q don't price the cut in CHF", c.Facts)
	}
	if r := harness.Check(c, answer("2026-12-05T09:00:00Z", "A cut is 12.00 CHF. Would Saturday 5 December, 09:00 suit you?")); !r.Accepted {
		t.Errorf("refused for %q, want accepted", r.Reasons)
	}
	if r := harness.Check(c, answer("2026-12-05T09:00:00Z", "A cut is 13.00 CHF. Would Saturday 5 December, 09:00 suit you?")); r.Accepted {
		t.Error("13.00 CHF accepted, want refused")
	}
}

// The stand-in's question at a menu salon is one the checker accepts, and says the price the
// customer asked about as the facts write it.
func TestTheStandInAtAMenuSalon(t *testing.T) {
	for _, c := range []struct {
		booking step.Request
		says    string
	}{
		{menuStudio("How much is a colour on Saturday?", "cut", "Ana"), "A colour costs £80.00. Would"},
		{menuStudio("How much on Saturday?", "cut", "Ana"), "A cut costs £45.00. Would"},
		{menuStudio("What does it cost on Saturday?", "beard-trim", ""), "The price of a beard trim isn't on the sheet, so the salon will tell you. Would"},
		{menuStudio("Saturday?", "cut", ""), "Would Saturday 5 December, 09:00 or"},
	} {
		ctx := harness.Compose(c.booking)
		out := standinAnswer(t, ctx)
		if r := harness.Check(ctx, out); !r.Accepted {
			t.Errorf("the stand-in's %s refused for %q", out, r.Reasons)
		}
		if !strings.Contains(out, c.says) {
			t.Errorf("the stand-in said %s, want it to say %q", out, c.says)
		}
	}
}

// standinAnswer is the stand-in's answer to the first call of a turn composed as ctx.
func standinAnswer(t *testing.T, ctx harness.Context) string {
	t.Helper()
	g, err := harness.NewGrammar(ctx.Options)
	if err != nil {
		t.Fatal(err)
	}
	out, err := harness.Standin().Answer(context.Background(), harness.Call{Attempt: 1, Prompt: harness.Prompt(ctx), Grammar: g, Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
