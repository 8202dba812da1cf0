package hookconv

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookconv/hookconv/providers"
)

// TestNoSilentLossOfBlockingManifests is TestNoSilentLossOfBlocking over
// hand-written hooks/1.0 manifests, where the decoded native inputs it
// walks never reach: the conformance vectors' valid set
// (../shared/conformance/canonical), every manifest under a testdata
// folder of this repository, and those the CLI scripts hold
// (testdata/script/*.txtar), each that validates and has a blocking hook,
// converted to every target with and without the shim. The assertion is
// blockingCheck's: each blocking hook still blocks where the target reads
// the output back, or a warning names it.
func TestNoSilentLossOfBlockingManifests(t *testing.T) {
	blocking, kept, manifests := 0, 0, 0
	for _, in := range manifestInputs(t) {
		src := DecodeSource("canonical", providers.Files{in.key: in.src})
		if src.Manifest == nil || src.Diagnostics.HasErrors() || !hasBlocking(src) {
			continue // an invalid manifest writes nothing; one without a guard has none to lose
		}
		manifests++
		for _, to := range targets {
			for _, shim := range []bool{false, true} {
				res := src.Convert(to, nil, Options{Shim: shim})
				if res.Files == nil {
					if !res.Diagnostics.HasErrors() {
						t.Errorf("%s → %s (shim %v): nothing written and no error", in.name, to, shim)
					}
					continue
				}
				b, k, problems := blockingCheck(src, res, to)
				blocking, kept = blocking+b, kept+k
				for _, p := range problems {
					t.Errorf("%s → %s (shim %v): %s", in.name, to, shim, p)
				}
			}
		}
	}
	if manifests < 20 {
		t.Fatalf("only %d manifests with a blocking hook; are the inputs there?", manifests)
	}
	t.Logf("%d manifests: %d blocking hook conversions checked: %d still block, %d dropped or weakened with a warning", manifests, blocking, kept, blocking-kept)
}

// hasBlocking reports whether the source holds a blocking hook.
func hasBlocking(src *Source) bool {
	for i := range src.Manifest.Hooks {
		if src.Manifest.Hooks[i].Blocking {
			return true
		}
	}
	return false
}

// manifestInputs are the hand-written hooks/1.0 manifests (JSON) of the
// conformance vectors' valid set, of every testdata folder in this
// repository, and of the CLI scripts' archives.
func manifestInputs(t *testing.T) []propertyInput {
	t.Helper()
	var inputs []propertyInput
	add := func(name string, src []byte) {
		var doc struct {
			Spec any `json:"spec"`
		}
		if json.Unmarshal(src, &doc) != nil {
			return
		}
		if s, ok := doc.Spec.(string); ok && strings.HasPrefix(s, "hooks/") {
			inputs = append(inputs, propertyInput{name: name, from: "canonical", key: filepath.Base(name), src: src})
		}
	}
	vectors, _ := filepath.Glob(filepath.Join("..", "shared", "conformance", "canonical", "*.json"))
	if len(vectors) == 0 {
		t.Fatal("no conformance vectors in ../shared/conformance/canonical")
	}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != "." {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") && strings.Contains(filepath.ToSlash(p)+"/", "testdata/") {
			vectors = append(vectors, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range vectors {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		add(filepath.ToSlash(p), src)
	}
	scripts, _ := filepath.Glob("testdata/script/*.txtar")
	for _, p := range scripts {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			if strings.HasSuffix(f.Name, ".json") && bytes.Contains(f.Data, []byte(`"spec"`)) {
				add(filepath.ToSlash(p)+":"+f.Name, f.Data)
			}
		}
	}
	return inputs
}
