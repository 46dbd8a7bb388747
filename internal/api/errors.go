// This file maps every error a handler returns to its HTTP status and JSON string body, in one place.

package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"salon/internal/answer"
	"salon/internal/booking"
	"salon/internal/requeststate"
	"salon/internal/salon"
	"salon/internal/wire"
)

// problem is a refusal the API itself decides, with its status and the outcome it counts as.
type problem struct {
	status  int
	outcome string
	reason  string
}

func (p *problem) Error() string { return p.reason }

func badRequest(reason string) error {
	return &problem{http.StatusBadRequest, "invalid_request", reason}
}

// The refusals of the booking route that are not about the body's fields.
var (
	errUnavailable = &problem{http.StatusServiceUnavailable, "unavailable", "the booking service is unavailable"}
	errTooLarge    = &problem{http.StatusRequestEntityTooLarge, "too_large", "the body must be at most 65536 bytes"}
	errNotJSON     = &problem{http.StatusUnsupportedMediaType, "not_json", "the body must be application/json"}
	errUnpaired    = &problem{http.StatusBadRequest, "unpaired", "answers and their requestState travel together"}
	errInternal    = &problem{http.StatusInternalServerError, "internal", "internal error"}
)

// refusalOutcomes names each fixed refusal of the domain packages for the outcome metric.
// A refusal not listed is an answer naming a time never offered.
var refusalOutcomes = map[error]string{
	answer.ErrNoAnswer:             "no_answer",
	answer.ErrNotAChoice:           "not_a_choice",
	requeststate.ErrDoesntVerify:   "doesnt_verify",
	requeststate.ErrAnotherRequest: "another_request",
	requeststate.ErrExpired:        "expired",
	requeststate.ErrAlreadyUsed:    "already_used",
}

// classify maps an error to its HTTP status, the outcome it counts as, and the reason the client is told.
func classify(err error) (status int, outcome, reason string) {
	var (
		p  *problem
		ar answer.Refusal
		sr requeststate.Refusal
		lr salon.Refusal
		wr wire.Refusal
		ns booking.NoSalon
		nb booking.NoBooking
		nl booking.NoSlot
		sb booking.SlotBooked
		he *echo.HTTPError
	)
	switch {
	case errors.As(err, &p):
		return p.status, p.outcome, p.reason
	case errors.As(err, &wr):
		return http.StatusBadRequest, "invalid_request", wr.Error()
	case errors.As(err, &ns):
		return http.StatusNotFound, "no_salon", ns.Error()
	case errors.As(err, &nb):
		return http.StatusNotFound, "no_booking", nb.Error()
	case errors.As(err, &nl):
		return http.StatusNotFound, "no_slot", nl.Error()
	case errors.As(err, &sb):
		return http.StatusConflict, "slot_booked", sb.Error()
	case errors.As(err, &lr):
		return http.StatusBadRequest, "invalid_settings", lr.Error()
	case errors.As(err, &ar):
		return http.StatusBadRequest, domainOutcome(ar, "never_offered"), ar.Error()
	case errors.As(err, &sr):
		return http.StatusBadRequest, domainOutcome(sr, "refused"), sr.Error()
	case errors.Is(err, booking.ErrUnpaired):
		return errUnpaired.status, errUnpaired.outcome, errUnpaired.reason
	case errors.Is(err, booking.ErrCustomerRequired):
		return http.StatusBadRequest, "customer_required", booking.ErrCustomerRequired.Error()
	case errors.Is(err, booking.ErrUnavailable):
		return errUnavailable.status, errUnavailable.outcome, errUnavailable.reason
	case errors.As(err, &he):
		return he.Code, "http_" + strconv.Itoa(he.Code), http.StatusText(he.Code)
	}
	return errInternal.status, errInternal.outcome, errInternal.reason
}

func domainOutcome(refusal error, otherwise string) string {
	if outcome, ok := refusalOutcomes[refusal]; ok {
		return outcome
	}
	return otherwise
}

// errorHandler is Echo's one place where errors become replies: a JSON string body naming the reason.
// A store that failed is logged with its cause and counted; the client hears only that the service is unavailable.
func errorHandler(log *slog.Logger, m *metrics) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var storeErr *booking.StoreError
		if errors.As(err, &storeErr) {
			log.Error("the store failed", "error", storeErr.Cause.Error(), "path", c.Path())
			m.storeErrors.Inc()
		}
		code, outcome, reason := classify(err)
		if code >= http.StatusInternalServerError && code != http.StatusServiceUnavailable {
			log.Error("request failed", "error", err.Error(), "path", c.Path())
		}
		note(c, outcome, &reason)
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
