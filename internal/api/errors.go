// This file maps every error a handler returns to its HTTP status and JSON string body, in one place.
package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"salon/internal/answer"
	"salon/internal/requeststate"
)

// problem is a refusal the API itself decides, with its status.
type problem struct {
	status int
	reason string
}

func (p *problem) Error() string { return p.reason }

func badRequest(reason string) error { return &problem{http.StatusBadRequest, reason} }

// The refusals of the booking route that are not about the body's fields.
var (
	errUnavailable = &problem{http.StatusServiceUnavailable, "the booking service is unavailable"}
	errTooLarge    = &problem{http.StatusRequestEntityTooLarge, "the body must be at most 65536 bytes"}
	errNotJSON     = &problem{http.StatusUnsupportedMediaType, "the body must be application/json"}
	errUnpaired    = &problem{http.StatusBadRequest, "answers and their requestState travel together"}
	errInternal    = &problem{http.StatusInternalServerError, "internal error"}
)

// status maps an error to its HTTP status and the reason the client is told.
func status(err error) (int, string) {
	var (
		p  *problem
		ar answer.Refusal
		sr requeststate.Refusal
		he *echo.HTTPError
	)
	switch {
	case errors.As(err, &p):
		return p.status, p.reason
	case errors.As(err, &ar):
		return http.StatusBadRequest, ar.Error()
	case errors.As(err, &sr):
		return http.StatusBadRequest, sr.Error()
	case errors.As(err, &he):
		return he.Code, http.StatusText(he.Code)
	}
	return errInternal.status, errInternal.reason
}

// errorHandler is Echo's one place where errors become replies: a JSON string body naming the reason.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code, reason := status(err)
		if code >= http.StatusInternalServerError && code != http.StatusServiceUnavailable {
			log.Error("request failed", "error", err.Error(), "path", c.Path())
		}
		c.Set(outcomeKey, reason)
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(code)
			return
		}
		_ = c.JSON(code, reason)
	}
}
