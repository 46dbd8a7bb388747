// This file holds the benchmarks of a salon's reads as its calendar fills: a salon's page, its
// round one and its menu's open times cost what their window holds, not what the salon holds.

package booking_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"salon/internal/booking"
	"salon/internal/salon"
	"salon/internal/step"
	"salon/internal/testpg"
)

// fill writes n live bookings of the salon id straight into the SQLite calendar at path, spread
// over the 90 days after from, each of stylist (one of stylists, in turn) and service for minutes:
// a calendar as full as a busy salon's, written in one transaction.
func fill(b *testing.B, path, id string, from time.Time, n int, stylists []string, service string, minutes int) {
	b.Helper()
	span := 90 * 24 * time.Hour
	rows := make([]liveRow, n)
	for i := range n {
		rows[i] = liveRow{start: from.Add(time.Duration(int64(span) / int64(n) * int64(i))).Truncate(5 * time.Minute), minutes: minutes}
		if len(stylists) > 0 {
			rows[i].stylist = stylists[i%len(stylists)]
		}
	}
	writeLive(b, "sqlite", path, id, service, rows)
}

// liveRow is one live booking fill or fillMenu writes.
type liveRow struct {
	start   time.Time
	stylist string
	minutes int
}

// writeLive writes rows as live bookings of service at the salon id straight into the calendar at
// dsn, opened with driver ("sqlite" or "pgx"), in one transaction.
func writeLive(b *testing.B, driver, dsn, id, service string, rows []liveRow) {
	b.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i, r := range rows {
		bid := []byte(fmt.Sprintf("fill-%d", i))
		if _, err := tx.Exec(`INSERT INTO bookings (id, salon, slot, starts_at, name, contact, words, booked_at, status, state, service, stylist, minutes)
			VALUES ($1, $2, $3, $4, $5, $5, $5, $4, 'booked', $1, $6, $7, $8)`,
			bid, []byte(id), []byte(r.start.Format(time.RFC3339)), r.start.Unix(), []byte("x"), service, r.stylist, r.minutes); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// benchSalon is a desk at friday over a SQLite calendar with id registered as set and n bookings.
func benchSalon(b *testing.B, set salon.Settings, n int, stylists []string, service string, minutes int) *booking.Desk {
	b.Helper()
	path := filepath.Join(b.TempDir(), "calendar.db")
	s := openSalonAt(b, "sqlite:"+path)
	if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
		b.Fatal(err)
	}
	fill(b, path, "studio-nine", friday.Add(time.Hour), n, stylists, service, minutes)
	return s.desk
}

// packedSalon is a desk at friday over a SQLite calendar with studio-nine registered as set, in
// London, whose first n slots are booked.
func packedSalon(b *testing.B, set salon.Settings, n int) *booking.Desk {
	b.Helper()
	path := filepath.Join(b.TempDir(), "calendar.db")
	s := openSalonAt(b, "sqlite:"+path)
	if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
		b.Fatal(err)
	}
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		b.Fatal(err)
	}
	slots := salon.Slots(set, london, friday)
	rows := make([]liveRow, n)
	for i := range rows {
		rows[i] = liveRow{start: slots[i].Start}
	}
	writeLive(b, "sqlite", path, "studio-nine", "", rows)
	return s.desk
}

// fillMenu writes n live half-hour bookings of the menu salon id straight into the SQLite
// calendar at path, as a busy salon holds them: at every other 15-minute start of the 90 days
// after from (open around the clock), spread evenly, the stylists taken in turn, so no two of a
// stylist overlap. It is how cmd/bookbench fills its menu salons, over HTTP there.
func fillMenu(b *testing.B, path, id string, from time.Time, n int, stylists []string, service string) {
	b.Helper()
	starts := 90 * 24 * 2 // every other 15-minute start
	places := starts * len(stylists)
	var rows []liveRow
	for k := range places {
		if (k+1)*n/places == k*n/places {
			continue
		}
		start := from.Truncate(30 * time.Minute).Add(time.Duration(k/len(stylists)) * 30 * time.Minute)
		rows = append(rows, liveRow{start: start, stylist: stylists[len(rows)%len(stylists)], minutes: 30})
	}
	writeLive(b, "sqlite", path, id, service, rows)
}

// tenStylists is a menu salon open around the clock, with five services and ten stylists who
// do them all, over a 90-day horizon: cmd/bookbench's menu salon.
func tenStylists() (salon.Settings, []string) {
	day := []salon.Interval{{Start: 0, End: 23*60 + 59}}
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	set := salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: hours,
		HorizonDays: 90, Currency: "GBP", GridMinutes: 15, MinNoticeMinutes: 60, ChangeCutoffHours: 24}
	var ids, services []string
	for i := range 5 {
		id := fmt.Sprintf("service-%d", i)
		services = append(services, id)
		set.Services = append(set.Services, salon.Service{ID: id, Name: id, Minutes: 30 + 15*i, AfterMinutes: 5 * i})
	}
	for i := range 10 {
		id := fmt.Sprintf("stylist-%d", i)
		ids = append(ids, id)
		set.Stylists = append(set.Stylists, salon.Stylist{ID: id, Name: id, Services: services})
	}
	return set, ids
}

// BenchmarkAvailability lists a menu salon's open times of a half-hour service with anyone, as
// GET …/availability does, for a salon of ten stylists and five services with 0, 5,000 and
// 20,000 live half-hour bookings over its 90 days (fillMenu): for the rest of the horizon (the
// first 500 starts, the route's default) and for one week.
func BenchmarkAvailability(b *testing.B) {
	set, stylists := tenStylists()
	for _, n := range []int{0, 5000, 20000} {
		b.Run(fmt.Sprintf("bookings=%d", n), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "calendar.db")
			s := openSalonAt(b, "sqlite:"+path)
			if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
				b.Fatal(err)
			}
			fillMenu(b, path, "studio-nine", friday.Add(time.Hour), n, stylists, "service-0")
			for _, days := range []int{0, 7} {
				b.Run(fmt.Sprintf("days=%d", days), func(b *testing.B) {
					for b.Loop() {
						if _, err := s.desk.Availability(context.Background(), "studio-nine", salon.Ask{Service: "service-0", Days: days}); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// aroundTheClock is a simple salon open all day every day, with 5-minute slots over 90 days.
func aroundTheClock() salon.Settings {
	day := []salon.Interval{{Start: 0, End: 23*60 + 55}}
	hours := salon.Hours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours[d] = day
	}
	return salon.Settings{Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000", Hours: hours,
		SlotMinutes: 5, HorizonDays: 90, ChangeCutoffHours: 24}
}

// BenchmarkSalonPage reads a simple salon's page (its first fifty open slots) and answers its
// round one, with 0, 10,000 and 20,000 future bookings spread over the horizon, and with its first
// 10,000 slots booked (packed). "page" is the page as the calendar's tag finds it unchanged since
// the last, kept; "page read" is the page read each time, as after every change of the calendar
// (and always on PostgreSQL).
func BenchmarkSalonPage(b *testing.B) {
	set := aroundTheClock()
	for _, c := range []struct {
		name   string
		n      int
		packed bool
	}{{"bookings=0", 0, false}, {"bookings=10000", 10000, false}, {"bookings=20000", 20000, false}, {"packed=10000", 10000, true}} {
		b.Run(c.name, func(b *testing.B) {
			var d *booking.Desk
			if c.packed {
				d = packedSalon(b, set, c.n)
			} else {
				d = benchSalon(b, set, c.n, nil, "", 0)
			}
			view, err := d.Salon(context.Background(), "studio-nine")
			if err != nil {
				b.Fatal(err)
			}
			slots := make([]string, 0, 3)
			for _, s := range view.Open[:3] {
				slots = append(slots, s.ID)
			}
			b.Run("page", func(b *testing.B) {
				for b.Loop() {
					if _, err := d.Salon(context.Background(), "studio-nine"); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("page read", func(b *testing.B) {
				db := d.Calendar
				d.Calendar = &counting{calendar: db, db: db, calls: map[string]int{}}
				defer func() { d.Calendar = db }()
				for b.Loop() {
					if _, err := d.Salon(context.Background(), "studio-nine"); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("round one", func(b *testing.B) {
				r := booking.Request{Salon: "studio-nine", Booking: step.Request{Message: "Soon?", OpenSlots: slots,
					Customer: &salon.Customer{Name: "Ana", Contact: "ana@example.com"}}}
				for b.Loop() {
					if res, err := d.Book(context.Background(), r); err != nil || res.Question == nil {
						b.Fatalf("round one: %+v, %v", res, err)
					}
				}
			})
		})
	}
}

// BenchmarkSalonPagePostgres reads the page of BenchmarkSalonPage's simple salon on PostgreSQL,
// empty and with its first 10,000 slots booked: PostgreSQL gathers the days' counts from the
// bookings as it reads.
func BenchmarkSalonPagePostgres(b *testing.B) {
	set := aroundTheClock()
	london, err := time.LoadLocation(set.TimeZone)
	if err != nil {
		b.Fatal(err)
	}
	slots := salon.Slots(set, london, friday)
	for _, n := range []int{0, 10000} {
		b.Run(fmt.Sprintf("packed=%d", n), func(b *testing.B) {
			url := testpg.Shared(b).URL(b)
			s := openSalonAt(b, url)
			if _, err := s.desk.PutSalon(context.Background(), "studio-nine", set, salon.Given{}); err != nil {
				b.Fatal(err)
			}
			rows := make([]liveRow, n)
			for i := range rows {
				rows[i] = liveRow{start: slots[i].Start}
			}
			writeLive(b, "pgx", url, "studio-nine", "", rows)
			for b.Loop() {
				if _, err := s.desk.Salon(context.Background(), "studio-nine"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
