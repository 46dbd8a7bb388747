// This file holds the salons' keys: made by the operator for one salon, kept only as a hash,
// listed, revoked, and read on every request that presents one.

package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"salon/internal/audit"
	"salon/internal/salon"
)

// CreateKey stores a new key of the salon under id, named name, as its hash, made now, and records
// it in the audit in the same transaction. It returns the key as stored. An unknown salon is
// salon.NoSalon, and nothing is stored.
func (s *Store) CreateKey(ctx context.Context, salonID, id, name string, hash []byte) (salon.Key, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return salon.Key{}, err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	created := s.now().UTC().Truncate(time.Millisecond)
	res, err := w.exec(ctx, `INSERT INTO owner_keys (id, salon, name, hash, created_ms)
		SELECT $1, $2, $3, $4, $5 FROM salons WHERE id = $2`, id, text(salonID), name, hash, created.UnixMilli())
	if err != nil {
		return salon.Key{}, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return salon.Key{}, err
	} else if n == 0 {
		return salon.Key{}, salon.NoSalon(salonID)
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{At: created, Action: audit.CreateKey, Detail: "key " + id}); err != nil {
		return salon.Key{}, err
	}
	return salon.Key{ID: id, Salon: salonID, Name: name, Hash: hash, Created: created}, tx.Commit()
}

// Keys lists the salon's live keys, oldest first, without their hashes. An unknown salon is
// salon.NoSalon.
func (s *Store) Keys(ctx context.Context, salonID string) ([]salon.Key, error) {
	rows, err := s.r.query(ctx, `SELECT id, name, created_ms FROM owner_keys
		WHERE salon = $1 AND revoked_ms IS NULL ORDER BY created_ms, id`, text(salonID))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []salon.Key
	for rows.Next() {
		k := salon.Key{Salon: salonID}
		var created int64
		if err := rows.Scan(&k.ID, &k.Name, &created); err != nil {
			return nil, err
		}
		k.Created = time.UnixMilli(created).UTC()
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return orNoSalon(ctx, s, salonID, keys)
}

// RevokeKey revokes the salon's live key id, and records it in the audit in the same transaction:
// from its commit no check accepts the key, on any instance, since every check reads the database.
// A key the salon doesn't hold, or holds revoked already, is salon.NoKey; an unknown salon
// salon.NoSalon.
func (s *Store) RevokeKey(ctx context.Context, salonID, id string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w := s.w.in(tx)
	at := s.now()
	res, err := w.exec(ctx, `UPDATE owner_keys SET revoked_ms = $3 WHERE salon = $1 AND id = $2 AND revoked_ms IS NULL`,
		text(salonID), id, at.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		if ok, err := s.salonExists(ctx, salonID); err != nil {
			return err
		} else if !ok {
			return salon.NoSalon(salonID)
		}
		return salon.NoKey(id)
	}
	if err := s.audit(ctx, w, salonID, audit.Entry{At: at, Action: audit.RevokeKey, Detail: "key " + id}); err != nil {
		return err
	}
	return tx.Commit()
}

// KeyByID reads the key id, revoked or not, from the database itself: nothing of it is kept in the
// process, so a revocation through any instance holds on every instance from its commit. false
// when there is no key id.
func (s *Store) KeyByID(ctx context.Context, id string) (salon.Key, bool, error) {
	k := salon.Key{ID: id}
	var salonID []byte
	var created int64
	var revoked sql.NullInt64
	err := s.r.queryRow(ctx, `SELECT salon, name, hash, created_ms, revoked_ms FROM owner_keys WHERE id = $1`, id).
		Scan(&salonID, &k.Name, &k.Hash, &created, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return salon.Key{}, false, nil
	}
	if err != nil {
		return salon.Key{}, false, err
	}
	k.Salon, k.Created, k.Revoked = string(salonID), time.UnixMilli(created).UTC(), revoked.Valid
	return k, true, nil
}
