package hookconv

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*/*.golden from the current output (review the diff by eye!)")

// TestGolden converts every testdata/golden/<case>/input.<slug>.<ext> to
// every tool of the nested family and compares the written files and the
// diagnostics with <case>/<target>.golden (a txtar archive: diagnostics as
// its comment, then one section per written file).
func TestGolden(t *testing.T) { checkGolden(t, *update) }

// TestGoldenSplit checks the goldens again with every list cut into chunks
// worked on at once (internal/parallel), as only large inputs are
// otherwise: the output must not change, byte for byte.
func TestGoldenSplit(t *testing.T) {
	splitEverything(t)
	checkGolden(t, false)
}

// splitEverything makes the rest of the test cut every list of two or
// more items into chunks of one, worked on by four goroutines at once.
func splitEverything(t *testing.T) {
	t.Helper()
	size, procs := parallel.ChunkSize, runtime.GOMAXPROCS(4)
	parallel.ChunkSize = 1
	t.Cleanup(func() { parallel.ChunkSize = size; runtime.GOMAXPROCS(procs) })
}

// checkGolden runs the golden comparisons; with update it rewrites the
// golden files instead.
func checkGolden(t *testing.T, update bool) {
	inputs, err := filepath.Glob("testdata/golden/*/input.*")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range inputs {
		base := filepath.Base(in)
		parts := strings.SplitN(base, ".", 3) // input, slug, ext
		from, ext := parts[1], parts[2]
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		key := sourcePath(from, ext)
		for _, to := range targets {
			name := filepath.Base(filepath.Dir(in)) + "/" + to
			t.Run(name, func(t *testing.T) {
				res := Convert(from, to, providers.Files{key: src}, nil)
				for _, d := range res.Diagnostics {
					if d.Code == CodeVerify {
						t.Errorf("verify failed; no golden may record that: %s", d.Message)
					}
				}
				got := goldenArchive(res, key, src)
				file := filepath.Join(filepath.Dir(in), to+".golden")
				if update {
					if err := os.WriteFile(file, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -run TestGolden -update, then review)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the golden file; got:\n%s", file, got)
				}
			})
		}
	}
}

// sourcePath is where a golden input pretends to live, so diagnostics and
// detection see a realistic path.
func sourcePath(slug, ext string) string {
	if slug == "canonical" {
		return "hooks." + ext
	}
	p, _ := vocab.Default().Provider(slug)
	for _, path := range p.Paths {
		if strings.HasSuffix(path, "."+ext) {
			// A folder of such files (.kiro/hooks/*.kiro.hook): one of them.
			return strings.Replace(path, "*", "hookconv", 1)
		}
	}
	// A tool with one file per event (Cline): the "extension" is the
	// file's name in that folder (input.cline.PreToolUse).
	if dir, ok := strings.CutSuffix(p.Paths[0], "*"); ok {
		return dir + ext
	}
	return p.Paths[0]
}

func goldenArchive(res Conversion, key string, src []byte) []byte {
	var diags bytes.Buffer
	r := diag.Renderer{Format: diag.FormatText, Sources: map[string][]byte{key: src}}
	_ = r.Render(&diags, res.Diagnostics)
	a := &txtar.Archive{Comment: diags.Bytes()}
	for _, p := range res.Files.Paths() {
		a.Files = append(a.Files, txtar.File{Name: p, Data: res.Files[p]})
	}
	return txtar.Format(a)
}
