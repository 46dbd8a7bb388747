package lang

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// catalog reads one shipped catalog as its messages by id.
func catalog(t *testing.T, code string) map[string]string {
	t.Helper()
	raw, err := catalogs.ReadFile("catalog/" + code + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return m
}

var field = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// fields are the template fields a message names, sorted, each once.
func fields(message string) []string {
	var out []string
	for _, m := range field.FindAllStringSubmatch(message, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestEveryShippedLanguageHasEveryMessageWithTheSameFields(t *testing.T) {
	en := catalog(t, English)
	for _, code := range Shipped[1:] {
		other := catalog(t, code)
		for id, message := range en {
			translated, ok := other[id]
			if !ok {
				t.Errorf("%s lacks %q", code, id)
				continue
			}
			if strings.TrimSpace(translated) == "" {
				t.Errorf("%s: %q is empty", code, id)
			}
			if !slices.Equal(fields(translated), fields(message)) {
				t.Errorf("%s: %q names %v, English names %v", code, id, fields(translated), fields(message))
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s holds %q, which English lacks", code, id)
			}
		}
	}
}

// idsInCode are the message ids the package's own code names: every string literal written as an
// id ("ask.which_time", "label").
func idsInCode(t *testing.T) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && messageID.MatchString(s) {
					ids[s] = true
				}
			}
			return true
		})
	}
	return ids
}

var messageID = regexp.MustCompile(`^[a-z]+(\.[a-z_]+)*$`)

func TestEveryMessageIsUsedAndEveryUseHasAMessage(t *testing.T) {
	en := catalog(t, English)
	used := idsInCode(t)
	for id := range en {
		if !used[id] {
			t.Errorf("the catalogs hold %q, which no code words", id)
		}
	}
	for id := range used {
		if _, ok := en[id]; !ok && strings.Contains(id, ".") {
			t.Errorf("the code words %q, which the catalogs lack", id)
		}
	}
}

// TestEveryMessageRendersInEveryLanguage words each message with every field it names, in each
// shipped language, and refuses a library error or a field left unfilled.
func TestEveryMessageRendersInEveryLanguage(t *testing.T) {
	for _, code := range Shipped {
		l := Of(code)
		for id, message := range catalog(t, code) {
			data := map[string]any{}
			for _, f := range fields(message) {
				data[f] = "<" + f + ">"
			}
			s, err := l.words().loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data})
			if err != nil {
				t.Errorf("%s %q: %v", code, id, err)
			}
			if strings.Contains(s, "{{") || strings.Contains(s, "<no value>") {
				t.Errorf("%s %q rendered %q", code, id, s)
			}
		}
	}
}

// TestEverySentenceIsUsedOutsideThePackage finds each of Lang's methods called somewhere in the
// program, outside this package and its tests: a sentence nothing says is a message nobody uses.
func TestEverySentenceIsUsedOutsideThePackage(t *testing.T) {
	var src strings.Builder
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "node_modules" || d.Name() == "web" || d.Name() == "lang" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			b, err := os.ReadFile(path)
			src.Write(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeOf(Lang{})
	for i := range typ.NumMethod() {
		name := typ.Method(i).Name
		if !strings.Contains(src.String(), "."+name+"(") {
			t.Errorf("Lang.%s is said nowhere outside the package", name)
		}
	}
}
