-- Who may do what, and the customer's data: the salons' keys, the owners' audit, and each
-- booking's contact in a normal form, for erasure, export and the cap per contact.
--
-- Numbered 00010, past the numbers other work in flight may take, so the migrations merge in order.
--
-- owner_keys: a key made for one salon by the operator. Only the SHA3-256 of the key is kept; the
-- key itself is shown once, when it is made. A revoked key keeps its row, with revoked_ms set, so
-- the audit's ids keep naming it and a revoked key is told from a guess; no check accepts it.
--
-- audit: every owner action, written in the transaction of the action itself. It names who acted
-- (a key's id, or 'operator'), what they did, the booking it touched and a detail, and never a
-- customer's name, contact or words. Entries of one salon are read newest first, by (at_ms, id).
--
-- bookings.contact_key: the contact in its normal form (salon.ContactKey: an e-mail lower-cased,
-- a phone by its digits), written with the booking; '' once the booking's details are erased.
-- Bookings made before this migration have NULL, filled in by the store when it opens (and by its
-- sweep), since the normal form is Go's to compute, not SQL's.

-- +goose Up
CREATE TABLE owner_keys (
    id         TEXT   PRIMARY KEY,
    salon      BYTEA  NOT NULL REFERENCES salons (id),
    name       TEXT   NOT NULL,
    hash       BYTEA  NOT NULL,
    created_ms BIGINT NOT NULL,
    revoked_ms BIGINT
);
CREATE INDEX owner_keys_by_salon ON owner_keys (salon, created_ms);

CREATE TABLE audit (
    salon   BYTEA  NOT NULL REFERENCES salons (id),
    at_ms   BIGINT NOT NULL,
    -- Random: it orders the entries of one millisecond and keeps each row apart.
    id      TEXT   NOT NULL,
    actor   TEXT   NOT NULL,
    action  TEXT   NOT NULL,
    booking BYTEA  NOT NULL,
    detail  TEXT   NOT NULL,
    PRIMARY KEY (salon, at_ms, id)
);

ALTER TABLE bookings ADD COLUMN contact_key TEXT;
CREATE INDEX bookings_by_contact ON bookings (salon, contact_key, starts_at);
-- A contact's live bookings by start, for the cap per contact: partial as the index of live slots
-- is, so the planner prefers it to that one even before it has statistics.
CREATE INDEX bookings_live_by_contact ON bookings (salon, contact_key, starts_at) WHERE status = 'booked';
-- The bookings whose details are still held, by start, for the retention sweep.
CREATE INDEX bookings_holding_details ON bookings (starts_at) WHERE contact_key <> '';
-- The bookings whose contact key is still to be filled in: none, but during an upgrade.
CREATE INDEX bookings_without_contact_key ON bookings (id) WHERE contact_key IS NULL;

-- +goose Down
DROP INDEX bookings_without_contact_key;
DROP INDEX bookings_holding_details;
DROP INDEX bookings_live_by_contact;
DROP INDEX bookings_by_contact;
ALTER TABLE bookings DROP COLUMN contact_key;
DROP TABLE audit;
DROP TABLE owner_keys;
