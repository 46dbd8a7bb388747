// Package apitest sends requests to the booking application and checks every exchange against the committed openapi.json.
package apitest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"salon/internal/api"
)

// A calendar reply's body is text, which the document describes as a string.
func init() {
	openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.PlainBodyDecoder)
}

// Reply is what came back from one request.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// Client sends requests to an http.Handler and checks each exchange against the committed document:
// every response must be one the document describes (status and body), and a request the server
// answers 200 must be one the document allows. It is safe for concurrent use.
type Client struct {
	handler http.Handler
	router  routers.Router
}

// New returns a Client for h that checks against the openapi.json at the module's root.
func New(h http.Handler) (*Client, error) {
	router, err := committedRouter()
	if err != nil {
		return nil, err
	}
	return &Client{handler: h, router: router}, nil
}

// committedRouter finds routes in the committed document, loaded and validated once per process:
// a test builds many clients, and the loading, not the checking, is what takes time. The router
// only reads its document.
var committedRouter = sync.OnceValues(func() (routers.Router, error) {
	path, err := CommittedPath()
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := api.LoadDocument(data)
	if err != nil {
		return nil, err
	}
	return legacy.NewRouter(doc)
})

// CommittedPath is the path of openapi.json at the root of the module holding the working directory.
func CommittedPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "openapi.json"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("apitest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Book posts body as JSON to the booking route of salon. The salon is escaped as a path segment.
func (c *Client) Book(salon, body string) (Reply, error) {
	req := httptest.NewRequest(http.MethodPost, "/salons/"+pathEscape(salon)+"/book", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return c.Do(req)
}

// Do serves req and checks the exchange against the document.
func (c *Client) Do(req *http.Request) (Reply, error) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return Reply{}, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	c.handler.ServeHTTP(rec, req)
	reply := Reply{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}

	check := req.Clone(context.Background())
	check.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := c.router.FindRoute(check)
	if err != nil {
		return reply, fmt.Errorf("the document has no route for %s %s: %w", req.Method, req.URL.Path, err)
	}
	in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: bearer}}
	requestErr := openapi3filter.ValidateRequest(context.Background(), in)
	if requestErr != nil && reply.Status == http.StatusOK {
		return reply, fmt.Errorf("the server answered 200 to a request the document refuses: %w", requestErr)
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 reply.Status,
		Header:                 reply.Header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	out.SetBodyBytes(reply.Body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		return reply, fmt.Errorf("the document doesn't describe the reply %d %s: %w", reply.Status, reply.Body, err)
	}
	return reply, nil
}

// bearer holds a request to the document's bearer scheme: it must carry Authorization: Bearer and a token.
// Whether the token is the right one is the server's to say.
func bearer(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	token, ok := strings.CutPrefix(in.RequestValidationInput.Request.Header.Get("Authorization"), "Bearer ")
	if in.SecurityScheme.Type != "http" || in.SecurityScheme.Scheme != "bearer" || !ok || token == "" {
		return fmt.Errorf("no bearer token for the scheme %s", in.SecuritySchemeName)
	}
	return nil
}

func pathEscape(segment string) string {
	return url.PathEscape(segment)
}
