// This file tests what a field may hold over HTTP: each refused character in each field, and a contact of neither form, through the document-checking client.

package api_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/testkit"
)

// customerBooking is round one's arguments with a customer and words.
func customerBooking(words, name, contact string) string {
	return `{"arguments":{"message":` + mustJSON(words) + `,"openSlots":` + mustJSON(slots) +
		`,"customer":{"name":` + mustJSON(name) + `,"contact":` + mustJSON(contact) + `}}}`
}

func TestEachRefusedCharacterIsRefusedInEachFieldOverHTTP(t *testing.T) {
	w := newWorld(t, true)
	const phone = "+44 7700 900123"
	for _, c := range testkit.UnallowedCharacters {
		for _, tt := range []struct {
			field, salon, body string
			inWords            bool
		}{
			{"arguments.customer.name", salon, customerBooking(message, "Ada"+c.Char+" Lovelace", phone), false},
			{"arguments.customer.contact", salon, customerBooking(message, "Ada", phone+c.Char), false},
			{"arguments.customer.contact", salon, customerBooking(message, "Ada", c.Char+"ada@example.com"), false},
			{"arguments.message", salon, customerBooking("A cut"+c.Char+"on Saturday?", "Ada", phone), c.InWords},
			{"salon", "studio" + c.Char + "nine", customerBooking(message, "Ada", phone), false},
			{"arguments.openSlots[0]", salon, `{"arguments":{"message":"hi","openSlots":[` + mustJSON("sat"+c.Char+"10:30") + `]}}`, false},
		} {
			t.Run(c.Name+" in "+tt.field, func(t *testing.T) {
				reply := w.book(tt.salon, tt.body)
				if tt.inWords {
					if reply.Status != http.StatusOK {
						t.Errorf("got %d %s, want 200: words may hold %s", reply.Status, reply.Body, c.Name)
					}
					return
				}
				wantJSON(t, reply, http.StatusBadRequest, mustJSON(tt.field+" holds a character that isn't allowed"))
			})
		}
	}
}

func TestAContactMustBeAPhoneNumberOrAnEmailAddressOverHTTP(t *testing.T) {
	w := newWorld(t, true)
	for _, contact := range []string{
		"a@b.example?bcc=attacker@evil.example",
		"x",
		"a@localhost",
		"mailto:a@b.example",
		"12345",
		"+44 7700 900123 (home)",
	} {
		wantJSON(t, w.book(salon, customerBooking(message, "Ada", contact)), http.StatusBadRequest,
			mustJSON("arguments.customer.contact must be a phone number or an e-mail address"))
	}
	for _, contact := range []string{"ada@example.com", "+44 (0)20 7946-0000", "020.7946.0000"} {
		if reply := w.book(salon, customerBooking(message, "Ada", contact)); reply.Status != http.StatusOK {
			t.Errorf("contact %q: got %d %s, want 200", contact, reply.Status, reply.Body)
		}
	}
}

func TestTheOwnersPathIDsRefuseEachRefusedCharacter(t *testing.T) {
	token := strings.Repeat("o", 32)
	client, err := apitest.New(api.New(api.Service{OwnerToken: token}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range testkit.UnallowedCharacters {
		for _, tt := range []struct{ field, path string }{
			{"booking", "/salons/studio-nine/bookings/" + url.PathEscape("b"+c.Char+"1") + "/cancel"},
			{"slot", "/salons/studio-nine/slots/" + url.PathEscape("2026-12-05T10:30:00Z"+c.Char) + "/close"},
			{"slot", "/salons/studio-nine/slots/" + url.PathEscape(c.Char+"2026-12-05T10:30:00Z") + "/open"},
			{"salon", "/salons/" + url.PathEscape("studio"+c.Char+"nine") + "/slots/2026-12-05T10:30:00Z/open"},
		} {
			t.Run(c.Name+" in "+tt.field, func(t *testing.T) {
				req := httptest.NewRequest(http.MethodPost, tt.path, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				reply, err := client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				wantJSON(t, reply, http.StatusBadRequest, mustJSON(tt.field+" holds a character that isn't allowed"))
			})
		}
	}
}
