package lang

import (
	"testing"
	"time"
)

func TestChooseFollowsAcceptLanguageThenTheSalon(t *testing.T) {
	for _, c := range []struct{ header, salon, want string }{
		{"", "", "en"},
		{"", "de", "de"},
		{"", "fr-CA", "fr"},
		{"es-ES,es;q=0.9", "de", "es"},
		{"de-AT", "en", "de"},
		{"it-IT,fr;q=0.5", "de", "fr"},
		{"fr;q=0.2,de;q=0.8", "en", "de"},
		{"it, pt", "es", "es"},
		{"ja", "", "en"},
		{"en-GB,en;q=0.9", "de", "en"},
		{"*", "fr", "fr"},
		{";;;garbage", "de", "de"},
		{"de;q=0", "fr", "fr"},
	} {
		if got := Choose(c.header, c.salon).Code(); got != c.want {
			t.Errorf("Choose(%q, %q) = %s, want %s", c.header, c.salon, got, c.want)
		}
	}
}

func TestValidTakesAShippedLanguageInAnyRegion(t *testing.T) {
	for tag, want := range map[string]bool{
		"en": true, "de": true, "de-CH": true, "fr-CA": true, "es-419": true,
		"it": false, "": false, "german": false, "xx-YY": false, "de_DE": false,
	} {
		if Valid(tag) != want {
			t.Errorf("Valid(%q) = %v", tag, !want)
		}
	}
}

func TestALabelReadsAsEachLanguageWritesADate(t *testing.T) {
	london, _ := time.LoadLocation("Europe/London")
	at := time.Date(2026, 12, 5, 10, 30, 0, 0, time.UTC)
	for code, want := range map[string]string{
		"en": "Saturday 5 December, 10:30",
		"de": "Samstag, 5. Dezember, 10:30",
		"fr": "samedi 5 décembre, 10:30",
		"es": "sábado 5 de diciembre, 10:30",
	} {
		if got := Of(code).Label(at, london); got != want {
			t.Errorf("%s: %q, want %q", code, got, want)
		}
	}
	var zero Lang
	if got := zero.Yours("x"); got != "x is yours." {
		t.Errorf("the zero Lang says %q, want English", got)
	}
}

func TestEnglishSaysTheContractsWords(t *testing.T) {
	en := Of(English)
	for got, want := range map[string]string{
		en.WhichTime():                         "Which time suits you?",
		en.NothingThen():                       "Nothing is open then, so here are the earliest. Which time suits you?",
		en.NothingOpen():                       "Nothing is open then, so the salon will call you.",
		en.NoneChosen():                        "No time was chosen, so nothing is booked.",
		en.Taken("Saturday 5 December, 10:30"): "Saturday 5 December, 10:30 was taken meanwhile, so nothing is booked.",
		en.YoursWith("Cut with Ana", "Saturday 5 December, 10:30"): "Cut with Ana, Saturday 5 December, 10:30, is yours.",
		en.Released("Saturday 5 December, 10:30"):                  "The deposit wasn't paid in time, so Saturday 5 December, 10:30 was released.",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
