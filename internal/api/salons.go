// This file serves the salons' calendars: reading a salon, and the owner's operations behind the owner's guard.

package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"salon/internal/salon"
	"salon/internal/wire"
)

func (s *Service) listSalons(c echo.Context) error {
	limit, err := wire.PageLimit(c.QueryParam("limit"))
	if err != nil {
		return err
	}
	after, err := wire.ReadSalonCursor(c.QueryParam("after"))
	if err != nil {
		return err
	}
	page, err := s.desk.Salons(c.Request().Context(), limit, after)
	if err != nil {
		return err
	}
	list := wire.SalonList{Salons: make([]wire.SalonSummary, len(page.Salons)), Calendar: s.Calendar != nil}
	for i, f := range page.Salons {
		list.Salons[i] = wire.SalonSummary{Salon: f.ID, Name: f.Name}
	}
	if page.Next != "" {
		list.Next = wire.SalonCursor(page.Next)
	}
	return noStore(c, list)
}

// readAvailability answers a menu salon's open times for the query's service, stylist, from and days.
func (s *Service) readAvailability(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	from, err := queryTime(c, "from")
	if err != nil {
		return err
	}
	days := 0
	if raw := c.QueryParam("days"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > salon.MaxHorizonDays || strings.TrimLeft(raw, "0123456789") != "" {
			return badRequest(fmt.Sprintf("days must be a whole number from 1 to %d", salon.MaxHorizonDays))
		}
		days = n
	}
	service, err := wire.QueryService(c.QueryParam("service"), c.QueryParam("services"), c.QueryParams().Has("services"))
	if err != nil {
		return err
	}
	ask := salon.Ask{Service: service, Stylist: c.QueryParam("stylist"), From: from, Days: days}
	found, err := s.desk.Availability(c.Request().Context(), id, ask)
	if err != nil {
		return err
	}
	return noStore(c, wire.AvailabilityOf(found))
}

func (s *Service) readSalon(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	view, err := s.desk.Salon(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return noStore(c, wire.ViewOf(view))
}

func (s *Service) putSalon(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	put, err := wire.DecodeSalonSettings(body)
	if err != nil {
		return err
	}
	settings, given, err := put.Settings()
	if err != nil {
		return err
	}
	view, err := s.desk.PutSalon(c.Request().Context(), id, settings, given)
	if err != nil {
		return err
	}
	return noStore(c, wire.ViewOf(view))
}

// window reads the salon's id from the path and the optional from and to of the query.
func window(c echo.Context) (id string, from, to time.Time, err error) {
	if id, err = salonID(c); err != nil {
		return "", from, to, err
	}
	if from, err = queryTime(c, "from"); err != nil {
		return "", from, to, err
	}
	to, err = queryTime(c, "to")
	return id, from, to, err
}

func (s *Service) listBookings(c echo.Context) error {
	id, from, to, err := window(c)
	if err != nil {
		return err
	}
	limit, err := wire.PageLimit(c.QueryParam("limit"))
	if err != nil {
		return err
	}
	after, err := wire.ReadBookingCursor(c.QueryParam("after"))
	if err != nil {
		return err
	}
	page, err := s.desk.Bookings(c.Request().Context(), id, from, to, limit, after)
	if err != nil {
		return err
	}
	return noStore(c, wire.BookingListOf(page.Bookings, page.Next))
}

func (s *Service) listSlots(c echo.Context) error {
	id, from, to, err := window(c)
	if err != nil {
		return err
	}
	found, err := s.desk.Slots(c.Request().Context(), id, from, to)
	if err != nil {
		return err
	}
	list := wire.SlotList{Slots: make([]wire.SlotView, len(found))}
	for i, slot := range found {
		status := "open"
		if slot.Taken != 0 {
			status = slot.Taken.String()
		}
		list.Slots[i] = wire.SlotView{Slot: slot.ID, Label: slot.Label, Status: status}
	}
	return noStore(c, list)
}

// bookingPath reads the salon's id and the booking's reference from the path, each checked.
func bookingPath(c echo.Context) (id, ref string, err error) {
	if id, err = salonID(c); err != nil {
		return "", "", err
	}
	ref = pathParam(c, "booking")
	return id, ref, wire.CheckID("booking", ref)
}

func (s *Service) cancelBooking(c echo.Context) error {
	id, ref, err := bookingPath(c)
	if err != nil {
		return err
	}
	// The body is optional: none at all gives a paid deposit back; one that is there is JSON.
	body, err := readAnyBody(c)
	switch {
	case err != nil:
		return err
	case len(body) > 0 && !isJSON(c.Request().Header.Get(echo.HeaderContentType)):
		return errNotJSON
	}
	refund, err := wire.DecodeCancel(body)
	if err != nil {
		return err
	}
	b, err := s.desk.Cancel(c.Request().Context(), id, ref, refund)
	if err != nil {
		return err
	}
	return noStore(c, wire.BookingViewOf(b))
}

func (s *Service) markNoShow(c echo.Context) error {
	id, ref, err := bookingPath(c)
	if err != nil {
		return err
	}
	b, err := s.desk.MarkNoShow(c.Request().Context(), id, ref)
	if err != nil {
		return err
	}
	return noStore(c, wire.BookingViewOf(b))
}

func (s *Service) moveBooking(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	slot, stylist, err := wire.DecodeMove(body)
	if err != nil {
		return err
	}
	b, err := s.desk.Move(c.Request().Context(), id, pathParam(c, "booking"), slot, stylist)
	if err != nil {
		return err
	}
	return noStore(c, wire.BookingViewOf(b))
}

func (s *Service) closeSlot(c echo.Context) error { return s.setSlot(c, true) }

func (s *Service) openSlot(c echo.Context) error { return s.setSlot(c, false) }

// setSlot closes or opens the slot the path names, and answers the salon as it is then.
func (s *Service) setSlot(c echo.Context, closed bool) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	set := s.desk.OpenSlot
	if closed {
		set = s.desk.CloseSlot
	}
	slot := pathParam(c, "slot")
	if err := wire.CheckID("slot", slot); err != nil {
		return err
	}
	view, err := set(c.Request().Context(), id, slot)
	if err != nil {
		return err
	}
	return noStore(c, wire.ViewOf(view))
}

// noStore answers v as JSON that no cache keeps: a calendar changes with every booking.
func noStore(c echo.Context, v any) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, v)
}

// salonID is the salon's id from the path, within the bounds every salon id keeps.
func salonID(c echo.Context) (string, error) {
	id := pathParam(c, "salon")
	return id, wire.CheckSalon(id)
}

// readBody reads a JSON request body within MaxBodyBytes.
func readBody(c echo.Context) ([]byte, error) {
	if !isJSON(c.Request().Header.Get(echo.HeaderContentType)) {
		return nil, errNotJSON
	}
	return readAnyBody(c)
}

// readAnyBody reads a body of any type, at most wire.MaxBodyBytes.
func readAnyBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, wire.MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, errTooLarge
		}
		return nil, badRequest("the body could not be read")
	}
	return body, nil
}

// queryTime reads an optional RFC 3339 time from the query; absent is the zero time.
func queryTime(c echo.Context, name string) (time.Time, error) {
	raw := c.QueryParam(name)
	if raw == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, raw)
	if err != nil {
		return time.Time{}, badRequest(name + " must be a time in RFC 3339, such as 2026-12-05T09:00:00Z (write + as %2B)")
	}
	return t, nil
}
