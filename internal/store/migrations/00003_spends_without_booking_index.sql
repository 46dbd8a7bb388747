-- The index of spends by booking goes: nothing reads spends by booking. SQLite used it to settle
-- the deferred foreign key when a booking came after its spend; SQLite now writes the booking
-- first, so its spend finds it, and PostgreSQL checks that key from the spend's side. Bookings are
-- never deleted, nor their ids changed, so neither database looks spends up from a booking.
-- Every booking writes one random key fewer.

-- +goose Up
DROP INDEX spent_states_by_booking;

-- +goose Down
CREATE INDEX spent_states_by_booking ON spent_states (booking);
