package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestCheckExisting: the library refuses, as hookconv convert -o does,
// to write into another tool's config or into the input itself (QA F8:
// only HC323 said so), and says of an existing file it neither writes
// nor reads that it does not (QA F9: silent).
func TestCheckExisting(t *testing.T) {
	guard := []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`)
	in := providers.Files{".claude/settings.json": guard}
	tests := []struct {
		name     string
		to       string
		existing providers.Files
		opts     Options
		code     string
		severity diag.Severity
		written  bool
	}{
		{"another tool's config", "gemini-cli", providers.Files{".cursor/hooks.json": []byte(`{"version":1,"hooks":{}}`)}, Options{}, CodeForeignTarget, diag.Error, false},
		{"the source's own config", "gemini-cli", providers.Files{".claude/settings.json": guard}, Options{}, CodeForeignTarget, diag.Error, false},
		{"the input itself, differently spelled", "codex", providers.Files{"./.claude/settings.json": guard}, Options{}, CodeForeignTarget, diag.Error, false},
		{"the target's own config", "gemini-cli", providers.Files{".gemini/settings.json": []byte(`{}`)}, Options{}, "", 0, true},
		{"a file at no tool's path", "gemini-cli", providers.Files{"out.json": []byte(`{}`)}, Options{}, "", 0, true},
		{"several, one at no path", "gemini-cli", providers.Files{".gemini/settings.json": []byte(`{}`), "mine.json": []byte(`{}`)}, Options{}, CodeExistingUnread, diag.Warning, true},
		{"several, all the tool's", "codex", providers.Files{".codex/hooks.json": []byte(`{}`), ".codex/config.toml": []byte("")}, Options{}, "", 0, true},
		{"a project's files", "gemini-cli", providers.Files{".gemini/settings.json": []byte(`{}`), "mine.json": []byte(`{}`)}, Options{Project: true}, "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := DecodeSource("claude-code", in).Convert(tt.to, tt.existing, tt.opts)
			var got []diag.Diagnostic
			for _, d := range res.Diagnostics {
				if d.Code == CodeForeignTarget || d.Code == CodeExistingUnread {
					got = append(got, d)
				}
			}
			switch {
			case tt.code == "" && len(got) > 0:
				t.Errorf("want no HC456/HC457, got %v", got)
			case tt.code != "" && (len(got) != 1 || got[0].Code != tt.code || got[0].Severity != tt.severity):
				t.Errorf("want one %s (%v), got %v", tt.code, tt.severity, got)
			}
			if written := len(res.Files) > 0; written != tt.written {
				t.Errorf("files written: %v, want %v (%v)", written, tt.written, res.Diagnostics)
			}
		})
	}
}
