-- A phone number's contact key becomes its E.164 digits, read in the salon's region (the country of
-- its phone), so every spelling of one number is one contact: until now it was the digits as
-- written. The keys of phone contacts are cleared here, and the store fills them again, in their
-- salon's region, as it fills any booking's key it finds missing (fillContactKeys, at Open).

-- +goose Up
UPDATE bookings SET contact_key = NULL WHERE contact_key LIKE 'p:%';

-- +goose Down
UPDATE bookings SET contact_key = NULL WHERE contact_key LIKE 'p:%';
