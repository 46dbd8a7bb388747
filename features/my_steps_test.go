// This file binds the scenarios of the customer's own booking: reading, cancelling and moving it with its manage key, its calendar, and the outcome of a lost reply.

package features

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"
	goical "github.com/emersion/go-ical"

	desk "salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/wire"
)

// The customer's own operations, through the flaky database to the store under it.

func (f *flaky) own() desk.MyCalendar { return f.calendar.(desk.MyCalendar) }

func (f *flaky) Booking(ctx context.Context, salonID, id string) (salon.Booking, error) {
	if err := f.fail(); err != nil {
		return salon.Booking{}, err
	}
	return f.own().Booking(ctx, salonID, id)
}

func (f *flaky) CancelBefore(ctx context.Context, salonID, id string, latest time.Time) (salon.Booking, bool, error) {
	if err := f.fail(); err != nil {
		return salon.Booking{}, false, err
	}
	return f.own().CancelBefore(ctx, salonID, id, latest)
}

func (f *flaky) MoveSpend(ctx context.Context, id requeststate.SpendID, goodUntil time.Time, salonID, bookingID string,
	decide func(salon.Booking) (salon.Move, error)) (salon.Booking, salon.Taken, error) {
	if err := f.fail(); err != nil {
		return salon.Booking{}, 0, err
	}
	return f.own().MoveSpend(ctx, id, goodUntil, salonID, bookingID, decide)
}

func (f *flaky) SpentState(ctx context.Context, id requeststate.SpendID) (salon.Spent, bool, error) {
	if err := f.fail(); err != nil {
		return salon.Spent{}, false, err
	}
	return f.own().SpentState(ctx, id)
}

// referencePlaceholder is how a step names a customer's booking reference inside a reason:
// "there is no booking <Rosa's reference>".
var referencePlaceholder = regexp.MustCompile(`<(\w+)'s reference>`)

// references writes each customer's booking reference into reason for its placeholder.
func (w *calendarWorld) references(reason string) string {
	return referencePlaceholder.ReplaceAllStringFunc(reason, func(m string) string {
		return w.guest(referencePlaceholder.FindStringSubmatch(m)[1]).booking
	})
}

// mine sends method to the path of the booking with what follows it, carrying key as the bearer
// token ("" for none) and body as JSON (nil for none).
func (w *calendarWorld) mine(method, booking, rest, key string, body any) error {
	req := w.request(method, "/salons/"+w.salon+"/my/"+url.PathEscape(booking)+rest, body, false)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return w.send(req)
}

// moveBody is a move's body to slot; in round two, with the answer accepting it and the state.
func moveBody(slot, state string) map[string]any {
	b := map[string]any{"arguments": map[string]any{"message": "Later that morning?", "openSlots": []string{slot}}}
	if state != "" {
		b["inputResponses"], b["requestState"] = accept(slot), state
	}
	return b
}

// outcomeBody is round two of g's booking as it was sent, with the answer accepting slot instead.
func outcomeBody(g *guest, slot string) []byte {
	return encode(map[string]any{
		"arguments":      map[string]any{"message": g.words, "openSlots": g.slots, "customer": map[string]any{"name": g.name, "contact": g.contact}},
		"inputResponses": accept(slot), "requestState": g.state,
	})
}

func (w *calendarWorld) postOutcome(body []byte) error {
	req := httptest.NewRequest(http.MethodPost, "/salons/"+w.salon+"/book/outcome", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return w.send(req)
}

// myBooking reads the latest reply as the booking its customer sees, checking it isn't cached.
func (w *calendarWorld) myBooking() (wire.MyBooking, error) {
	var m wire.MyBooking
	if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &m) != nil {
		return m, fmt.Errorf("got %d %s, want the booking", w.reply.Status, w.reply.Body)
	}
	if got := w.reply.Header.Get("Cache-Control"); got != "no-store" {
		return m, fmt.Errorf("got Cache-Control %q, want no-store", got)
	}
	return m, nil
}

func ownSteps(sc *godog.ScenarioContext, w *calendarWorld) {
	const pronoun = `(?:her|his|their)`
	sc.Step(`^(\w+) reads `+pronoun+` booking with `+pronoun+` key$`, func(name string) error {
		g := w.guest(name)
		return w.mine(http.MethodGet, g.booking, "", g.key, nil)
	})
	sc.Step(`^(\w+) reads `+pronoun+` booking with no key$`, func(name string) error {
		return w.mine(http.MethodGet, w.guest(name).booking, "", "", nil)
	})
	sc.Step(`^(\w+) reads (\w+)'s booking with `+pronoun+` own key$`, func(name, other string) error {
		return w.mine(http.MethodGet, w.guest(other).booking, "", w.guest(name).key, nil)
	})
	sc.Step(`^(\w+) reads the booking "([^"]*)" with `+pronoun+` key$`, func(name, booking string) error {
		return w.mine(http.MethodGet, booking, "", w.guest(name).key, nil)
	})
	sc.Step(`^(\w+) cancels `+pronoun+` booking$`, func(name string) error {
		g := w.guest(name)
		return w.mine(http.MethodPost, g.booking, "/cancel", g.key, nil)
	})
	sc.Step(`^(\w+) cancels (\w+)'s booking with `+pronoun+` own key$`, func(name, other string) error {
		return w.mine(http.MethodPost, w.guest(other).booking, "/cancel", w.guest(name).key, nil)
	})
	sc.Step(`^the booking reads (booked|cancelled) at "([^"]*)" \("([^"]*)"\), sequence (\d+), (changeable|no longer changeable) until "([^"]*)"$`,
		func(status, slot, label string, sequence int, changeable, until string) error {
			m, err := w.myBooking()
			if err != nil {
				return err
			}
			if m.Status != status || m.Slot != slot || m.Label != label || m.Sequence != sequence ||
				m.CanChange != (changeable == "changeable") || m.ChangeUntil != until || m.Salon != w.salon || m.SalonName != "Studio Nine" {
				return fmt.Errorf("got %+v, want %s at %s (%s), sequence %d, %s until %s", m, status, slot, label, sequence, changeable, until)
			}
			return nil
		})
	sc.Step(`^it is for (\w+), with (?:her|his|their) contact$`, func(name string) error {
		m, err := w.myBooking()
		g := w.guest(name)
		if err == nil && (m.Name != g.name || m.Contact != g.contact || m.Booking != g.booking) {
			err = fmt.Errorf("got %+v, want %s's booking %s for %s at %s", m, name, g.booking, g.name, g.contact)
		}
		return err
	})
	sc.Step(`^(\w+) asks to move `+pronoun+` booking to "([^"]*)"$`, func(name, slot string) error {
		g := w.guest(name)
		if err := w.mine(http.MethodPost, g.booking, "/move", g.key, moveBody(slot, "")); err != nil {
			return err
		}
		var r struct{ RequestState string }
		if w.reply.Status == http.StatusOK && json.Unmarshal(w.reply.Body, &r) == nil {
			g.moveState = r.RequestState
		}
		return nil
	})
	sc.Step(`^(\w+) is asked to choose "([^"]*)" for the move$`, func(name, slot string) error {
		var r struct {
			ResultType    string
			InputRequests wire.InputRequests
		}
		if w.reply.Status != http.StatusOK || json.Unmarshal(w.reply.Body, &r) != nil || r.ResultType != wire.ResultInputRequired {
			return fmt.Errorf("got %d %s, want a question", w.reply.Status, w.reply.Body)
		}
		if got := r.InputRequests.Time.Params.RequestedSchema.Properties.Time.Enum; !slices.Equal(got, []string{slot}) {
			return fmt.Errorf("%s is offered %q, want %s", name, got, slot)
		}
		return nil
	})
	sc.Step(`^(\w+) accepts "([^"]*)" for the move$`, func(name, slot string) error {
		g := w.guest(name)
		return w.mine(http.MethodPost, g.booking, "/move", g.key, moveBody(slot, g.moveState))
	})
	sc.Step(`^(\w+) sends (\w+)'s move state for `+pronoun+` own booking, accepting "([^"]*)"$`, func(name, other, slot string) error {
		g := w.guest(name)
		return w.mine(http.MethodPost, g.booking, "/move", g.key, moveBody(slot, w.guest(other).moveState))
	})
	sc.Step(`^(\w+) fetches `+pronoun+` calendar$`, func(name string) error {
		g := w.guest(name)
		return w.mine(http.MethodGet, g.booking, "/calendar.ics", g.key, nil)
	})
	sc.Step(`^the calendar holds one event "([^"]*)" from "([^"]*)" to "([^"]*)", sequence (\d+), (CONFIRMED|CANCELLED), for (\w+)'s booking$`,
		func(summary, from, to string, sequence int, status, name string) error {
			return w.calendarSays(summary, from, to, sequence, status, w.guest(name).booking)
		})
	sc.Step(`^(\w+)'s reply to round two is lost, and `+`(?:she|he|they)`+` asks for the outcome$`, func(name string) error {
		return w.postOutcome(w.guest(name).roundTwo)
	})
	sc.Step(`^(\w+) is told the outcome again, byte for byte, with `+pronoun+` key$`, func(name string) error {
		g := w.guest(name)
		if w.reply.Status != http.StatusOK || !bytes.Equal(w.reply.Body, g.told) {
			return fmt.Errorf("got %d %s, want round two's reply byte for byte: %s", w.reply.Status, w.reply.Body, g.told)
		}
		if g.key == "" || !bytes.Contains(w.reply.Body, []byte(`"manage":"`+g.key+`"`)) {
			return fmt.Errorf("the outcome %s doesn't carry the key", w.reply.Body)
		}
		return nil
	})
	sc.Step(`^(\w+) sends (?:her|his|their) round two again$`, func(name string) error {
		return w.postBook(w.guest(name).roundTwo)
	})
	sc.Step(`^(\w+) asks for the outcome of (?:her|his|their) round two, accepting "([^"]*)" instead$`, func(name, slot string) error {
		return w.postOutcome(outcomeBody(w.guest(name), slot))
	})
	sc.Step(`^(\w+) asks for the outcome of (?:her|his|their) round one, accepting "([^"]*)"$`, func(name, slot string) error {
		return w.postOutcome(outcomeBody(w.guest(name), slot))
	})
}

func (w *calendarWorld) postBook(body []byte) error {
	req := httptest.NewRequest(http.MethodPost, "/salons/"+w.salon+"/book", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return w.send(req)
}

// calendarSays checks the latest reply is a calendar whose one event, parsed by go-ical, is the
// booking's: its UID, summary, sequence, status and instants.
func (w *calendarWorld) calendarSays(summary, from, to string, sequence int, status, booking string) error {
	if w.reply.Status != http.StatusOK || w.reply.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
		return fmt.Errorf("got %d %q %s, want a calendar", w.reply.Status, w.reply.Header.Get("Content-Type"), w.reply.Body)
	}
	cal, err := goical.NewDecoder(bytes.NewReader(w.reply.Body)).Decode()
	if err != nil {
		return fmt.Errorf("go-ical can't read the calendar: %w", err)
	}
	events := cal.Events()
	if len(events) != 1 {
		return fmt.Errorf("got %d events, want one", len(events))
	}
	e := events[0]
	start, err := e.DateTimeStart(time.UTC)
	if err != nil {
		return err
	}
	end, err := e.DateTimeEnd(time.UTC)
	if err != nil {
		return err
	}
	got, _ := e.Props.Get(goical.PropSummary).Text()
	seq, _ := e.Props.Get(goical.PropSequence).Int()
	wantStart, _ := time.Parse(time.RFC3339, from)
	wantEnd, _ := time.Parse(time.RFC3339, to)
	if uid := e.Props.Get(goical.PropUID).Value; uid != booking+"@"+w.salon || got != summary || seq != sequence ||
		e.Props.Get(goical.PropStatus).Value != status || !start.Equal(wantStart) || !end.Equal(wantEnd) {
		return fmt.Errorf("got the event\n%s\nwant %s from %s to %s, sequence %d, %s, UID %s@%s", w.reply.Body, summary, from, to, sequence, status, booking, w.salon)
	}
	if !strings.Contains(string(w.reply.Body), "BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n") {
		return fmt.Errorf("the calendar carries no VTIMEZONE for Europe/London:\n%s", w.reply.Body)
	}
	return nil
}
