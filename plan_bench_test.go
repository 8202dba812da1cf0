package hookconv

import (
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// benchTargets are the targets of issue #3's 10,000-handler goal that
// were not yet met: the tools shaped like Claude Code.
var benchTargets = []string{"gemini-cli", "codex", "factory-droid", "qwen-code"}

// benchSource decodes the 10,000-handler Claude Code settings file as the
// CLI does from a project folder outside any git repository (a Scripts
// with a file system, two of the scripts present, the folder's place
// known), to be converted once (Source.ConvertOnce).
func benchSource() *Source {
	in := providers.Files{".claude/settings.json": benchdata.ClaudeSettings(10000)}
	s := DecodeSource("claude-code", in)
	s.Scripts = &Scripts{FS: fstest.MapFS{
		"hooks/h0.sh": {Data: []byte("#!/bin/sh\necho blocked >&2\nexit 2\n")},
		"hooks/h1.sh": {Data: []byte("#!/bin/sh\nexit 2\n")},
	}, Repo: RepoPlace{Known: true}}
	s.convertedOnce = true
	return s
}

// BenchmarkPlan10k runs only the plan stage (Conversion.plan) of the
// 10,000-handler conversion: the stretch between decoding and the
// encode and contract stages, which run beside each other after it.
func BenchmarkPlan10k(b *testing.B) {
	for _, to := range benchTargets {
		b.Run("to="+to, func(b *testing.B) {
			s := benchSource()
			b.ReportAllocs()
			for b.Loop() {
				var res Conversion
				if _, ok := res.plan(s, to); !ok {
					b.Fatal(res.Diagnostics)
				}
			}
		})
	}
}

// benchPlan plans the 10,000-handler conversion to to, for the
// benchmarks of the stages after the plan.
func benchPlan(b *testing.B, to string) (providers.Adapter, *canonical.Manifest) {
	b.Helper()
	var res Conversion
	dst, ok := res.plan(benchSource(), to)
	if !ok {
		b.Fatal(res.Diagnostics)
	}
	return dst, res.Planned
}

// BenchmarkEncode10k runs only the target's encoder on the plan of the
// 10,000-handler conversion, into no existing file.
func BenchmarkEncode10k(b *testing.B) {
	for _, to := range benchTargets {
		b.Run("to="+to, func(b *testing.B) {
			dst, planned := benchPlan(b, to)
			b.ReportAllocs()
			for b.Loop() {
				if _, ds := dst.Encode(planned, nil); ds.HasErrors() {
					b.Fatal(ds)
				}
			}
		})
	}
}
