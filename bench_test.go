package hookconv

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// BenchmarkValidateManifest validates generated manifests of growing size;
// ns/op divided by the hook count should stay flat (linear cost).
func BenchmarkValidateManifest(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 100000} {
		src := benchdata.Manifest(n)
		b.Run(fmt.Sprintf("hooks=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ds := ValidateManifest("bench.json", src); ds.HasErrors() {
					b.Fatal(ds)
				}
			}
		})
	}
}

// BenchmarkConvert10k converts a 10,000-handler Claude Code settings file
// to every tool of the nested family (decode, plan, encode, verify).
func BenchmarkConvert10k(b *testing.B) {
	src := benchdata.ClaudeSettings(10000)
	in := providers.Files{".claude/settings.json": src}
	for _, to := range targets {
		b.Run("to="+to, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if res := Convert("claude-code", to, in, nil); res.Files == nil {
					b.Fatal(res.Diagnostics)
				}
			}
		})
	}
}

// BenchmarkConvert10kProject converts the same file as the CLI does from
// a project folder: the contract checks (HC425, HC431) look for each
// hook's script there, and a few of the 10,000 are present.
func BenchmarkConvert10kProject(b *testing.B) {
	src := benchdata.ClaudeSettings(10000)
	in := providers.Files{".claude/settings.json": src}
	project := fstest.MapFS{
		"hooks/h0.sh": {Data: []byte("#!/bin/sh\necho blocked >&2\nexit 2\n")},
		"hooks/h1.sh": {Data: []byte("#!/bin/sh\nexit 2\n")},
	}
	for _, to := range []string{"gemini-cli", "codex"} {
		b.Run("to="+to, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				s := DecodeSource("claude-code", in)
				s.Scripts = &Scripts{FS: project}
				if res := s.Convert(to, nil, Options{}); res.Files == nil {
					b.Fatal(res.Diagnostics)
				}
			}
		})
	}
}

// BenchmarkConvertExample converts the README's example project (five
// hooks, two of them guard scripts the contract checks read) to Gemini
// CLI as the CLI does: the typical conversion, whose own work is what a
// process adds to its start-up.
func BenchmarkConvertExample(b *testing.B) {
	src, err := os.ReadFile("examples/project/.claude/settings.json")
	if err != nil {
		b.Fatal(err)
	}
	in := providers.Files{".claude/settings.json": src}
	project := os.DirFS("examples/project")
	b.ReportAllocs()
	for b.Loop() {
		s := DecodeSource("claude-code", in)
		s.Scripts = &Scripts{FS: project}
		if res := s.Convert("gemini-cli", nil, Options{}); res.Files == nil {
			b.Fatal(res.Diagnostics)
		}
	}
}

// BenchmarkConvertScaling shows conversion cost growing linearly.
func BenchmarkConvertScaling(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		src := benchdata.ClaudeSettings(n)
		in := providers.Files{".claude/settings.json": src}
		b.Run(fmt.Sprintf("handlers=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := Convert("claude-code", "gemini-cli", in, nil); res.Files == nil {
					b.Fatal(res.Diagnostics)
				}
			}
		})
	}
}

func TestGeneratedSettingsConvert(t *testing.T) {
	res := Convert("claude-code", "claude-code", providers.Files{"s.json": benchdata.ClaudeSettings(40)}, nil)
	if res.Files == nil || len(res.Decoded.Hooks) != 40 {
		t.Fatalf("generated settings: %d hooks, %v", len(res.Decoded.Hooks), res.Diagnostics)
	}
}

func TestGeneratedManifestIsValid(t *testing.T) {
	_, ds := ValidateManifest("gen.json", benchdata.Manifest(8))
	if len(ds) != 0 {
		t.Fatalf("generated manifest has diagnostics: %v", ds)
	}
}

// projectTree writes benchdata.Projects(n) under a temporary directory
// and returns it as a file system: a real tree, as detect walks it.
func projectTree(b *testing.B, n int) fs.FS {
	dir := b.TempDir()
	for p, data := range benchdata.Projects(n) {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return os.DirFS(dir)
}

// BenchmarkScan walks trees of 100 and 1,000 repositories for hook
// configs (what `hookconv detect` does): every config is read and decoded
// once, so the time per repository should stay flat.
func BenchmarkScan(b *testing.B) {
	for _, n := range []int{100, 1000} {
		tree := projectTree(b, n)
		b.Run(fmt.Sprintf("repos=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				found, err := Scan(tree)
				if err != nil || len(found) != n+n/2+n/10 {
					b.Fatalf("found %d configs, err %v", len(found), err)
				}
			}
		})
	}
}

// BenchmarkMigrate1000 migrates each of 1,000 repositories from Claude
// Code to Cursor and Gemini CLI, merging into the files there (what
// `migrate --dry-run` computes per repository, without process start-up).
func BenchmarkMigrate1000(b *testing.B) {
	files := benchdata.Projects(1000)
	b.ReportAllocs()
	for b.Loop() {
		for i := range 1000 {
			dir := fmt.Sprintf("p%04d/", i)
			in := providers.Files{".claude/settings.json": files[dir+".claude/settings.json"]}
			for _, to := range []string{"cursor", "gemini-cli"} {
				var existing providers.Files
				if prev, ok := files[dir+sourcePath(to, "json")]; ok {
					existing = providers.Files{sourcePath(to, "json"): prev}
				}
				if mig := Migrate("claude-code", to, in, existing); mig.Files == nil || mig.Added == 0 {
					b.Fatalf("%s → %s: %v", dir, to, mig.Diagnostics)
				}
			}
		}
	}
}
