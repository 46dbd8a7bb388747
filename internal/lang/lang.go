// Package lang holds the languages the service speaks: which ship, how a request's language is
// chosen, and every sentence the server words, read from the message catalogs in catalog/ through
// go-i18n, which picks each language's CLDR plural forms. A Lang is a value: choosing one and
// wording with it read only the catalogs, loaded once when the program starts, so the pure core may
// word its answers with one.
//
// Refusal reasons are not here: they stay the contract's English, whatever the language.
package lang

import (
	"embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The shipped languages, by their BCP 47 codes. English is the contract's language, and the one
// a salon speaks unless it says otherwise.
const (
	English = "en"
	German  = "de"
	French  = "fr"
	Spanish = "es"
)

// Shipped are the codes of the languages the service speaks, English first.
var Shipped = []string{English, German, French, Spanish}

//go:embed catalog/*.json
var catalogs embed.FS

// Lang is one shipped language's words. The zero Lang is English.
type Lang struct{ w *words }

// words is one language's catalog, ready to word with.
type words struct {
	code string
	loc  *i18n.Localizer
}

var (
	bundle  = i18n.NewBundle(language.English)
	byCode  = map[string]*words{}
	matcher language.Matcher
)

func init() {
	tags := make([]language.Tag, len(Shipped))
	for i, code := range Shipped {
		if _, err := bundle.LoadMessageFileFS(catalogs, "catalog/"+code+".json"); err != nil {
			panic(fmt.Sprintf("lang: the %s catalog: %v", code, err))
		}
		tags[i] = language.MustParse(code)
		byCode[code] = &words{code: code, loc: i18n.NewLocalizer(bundle, code)}
	}
	matcher = language.NewMatcher(tags)
}

// Valid reports whether tag is a BCP 47 tag whose language is shipped, such as "de" or "fr-CA".
func Valid(tag string) bool {
	t, err := language.Parse(tag)
	if err != nil || strings.Contains(tag, "_") {
		return false
	}
	base, _ := t.Base()
	_, ok := byCode[base.String()]
	return ok
}

// Of is the shipped language of tag, by its language alone ("de-AT" is German); English for a tag
// that is empty, malformed or not shipped.
func Of(tag string) Lang {
	if w, ok := byCode[tag]; ok {
		return Lang{w}
	}
	if t, err := language.Parse(tag); err == nil {
		base, _ := t.Base()
		if w, ok := byCode[base.String()]; ok {
			return Lang{w}
		}
	}
	return Lang{}
}

// Choose is the language to word a reply in: Accept-Language's best match among the shipped
// languages, or, when the header is absent, malformed or matches none of them, the salon's
// language (a BCP 47 tag, "" for English).
func Choose(acceptLanguage, salon string) Lang {
	if acceptLanguage == "" {
		return Of(salon)
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return Of(salon)
	}
	_, i, confidence := matcher.Match(tags...)
	if confidence == language.No {
		return Of(salon)
	}
	return Lang{byCode[Shipped[i]]}
}

// Code is the language's code, one of Shipped.
func (l Lang) Code() string { return l.words().code }

func (l Lang) words() *words {
	if l.w == nil {
		return byCode[English]
	}
	return l.w
}

// say words the message id with data, a map of its fields. A catalog that lacks the message, or a
// field it names, is a fault of the build that the catalog tests catch; what the library managed
// is returned either way.
func (l Lang) say(id string, data map[string]any) string {
	s, _ := l.words().loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data})
	return s
}

// Label is how the slot starting at t reads in loc: "Saturday 5 December, 10:30",
// "Samstag, 5. Dezember, 10:30", "samedi 5 décembre, 10:30", "sábado 5 de diciembre, 10:30".
func (l Lang) Label(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return l.say("label", map[string]any{
		"Weekday": l.say(weekdayIDs[t.Weekday()], nil),
		"Day":     strconv.Itoa(t.Day()),
		"Month":   l.say(monthIDs[t.Month()-1], nil),
		"Time":    t.Format("15:04"),
	})
}

// Clock is the time of day of t in loc, as a sentence gives it: "10:30".
func (l Lang) Clock(t time.Time, loc *time.Location) string { return t.In(loc).Format("15:04") }

var weekdayIDs = [7]string{"weekday.sunday", "weekday.monday", "weekday.tuesday", "weekday.wednesday",
	"weekday.thursday", "weekday.friday", "weekday.saturday"}

var monthIDs = [12]string{"month.january", "month.february", "month.march", "month.april", "month.may",
	"month.june", "month.july", "month.august", "month.september", "month.october", "month.november",
	"month.december"}
