package canonical_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/jsonschema"
)

func TestSchemaIsDraft202012(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(canonical.Schema(), &doc); err != nil {
		t.Fatalf("Schema is not valid JSON: %v", err)
	}
	if got := doc["$schema"]; got != jsonschema.Draft {
		t.Errorf("$schema = %v, want %q", got, jsonschema.Draft)
	}
	if got := doc["$id"]; got != "https://hookconv.dev/schema/hooks-1.0.json" {
		t.Errorf("$id = %v", got)
	}
	for _, k := range []string{"title", "description", "$defs"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("Schema has no %q", k)
		}
	}
	if _, err := jsonschema.Compile(canonical.Schema()); err != nil {
		t.Fatalf("Schema uses something the evaluator does not check:\n%v", err)
	}
}

// schemaCase is one manifest whose verdict is known.
type schemaCase struct {
	path  string
	valid bool
}

// schemaCases lists the conformance vectors and the schema test manifests,
// each with the verdict its folder promises.
func schemaCases(t *testing.T) []schemaCase {
	t.Helper()
	dirs := []struct {
		dir   string
		valid bool
	}{
		{"../../shared/conformance/canonical", true},
		{"../../shared/conformance/invalid", false},
		{"testdata/schema/valid", true},
		{"testdata/schema/invalid", false},
	}
	var out []schemaCase
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(d.dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no manifests in %s", d.dir)
		}
		sort.Strings(files)
		for _, f := range files {
			out = append(out, schemaCase{f, d.valid})
		}
	}
	return out
}

// TestSchemaAgreesWithParser checks, for every manifest, that the schema
// and canonical.Parse reach the same verdict, and that it is the verdict
// the manifest's folder promises.
func TestSchemaAgreesWithParser(t *testing.T) {
	schema, err := jsonschema.Compile(canonical.Schema())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range schemaCases(t) {
		t.Run(filepath.ToSlash(c.path), func(t *testing.T) {
			src, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			schemaErr := schema.Validate(src)
			schemaOK := schemaErr == nil
			_, ds := canonical.Parse(filepath.Base(c.path), src)
			var parseErrs []string
			for _, d := range ds {
				if d.Severity == diag.Error {
					parseErrs = append(parseErrs, d.String())
				}
			}
			parseOK := len(parseErrs) == 0

			if schemaOK != parseOK {
				t.Errorf("%s: schema and parser disagree: schema %s, parser %s\nschema: %v\nparser: %s",
					c.path, verdict(schemaOK), verdict(parseOK), schemaErr, strings.Join(parseErrs, "\n"))
			}
			if schemaOK != c.valid {
				t.Errorf("%s: schema says %s, want %s\nschema: %v", c.path, verdict(schemaOK), verdict(c.valid), schemaErr)
			}
			if parseOK != c.valid {
				t.Errorf("%s: parser says %s, want %s\nparser: %s", c.path, verdict(parseOK), verdict(c.valid), strings.Join(parseErrs, "\n"))
			}
		})
	}
}

func verdict(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}
