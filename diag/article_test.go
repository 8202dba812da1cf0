package diag

import "testing"

func TestA(t *testing.T) {
	for word, want := range map[string]string{
		"command":          "a command",
		"http":             "an http",
		"mcp_tool":         "an mcp_tool",
		"agent":            "an agent",
		"OpenAI Codex CLI": "an OpenAI Codex CLI",
		"Claude Code":      "a Claude Code",
		"user":             "a user",
	} {
		if got := A(word); got != want {
			t.Errorf("A(%q) = %q, want %q", word, got, want)
		}
	}
}
