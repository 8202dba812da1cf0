package node

import (
	"testing"

	"github.com/hookconv/hookconv/internal/benchdata"
)

// BenchmarkParseJSON10k parses a 10,000-handler Claude Code settings
// file, as a conversion of it does twice (the input, and verify's read of
// the output): B/op is what the tree costs.
func BenchmarkParseJSON10k(b *testing.B) {
	src := benchdata.ClaudeSettings(10000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseJSON(src, JSONOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
