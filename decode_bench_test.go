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

// BenchmarkVerify10k runs only verify on the encoded 10,000-handler
// conversion: the target's decode of the output, then the comparisons,
// which end the encode goroutine beside the contract checks.
func BenchmarkVerify10k(b *testing.B) {
	for _, to := range benchTargets {
		b.Run("to="+to, func(b *testing.B) {
			dst, planned := benchPlan(b, to)
			files, eds := dst.Encode(planned, nil)
			if eds.HasErrors() {
				b.Fatal(eds)
			}
			b.ReportAllocs()
			for b.Loop() {
				if ds := verify(dst, planned, files, eds, to); ds.HasErrors() {
					b.Fatal(ds)
				}
			}
		})
	}
}
