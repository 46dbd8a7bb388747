// This file holds the pages of the owner's lists on the wire: the limit, and the opaque cursor a page's next carries.

package wire

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"time"

	"salon/internal/booking"
	"salon/internal/salon"
)

// MaxCursorChars bounds a cursor: the longest a next can be, a booking's key with a long id, with room.
const MaxCursorChars = 400

// A cursor's first byte says which list it pages, so one list's cursor is refused by another.
const (
	cursorOfBookings = 'b'
	cursorOfSalons   = 's'
)

// The refusals of a page's parameters.
var (
	errLimit = Refusal(fmt.Sprintf("limit must be a whole number from 1 to %d", booking.MaxPageLimit))
	errAfter = Refusal("after must be the next of an earlier page of this list")
)

// PageLimit reads a list's limit from the query: 0 when absent (the default, 200), else a whole
// number from 1 to 1000, written in decimal digits.
func PageLimit(raw string) (int, error) {
	if raw == "" {
		return 0, nil
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, errLimit
		}
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > booking.MaxPageLimit {
		return 0, errLimit
	}
	return n, nil
}

// BookingCursor writes the key of a page's last booking as the next the page carries: base64url,
// opaque to the client.
func BookingCursor(k salon.BookingKey) string {
	buf := make([]byte, 0, 1+2*binary.MaxVarintLen64+len(k.ID))
	buf = append(buf, cursorOfBookings)
	buf = binary.AppendVarint(buf, k.Start.Unix())
	buf = binary.AppendVarint(buf, k.BookedAt.Unix())
	buf = append(buf, k.ID...)
	return base64.RawURLEncoding.EncodeToString(buf)
}

// ReadBookingCursor reads a bookings list's after: nil when absent, else the key BookingCursor
// wrote. Anything else is refused naming the parameter.
func ReadBookingCursor(raw string) (*salon.BookingKey, error) {
	if raw == "" {
		return nil, nil
	}
	buf, ok := cursorBytes(raw, cursorOfBookings)
	if !ok {
		return nil, errAfter
	}
	start, n := binary.Varint(buf)
	if n <= 0 {
		return nil, errAfter
	}
	buf = buf[n:]
	bookedAt, n := binary.Varint(buf)
	if n <= 0 {
		return nil, errAfter
	}
	return &salon.BookingKey{Start: time.Unix(start, 0).UTC(), BookedAt: time.Unix(bookedAt, 0).UTC(), ID: string(buf[n:])}, nil
}

// SalonCursor writes the id of a page's last salon as the next the page carries.
func SalonCursor(id string) string {
	return base64.RawURLEncoding.EncodeToString(append([]byte{cursorOfSalons}, id...))
}

// ReadSalonCursor reads the salons list's after: "" when absent, else the id SalonCursor wrote.
// Anything else is refused naming the parameter.
func ReadSalonCursor(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	buf, ok := cursorBytes(raw, cursorOfSalons)
	if !ok || len(buf) == 0 {
		return "", errAfter
	}
	return string(buf), nil
}

// cursorBytes decodes a cursor of the list kind, and returns what follows its kind.
func cursorBytes(raw string, kind byte) ([]byte, bool) {
	if len(raw) > MaxCursorChars {
		return nil, false
	}
	buf, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(buf) == 0 || buf[0] != kind {
		return nil, false
	}
	return buf[1:], true
}
