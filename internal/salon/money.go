// This file writes a menu's prices in the salon's currency, and names the signs a price in that currency is written with.

package salon

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// FormatPrice writes price, an amount in the minor unit of the ISO 4217 currency code, as an
// English-speaking customer reads it: the currency's symbol then the amount when the symbol is
// more than letters ("£45.00", "$1,250.00", "¥4,500", "A$12.50"), else the amount, a space and the
// code ("45.00 CHF", "4,500 XAF"). The amount has the currency's minor-unit digits (two for GBP,
// none for JPY, three for KWD) and its thousands grouped with commas. The minor units and symbols
// are CLDR's, through golang.org/x/text/currency; a code it doesn't know has two digits and is
// written after the amount ("45.00 ZZZ"). It computes nothing in floating point.
func FormatPrice(code string, price int64) string {
	m := moneyOf(code)
	var b strings.Builder
	if price < 0 {
		b.WriteByte('-')
	}
	if m.prefix {
		b.WriteString(m.symbol)
	}
	b.WriteString(amount(price, m.digits))
	if !m.prefix {
		b.WriteString(" " + code)
	}
	return b.String()
}

// FormatPriceIn writes price as a customer reading the language code (one of lang.Shipped) reads
// it: in English as FormatPrice does; in German, French and Spanish with a decimal comma, the
// thousands grouped with a point (a narrow space in French), then a no-break space and the
// currency's symbol as that language writes it ("45,00 €", "1.250,00 £", "45,00 CHF").
func FormatPriceIn(code, currencyCode string, price int64) string {
	if code == "" || code == "en" {
		return FormatPrice(currencyCode, price)
	}
	m := moneyOf(currencyCode)
	symbol := currencyCode
	if unit, err := currency.ParseISO(currencyCode); err == nil && m.known {
		symbol = message.NewPrinter(language.Make(code)).Sprint(currency.Symbol(unit))
	}
	group := "."
	if code == "fr" {
		group = "\u202f"
	}
	s := strings.NewReplacer(",", group, ".", ",").Replace(amount(price, m.digits))
	if price < 0 {
		s = "-" + s
	}
	return s + "\u00a0" + symbol
}

// PriceSigns are the signs a price in the currency code is written with: the code, then its
// English symbols, each once ("GBP", "£"; "AUD", "A$", "$"). A code CLDR doesn't know has only itself.
func PriceSigns(code string) []string { return append([]string(nil), moneyOf(code).signs...) }

// KnownCurrency reports whether code is an ISO 4217 code CLDR knows, written in capitals.
func KnownCurrency(code string) bool { return moneyOf(code).known }

// money is how prices in one currency are written.
type money struct {
	digits int      // the minor unit's digits
	symbol string   // its English symbol, such as "£"
	prefix bool     // whether the symbol goes before the amount
	signs  []string // the code and its symbols, each once
	known  bool     // whether CLDR knows the code
}

// monies holds what moneyOf found, by code: it reads CLDR's tables through a printer.
var monies sync.Map // code → money

// moneyOf is how prices in the currency code are written.
func moneyOf(code string) money {
	if m, ok := monies.Load(code); ok {
		return m.(money)
	}
	m := money{digits: 2, symbol: code, signs: []string{code}}
	// ParseISO reads lower case too; an ISO 4217 code is written in capitals.
	if unit, err := currency.ParseISO(code); err == nil && code == strings.ToUpper(code) {
		m.known = true
		m.digits, _ = currency.Standard.Rounding(unit)
		p := message.NewPrinter(language.English)
		m.symbol = p.Sprint(currency.Symbol(unit))
		m.prefix = strings.IndexFunc(m.symbol, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0
		for _, sign := range []string{m.symbol, p.Sprint(currency.NarrowSymbol(unit))} {
			if !slices.Contains(m.signs, sign) {
				m.signs = append(m.signs, sign)
			}
		}
	}
	monies.Store(code, m)
	return m
}

// amount writes the magnitude of price, in a minor unit of digits digits, with its thousands
// grouped: amount(125000, 2) is "1,250.00".
func amount(price int64, digits int) string {
	n := strconv.FormatUint(magnitude(price), 10)
	if len(n) <= digits {
		n = strings.Repeat("0", digits-len(n)+1) + n
	}
	whole, fraction := n[:len(n)-digits], n[len(n)-digits:]
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if digits > 0 {
		b.WriteString("." + fraction)
	}
	return b.String()
}

// magnitude is |price|, the smallest int64 included.
func magnitude(price int64) uint64 {
	if price < 0 {
		return uint64(-(price + 1)) + 1
	}
	return uint64(price)
}
