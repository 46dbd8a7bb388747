-- The calendar: salons and their settings, bookings, closed slots and spent request states.
--
-- One file serves SQLite and PostgreSQL. Instants are UTC Unix seconds in BIGINT, so both agree.
-- Every string a caller gives is BYTEA: stored byte for byte as given (PostgreSQL's TEXT refuses
-- a NUL byte and invalid UTF-8) and compared and ordered as bytes in both. SQLite accepts the type
-- name and keeps the blobs the store binds as they are.

-- +goose Up
CREATE TABLE salons (
    id           BYTEA   PRIMARY KEY,
    name         BYTEA   NOT NULL,
    time_zone    BYTEA   NOT NULL,
    phone        BYTEA   NOT NULL,
    prices       TEXT    NOT NULL, -- JSON, in the order the owner gave
    hours        TEXT    NOT NULL, -- JSON, by weekday
    slot_minutes INTEGER NOT NULL,
    horizon_days INTEGER NOT NULL
);

CREATE TABLE bookings (
    id        BYTEA  PRIMARY KEY,
    salon     BYTEA  NOT NULL REFERENCES salons (id),
    slot      BYTEA  NOT NULL,
    starts_at BIGINT NOT NULL,
    name      BYTEA  NOT NULL,
    contact   BYTEA  NOT NULL,
    words     BYTEA  NOT NULL,
    booked_at BIGINT NOT NULL,
    status    TEXT   NOT NULL CHECK (status IN ('booked', 'cancelled')),
    -- The request state that made the booking: one state books at most once.
    state     BYTEA  NOT NULL UNIQUE
);

-- The invariant itself: one live booking per slot of a salon, whatever the code above does.
CREATE UNIQUE INDEX bookings_one_live_per_slot ON bookings (salon, starts_at) WHERE status = 'booked';
CREATE INDEX bookings_by_start ON bookings (salon, starts_at);

CREATE TABLE closed_slots (
    salon     BYTEA  NOT NULL REFERENCES salons (id),
    starts_at BIGINT NOT NULL,
    PRIMARY KEY (salon, starts_at)
);

-- Each spent request state, by its MAC, with what its spend did. A row outlives its state by a
-- few seconds and is then swept.
CREATE TABLE spent_states (
    id         BYTEA  PRIMARY KEY,
    good_until BIGINT NOT NULL,
    outcome    TEXT   NOT NULL CHECK (outcome IN ('booked', 'taken', 'declined')),
    -- Checked at commit, so the spend can be written before the booking it made.
    booking    BYTEA  REFERENCES bookings (id) DEFERRABLE INITIALLY DEFERRED,
    CHECK ((outcome = 'booked') = (booking IS NOT NULL))
);
CREATE INDEX spent_states_by_good_until ON spent_states (good_until);
-- SQLite looks a new booking's spend up by it, to settle the deferred foreign key.
CREATE INDEX spent_states_by_booking ON spent_states (booking);

-- +goose Down
DROP TABLE spent_states;
DROP TABLE closed_slots;
DROP TABLE bookings;
DROP TABLE salons;
