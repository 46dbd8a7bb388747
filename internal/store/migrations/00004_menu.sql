-- The salon's menu and team: each salon's terms and menu, each booking's service, stylist and
-- span, and the cells that make two overlapping spans of one stylist impossible.
--
-- A salon's terms (the menu, the team, closures, the grid, notice, the change cutoff and the cap
-- per contact) are one JSON column, as its prices and hours are. A salon registered before this
-- migration keeps every setting it had, and takes the change cutoff's default, 24 hours.
--
-- A booking keeps its own service, stylist and span as they were when it was made, so a change of
-- settings never touches it. At a simple salon the service and stylist are '' and the span is the
-- slot's. Ids are checked to be a-z, 0-9 and -, so they are TEXT.
--
-- booking_cells is the invariant of the menu: a live booking of a stylist holds every five-minute
-- cell its span [start, start + minutes + afterMinutes) touches, and the primary key refuses a
-- second booking of any of them, in SQLite and PostgreSQL alike, whatever the code above does.

-- +goose Up
ALTER TABLE salons ADD COLUMN terms TEXT NOT NULL DEFAULT '{"changeCutoffHours":24}';

ALTER TABLE bookings ADD COLUMN service TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN stylist TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN after_minutes INTEGER NOT NULL DEFAULT 0;

-- One live booking per start of a stylist (at a simple salon, of the salon's one chair, '').
DROP INDEX bookings_one_live_per_slot;
CREATE UNIQUE INDEX bookings_one_live_per_slot ON bookings (salon, stylist, starts_at) WHERE status = 'booked';

CREATE TABLE booking_cells (
    salon   BYTEA  NOT NULL,
    stylist TEXT   NOT NULL,
    -- The cell's start, in Unix seconds divided by 300.
    cell    BIGINT NOT NULL,
    booking BYTEA  NOT NULL REFERENCES bookings (id),
    PRIMARY KEY (salon, stylist, cell)
);
CREATE INDEX booking_cells_by_booking ON booking_cells (booking);

-- +goose Down
DROP TABLE booking_cells;
DROP INDEX bookings_one_live_per_slot;
CREATE UNIQUE INDEX bookings_one_live_per_slot ON bookings (salon, starts_at) WHERE status = 'booked';
ALTER TABLE bookings DROP COLUMN after_minutes;
ALTER TABLE bookings DROP COLUMN minutes;
ALTER TABLE bookings DROP COLUMN stylist;
ALTER TABLE bookings DROP COLUMN service;
ALTER TABLE salons DROP COLUMN terms;
