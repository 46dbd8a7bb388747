// This file holds the menu salons the tool measures (ten stylists, five services, ninety days) and the salons it fills with live bookings before it measures them.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/wire"
)

// menuTeam is how many stylists a bench menu salon has.
const menuTeam = 10

// menuService is the service the customers of a bench menu salon book and ask the open times of:
// the first on its menu, 30 minutes, two grid steps.
const menuService = "cut"

// benchMenuSettings are every bench menu salon's: open around the clock in UTC, starts every 15
// minutes, ninety days ahead, no minimum notice; five services, and ten stylists who do them all
// and follow the salon's hours. A start can be booked ten times, once with each stylist, so a
// salon holds about 86 000 half-hour bookings.
func benchMenuSettings() salon.Settings {
	day := []salon.Interval{{Start: 0, End: 23*60 + 59}}
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	price := func(p int64) *int64 { return &p }
	s := salon.Settings{
		Name: "Bench Menu Salon", TimeZone: "UTC", Phone: "+44 20 7946 0998", Hours: hours,
		HorizonDays: 90, Currency: "GBP", GridMinutes: 15, MinNoticeMinutes: 0, ChangeCutoffHours: salon.DefaultChangeCutoffHours,
		Services: []salon.Service{
			{ID: menuService, Name: "Cut", Minutes: 30, Price: price(3000)},
			{ID: "colour", Name: "Colour", Minutes: 90, AfterMinutes: 30, Price: price(8000)},
			{ID: "beard", Name: "Beard trim", Minutes: 15, Price: price(1500)},
			{ID: "blow-dry", Name: "Blow-dry", Minutes: 45, Price: price(3500)},
			{ID: "perm", Name: "Perm", Minutes: 120, AfterMinutes: 15, Price: price(9000)},
		},
	}
	var all []string
	for _, v := range s.Services {
		all = append(all, v.ID)
	}
	for i := range menuTeam {
		id := "stylist-" + strconv.Itoa(i)
		s.Stylists = append(s.Stylists, salon.Stylist{ID: id, Name: "Stylist " + strconv.Itoa(i), Services: all})
	}
	return s
}

// benchVisit is the visit the customers of a -visit target ask the open times of.
var benchVisit = []string{menuService, "colour"}

// menuPut is what the -calendar targets' salons are put as: nil for simple salons, else the bench
// menu salon, with its resources under -resources.
func (cfg config) menuPut() *wire.SalonSettings {
	if !cfg.menu {
		return nil
	}
	put := benchMenuPut(cfg.resources)
	return &put
}

// benchResources are the bench menu salon's resources under -resources, and what holds each: the
// cut, which the customers book, a chair; the colour a basin; the blow-dry a dryer.
var benchResources = []struct {
	resource wire.ResourceLine
	service  string
}{
	{wire.ResourceLine{ID: "chair", Name: "Chair", Count: 8}, menuService},
	{wire.ResourceLine{ID: "basin", Name: "Basin", Count: 3}, "colour"},
	{wire.ResourceLine{ID: "dryer", Name: "Dryer", Count: 2}, "blow-dry"},
}

// benchMenuPut is benchMenuSettings as the owner puts them, with benchResources when resources.
func benchMenuPut(resources bool) wire.SalonSettings {
	s := benchMenuSettings()
	put := wire.SalonSettings{Name: s.Name, TimeZone: s.TimeZone, Phone: s.Phone, Hours: s.Hours.Wire(),
		HorizonDays: &s.HorizonDays, Currency: &s.Currency, GridMinutes: &s.GridMinutes, MinNoticeMinutes: &s.MinNoticeMinutes}
	for _, v := range s.Services {
		put.Services = append(put.Services, wire.ServiceLine{ID: v.ID, Name: v.Name, Minutes: v.Minutes, Price: v.Price, AfterMinutes: v.AfterMinutes})
	}
	for _, p := range s.Stylists {
		put.Stylists = append(put.Stylists, wire.StylistLine{ID: p.ID, Name: p.Name, Services: p.Services})
	}
	if resources {
		for _, r := range benchResources {
			put.Resources = append(put.Resources, r.resource)
			for i := range put.Services {
				if put.Services[i].ID == r.service {
					put.Services[i].Resources = append(put.Services[i].Resources, r.resource.ID)
				}
			}
		}
	}
	return put
}

// benchMenuOpen are a bench menu salon's open times of menuService with nothing booked, from
// slotLead after now to its horizon's end (at most limit), as the salon's own computation gives
// them.
func benchMenuOpen(now time.Time, limit int) []salon.OpenTime {
	times, _ := salon.OpenTimes(benchMenuSettings(), time.UTC, now, salon.Ask{Service: menuService, From: now.Add(slotLead), Limit: limit}, nil)
	return times
}

// benchMenuStartIDs are the ids of benchMenuOpen's starts, every one to the horizon's end.
func benchMenuStartIDs(now time.Time) []string {
	times := benchMenuOpen(now, 90*24*4)
	ids := make([]string, len(times))
	for i, t := range times {
		ids[i] = t.ID
	}
	return ids
}

// baselineAvailability is what GET …/availability?service=cut answers at a bench menu salon with
// nothing booked at now: the first 500 starts, each with all ten stylists.
func baselineAvailability(now time.Time) wire.Availability {
	times, more := salon.OpenTimes(benchMenuSettings(), time.UTC, now, salon.Ask{Service: menuService, Limit: booking.MaxOpenTimes}, nil)
	return wire.AvailabilityOf(booking.Availability{Service: menuService, Times: times, More: more})
}

// availPath is the open times of menuService at the salon id, for the rest of its horizon; of
// benchVisit when visit.
func availPath(id string, visit bool) string {
	if visit {
		return "/salons/" + id + "/availability?services=" + url.QueryEscape(strings.Join(benchVisit, ","))
	}
	return "/salons/" + id + "/availability?service=" + url.QueryEscape(menuService)
}

// fillSeat is one live booking the fill makes: a slot, and at a menu salon the stylist.
type fillSeat struct {
	slot, stylist string
}

// spread picks n of total places, spread evenly: place i is picked when the running share
// i*n/total steps up at it. It returns the picked places in order, and the rest.
func spread(total, n int) (picked, rest []int) {
	for i := range total {
		if (i+1)*n/total > i*n/total {
			picked = append(picked, i)
		} else {
			rest = append(rest, i)
		}
	}
	return picked, rest
}

// fillPlan is where the fill books n live bookings at a salon whose starts are ids (earliest
// first), and which starts the measured customers are handed afterwards. At a simple salon each
// booking takes one of the slots, spread evenly over the horizon (with packed, the first n), and
// the customers are handed the others. At a menu salon each is a half-hour cut with a named stylist at every other start (so
// no two overlap), spread evenly over the horizon, the stylists taken in turn; the customers are
// handed every start, which anyone may still book with whoever is free.
func fillPlan(ids []string, n int, menu, packed bool) (seats []fillSeat, free []string, err error) {
	if !menu {
		if n > len(ids) {
			return nil, nil, fmt.Errorf("-fill: a bench salon has %d slots, fewer than %d", len(ids), n)
		}
		picked, rest := spread(len(ids), n)
		if packed {
			picked, rest = first(len(ids), n)
		}
		for _, i := range picked {
			seats = append(seats, fillSeat{slot: ids[i]})
		}
		for _, i := range rest {
			free = append(free, ids[i])
		}
		return seats, free, nil
	}
	places := (len(ids) + 1) / 2 * menuTeam
	if n > places {
		return nil, nil, fmt.Errorf("-fill: a bench menu salon has room for %d half-hour bookings at every other start, fewer than %d", places, n)
	}
	picked, _ := spread(places, n)
	for i, k := range picked {
		// The picks at one start are at most menuTeam in a row, so taking the stylists in turn
		// gives each its own, and every stylist as many bookings.
		seats = append(seats, fillSeat{slot: ids[k/menuTeam*2], stylist: "stylist-" + strconv.Itoa(i%menuTeam)})
	}
	return seats, ids, nil
}

// fill books every seat at the salon id over HTTP, as customers would, in round one then round
// two, with workers at once; the bookings go to the target's instances in turn. Each booking is
// for a customer of its own.
func fill(ctx context.Context, client *http.Client, t target, id string, menu bool, seats []fillSeat, workers int) error {
	var (
		next   atomic.Int64
		failed atomic.Int64
		first  error
		once   sync.Once
		wg     sync.WaitGroup
	)
	for w := range workers {
		base := t.urls[w%len(t.urls)]
		wg.Go(func() {
			c := &customer{client: client, base: base, url: base + bookPath(id)}
			for ctx.Err() == nil {
				k := int(next.Add(1)) - 1
				if k >= len(seats) {
					return
				}
				args := wire.BookArguments{Message: benchMessage, OpenSlots: []string{seats[k].slot}, Customer: &wire.Customer{
					Name: "Fill Customer " + strconv.Itoa(k), Contact: "fill-" + strconv.Itoa(k) + "@bench.example",
				}}
				if menu {
					args.Service, args.Stylist = menuService, seats[k].stylist
				}
				if err := c.book(ctx, args); err != nil {
					failed.Add(1)
					once.Do(func() { first = fmt.Errorf("filling %s at %s: %s: %w", id, base, seats[k].slot, err) })
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if n := failed.Load(); n > 0 {
		return fmt.Errorf("%d of %d bookings failed; the first: %w", n, len(seats), first)
	}
	return nil
}

// book makes one booking in two rounds, accepting the one slot asked for; an error says what
// went otherwise.
func (c *customer) book(ctx context.Context, args wire.BookArguments) error {
	encoded, err := json.Marshal(args)
	if err != nil {
		return err
	}
	c.one = append(append(append(c.one[:0], `{"arguments":`...), encoded...), '}')
	status, err := c.post(ctx, c.url, c.one)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("round one: got %d %s", status, bytes.TrimSpace(c.buf.Bytes()))
	}
	o, kind := readOffer(c.buf.Bytes())
	if kind != okKind || o.time != args.OpenSlots[0] {
		return fmt.Errorf("round one: got %s, want an offer of %s", bytes.TrimSpace(c.buf.Bytes()), args.OpenSlots[0])
	}
	o.args = encoded
	if kind := c.roundTwo(ctx, o); kind != okKind {
		return fmt.Errorf("round two: got %s %s, want it booked", kind, bytes.TrimSpace(c.buf.Bytes()))
	}
	return nil
}

// putSalon puts the settings put as the salon id at base with the owner's token.
func putSalon(ctx context.Context, client *http.Client, base, token, id string, put wire.SalonSettings) error {
	body, err := json.Marshal(put)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, base+"/salons/"+id, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("registering %s at %s: %w", id, base, err)
	}
	reply, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("registering %s at %s: got %d %s, want 200 (is -owner-token the server's?)", id, base, res.StatusCode, bytes.TrimSpace(reply))
	}
	return nil
}

// fillAll registers the salons of every fixed target once, and fills each with the target's
// live bookings, saying on out how long each fill took.
func fillAll(ctx context.Context, cfg config, targets []target, out io.Writer) error {
	tag := "kept-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range targets {
		t := &targets[i]
		if !t.fixed {
			continue
		}
		now := time.Now()
		ids := benchSlotIDs(now)
		if cfg.menu {
			ids = benchMenuStartIDs(now)
		}
		seats, free, err := fillPlan(ids, t.fill, cfg.menu, cfg.packed)
		if err != nil {
			return err
		}
		client := newClient(cfg.customers)
		salons, err := registerSalons(ctx, client, t.urls[0], cfg.ownerToken, tag, i, cfg.salonCount(), free, cfg.menuPut(), t.language)
		if err != nil {
			return err
		}
		for _, s := range salons {
			start := time.Now()
			if err := fill(ctx, client, *t, s.id, cfg.menu, seats, cfg.customers); err != nil {
				return err
			}
			took := time.Since(start)
			if len(seats) == 0 {
				fmt.Fprintf(out, "# %s: kept %s empty\n", t.name, s.id)
				continue
			}
			fmt.Fprintf(out, "# %s: filled %s with %d live bookings in %s (%.0f a second)\n",
				t.name, s.id, len(seats), took.Round(time.Millisecond), float64(len(seats))/took.Seconds())
		}
		client.CloseIdleConnections()
		t.salons = salons
	}
	return nil
}

// first is the indexes 0 to n-1 of a list of size, and the rest.
func first(size, n int) (picked, rest []int) {
	for i := range size {
		if i < n {
			picked = append(picked, i)
		} else {
			rest = append(rest, i)
		}
	}
	return picked, rest
}
