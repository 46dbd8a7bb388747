// This file binds the scenarios of who may do what and the customer's data: a salon's keys, the
// audit, erasure, export and the cap, over the calendar's world.

package features

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"salon/internal/wire"
)

// withToken is req carrying token as its bearer, in place of any other.
func withToken(req *http.Request, token string) *http.Request {
	req.Header.Set("Authorization", "Bearer "+token)
	return req
}

// auditEntries reads the salon's audit with the operator's token.
func (w *calendarWorld) auditEntries() ([]wire.AuditEntry, error) {
	if err := w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/audit", nil, true)); err != nil {
		return nil, err
	}
	var list wire.AuditList
	if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &list) != nil {
		return nil, fmt.Errorf("reading the audit: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	return list.Entries, nil
}

// export reads the owner's export for contact.
func (w *calendarWorld) export(contact string) ([]wire.BookingView, error) {
	path := "/salons/" + w.salon + "/customers/export?contact=" + url.QueryEscape(contact)
	if err := w.send(w.request(http.MethodGet, path, nil, true)); err != nil {
		return nil, err
	}
	var list wire.BookingList
	if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &list) != nil {
		return nil, fmt.Errorf("the export: got %d %s, want 200", w.reply.Status, w.reply.Body)
	}
	return list.Bookings, nil
}

func accessSteps(sc *godog.ScenarioContext, w *calendarWorld) {
	made := map[string]wire.KeyMade{} // the keys made in the scenario, by name
	sc.Step(`^the salon "([^"]*)" is registered too$`, func(id string) error {
		if err := w.send(w.request(http.MethodPut, "/salons/"+id, w.settings, true)); err != nil {
			return err
		}
		if w.reply.Status != http.StatusOK {
			return fmt.Errorf("putting %s: got %d %s, want 200", id, w.reply.Status, w.reply.Body)
		}
		return nil
	})
	sc.Step(`^the operator has made a key named "([^"]*)" for "([^"]*)"$`, func(name, id string) error {
		if err := w.send(w.request(http.MethodPost, "/salons/"+id+"/keys", map[string]any{"name": name}, true)); err != nil {
			return err
		}
		var k wire.KeyMade
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &k) != nil || k.Name != name || k.Key == "" {
			return fmt.Errorf("making a key: got %d %s, want 200 with the key", w.reply.Status, w.reply.Body)
		}
		made[name] = k
		// What is given is done before what follows: the audit orders the entries of one
		// millisecond by no rule, and the making's entry must be older than the key's first act.
		w.clock.Advance(time.Second)
		return nil
	})
	sc.Step(`^the operator revokes the key "([^"]*)"$`, func(name string) error {
		if err := w.send(w.request(http.MethodDelete, "/salons/"+w.salon+"/keys/"+made[name].ID, nil, true)); err != nil {
			return err
		}
		if w.reply.Status != http.StatusNoContent {
			return fmt.Errorf("revoking: got %d %s, want 204", w.reply.Status, w.reply.Body)
		}
		return nil
	})
	sc.Step(`^the key "([^"]*)" lists the (bookings|keys) of "([^"]*)"$`, func(name, what, id string) error {
		return w.send(withToken(w.request(http.MethodGet, "/salons/"+id+"/"+what, nil, false), made[name].Key))
	})
	sc.Step(`^the owner's list comes back$`, func() error {
		var list wire.BookingList
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &list) != nil {
			return fmt.Errorf("got %d %s, want 200 with the bookings", w.reply.Status, w.reply.Body)
		}
		return nil
	})
	sc.Step(`^the key "([^"]*)" cancels (\w+)'s booking$`, func(name, guest string) error {
		path := "/salons/" + w.salon + "/bookings/" + url.PathEscape(w.guest(guest).booking) + "/cancel"
		if err := w.send(withToken(w.request(http.MethodPost, path, nil, false), made[name].Key)); err != nil {
			return err
		}
		if w.reply.Status != http.StatusOK {
			return fmt.Errorf("cancelling: got %d %s, want 200", w.reply.Status, w.reply.Body)
		}
		return nil
	})
	sc.Step(`^the audit's newest entry is the key "([^"]*)"'s "([^"]*)" of (\w+)'s booking, "([^"]*)"$`, func(name, action, guest, detail string) error {
		entries, err := w.auditEntries()
		if err != nil {
			return err
		}
		want := wire.AuditEntry{By: made[name].ID, Action: action, Booking: w.guest(guest).booking, Detail: detail}
		if len(entries) == 0 {
			return fmt.Errorf("the audit is empty, want %+v", want)
		}
		got := entries[0]
		got.At = ""
		if got != want {
			return fmt.Errorf("the newest entry is %+v, want %+v", entries[0], want)
		}
		return nil
	})
	sc.Step(`^the audit names nothing of (\w+)$`, func(guest string) error {
		if _, err := w.auditEntries(); err != nil {
			return err
		}
		g := w.guest(guest)
		for _, personal := range []string{g.name, g.contact, g.words} {
			if strings.Contains(string(w.reply.Body), personal) {
				return fmt.Errorf("the audit holds %q: %s", personal, w.reply.Body)
			}
		}
		return nil
	})
	sc.Step(`^the owner erases the customer reachable at "([^"]*)"$`, func(contact string) error {
		return w.send(w.request(http.MethodPost, "/salons/"+w.salon+"/customers/erase", map[string]any{"contact": contact}, true))
	})
	sc.Step(`^(\d+) bookings? (?:is|are) erased$`, func(n int) error {
		var erased wire.Erased
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &erased) != nil || erased.Erased != n {
			return fmt.Errorf("got %d %s, want 200 with %d erased", w.reply.Status, w.reply.Body, n)
		}
		return nil
	})
	sc.Step(`^the owner sees (\w+)'s booking with no name, contact or words$`, func(guest string) error {
		found, err := w.bookings()
		if err != nil {
			return err
		}
		for _, b := range found {
			if b.Booking == w.guest(guest).booking {
				if b.Name != "" || b.Contact != "" || b.Words != "" || b.Status != "booked" {
					return fmt.Errorf("got %+v, want it live with no name, contact or words", b)
				}
				return nil
			}
		}
		return fmt.Errorf("no booking %s among %+v", w.guest(guest).booking, found)
	})
	sc.Step(`^the export for "([^"]*)" holds no booking$`, func(contact string) error {
		found, err := w.export(contact)
		if err == nil && len(found) > 0 {
			err = fmt.Errorf("got %+v, want none", found)
		}
		return err
	})
	sc.Step(`^the export for "([^"]*)" holds (\w+)'s booking with (?:her|his|their) contact and words$`, func(contact, guest string) error {
		found, err := w.export(contact)
		if err != nil {
			return err
		}
		g := w.guest(guest)
		if len(found) != 1 || found[0].Booking != g.booking || found[0].Name != g.name || found[0].Contact != g.contact || found[0].Words != g.words {
			return fmt.Errorf("got %+v, want %s's booking with %q and %q", found, g.name, g.contact, g.words)
		}
		return nil
	})
	sc.Step(`^the salon caps each contact at (\d+) upcoming bookings?$`, func(n int) error {
		w.settings["maxUpcomingPerContact"] = n
		return w.putSalon()
	})
}
