package hookconv

import (
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// BenchmarkContractNotes10k runs only the contract checks (contractNotes)
// on the plan of the 10,000-handler Claude Code settings file, as the CLI
// does from a project folder (a Scripts with a file system, two of the
// scripts present): the per-hook cost of reading every hook's command
// and scripts, apart from decoding, planning and encoding.
func BenchmarkContractNotes10k(b *testing.B) {
	src := benchdata.ClaudeSettings(10000)
	in := providers.Files{".claude/settings.json": src}
	project := fstest.MapFS{
		"hooks/h0.sh": {Data: []byte("#!/bin/sh\necho blocked >&2\nexit 2\n")},
		"hooks/h1.sh": {Data: []byte("#!/bin/sh\nexit 2\n")},
	}
	for _, to := range []string{"gemini-cli", "codex", "claude-code"} {
		b.Run("to="+to, func(b *testing.B) {
			s := DecodeSource("claude-code", in)
			res := s.Convert(to, nil, Options{})
			if res.Files == nil {
				b.Fatal(res.Diagnostics)
			}
			b.ReportAllocs()
			for b.Loop() {
				s.Scripts = &Scripts{FS: project}
				s.Scripts.Expect(len(res.Planned.Hooks))
				notes := Conversion{Planned: res.Planned, Decoded: res.Decoded}
				notes.contractNotes(s, to, false)
			}
		})
	}
}
