// This file assembles the Echo application: middleware, routes and the request log.
package api

import (
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// outcomeKey is where a handler notes what a request came to, for the request log.
const outcomeKey = "outcome"

// BookPath is the booking route, in Echo's syntax.
const BookPath = "/salons/:salon/book"

// New returns the Echo application serving the booking route, GET /openapi.json and GET /healthz.
// s must not be changed after New returns.
func New(s Service) *echo.Echo {
	if s.Log == nil {
		s.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Logger.SetOutput(io.Discard)
	e.HTTPErrorHandler = errorHandler(s.Log)
	e.Use(requestLog(s.Log), middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			s.Log.Error("panic", "error", err.Error(), "stack", string(stack))
			return err
		},
	}))

	e.POST(BookPath, s.book)
	e.GET("/openapi.json", serveDocument)
	e.GET("/healthz", func(c echo.Context) error { return c.JSON(http.StatusOK, "ok") })
	return e
}

// requestLog writes one structured line per request. It logs the route and outcome, never a body,
// so neither a key nor a requestState can reach the log.
func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			req, res := c.Request(), c.Response()
			attrs := []any{
				"method", req.Method,
				"route", c.Path(),
				"path", req.URL.Path,
				"status", res.Status,
				"bytes", res.Size,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
				"remote", c.RealIP(),
			}
			if outcome, ok := c.Get(outcomeKey).(string); ok {
				attrs = append(attrs, "outcome", outcome)
			}
			log.Info("request", attrs...)
			return nil
		}
	}
}
