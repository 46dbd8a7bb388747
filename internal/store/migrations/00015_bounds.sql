-- What keeps a salon hard to abuse: how often a customer has moved a booking, and the bookings made
-- in the last minute, counted across instances.
--
-- own_moves counts the moves the customer made through their manage key (the owner's don't count):
-- each is a mail or a text to the contact, so a booking moves at most so many times by its key.
-- bookings_by_booked_at finds a salon's bookings of the last minute for maxBookingsPerMinute.
-- deliveries.reserved_at is when a message to the customer (a mail, a reminder) took its place
-- among the contact's messages of the day, in Unix milliseconds; NULL for a webhook's delivery and
-- a message not yet tried, or dropped past the day's bound.

-- scrubs is one row: when an erasure last asked for PostgreSQL's bookings table to be rewritten,
-- and when that was last done (Unix milliseconds), so one instance at a time rewrites it, at most
-- so often (Store.ScrubDue). SQLite scrubs at each erasure and keeps the row unused.

-- +goose Up
CREATE TABLE scrubs (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    wanted_at BIGINT,
    done_at   BIGINT
);
INSERT INTO scrubs (id) VALUES (1);
ALTER TABLE bookings ADD COLUMN own_moves INTEGER NOT NULL DEFAULT 0;
CREATE INDEX bookings_by_booked_at ON bookings (salon, booked_at);
ALTER TABLE deliveries ADD COLUMN reserved_at BIGINT;

-- +goose Down
DROP TABLE scrubs;
ALTER TABLE deliveries DROP COLUMN reserved_at;
DROP INDEX bookings_by_booked_at;
ALTER TABLE bookings DROP COLUMN own_moves;
