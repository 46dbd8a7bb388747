-- Texts: the numbers that unsubscribed at a salon, and each text sent with its last status.
--
-- A text is a delivery of a booking's event, as a mail is (targets 'text' and 'text-reminder').
-- text_opt_outs holds each contact (its key: a phone's E.164 form) that replied STOP to the
-- sender, as Twilio's 21610 says, at a salon: it is not texted there again. texts holds each text
-- Twilio took, by its SID, with the booking it told of and the last status Twilio called back.

-- +goose Up
CREATE TABLE text_opt_outs (
    salon       BYTEA  NOT NULL,
    contact_key TEXT   NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (salon, contact_key)
);
CREATE TABLE texts (
    sid     TEXT   PRIMARY KEY,
    salon   BYTEA  NOT NULL,
    booking BYTEA  NOT NULL,
    status  TEXT   NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX texts_by_booking ON texts (booking, at);

-- +goose Down
DROP TABLE texts;
DROP TABLE text_opt_outs;
