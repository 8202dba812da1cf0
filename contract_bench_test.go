package hookconv

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// BenchmarkContractNotes10k runs only the contract checks (contractNotes,
// after toolOnlyVars, as runPutOff runs them) on the plan of the
// 10,000-handler Claude Code settings file, as the CLI does from a
// project folder (a Scripts with a file system): the per-hook
// cost of reading every hook's command and scripts, apart from decoding,
// planning and encoding. Each target three ways: with none of the
// scripts the commands run on disk (the CLI's 10,000-handler case: every
// read fails on the folder's listing), with two of them, and with all of
// them (a real project's: each script read, of a few kinds).
func BenchmarkContractNotes10k(b *testing.B) {
	const n = 10000
	src := benchdata.ClaudeSettings(n)
	in := providers.Files{".claude/settings.json": src}
	projects := []struct {
		name string
		fs   fstest.MapFS
	}{
		{"none", fstest.MapFS{"README.md": {Data: []byte("a project\n")}}},
		{"two", fstest.MapFS{
			"hooks/h0.sh": {Data: []byte("#!/bin/sh\necho blocked >&2\nexit 2\n")},
			"hooks/h1.sh": {Data: []byte("#!/bin/sh\nexit 2\n")},
		}},
		{"all", allScripts(n)},
	}
	for _, to := range []string{"gemini-cli", "codex", "factory-droid", "qwen-code", "claude-code"} {
		for _, p := range projects {
			b.Run("to="+to+"/scripts="+p.name, func(b *testing.B) {
				// Planned as the CLI plans a project's hooks: knowing the
				// project's folder, it anchors no relative script path.
				s := DecodeSource("claude-code", in)
				s.Scripts = &Scripts{FS: p.fs}
				res := s.Convert(to, nil, Options{})
				if res.Files == nil {
					b.Fatal(res.Diagnostics)
				}
				b.ReportAllocs()
				cpu := processCPU()
				for b.Loop() {
					s.Scripts = &Scripts{FS: p.fs}
					s.Scripts.Expect(len(res.Planned.Hooks))
					// As the CLI's conversion runs them (runPutOff): the
					// tool's variables first, on the same Scripts.
					toolOnlyVars(res.Planned, s.From, to, s.Scripts)
					notes := Conversion{Planned: res.Planned, Decoded: res.Decoded}
					notes.contractNotes(s, to, false)
				}
				// The checks run on two goroutines: their CPU, on both
				// cores, beside the wall time the slower one sets.
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// allScripts is a project holding every script benchdata.ClaudeSettings(n)
// runs (hooks/hN.sh), each of one of a few kinds real guards are: a loud
// and a silent exit 2, a check of the tool's input with jq, a JSON answer.
func allScripts(n int) fstest.MapFS {
	kinds := []string{
		"#!/bin/sh\necho blocked >&2\nexit 2\n",
		"#!/bin/sh\n# a silent guard\nexit 2\n",
		"#!/bin/bash\ninput=$(cat)\ncmd=$(echo \"$input\" | jq -r '.tool_input.command')\ncase \"$cmd\" in\n  *rm*) echo \"no rm\" >&2; exit 2;;\nesac\nexit 0\n",
		"#!/bin/bash\nif [ \"$(jq -r .tool_name)\" = \"Bash\" ]; then\n  echo '{\"decision\": \"block\", \"reason\": \"no\"}'\nfi\n",
	}
	fsys := fstest.MapFS{}
	for i := range n {
		fsys[fmt.Sprintf("hooks/h%d.sh", i)] = &fstest.MapFile{Data: []byte(kinds[i%len(kinds)]), Mode: 0o755}
	}
	return fsys
}
