// This file holds the test that a refusal's kind is turned into what a client is told in one
// place a transport: HTTP's table and MCP's, and nowhere else.

package refusal_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tables are the one file each transport maps kinds in.
var tables = map[string]bool{"../api/errors.go": true, "../mcp/server.go": true}

// TestKindsAreMappedInTheTransportsTablesAlone fails when a file of a transport compares a kind
// (== or != a Kind, a case of a switch, a key of a map) anywhere but its table. Making a refusal
// of a kind (refusal.New(refusal.Invalid, …)) is no mapping.
func TestKindsAreMappedInTheTransportsTablesAlone(t *testing.T) {
	kinds := map[string]bool{"Invalid": true, "NotFound": true, "Conflict": true, "Unauthorized": true, "TooLarge": true,
		"Unsupported": true, "Unavailable": true, "Internal": true, "TooMany": true}
	found := 0
	for _, dir := range []string{"../api", "../mcp"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			name := ""
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == "salon/internal/refusal" {
					name = "refusal"
					if imp.Name != nil {
						name = imp.Name.Name
					}
				}
			}
			if name == "" {
				continue
			}
			isKind := func(e ast.Expr) bool {
				s, ok := e.(*ast.SelectorExpr)
				if !ok {
					return false
				}
				x, ok := s.X.(*ast.Ident)
				return ok && x.Name == name && kinds[s.Sel.Name]
			}
			mapped := func(e ast.Expr) {
				if isKind(e) {
					found++
					if !tables[filepath.ToSlash(path)] {
						t.Errorf("%s: a kind is mapped outside the transports' tables", fset.Position(e.Pos()))
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BinaryExpr:
					if n.Op == token.EQL || n.Op == token.NEQ {
						mapped(n.X)
						mapped(n.Y)
					}
				case *ast.CaseClause:
					for _, e := range n.List {
						mapped(e)
					}
				case *ast.KeyValueExpr:
					mapped(n.Key)
				}
				return true
			})
		}
	}
	if found < 10 {
		t.Errorf("found %d kinds mapped, want the two tables' at least: the scan reads nothing", found)
	}
}
