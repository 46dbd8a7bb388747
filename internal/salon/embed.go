// This file holds the sites that may frame a salon's booking page: each an origin, checked.

package salon

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// MaxEmbedOrigins is how many sites may frame one salon's booking page.
const MaxEmbedOrigins = 10

// checkEmbedOrigins refuses a list longer than MaxEmbedOrigins, an entry that isn't an origin as a
// browser writes one (scheme, host and port only, lower case, no trailing slash), a repeated one,
// and any scheme but https. A page on this machine (localhost, 127.0.0.1, [::1]) may be http, as
// browsers trust it as they trust https.
func checkEmbedOrigins(origins []string) error {
	if len(origins) > MaxEmbedOrigins {
		return Refusal(fmt.Sprintf("embedOrigins must hold at most %d origins", MaxEmbedOrigins))
	}
	for i, o := range origins {
		if !IsEmbedOrigin(o) {
			return Refusal(fmt.Sprintf("embedOrigins[%d] must be an https:// origin, such as https://studio-nine.example: a scheme, a host and maybe a port, nothing after", i))
		}
		for _, before := range origins[:i] {
			if before == o {
				return Refusal(fmt.Sprintf("embedOrigins[%d] repeats an origin", i))
			}
		}
	}
	return nil
}

// IsEmbedOrigin reports whether o is an origin a salon may list: https://host[:port], or http for
// a loopback host, written as a browser's Origin header writes it.
func IsEmbedOrigin(o string) bool {
	u, err := url.Parse(o)
	if err != nil || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" ||
		u.Host == "" || o != u.Scheme+"://"+u.Host || strings.ToLower(o) != o {
		return false
	}
	// The origin goes into a Content-Security-Policy as it is: a host of letters, digits, dots and
	// hyphens (an IDN in its ASCII form), or an IP literal, and nothing a policy would read.
	for _, r := range strings.Trim(u.Hostname(), "[]") {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == ':') {
			return false
		}
	}
	switch u.Scheme {
	case "https":
		return true
	case "http":
		host := u.Hostname()
		ip := net.ParseIP(host)
		return host == "localhost" || ip != nil && ip.IsLoopback()
	}
	return false
}
