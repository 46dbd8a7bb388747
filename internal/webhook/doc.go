// Package webhook signs and delivers webhooks by the Standard Webhooks specification, refuses
// addresses a salon's server must not reach, and keeps the retry schedule.
//
// # Signing
//
// A webhook's secret is 24 to 64 random bytes, shown to its owner as "whsec_" and the bytes in
// standard base64 ([NewSecret], [ParseSecret]). A delivery carries three headers:
//
//	webhook-id         the event's id, the same on every attempt, so a receiver dedupes on it
//	webhook-timestamp  the attempt's time, in Unix seconds
//	webhook-signature  "v1," and the base64 HMAC-SHA256, keyed with the secret's bytes, of
//	                   the id, ".", the timestamp, ".", and the body, exactly as sent
//
// [Sign] computes the signature and [Header] sets the three headers. An id is 1 to 100 of
// A-Z, a-z, 0-9, "_" and "-": never a ".", which would make the signed text ambiguous.
//
// # Where a webhook may go
//
// [CheckURL] is the rule for a webhook's URL when the owner registers it: https, to a host that
// isn't an IP literal in a non-public range and isn't localhost; otherwise [ErrURL], "url must be
// https to a public address". Non-public is loopback, private (RFC 1918), CGNAT (100.64.0.0/10),
// link-local, unspecified, multicast, broadcast, reserved, documentation and benchmarking ranges,
// unique local (fc00::/7) and site-local IPv6, and an IPv6 address that embeds a non-public IPv4
// one (mapped, NAT64 or 6to4). A host whose last label is numeric is refused too, since some
// resolvers read "127.1" or "2130706433" as an address. With insecure (the server's
// -webhooks-insecure, for tests and private networks) http and private addresses are allowed.
//
// A name can resolve to a private address, and resolve differently at delivery than at
// registration, so the rule is checked again where it can't be talked out of: [NewClient]'s
// dialer refuses to connect to a non-public address, after resolution, unless insecure. Its
// client also refuses plain http unless insecure, uses no proxy, and follows no redirect (a 3xx
// is a failed attempt, as the specification advises).
//
// # Delivering
//
// [Deliver] POSTs one attempt with a [Timeout] of 10 seconds. It is delivered when the receiver
// answers 2xx. Its errors never hold the URL's path or query, which may carry a token of the owner's.
//
// # Retrying
//
// An event's first attempt is immediate; retry n comes [Backoff](n) after attempt n: about 5 s,
// then each gap doubling, up to 1 hour. [Jitter] spreads a gap by ±10% so that many failed
// events don't come back at once. An event still undelivered [GiveUpAfter] (24 hours) after its
// first attempt is given up; [Next] puts the schedule together.
package webhook
