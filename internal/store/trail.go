// This file holds the owners' audit: the entry every owner action writes inside its own
// transaction, and the entries read back, newest first, a page at a time.

package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"salon/internal/audit"
)

// errOutsideTransaction is a bug of the store: an audit entry written outside the transaction of
// the action it records, which could then commit without it, or it without the action.
var errOutsideTransaction = errors.New("store: an audit entry is written inside its action's transaction")

// audit writes e, one owner action at the salon, on w, which must be inside the transaction of the
// action itself: the entry commits exactly when the action does, and a rolled-back action leaves
// none. Every store method that does an owner's action calls it before its commit. e.By "" is who
// acts in ctx (audit.ActorOf: the guard's actor, else the operator); a zero e.At is the store's
// clock, kept to the millisecond. e.Detail must name no customer: not the name, contact or words.
func (s *Store) audit(ctx context.Context, w prepared, salonID string, e audit.Entry) error {
	if w.tx == nil {
		return errOutsideTransaction
	}
	if e.By == "" {
		e.By = audit.ActorOf(ctx)
	}
	if e.At.IsZero() {
		e.At = s.now()
	}
	_, err := w.exec(ctx, `INSERT INTO audit (salon, at_ms, id, actor, action, booking, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		text(salonID), e.At.UnixMilli(), rowID(), e.By, e.Action, text(e.Booking), e.Detail)
	return err
}

// rowID is a fresh random id for a row no caller names: 16 hex digits.
func rowID() string {
	raw := make([]byte, 8)
	rand.Read(raw)
	return hex.EncodeToString(raw)
}

// The statements of a page of the audit, newest first: (at_ms, id) descending. at_ms <= $2 bounds
// the primary key's range, and the row value orders within a millisecond.
const (
	qAuditFirst = `SELECT at_ms, id, actor, action, booking, detail FROM audit
		WHERE salon = $1 ORDER BY at_ms DESC, id DESC LIMIT $2`
	qAuditAfter = `SELECT at_ms, id, actor, action, booking, detail FROM audit
		WHERE salon = $1 AND at_ms <= $2 AND (at_ms, id) < ($2, $3)
		ORDER BY at_ms DESC, id DESC LIMIT $4`
)

// Audit lists the salon's audit entries newest first, at most limit of them (a limit below one is
// one), and only those older than after when it is not nil. Each entry's ID is its row's, for the
// cursor of the page after it. An empty page of an unknown salon is salon.NoSalon.
func (s *Store) Audit(ctx context.Context, salonID string, after *audit.Cursor, limit int) ([]audit.Entry, error) {
	limit = max(limit, 1)
	query, args := qAuditFirst, []any{text(salonID), int64(limit)}
	if after != nil {
		query, args = qAuditAfter, []any{text(salonID), after.At.UnixMilli(), after.ID, int64(limit)}
	}
	rows, err := s.r.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var page []audit.Entry
	for rows.Next() {
		var e audit.Entry
		var at int64
		var booking []byte
		if err := rows.Scan(&at, &e.ID, &e.By, &e.Action, &booking, &e.Detail); err != nil {
			return nil, err
		}
		e.At, e.Booking = time.UnixMilli(at).UTC(), string(booking)
		page = append(page, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return orNoSalon(ctx, s, salonID, page)
}
