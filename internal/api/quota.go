// This file holds who a request comes from (the client address, believed from X-Forwarded-For only behind a trusted proxy) and the quota's middleware, which refuses a client that asks too often.

package api

import (
	"net"
	"net/netip"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"salon/internal/quota"
	"salon/internal/refusal"
)

// myPrefix is where a customer's own routes live: every route under it is limited, whatever its
// row says, so one added later can't be left out.
const myPrefix = "/salons/{salon}/my/"

// limited reports whether r is behind the quota: round one and round two, and every route under myPrefix.
func (r route) limited() bool { return r.quota || strings.HasPrefix(r.path, myPrefix) }

// Limit is the middleware of a route a client may call only so often: each request takes one
// from its client address's bucket in q at now(), and a request that finds the bucket empty is
// refused with 429 "too many requests; try again shortly" and Retry-After, the whole seconds
// until the bucket holds one again. The client address is the request's RealIP, so it is the
// one the request log's remote names. With q nil it lets every request through; otherwise now
// must not be nil.
//
// Attach it to a route with the route's other middleware (e.Add's last arguments); the routes
// table attaches it to every limited row, and MountMCP takes it for /mcp.
func Limit(q *quota.Limiter, now func() time.Time) echo.MiddlewareFunc {
	if q == nil {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if ok, wait := q.Allow(bucketOf(c.RealIP()), now()); !ok {
				return refusal.Busy("too_many", wait)
			}
			return next(c)
		}
	}
}

// bucketOf is the quota's bucket of the client address addr: an IPv4 address itself, and an IPv6
// address's /64, which one host holds whole (a home or a cloud server is given one /64 or more),
// so that a client can't take a fresh bucket for each of its 2^64 addresses.
func bucketOf(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip.WithZone(""), 64).Masked().String()
}

// retryAfter is wait in whole seconds, rounded up, and at least one.
func retryAfter(wait time.Duration) int64 {
	return max(1, int64((wait+time.Second-1)/time.Second))
}

// clientAddress is how Echo finds a request's client address (its RealIP). With no trusted
// proxies it is the connection's peer, and every forwarding header is ignored: anyone can send
// one. With trusted proxies, a request whose peer is one of them is taken to come from the
// address X-Forwarded-For names: the first address, reading from the right, that is not a trusted
// proxy itself (each proxy appends the address it saw, so what lies to its left is the client's
// to write). X-Real-IP is never believed, and loopback, link-local and private addresses are
// trusted only when listed.
func clientAddress(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	options := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		p = p.Masked()
		options = append(options, echo.TrustIPRange(&net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}))
	}
	return echo.ExtractIPFromXFFHeader(options...)
}
