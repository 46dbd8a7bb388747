// This file tests how a menu's prices are written in the salon's currency, and the signs each is written with.

package salon_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"salon/internal/salon"
)

func TestFormatPrice(t *testing.T) {
	for _, c := range []struct {
		code  string
		price int64
		want  string
	}{
		{"GBP", 4500, "£45.00"},
		{"GBP", 0, "£0.00"},
		{"GBP", 5, "£0.05"},
		{"GBP", 99, "£0.99"},
		{"GBP", 100, "£1.00"},
		{"GBP", 125000, "£1,250.00"},
		{"GBP", 123456789, "£1,234,567.89"},
		{"GBP", -4500, "-£45.00"},
		{"GBP", math.MaxInt64, "£92,233,720,368,547,758.07"},
		{"GBP", math.MinInt64, "-£92,233,720,368,547,758.08"},
		{"USD", 4500, "$45.00"},
		{"EUR", 8000, "€80.00"},
		{"JPY", 4500, "¥4,500"},
		{"JPY", 0, "¥0"},
		{"AUD", 1250, "A$12.50"},
		{"BRL", 4500, "R$45.00"},
		{"INR", 450000, "₹4,500.00"},
		{"CHF", 4500, "45.00 CHF"},
		{"SEK", 45000, "450.00 SEK"},
		{"KWD", 45500, "45.500 KWD"},
		{"KWD", 5, "0.005 KWD"},
		{"XAF", 4500, "4,500 XAF"},
		{"ZZZ", 4500, "45.00 ZZZ"},
		{"gbp", 4500, "45.00 gbp"},
	} {
		if got := salon.FormatPrice(c.code, c.price); got != c.want {
			t.Errorf("FormatPrice(%q, %d) = %q, want %q", c.code, c.price, got, c.want)
		}
	}
}

func TestPriceSigns(t *testing.T) {
	for code, want := range map[string]string{
		"GBP": "GBP £", "USD": "USD $", "EUR": "EUR €", "AUD": "AUD A$ $", "CHF": "CHF", "SEK": "SEK kr", "ZZZ": "ZZZ",
	} {
		if got := strings.Join(salon.PriceSigns(code), " "); got != want {
			t.Errorf("PriceSigns(%q) = %q, want %q", code, got, want)
		}
	}
	signs := salon.PriceSigns("GBP")
	signs[0] = "changed"
	if salon.PriceSigns("GBP")[0] != "GBP" {
		t.Error("a caller changed the signs PriceSigns gives the next")
	}
}

func TestKnownCurrency(t *testing.T) {
	for code, want := range map[string]bool{"GBP": true, "JPY": true, "CHF": true, "ZZZ": false, "MIN": false, "gbp": false, "": false, "GBPX": false} {
		if got := salon.KnownCurrency(code); got != want {
			t.Errorf("KnownCurrency(%q) = %v, want %v", code, got, want)
		}
	}
}

func ExampleFormatPrice() {
	fmt.Println(salon.FormatPrice("GBP", 4500))
	fmt.Println(salon.FormatPrice("JPY", 4500))
	fmt.Println(salon.FormatPrice("CHF", 4500))
	// Output:
	// £45.00
	// ¥4,500
	// 45.00 CHF
}
