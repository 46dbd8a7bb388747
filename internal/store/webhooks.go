// This file holds the owner's webhooks, with what became of their deliveries, and the owner's
// calendar feed, kept by its key's hash.

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"salon/internal/audit"
	"salon/internal/refusal"
	"salon/internal/salon"
)

// eventsColumn writes types as the events column keeps them: each between commas.
func eventsColumn(types []salon.EventType) string {
	var b strings.Builder
	b.WriteByte(',')
	for _, t := range types {
		b.WriteString(string(t) + ",")
	}
	return b.String()
}

// eventsOf reads the events column, in the order of salon.EventTypes.
func eventsOf(column string) []salon.EventType {
	var types []salon.EventType
	for _, t := range salon.EventTypes {
		if strings.Contains(column, ","+string(t)+",") {
			types = append(types, t)
		}
	}
	return types
}

// MaxWebhooks is how many webhooks a salon may have: each booking's change is delivered to every
// one of them, so an unbounded number would make one booking any number of deliveries.
const MaxWebhooks = 20

// errTooManyWebhooks refuses a salon's webhook past MaxWebhooks.
var errTooManyWebhooks = refusal.New(refusal.Conflict, "too_many_webhooks", fmt.Sprintf("a salon has at most %d webhooks", MaxWebhooks))

// PutWebhook creates the salon's webhook w.ID, with w's secret, or, when it exists, changes its URL
// and events and keeps its secret; created says which. Deliveries still to go to it go to the new
// URL. An unknown salon is salon.NoSalon, a new webhook at a salon with MaxWebhooks already
// refuses with 409 "a salon has at most 20 webhooks", and nothing changes.
//
// The salon's row is locked for the whole put, so puts at one salon, from any instance, count its
// webhooks one after the other.
func (s *Store) PutWebhook(ctx context.Context, w salon.Webhook) (created bool, err error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	p := s.w.in(tx)
	var one int
	err = p.queryRow(ctx, `SELECT 1 FROM salons WHERE id = $1`+s.d.lockSalon, text(w.Salon)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, salon.NoSalon(w.Salon)
	}
	if err != nil {
		return false, err
	}
	update := func() (bool, error) {
		res, err := p.exec(ctx, `UPDATE webhooks SET url = $3, events = $4 WHERE salon = $1 AND id = $2`,
			text(w.Salon), w.ID, w.URL, eventsColumn(w.Events))
		if err != nil {
			return false, err
		}
		n, err := res.RowsAffected()
		return n == 1, err
	}
	entry := audit.Entry{Action: audit.PutWebhook, Detail: "webhook " + w.ID}
	if updated, err := update(); err != nil || updated {
		if err == nil {
			err = s.audit(ctx, p, w.Salon, entry)
		}
		if err != nil {
			return false, err
		}
		return false, tx.Commit()
	}
	var held int
	if err := p.queryRow(ctx, `SELECT count(*) FROM webhooks WHERE salon = $1`, text(w.Salon)).Scan(&held); err != nil {
		return false, err
	}
	if held >= MaxWebhooks {
		return false, errTooManyWebhooks
	}
	if _, err := p.exec(ctx, `INSERT INTO webhooks (salon, id, url, events, secret, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		text(w.Salon), w.ID, w.URL, eventsColumn(w.Events), w.Secret, s.now().Unix()); err != nil {
		return false, err
	}
	if err := s.audit(ctx, p, w.Salon, entry); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// salon.Webhook reads the salon's webhook id: false when there is none.
func (s *Store) Webhook(ctx context.Context, salonID, id string) (salon.Webhook, bool, error) {
	w := salon.Webhook{Salon: salonID, ID: id}
	var events string
	err := s.r.queryRow(ctx, `SELECT url, events, secret FROM webhooks WHERE salon = $1 AND id = $2`, text(salonID), id).
		Scan(&w.URL, &events, &w.Secret)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Webhook{}, false, nil
	}
	if err != nil {
		return salon.Webhook{}, false, err
	}
	w.Events = eventsOf(events)
	return w, true, nil
}

// Webhooks lists the salon's webhooks by id, each with when a delivery to it was last made and how
// many were given up. An unknown salon is salon.NoSalon.
func (s *Store) Webhooks(ctx context.Context, salonID string) ([]salon.WebhookState, error) {
	rows, err := s.r.query(ctx, `SELECT w.id, w.url, w.events, w.secret,
			(SELECT max(d.delivered_at) FROM deliveries d WHERE d.salon = w.salon AND d.target = 'webhook:' || w.id),
			(SELECT count(*) FROM deliveries d WHERE d.salon = w.salon AND d.target = 'webhook:' || w.id AND d.failed_at IS NOT NULL)
		FROM webhooks w WHERE w.salon = $1 ORDER BY w.id`, text(salonID))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []salon.WebhookState
	for rows.Next() {
		w := salon.WebhookState{Webhook: salon.Webhook{Salon: salonID}}
		var events string
		var last sql.NullInt64
		var failures int64
		if err := rows.Scan(&w.ID, &w.URL, &events, &w.Secret, &last, &failures); err != nil {
			return nil, err
		}
		w.Events, w.Failures = eventsOf(events), int(failures)
		if last.Valid {
			w.LastDelivery = time.UnixMilli(last.Int64).UTC()
		}
		all = append(all, w)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return orNoSalon(ctx, s, salonID, all)
}

// DeleteWebhook deletes the salon's webhook id with its deliveries, made or still to go, in one
// transaction, and reports whether there was one. An unknown salon is salon.NoSalon.
func (s *Store) DeleteWebhook(ctx context.Context, salonID, id string) (bool, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	if _, err := w.exec(ctx, `DELETE FROM deliveries WHERE salon = $1 AND target = $2`, text(salonID), WebhookTarget(id)); err != nil {
		return false, err
	}
	res, err := w.exec(ctx, `DELETE FROM webhooks WHERE salon = $1 AND id = $2`, text(salonID), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n == 0 {
		if ok, err := s.salonExists(ctx, salonID); err != nil {
			return false, err
		} else if !ok {
			return false, salon.NoSalon(salonID)
		}
		return false, nil
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.DeleteWebhook, Detail: "webhook " + id}); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// SetFeed makes hash the hash of the salon's one feed key, replacing the one before at once, on
// every instance. An unknown salon is salon.NoSalon.
func (s *Store) SetFeed(ctx context.Context, salonID string, hash []byte, at time.Time) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	res, err := w.exec(ctx, `INSERT INTO feeds (salon, key_hash, created_at) SELECT id, $2, $3 FROM salons WHERE id = $1
		ON CONFLICT (salon) DO UPDATE SET key_hash = excluded.key_hash, created_at = excluded.created_at`,
		text(salonID), hash, at.Unix())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return salon.NoSalon(salonID)
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{Action: audit.NewFeed, Detail: "a new feed address"}); err != nil {
		return err
	}
	return tx.Commit()
}

// FeedHash is the hash of the salon's feed key; nil when the salon has no feed, or there is no
// such salon.
func (s *Store) FeedHash(ctx context.Context, salonID string) ([]byte, error) {
	var hash []byte
	err := s.r.queryRow(ctx, `SELECT key_hash FROM feeds WHERE salon = $1`, text(salonID)).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return hash, err
}
