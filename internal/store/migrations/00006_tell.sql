-- Telling people: the owner's webhooks, each booking change's event, the deliveries of each event,
-- and the owner's calendar feed.
--
-- An event is written in the same transaction as the change it tells of (a transactional outbox),
-- with the booking's non-personal facts as they stood then; the customer's name, contact and words
-- are read from the booking when a delivery is made, so an erasure applies to what is still to go.
-- Each event's deliveries are written with it: one for each webhook of the salon that took its type
-- at that moment, and the customer's mails when the contact is an e-mail address and the server
-- mails. A dispatcher claims due deliveries under a lease, makes them and records what came of
-- each; a delivery whose lease runs out unrecorded is claimed again.
--
-- The times of events and deliveries are Unix milliseconds, for the delivery latency and the retry
-- schedule's first gaps; the other tables' instants stay in seconds.

-- +goose Up
CREATE TABLE webhooks (
    salon      BYTEA  NOT NULL REFERENCES salons (id),
    id         TEXT   NOT NULL,
    url        TEXT   NOT NULL,
    -- The event types it takes, each between commas: ',booking.created,booking.moved,'.
    events     TEXT   NOT NULL,
    -- whsec_ and the base64 of its bytes: needed to sign every delivery, so kept as it is.
    secret     TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (salon, id)
);

CREATE TABLE events (
    -- The event's id: the webhook-id of every delivery of it.
    id         TEXT    PRIMARY KEY,
    salon      BYTEA   NOT NULL,
    booking    BYTEA   NOT NULL REFERENCES bookings (id),
    type       TEXT    NOT NULL CHECK (type IN ('booking.created', 'booking.cancelled', 'booking.moved')),
    -- The booking as the change left it: no name, contact or words.
    slot       BYTEA   NOT NULL,
    starts_at  BIGINT  NOT NULL,
    service    TEXT    NOT NULL,
    stylist    TEXT    NOT NULL,
    status     TEXT    NOT NULL,
    sequence   INTEGER NOT NULL,
    -- A move's start before it, in Unix seconds; NULL for any other change.
    moved_from BIGINT,
    created_at BIGINT  NOT NULL
);
-- A cancel or a move finds the booking's reminders by it. The sweep, every ten minutes, reads the
-- events in full rather than have every booking keep one more index.
CREATE INDEX events_by_booking ON events (booking);

CREATE TABLE deliveries (
    event        TEXT    NOT NULL REFERENCES events (id),
    -- 'webhook:<id>' for one of the salon's webhooks, 'mail' for the customer's mail about the
    -- change, 'reminder' for the reminder before the appointment.
    target       TEXT    NOT NULL,
    salon        BYTEA   NOT NULL,
    -- When it was first due, from which its latency counts, and when its next attempt is.
    due_at       BIGINT  NOT NULL,
    next_at      BIGINT  NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    first_at     BIGINT,
    -- The claim: who holds it, until when. A lease that ran out is anybody's.
    lease_until  BIGINT,
    lease_owner  TEXT,
    delivered_at BIGINT,
    failed_at    BIGINT,
    -- The last attempt's HTTP or SMTP status (0 when none came), and what went wrong, in words
    -- that name no customer.
    last_status  INTEGER,
    last_error   TEXT,
    PRIMARY KEY (event, target),
    CHECK (delivered_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX deliveries_due ON deliveries (next_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX deliveries_by_target ON deliveries (salon, target);

-- The owner's calendar feed: the hash of its key, the one address that serves it.
CREATE TABLE feeds (
    salon      BYTEA  PRIMARY KEY REFERENCES salons (id),
    key_hash   BYTEA  NOT NULL,
    created_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE feeds;
DROP TABLE deliveries;
DROP TABLE events;
DROP TABLE webhooks;
