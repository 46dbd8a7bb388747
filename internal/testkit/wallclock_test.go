// This file holds the check that the code under internal/ reads the time only from the clock it is handed.

package testkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// wallClock are the functions of package time that read the wall clock.
var wallClock = map[string]bool{"Now": true, "Since": true, "Until": true}

// mayReadTheWallClock is every place under internal/ that may read the wall clock, by file (from
// internal/) and function, with why. Everything else reads the clock it was handed, so that a test
// handing a fixed clock gets the same answers on any day. The command's wiring, in cmd/, hands
// time.Now to what it composes.
var mayReadTheWallClock = map[string]string{
	"api/server.go observe":                            "measures a request's duration for its metric and log line",
	"requeststate/redisspent/redisspent.go New":        "starts the monotonic clock the store measures durations on",
	"requeststate/redisspent/redisspent.go mono":       "measures a duration on that monotonic clock",
	"requeststate/redisspent/redisspent.go learnEpoch": "the time left to a network call's deadline",
	"testpg/testpg.go start":                           "a test server's start-up deadline",
	"testredis/testredis.go Start":                     "a test server's start-up deadline",
	"testredis/testredis.go replication":               "a network deadline on a test server's connection",
	"testredis/proxy.go pipe":                          "a test proxy's delay on the bytes it passes",
	"testsmtp/testsmtp.go Data":                        "when a test mail server received a mail, for the test to read",
	"teststripe/mock.go Mock":                          "a test server's start-up deadline",
}

func TestTheCodeReadsOnlyTheClockItWasHanded(t *testing.T) {
	found := wallClockReads(t, "..")
	var unnamed []string
	seen := map[string]bool{}
	for _, r := range found {
		if _, ok := mayReadTheWallClock[r.place]; ok {
			seen[r.place] = true
			continue
		}
		unnamed = append(unnamed, "internal/"+r.at+": time."+r.call+" in "+r.fn)
	}
	for _, u := range unnamed {
		t.Errorf("%s reads the wall clock: read the clock the code was handed (a store's now, a service's Now), "+
			"or, for a duration or a network deadline, name the place in mayReadTheWallClock", u)
	}
	var stale []string
	for place := range mayReadTheWallClock {
		if !seen[place] {
			stale = append(stale, place)
		}
	}
	sort.Strings(stale)
	for _, place := range stale {
		t.Errorf("mayReadTheWallClock names %q, which no longer reads the wall clock: take it out", place)
	}
}

func TestTheWallClockCheckFindsEveryFormOfRead(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"time"
	clock "time"
)

var wall = time.Now

func (s *S) Book() time.Time { return time.Now() }
func Aliased() time.Time     { return clock.Now().Add(time.Hour) }
func Left(t time.Time) bool  { return time.Until(t) > 0 || time.Since(t) > 0 }
func Fine(now func() time.Time) time.Time { return now().Add(time.Second) }
`
	if err := writeFile(filepath.Join(dir, "p", "p.go"), src); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(dir, "p", "p_test.go"), "package p\n\nimport \"time\"\n\nvar t0 = time.Now()\n"); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range wallClockReads(t, dir) {
		got = append(got, r.at+" "+r.call+" "+r.place)
	}
	want := []string{
		"p/p.go:8 Now p/p.go ",
		"p/p.go:10 Now p/p.go Book",
		"p/p.go:11 Now p/p.go Aliased",
		"p/p.go:12 Until p/p.go Left",
		"p/p.go:12 Since p/p.go Left",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// read is one read of the wall clock: where, which function of time, and the place it is in, as
// "file function" (the file from the root walked).
type read struct{ at, call, fn, place string }

// wallClockReads is every use of time.Now, time.Since and time.Until, called or not, in the Go
// files under root that are not tests, in the order of the files and their lines.
func wallClockReads(t *testing.T, root string) []read {
	t.Helper()
	var reads []read
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		names := timeImportNames(f)
		for _, decl := range f.Decls {
			fn := ""
			if d, ok := decl.(*ast.FuncDecl); ok {
				fn = d.Name.Name
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if pkg, ok := sel.X.(*ast.Ident); ok && names[pkg.Name] && wallClock[sel.Sel.Name] {
					line := fset.Position(sel.Pos()).Line
					reads = append(reads, read{at: rel + ":" + strconv.Itoa(line), call: sel.Sel.Name, fn: fn, place: rel + " " + fn})
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return reads
}

// timeImportNames are the names file f gives package time.
func timeImportNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "time" {
			name := "time"
			if imp.Name != nil {
				name = imp.Name.Name
			}
			names[name] = true
		}
	}
	return names
}

// writeFile writes text to path, making its directory.
func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
