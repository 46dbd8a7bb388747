// This file holds the Streamable HTTP endpoint: the SDK's stateless handler behind the Origin and Host checks, an optional bearer token, and the envelope check, so every refusal is a JSON-RPC error in JSON.

package mcp

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"salon/internal/wire"
)

// HTTPOptions configure the HTTP endpoint.
type HTTPOptions struct {
	// Origins lists the origins (such as "https://salon.example") whose pages may call the
	// endpoint from a browser, besides loopback origins. A request whose Origin header is present
	// and neither loopback nor listed is refused with 403. Requests without Origin (every
	// non-browser client) are served.
	Origins []string
	// Token, when not empty, is the bearer token every request must carry
	// (Authorization: Bearer <Token>); a missing or wrong one is refused with 401 and
	// WWW-Authenticate: Bearer. It is compared in constant time and never logged. It is a static
	// shared secret, not MCP's OAuth authorization. Empty leaves the endpoint open.
	Token string
	// Access, with Token set, lets a salon owner's credential (a salon's live key, or the
	// operator's token) through as well as Token: an owner's assistant sends that, not Token.
	Access *Access
	// Log receives the SDK's own warnings. Nil discards.
	Log *slog.Logger
}

// The header that names a request's protocol revision, and the revision from which the
// transport has no sessions and requires the request metadata headers.
const (
	protocolVersionHeader = "MCP-Protocol-Version"
	statelessRevision     = "2026-07-28"
)

// Handler serves server over Streamable HTTP, statelessly: each POST is one JSON-RPC message,
// and a request is answered with one JSON object, so any instance can take any round. It follows
// revision 2026-07-28 (per-request _meta, server/discover, the MCP-Protocol-Version, Mcp-Method
// and Mcp-Name headers, checked against the body by the SDK) and still serves clients of earlier
// revisions through initialize.
//
// Every refusal is a JSON-RPC error with Content-Type application/json. A foreign Origin, or a
// foreign Host on a loopback address, answers 403; a missing or wrong token 401; GET, DELETE and
// every other method 405; a body over the route's bound 413; a body that isn't JSON-RPC 400 with
// -32700 or -32600 (id null where it can't be read); a request for a method the server doesn't
// answer -32601, with 404 on revision 2026-07-28 and 200 before it; a request whose params are
// neither an object nor an array -32602 with its id, with 400 on revision 2026-07-28 and 200
// before it, as the SDK answers params that don't fit. A notification, whatever its params, is
// accepted with 202 and changes nothing (a stateless endpoint keeps nothing between POSTs), and so
// is a response before 2026-07-28; on 2026-07-28, whose clients send no responses, a response is
// refused with 400.
func Handler(server *sdk.Server, o HTTPOptions) http.Handler {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	e := &endpoint{
		sdk: sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{
			Stateless:           true,
			JSONResponse:        true,
			Logger:              warnings(o.Log),
			MaxRequestBodyBytes: wire.MaxBodyBytes,
		}),
		origins: make([]string, len(o.Origins)),
		access:  o.Access,
	}
	for i, origin := range o.Origins {
		e.origins[i] = strings.ToLower(strings.TrimSuffix(origin, "/"))
	}
	if o.Token != "" {
		digest := sha256.Sum256([]byte(o.Token))
		e.token = &digest
	}
	e.standIn = standInPrefix()
	return e
}

// endpoint is the handler Handler returns.
type endpoint struct {
	sdk     http.Handler
	origins []string
	token   *[sha256.Size]byte // the token's digest, so comparing takes the same time whatever its length
	access  *Access            // owners, let through beside the token
	standIn string             // the prefix of the ids that stand in for ids the SDK can't carry
	next    atomic.Int64
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if origin := r.Header.Get("Origin"); origin != "" && !allowedOrigin(origin, e.origins) {
		refuseHTTP(w, http.StatusForbidden, "Forbidden: pages from this origin may not call this server")
		return
	}
	if foreignHost(r) {
		refuseHTTP(w, http.StatusForbidden, fmt.Sprintf("Forbidden: invalid Host header %q", r.Host))
		return
	}
	if e.token != nil && !e.authorized(r) {
		w.Header().Set("WWW-Authenticate", "Bearer")
		refuseHTTP(w, http.StatusUnauthorized, "Unauthorized: the bearer token is missing or wrong")
		return
	}
	if r.Method != http.MethodPost || !isJSON(r.Header.Get("Content-Type")) {
		e.forward(w, r, nil) // the SDK's 405 or 415
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, wire.MaxBodyBytes))
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			refuseHTTP(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", mbe.Limit))
			return
		}
		refuseHTTP(w, http.StatusBadRequest, "the request body could not be read")
		return
	}
	body = trimSpace(body) // so the id's place, as readMessage finds it, is its place in body
	stateless := r.Header.Get(protocolVersionHeader) >= statelessRevision
	m, refused := readMessage(body)
	switch {
	case refused != nil:
		writeJSON(w, http.StatusBadRequest, refused.encode())
	case m.kind == notification:
		w.WriteHeader(http.StatusAccepted)
	case m.kind == response && stateless:
		writeJSON(w, http.StatusBadRequest, invalid(nil, "a client sends no responses in revision "+statelessRevision).encode())
	case m.kind == response:
		w.WriteHeader(http.StatusAccepted) // the server asked nothing over HTTP, so nothing waits for it
	case !answered[m.method] && !isNotification(m.method):
		status := http.StatusOK
		if stateless {
			status = http.StatusNotFound
		}
		writeJSON(w, status, encodeResponse(m.id, nil, methodNotFound(m.method)))
	case m.unfitParams:
		refused := paramsRefusal(m)
		status := http.StatusBadRequest
		if refused.code == jsonrpc.CodeInvalidParams && !stateless {
			status = http.StatusOK // as the SDK answers Invalid params before 2026-07-28
		}
		writeJSON(w, status, refused.encode())
	default:
		e.serveRequest(w, r, m, body)
	}
}

// serveRequest hands a checked request to the SDK. An id the SDK can't carry as sent travels
// under a stand-in, and its reply is written with the id as sent.
func (e *endpoint) serveRequest(w http.ResponseWriter, r *http.Request, m message, body []byte) {
	if !m.exact {
		standIn := fmt.Sprintf("%q", e.standIn+fmt.Sprint(e.next.Add(1)))
		body = slices.Concat(body[:m.idAt[0]], []byte(":"+standIn), body[m.idAt[1]:])
		restorer := &idRestorer{ResponseWriter: w, standIn: []byte(standIn), id: m.id}
		defer restorer.finish()
		w = restorer
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	e.forward(w, r, m.id)
}

// forward serves r with the SDK, turning any plain-text refusal it writes into a JSON-RPC error
// with id (none when nil).
func (e *endpoint) forward(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
	jw := &jsonErrors{ResponseWriter: w, id: id}
	e.sdk.ServeHTTP(jw, r)
	jw.finish()
}

// authorized reports whether r carries the endpoint's token as a bearer token, or an owner's
// credential.
func (e *endpoint) authorized(r *http.Request) bool {
	token := bearerOf(r.Header)
	if token == "" {
		return false
	}
	got := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(got[:], e.token[:]) == 1 || e.access.Opens(r.Context(), token)
}

// foreignHost reports whether r arrived on a loopback address with a Host that isn't loopback:
// a page on another site reaching a local server through DNS rebinding.
func foreignHost(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return ok && local != nil && loopback(local.String()) && !loopback(r.Host)
}

// loopback reports whether hostport (a host, with or without a port) names this machine.
func loopback(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isJSON reports whether contentType is application/json, with any parameters.
func isJSON(contentType string) bool {
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && media == "application/json"
}

// allowedOrigin reports whether a browser page at origin may call the endpoint: a loopback origin
// (a local tool such as an inspector), or one listed.
func allowedOrigin(origin string, listed []string) bool {
	if slices.Contains(listed, strings.ToLower(origin)) || slices.Contains(listed, "*") {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" || u.User != nil {
		return false
	}
	return loopback(u.Host)
}

// refuseHTTP answers status with a JSON-RPC error that has no id: the refusal comes before any
// message is read, as the transport allows.
func refuseHTTP(w http.ResponseWriter, status int, text string) {
	code := int64(jsonrpc.CodeInvalidRequest)
	if status >= http.StatusInternalServerError {
		code = jsonrpc.CodeInternalError
	}
	writeJSON(w, status, errorResponse(nil, code, text))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// jsonErrors passes the SDK's replies through, except a plain-text refusal (http.Error's), which
// it holds back and writes as a JSON-RPC error in JSON with the same status.
type jsonErrors struct {
	http.ResponseWriter
	id     json.RawMessage
	status int // the refusal's status; 0 while passing through
	text   bytes.Buffer
}

func (w *jsonErrors) WriteHeader(status int) {
	if status >= http.StatusBadRequest && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.status = status
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *jsonErrors) Write(p []byte) (int, error) {
	if w.status != 0 {
		if w.text.Len() < 512 {
			w.text.Write(p)
		}
		return len(p), nil
	}
	return w.ResponseWriter.Write(p)
}

// Flush flushes what passes through (the SDK flushes event streams).
func (w *jsonErrors) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok && w.status == 0 {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *jsonErrors) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the held refusal, if any, once the SDK is done.
func (w *jsonErrors) finish() {
	if w.status == 0 {
		return
	}
	w.Header().Del("X-Content-Type-Options") // http.Error's; the API's own headers stay
	code := int64(jsonrpc.CodeInvalidRequest)
	if w.status >= http.StatusInternalServerError {
		code = jsonrpc.CodeInternalError
	}
	writeJSON(w.ResponseWriter, w.status, errorResponse(w.id, code, strings.TrimSpace(w.text.String())))
}

// idRestorer writes the SDK's reply with the stand-in id (a quoted string) replaced by the id as
// the client sent it, holding back the end of a write that could begin a stand-in cut in two.
type idRestorer struct {
	http.ResponseWriter
	standIn []byte
	id      []byte
	held    []byte
}

func (w *idRestorer) Write(p []byte) (int, error) {
	out := bytes.ReplaceAll(append(w.held, p...), w.standIn, w.id)
	keep := 0
	for k := min(len(w.standIn)-1, len(out)); k > 0; k-- {
		if bytes.HasSuffix(out, w.standIn[:k]) {
			keep = k
			break
		}
	}
	w.held = append(w.held[:0], out[len(out)-keep:]...)
	if _, err := w.ResponseWriter.Write(out[:len(out)-keep]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is held and flushes.
func (w *idRestorer) Flush() {
	w.finish()
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *idRestorer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes what is held.
func (w *idRestorer) finish() {
	if len(w.held) > 0 {
		_, _ = w.ResponseWriter.Write(w.held)
		w.held = w.held[:0]
	}
}
