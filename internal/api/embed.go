// This file serves what puts a salon's booking on its own website: the embed script, under a
// short-lived name pointing at its versioned one, and the booking page's framing rule, which lets
// the salon's listed sites (embedOrigins) frame it and no other.

package api

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"strings"

	"github.com/labstack/echo/v4"

	"salon/internal/wire"
)

//go:embed embed/embed.js
var embedScript []byte

// The embed script's names: the one a salon pastes, kept by browsers for minutes, and the one it
// loads, named by a hash of its content and kept for a year.
const (
	EmbedPath     = "/embed.js"
	cacheEmbedPin = "public, max-age=300"
)

// embedFiles are the stub a salon's site loads and the versioned script it loads in turn.
func embedFiles() (stub, versioned *appFile) {
	sum := sha256.Sum256(embedScript)
	name := "embed." + hex.EncodeToString(sum[:6]) + ".js"
	loader := []byte("/* The salon booking embed: loads this version's script, kept for a year. */\n" +
		"(function(d){if(window.salonBookingEmbed){window.salonBookingEmbed.scan();return}" +
		"if(d.querySelector('script[data-salon-embed]'))return;var s=d.createElement('script');" +
		"s.src=new URL('/" + name + "',d.currentScript.src).href;s.async=true;s.setAttribute('data-salon-embed','');" +
		"(d.head||d.documentElement).appendChild(s)})(document);\n")
	file := func(name string, body []byte, cache string) *appFile {
		f := &appFile{name: name, contentType: "text/javascript; charset=utf-8", cache: cache, identity: represent("", body)}
		if gz, err := gzipped(body); err == nil {
			f.gzip = gz
		}
		return f
	}
	return file("embed.js", loader, cacheEmbedPin), file(name, embedScript, cacheHashed)
}

// serveEmbed serves the embed script at EmbedPath and at its versioned name.
func serveEmbed(e *echo.Echo) {
	stub, versioned := embedFiles()
	e.Match(pageMethods, EmbedPath, stub.serve)
	e.Match(pageMethods, "/"+versioned.name, versioned.serve)
}

// embedOrigins are the sites that may frame the salon id's booking page: none without a calendar,
// for a salon that isn't registered, or when the settings can't be read.
func (s *Service) embedOrigins(ctx context.Context, id string) []string {
	if s.Calendar == nil {
		return nil
	}
	set, err := s.Calendar.RecentSalon(ctx, id)
	if err != nil {
		return nil
	}
	return set.EmbedOrigins
}

// framedBy lets the sites the salon lists frame its booking page (/book/{salon}): the page's policy
// with frame-ancestors naming them, and no X-Frame-Options, which would deny them. Every other
// page, and a salon that lists none, keeps frame-ancestors 'none'.
func framedBy(c echo.Context, framers func(ctx context.Context, salon string) []string) {
	rest, ok := strings.CutPrefix(c.Request().URL.Path, "/book/")
	if !ok || framers == nil {
		return
	}
	id, _, _ := strings.Cut(rest, "/")
	if wire.CheckSalon(id) != nil {
		return
	}
	origins := framers(c.Request().Context(), id)
	if len(origins) == 0 {
		return
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentSecurityPolicy, strings.Replace(pageContentSecurityPolicy,
		"frame-ancestors 'none'", "frame-ancestors "+strings.Join(origins, " "), 1))
	h.Del(echo.HeaderXFrameOptions)
}
