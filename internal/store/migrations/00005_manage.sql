-- The customer's own booking: the hash of its manage key, the sequence its calendar entries carry,
-- and, for a spend that found its time taken, the time it asked for, so a lost reply can be told
-- again exactly.
--
-- The manage key itself is never stored: only its SHA3-256 (a booking made before this migration
-- has none, and no key opens it). sequence starts at 0 and every change of the booking raises it,
-- as RFC 5545 asks of an event's SEQUENCE.

-- +goose Up
ALTER TABLE bookings ADD COLUMN manage_hash BYTEA;
ALTER TABLE bookings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE spent_states ADD COLUMN slot BYTEA;

-- +goose Down
ALTER TABLE spent_states DROP COLUMN slot;
ALTER TABLE bookings DROP COLUMN sequence;
ALTER TABLE bookings DROP COLUMN manage_hash;
