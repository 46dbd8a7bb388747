// This file assembles the Echo application: middleware, routes and the request log.
package api

import (
	"io"
	"io/fs"
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

	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		ReferrerPolicy:        "no-referrer",
		ContentSecurityPolicy: contentSecurityPolicy,
	}))

	e.POST(BookPath, s.book)
	serveApp(e, s.App)
	e.GET("/openapi.json", serveDocument)
	e.GET("/healthz", func(c echo.Context) error { return c.JSON(http.StatusOK, "ok") })
	return e
}

// contentSecurityPolicy lets the page load its own scripts, styles and API, and nothing else.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// serveApp serves the built web app at /, or a plain note where it wasn't built.
func serveApp(e *echo.Echo, app fs.FS) {
	if app != nil {
		if _, err := fs.Stat(app, "index.html"); err == nil {
			e.StaticFS("/", app)
			return
		}
	}
	e.GET("/", func(c echo.Context) error {
		return c.String(http.StatusOK, "The booking API is up; the web app isn't built into this binary. Build it with `make web`, then rebuild bookingd.\n")
	})
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
