// This file holds growing out of one machine: every table of a SQLite database copied into an
// empty PostgreSQL database in one transaction, then compared with it table by table.

package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// TableCopied is one table of a copy: its rows, and the digest of its rows on both sides.
type TableCopied struct {
	Name   string
	Rows   int64
	Digest string
}

// Seeded are the tables the migrations themselves fill: a target that holds only their rows is
// empty, and a copy replaces their rows with the source's.
var Seeded = []string{"scrubs"}

// copyBatch is how many rows one INSERT carries.
const copyBatch = 200

// queryer reads rows: a database, or one transaction of it.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// column is one column of a table, as PostgreSQL declares it.
type column struct{ name, kind string }

// Copy copies every table of the SQLite database at from (sqlite:PATH) into the PostgreSQL
// database at to (postgres://…), then compares the two table by table: the count of rows and a
// digest of them, which doesn't depend on their order. Both must stand at this build's migration:
// the source is only read, never migrated; the target is empty (no table, or this schema with no
// row), and is migrated first when it has no table. The rows go in one PostgreSQL transaction, so a
// copy that fails leaves the target as it was. progress is told of each table as its rows go, and
// may be nil. The source is read as one snapshot, so a server may go on serving it, though what it
// writes after the snapshot isn't copied: stop it first to move a salon. It returns each table's
// count and digest, which agree on both sides, or an error naming what differs.
func Copy(ctx context.Context, from, to string, progress func(table string, rows int64, done bool)) ([]TableCopied, error) {
	if progress == nil {
		progress = func(string, int64, bool) {}
	}
	path, ok := strings.CutPrefix(from, "sqlite:")
	if !ok || path == "" || strings.Contains(path, "?") {
		return nil, errors.New("-from must be sqlite:PATH")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("there is no database at %s: %w", path, err)
	}
	if !strings.HasPrefix(to, "postgres://") && !strings.HasPrefix(to, "postgresql://") {
		return nil, errors.New("-to must be postgres://… or postgresql://…")
	}
	src, err := sql.Open("sqlite", "file:"+path+"?mode=ro&"+sqliteEvery)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	latest := LatestVersion()
	if v, err := schemaVersion(ctx, src, sqliteDialect); err != nil {
		return nil, fmt.Errorf("the source: %w", err)
	} else if v != latest {
		return nil, fmt.Errorf("the source stands at migration %d and this bookingd's schema at %d: copy it with the bookingd of its version, or start this one on it once, which migrates it", v, latest)
	}
	dst, where, err := openTarget(ctx, to)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	if err := readyTarget(ctx, dst, where, latest); err != nil {
		return nil, err
	}
	tables, err := tablesInOrder(ctx, dst)
	if err != nil {
		return nil, err
	}
	columns := map[string][]column{}
	for _, t := range tables {
		if columns[t], err = columnsOf(ctx, dst, t); err != nil {
			return nil, err
		}
	}
	// The source is read in one transaction: a snapshot, whatever a server still serving it writes.
	snapshot, err := src.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer snapshot.Rollback()
	tx, err := dst.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, t := range tables {
		if slices.Contains(Seeded, t) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+pgx.Identifier{t}.Sanitize()); err != nil {
				return nil, fmt.Errorf("emptying %s: %w", t, err)
			}
		}
		n, err := copyTable(ctx, snapshot, tx, t, columns[t], func(n int64) { progress(t, n, false) })
		if err != nil {
			return nil, fmt.Errorf("copying %s: %w", t, err)
		}
		progress(t, n, true)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("committing the copy: %w", err)
	}
	out := make([]TableCopied, 0, len(tables))
	for _, t := range tables {
		here, err := digestTable(ctx, snapshot, t, columns[t])
		if err != nil {
			return nil, fmt.Errorf("reading %s back from the source: %w", t, err)
		}
		there, err := digestTable(ctx, dst, t, columns[t])
		if err != nil {
			return nil, fmt.Errorf("reading %s back from the target: %w", t, err)
		}
		if here != there {
			return nil, fmt.Errorf("%s differs after the copy: %d rows with digest %s in the source, %d with %s in the target",
				t, here.Rows, here.Digest, there.Rows, there.Digest)
		}
		out = append(out, here)
	}
	return out, nil
}

// openTarget opens the PostgreSQL database at url, and names it without its password.
func openTarget(ctx context.Context, url string) (*sql.DB, string, error) {
	config, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, "", fmt.Errorf("-to can't be read: %w", err)
	}
	where := redacted(url)
	db := stdlib.OpenDB(*config)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("postgres at %s can't be reached: %w", where, err)
	}
	return db, where, nil
}

// readyTarget refuses a target that isn't empty or stands at another migration, and migrates one
// with no table at all.
func readyTarget(ctx context.Context, db *sql.DB, where string, latest int64) error {
	var migrated bool
	if err := db.QueryRowContext(ctx, `SELECT to_regclass('goose_db_version') IS NOT NULL`).Scan(&migrated); err != nil {
		return err
	}
	if !migrated {
		var tables int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()`).Scan(&tables); err != nil {
			return err
		}
		if tables > 0 {
			return fmt.Errorf("postgres at %s isn't empty: it holds %d tables of something else; copy into an empty database", where, tables)
		}
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		provider, err := migrationsOn(db, postgresDialect, goose.WithSessionLocker(locker))
		if err != nil {
			return err
		}
		if _, err := provider.Up(ctx); err != nil {
			return fmt.Errorf("migrating postgres at %s: %w", where, err)
		}
		return nil
	}
	v, err := schemaVersion(ctx, db, postgresDialect)
	if err != nil {
		return err
	}
	if v != latest {
		return fmt.Errorf("postgres at %s stands at migration %d and this bookingd's schema at %d: copy into an empty database", where, v, latest)
	}
	tables, err := tablesInOrder(ctx, db)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if slices.Contains(Seeded, t) {
			continue
		}
		var rows bool
		if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{t}.Sanitize()+`)`).Scan(&rows); err != nil {
			return err
		}
		if rows {
			return fmt.Errorf("postgres at %s isn't empty: %s holds rows; copy into an empty database", where, t)
		}
	}
	return nil
}

// tablesInOrder are the schema's tables, goose's own aside, each after every table its foreign
// keys name.
func tablesInOrder(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'goose_db_version' ORDER BY tablename`)
	if err != nil {
		return nil, err
	}
	var all []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return nil, err
		}
		all = append(all, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	refs, err := db.QueryContext(ctx, `SELECT c.relname, r.relname FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`)
	if err != nil {
		return nil, err
	}
	needs := map[string][]string{}
	for refs.Next() {
		var t, ref string
		if err := refs.Scan(&t, &ref); err != nil {
			refs.Close()
			return nil, err
		}
		if t != ref {
			needs[t] = append(needs[t], ref)
		}
	}
	refs.Close()
	if err := refs.Err(); err != nil {
		return nil, err
	}
	var ordered []string
	var visit func(t string, depth int) error
	visit = func(t string, depth int) error {
		if slices.Contains(ordered, t) {
			return nil
		}
		if depth > len(all) {
			return fmt.Errorf("the foreign keys of %s go round in a circle", t)
		}
		for _, ref := range needs[t] {
			if err := visit(ref, depth+1); err != nil {
				return err
			}
		}
		ordered = append(ordered, t)
		return nil
	}
	for _, t := range all {
		if err := visit(t, 0); err != nil {
			return nil, err
		}
	}
	return ordered, nil
}

// columnsOf are table's columns, in their order, with the types PostgreSQL declares.
func columnsOf(ctx context.Context, db *sql.DB, table string) ([]column, error) {
	rows, err := db.QueryContext(ctx, `SELECT column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []column
	for rows.Next() {
		var c column
		if err := rows.Scan(&c.name, &c.kind); err != nil {
			return nil, err
		}
		switch c.kind {
		case "bytea", "text", "bigint", "integer", "smallint":
		default:
			return nil, fmt.Errorf("%s.%s is of type %s, which a copy doesn't know", table, c.name, c.kind)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func names(columns []column) string {
	quoted := make([]string, len(columns))
	for i, c := range columns {
		quoted[i] = pgx.Identifier{c.name}.Sanitize()
	}
	return strings.Join(quoted, ", ")
}

// selectRows reads every row of table: each column, then whether it is NULL, since a driver may
// give an empty BLOB as nil.
func selectRows(ctx context.Context, db queryer, table string, columns []column) (*sql.Rows, error) {
	nulls := make([]string, len(columns))
	for i, c := range columns {
		nulls[i] = pgx.Identifier{c.name}.Sanitize() + ` IS NULL`
	}
	return db.QueryContext(ctx, `SELECT `+names(columns)+`, `+strings.Join(nulls, ", ")+` FROM `+pgx.Identifier{table}.Sanitize())
}

// scanRow reads a row of selectRows into values, nil only where the column is NULL.
func scanRow(rows *sql.Rows, values []any, columns []column) error {
	n := len(columns)
	cells := make([]any, 2*n)
	pointers := make([]any, 2*n)
	for i := range cells {
		pointers[i] = &cells[i]
	}
	if err := rows.Scan(pointers...); err != nil {
		return err
	}
	for i, c := range columns {
		v, null := cells[i], cells[n+i]
		if b, ok := null.(bool); ok && b || null == int64(1) {
			values[i] = nil
			continue
		}
		if b, ok := v.([]byte); ok && b == nil {
			v = nil // SQLite's driver gives an empty BLOB as a nil []byte
		}
		if v == nil {
			if c.kind == "bytea" || c.kind == "text" {
				v = []byte{}
			} else {
				return fmt.Errorf("%s is no NULL and reads as nothing", c.name)
			}
		}
		values[i] = v
	}
	return nil
}

// copyTable copies table's rows from src into tx, a batch an INSERT, telling progress of each.
func copyTable(ctx context.Context, src queryer, tx *sql.Tx, table string, columns []column, progress func(int64)) (int64, error) {
	rows, err := selectRows(ctx, src, table, columns)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	batch := make([]any, 0, copyBatch*len(columns))
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		var q strings.Builder
		q.WriteString(`INSERT INTO ` + pgx.Identifier{table}.Sanitize() + ` (` + names(columns) + `) VALUES `)
		for r := 0; r < len(batch)/len(columns); r++ {
			if r > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for c := range columns {
				if c > 0 {
					q.WriteString(", ")
				}
				q.WriteString("$" + strconv.Itoa(r*len(columns)+c+1))
			}
			q.WriteByte(')')
		}
		if _, err := tx.ExecContext(ctx, q.String(), batch...); err != nil {
			return err
		}
		batch = batch[:0]
		progress(n)
		return nil
	}
	values := make([]any, len(columns))
	for rows.Next() {
		if err := scanRow(rows, values, columns); err != nil {
			return 0, err
		}
		for i, c := range columns {
			v, err := asKind(values[i], c.kind)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", c.name, err)
			}
			batch = append(batch, v)
		}
		n++
		if n%copyBatch == 0 {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	return n, flush()
}

// asKind is v, as SQLite gave it, in the Go type PostgreSQL takes for a column of kind.
func asKind(v any, kind string) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case "bytea":
		switch v := v.(type) {
		case []byte:
			return append([]byte{}, v...), nil
		case string:
			return []byte(v), nil
		}
	case "text":
		switch v := v.(type) {
		case []byte:
			return string(v), nil
		case string:
			return v, nil
		}
	default: // the integers
		if i, ok := v.(int64); ok {
			return i, nil
		}
	}
	return nil, fmt.Errorf("a %T where %s goes", v, kind)
}

// digestTable counts table's rows in db and digests them: each row's values written by their
// declared kind, hashed, and the hashes sorted and hashed again, so two databases that order rows
// differently agree.
func digestTable(ctx context.Context, db queryer, table string, columns []column) (TableCopied, error) {
	rows, err := selectRows(ctx, db, table, columns)
	if err != nil {
		return TableCopied{}, err
	}
	defer rows.Close()
	values := make([]any, len(columns))
	var hashes [][sha256.Size]byte
	for rows.Next() {
		if err := scanRow(rows, values, columns); err != nil {
			return TableCopied{}, err
		}
		var row []byte
		for _, v := range values {
			row = canonical(row, v)
		}
		hashes = append(hashes, sha256.Sum256(row))
	}
	if err := rows.Err(); err != nil {
		return TableCopied{}, err
	}
	slices.SortFunc(hashes, func(a, b [sha256.Size]byte) int { return strings.Compare(string(a[:]), string(b[:])) })
	all := sha256.New()
	for _, h := range hashes {
		all.Write(h[:])
	}
	return TableCopied{Name: table, Rows: int64(len(hashes)), Digest: hex.EncodeToString(all.Sum(nil))}, nil
}

// canonical appends v, as either database's driver gives it, written one way: NULL, or the bytes
// of a string or BYTEA, or an integer in decimal, after their length.
func canonical(buf []byte, v any) []byte {
	var s string
	switch v := v.(type) {
	case nil:
		return append(buf, 'N', ';')
	case []byte:
		s = string(v)
	case string:
		s = v
	case int64:
		s = strconv.FormatInt(v, 10)
	case int32:
		s = strconv.FormatInt(int64(v), 10)
	default:
		s = fmt.Sprint(v)
	}
	buf = strconv.AppendInt(append(buf, 'V'), int64(len(s)), 10)
	return append(append(buf, ':'), s...)
}
