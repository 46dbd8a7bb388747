// This file holds the check that the desk and the wire speak the domain's words, not the store's.

package testkit_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// belowTheStore are the packages, from internal/, whose code (tests aside) may not import
// internal/store: the store implements what they need, written in internal/salon's types.
var belowTheStore = []string{"booking", "wire", "salon", "step", "answer", "requeststate"}

func TestTheDeskAndTheWireImportNoStore(t *testing.T) {
	for _, dir := range belowTheStore {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, spec := range f.Imports {
				if p, _ := strconv.Unquote(spec.Path.Value); p == "salon/internal/store" {
					t.Errorf("%s imports %s: speak internal/salon's types, which the store implements", path, p)
				}
			}
		}
	}
}
