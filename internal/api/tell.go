// This file serves telling people: the owner's webhooks and the owner's calendar feed.

package api

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"salon/internal/wire"
)

func (s *Service) putWebhook(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	put, err := wire.DecodeWebhook(body)
	if err != nil {
		return err
	}
	w, _, err := s.desk.PutWebhook(c.Request().Context(), id, pathParam(c, "id"), put.URL, put.Events)
	if err != nil {
		return err
	}
	return noStore(c, wire.WebhookViewOf(w))
}

func (s *Service) listWebhooks(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	found, err := s.desk.Webhooks(c.Request().Context(), id)
	if err != nil {
		return err
	}
	list := wire.WebhookList{Webhooks: make([]wire.WebhookState, len(found))}
	for i, w := range found {
		list.Webhooks[i] = wire.WebhookStateOf(w)
	}
	return noStore(c, list)
}

// listDropped answers GET /salons/{salon}/messages/dropped.
func (s *Service) listDropped(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	found, err := s.desk.DroppedMessages(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return noStore(c, wire.DroppedListOf(found))
}

func (s *Service) deleteWebhook(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	if err := s.desk.DeleteWebhook(c.Request().Context(), id, pathParam(c, "id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) newFeed(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	key, err := s.desk.NewFeed(c.Request().Context(), id)
	if err != nil {
		return err
	}
	address := s.publicURL(c) + "/salons/" + url.PathEscape(id) + "/calendar.ics?key=" + url.QueryEscape(key)
	return noStore(c, wire.FeedView{URL: address})
}

// publicURL is the service's address as the world reaches it: PublicURL, or without one the
// request's own scheme and host.
func (s *Service) publicURL(c echo.Context) string {
	if s.PublicURL != "" {
		return s.PublicURL
	}
	return c.Scheme() + "://" + c.Request().Host
}

// feedType is the feed's media type.
const feedType = "text/calendar; charset=utf-8"

func (s *Service) feed(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	ics, err := s.desk.Feed(c.Request().Context(), id, c.QueryParam("key"))
	if err != nil {
		return err
	}
	// The key is in the address: no shared cache may keep what it opens.
	c.Response().Header().Set(echo.HeaderCacheControl, "private, no-store")
	return c.Blob(http.StatusOK, feedType, ics)
}
