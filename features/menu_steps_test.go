// This file binds the menu's scenarios: a menu salon over the calendar's world, its open times read through the availability endpoint, and the owner's moves.

package features

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"salon/internal/wire"
)

// The menu's scenarios name services and stylists in words; the wire names them by id.
var (
	serviceIDs = map[string]string{"cut": "cut", "colour": "colour", "beard trim": "trim"}
	stylistIDs = map[string]string{"Ana": "ana", "Ben": "ben", "Chloé": "chloe", "anyone": ""}
)

// menuNineSettings is Studio Nine with its menu and team, as the owner puts it: open Tuesday to
// Saturday 09:00 to 17:30; a cut (45 minutes), a colour (90 and 30 of processing) and a beard trim
// (15); Ana does everything Tuesday to Thursday, Ben cuts and trims every day the salon opens, and
// Chloé does everything Friday and Saturday.
func menuNineSettings(zone string) map[string]any {
	day := [][]string{{"09:00", "17:30"}}
	days := func(keys ...string) map[string]any {
		h := map[string]any{}
		for _, k := range keys {
			h[k] = day
		}
		return h
	}
	return map[string]any{
		"name": "Studio Nine", "timeZone": zone, "phone": "+44 20 7946 0000", "horizonDays": 14,
		"hours":    days("tue", "wed", "thu", "fri", "sat"),
		"currency": "GBP",
		"services": []any{
			map[string]any{"id": "cut", "name": "Cut", "minutes": 45, "price": 4500},
			map[string]any{"id": "colour", "name": "Colour", "minutes": 90, "afterMinutes": 30, "price": 8000},
			map[string]any{"id": "trim", "name": "Beard trim", "minutes": 15, "price": 1500},
		},
		"stylists": []any{
			map[string]any{"id": "ana", "name": "Ana", "services": []string{"cut", "colour", "trim"}, "hours": days("tue", "wed", "thu")},
			map[string]any{"id": "ben", "name": "Ben", "services": []string{"cut", "trim"}},
			map[string]any{"id": "chloe", "name": "Chloé", "services": []string{"cut", "colour", "trim"}, "hours": days("fri", "sat")},
		},
	}
}

// visitIDs are the ids of the services a step names as one visit, "cut and colour", in order;
// nil for one service.
func visitIDs(words string) []string {
	first, then, ok := strings.Cut(words, " and ")
	if !ok {
		return nil
	}
	return []string{serviceIDs[first], serviceIDs[then]}
}

// menuSteps binds the menu's steps to the scenario's calendar world.
func menuSteps(sc *godog.ScenarioContext, w *calendarWorld) {
	var zone *time.Location

	// choose sets what the guest's arguments ask for: a service and a stylist, or anyone.
	choose := func(g *guest, service, stylist string) error {
		who, ok := stylistIDs[stylist]
		if !ok {
			return fmt.Errorf("no stylist is called %q", stylist)
		}
		if visit := visitIDs(service); visit != nil {
			g.services, g.service, g.stylist = visit, "", who
			return nil
		}
		id, ok := serviceIDs[service]
		if !ok {
			return fmt.Errorf("no service is called %q", service)
		}
		g.service, g.services, g.stylist = id, nil, who
		return nil
	}

	// availability asks for the open times of service with stylist: on one local date, or from
	// now when date is "". The reply is kept, to be read or refused.
	availability := func(service, stylist, date string) ([]wire.AvailableSlot, error) {
		q := url.Values{"service": {serviceIDs[service]}}
		if visit := visitIDs(service); visit != nil {
			q = url.Values{"services": {strings.Join(visit, ",")}}
		}
		if id := stylistIDs[stylist]; id != "" {
			q.Set("stylist", id)
		}
		if date != "" {
			day, err := time.ParseInLocation(time.DateOnly, date, zone)
			if err != nil {
				return nil, err
			}
			q.Set("from", day.Format(time.RFC3339))
			q.Set("days", "1")
		}
		if err := w.send(w.request(http.MethodGet, "/salons/"+w.salon+"/availability?"+q.Encode(), nil, false)); err != nil {
			return nil, err
		}
		if w.reply.Status != http.StatusOK {
			return nil, fmt.Errorf("availability of a %s with %s: got %d %s, want 200", service, stylist, w.reply.Status, w.reply.Body)
		}
		if got := w.reply.Header.Get("Cache-Control"); got != "no-store" {
			return nil, fmt.Errorf("availability: got Cache-Control %q, want no-store", got)
		}
		var a wire.Availability
		if err := json.Unmarshal(w.reply.Body, &a); err != nil {
			return nil, err
		}
		return a.Slots, nil
	}
	openOn := func(service, stylist, date string) ([]string, error) {
		slots, err := availability(service, stylist, date)
		ids := make([]string, len(slots))
		for i, s := range slots {
			ids[i] = s.Slot
		}
		return ids, err
	}

	// row is the owner's row of the booking the guest was told of.
	row := func(name string) (wire.BookingView, error) {
		g := w.guest(name)
		found, err := w.bookings()
		if err != nil {
			return wire.BookingView{}, err
		}
		for _, b := range found {
			if b.Booking == g.booking {
				return b, nil
			}
		}
		return wire.BookingView{}, fmt.Errorf("no booking %s among %+v", g.booking, found)
	}

	sc.Step(`^the menu salon "([^"]*)" in "([^"]*)": a cut, a colour and a beard trim; Ana, Ben and Chloé$`, func(id, name string) error {
		if err := w.open(); err != nil {
			return err
		}
		loc, err := time.LoadLocation(name)
		if err != nil {
			return err
		}
		zone, w.salon, w.settings = loc, id, menuNineSettings(name)
		return w.putSalon()
	})
	sc.Step(`^(\w+) has booked an? (cut and colour|cut|colour|beard trim) with (\pL+) at "([^"]*)"$`, func(name, service, stylist, slot string) error {
		g := w.guest(name)
		if err := choose(g, service, stylist); err != nil {
			return err
		}
		if err := w.asks(name, "A "+service+" please", []string{slot}); err != nil {
			return err
		}
		if err := w.book(w.salon, g, accept(slot), true); err != nil {
			return err
		}
		return told(w, g, "", true)
	})
	sc.Step(`^(\w+) asks for an? (cut and colour|cut|colour|beard trim) with (\pL+), saying "([^"]*)", with the slots (.*)$`, func(name, service, stylist, words, slots string) error {
		if err := choose(w.guest(name), service, stylist); err != nil {
			return err
		}
		return w.asks(name, words, quoted(slots))
	})
	sc.Step(`^(\w+) asks for an? (cut and colour|cut|colour|beard trim) with (\pL+), saying "([^"]*)", with its open times$`, func(name, service, stylist, words string) error {
		if err := choose(w.guest(name), service, stylist); err != nil {
			return err
		}
		ids, err := openOn(service, stylist, "")
		if err != nil {
			return err
		}
		// An app sends at most 50, the earliest.
		return w.asks(name, words, ids[:min(len(ids), wire.MaxOpenSlots)])
	})
	sc.Step(`^(\w+) asks for a cut, and a cut and colour besides, saying "([^"]*)", with the slots (.*)$`, func(name, words, slots string) error {
		g := w.guest(name)
		g.service, g.services = "cut", visitIDs("cut and colour")
		return w.asks(name, words, quoted(slots))
	})
	sc.Step(`^(\w+) accepts "([^"]*)" for an? (cut|colour|beard trim) instead$`, func(name, slot, service string) error {
		g := w.guest(name)
		g.service = serviceIDs[service]
		return w.book(w.salon, g, accept(slot), true)
	})
	sc.Step(`^anyone asks for the open times of an? (cut and colour|cut|colour|beard trim) with (\pL+)$`, func(service, stylist string) error {
		_, err := availability(service, stylist, "")
		if w.reply.Status != http.StatusOK {
			return nil // the refusal is the next step's to judge
		}
		return err
	})
	sc.Step(`^the open times of an? (cut and colour|cut|colour|beard trim) with (\pL+) on "([^"]*)" hold (.*)$`, func(service, stylist, date, want string) error {
		got, err := openOn(service, stylist, date)
		if err != nil {
			return err
		}
		for _, slot := range quoted(want) {
			if !slices.Contains(got, slot) {
				return fmt.Errorf("%s is not open for a %s with %s: got %q", slot, service, stylist, got)
			}
		}
		return nil
	})
	sc.Step(`^the open times of an? (cut and colour|cut|colour|beard trim) with (\pL+) on "([^"]*)" don't hold (.*)$`, func(service, stylist, date, want string) error {
		got, err := openOn(service, stylist, date)
		if err != nil {
			return err
		}
		for _, slot := range quoted(want) {
			if slices.Contains(got, slot) {
				return fmt.Errorf("%s is open for a %s with %s, want it not: got %q", slot, service, stylist, got)
			}
		}
		return nil
	})
	sc.Step(`^the open times of an? (cut|colour|beard trim) with (\pL+) on "([^"]*)" begin with "([^"]*)"$`, func(service, stylist, date, first string) error {
		got, err := openOn(service, stylist, date)
		if err == nil && (len(got) == 0 || got[0] != first) {
			err = fmt.Errorf("got open times %q, want them to begin with %s", got, first)
		}
		return err
	})
	sc.Step(`^the owner sees (\w+)'s (cut and colour|cut|colour|beard trim) with (\pL+) at "([^"]*)", ending "([^"]*)"$`, func(name, service, stylist, slot, ends string) error {
		b, err := row(name)
		if err != nil {
			return err
		}
		if b.Service == nil || b.StylistName == nil || b.Ends == nil || b.Fits == nil {
			return fmt.Errorf("got %+v, want the menu's fields", b)
		}
		services := visitIDs(service)
		if services == nil {
			services = []string{serviceIDs[service]}
		}
		if *b.Service != services[0] || !slices.Equal(b.Services, services) || *b.StylistName != stylist || *b.Stylist != stylistIDs[stylist] ||
			b.Slot != slot || *b.Ends != ends || !*b.Fits || b.Status != "booked" {
			return fmt.Errorf("got %s's booking %s at %s with %s, ending %s, fits %v; want a %s with %s at %s, ending %s, fitting",
				name, *b.Service, b.Slot, *b.StylistName, *b.Ends, *b.Fits, service, stylist, slot, ends)
		}
		return nil
	})
	sc.Step(`^the owner sees (\w+)'s booking no longer fits$`, func(name string) error {
		b, err := row(name)
		if err == nil && (b.Fits == nil || *b.Fits) {
			err = fmt.Errorf("got %+v, want \"fits\": false", b)
		}
		return err
	})
	closes := func(stylist, from, to string) error {
		closure := map[string]any{"from": from, "to": to, "note": "Staff training"}
		if stylist != "" {
			closure["stylist"] = stylistIDs[stylist]
		}
		list, _ := w.settings["closures"].([]any)
		w.settings["closures"] = append(list, closure)
		return w.putSalon()
	}
	sc.Step(`^the owner closes the salon from "([^"]*)" to "([^"]*)"$`, func(from, to string) error { return closes("", from, to) })
	sc.Step(`^the owner closes (\pL+)'s time from "([^"]*)" to "([^"]*)"$`, closes)
	// holding puts the settings with the services named holding resource, of count units.
	holding := func(resource string, count int, services ...string) error {
		if count > 0 {
			w.settings["resources"] = []any{map[string]any{"id": resource, "name": "Basin", "count": count}}
		}
		for _, v := range w.settings["services"].([]any) {
			v := v.(map[string]any)
			for _, service := range services {
				if v["id"] == serviceIDs[service] {
					v["resources"] = []string{resource}
				}
			}
		}
		return w.putSalon()
	}
	sc.Step(`^the owner gives the salon (\d+) basins?, which a (cut|colour|beard trim) and a (cut|colour|beard trim) hold$`, func(count int, one, other string) error {
		return holding("basin", count, one, other)
	})
	sc.Step(`^the owner puts a (cut|colour|beard trim) holding a "([^"]*)"$`, func(service, resource string) error {
		if err := holding(resource, 0, service); err == nil {
			return fmt.Errorf("the put was taken: %v", err)
		}
		return nil // the refusal is the next step's to judge
	})
	sc.Step(`^the owner gives (\pL+) (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days off$`, func(stylist, day string) error {
		for _, p := range w.settings["stylists"].([]any) {
			p := p.(map[string]any)
			if p["id"] != stylistIDs[stylist] {
				continue
			}
			hours, ok := p["hours"].(map[string]any)
			if !ok {
				return fmt.Errorf("%s works the salon's hours", stylist)
			}
			delete(hours, strings.ToLower(day[:3]))
			return w.putSalon()
		}
		return fmt.Errorf("no stylist %s", stylist)
	})
	move := func(name, slot, stylist string) error {
		body := map[string]any{"slot": slot}
		if stylist != "" {
			body["stylist"] = stylistIDs[stylist]
		}
		path := "/salons/" + w.salon + "/bookings/" + url.PathEscape(w.guest(name).booking) + "/move"
		return w.send(w.request(http.MethodPost, path, body, true))
	}
	sc.Step(`^the owner moves (\w+)'s booking to "([^"]*)"$`, func(name, slot string) error { return move(name, slot, "") })
	sc.Step(`^the owner moves (\w+)'s booking to "([^"]*)" with (\pL+)$`, move)
}
