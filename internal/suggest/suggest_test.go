package suggest

import "testing"

func TestClosest(t *testing.T) {
	words := []string{"event", "handler", "matcher", "blocking", "name"}
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"evnet", 1, "event"},     // adjacent swap
		{"evnt", 1, "event"},      // deletion
		{"eventt", 1, "event"},    // insertion
		{"hendler", 1, "handler"}, // substitution
		{"handlr", 1, "handler"},
		{"blockign", 1, "blocking"},
		{"matchr", 1, "matcher"},
		{"event", 1, ""}, // exact match is not a suggestion
		{"zzz", 1, ""},
		{"nmae", 1, "name"},
		{"hndlr", 1, ""},
		{"hndlr", 2, "handler"},
	}
	for _, tt := range tests {
		if got := Closest(tt.in, words, tt.max); got != tt.want {
			t.Errorf("Closest(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func TestCompletion(t *testing.T) {
	events := []string{"before_tool_execute", "before_prompt", "after_tool_execute"}
	tests := []struct{ in, want string }{
		{"before_tool_exec", "before_tool_execute"},
		{"before_", ""}, // several candidates
		{"bef", ""},     // too short
		{"after_tool", "after_tool_execute"},
		{"after_tool_execute", ""}, // not a proper prefix
		{"xyz_", ""},
	}
	for _, tt := range tests {
		if got := Completion(tt.in, events); got != tt.want {
			t.Errorf("Completion(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSlug(t *testing.T) {
	slugs := []string{"canonical", "claude-code", "gemini-cli", "codex", "factory-droid", "cursor", "copilot-cli", "vs-code-copilot", "kiro", "kiro-legacy", "kiro-agent"}
	for _, tc := range []struct{ name, want string }{
		{"cursor", ""}, // a slug: nothing to suggest
		{"Cursor", "cursor"},
		{"cursr", "cursor"},
		{"claude", "claude-code"},
		{"gemni", "gemini-cli"},
		{"gemini", "gemini-cli"},
		{"kiro-agnt", "kiro-agent"},
		{"kiro2", "kiro"},
		// Names spelling a slug in parts (QA F12).
		{"vscode", "vs-code-copilot"},
		{"vs-code", "vs-code-copilot"},
		{"droid", "factory-droid"},
		{"cursor-agent", "cursor"},
		{"kiro-cli", ""}, // Kiro CLI's formats are kiro and kiro-agent: no one slug
		{"vscod", "vs-code-copilot"},
		{"xyz", ""},
		{"", ""},
	} {
		if got := Slug(tc.name, slugs); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
