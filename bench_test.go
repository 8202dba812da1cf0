package hookconv

import (
	"fmt"
	"testing"

	"github.com/hookconv/hookconv/internal/benchdata"
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

func TestGeneratedManifestIsValid(t *testing.T) {
	_, ds := ValidateManifest("gen.json", benchdata.Manifest(8))
	if len(ds) != 0 {
		t.Fatalf("generated manifest has diagnostics: %v", ds)
	}
}
