package hookconv

import (
	"bytes"
	"maps"
	"reflect"
	"runtime"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
)

// TestLargeSplitMatchesAlone converts configs large enough to be split at
// the real chunk size (2,000 handlers, and a 2,000-hook manifest) to every
// target, on several goroutines and on one, and requires the same files
// and the same diagnostics. Run with -race, it also checks the stages
// share nothing they write.
func TestLargeSplitMatchesAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("converts 2,000 hooks to every target twice")
	}
	inputs := []struct {
		from string
		in   providers.Files
	}{
		{"claude-code", providers.Files{".claude/settings.json": benchdata.ClaudeSettings(2000)}},
		{"canonical", providers.Files{"hooks.json": benchdata.Manifest(2000)}},
	}
	for _, in := range inputs {
		for _, to := range targets {
			procs := runtime.GOMAXPROCS(4)
			split := Convert(in.from, to, in.in, nil)
			runtime.GOMAXPROCS(1) // parallel.Chunks: one core, one chunk
			alone := Convert(in.from, to, in.in, nil)
			runtime.GOMAXPROCS(procs)
			if split.Files == nil {
				for _, d := range split.Diagnostics {
					if d.Severity == diag.Error {
						t.Errorf("%s → %s: nothing written: %s", in.from, to, d.Message)
						break
					}
				}
				continue
			}
			if !reflect.DeepEqual(split.Diagnostics, alone.Diagnostics) {
				t.Errorf("%s → %s: diagnostics differ when split (%d vs %d)", in.from, to, len(split.Diagnostics), len(alone.Diagnostics))
			}
			if len(split.Files) != len(alone.Files) {
				t.Errorf("%s → %s: %d files split, %d alone", in.from, to, len(split.Files), len(alone.Files))
			}
			for p, b := range alone.Files {
				if !bytes.Equal(split.Files[p], b) {
					t.Errorf("%s → %s: %s differs when split", in.from, to, p)
				}
			}
		}
	}
	if parallel.ChunkSize >= 2000 {
		t.Fatalf("ChunkSize %d: 2,000 hooks would not be split", parallel.ChunkSize)
	}
}

// TestFilesDecodeSplitMatchesAlone decodes the many files of the tools
// that write one file per hook or per event, among them files with
// problems, a file to a chunk on four goroutines and all on one, and
// requires the same hooks and the same diagnostics in the same order.
func TestFilesDecodeSplitMatchesAlone(t *testing.T) {
	src := providers.Files{".claude/settings.json": benchdata.ClaudeSettings(300)}
	broken := map[string]providers.Files{
		"kiro-legacy": {
			".kiro/hooks/a-broken.kiro.hook": []byte(`{"name": "x", "when": `),
			".kiro/hooks/b-empty.kiro.hook":  []byte(`{}`),
			".kiro/hooks/zz-wrong.kiro.hook": []byte(`{"name": "y", "version": "1", "when": {"type": "nope"}, "then": {"type": "runCommand", "command": "z"}}`),
		},
		"cline": {
			".clinerules/hooks/NotAnEvent": []byte("#!/bin/sh\necho hi\n"),
			".clinerules/hooks/notes.txt":  []byte("not a script"),
			".clinerules/hooks/taskstart":  []byte("#!/bin/sh\necho folded\n"),
		},
	}
	for to, extra := range broken {
		res := Convert("claude-code", to, src, nil)
		if res.Files == nil {
			t.Fatalf("→ %s: nothing written: %v", to, res.Diagnostics)
		}
		files := maps.Clone(res.Files)
		maps.Copy(files, extra)
		if len(files) < 5 {
			t.Fatalf("→ %s: only %d files", to, len(files))
		}
		a, _ := providers.Get(to)
		size, procs := parallel.ChunkSize, runtime.GOMAXPROCS(1)
		alone, aloneDiags := a.Decode(files)
		parallel.ChunkSize = 1
		runtime.GOMAXPROCS(4)
		split, splitDiags := a.Decode(files)
		parallel.ChunkSize = size
		runtime.GOMAXPROCS(procs)
		if len(alone.Hooks) < 150 || len(aloneDiags) < 3 {
			t.Errorf("%s: %d hooks and %d diagnostics: the files were not read as meant", to, len(alone.Hooks), len(aloneDiags))
		}
		if !reflect.DeepEqual(alone, split) {
			t.Errorf("%s: hooks differ when split", to)
		}
		if !reflect.DeepEqual(aloneDiags, splitDiags) {
			t.Errorf("%s: diagnostics differ when split:\n%v\n%v", to, aloneDiags, splitDiags)
		}
	}
}
