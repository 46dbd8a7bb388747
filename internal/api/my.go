// This file serves my booking (the customer's own) behind its manage key (reading it, cancelling it, moving it, its calendar) and the outcome of a round two whose reply was lost.

package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"salon/internal/booking"
	"salon/internal/ical"
	"salon/internal/refusal"
	"salon/internal/wire"
)

// calendarMedia is the media type of a booking's calendar, as the document states it; the reply
// names its charset too (calendarContentType).
const calendarMedia = "text/calendar"

// calendarContentType is the Content-Type of a booking's calendar.
const calendarContentType = calendarMedia + "; charset=utf-8"

// manageKey is the manage key the request carries as Authorization: Bearer <key>; "" when it
// carries none, which opens no booking. The key is never logged: the request log writes the path,
// never a header.
func manageKey(c echo.Context) string {
	key, _ := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
	return key
}

// myOp is a desk's operation on a customer's own booking: (*booking.Desk).MyBooking or CancelMine.
type myOp func(d *booking.Desk, ctx context.Context, salon, booking, key string) (booking.Mine, error)

// mine runs op on the booking the path names, for the holder of the request's key.
func (s *Service) mine(c echo.Context, op myOp) (booking.Mine, error) {
	noCache(c)
	id, err := salonID(c)
	if err != nil {
		return booking.Mine{}, err
	}
	return op(s.desk, c.Request().Context(), id, pathParam(c, "booking"), manageKey(c))
}

// myBooking answers GET /salons/{salon}/my/{booking}.
func (s *Service) myBooking(c echo.Context) error {
	m, err := s.mine(c, (*booking.Desk).MyBooking)
	if err != nil {
		return err
	}
	return noStore(c, wire.MyBookingOf(m))
}

// cancelMine answers POST /salons/{salon}/my/{booking}/cancel.
func (s *Service) cancelMine(c echo.Context) error {
	m, err := s.mine(c, (*booking.Desk).CancelMine)
	if err != nil {
		return err
	}
	return noStore(c, wire.MyBookingOf(m))
}

// myCalendar answers GET /salons/{salon}/my/{booking}/calendar.ics: the booking as a calendar of
// one event, stamped now.
func (s *Service) myCalendar(c echo.Context) error {
	m, err := s.mine(c, (*booking.Desk).MyBooking)
	if err != nil {
		return err
	}
	cal, err := ical.Calendar(wire.ProdID, []ical.Event{wire.EventOf(m, s.Now())})
	if err != nil {
		return refusal.Failed(err)
	}
	note(c, string(m.Status), nil)
	return c.Blob(http.StatusOK, calendarContentType, cal)
}

// moveMine answers POST /salons/{salon}/my/{booking}/move: a round of a move, read as the booking
// route reads its body.
func (s *Service) moveMine(c echo.Context) error {
	noCache(c)
	if s.Keys == nil {
		return errUnavailable
	}
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	r, err := wire.DecodeMyMove(id, pathParam(c, "booking"), body)
	if err != nil {
		return err
	}
	r.Key = manageKey(c)
	r.AcceptLanguage = c.Request().Header.Get("Accept-Language")
	result, err := s.desk.MoveMine(c.Request().Context(), r)
	if err != nil {
		return err
	}
	if result.Question != nil {
		note(c, wire.ResultInputRequired, nil)
		out := replies.Get().(*reply)
		defer out.put()
		out.asked = wire.InputRequired(*result.Question, result.State)
		return out.send(c, &out.asked)
	}
	return completed(c, result.Outcome)
}

// outcome answers POST /salons/{salon}/book/outcome: round two's body, exactly, told what its
// spend did. The state is verified and never spent.
func (s *Service) outcome(c echo.Context) error {
	noCache(c)
	if s.Keys == nil {
		return errUnavailable
	}
	if !isJSON(c.Request().Header.Get(echo.HeaderContentType)) {
		return errNotJSON
	}
	req, err := decodeBody(c)
	if err != nil {
		return err
	}
	result, err := s.desk.Outcome(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return completed(c, result.Outcome)
}

// noCache marks the reply, a refusal included, as one no cache keeps: each holds a customer's
// booking, or says whether one exists.
func noCache(c echo.Context) { c.Response().Header().Set(echo.HeaderCacheControl, "no-store") }
