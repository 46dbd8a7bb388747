-- The language a booking was made in: its mails and texts are written in it. '' is the salon's,
-- which every booking made before languages shipped reads as.

-- +goose Up
ALTER TABLE bookings ADD COLUMN language TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE bookings DROP COLUMN language;
