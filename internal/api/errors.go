// This file maps every error a handler returns to its HTTP status and JSON string body, in one place.

package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"salon/internal/refusal"
	"strconv"

	"github.com/labstack/echo/v4"
)

// badRequest is a refusal of the request's fields that the API itself decides.
func badRequest(reason string) error { return refusal.New(refusal.Invalid, "invalid_request", reason) }

// The refusals the API itself decides, beside the domain's.
var (
	errUnavailable = refusal.ErrUnavailable
	errTooLarge    = refusal.New(refusal.TooLarge, "too_large", "the body must be at most 65536 bytes")
	errNotJSON     = refusal.New(refusal.Unsupported, "not_json", "the body must be application/json")
	errInternal    = refusal.New(refusal.Internal, "internal", "internal error")
)

// statuses is the one table from a refusal's kind to its HTTP status.
var statuses = map[refusal.Kind]int{
	refusal.Invalid:      http.StatusBadRequest,
	refusal.NotFound:     http.StatusNotFound,
	refusal.Conflict:     http.StatusConflict,
	refusal.Unauthorized: http.StatusUnauthorized,
	refusal.TooLarge:     http.StatusRequestEntityTooLarge,
	refusal.Unsupported:  http.StatusUnsupportedMediaType,
	refusal.Unavailable:  http.StatusServiceUnavailable,
	refusal.Internal:     http.StatusInternalServerError,
	refusal.TooMany:      http.StatusTooManyRequests,
}

// statusClientClosed is the status a request counts as when its client hung up before the reply:
// nginx's 499. No client ever reads it; it keeps an abandoned request out of the 5xx an operator
// is alerted on.
const statusClientClosed = 499

// classify maps an error to its HTTP status, the outcome it counts as, and the reason the client
// is told: a refusal by its kind, through statuses; Echo's own (no route, no such method) by its
// code; anything else is internal.
func classify(err error) (status int, outcome, reason string) {
	if r, ok := refusal.As(err); ok {
		return statuses[r.Kind], r.Code, r.Reason
	}
	if he, ok := errors.AsType[*echo.HTTPError](err); ok {
		return he.Code, "http_" + strconv.Itoa(he.Code), http.StatusText(he.Code)
	}
	return statuses[errInternal.Kind], errInternal.Code, errInternal.Reason
}

// errorHandler is Echo's one place where errors become replies: a JSON string body naming the reason.
// A store that failed is logged with its cause and counted; the client hears only that the service is unavailable.
func errorHandler(log *slog.Logger, m *metrics) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code, outcome, reason := classify(err)
		if r, ok := refusal.As(err); ok && r.Kind == refusal.Unavailable && r.Cause != nil {
			if abandoned(c, r.Cause) {
				// The client hung up, and the store stopped with it: not an outage. Nobody is
				// left to answer; the request's line and count say what happened.
				note(c, "client_closed", nil)
				c.Response().Status = statusClientClosed
				return
			}
			log.Error("the store failed", "error", r.Cause.Error(), "path", c.Path())
			m.storeErrors.Inc()
		}
		if code >= http.StatusInternalServerError && code != http.StatusServiceUnavailable {
			log.Error("request failed", "error", err.Error(), "path", c.Path())
		}
		note(c, outcome, &reason)
		if r, ok := refusal.As(err); ok && r.RetryAfter > 0 {
			c.Response().Header().Set(echo.HeaderRetryAfter, strconv.FormatInt(retryAfter(r.RetryAfter), 10))
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(code)
			return
		}
		if err := sendRefusal(c.Response(), code, reason); err != nil {
			if n, ok := c.(*noted); ok {
				n.unsent = err
			}
		}
	}
}

// abandoned reports whether cause is the request's own context ending because its client went away.
func abandoned(c echo.Context, cause error) bool {
	return errors.Is(cause, context.Canceled) && errors.Is(c.Request().Context().Err(), context.Canceled)
}

// sendRefusal writes reason as the JSON string body of a code reply, as c.JSON would, with its
// length, and sends it to the connection at once, so that a reply that can't be sent (the
// client gone, the write time-out passed) says so instead of being logged as sent.
func sendRefusal(res *echo.Response, code int, reason string) error {
	body, err := json.Marshal(reason)
	if err != nil {
		return err
	}
	body = append(body, '\n')
	h := res.Header()
	h.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	res.WriteHeader(code)
	if _, err := res.Write(body); err != nil {
		return err
	}
	// The writer under Echo's: Echo's own Flush drops the error.
	return http.NewResponseController(res.Writer).Flush()
}
