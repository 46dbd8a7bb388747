-- The live bookings' spans, in order of start, read from an index alone.
--
-- A menu salon's open times read the live bookings of their window in order of start: each one's
-- stylist, start and span. bookings_by_start finds them, but every row it finds is then looked up
-- in the table for its status, stylist and lengths, and the rows come out unsorted by stylist. This
-- index holds all of it for the live bookings alone, in the order they are read, so a window's
-- spans cost one step of the index each, however many the salon holds outside it.
--
-- Numbered 00013, past the numbers other work in flight may take, so the migrations merge in order.

-- +goose Up
CREATE INDEX bookings_live_spans ON bookings (salon, starts_at, stylist, minutes, after_minutes) WHERE status = 'booked';

-- +goose Down
DROP INDEX bookings_live_spans;
