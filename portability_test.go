package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestPortabilitySwitchedOffInProject: a hook converted where the
// target's config in the project turns hooks off is not "full" there,
// and HC409 says why, once; a setting that turns nothing off changes
// nothing, nor does a target with no files in the project.
func TestPortabilitySwitchedOffInProject(t *testing.T) {
	in := providers.Files{"hooks.json": []byte(`{"spec":"hooks/1.0","hooks":[{"event":"after_tool_execute","matcher":"file_write","handler":{"type":"command","command":"npx prettier --write .","timeout":30}}]}`)}
	files := func(path, text string) providers.Files { return providers.Files{path: []byte(text)} }
	tests := []struct {
		name    string
		to      string
		project ProjectTarget
		fate    Fate
		hc409   int
	}{
		{"no project files", "qwen-code", ProjectTarget{}, FateFull, 0},
		{"qwen disableAllHooks", "qwen-code", ProjectTarget{Existing: files(".qwen/settings.json", `{"disableAllHooks": true}`)}, FateLossy, 1},
		{"qwen hooks on", "qwen-code", ProjectTarget{Existing: files(".qwen/settings.json", `{"disableAllHooks": false}`)}, FateFull, 0},
		{"gemini hooksConfig", "gemini-cli", ProjectTarget{Existing: files(".gemini/settings.json", `{"hooksConfig": {"enabled": false}}`)}, FateLossy, 1},
		{"gemini other hook disabled", "gemini-cli", ProjectTarget{Existing: files(".gemini/settings.json", `{"hooksConfig": {"disabled": ["./other.sh"]}}`)}, FateFull, 0},
		{"codex features", "codex", ProjectTarget{Existing: files(".codex/config.toml", "[features]\nhooks = false\n")}, FateLossy, 1},
		{"claude settings.local.json", "claude-code", ProjectTarget{Switches: files(".claude/settings.local.json", `{"disableAllHooks": true}`)}, FateLossy, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DecodeSource("canonical", in)
			s.Project = map[string]ProjectTarget{tt.to: tt.project}
			hooks, _ := s.Portability([]string{tt.to})
			if len(hooks) != 1 {
				t.Fatalf("%d hooks reported", len(hooks))
			}
			f := hooks[0].Fates[0]
			n := 0
			for _, d := range f.Diagnostics {
				if d.Code == CodeDisabledHook {
					n++
				}
			}
			if f.Fate != tt.fate || n != tt.hc409 {
				t.Errorf("fate %s with %d HC409, want %s with %d:\n%v", f.Fate, n, tt.fate, tt.hc409, f.Diagnostics)
			}
		})
	}
}
