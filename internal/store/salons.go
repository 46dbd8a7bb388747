// This file holds the salons: registering one, reading its settings, kept or fresh, and reading its calendar.

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"salon/internal/audit"
	"salon/internal/salon"
)

// storedPrice is a price line as the prices column holds it. Its words are []byte, so JSON carries
// them in base64 and they read back byte for byte, even bytes that aren't UTF-8.
type storedPrice struct {
	Service []byte `json:"service"`
	Price   []byte `json:"price"`
}

// storedHours is the hours column: by weekday number, each interval as [start, end] in minutes.
type storedHours map[time.Weekday][][2]salon.Clock

// storedTerms is the terms column: everything a salon's settings hold beyond the columns of its
// own, the menu and the team among them. Ids and names are checked words, so they travel as JSON
// strings.
type storedTerms struct {
	Currency              string          `json:"currency,omitempty"`
	Services              []storedService `json:"services,omitempty"`
	Stylists              []storedStylist `json:"stylists,omitempty"`
	GridMinutes           int             `json:"gridMinutes,omitempty"`
	MinNoticeMinutes      int             `json:"minNoticeMinutes,omitempty"`
	ChangeCutoffHours     int             `json:"changeCutoffHours"`
	MaxUpcomingPerContact int             `json:"maxUpcomingPerContact,omitempty"`
	// MaxBookingsPerMinute is 0, its default, in the terms of a salon put before it was a setting.
	MaxBookingsPerMinute int              `json:"maxBookingsPerMinute,omitempty"`
	PaymentMinutes       int              `json:"paymentMinutes,omitempty"`
	Language             string           `json:"language,omitempty"`
	EmbedOrigins         []string         `json:"embedOrigins,omitempty"`
	Closures             []storedClosure  `json:"closures,omitempty"`
	Resources            []storedResource `json:"resources,omitempty"`
}

type storedResource struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type storedService struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Minutes      int      `json:"minutes"`
	Price        *int64   `json:"price,omitempty"`
	AfterMinutes int      `json:"afterMinutes,omitempty"`
	Deposit      *int64   `json:"deposit,omitempty"`
	Resources    []string `json:"resources,omitempty"`
}

type storedStylist struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Services []string     `json:"services"`
	Hours    *storedHours `json:"hours,omitempty"` // nil: the salon's hours; a stylist who works no day has {}
}

type storedClosure struct {
	From    int64  `json:"from"`
	To      int64  `json:"to"`
	Stylist string `json:"stylist,omitempty"`
	Note    string `json:"note,omitempty"`
}

// encodeTerms gives the terms column.
func encodeTerms(set salon.Settings) (string, error) {
	t := storedTerms{
		Currency: set.Currency, GridMinutes: set.GridMinutes, MinNoticeMinutes: set.MinNoticeMinutes,
		ChangeCutoffHours: set.ChangeCutoffHours, MaxUpcomingPerContact: set.MaxUpcomingPerContact,
		MaxBookingsPerMinute: set.MaxBookingsPerMinute, PaymentMinutes: set.PaymentMinutes, Language: set.Language,
		EmbedOrigins: set.EmbedOrigins,
	}
	for _, v := range set.Services {
		t.Services = append(t.Services, storedService{ID: v.ID, Name: v.Name, Minutes: v.Minutes, Price: v.Price, AfterMinutes: v.AfterMinutes, Deposit: v.Deposit, Resources: v.Resources})
	}
	for _, p := range set.Stylists {
		st := storedStylist{ID: p.ID, Name: p.Name, Services: p.Services}
		if p.Hours != nil {
			h := hoursStored(p.Hours)
			st.Hours = &h
		}
		t.Stylists = append(t.Stylists, st)
	}
	for _, r := range set.Resources {
		t.Resources = append(t.Resources, storedResource(r))
	}
	if set.Closures != nil {
		t.Closures = make([]storedClosure, len(set.Closures))
		for i, c := range set.Closures {
			t.Closures[i] = storedClosure{From: c.From.Unix(), To: c.To.Unix(), Stylist: c.Stylist, Note: c.Note}
		}
	}
	out, err := json.Marshal(t)
	return string(out), err
}

// decodeTerms reads back what encodeTerms wrote into set.
func decodeTerms(terms string, set *salon.Settings) error {
	var t storedTerms
	if err := json.Unmarshal([]byte(terms), &t); err != nil {
		return fmt.Errorf("a salon's terms don't read: %w", err)
	}
	set.Currency, set.GridMinutes, set.MinNoticeMinutes = t.Currency, t.GridMinutes, t.MinNoticeMinutes
	set.ChangeCutoffHours, set.MaxUpcomingPerContact = t.ChangeCutoffHours, t.MaxUpcomingPerContact
	set.MaxBookingsPerMinute, set.PaymentMinutes, set.Language = t.MaxBookingsPerMinute, t.PaymentMinutes, t.Language
	set.EmbedOrigins = t.EmbedOrigins
	set.Services, set.Stylists, set.Closures, set.Resources = nil, nil, nil, nil
	for _, v := range t.Services {
		set.Services = append(set.Services, salon.Service{ID: v.ID, Name: v.Name, Minutes: v.Minutes, Price: v.Price, AfterMinutes: v.AfterMinutes, Deposit: v.Deposit, Resources: v.Resources})
	}
	for _, r := range t.Resources {
		set.Resources = append(set.Resources, salon.Resource(r))
	}
	for _, p := range t.Stylists {
		st := salon.Stylist{ID: p.ID, Name: p.Name, Services: p.Services}
		if p.Hours != nil {
			st.Hours = p.Hours.hours()
			if st.Hours == nil {
				st.Hours = salon.Hours{}
			}
		}
		set.Stylists = append(set.Stylists, st)
	}
	if len(set.Services) > 0 {
		set.Closures = make([]salon.Closure, len(t.Closures))
		for i, c := range t.Closures {
			set.Closures[i] = salon.Closure{From: instant(c.From), To: instant(c.To), Stylist: c.Stylist, Note: c.Note}
		}
	}
	return nil
}

// hoursStored is h as the hours column holds it; nil stays nil and an empty day stays empty.
func hoursStored(h salon.Hours) storedHours {
	if h == nil {
		return nil
	}
	sh := make(storedHours, len(h))
	for day, intervals := range h {
		var pairs [][2]salon.Clock
		if intervals != nil {
			pairs = make([][2]salon.Clock, len(intervals))
			for i, in := range intervals {
				pairs[i] = [2]salon.Clock{in.Start, in.End}
			}
		}
		sh[day] = pairs
	}
	return sh
}

// hours reads back what hoursStored wrote.
func (sh storedHours) hours() salon.Hours {
	if sh == nil {
		return nil
	}
	h := make(salon.Hours, len(sh))
	for day, pairs := range sh {
		var intervals []salon.Interval
		if pairs != nil {
			intervals = make([]salon.Interval, len(pairs))
			for i, p := range pairs {
				intervals[i] = salon.Interval{Start: p[0], End: p[1]}
			}
		}
		h[day] = intervals
	}
	return h
}

// encodeSettings gives the prices and hours columns. A nil list or map stays nil, and an empty
// one empty, so the settings read back exactly as put.
func encodeSettings(set salon.Settings) (prices, hours string, err error) {
	var sp []storedPrice
	if set.Prices != nil {
		sp = make([]storedPrice, len(set.Prices))
		for i, p := range set.Prices {
			sp[i] = storedPrice{Service: text(p.Service), Price: text(p.Price)}
		}
	}
	sh := hoursStored(set.Hours)
	p, err := json.Marshal(sp)
	if err != nil {
		return "", "", err
	}
	h, err := json.Marshal(sh)
	if err != nil {
		return "", "", err
	}
	return string(p), string(h), nil
}

// decodeSettings reads back what encodeSettings wrote into set.
func decodeSettings(prices, hours, terms string, set *salon.Settings) error {
	if err := decodeTerms(terms, set); err != nil {
		return err
	}
	var sp []storedPrice
	if err := json.Unmarshal([]byte(prices), &sp); err != nil {
		return fmt.Errorf("a salon's prices don't read: %w", err)
	}
	var sh storedHours
	if err := json.Unmarshal([]byte(hours), &sh); err != nil {
		return fmt.Errorf("a salon's hours don't read: %w", err)
	}
	set.Prices, set.Hours = nil, nil
	if sp != nil {
		set.Prices = make([]salon.Price, len(sp))
		for i, p := range sp {
			set.Prices[i] = salon.Price{Service: string(p.Service), Price: string(p.Price)}
		}
	}
	set.Hours = sh.hours()
	return nil
}

// PutSalon registers the salon id with set, or replaces the settings of one already registered;
// its bookings and closed slots are kept. The settings are stored as given, unchecked: the caller
// checks them first. They read back exactly, the order of prices and an empty list or day included.
// Every put raises the salon's version, so every instance learns of it: this Store's reads show
// the new settings at once, and another's Window and Salon at once, its RecentSalon within
// SettingsAge. The put is recorded in the audit in its own transaction.
func (s *Store) PutSalon(ctx context.Context, id string, set salon.Settings) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	version, err := s.putSettings(ctx, s.w.in(tx), id, set)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.cache.put(id, version, set.Clone())
	return nil
}

// AmendSalon changes the settings of the registered salon id as change says, in one transaction
// that holds the salon's row from the read to the write, so a put or an amendment racing through
// any instance is neither lost nor loses this one. change is handed the settings as stored and
// returns them changed, or a refusal that changes nothing; an unknown salon is salon.NoSalon. The
// amendment is audited as a put.
func (s *Store) AmendSalon(ctx context.Context, id string, change func(salon.Settings) (salon.Settings, error)) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	var set salon.Settings
	var version int64
	var prices, hours, terms string
	err = w.queryRow(ctx, qSalon+s.d.lockRow, text(id)).
		Scan(&version, &set.Name, &set.TimeZone, &set.Phone, &prices, &hours, &set.SlotMinutes, &set.HorizonDays, &terms)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.NoSalon(id)
	}
	if err != nil {
		return err
	}
	if err := decodeSettings(prices, hours, terms, &set); err != nil {
		return err
	}
	if set, err = change(set); err != nil {
		return err
	}
	if version, err = s.putSettings(ctx, w, id, set); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.cache.put(id, version, set.Clone())
	return nil
}

// putSettings writes set as the salon id's settings in w's transaction, raising its version, and
// audits the put; it returns the new version.
func (s *Store) putSettings(ctx context.Context, w prepared, id string, set salon.Settings) (int64, error) {
	prices, hours, err := encodeSettings(set)
	if err != nil {
		return 0, err
	}
	terms, err := encodeTerms(set)
	if err != nil {
		return 0, err
	}
	var version int64
	if err := w.queryRow(ctx, `
		INSERT INTO salons (id, name, time_zone, phone, prices, hours, slot_minutes, horizon_days, terms)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (id) DO UPDATE SET
			name = excluded.name, time_zone = excluded.time_zone, phone = excluded.phone,
			prices = excluded.prices, hours = excluded.hours,
			slot_minutes = excluded.slot_minutes, horizon_days = excluded.horizon_days, terms = excluded.terms,
			version = salons.version + 1, grid_changed_at = `+qGridChanged+`
		RETURNING version`,
		text(id), text(set.Name), text(set.TimeZone), text(set.Phone), prices, hours,
		int64(set.SlotMinutes), int64(set.HorizonDays), terms, s.now().Unix()).Scan(&version); err != nil {
		return 0, err
	}
	if err := putUnits(ctx, w, id, set); err != nil {
		return 0, err
	}
	detail := fmt.Sprintf("settings version %d", version)
	if version == 1 {
		detail = "created; " + detail
	}
	return version, s.audit(ctx, w, id, audit.Entry{Action: audit.PutSalon, Detail: detail})
}

// qSalon reads a salon's settings with their version.
const qSalon = `SELECT version, name, time_zone, phone, prices, hours, slot_minutes, horizon_days, terms
	FROM salons WHERE id = $1`

// Salon reads the settings of the salon id from the database: salon.NoSalon when none is registered
// under it.
func (s *Store) Salon(ctx context.Context, id string) (salon.Settings, error) {
	var set salon.Settings
	var version int64
	var prices, hours, terms string
	err := s.r.queryRow(ctx, qSalon, text(id)).
		Scan(&version, &set.Name, &set.TimeZone, &set.Phone, &prices, &hours, &set.SlotMinutes, &set.HorizonDays, &terms)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Settings{}, salon.NoSalon(id)
	}
	if err != nil {
		return salon.Settings{}, err
	}
	if err := decodeSettings(prices, hours, terms, &set); err != nil {
		return salon.Settings{}, err
	}
	s.cache.put(id, version, set)
	return set.Clone(), nil
}

// RecentSalon returns the settings of the salon id as Salon does, from the settings this Store
// keeps decoded, when it can say they still stand: they were put through this Store, or the
// database showed them less than SettingsAge ago. Otherwise it asks the database for the salon's
// version, one small read, and reads the settings again only when they changed. So after a
// PutSalon through another instance, RecentSalon may return the settings before it for up to
// SettingsAge. A salon not registered is never kept: it is salon.NoSalon at once, and found as soon
// as it is put.
func (s *Store) RecentSalon(ctx context.Context, id string) (salon.Settings, error) {
	e := s.cache.get(id)
	if e == nil {
		return s.Salon(ctx, id)
	}
	if !s.cache.recent(e) {
		var version int64
		err := s.r.queryRow(ctx, `SELECT version FROM salons WHERE id = $1`, text(id)).Scan(&version)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return salon.Settings{}, salon.NoSalon(id)
		case err != nil:
			return salon.Settings{}, err
		case version != e.version:
			return s.Salon(ctx, id)
		}
		s.cache.seen(id, e)
	}
	return e.set.Clone(), nil
}

// Salons lists every registered salon, ordered by id, byte by byte.
func (s *Store) Salons(ctx context.Context) ([]salon.Summary, error) {
	rows, err := s.r.query(ctx, `SELECT id, name FROM salons ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []salon.Summary
	for rows.Next() {
		var sum salon.Summary
		if err := rows.Scan(&sum.ID, &sum.Name); err != nil {
			return nil, err
		}
		all = append(all, sum)
	}
	return all, rows.Err()
}

// Window reads the salon id's settings with its live bookings and closed slots starting at or
// after from and before to, all at one moment, so it costs what the window holds: salon.NoSalon
// when none is registered under id. On SQLite a window longer than narrowWindow reads through the
// end of its last UTC day, and Through says so. The settings are the database's at that moment,
// never older: their version is read with the rest, and they are decoded again only when it
// changed.
func (s *Store) Window(ctx context.Context, id string, from, to time.Time) (salon.Calendar, error) {
	// A short window reads its few bookings; a longer one reads its days' lists whole, and so
	// knows what is taken up to the end of its last day.
	query, through := qCalendarNarrow, to.Unix()
	if to.Sub(from) > narrowWindow {
		query, through = s.d.calendar, s.d.through(through)
	}
	return s.window(ctx, id, query, from.Unix(), through, nil)
}

// WindowPassing is Window of [from, to) but [passFrom, passTo) inside it, with the DayFills of the
// UTC days of [passFrom, passTo), all at one moment: what a read that takes those days to be full
// needs to check that they are. Taken holds nothing of them, whatever they hold. passTo is the
// start of a UTC day; passFrom may fall inside one, and that day's DayFill then counts its live
// bookings from passFrom on.
func (s *Store) WindowPassing(ctx context.Context, id string, from, to, passFrom, passTo time.Time) (salon.Calendar, []salon.DayFill, error) {
	var list sql.NullString
	pass := passing{from: passFrom.Unix(), to: passTo.Unix()}
	cal, err := s.window(ctx, id, s.d.calendarPassing, from.Unix(), s.d.through(to.Unix()), &pass, &list)
	if err != nil {
		return salon.Calendar{}, nil, err
	}
	fills, err := readFills(list, passFrom)
	if err == nil && len(fills) > 0 && pass.wholeDay && fills[0].Day.Unix() < pass.from {
		// The first day's count is of the whole day, and its list was read whole: count it from
		// passFrom on.
		fills[0].Booked = pass.counted
	}
	return cal, fills, err
}

// passing is what a window passes over, [from, to), and what its lists held of it: counted, the
// tokens of from's UTC day from from on, read when wholeDay (the lists are of whole days, on
// SQLite).
type passing struct {
	from, to int64
	wholeDay bool
	counted  int
}

// window runs query, a statement of calendarOf, for the salon id over [from, through), passing
// over what pass says when it is not nil (its bounds the arguments after those), and scans its
// columns after the closed slots into columns.
func (s *Store) window(ctx context.Context, id, query string, from, through int64, pass *passing, columns ...any) (salon.Calendar, error) {
	// One statement is one snapshot in both databases, and one round trip: the live bookings come
	// folded into the salon's row as their days' lists (dayspans.go), the closed slots as a
	// comma-separated list of starts.
	var set salon.Settings
	var version int64
	var prices, hours, terms string
	var booked, closed sql.NullString
	args := []any{text(id), from, through}
	if pass != nil {
		args = append(args, pass.from, pass.to)
	}
	var tag int64
	dest := append([]any{&version, &tag, &set.Name, &set.TimeZone, &set.Phone, &prices, &hours, &set.SlotMinutes,
		&set.HorizonDays, &terms, &booked, &closed}, columns...)
	err := s.r.queryRow(ctx, query, args...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Calendar{}, salon.NoSalon(id)
	}
	if err != nil {
		return salon.Calendar{}, err
	}
	if e := s.cache.get(id); e != nil && e.version == version {
		s.cache.seen(id, e)
		set = e.set.Clone()
	} else {
		if err := decodeSettings(prices, hours, terms, &set); err != nil {
			return salon.Calendar{}, err
		}
		s.cache.put(id, version, set.Clone())
	}
	// The map is made as large as the lists say at once, not grown and rehashed on the way.
	size := 0
	if booked.Valid {
		size += strings.Count(booked.String, ";") + 1
	}
	if closed.Valid {
		size += strings.Count(closed.String, ",") + 1
	}
	cal := salon.Calendar{Settings: set, Taken: make(map[int64]salon.Taken, size), Through: instant(through), Tag: tag}
	// Closed first, so that booked wins for a slot that is both.
	if closed.Valid {
		for start := range strings.SplitSeq(closed.String, ",") {
			second, err := strconv.ParseInt(start, 10, 64)
			if err != nil {
				return salon.Calendar{}, fmt.Errorf("a closed slot's start doesn't read: %w", err)
			}
			cal.Taken[second] = salon.TakenClosed
		}
	}
	if !booked.Valid {
		return cal, nil
	}
	take := func(sp daySpan) { cal.Taken[sp.start] = salon.TakenBooked }
	if pass != nil {
		pass.wholeDay = s.d.wholeDays
		dayEnd := throughDays(pass.from + 1)
		take = func(sp daySpan) {
			switch {
			case sp.start < pass.from || sp.start >= pass.to:
				cal.Taken[sp.start] = salon.TakenBooked
			case sp.start < dayEnd:
				pass.counted++
			}
		}
	}
	if err := eachToken(booked.String, from, through, take); err != nil {
		return salon.Calendar{}, err
	}
	return cal, nil
}
