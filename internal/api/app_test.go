// This file tests how the app's files are served: compressed as the browser accepts, cached by their kind, revalidated by ETag.

package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"salon/internal/api"
)

// The built app as these tests hand it over: a page, a hashed script with the Brotli copy the
// build writes beside it, a hashed stylesheet without one, and an icon too small to compress.
var (
	appPage   = "<!doctype html><html lang=\"en\"><head><title>Book a time</title></head><body><div id=\"root\"></div>" + strings.Repeat("<!-- room -->", 40) + "</body></html>"
	appScript = strings.Repeat("export const salon = 'Studio Nine'; console.info(salon);\n", 200)
	appBrotli = "the build's Brotli copy of the script, smaller than the script"
	appStyle  = strings.Repeat("main { margin: 0 auto; }\n", 100)
	appIcon   = "<svg/>"
)

func builtApp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                {Data: []byte(appPage)},
		"assets/index-B1k2.js":      {Data: []byte(appScript)},
		"assets/index-B1k2.js.br":   {Data: []byte(appBrotli)},
		"assets/index-C3d4.css":     {Data: []byte(appStyle)},
		"favicon.svg":               {Data: []byte(appIcon)},
		".gitkeep":                  {Data: nil},
		"assets/unreferenced.woff2": {Data: []byte("wOF2 font bytes")},
	}
}

// fetchApp sends one request for path to the application serving app, with the given headers.
func fetchApp(t *testing.T, app http.Handler, method, path string, headers map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, req)
	return rec
}

// decoded is a reply's body with its Content-Encoding undone; Brotli is left as sent, since the
// copy came from the build and only its bytes are checked.
func decoded(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if rec.Header().Get("Content-Encoding") != "gzip" {
		return rec.Body.String()
	}
	r, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("the gzip body doesn't open: %v", err)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("the gzip body doesn't read: %v", err)
	}
	return string(body)
}

func TestTheAppIsSentInTheEncodingTheBrowserWeighsHighest(t *testing.T) {
	app := api.New(api.Service{App: builtApp()})
	for _, c := range []struct {
		name, path, accept string
		wantEncoding       string
		wantBody           string
	}{
		{"brotli before gzip when both are accepted", "/assets/index-B1k2.js", "gzip, deflate, br, zstd", "br", appBrotli},
		{"gzip when it weighs more than brotli", "/assets/index-B1k2.js", "br;q=0.5, gzip;q=1", "gzip", appScript},
		{"gzip when brotli is refused", "/assets/index-B1k2.js", "br;q=0, gzip", "gzip", appScript},
		{"any coding through a wildcard", "/assets/index-B1k2.js", "*", "br", appBrotli},
		{"the file as it is when nothing is accepted", "/assets/index-B1k2.js", "", "", appScript},
		{"the file as it is when every coding is refused", "/assets/index-B1k2.js", "gzip;q=0, br;q=0", "", appScript},
		{"the file as it is for a q-value that can't be read", "/assets/index-B1k2.js", "gzip;q=high", "", appScript},
		{"gzip for a file the build wrote no brotli copy of", "/assets/index-C3d4.css", "br, gzip", "gzip", appStyle},
		{"the page in gzip", "/", "gzip, br", "gzip", appPage},
		{"a file too small to gain from it as it is", "/favicon.svg", "gzip, br", "", appIcon},
		{"a font as it is", "/assets/unreferenced.woff2", "gzip, br", "", "wOF2 font bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := fetchApp(t, app, http.MethodGet, c.path, map[string]string{"Accept-Encoding": c.accept})
			if rec.Code != http.StatusOK {
				t.Fatalf("got %d, want 200", rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("got Content-Encoding %q, want %q", got, c.wantEncoding)
			}
			if got := decoded(t, rec); got != c.wantBody {
				t.Errorf("got a body of %d bytes, want the %d bytes of %s", len(got), len(c.wantBody), c.path)
			}
			if c.wantEncoding == "gzip" && rec.Body.Len() >= len(c.wantBody) {
				t.Errorf("got %d bytes of gzip for %d bytes, want fewer", rec.Body.Len(), len(c.wantBody))
			}
		})
	}
}

func TestTheAppsFilesSayHowLongToKeepThem(t *testing.T) {
	app := api.New(api.Service{App: builtApp()})
	for _, c := range []struct {
		path, wantCache, wantType, wantVary string
	}{
		{"/assets/index-B1k2.js", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8", "Accept-Encoding"},
		{"/assets/index-C3d4.css", "public, max-age=31536000, immutable", "text/css; charset=utf-8", "Accept-Encoding"},
		{"/", "no-cache", "text/html; charset=utf-8", "Accept-Encoding"},
		{"/index.html", "no-cache", "text/html; charset=utf-8", "Accept-Encoding"},
		{"/favicon.svg", "no-cache", "image/svg+xml", ""},
	} {
		t.Run(c.path, func(t *testing.T) {
			rec := fetchApp(t, app, http.MethodGet, c.path, map[string]string{"Accept-Encoding": "gzip"})
			for header, want := range map[string]string{"Cache-Control": c.wantCache, "Content-Type": c.wantType, "Vary": c.wantVary} {
				if got := rec.Header().Get(header); got != want {
					t.Errorf("got %s %q, want %q", header, got, want)
				}
			}
			if etag := rec.Header().Get("ETag"); !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 10 {
				t.Errorf("got ETag %q, want a strong ETag", etag)
			}
			if policy := rec.Header().Get("Content-Security-Policy"); !strings.Contains(policy, "default-src 'self'") {
				t.Errorf("got Content-Security-Policy %q, want the page's", policy)
			}
		})
	}
}

func TestARevalidatedFileIsNotSentAgain(t *testing.T) {
	app := api.New(api.Service{App: builtApp()})
	for _, path := range []string{"/", "/assets/index-B1k2.js"} {
		t.Run(path, func(t *testing.T) {
			first := fetchApp(t, app, http.MethodGet, path, map[string]string{"Accept-Encoding": "gzip"})
			etag := first.Header().Get("ETag")
			for _, c := range []struct {
				name, ifNoneMatch string
				want              int
			}{
				{"its ETag", etag, http.StatusNotModified},
				{"its ETag made weak", "W/" + etag, http.StatusNotModified},
				{"its ETag among others", `"older", ` + etag, http.StatusNotModified},
				{"another ETag", `"older"`, http.StatusOK},
			} {
				t.Run(c.name, func(t *testing.T) {
					rec := fetchApp(t, app, http.MethodGet, path, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": c.ifNoneMatch})
					if rec.Code != c.want {
						t.Fatalf("got %d, want %d", rec.Code, c.want)
					}
					if c.want == http.StatusNotModified {
						if rec.Body.Len() != 0 {
							t.Errorf("got a body of %d bytes with 304, want none", rec.Body.Len())
						}
						if got := rec.Header().Get("ETag"); got != etag {
							t.Errorf("got ETag %q with 304, want %q", got, etag)
						}
						if got, want := rec.Header().Get("Cache-Control"), first.Header().Get("Cache-Control"); got != want {
							t.Errorf("got Cache-Control %q with 304, want %q", got, want)
						}
					}
				})
			}
		})
	}
	t.Run("an encoding's ETag is not another's", func(t *testing.T) {
		gz := fetchApp(t, app, http.MethodGet, "/", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
		plain := fetchApp(t, app, http.MethodGet, "/", nil)
		if plain.Header().Get("ETag") == gz {
			t.Fatalf("got the same ETag %s for the page as it is and in gzip, want one each", gz)
		}
		rec := fetchApp(t, app, http.MethodGet, "/", map[string]string{"If-None-Match": gz})
		if rec.Code != http.StatusOK || rec.Body.String() != appPage {
			t.Errorf("the gzip ETag for the page as it is: got %d with %d bytes, want 200 with the page", rec.Code, rec.Body.Len())
		}
	})
}

func TestTheAppsOwnRoutesServeItsPage(t *testing.T) {
	app := api.New(api.Service{App: builtApp()})
	for _, c := range []struct {
		method, path string
		want         int
		wantBody     string
	}{
		{http.MethodGet, "/", http.StatusOK, appPage},
		{http.MethodGet, "/book/studio-nine", http.StatusOK, appPage},
		{http.MethodGet, "/book/hair%20%26%20co", http.StatusOK, appPage},
		{http.MethodGet, "/owner/", http.StatusOK, appPage},
		{http.MethodGet, "/owner", http.StatusOK, appPage},
		{http.MethodGet, "/my/studio-nine/q3J-x_Y", http.StatusOK, appPage},
		{http.MethodHead, "/book/studio-nine", http.StatusOK, ""},
		{http.MethodGet, "/no-such-page", http.StatusNotFound, `"Not Found"`},
		{http.MethodGet, "/owner/elsewhere", http.StatusNotFound, `"Not Found"`},
		{http.MethodGet, "/assets/index-B1k2.js.br", http.StatusNotFound, `"Not Found"`},
		{http.MethodGet, "/.gitkeep", http.StatusNotFound, `"Not Found"`},
		{http.MethodGet, "/assets/", http.StatusNotFound, `"Not Found"`},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			rec := fetchApp(t, app, c.method, c.path, nil)
			if rec.Code != c.want || strings.TrimSpace(rec.Body.String()) != c.wantBody {
				t.Errorf("got %d %.60q, want %d %.60q", rec.Code, rec.Body.String(), c.want, c.wantBody)
			}
			if want := strconv.Itoa(len(appPage)); c.method == http.MethodHead && rec.Header().Get("Content-Length") != want {
				t.Errorf("HEAD: got Content-Length %q, want %s, the page's", rec.Header().Get("Content-Length"), want)
			}
		})
	}
}

func TestAnAppThatIsntBuiltServesANote(t *testing.T) {
	app := api.New(api.Service{App: fstest.MapFS{".gitkeep": {Data: nil}}})
	if rec := fetchApp(t, app, http.MethodGet, "/", nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "isn't built") {
		t.Errorf("/: got %d %q, want 200 with the note", rec.Code, rec.Body)
	}
	if rec := fetchApp(t, app, http.MethodGet, "/book/studio-nine", nil); rec.Code != http.StatusNotFound {
		t.Errorf("/book/studio-nine: got %d, want 404", rec.Code)
	}
}
