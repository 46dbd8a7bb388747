// This file holds what a salon has only so many of (its resources) as the database counts them:
// a row for each unit, and a cell row for each five-minute cell a live booking holds one.

package store

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pressly/goose/v3"

	"salon/internal/salon"
)

// resourcesVersion is the schema version that brings resources, after calendarTagVersion.
const resourcesVersion = 22

// Why: no instant may hold more units of a resource than its count, across instances, on both
// databases. A unit is a row of resource_units, which the salon's put keeps at its count; a live
// booking holds one unit of each resource its service names for each cell of its span, as a row of
// resource_cells. The cells' primary key refuses a unit's cell twice, and their foreign key a unit
// that isn't there, so a cell row is a unit free at that instant: the database holds the bound
// whatever the code above it does. Lowering a count deletes the units above it, and their cells
// with them: the bookings holding them keep their times.
var resourcesTables = []string{
	`ALTER TABLE bookings ADD COLUMN resources TEXT NOT NULL DEFAULT ''`,
	`CREATE TABLE resource_units (
		salon    BYTEA  NOT NULL REFERENCES salons (id),
		resource TEXT   NOT NULL,
		unit     BIGINT NOT NULL CHECK (unit >= 0),
		PRIMARY KEY (salon, resource, unit)
	)`,
	`CREATE TABLE resource_cells (
		salon    BYTEA  NOT NULL,
		resource TEXT   NOT NULL,
		unit     BIGINT NOT NULL,
		-- The cell's start, in Unix seconds divided by 300, as booking_cells writes it.
		cell     BIGINT NOT NULL,
		booking  BYTEA  NOT NULL REFERENCES bookings (id),
		PRIMARY KEY (salon, resource, unit, cell),
		FOREIGN KEY (salon, resource, unit) REFERENCES resource_units (salon, resource, unit) ON DELETE CASCADE
	)`,
	`CREATE INDEX resource_cells_by_booking ON resource_cells (booking)`,
}

var resourcesTablesDown = []string{
	`DROP TABLE resource_cells`,
	`DROP TABLE resource_units`,
	`ALTER TABLE bookings DROP COLUMN resources`,
}

// heldTokenOf is a day list's token of the row a trigger names ("NEW." or "OLD.", or "" for the
// row itself), with the resources the booking holds after a fourth ':' when it holds any. A
// booking that holds none has the token of before, so the lists written before stay as they are.
func heldTokenOf(row string) string {
	return tokenOf(row) + ` || CASE WHEN ` + row + `resources = '' THEN '' ELSE ':' || ` + row + `resources END`
}

// resourcesMigration is migration 22 for d: the tables on both databases, and on SQLite the
// triggers of the day lists made again with the resources in their tokens.
func resourcesMigration(d dialect) *goose.Migration {
	up, down := resourcesTables, resourcesTablesDown
	if d.goose == goose.DialectSQLite3 {
		up = append(slices.Clone(up), daySpansTriggers(addCountedOf(heldTokenOf), removeCountedOf(heldTokenOf), spanColumns+", resources")...)
		down = append(daySpansTriggers(addCountedOf(tokenOf), removeCountedOf(tokenOf), spanColumns), down...)
	}
	return goose.NewGoMigration(resourcesVersion, runAll(up), runAll(down))
}

// holdsOf is the resources column of a booking holding held: each "basin@0-120", the resource and
// the minutes after the start it holds a unit over, joined by "+"; no id holds "@" or "+".
func holdsOf(held []salon.Held) string {
	parts := make([]string, len(held))
	for i, h := range held {
		parts[i] = h.Resource + "@" + strconv.Itoa(h.From) + "-" + strconv.Itoa(h.To)
	}
	return strings.Join(parts, "+")
}

// heldOf reads a resources column back; a part that doesn't read is left out, holding nothing.
func heldOf(column string) []salon.Held {
	if column == "" {
		return nil
	}
	var held []salon.Held
	for part := range strings.SplitSeq(column, "+") {
		id, span, ok1 := strings.Cut(part, "@")
		from, to, ok2 := strings.Cut(span, "-")
		f, err1 := strconv.Atoi(from)
		t, err2 := strconv.Atoi(to)
		if ok1 && ok2 && err1 == nil && err2 == nil && f >= 0 && f < t {
			held = append(held, salon.Held{Resource: id, From: f, To: t})
		}
	}
	return held
}

// The statements of resources.
const (
	// qUnits reads how many units each of the salon's resources has now.
	qUnits = `SELECT resource, count(*) FROM resource_units WHERE salon = $1 GROUP BY resource`
	// qDropUnits deletes the salon's units of resource $2 from unit $3 on, and their cells.
	qDropUnits = `DELETE FROM resource_units WHERE salon = $1 AND resource = $2 AND unit >= $3`
	// qAddUnits adds the salon's units of resource $2 from $3 up to $4.
	qAddUnits = `WITH RECURSIVE u(n) AS (
			SELECT CAST($3 AS BIGINT) UNION ALL SELECT n + 1 FROM u WHERE n + 1 < CAST($4 AS BIGINT)
		)
		INSERT INTO resource_units (salon, resource, unit) SELECT $1, $2, n FROM u WHERE true`
	// qTakeUnits takes, for the booking $5, each cell from $3 up to $4 of the salon's resource $2
	// that it doesn't hold yet, in the lowest unit free then. A cell with no unit free is left
	// out, as is one a booking of another transaction takes meanwhile: fewer rows than cells.
	qTakeUnits = `WITH RECURSIVE c(n) AS (
			SELECT CAST($3 AS BIGINT) UNION ALL SELECT n + 1 FROM c WHERE n + 1 < CAST($4 AS BIGINT)
		)
		INSERT INTO resource_cells (salon, resource, unit, cell, booking)
		SELECT $1, $2, unit, n, $5 FROM (
			SELECT n, (SELECT min(u.unit) FROM resource_units u WHERE u.salon = $1 AND u.resource = $2
				AND NOT EXISTS (SELECT 1 FROM resource_cells h WHERE h.salon = $1 AND h.resource = $2 AND h.unit = u.unit AND h.cell = n)) AS unit
			FROM c WHERE NOT EXISTS (SELECT 1 FROM resource_cells o WHERE o.booking = $5 AND o.resource = $2 AND o.cell = n)
		) AS free WHERE unit IS NOT NULL
		ON CONFLICT (salon, resource, unit, cell) DO NOTHING`
	// qUntakeUnits frees every cell the booking $1 holds of any resource.
	qUntakeUnits = `DELETE FROM resource_cells WHERE booking = $1`
)

// putUnits keeps the salon id's units at the counts of set's resources, in w's transaction: units
// past a lowered count, or of a resource gone, are deleted with their cells.
func putUnits(ctx context.Context, w prepared, id string, set salon.Settings) error {
	had := map[string]int64{}
	rows, err := w.query(ctx, qUnits, text(id))
	if err != nil {
		return err
	}
	for rows.Next() {
		var resource string
		var n int64
		if err := rows.Scan(&resource, &n); err != nil {
			rows.Close()
			return err
		}
		had[resource] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for resource, n := range had {
		r, _ := set.Resource(resource) // a resource gone counts 0
		if int64(r.Count) < n {
			if _, err := w.exec(ctx, qDropUnits, text(id), resource, int64(r.Count)); err != nil {
				return err
			}
		}
	}
	for _, r := range set.Resources {
		if n := had[r.ID]; int64(r.Count) > n {
			if _, err := w.exec(ctx, qAddUnits, text(id), r.ID, n, int64(r.Count)); err != nil {
				return err
			}
		}
	}
	return nil
}

// takeUnits takes, for the booking id at the salon starting at start, a unit of each resource held
// for each cell of its part of the span, and reports whether it took them all. A cell a racing
// booking took meanwhile is tried again in the next unit free; a cell with none free leaves it
// false, and the caller undoes what it wrote.
func takeUnits(ctx context.Context, w prepared, salonID, id string, start time.Time, resources []salon.Held) (bool, error) {
	for _, h := range resources {
		first, end := cells(start.Add(time.Duration(h.From)*time.Minute), h.To-h.From)
		var held int64
		for held < end-first {
			res, err := w.exec(ctx, qTakeUnits, text(salonID), h.Resource, first, end, text(id))
			if err != nil {
				return false, err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return false, err
			}
			if n == 0 {
				return false, nil
			}
			held += n
		}
	}
	return true, nil
}

// untake frees what the booking id holds: its stylist's cells and its resources' units.
func untake(ctx context.Context, w prepared, id string) error {
	if _, err := w.exec(ctx, qUntakeCells, text(id)); err != nil {
		return err
	}
	_, err := w.exec(ctx, qUntakeUnits, text(id))
	return err
}
