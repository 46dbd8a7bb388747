-- Each salon's settings carry a version, raised by every change, so an instance can keep the
-- settings decoded and learn from one integer whether they still stand.

-- +goose Up
ALTER TABLE salons ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE salons DROP COLUMN version;
