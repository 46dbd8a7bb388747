// This file checks that the server and its OpenAPI document agree: the same routes, the same methods, and the owner's token on the same operations.

package api_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"salon/internal/api"
)

// pageRoutes are the app's own routes: every other GET path belongs to the web app, which the
// document doesn't describe; nor does it describe the embed script, a file a salon's site loads.
var pageRoutes = []string{"/", "/*"}

func isPageRoute(path string) bool {
	return slices.Contains(pageRoutes, path) || strings.HasPrefix(path, "/embed.")
}

// openAPIPath writes a path of Echo's syntax in OpenAPI's: /salons/:salon is /salons/{salon}.
func openAPIPath(path string) string {
	segments := strings.Split(path, "/")
	for i, seg := range segments {
		if name, ok := strings.CutPrefix(seg, ":"); ok {
			segments[i] = "{" + name + "}"
		}
	}
	return strings.Join(segments, "/")
}

func TestEveryRouteIsInTheDocumentAndEveryOperationIsServed(t *testing.T) {
	doc, err := api.Document()
	if err != nil {
		t.Fatal(err)
	}
	var documented, served []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	for _, r := range api.New(api.Service{}).Routes() {
		if !isPageRoute(r.Path) {
			served = append(served, r.Method+" "+openAPIPath(r.Path))
		}
	}
	for _, op := range documented {
		if !slices.Contains(served, op) {
			t.Errorf("the document has %s; got no such route in the server", op)
		}
	}
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("the server has %s; got no such operation in the document", r)
		}
	}
	if len(documented) < 13 {
		t.Errorf("got %d operations in the document, want at least 13", len(documented))
	}
}

func TestTheBookingRouteIsServedAtBookPath(t *testing.T) {
	for _, r := range api.New(api.Service{}).Routes() {
		if r.Name == "book" {
			if r.Method != http.MethodPost || r.Path != api.BookPath {
				t.Fatalf("book: got %s %s, want POST %s", r.Method, r.Path, api.BookPath)
			}
			return
		}
	}
	t.Fatal("got no route named book, want POST " + api.BookPath)
}

// requires reports whether op's security asks for the scheme named.
func requires(op *openapi3.Operation, scheme string) bool {
	if op.Security == nil {
		return false
	}
	for _, req := range *op.Security {
		if _, ok := req[scheme]; ok {
			return true
		}
	}
	return false
}

// TestTheOwnersOperationsAreTheGuardedOnes sends every documented operation without a token to a
// server with an owner's token: exactly the operations the document puts behind the owner's scheme
// answer 401. The customer's, behind a booking's manage key, answer as an unknown booking does.
func TestTheOwnersOperationsAreTheGuardedOnes(t *testing.T) {
	doc, err := api.Document()
	if err != nil {
		t.Fatal(err)
	}
	server := api.New(api.Service{OwnerToken: "the owner's token"})
	filled := strings.NewReplacer("{salon}", "studio-nine", "{booking}", "b-1", "{slot}", "2026-12-05T10:30:00Z", "{id}", "desk")
	owners := 0
	var manage []string
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			guarded := requires(op, "ownerToken")
			if guarded {
				owners++
			}
			if requires(op, "manageKey") {
				manage = append(manage, method+" "+path)
			}
			if guarded && requires(op, "manageKey") {
				t.Errorf("%s %s asks for both the owner's token and a manage key", method, path)
			}
			req := httptest.NewRequest(method, filled.Replace(path), strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			server.ServeHTTP(rec, req)
			if got := rec.Code == http.StatusUnauthorized; got != guarded {
				t.Errorf("%s %s without a token: got %d, want 401 exactly when the document asks for the owner's token (%v)",
					method, path, rec.Code, guarded)
			}
		}
	}
	if owners != 19 {
		t.Errorf("got %d operations behind the owner's token, want 19", owners)
	}
	slices.Sort(manage)
	want := []string{
		"GET /salons/{salon}/my/{booking}", "GET /salons/{salon}/my/{booking}/calendar.ics",
		"POST /salons/{salon}/my/{booking}/cancel", "POST /salons/{salon}/my/{booking}/erase", "POST /salons/{salon}/my/{booking}/move",
	}
	if !slices.Equal(manage, want) {
		t.Errorf("got %q behind a manage key, want %q", manage, want)
	}
}
