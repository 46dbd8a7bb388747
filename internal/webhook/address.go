// This file holds the rule for where a webhook may go: its URL when registered, and the address
// its connection reaches at delivery.

package webhook

import (
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// ErrURL is the refusal of a URL, or of a connection, that breaks the rule; its text is the
// contract's, byte for byte.
var ErrURL = errors.New("url must be https to a public address")

// CheckURL refuses with ErrURL a webhook URL that isn't absolute https to a public host; with
// insecure, http and private addresses are allowed, though the URL must still be absolute http or
// https with a host. A host named by DNS passes here and is checked again when connecting (see
// NewClient).
func CheckURL(raw string, insecure bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return ErrURL
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !insecure {
			return ErrURL
		}
	default:
		return ErrURL
	}
	host := u.Hostname()
	if host == "" {
		return ErrURL
	}
	if insecure {
		return nil
	}
	if addr, err := netip.ParseAddr(host); err == nil {
		if !Public(addr) {
			return ErrURL
		}
		return nil
	}
	if strings.Contains(host, "%") {
		return ErrURL
	}
	name := strings.ToLower(strings.TrimSuffix(host, "."))
	labels := strings.Split(name, ".")
	last := labels[len(labels)-1]
	if name == "localhost" || strings.HasSuffix(name, ".localhost") || numeric(last) {
		return ErrURL
	}
	return nil
}

// numeric reports whether a DNS label reads as a number, in decimal, octal or hex: no top-level
// domain does, and some resolvers read such a name as an IPv4 address.
func numeric(label string) bool {
	if label == "" {
		return true
	}
	s := strings.TrimPrefix(strings.TrimPrefix(label, "0x"), "0X")
	if s == "" {
		return true
	}
	hex := s != label
	for _, c := range s {
		if '0' <= c && c <= '9' || hex && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			continue
		}
		return false
	}
	return true
}

// nonPublic are the ranges no webhook may reach without insecure: IANA's special-purpose ranges
// that are not globally reachable, and multicast.
var nonPublic = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // this network
		"10.0.0.0/8",      // private
		"100.64.0.0/10",   // shared address space (CGNAT)
		"127.0.0.0/8",     // loopback
		"169.254.0.0/16",  // link-local
		"172.16.0.0/12",   // private
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation
		"192.88.99.0/24",  // 6to4 relay anycast, deprecated
		"192.168.0.0/16",  // private
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation
		"203.0.113.0/24",  // documentation
		"224.0.0.0/4",     // multicast
		"240.0.0.0/4",     // reserved, and the broadcast address
		"::/8",            // unspecified, loopback, IPv4-compatible and other reserved
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard-only
		"2001::/23",       // IETF protocol assignments, Teredo among them
		"2001:db8::/32",   // documentation
		"3fff::/20",       // documentation
		"5f00::/16",       // segment routing SIDs
		"fc00::/7",        // unique local
		"fe80::/10",       // link-local
		"fec0::/10",       // site-local, deprecated
		"ff00::/8",        // multicast
	} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	return ps
}()

// Prefixes of IPv6 addresses that carry an IPv4 address the connection ends up at.
var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96") // well-known NAT64: the last 32 bits
	sixTo4 = netip.MustParsePrefix("2002::/16")    // 6to4: bits 16 to 48
)

// Public reports whether a webhook may reach addr without insecure: an address outside every
// non-public range, and, for an IPv6 address that embeds an IPv4 one, that one too.
func Public(addr netip.Addr) bool {
	addr = addr.WithZone("").Unmap()
	if !addr.IsValid() {
		return false
	}
	if addr.Is6() {
		b := addr.As16()
		switch {
		case nat64.Contains(addr):
			return Public(netip.AddrFrom4([4]byte(b[12:16])))
		case sixTo4.Contains(addr):
			return Public(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	for _, p := range nonPublic {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

// dialControl is the dialer's check of the address a connection is about to reach, after name
// resolution: a non-public one is refused with ErrURL, unless insecure.
func dialControl(insecure bool) func(network, address string, _ syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		if insecure {
			return nil
		}
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return ErrURL
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || !Public(addr) {
			return ErrURL
		}
		return nil
	}
}
