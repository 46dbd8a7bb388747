// This file opens the salons' calendar: the database, its sweeper, and the demo salon.

package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"time"

	"salon/internal/api"
	"salon/internal/mail"
	"salon/internal/notify"
	"salon/internal/refusal"
	"salon/internal/salon"
	"salon/internal/store"
	"salon/internal/webhook"
)

// DemoSalon is the salon Config.Demo registers, so a page books against a real calendar from
// the first command.
const DemoSalon = "studio-nine"

// sweepEvery is how often expired spent states are deleted from the calendar's database, and the
// retention sweep runs.
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

// openCalendar opens the database at cfg.DatabaseURL as s's calendar, registers the demo salon there
// if cfg.Demo asks and it isn't yet, and starts the sweeper; Close stops it and closes the database.
func (s *Server) openCalendar(ctx context.Context, cfg Config) error {
	db, err := store.Open(ctx, cfg.DatabaseURL, s.svc.Now)
	if err != nil {
		return err
	}
	s.svc.Calendar, s.svc.Ready, s.svc.BookingID = db, db.Ping, freshBookingID
	s.svc.Access, s.svc.Tell, s.svc.MyCalendar, s.svc.Amend = db, db, db, db
	if cfg.SMS != nil {
		s.svc.Texts, s.svc.TextStatuses = cfg.SMS, db
	}
	var holds func(context.Context)
	if cfg.Payments != nil {
		s.svc.Holds = db
		desk := api.NewDesk(s.svc)
		holds = func(ctx context.Context) {
			switch n, err := desk.SweepHolds(ctx, holdsPerSweep); {
			case err != nil && ctx.Err() == nil:
				s.svc.Log.Warn("settling the holds whose deposit Stripe didn't tell of failed; the next sweep tries again", "error", err.Error())
			case n > 0:
				s.svc.Log.Info("settled holds whose deposit Stripe didn't tell of", "holds", n)
			}
		}
	}
	if cfg.Demo {
		if err := registerDemo(ctx, db); err != nil {
			db.Close()
			return err
		}
	}
	every := cfg.SweepEvery
	if every <= 0 {
		every = sweepEvery
	}
	sweeping, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		sweep(sweeping, db, s.svc.Now, every, cfg.Retention, s.svc.Log, holds)
	}()
	s.tell(db)
	s.closers = append(s.closers, func() {
		drain, cancel := context.WithTimeout(context.Background(), closeDrain)
		s.Drain(drain)
		cancel()
		stop()
		<-done
		db.Close()
	})
	s.svc.Log.Info("the calendar is kept in a database", "database", RedactedURL(cfg.DatabaseURL))
	if cfg.Retention > 0 {
		s.svc.Log.Info("customers' details are erased once their booking ended longer ago than the retention",
			"retention_hours", cfg.Retention.Hours())
	}
	return nil
}

// closeDrain bounds how long Close lets deliveries under way finish, when Drain wasn't called.
const closeDrain = 2 * time.Second

// tell starts the dispatcher of db's deliveries, and has each change of a booking write what it
// tells: webhooks always, and with mail the customer's mails and reminders.
func (s *Server) tell(db *store.Store) {
	cfg := s.cfg
	d := &notify.Dispatcher{
		Store: db, Client: webhook.NewClient(cfg.WebhooksInsecure), Keys: cfg.Keys, PublicURL: cfg.PublicURL,
		Now: s.svc.Now, Log: s.svc.Log, Registry: s.svc.Registry, FirstRetry: cfg.FirstRetry,
	}
	if cfg.Payments != nil {
		d.Refunds = cfg.Payments
	}
	telling := store.Telling{}
	if cfg.SMS != nil {
		d.Texts = cfg.SMS
		telling.Textable = salon.IsPhone
		s.svc.Log.Info("customers with a phone number are texted", "remind_before", cfg.RemindBefore.String())
	}
	telling.RemindBefore = cfg.RemindBefore
	if cfg.Mail != nil {
		d.Mail = *cfg.Mail
		telling.Mailable = mail.IsEmail
		s.svc.Log.Info("customers are mailed", "smtp", RedactedURL(cfg.Mail.URL), "remind_before", cfg.RemindBefore.String())
	}
	if cfg.WebhooksInsecure {
		s.svc.Log.Warn("webhooks may go to http URLs and private addresses (-webhooks-insecure)")
	}
	s.telling = d.Start()
	telling.Wake = s.telling.Wake
	db.Tell(telling)
}

// registerDemo puts studio-nine into db unless it is there already.
func registerDemo(ctx context.Context, db *store.Store) error {
	_, err := db.Salon(ctx, DemoSalon)
	if refusal.KindOf(err) != refusal.NotFound {
		return err
	}
	return db.PutSalon(ctx, DemoSalon, demoSettings())
}

// holdsPerSweep bounds the holds one sweep asks Stripe about; the rest wait for the next.
const holdsPerSweep = 100

// ScrubEvery is how often, at most, PostgreSQL's bookings table is rewritten after erasures
// (store.ScrubDue): the rewrite locks the table for a second or so at a large fleet.
const ScrubEvery = time.Hour

// sweep runs the calendar's sweeps until ctx is done: the retention's at once and then every
// every, and the spent states' every every. With retention zero the customers' details are kept.
// After each retention sweep, the bookings table is rewritten when an erasure asked for it and
// ScrubEvery has passed since the last rewrite. With holds (payments configured), each sweep then
// settles the holds whose deposit Stripe never told of.
func sweep(ctx context.Context, db *store.Store, now func() time.Time, every, retention time.Duration, log *slog.Logger, holds func(context.Context)) {
	erase := func() {
		if retention > 0 {
			n, err := db.EraseEnded(ctx, now().Add(-retention))
			switch {
			case err != nil && ctx.Err() == nil:
				log.Warn("the retention sweep failed; the next sweep tries again", "error", err.Error())
			case n > 0:
				log.Info("the retention sweep erased the details of bookings that ended long ago", "bookings", n)
			}
		}
		started := now()
		switch rewrote, err := db.ScrubDue(ctx, started, ScrubEvery); {
		case err != nil && ctx.Err() == nil:
			log.Warn("rewriting the bookings table after an erasure failed; the next sweep tries again", "error", err.Error())
		case rewrote:
			log.Info("rewrote the bookings table, so no erased detail is left in its files", "seconds", now().Sub(started).Seconds())
		}
	}
	erase()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, err := db.Sweep(ctx, now()); err != nil && ctx.Err() == nil {
				log.Warn("sweeping spent states failed; the next sweep tries again", "error", err.Error())
			}
			erase()
			if holds != nil {
				holds(ctx)
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
