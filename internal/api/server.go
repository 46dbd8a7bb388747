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
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"salon/internal/booking"
)

// Where a handler notes what a request came to, for the request log and the metrics.
const (
	outcomeKey = "outcome"
	reasonKey  = "reason"
)

// BookPath is the booking route, in Echo's syntax.
const BookPath = "/salons/:salon/book"

// New returns the Echo application serving the booking route, the app at /, GET /openapi.json,
// GET /healthz, GET /readyz and GET /metrics. s must not be changed after New returns.
func New(s Service) *echo.Echo {
	if s.Log == nil {
		s.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.Registry == nil {
		s.Registry = prometheus.NewRegistry()
	}
	s.metrics = newMetrics(s.Registry)
	s.desk = &booking.Desk{Keys: s.Keys, Life: s.Life, Now: s.Now, Nonce: s.Nonce, Spent: s.Spent}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Logger.SetOutput(io.Discard)
	e.HTTPErrorHandler = errorHandler(s.Log)
	e.Use(observe(s.Log, s.metrics), middleware.RecoverWithConfig(middleware.RecoverConfig{
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
	e.GET("/readyz", s.ready)
	e.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(s.Registry, promhttp.HandlerOpts{})))
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
		return c.String(http.StatusOK, "The booking API is up; the web app isn't built into this binary. Build it with `make build` (or `make run`).\n")
	})
}

// observe writes one structured log line per request and records its metrics. It logs the route,
// the outcome and a refusal's reason, never a body, so neither a key nor a requestState can reach the log.
func observe(log *slog.Logger, m *metrics) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			if err := next(c); err != nil {
				c.Error(err)
			}
			took := time.Since(start)
			req, res := c.Request(), c.Response()
			outcome, _ := c.Get(outcomeKey).(string)
			m.observe(c.Path(), req.Method, res.Status, took, outcome)
			attrs := []any{
				"method", req.Method,
				"route", c.Path(),
				"path", req.URL.Path,
				"status", res.Status,
				"bytes", res.Size,
				"duration_ms", float64(took.Microseconds()) / 1000,
				"remote", c.RealIP(),
			}
			if outcome != "" {
				attrs = append(attrs, "outcome", outcome)
			}
			if reason, ok := c.Get(reasonKey).(string); ok {
				attrs = append(attrs, "reason", reason)
			}
			log.Info("request", attrs...)
			return nil
		}
	}
}
