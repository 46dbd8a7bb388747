// This file checks that every scenario names, in a comment above it, the production code that decides it.

package features

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"
)

// decidedBy opens the comment that stands directly above each scenario and names the code that
// decides what the scenario asserts, such as
//
//	# Decided by: internal/booking.Desk.Book (desk.go)
//
// or two places, written one after the other with ", " between them, when two share the decision.
// A place is a package's path from the module's root, a symbol as go doc reads it after the
// package's path and a dot (`go doc -u internal/booking.Desk.Book` from the root), and the file of
// the package that declares it, so a reader goes from a scenario's title to its code in one hop.
const decidedBy = "# Decided by: "

// maxPlaces is how many places one scenario may name: more would say nothing decides it.
const maxPlaces = 2

// placeName reads one place: the package's path, the symbol (a name, or a type's method or field),
// and the file in parentheses.
var placeName = regexp.MustCompile(`^([a-z][a-z0-9_]*(?:/[a-z][a-z0-9_]*)*)\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?) \((\w+\.go)\)$`)

// moduleRoot is where the named packages are found: the features sit at the module's root.
const moduleRoot = ".."

// place is one piece of production code a scenario names.
type place struct{ pkg, symbol, file string }

func (p place) String() string { return p.pkg + "." + p.symbol + " (" + p.file + ")" }

// TestEveryScenarioNamesTheCodeThatDecidesIt reads every scenario of the .feature files and fails for
// one without a "# Decided by:" comment directly above it, and for a named place whose package has
// no such file or whose file doesn't declare the symbol.
func TestEveryScenarioNamesTheCodeThatDecidesIt(t *testing.T) {
	paths, err := filepath.Glob("*.feature")
	if err != nil || len(paths) == 0 {
		t.Fatalf("found no .feature files (%v)", err)
	}
	scenarios := 0
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		n, problems := checkDeciders(path, f, moduleRoot)
		f.Close()
		scenarios += n
		for _, p := range problems {
			t.Error(p)
		}
	}
	if scenarios == 0 {
		t.Fatalf("got no scenarios in %v, want every scenario they hold", paths)
	}
}

// checkDeciders parses the feature file name from src and reports how many scenarios it holds and
// what is wrong with their "# Decided by:" comments, with the named places looked up under root.
func checkDeciders(name string, src io.Reader, root string) (scenarios int, problems []string) {
	doc, err := gherkin.ParseGherkinDocument(src, (&messages.Incrementing{}).NewId)
	if err != nil {
		return 0, []string{fmt.Sprintf("%s: doesn't parse: %v", name, err)}
	}
	deciders := map[int64]string{} // the "# Decided by:" comments, by line, until a scenario claims one
	for _, c := range doc.Comments {
		if text := strings.TrimSpace(c.Text); strings.HasPrefix(text, strings.TrimSpace(decidedBy)) {
			deciders[c.Location.Line] = text
		}
	}
	for _, sc := range scenariosOf(doc.Feature) {
		scenarios++
		at := fmt.Sprintf("%s:%d: %s %q", name, sc.Location.Line, sc.Keyword, sc.Name)
		above := firstLine(sc) - 1
		text, ok := deciders[above]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: got no %q comment directly above it, want one naming the code that decides it", at, decidedBy))
			continue
		}
		delete(deciders, above)
		places, err := readPlaces(strings.TrimPrefix(text, decidedBy))
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", at, err))
			continue
		}
		for _, p := range places {
			if err := declares(root, p); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", at, err))
			}
		}
	}
	for _, line := range slices.Sorted(maps.Keys(deciders)) {
		problems = append(problems, fmt.Sprintf("%s:%d: got %q above no scenario, want it directly above the scenario it names the code of", name, line, deciders[line]))
	}
	return scenarios, problems
}

// scenariosOf is every scenario and scenario outline of a feature, those under its rules included.
func scenariosOf(f *messages.Feature) []*messages.Scenario {
	if f == nil {
		return nil
	}
	var all []*messages.Scenario
	for _, child := range f.Children {
		if child.Scenario != nil {
			all = append(all, child.Scenario)
		}
		if child.Rule != nil {
			for _, c := range child.Rule.Children {
				if c.Scenario != nil {
					all = append(all, c.Scenario)
				}
			}
		}
	}
	return all
}

// firstLine is the line a scenario starts on: its first tag's, or its keyword's.
func firstLine(sc *messages.Scenario) int64 {
	line := sc.Location.Line
	for _, tag := range sc.Tags {
		line = min(line, tag.Location.Line)
	}
	return line
}

// readPlaces reads the places a comment names: one, or at most maxPlaces, none twice.
func readPlaces(list string) ([]place, error) {
	var places []place
	for item := range strings.SplitSeq(strings.TrimSpace(list), ", ") {
		m := placeName.FindStringSubmatch(item)
		if m == nil {
			return nil, fmt.Errorf("got %q, want a place written as internal/booking.Desk.Book (desk.go)", item)
		}
		p := place{pkg: m[1], symbol: m[2], file: m[3]}
		if slices.Contains(places, p) {
			return nil, fmt.Errorf("got %s twice, want each place once", p)
		}
		places = append(places, p)
	}
	if len(places) > maxPlaces {
		return nil, fmt.Errorf("got %d places, want at most %d", len(places), maxPlaces)
	}
	return places, nil
}

// declares reports, as an error, a place that isn't production code declaring its symbol: a test
// file, a file its package doesn't hold, or a file that declares no such name, method or field.
func declares(root string, p place) error {
	if strings.HasSuffix(p.file, "_test.go") {
		return fmt.Errorf("got %s, a test file, want the production code that decides it", p)
	}
	path := filepath.Join(root, filepath.FromSlash(p.pkg), p.file)
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("got %s, want a file the package %s holds", p, p.pkg)
	case err != nil:
		return fmt.Errorf("%s: %v", p, err)
	}
	typeName, member, isMember := strings.Cut(p.symbol, ".")
	found := declaresName(f, p.symbol)
	if isMember {
		found = declaresMember(f, typeName, member)
	}
	if !found {
		return fmt.Errorf("got %s, want a symbol %s declares", p, filepath.ToSlash(filepath.Join(p.pkg, p.file)))
	}
	return nil
}

// declaresName reports whether f declares name at its top level: a function, type, variable or constant.
func declaresName(f *ast.File, name string) bool {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == name {
				return true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.Name == name {
						return true
					}
				case *ast.ValueSpec:
					if slices.ContainsFunc(s.Names, func(id *ast.Ident) bool { return id.Name == name }) {
						return true
					}
				}
			}
		}
	}
	return false
}

// declaresMember reports whether f declares member as a method of typeName (on it or on a pointer
// to it), or as a field of the struct typeName.
func declaresMember(f *ast.File, typeName, member string) bool {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 && receiverName(d.Recv.List[0].Type) == typeName && d.Name.Name == member {
				return true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				s, ok := spec.(*ast.TypeSpec)
				if !ok || s.Name.Name != typeName {
					continue
				}
				if st, ok := s.Type.(*ast.StructType); ok && hasField(st, member) {
					return true
				}
			}
		}
	}
	return false
}

// receiverName is the name of a method's receiver type, through a pointer and type parameters.
func receiverName(expr ast.Expr) string {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.ParenExpr:
			expr = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

func hasField(st *ast.StructType, name string) bool {
	for _, field := range st.Fields.List {
		if slices.ContainsFunc(field.Names, func(id *ast.Ident) bool { return id.Name == name }) {
			return true
		}
	}
	return false
}

// TestTheDeciderCheck runs the check over small feature files, each with one thing right or wrong,
// against the module's real packages.
func TestTheDeciderCheck(t *testing.T) {
	const scenario = "  Scenario: A customer books\n    Given the salon is open\n"
	feature := func(body string) string { return "Feature: Booking\n\n" + body }
	for _, c := range []struct {
		name      string
		feature   string
		scenarios int
		want      []string // a substring of each problem, in order; none when the file passes
	}{
		{
			name:      "a method named with its file passes",
			feature:   feature("  # Decided by: internal/booking.Desk.Book (desk.go)\n" + scenario),
			scenarios: 1,
		},
		{
			name:      "a function, a type, a constant and a field pass",
			feature:   feature("  # Decided by: internal/wire.DecodeBooking (decode.go), internal/booking.ErrUnpaired (desk.go)\n" + scenario + "\n  # Decided by: internal/step.AskWhichTime (step.go), internal/booking.Desk.Calendar (desk.go)\n" + scenario),
			scenarios: 2,
		},
		{
			name:      "an unexported method on a pointer receiver passes",
			feature:   feature("  # Decided by: internal/store.spend.books (spend.go)\n" + scenario),
			scenarios: 1,
		},
		{
			name:      "a scenario outline and a scenario under a rule are checked too",
			feature:   feature("  Rule: Under a rule\n\n    Scenario: Unnamed\n      Given the salon is open\n\n  Scenario Outline: Unnamed <n>\n    Given the salon is open\n\n    Examples:\n      | n |\n      | 1 |\n"),
			scenarios: 2,
			want:      []string{`Scenario "Unnamed": got no`, `Scenario Outline "Unnamed <n>": got no`},
		},
		{
			name:      "a scenario without the comment fails",
			feature:   feature(scenario),
			scenarios: 1,
			want:      []string{`got no "# Decided by: " comment directly above it`},
		},
		{
			name:      "a comment a blank line above its scenario fails, and stands above none",
			feature:   feature("  # Decided by: internal/booking.Desk.Book (desk.go)\n\n" + scenario),
			scenarios: 1,
			want:      []string{"got no", "above no scenario"},
		},
		{
			name:      "a file the package doesn't hold fails",
			feature:   feature("  # Decided by: internal/booking.Desk.Book (booking.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"want a file the package internal/booking holds"},
		},
		{
			name:      "a package that doesn't exist fails",
			feature:   feature("  # Decided by: internal/nowhere.Book (desk.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"want a file the package internal/nowhere holds"},
		},
		{
			name:      "a symbol its file doesn't declare fails",
			feature:   feature("  # Decided by: internal/booking.Desk.Book (calendar.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"want a symbol internal/booking/calendar.go declares"},
		},
		{
			name:      "a method of another type fails",
			feature:   feature("  # Decided by: internal/booking.Request.Book (desk.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"want a symbol internal/booking/desk.go declares"},
		},
		{
			name:      "a method named as a function fails",
			feature:   feature("  # Decided by: internal/booking.Book (desk.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"want a symbol internal/booking/desk.go declares"},
		},
		{
			name:      "a test file fails",
			feature:   feature("  # Decided by: features.TestFeatures (features_test.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"a test file, want the production code"},
		},
		{
			name:      "three places fail",
			feature:   feature("  # Decided by: internal/step.Step (step.go), internal/step.Ask (step.go), internal/step.ToOffer (step.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"got 3 places, want at most 2"},
		},
		{
			name:      "one place twice fails",
			feature:   feature("  # Decided by: internal/step.Step (step.go), internal/step.Step (step.go)\n" + scenario),
			scenarios: 1,
			want:      []string{"twice, want each place once"},
		},
		{
			name:      "a place without its file fails",
			feature:   feature("  # Decided by: internal/step.Step\n" + scenario),
			scenarios: 1,
			want:      []string{`got "internal/step.Step", want a place written as`},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, problems := checkDeciders("test.feature", strings.NewReader(c.feature), moduleRoot)
			if n != c.scenarios {
				t.Errorf("got %d scenarios, want %d", n, c.scenarios)
			}
			if len(problems) != len(c.want) {
				t.Fatalf("got problems %q, want %d holding %q", problems, len(c.want), c.want)
			}
			for i, want := range c.want {
				if !strings.Contains(problems[i], want) {
					t.Errorf("got problem %q, want one holding %q", problems[i], want)
				}
			}
		})
	}
}
