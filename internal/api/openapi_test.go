// This file checks that the committed openapi.json is the document the wire types generate, and that it validates.

package api_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"salon/internal/api"
	"salon/internal/api/apitest"
	"salon/internal/wire"
)

var update = flag.Bool("update", false, "rewrite openapi.json from the wire types")

func TestCommittedDocumentIsTheGeneratedOne(t *testing.T) {
	want, err := api.DocumentJSON()
	if err != nil {
		t.Fatal(err)
	}
	path, err := apitest.CommittedPath()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the committed document: %v (run: go test ./internal/api -run TestCommittedDocument -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("openapi.json differs from what the wire types generate; regenerate it with:\n\tgo test ./internal/api -run TestCommittedDocument -update")
	}
	if _, err := api.LoadDocument(got); err != nil {
		t.Fatal(err)
	}
}

func TestDocumentStatesTheBounds(t *testing.T) {
	doc, err := api.Document()
	if err != nil {
		t.Fatal(err)
	}
	args := doc.Components.Schemas["BookArguments"].Value
	slots := args.Properties["openSlots"].Value
	message := args.Properties["message"].Value
	salon := doc.Paths.Find("/salons/{salon}/book").Post.Parameters.GetByInAndName("path", "salon").Schema.Value
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"message maxLength", *message.MaxLength, wire.MaxMessageChars},
		{"openSlots maxItems", *slots.MaxItems, wire.MaxOpenSlots},
		{"slot minLength", slots.Items.Value.MinLength, 1},
		{"slot maxLength", *slots.Items.Value.MaxLength, wire.MaxSlotChars},
		{"salon minLength", salon.MinLength, 1},
		{"salon maxLength", *salon.MaxLength, wire.MaxSalonChars},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, c.got, c.want)
		}
	}
	if !slots.UniqueItems {
		t.Error("openSlots: got uniqueItems false, want true")
	}
}
