// This file opens the salons' calendar: the database, its sweeper, and the demo salon.

package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"time"

	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/store"
)

// DemoSalon is the salon Config.Demo registers, so a page books against a real calendar from
// the first command.
const DemoSalon = "studio-nine"

// sweepEvery is how often expired spent states are deleted from the calendar's database.
const sweepEvery = time.Minute

// demoSettings are studio-nine's: a menu salon in London, in pounds, open Tuesday to Saturday
// 09:00 to 17:30. Its menu is a cut (45 minutes, £45.00), a colour (90 minutes and 30 of
// processing, £80.00) and a beard trim (15 minutes, £15.00). Ana does everything Tuesday to
// Thursday, Ben does cuts and trims on every open day, Chloé does everything Friday and Saturday.
// A contact may hold three upcoming bookings.
func demoSettings() salon.Settings {
	day := []salon.Interval{{Start: 9 * 60, End: 17*60 + 30}}
	price := func(pence int64) *int64 { return &pence }
	return salon.Settings{
		Name: "Studio Nine", TimeZone: "Europe/London", Phone: "+44 20 7946 0000",
		Hours: salon.Hours{
			time.Tuesday: day, time.Wednesday: day, time.Thursday: day, time.Friday: day, time.Saturday: day,
		},
		HorizonDays: 14,
		Currency:    "GBP",
		Services: []salon.Service{
			{ID: "cut", Name: "Cut", Minutes: 45, Price: price(4500)},
			{ID: "colour", Name: "Colour", Minutes: 90, Price: price(8000), AfterMinutes: 30},
			{ID: "beard-trim", Name: "Beard trim", Minutes: 15, Price: price(1500)},
		},
		Stylists: []salon.Stylist{
			{ID: "ana", Name: "Ana", Services: []string{"cut", "colour", "beard-trim"},
				Hours: salon.Hours{time.Tuesday: day, time.Wednesday: day, time.Thursday: day}},
			{ID: "ben", Name: "Ben", Services: []string{"cut", "beard-trim"}},
			{ID: "chloe", Name: "Chloé", Services: []string{"cut", "colour", "beard-trim"},
				Hours: salon.Hours{time.Friday: day, time.Saturday: day}},
		},
		GridMinutes:           salon.DefaultGridMinutes,
		MinNoticeMinutes:      salon.DefaultMinNoticeMinutes,
		ChangeCutoffHours:     salon.DefaultChangeCutoffHours,
		MaxUpcomingPerContact: 3,
	}
}

// openCalendar opens the database at dbURL as s's calendar, registers the demo salon there if
// demo asks and it isn't yet, and starts the sweeper; Close stops it and closes the database.
func (s *Server) openCalendar(ctx context.Context, dbURL string, demo bool) error {
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	s.svc.Calendar, s.svc.Ready, s.svc.BookingID = db, db.Ping, freshBookingID
	if demo {
		if err := registerDemo(ctx, db); err != nil {
			db.Close()
			return err
		}
	}
	sweeping, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		sweep(sweeping, db, s.svc.Now, s.svc.Log)
	}()
	s.closers = append(s.closers, func() {
		stop()
		<-done
		db.Close()
	})
	s.svc.Log.Info("the calendar is kept in a database", "database", RedactedURL(dbURL))
	return nil
}

// registerDemo puts studio-nine into db unless it is there already.
func registerDemo(ctx context.Context, db *store.Store) error {
	_, err := db.Salon(ctx, DemoSalon)
	if refusal.KindOf(err) != refusal.NotFound {
		return err
	}
	return db.PutSalon(ctx, DemoSalon, demoSettings())
}

// sweep deletes the spent states expired by now every sweepEvery until ctx is done.
func sweep(ctx context.Context, db *store.Store, now func() time.Time, log *slog.Logger) {
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, err := db.Sweep(ctx, now()); err != nil && ctx.Err() == nil {
				log.Warn("sweeping spent states failed; the next sweep tries again", "error", err.Error())
			}
		}
	}
}

// freshBookingID is a booking's reference: 16 random bytes, URL-safe.
func freshBookingID() string {
	raw := make([]byte, 16)
	rand.Read(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}
