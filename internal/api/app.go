// This file serves the built web app: each file read and compressed once at start-up, kept by browsers by its cache rules, revalidated by its ETag.

package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// The Cache-Control of the app's files. Vite names every file under assets/ by a hash of its
// content, so a browser may keep one for a year without asking again: a new build links new
// names. Anything else (the HTML, the icon) keeps its name across builds, so the browser asks
// each time and mostly hears 304.
const (
	cacheHashed     = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
)

// hashedDir is where Vite writes the files it names by their content.
const hashedDir = "assets/"

// brotliSuffix marks a file's Brotli copy, written beside it by the build (scripts/precompress.mjs).
// Go's standard library has no Brotli encoder, so bookingd serves the build's copy and never makes one.
const brotliSuffix = ".br"

// compressible are the extensions of text the app ships; images and fonts come compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".svg": true, ".json": true,
	".map": true, ".txt": true, ".xml": true, ".webmanifest": true,
}

// representation is one encoding of a file, as sent: its bytes and their ETag.
type representation struct {
	encoding string // the Content-Encoding; "" for the file as it is
	body     []byte
	etag     string
}

// appFile is one file of the app with every encoding it can be sent in.
type appFile struct {
	name        string
	contentType string
	cache       string
	identity    representation
	gzip        *representation // nil when gzip would not make it smaller
	brotli      *representation // nil when the build wrote no smaller Brotli copy
}

// appFiles are the app's files by the URL path that serves each.
type appFiles map[string]*appFile

// loadApp reads every file of app, with the Brotli copies the build wrote beside them, and
// compresses with gzip each compressible one, once, so no request pays for compression.
func loadApp(app fs.FS) (appFiles, error) {
	files := appFiles{}
	err := fs.WalkDir(app, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(name, brotliSuffix) || path.Base(name) == ".gitkeep" {
			return err
		}
		body, err := fs.ReadFile(app, name)
		if err != nil {
			return err
		}
		f := &appFile{name: name, contentType: contentTypeOf(name, body), cache: cacheRevalidate, identity: represent("", body)}
		if strings.HasPrefix(name, hashedDir) {
			f.cache = cacheHashed
		}
		if compressible[path.Ext(name)] {
			if f.gzip, err = gzipped(body); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if br, err := fs.ReadFile(app, name+brotliSuffix); err == nil && len(br) < len(body) {
				r := represent("br", br)
				f.brotli = &r
			}
		}
		files["/"+name] = f
		return nil
	})
	return files, err
}

// represent is body sent with encoding, under a strong ETag of its own bytes: two encodings of
// one file are two representations, so a cache holding one never takes the other for it.
func represent(encoding string, body []byte) representation {
	sum := sha256.Sum256(body)
	return representation{encoding: encoding, body: body, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}
}

// gzipped is body compressed at gzip's best, or nil when that isn't smaller.
func gzipped(body []byte) (*representation, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(body); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	if b.Len() >= len(body) {
		return nil, nil
	}
	r := represent("gzip", b.Bytes())
	return &r, nil
}

// contentTypeOf names a file's type by its extension, or by its first bytes when the extension says nothing.
func contentTypeOf(name string, body []byte) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return http.DetectContentType(body)
}

// page is the file a URL path serves: a file of the app by its own path, or the app's page for
// the paths the app routes itself (/, /book/{salon}, /my/{salon}/{booking}, /owner/).
func (files appFiles) page(urlPath string) *appFile {
	if f, ok := files[urlPath]; ok {
		return f
	}
	if urlPath == "/" || urlPath == "/owner" || urlPath == "/owner/" || strings.HasPrefix(urlPath, "/book/") || strings.HasPrefix(urlPath, "/my/") {
		return files["/index.html"]
	}
	return nil
}

// pick is the representation to send to a client that sent acceptEncoding: the one it weighs
// highest among those the file has, Brotli before gzip when it weighs them alike, and the file
// as it is when it accepts neither.
func (f *appFile) pick(acceptEncoding string) representation {
	weights := acceptedEncodings(acceptEncoding)
	best, bestWeight := f.identity, 0.0
	for _, r := range []*representation{f.brotli, f.gzip} {
		if r == nil {
			continue
		}
		if w := weights.of(r.encoding); w > bestWeight {
			best, bestWeight = *r, w
		}
	}
	return best
}

// encodingWeights are the q-values an Accept-Encoding header gives each coding, with "*" for the rest.
type encodingWeights map[string]float64

// acceptedEncodings reads an Accept-Encoding header ("br;q=1.0, gzip;q=0.8, *;q=0"). A coding
// without a q-value weighs 1; one whose q-value can't be read weighs 0, so it is never chosen.
func acceptedEncodings(header string) encodingWeights {
	weights := encodingWeights{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		weight := 1.0
		for _, param := range strings.Split(params, ";") {
			key, value, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(strings.TrimSpace(key), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
				if err != nil || q < 0 || q > 1 {
					q = 0
				}
				weight = q
			}
		}
		weights[coding] = weight
	}
	return weights
}

// of is the weight of coding: its own, else that of "*", else 0 (not accepted).
func (w encodingWeights) of(coding string) float64 {
	if q, ok := w[coding]; ok {
		return q
	}
	return w["*"]
}

// serve answers GET and HEAD for the app's files. http.ServeContent answers If-None-Match with
// 304 (against the ETag set here), HEAD without a body, and ranges; it reads no modification time.
func (files appFiles) serve(c echo.Context) error {
	f := files.page(c.Request().URL.Path)
	if f == nil {
		return echo.ErrNotFound
	}
	return f.serve(c)
}

// serve answers GET and HEAD with f, in the encoding the client weighs highest.
func (f *appFile) serve(c echo.Context) error {
	req := c.Request()
	r := f.pick(req.Header.Get(echo.HeaderAcceptEncoding))
	h := c.Response().Header()
	if f.gzip != nil || f.brotli != nil {
		h.Set(echo.HeaderVary, echo.HeaderAcceptEncoding)
	}
	if r.encoding != "" {
		h.Set(echo.HeaderContentEncoding, r.encoding)
	}
	h.Set(echo.HeaderContentType, f.contentType)
	h.Set(echo.HeaderCacheControl, f.cache)
	h.Set("ETag", r.etag)
	http.ServeContent(c.Response(), req, f.name, time.Time{}, bytes.NewReader(r.body))
	return nil
}

// pageMethods are the methods the app's pages answer.
var pageMethods = []string{http.MethodGet, http.MethodHead}

// serveApp serves the built web app under /, or a plain note at / where it wasn't built (or
// couldn't be read, which log is told). Either way every other GET path belongs to the app, so
// routing answers alike with or without it.
func serveApp(e *echo.Echo, app fs.FS, log *slog.Logger, framers func(ctx context.Context, salon string) []string) {
	if app != nil {
		if _, err := fs.Stat(app, "index.html"); err == nil {
			files, err := loadApp(app)
			if err == nil {
				e.Match(pageMethods, "/*", func(c echo.Context) error {
					framedBy(c, framers)
					return files.serve(c)
				}, pagePolicy)
				return
			}
			log.Error("the web app can't be read; serving the note instead", "error", err.Error())
		}
	}
	e.Match(pageMethods, "/", func(c echo.Context) error {
		return c.String(http.StatusOK, "The booking API is up; the web app isn't built into this binary. Build it with `make build` (or `make run`).\n")
	}, pagePolicy)
	e.Match(pageMethods, "/*", func(echo.Context) error { return echo.ErrNotFound }, pagePolicy)
}
