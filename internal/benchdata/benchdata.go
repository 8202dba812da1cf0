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

// ClaudeSettings returns a Claude Code settings file with n handlers in
// n/4 groups spread over five events (tool matchers of every kind,
// command and http handlers), as a large real configuration would have.
func ClaudeSettings(n int) []byte {
	events := []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart"}
	matchers := []string{"Bash", "Edit|Write", "mcp__github__create_issue", "mcp__memory__.*", ""}
	var b strings.Builder
	b.Grow(n*150 + 64)
	b.WriteString("{\n  \"permissions\": {\"allow\": [\"Bash(npm test)\"]},\n  \"hooks\": {\n")
	perEvent := (n + len(events) - 1) / len(events)
	written := 0
	for e, ev := range events {
		if e > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    %q: [\n", ev)
		for g := 0; written < n && g*4 < perEvent; g++ {
			if g > 0 {
				b.WriteString(",\n")
			}
			b.WriteString("      {")
			if ev == "PreToolUse" || ev == "PostToolUse" {
				fmt.Fprintf(&b, "\"matcher\": %q, ", matchers[g%len(matchers)])
			}
			b.WriteString("\"hooks\": [\n")
			for h := 0; h < 4 && written < n; h++ {
				if h > 0 {
					b.WriteString(",\n")
				}
				if written%7 == 3 && ev == "PreToolUse" {
					fmt.Fprintf(&b, `        {"type": "http", "url": "http://localhost:8080/%d", "timeout": 5}`, written)
				} else {
					fmt.Fprintf(&b, `        {"type": "command", "command": "./hooks/h%d.sh --flag", "timeout": %d}`, written, 5+written%50)
				}
				written++
			}
			b.WriteString("\n      ]}")
		}
		b.WriteString("\n    ]")
	}
	b.WriteString("\n  }\n}\n")
	return []byte(b.String())
}

// Projects returns a tree of n small repositories (path → contents, paths
// slash-separated under "pNNNN/"), as a platform team would migrate: each
// has a Claude Code settings file with other settings and four hooks, a
// README and some source; every other one already has a Cursor hooks file
// with a hand-written hook, and every tenth a Gemini settings file.
func Projects(n int) map[string][]byte {
	files := make(map[string][]byte, n*5)
	for i := range n {
		dir := fmt.Sprintf("p%04d/", i)
		files[dir+".claude/settings.json"] = fmt.Appendf(nil, `{
  "permissions": {"allow": ["Bash(npm test:*)"]},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/guard-%d.sh", "timeout": 10}]}],
    "PostToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "npx prettier --write ."}]}],
    "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "./scripts/redact.sh"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "./scripts/notify.sh"}]}]
  }
}
`, i)
		files[dir+"README.md"] = []byte("# project\n")
		files[dir+"src/main.go"] = []byte("package main\n\nfunc main() {}\n")
		if i%2 == 0 {
			files[dir+".cursor/hooks.json"] = []byte(`{"version": 1, "hooks": {"afterFileEdit": [{"command": "./scripts/audit.sh"}]}}` + "\n")
		}
		if i%10 == 0 {
			files[dir+".gemini/settings.json"] = []byte(`{"theme": "GitHub", "hooks": {}}` + "\n")
		}
	}
	return files
}
