package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// BenchmarkDecodeSource10k decodes the 10,000-handler Claude Code
// settings file as hookconv convert does before anything else can start
// (parse, decode, lint): every nanosecond of it is a nanosecond of the
// conversion's wall time.
func BenchmarkDecodeSource10k(b *testing.B) {
	src := benchdata.ClaudeSettings(10000)
	in := providers.Files{".claude/settings.json": src}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if s := DecodeSource("claude-code", in); s.Diagnostics.HasErrors() || len(s.Manifest.Hooks) != 10000 {
			b.Fatal(s.Diagnostics)
		}
	}
}
