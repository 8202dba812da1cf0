package hookconv

import (
	"fmt"
	"strings"
	"testing"
)

// manifestWithHooks generates a manifest of n varied hooks (matchers of
// every kind, several handler types), about 250 bytes each.
func manifestWithHooks(n int) []byte {
	var b strings.Builder
	b.WriteString("{\n  \"spec\": \"hooks/1.0\",\n  \"hooks\": [\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `    {"name": "guard-%d", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "handler": {"type": "command", "command": "./hooks/guard.sh %d", "timeout": 10}}`, i, i)
		case 1:
			fmt.Fprintf(&b, `    {"name": "fmt-%d", "event": "after_tool_execute", "matcher": ["file_write", "file_edit"], "handler": {"type": "command", "command": "npx prettier --write f%d", "timeout": 30, "async": true}}`, i, i)
		case 2:
			fmt.Fprintf(&b, `    {"name": "mcp-%d", "event": "before_tool_execute", "matcher": {"mcp": {"server": "github", "tool": "t%d"}}, "handler": {"type": "http", "url": "http://localhost:8080/%d"}}`, i, i, i)
		default:
			fmt.Fprintf(&b, `    {"name": "ctx-%d", "event": "session_start", "handler": {"type": "command", "command": "cat ctx%d.md", "env": {"N": "%d"}}}`, i, i, i)
		}
	}
	b.WriteString("\n  ]\n}\n")
	return []byte(b.String())
}

// BenchmarkValidateManifest validates generated manifests of growing size;
// ns/op divided by the hook count should stay flat (linear cost).
func BenchmarkValidateManifest(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 100000} {
		src := manifestWithHooks(n)
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
	_, ds := ValidateManifest("gen.json", manifestWithHooks(8))
	if len(ds) != 0 {
		t.Fatalf("generated manifest has diagnostics: %v", ds)
	}
}
