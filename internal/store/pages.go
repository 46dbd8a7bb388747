// This file holds the pages of the owner's lists: a salon's bookings and the registered salons, each read a page at a time.

package store

import (
	"context"
	"time"

	"salon/internal/salon"
)

// The statements of a page. Each reads its rows in the list's order from where the page starts,
// and stops at the limit: a page costs what it holds, not what the list holds.
const (
	qBookingsFirst = `SELECT ` + bookingColumns + ` FROM bookings
		WHERE salon = $1 AND starts_at >= $2 AND starts_at < $3
		ORDER BY starts_at, booked_at, id LIMIT $4`
	// qBookingsAfter adds the key of the row before the page: starts_at >= $4 bounds the index's
	// range, and the row value orders within a start.
	qBookingsAfter = `SELECT ` + bookingColumns + ` FROM bookings
		WHERE salon = $1 AND starts_at >= $2 AND starts_at < $3
			AND starts_at >= $4 AND (starts_at, booked_at, id) > ($4, $5, $6)
		ORDER BY starts_at, booked_at, id LIMIT $7`
	qSalonsFirst = `SELECT id, name FROM salons ORDER BY id LIMIT $1`
	qSalonsAfter = `SELECT id, name FROM salons WHERE id > $1 ORDER BY id LIMIT $2`
)

// BookingPage lists, as Bookings does, the salon's bookings whose slots start at or after from and
// before to, in the owner's list's order (salon.BookingKey), but at most limit of them, and only
// those after the key after when it is not nil. An empty page of an unknown salon is
// salon.NoSalon. A limit below one is one.
func (s *Store) BookingPage(ctx context.Context, salonID string, from, to time.Time, after *salon.BookingKey, limit int) ([]salon.Booking, error) {
	limit = max(limit, 1)
	query, args := qBookingsFirst, []any{text(salonID), from.Unix(), to.Unix(), int64(limit)}
	if after != nil {
		query = qBookingsAfter
		args = []any{text(salonID), from.Unix(), to.Unix(),
			after.Start.Unix(), after.BookedAt.Unix(), text(after.ID), int64(limit)}
	}
	rows, err := s.r.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var page []salon.Booking
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		page = append(page, b)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return orNoSalon(ctx, s, salonID, page)
}

// SalonPage lists, as Salons does, the registered salons ordered by id, byte by byte, but at most
// limit of them, and only those whose id comes after after when it is not "". A limit below one
// is one.
func (s *Store) SalonPage(ctx context.Context, after string, limit int) ([]salon.Summary, error) {
	limit = max(limit, 1)
	query, args := qSalonsFirst, []any{int64(limit)}
	if after != "" {
		query, args = qSalonsAfter, []any{text(after), int64(limit)}
	}
	rows, err := s.r.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var page []salon.Summary
	for rows.Next() {
		var sum salon.Summary
		if err := rows.Scan(&sum.ID, &sum.Name); err != nil {
			return nil, err
		}
		page = append(page, sum)
	}
	return page, rows.Err()
}
