// This file tests phone numbers read as one number however they are written: the cap per contact,
// the export and the erasure compare E.164 forms in the salon's region, and a number that can't be
// one is refused in round one.

package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/wire"
)

func TestThreeSpellingsOfOneNumberAreOneContact(t *testing.T) {
	n := 0
	a := newCalendarAppWith(t, func(svc *api.Service) { svc.BookingID = func() string { n++; return fmt.Sprintf("b%d", n) } })
	a.put("studio-nine", strings.Replace(teamSettings, `"currency":"GBP",`, `"currency":"GBP","maxUpcomingPerContact":3,`, 1))
	book := func(contact, slot string) apitest.Reply {
		t.Helper()
		args := fmt.Sprintf(`{"message":"A cut","openSlots":[%q],"service":"cut","stylist":"ana","customer":{"name":"Rosa","contact":%q}}`, slot, contact)
		one := a.send(http.MethodPost, "/salons/studio-nine/book", `{"arguments":`+args+`}`, false)
		var asked wire.InputRequiredResult
		if one.Status != http.StatusOK || json.Unmarshal(one.Body, &asked) != nil || asked.RequestState == "" {
			return one
		}
		return a.send(http.MethodPost, "/salons/studio-nine/book", roundTwo(args, accept(slot), asked.RequestState), false)
	}
	for i, contact := range []string{"+44 7700 900123", "07700 900123", "0044 7700 900123"} {
		slot := fmt.Sprintf("2026-12-04T1%d:00:00Z", 3+i)
		if r := book(contact, slot); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"booked"`) {
			t.Fatalf("booking %s as %q: %d %s", slot, contact, r.Status, r.Body)
		}
	}
	// The cap of three counts the three spellings as one contact.
	wantRefusal(t, book("(07700) 900-123", "2026-12-04T16:00:00Z"), http.StatusConflict,
		"you already hold 3 upcoming bookings here; call Studio Nine to book more")
	// So do the export and the erasure.
	export := a.send(http.MethodGet, "/salons/studio-nine/customers/export?contact="+url.QueryEscape("+447700900123"), "", true)
	var exported struct{ Bookings []struct{ Contact string } }
	if err := json.Unmarshal(export.Body, &exported); err != nil || len(exported.Bookings) != 3 {
		t.Errorf("the export by +447700900123: %d %s, want the three bookings", export.Status, export.Body)
	}
	if r := a.send(http.MethodPost, "/salons/studio-nine/customers/erase", `{"contact":"0044 7700 900 123"}`, true); string(r.Body) != "{\"erased\":3}\n" {
		t.Errorf("the erasure by 0044 7700 900 123: %d %s, want 3 erased", r.Status, r.Body)
	}
	// A number too long to be a British one (yet within the field rules' 6 to 20 digits) is refused
	// in round one, before any state is issued.
	wantRefusal(t, book("07700 900123 456", "2026-12-04T16:00:00Z"), http.StatusBadRequest,
		"arguments.customer.contact must be a phone number or an e-mail address")
}
