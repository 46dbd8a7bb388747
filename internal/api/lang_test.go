// This file tests the languages over HTTP: the salon's language, Accept-Language's best match over
// it, the booking's language kept for its mails and texts, and refusals kept in English.

package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/wire"
)

// sendIn is send with Accept-Language: header ("" sends none).
func (a *calendarApp) sendIn(header, method, path, body string) apitest.Reply {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if header != "" {
		req.Header.Set("Accept-Language", header)
	}
	reply, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	return reply
}

// bookIn books slot at studio-nine in two rounds with Accept-Language: header, and returns round
// one's question and round two's say.
func (a *calendarApp) bookIn(header, words, slot string) (question, say string) {
	a.t.Helper()
	args := fmt.Sprintf(`{"message":%q,"openSlots":[%q],"service":"cut","stylist":"ana","customer":{"name":"Rosa","contact":"rosa@example.com"}}`, words, slot)
	one := a.sendIn(header, http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+args+`}`)
	var asked wire.InputRequiredResult
	if one.Status != http.StatusOK || json.Unmarshal(one.Body, &asked) != nil || asked.RequestState == "" {
		a.t.Fatalf("round one in %q: %d %s", header, one.Status, one.Body)
	}
	raw, _ := json.Marshal(asked.InputRequests)
	var q struct {
		Time struct{ Params struct{ Message string } }
	}
	json.Unmarshal(raw, &q)
	two := a.sendIn(header, http.MethodPost, "/salons/studio-nine/book", roundTwo(args, accept(slot), asked.RequestState))
	var done wire.CompleteResult
	if two.Status != http.StatusOK || json.Unmarshal(two.Body, &done) != nil {
		a.t.Fatalf("round two in %q: %d %s", header, two.Status, two.Body)
	}
	return q.Time.Params.Message, done.StructuredContent.Say
}

func TestTheWordsFollowAcceptLanguageElseTheSalonsLanguage(t *testing.T) {
	n := 0
	a := newCalendarAppWith(t, func(svc *api.Service) { svc.BookingID = func() string { n++; return fmt.Sprintf("b%d", n) } })
	a.put("studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","language":"de",`, 1))
	var view wire.SalonView
	if r := a.send(http.MethodGet, "/salons/studio-nine", "", false); json.Unmarshal(r.Body, &view) != nil || view.Language != "de" {
		t.Fatalf("the salon reads back: %s", r.Body)
	}
	for _, c := range []struct{ header, slot, question, say string }{
		{"", "2026-12-04T14:00:00Z", "Welche Zeit passt Ihnen?", "Cut mit Ana, Freitag, 4. Dezember, 14:00, ist für Sie gebucht."},
		{"fr-FR,fr;q=0.9,en;q=0.5", "2026-12-04T15:00:00Z", "Quel horaire vous convient ?", "Cut avec Ana, vendredi 4 décembre, 15:00, est réservé pour vous."},
		{"es", "2026-12-04T16:00:00Z", "¿Qué hora le viene bien?", "Cut con Ana, viernes 4 de diciembre, 16:00, está reservado para usted."},
		{"en-GB,en;q=0.8", "2026-12-05T10:00:00Z", "Which time suits you?", "Cut with Ana, Saturday 5 December, 10:00, is yours."},
		{"it-IT,pt;q=0.5", "2026-12-05T11:00:00Z", "Welche Zeit passt Ihnen?", "Cut mit Ana, Samstag, 5. Dezember, 11:00, ist für Sie gebucht."},
	} {
		question, say := a.bookIn(c.header, "a cut", c.slot)
		if question != c.question || say != c.say {
			t.Errorf("Accept-Language %q: asked %q and said %q, want %q and %q", c.header, question, say, c.question, c.say)
		}
	}
	// Each booking keeps the language it was answered in, for its mails and texts.
	want := map[string]string{"2026-12-04T14:00:00Z": "de", "2026-12-04T15:00:00Z": "fr", "2026-12-04T16:00:00Z": "es", "2026-12-05T10:00:00Z": "en", "2026-12-05T11:00:00Z": "de"}
	list, err := a.db.Bookings(t.Context(), "studio-nine", menuFriday, menuFriday.AddDate(0, 0, 14))
	if err != nil || len(list) != len(want) {
		t.Fatalf("the calendar holds %d bookings (%v), want %d", len(list), err, len(want))
	}
	for _, b := range list {
		if b.Language != want[b.Slot] {
			t.Errorf("the booking at %s was kept in %q, want %q", b.Slot, b.Language, want[b.Slot])
		}
	}
}

func TestARefusalStaysTheContractsEnglishInEveryLanguage(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","language":"fr",`, 1))
	args := `{"message":"a cut","openSlots":["2026-12-04T14:00:00Z"],"service":"perm","customer":{"name":"Rosa","contact":"rosa@example.com"}}`
	wantRefusal(t, a.sendIn("de", http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+args+`}`), http.StatusBadRequest,
		"studio-nine offers no service perm")
	wantRefusal(t, a.send(http.MethodPut, "/salons/studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","language":"it",`, 1), true),
		http.StatusBadRequest, "language must be a BCP 47 tag of a language this server speaks: en, de, fr, es")
	if r := a.send(http.MethodPut, "/salons/studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","language":"es-MX",`, 1), true); r.Status != http.StatusOK {
		t.Errorf("a shipped language in a region: %d %s", r.Status, r.Body)
	}
}

func TestRoundOneReadsTheWordsInTheSalonsLanguage(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","language":"de",`, 1))
	for _, c := range []struct{ header, words, want string }{
		{"", "Freitag 16 Uhr", `["2026-12-04T16:30:00Z"]`},
		{"es", "el viernes a las 4 de la tarde", `["2026-12-04T16:30:00Z"]`},
		{"fr", "vendredi vers 16h", `["2026-12-04T16:30:00Z"]`},
		// Words the language doesn't read are read in English.
		{"", "Friday at 4pm", `["2026-12-04T16:30:00Z"]`},
		// Words that name nothing are offered the earliest.
		{"", "irgendwann", `["2026-12-04T14:00:00Z","2026-12-04T14:30:00Z"]`},
	} {
		args := fmt.Sprintf(`{"message":%q,"openSlots":["2026-12-04T14:00:00Z","2026-12-04T14:30:00Z","2026-12-04T16:30:00Z"],"service":"cut","customer":{"name":"Rosa","contact":"rosa@example.com"}}`, c.words)
		r := a.sendIn(c.header, http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+args+`}`)
		var asked wire.InputRequiredResult
		if r.Status != http.StatusOK || json.Unmarshal(r.Body, &asked) != nil {
			t.Fatalf("%q: %d %s", c.words, r.Status, r.Body)
		}
		raw, _ := json.Marshal(asked.InputRequests)
		if !strings.Contains(string(raw), `"enum":`+c.want) {
			t.Errorf("%q in %q offered %s, want %s", c.words, c.header, raw, c.want)
		}
	}
}

func TestAnAddressAtAUnicodeDomainBooksAndIsOneContactWithItsASCIIForm(t *testing.T) {
	n := 0
	a := newCalendarAppWith(t, func(svc *api.Service) { svc.BookingID = func() string { n++; return fmt.Sprintf("b%d", n) } })
	a.put("studio-nine", teamSettings)
	args := `{"message":"a cut","openSlots":["2026-12-04T14:00:00Z"],"service":"cut","customer":{"name":"Jürgen","contact":"info@müller.de"}}`
	one := a.sendIn("", http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+args+`}`)
	var asked wire.InputRequiredResult
	if one.Status != http.StatusOK || json.Unmarshal(one.Body, &asked) != nil || asked.RequestState == "" {
		t.Fatalf("round one with info@müller.de: %d %s", one.Status, one.Body)
	}
	if two := a.sendIn("", http.MethodPost, "/salons/studio-nine/book", roundTwo(args, accept("2026-12-04T14:00:00Z"), asked.RequestState)); !strings.Contains(string(two.Body), `"status":"booked"`) {
		t.Fatalf("round two: %d %s", two.Status, two.Body)
	}
	export := a.send(http.MethodGet, "/salons/studio-nine/customers/export?contact="+url.QueryEscape("INFO@xn--mller-kva.de"), "", true)
	var exported struct{ Bookings []struct{ Contact string } }
	if err := json.Unmarshal(export.Body, &exported); err != nil || len(exported.Bookings) != 1 || exported.Bookings[0].Contact != "info@müller.de" {
		t.Errorf("the export by the ASCII form: %d %s, want the booking, its contact as written", export.Status, export.Body)
	}
	// A local part in Unicode is still refused, before any state is issued.
	wantRefusal(t, a.sendIn("", http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+strings.Replace(args, "info@müller.de", "jürgen@müller.de", 1)+`}`),
		http.StatusBadRequest, "arguments.customer.contact must be a phone number or an e-mail address")
}
