// This file serves a salon's QR code: its booking page's address, encoded by a QR library and
// drawn as SVG.

package api

import (
	"fmt"
	"html"
	"net/http"
	"strings"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"
	"github.com/labstack/echo/v4"

	"salon/internal/refusal"
	"salon/internal/salon"
)

// quietZone is the white margin a QR code needs around it, in modules.
const quietZone = 4

// salonQR answers GET /salons/{salon}/qr.svg: the QR code of the salon's booking page at the
// service's public address (-public-url), or without one at the host and scheme the request came to.
func (s *Service) salonQR(c echo.Context) error {
	id, err := salonID(c)
	if err != nil {
		return err
	}
	if s.Calendar == nil {
		return salon.NoSalon(id)
	}
	set, err := s.Calendar.RecentSalon(c.Request().Context(), id)
	if err != nil {
		return refusal.Or(err)
	}
	page := s.publicURL(c) + "/book/" + id
	code, err := qr.Encode(page, qr.M, qr.Auto)
	if err != nil {
		return refusal.Failed(fmt.Errorf("encoding %s as a QR code: %w", page, err))
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "no-cache")
	return c.Blob(http.StatusOK, "image/svg+xml", svgOf(code, "Book at "+set.Name))
}

// svgOf draws code as SVG: a white square with its quiet zone, and one path of its dark modules,
// each 8 px, titled for a screen reader.
func svgOf(code barcode.Barcode, title string) []byte {
	n := code.Bounds().Dx()
	size := n + 2*quietZone
	var path strings.Builder
	for y := range n {
		for x := 0; x < n; {
			if !dark(code, x, y) {
				x++
				continue
			}
			run := 1
			for x+run < n && dark(code, x+run, y) {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+quietZone, y+quietZone, run, run)
			x += run
		}
	}
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" shape-rendering="crispEdges">`+
		`<title>%s</title><rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`+"\n",
		size, size, size*8, size*8, html.EscapeString(title), size, size, path.String())
}

// dark reports whether the module at x, y is dark.
func dark(code barcode.Barcode, x, y int) bool {
	r, _, _, _ := code.At(x, y).RGBA()
	return r < 0x8000
}
