package codebook

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGenerated fails when codes_gen.go is stale: a code was added or its
// comment changed without go generate ./internal/codebook.
func TestGenerated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "codes_gen.go")
	cmd := exec.Command("go", "run", "../gencodes", "-root", "../..", "-out", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gencodes: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	have, _ := os.ReadFile("codes_gen.go")
	if !bytes.Equal(want, have) {
		t.Error("codes_gen.go is stale; run go generate ./internal/codebook")
	}
}

var literal = regexp.MustCompile(`"(HC[0-9]{3})"`)

// TestEveryCodeExplained: every code the module's source reports (as a
// literal anywhere in non-test code) has a definition with a summary.
func TestEveryCodeExplained(t *testing.T) {
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != "../..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "_gen.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range literal.FindAllSubmatch(src, -1) {
			defs := Lookup(string(m[1]))
			if len(defs) == 0 {
				t.Errorf("%s: %s is reported but defined nowhere as a constant", p, m[1])
			}
			for _, d := range defs {
				if d.Summary == "" {
					t.Errorf("%s (%s.%s) has no comment to explain it", d.ID, d.Package, d.Name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoCodeTwiceInOnePackage: a code may be shared by packages that
// report the same thing (adapter families), but one package defining it
// twice is two meanings under one code.
func TestNoCodeTwiceInOnePackage(t *testing.T) {
	seen := map[[2]string]string{}
	for _, c := range All() {
		k := [2]string{c.Package, c.ID}
		if prev, dup := seen[k]; dup {
			t.Errorf("%s is defined twice in package %s: %s and %s", c.ID, c.Package, prev, c.Name)
		}
		seen[k] = c.Name
	}
}
