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

// readmeRow matches a row of README.md's codes table and captures its
// first cell: one code, a range ("HC110–HC115") or a list of them.
var readmeRow = regexp.MustCompile(`(?m)^\| (HC[0-9]{3}[^|]*?) \|`)

// TestReadmeCodesTable: the README's codes table is where users look a
// code up, so every defined code must fall in one of its rows, no code in
// two rows, and the rows must run in order (a reader scans for a number).
func TestReadmeCodesTable(t *testing.T) {
	src, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	type span struct{ lo, hi int }
	var rows [][]span
	for _, m := range readmeRow.FindAllStringSubmatch(string(src), -1) {
		var row []span
		for _, part := range strings.Split(m[1], ",") {
			lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "–")
			s := span{codeNumber(t, lo), 0}
			s.hi = s.lo
			if isRange {
				s.hi = codeNumber(t, hi)
			}
			if s.hi < s.lo {
				t.Errorf("README codes table: %q runs backwards", part)
			}
			row = append(row, s)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		t.Fatal("README.md has no codes table rows")
	}
	covered := map[int]bool{}
	for i, row := range rows {
		if i > 0 && row[0].lo <= rows[i-1][0].lo {
			t.Errorf("README codes table: the row for HC%d comes after the row for HC%d", row[0].lo, rows[i-1][0].lo)
		}
		for _, s := range row {
			for n := s.lo; n <= s.hi; n++ {
				if covered[n] {
					t.Errorf("README codes table: HC%d is in two rows", n)
				}
				covered[n] = true
			}
		}
	}
	for _, c := range All() {
		if !covered[codeNumber(t, c.ID)] {
			t.Errorf("%s (%s.%s) has no row in README.md's codes table", c.ID, c.Package, c.Name)
		}
	}
}

// codeNumber reads "HC303" as 303.
func codeNumber(t *testing.T, id string) int {
	t.Helper()
	id = strings.TrimSpace(id)
	if len(id) != 5 || !strings.HasPrefix(id, "HC") {
		t.Fatalf("README codes table: %q is not a code", id)
	}
	n := 0
	for _, r := range id[2:] {
		if r < '0' || r > '9' {
			t.Fatalf("README codes table: %q is not a code", id)
		}
		n = n*10 + int(r-'0')
	}
	return n
}
