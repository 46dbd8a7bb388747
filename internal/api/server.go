// This file assembles the Echo application: middleware, routes and the request log.

package api

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"salon/internal/booking"
	"salon/internal/jsonlog"
)

// noted is a request's echo.Context with room for what the request came to, for the request log
// and the metrics: observe hands it down the chain, and the handlers and the error handler fill it
// in with note. (Echo's c.Set would make a map for every request.)
type noted struct {
	echo.Context
	outcome string
	reason  *string // a refusal's reason; nil when there is none
	unsent  error   // why a refusal written couldn't be sent; nil when it was, or none was written
}

// note records what the request of c came to: its outcome, and a refusal's reason when there is one.
// It does nothing when c is not the context observe handed down.
func note(c echo.Context, outcome string, reason *string) {
	if n, ok := c.(*noted); ok {
		n.outcome, n.reason = outcome, reason
	}
}

// BookPath is the booking route, in Echo's syntax. The routes table states it in OpenAPI's.
const BookPath = "/salons/:salon/book"

// New returns the Echo application serving the booking route, the app at /, GET /openapi.json,
// GET /healthz, GET /readyz and GET /metrics, with the limited routes behind s.Quota and the
// client address read as s.TrustedProxies say. s must not be changed after New returns.
func New(s Service) *echo.Echo {
	if s.Log == nil {
		s.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.Registry == nil {
		s.Registry = prometheus.NewRegistry()
	}
	s.metrics = newMetrics(s.Registry)
	s.desk = NewDesk(s)
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.IPExtractor = clientAddress(s.TrustedProxies)
	e.Logger.SetOutput(io.Discard)
	e.HTTPErrorHandler = errorHandler(s.Log, s.metrics)
	// One middleware observes, sets the security headers and recovers a panic: Echo joins its
	// middleware to the route's handler on every request, a closure for each.
	e.Use(observe(s.Log, s.metrics, apiSecurityHeaders))

	s.serveRoutes(e, routes)
	serveApp(e, s.App, s.Log, s.embedOrigins)
	serveEmbed(e)
	e.GET("/openapi.json", serveDocument)
	e.GET("/healthz", func(c echo.Context) error { return c.JSON(http.StatusOK, "ok") })
	e.GET("/readyz", s.ready)
	e.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(s.Registry, promhttp.HandlerOpts{})))
	return e
}

// NewDesk returns the desk that answers bookings for s. Every transport of a process (the route,
// the MCP tool) builds its desk here from the same Service, so they share one implementation of
// the rules, one signer and one spent store.
func NewDesk(s Service) *booking.Desk {
	d := &booking.Desk{
		Keys: s.Keys, Life: s.Life, Now: s.Now, Nonce: s.Nonce, Spent: s.Spent, Offerer: s.Offerer,
		Calendar: s.Calendar, Access: s.Access, Tell: s.Tell, MyCalendar: s.MyCalendar, Amend: s.Amend, BookingID: s.BookingID, Observe: s.Records, WebhooksInsecure: s.WebhooksInsecure,
		Unpaced: s.Unpaced, PublicURL: s.PublicURL,
	}
	if s.Payments != nil && s.Holds != nil {
		d.Payments, d.Holds = s.Payments, s.Holds
	}
	return d
}

// MCPPath is where MountMCP serves the Model Context Protocol endpoint.
const MCPPath = "/mcp"

// MountMCP serves h at MCPPath for every method, so h itself answers 405 to all but POST, behind
// middleware (such as Limit). The request log and metrics cover it as they cover every route.
// Call it before e serves.
func MountMCP(e *echo.Echo, h http.Handler, middleware ...echo.MiddlewareFunc) {
	e.Any(MCPPath, echo.WrapHandler(h), middleware...)
}

// AllowOrigins lets pages served from origins (such as "https://salon.example") call e from a
// browser: it answers CORS preflights and marks replies to those origins readable, for POST and
// GET with a JSON body, and an Authorization header for the customer's page to send a booking's
// manage key; never cookies. With no origins it does nothing, so no reply carries a CORS header
// and browsers keep every other site's pages out. Call it before e serves.
func AllowOrigins(e *echo.Echo, origins []string) {
	if len(origins) == 0 {
		return // Echo's CORS middleware would read an empty list as "*"
	}
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{
		AllowOrigins: origins,
		AllowMethods: []string{http.MethodGet, http.MethodPost},
		AllowHeaders: []string{echo.HeaderContentType, echo.HeaderAuthorization},
		MaxAge:       600,
	}))
}

// HTTPServer is the http.Server bookingd serves h with: bounded time to read a request's header
// and body, to write a reply and to keep an idle connection, and a bound on header size.
// The load tool's baseline uses it too, so both stand on the same server settings.
//
// The write time-out runs from the end of the header and the read time-out from its start, so
// with the write time-out the longer by ReplyGrace, a body that stops arriving is cut off at the
// read time-out with that much time left to write its refusal: the client is told why, and the
// request log's line is the reply that was sent.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      ReadTimeout + ReplyGrace,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// ReadTimeout bounds the time to read a request, header and body.
const ReadTimeout = 15 * time.Second

// ReplyGrace is how much longer than ReadTimeout a request has to be answered.
const ReplyGrace = 5 * time.Second

// apiContentSecurityPolicy is every reply's policy but the app's: JSON is no page, so it may load
// nothing and be framed by nothing (as OWASP advises for APIs).
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

// pageContentSecurityPolicy replaces it on the app's routes: the page may load its own scripts,
// styles and API, and nothing else.
const pageContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// pagePolicy is the middleware of the app's routes: the same headers, with the page's policy.
var pagePolicy = securityHeaders(pageContentSecurityPolicy)

// The headers every reply carries: the API's, which observe sets before any handler runs.
var apiSecurityHeaders = newSecurityHeaders(apiContentSecurityPolicy)

// headerValues are response headers with canonical keys and one shared value slice each.
type headerValues []struct {
	key   string
	value []string
}

// newSecurityHeaders are the headers every reply carries, with policy as the Content-Security-Policy.
// They do what Echo's Secure middleware does for these four, more cheaply: the keys are written
// canonical and each value is one slice shared by every reply, where Header.Set canonicalises each
// key and allocates each value again (about 2 800 instructions and four allocations a request, by
// callgrind). Sharing is safe because nothing writes into a header's slice: Set replaces it and
// Add appends past its one element, which copies.
func newSecurityHeaders(policy string) headerValues {
	headers := headerValues{
		{echo.HeaderXContentTypeOptions, []string{"nosniff"}},
		{echo.HeaderXFrameOptions, []string{"DENY"}},
		{echo.HeaderReferrerPolicy, []string{"no-referrer"}},
		{echo.HeaderContentSecurityPolicy, []string{policy}},
	}
	for _, h := range headers {
		if http.CanonicalHeaderKey(h.key) != h.key {
			panic("api: security header " + h.key + " isn't canonical")
		}
	}
	return headers
}

// set writes the headers into h.
func (headers headerValues) set(h http.Header) {
	for _, v := range headers {
		h[v.key] = v.value
	}
}

// securityHeaders is a route's middleware that sets the headers every reply carries, with policy
// as the Content-Security-Policy, over those observe set.
func securityHeaders(policy string) echo.MiddlewareFunc {
	headers := newSecurityHeaders(policy)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			headers.set(c.Response().Header())
			return next(c)
		}
	}
}

// panicStackBytes bounds the stack a recovered panic logs, as Echo's Recover middleware bounds it.
const panicStackBytes = 4 << 10

// recovered calls next with c and turns a panic into the error it returns, logged with every
// goroutine's stack, as Echo's Recover middleware does. http.ErrAbortHandler panics on: it
// asks net/http to drop the connection.
func recovered(log *slog.Logger, next echo.HandlerFunc, c echo.Context) (err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if r == http.ErrAbortHandler {
			panic(r)
		}
		var ok bool
		if err, ok = r.(error); !ok {
			err = fmt.Errorf("%v", r)
		}
		stack := make([]byte, panicStackBytes)
		stack = stack[:runtime.Stack(stack, true)]
		log.Error("panic", "error", err.Error(), "stack", string(stack))
	}()
	return next(c)
}

// observe writes one structured log line per request and records its metrics. It logs the route,
// the outcome and a refusal's reason, never a body, so neither a key nor a requestState can reach the log.
// Before the handler runs it sets headers on the reply; a panic in the handler is recovered,
// logged, and answered as an error.
//
// The line goes straight to the logger's handler with a record built here, as slog's documentation
// shows for wrappers: the same line the Logger would write, without the Logger looking up its
// caller's program counter for every request. bookingd's own handler (jsonlog) takes the
// attributes themselves, so they aren't copied into a record and read back out. The duration is whole microseconds: the JSON handler
// writes an integer with strconv, and a float through encoding/json.
func observe(log *slog.Logger, m *metrics, headers headerValues) echo.MiddlewareFunc {
	h := log.Handler()
	direct, _ := h.(*jsonlog.Handler) // bookingd's: writes the line without a record in between
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			n := &noted{Context: c}
			headers.set(c.Response().Header())
			if err := recovered(log, next, n); err != nil {
				c.Echo().HTTPErrorHandler(err, n)
			}
			end := time.Now()
			took := end.Sub(start)
			req, res := c.Request(), c.Response()
			outcome := n.outcome
			m.observe(c.Path(), req.Method, res.Status, took, outcome)
			ctx := req.Context()
			if !h.Enabled(ctx, slog.LevelInfo) {
				return nil
			}
			// Typed attributes in a fixed array, added at once: the record keeps five inline and
			// makes room for the rest in one allocation.
			// The bytes are those the connection took: none for a reply that couldn't be sent.
			sent := res.Size
			if n.unsent != nil {
				sent = 0
			}
			attrs := [10]slog.Attr{
				slog.String("method", req.Method),
				slog.String("route", c.Path()),
				slog.String("path", req.URL.Path),
				slog.Int("status", res.Status),
				slog.Int64("bytes", sent),
				slog.Int64("duration_us", took.Microseconds()),
				slog.String("remote", c.RealIP()),
			}
			k := 7
			if outcome != "" {
				attrs[k] = slog.String("outcome", outcome)
				k++
			}
			if n.reason != nil {
				attrs[k] = slog.String("reason", *n.reason)
				k++
			}
			if n.unsent != nil {
				attrs[k] = slog.String("unsent", n.unsent.Error())
				k++
			}
			if direct != nil {
				_ = direct.HandleAttrs(ctx, end, slog.LevelInfo, "request", attrs[:k]...)
				return nil
			}
			r := slog.NewRecord(end, slog.LevelInfo, "request", 0)
			r.AddAttrs(attrs[:k]...)
			_ = h.Handle(ctx, r)
			return nil
		}
	}
}
