// This file holds the menu's race through the real binary: customers asking for overlapping spans
// of one stylist at two instances over one PostgreSQL.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"salon/internal/testpg"
)

// menuOwls is a menu salon open every day and night in UTC, with one stylist, so every span of the
// race is hers: a 90-minute colour with 30 of processing, and a 45-minute cut.
const menuOwls = "menu-owls"

const menuOwlsSettings = `{"name":"Menu Owls","timeZone":"UTC","phone":"+44 20 7946 0999",
	"hours":{"mon":[["00:00","23:59"]],"tue":[["00:00","23:59"]],"wed":[["00:00","23:59"]],"thu":[["00:00","23:59"]],
		"fri":[["00:00","23:59"]],"sat":[["00:00","23:59"]],"sun":[["00:00","23:59"]]},
	"horizonDays":7,"currency":"GBP","minNoticeMinutes":0,
	"services":[{"id":"colour","name":"Colour","minutes":90,"price":8000,"afterMinutes":30},
		{"id":"cut","name":"Cut","minutes":45,"price":4500}],
	"stylists":[{"id":"ana","name":"Ana","services":["colour","cut"]}]}`

// TestFortyCustomersRacingForOverlappingSpansAcrossTwoInstancesNeverDoubleBookAStylist: a colour
// at 10:00 and cuts at 10:00, 10:15, … 11:15 tomorrow, forty customers in all, each asking one
// instance and answering the other. What is booked is what fits together: no two booked spans
// overlap, and each customer turned away overlaps a booked span.
func TestFortyCustomersRacingForOverlappingSpansAcrossTwoInstancesNeverDoubleBookAStylist(t *testing.T) {
	t.Parallel()
	url := testpg.Shared(t).URL(t)
	a := spawn(t, calendarEnv(envDatabaseURL+"="+url))
	b := spawn(t, calendarEnv(), "-db", url)
	if r := call(http.MethodPut, a.base()+"/salons/"+menuOwls, ownerToken, menuOwlsSettings); r.status != http.StatusOK {
		t.Fatalf("PUT /salons/%s: got %s, want 200", menuOwls, r)
	}
	ten := time.Now().UTC().Truncate(24 * time.Hour).Add(34 * time.Hour) // tomorrow 10:00
	type customer struct {
		service        string
		start          time.Time
		minutes, after int
		args, state    string
		booked         bool
	}
	var customers []*customer
	add := func(service string, start time.Time, minutes, after int) {
		i := len(customers)
		slot := start.Format(time.RFC3339)
		args := fmt.Sprintf(`{"message":"Any time.","openSlots":[%q],"service":%q,"stylist":"ana","customer":{"name":"Customer %03d","contact":"+44 7700 900%03d"}}`,
			slot, service, i, i)
		customers = append(customers, &customer{service: service, start: start, minutes: minutes, after: after, args: args})
	}
	add("colour", ten, 90, 30)
	for i := range 39 {
		add("cut", ten.Add(time.Duration(15*(i%6))*time.Minute), 45, 0)
	}
	bases := []string{a.base(), b.base()}
	for i, c := range customers {
		r := call(http.MethodPost, bases[i%2]+"/salons/"+menuOwls+"/book", "", `{"arguments":`+c.args+`}`)
		var asked struct {
			RequestState string `json:"requestState"`
		}
		if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &asked) != nil || asked.RequestState == "" {
			t.Fatalf("round one for customer %d: got %s, want a question", i, r)
		}
		c.state = asked.RequestState
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, c := range customers {
		wg.Go(func() {
			<-start
			body := `{"arguments":` + c.args + `,"inputResponses":{"time":{"action":"accept","content":{"time":` +
				mustJSON(c.start.Format(time.RFC3339)) + `}}},"requestState":` + mustJSON(c.state) + `}`
			r := call(http.MethodPost, bases[(i+1)%2]+"/salons/"+menuOwls+"/book", "", body)
			got, ok := completed(r)
			switch {
			case !ok:
				t.Errorf("round two for customer %d: got %s, want a completed booking", i, r)
			case got.Status == "booked":
				c.booked = true
			case got.Status != "not_booked":
				t.Errorf("round two for customer %d: got %+v", i, got)
			}
		})
	}
	close(start)
	wg.Wait()

	end := func(c *customer) time.Time { return c.start.Add(time.Duration(c.minutes+c.after) * time.Minute) }
	overlap := func(x, y *customer) bool { return x.start.Before(end(y)) && y.start.Before(end(x)) }
	booked := 0
	for i, c := range customers {
		if c.booked {
			booked++
			for _, d := range customers[:i] {
				if d.booked && overlap(c, d) {
					t.Errorf("two booked spans of Ana overlap: %s %s and %s %s", c.service, c.start, d.service, d.start)
				}
			}
			continue
		}
		blocked := false
		for _, d := range customers {
			blocked = blocked || d.booked && overlap(c, d)
		}
		if !blocked {
			t.Errorf("customer %d (%s at %s) was turned away though nothing booked overlaps", i, c.service, c.start.Format("15:04"))
		}
	}
	// The database agrees with what the customers heard: as many live bookings, each its own span.
	r := call(http.MethodGet, a.base()+"/salons/"+menuOwls+"/bookings?from="+ten.Add(-time.Hour).Format(time.RFC3339)+"&to="+ten.Add(3*time.Hour).Format(time.RFC3339), ownerToken, "")
	var list struct {
		Bookings []struct{ Status string }
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &list) != nil {
		t.Fatalf("the owner's list: got %s", r)
	}
	live := 0
	for _, row := range list.Bookings {
		if row.Status == "booked" {
			live++
		}
	}
	if live != booked || booked == 0 {
		t.Errorf("the database holds %d live bookings, the customers heard of %d", live, booked)
	}
	t.Logf("%d of %d racing customers booked", booked, len(customers))
}
