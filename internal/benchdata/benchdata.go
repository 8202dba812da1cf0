// Package benchdata generates large, valid inputs for benchmarks, shared by
// the go test benchmarks and scripts/bench.sh so both measure the same data.
package benchdata

import (
	"fmt"
	"strings"
)

// Manifest returns a valid hooks/1.0 manifest of n varied hooks (every
// matcher kind, command and http handlers), about 170 bytes per hook.
func Manifest(n int) []byte {
	var b strings.Builder
	b.Grow(n*180 + 64)
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
