// This file holds Withheld: other customers' details that an offer must never say, held so that they can be applied and never read.

package step

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// WithheldMark is what a withheld detail reads as, wherever it is redacted or printed.
const WithheldMark = "[withheld]"

// Withheld is what round one's offerer must never say nor show a model, at a salon with a
// calendar: other customers' names, contacts, words and booking references. It can't be read,
// only applied: Redact hides it in a text, and it prints and marshals as WithheldMark, so no
// prompt, record or log line can carry it. The zero or nil Withheld withholds nothing. It is safe
// for concurrent use.
type Withheld struct {
	// whole matches a withheld detail anywhere, words a word of a name as a whole word, each
	// without regard to case; nil matches nothing.
	whole, words *regexp.Regexp
}

// The shortest details withheld: shorter ones identify no one, and would hide common words.
const (
	minWithheldName  = 3  // a name, or one word of it
	minWithheldText  = 4  // a contact or a booking reference
	minWithheldWords = 12 // a customer's words
)

// NewWithheld withholds each name whole and each of its words, each contact or reference, and
// each customer's words, but no detail shorter than a few characters, and none that any of
// allowed holds (the customer's own words, the salon's labels and prices: what the model is
// told anyway). A name's words are withheld only as whole words ("Rosa" and not "Rosary").
func NewWithheld(allowed, names, texts, words []string) *Withheld {
	// The mark is allowed too, so redacting never finds a detail in what it wrote.
	lowered := strings.ToLower(strings.Join(append(allowed, WithheldMark), "\n"))
	var whole, wordsOf []string
	keep := func(detail string, least int, into *[]string) {
		detail = strings.TrimSpace(detail)
		if utf8.RuneCountInString(detail) >= least && !strings.Contains(lowered, strings.ToLower(detail)) {
			*into = append(*into, regexp.QuoteMeta(detail))
		}
	}
	for _, name := range names {
		keep(name, minWithheldName, &whole)
		for _, part := range strings.FieldsFunc(name, func(r rune) bool { return !isWordRune(r) }) {
			if !holdsWord(lowered, strings.ToLower(part)) {
				keep(part, minWithheldName, &wordsOf)
			}
		}
	}
	for _, t := range texts {
		keep(t, minWithheldText, &whole)
	}
	for _, w := range words {
		keep(w, minWithheldWords, &whole)
	}
	w := &Withheld{}
	if len(whole) > 0 {
		w.whole = regexp.MustCompile(`(?i)` + strings.Join(whole, "|"))
	}
	if len(wordsOf) > 0 {
		w.words = regexp.MustCompile(`(?i)(^|[^\pL\pN])(?:` + strings.Join(wordsOf, "|") + `)($|[^\pL\pN])`)
	}
	return w
}

// holdsWord reports whether text holds word as a whole word.
func holdsWord(text, word string) bool {
	for from := 0; word != "" && from <= len(text); {
		at := strings.Index(text[from:], word)
		if at < 0 {
			return false
		}
		start, end := from+at, from+at+len(word)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		from = end
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Redact returns text with every withheld detail in it replaced by WithheldMark, and whether it
// held one.
func (w *Withheld) Redact(text string) (string, bool) {
	if w == nil {
		return text, false
	}
	redacted := text
	if w.whole != nil {
		redacted = w.whole.ReplaceAllLiteralString(redacted, WithheldMark)
	}
	// A match takes the character after a word, so words next to each other take more than one pass.
	for w.words != nil {
		next := w.words.ReplaceAllString(redacted, "${1}"+WithheldMark+"${2}")
		if next == redacted {
			break
		}
		redacted = next
	}
	return redacted, redacted != text
}

// String is WithheldMark: a Withheld never prints what it holds.
func (w *Withheld) String() string { return WithheldMark }

// GoString is WithheldMark too, for %#v.
func (w *Withheld) GoString() string { return WithheldMark }

// MarshalJSON writes WithheldMark as a JSON string: a Withheld never marshals what it holds.
func (w *Withheld) MarshalJSON() ([]byte, error) { return []byte(`"` + WithheldMark + `"`), nil }
