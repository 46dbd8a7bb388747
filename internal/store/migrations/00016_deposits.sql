-- Deposits: a booking held while its customer pays on Stripe's Checkout, and Stripe's events,
-- each applied once.
--
-- A held booking is a live row (status 'booked') with deposit_status 'awaiting': it takes its
-- cells and its place in the unique index of live starts, so it blocks its time exactly as a
-- booking does, on both databases, whatever the code above does. It is booked when paid
-- (deposit_status 'paid', told as booking.created in the same transaction), or released
-- (status 'cancelled', deposit_status 'released', its cells freed). deposit is in the minor unit
-- of the salon's currency; checkout is the Checkout Session's id and checkout_url its page, pay_until its expires_at in Unix
-- seconds, payment the PaymentIntent a refund refers to. no_show_at is when the owner marked the
-- customer as not come. All are NULL for a booking whose service asks no deposit.
--
-- stripe_events holds the id of each Stripe event applied, so one sent again changes nothing.

-- +goose Up
ALTER TABLE bookings ADD COLUMN deposit BIGINT;
ALTER TABLE bookings ADD COLUMN deposit_status TEXT
    CHECK (deposit_status IN ('awaiting', 'paid', 'refunded', 'kept', 'released'));
ALTER TABLE bookings ADD COLUMN checkout TEXT;
ALTER TABLE bookings ADD COLUMN checkout_url TEXT;
ALTER TABLE bookings ADD COLUMN pay_until BIGINT;
ALTER TABLE bookings ADD COLUMN payment TEXT;
ALTER TABLE bookings ADD COLUMN no_show_at BIGINT;
CREATE UNIQUE INDEX bookings_by_checkout ON bookings (checkout) WHERE checkout IS NOT NULL;
CREATE INDEX bookings_awaiting ON bookings (pay_until) WHERE deposit_status = 'awaiting';

CREATE TABLE stripe_events (
    id          TEXT   PRIMARY KEY,
    received_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE stripe_events;
DROP INDEX bookings_awaiting;
DROP INDEX bookings_by_checkout;
ALTER TABLE bookings DROP COLUMN no_show_at;
ALTER TABLE bookings DROP COLUMN payment;
ALTER TABLE bookings DROP COLUMN pay_until;
ALTER TABLE bookings DROP COLUMN checkout_url;
ALTER TABLE bookings DROP COLUMN checkout;
ALTER TABLE bookings DROP COLUMN deposit_status;
ALTER TABLE bookings DROP COLUMN deposit;
