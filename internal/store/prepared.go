// This file holds the statement cache: each statement prepared once per pool and reused.

package store

import (
	"context"
	"database/sql"
	"sync"
)

// prepared runs statements on one pool, or on a transaction from it, preparing each statement once
// and reusing it: SQLite would otherwise parse every statement again on every call, which is a
// third of a booking's time. database/sql prepares a statement on each connection it runs on, once.
type prepared struct {
	pool  *sql.DB
	stmts *sync.Map // query → *sql.Stmt
	tx    *sql.Tx   // nil outside a transaction
}

func newPrepared(pool *sql.DB) prepared { return prepared{pool: pool, stmts: &sync.Map{}} }

// in is p running in tx, which must be from p's pool.
func (p prepared) in(tx *sql.Tx) prepared {
	p.tx = tx
	return p
}

func (p prepared) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if v, ok := p.stmts.Load(query); ok {
		st := v.(*sql.Stmt)
		if p.tx != nil {
			st = p.tx.StmtContext(ctx, st)
		}
		return st, nil
	}
	if p.tx != nil {
		// Preparing on the pool would wait for a free connection, and SQLite's writer has just the
		// one this transaction holds: prepare on the transaction, for this once. The statements a
		// booking runs are prepared at Open, by warm.
		return p.tx.PrepareContext(ctx, query)
	}
	fresh, err := p.pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	v, loaded := p.stmts.LoadOrStore(query, fresh)
	if loaded {
		fresh.Close()
	}
	return v.(*sql.Stmt), nil
}

// warm prepares queries ahead of their first use, outside any transaction.
func (p prepared) warm(ctx context.Context, queries ...string) error {
	for _, q := range queries {
		if _, err := p.stmt(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

func (p prepared) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

func (p prepared) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// scanner is a row to scan: a *sql.Row, or the error that kept the statement from running.
type scanner interface{ Scan(dest ...any) error }

type failed struct{ err error }

func (f failed) Scan(...any) error { return f.err }

func (p prepared) queryRow(ctx context.Context, query string, args ...any) scanner {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return failed{err}
	}
	return st.QueryRowContext(ctx, args...)
}

// close closes the statements prepared.
func (p prepared) close() {
	p.stmts.Range(func(_, v any) bool {
		v.(*sql.Stmt).Close()
		return true
	})
}
