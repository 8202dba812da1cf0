package hookconv

import (
	"bytes"
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
