// This file tests what puts a salon's booking on its own website: the embed script's two names and
// their caching, the booking page's framing rule per salon, and the QR code, read back by a QR
// decoder from the SVG as a browser would draw it.

package api_test

import (
	"bytes"
	"compress/gzip"
	"image"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"

	"salon/internal/api"
)

// get serves GET path on h with headers, as a browser at a salon's site would ask.
func get(h http.Handler, path string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestTheEmbedScriptIsSmallAndPinnedByAShortLivedName(t *testing.T) {
	app := api.New(api.Service{})
	stub := get(app, api.EmbedPath, nil)
	if stub.Code != http.StatusOK || stub.Header().Get("Cache-Control") != "public, max-age=300" ||
		!strings.HasPrefix(stub.Header().Get("Content-Type"), "text/javascript") {
		t.Fatalf("GET %s: %d %v", api.EmbedPath, stub.Code, stub.Header())
	}
	name := regexp.MustCompile(`/embed\.[0-9a-f]{12}\.js`).FindString(stub.Body.String())
	if name == "" {
		t.Fatalf("the stub names no versioned script: %s", stub.Body)
	}
	versioned := get(app, name, map[string]string{"Accept-Encoding": "gzip"})
	if versioned.Code != http.StatusOK || versioned.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		versioned.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s: %d %v", name, versioned.Code, versioned.Header())
	}
	if n := versioned.Body.Len() + stub.Body.Len(); n >= 4096 {
		t.Errorf("the embed is %d bytes on the wire, want under 4 KB", n)
	}
	zr, err := gzip.NewReader(versioned.Body)
	if err != nil {
		t.Fatal(err)
	}
	script, _ := io.ReadAll(zr)
	for _, must := range []string{"e.origin !== base", "'salon-booking:height'", "el.title", "data-mode"} {
		if !bytes.Contains(script, []byte(must)) {
			t.Errorf("the script doesn't hold %q", must)
		}
	}
	for _, never := range []string{"document.cookie", "localStorage", "fetch(", "XMLHttpRequest", "sendBeacon"} {
		if bytes.Contains(script, []byte(never)) {
			t.Errorf("the script holds %q: no cookie, no tracking", never)
		}
	}
	if got := get(app, "/embed.000000000000.js", nil).Code; got != http.StatusNotFound {
		t.Errorf("another version: got %d, want 404", got)
	}
}

func TestOnlyTheSitesASalonListsMayFrameItsBookingPage(t *testing.T) {
	a := newCalendarAppWith(t, func(s *api.Service) { s.App = builtApp() })
	a.put("studio-nine", strings.Replace(teamSettings, `"currency"`, `"embedOrigins":["https://studio-nine.example","http://localhost:5173"],"currency"`, 1))
	a.put("plain", simpleSettings)
	for _, c := range []struct {
		path, ancestors string
		denied          bool
	}{
		{"/book/studio-nine", "frame-ancestors https://studio-nine.example http://localhost:5173;", false},
		{"/book/studio-nine?embed=https%3A%2F%2Fstudio-nine.example", "frame-ancestors https://studio-nine.example http://localhost:5173;", false},
		{"/book/plain", "frame-ancestors 'none'", true},
		{"/book/nowhere", "frame-ancestors 'none'", true},
		{"/owner/", "frame-ancestors 'none'", true},
		{"/my/studio-nine/b1", "frame-ancestors 'none'", true},
		{"/", "frame-ancestors 'none'", true},
	} {
		rec := get(a.app, c.path, nil)
		policy := rec.Header().Get("Content-Security-Policy")
		if rec.Code != http.StatusOK || !strings.Contains(policy, c.ancestors) || strings.Count(policy, "frame-ancestors") != 1 {
			t.Errorf("%s: got %d, policy %q; want %q", c.path, rec.Code, policy, c.ancestors)
		}
		if denied := rec.Header().Get("X-Frame-Options") == "DENY"; denied != c.denied {
			t.Errorf("%s: X-Frame-Options %q, want DENY: %v", c.path, rec.Header().Get("X-Frame-Options"), c.denied)
		}
	}
	if r := a.send(http.MethodPut, "/salons/plain", strings.Replace(simpleSettings, `"slotMinutes"`, `"embedOrigins":["http://studio-nine.example"],"slotMinutes"`, 1), true); r.Status != http.StatusBadRequest ||
		!strings.Contains(string(r.Body), "embedOrigins[0] must be an https:// origin") {
		t.Errorf("an http origin: got %d %s, want 400 naming embedOrigins[0]", r.Status, r.Body)
	}
	if r := a.send(http.MethodGet, "/salons/studio-nine", "", false); !strings.Contains(string(r.Body), `"embedOrigins":["https://studio-nine.example","http://localhost:5173"]`) {
		t.Errorf("GET /salons/studio-nine: %s, want its embedOrigins", r.Body)
	}
}

// decodeQR draws svg as a browser would and reads it back with a QR decoder.
func decodeQR(t *testing.T, svg []byte) string {
	t.Helper()
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg))
	if err != nil {
		t.Fatalf("reading the SVG: %v", err)
	}
	w, h := int(icon.ViewBox.W)*8, int(icon.ViewBox.H)*8
	icon.SetTarget(0, 0, float64(w), float64(h))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	icon.Draw(rasterx.NewDasher(w, h, rasterx.NewScannerGV(w, h, img, img.Bounds())), 1)
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	result, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("decoding the QR code: %v", err)
	}
	return result.GetText()
}

func TestTheQRCodeReadsAsTheSalonsBookingPage(t *testing.T) {
	a := newCalendarApp(t)
	a.put("studio-nine", teamSettings)
	for _, c := range []struct {
		host, proto, want string
	}{
		{"book.example", "", "http://book.example/book/studio-nine"},
		{"book.example", "https", "https://book.example/book/studio-nine"},
		{"localhost:8080", "", "http://localhost:8080/book/studio-nine"},
		{"book.example", "https-from-afar", "http://book.example/book/studio-nine"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/salons/studio-nine/qr.svg", nil)
		req.Host = c.host
		if c.proto == "https-from-afar" {
			// From a client anywhere, whose X-Forwarded-Proto is not.
			req.Header.Set("X-Forwarded-Proto", "https")
		} else if c.proto != "" {
			// From a proxy on this machine, whose X-Forwarded-Proto is believed.
			req.RemoteAddr = "127.0.0.1:40000"
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		reply, err := a.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if reply.Status != http.StatusOK || reply.Header.Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("GET qr.svg: %d %v", reply.Status, reply.Header)
		}
		if got := decodeQR(t, reply.Body); got != c.want {
			t.Errorf("the QR code reads %q, want %q", got, c.want)
		}
		if !bytes.Contains(reply.Body, []byte("<title>Book at Studio Nine</title>")) {
			t.Errorf("the SVG has no title for a screen reader: %s", reply.Body[:200])
		}
	}
	public := newCalendarAppWith(t, func(s *api.Service) { s.PublicURL = "https://book.studio-nine.example" })
	public.put("studio-nine", teamSettings)
	if r := public.send(http.MethodGet, "/salons/studio-nine/qr.svg", "", false); decodeQR(t, r.Body) != "https://book.studio-nine.example/book/studio-nine" {
		t.Errorf("with -public-url: the QR code reads %q", decodeQR(t, r.Body))
	}
	if r := a.send(http.MethodGet, "/salons/nowhere/qr.svg", "", false); r.Status != http.StatusNotFound {
		t.Errorf("an unknown salon: got %d, want 404", r.Status)
	}
	if r := a.send(http.MethodGet, "/salons/"+strings.Repeat("a", 65)+"/qr.svg", "", false); r.Status != http.StatusBadRequest {
		t.Errorf("a bad id: got %d, want 400", r.Status)
	}
}
