package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestDoubleRun: HC406 is said whichever of the two tools loads the
// other's config, naming the tool that runs the hooks twice; once for a
// pair that load each other's; never where neither does, or for a file no
// tool reads (QA: Copilot CLI converted to Claude Code was not warned).
func TestDoubleRun(t *testing.T) {
	claude := providers.Files{".claude/settings.json": nil}
	copilot := providers.Files{".github/hooks/hooks.json": nil}
	for _, tc := range []struct {
		in       providers.Files
		from, to string
		want     string // the message, "" for none
	}{
		{claude, "claude-code", "copilot-cli", "GitHub Copilot CLI also runs the hooks in Claude Code's config: keeping both makes every hook run twice in GitHub Copilot CLI"},
		// VS Code loads Copilot CLI's .github/hooks files too, and Claude
		// Code's config (reference part 2 §2.2, §2.3).
		{copilot, "copilot-cli", "claude-code", "GitHub Copilot CLI and VS Code Copilot agent hooks (which loads .github/hooks/hooks.json as its own) also run the hooks in Claude Code's config, where they are converted: each hook left in .github/hooks/hooks.json runs twice in both"},
		// Copilot CLI loads VS Code's .github/hooks files as its own, and
		// runs Claude Code's config too: both run the hooks twice.
		{copilot, "vs-code-copilot", "claude-code", "VS Code Copilot agent hooks and GitHub Copilot CLI (which loads .github/hooks/hooks.json as its own) also run the hooks in Claude Code's config, where they are converted: each hook left in .github/hooks/hooks.json runs twice in both"},
		{copilot, "vs-code-copilot", "copilot-cli", "VS Code Copilot agent hooks and GitHub Copilot CLI each also run the hooks in the other's config"},
		{providers.Files{".github/hooks/vscode.json": nil}, "vs-code-copilot", "gemini-cli", ""},
		{providers.Files{".cursor/hooks.json": nil}, "cursor", "claude-code", "each hook left in .cursor/hooks.json runs twice in Cursor"},
		{copilot, "copilot-cli", "vs-code-copilot", "GitHub Copilot CLI and VS Code Copilot agent hooks each also run the hooks in the other's config"},
		{claude, "claude-code", "gemini-cli", ""},
		{providers.Files{".windsurf/hooks.json": nil}, "windsurf", "claude-code", ""},
		{providers.Files{"saved/hooks.json": nil}, "copilot-cli", "claude-code", ""}, // no tool reads it there
	} {
		ds := doubleRun(tc.in, tc.from, tc.to, nil)
		switch {
		case tc.want == "" && len(ds) > 0:
			t.Errorf("%s -> %s: %v, want nothing", tc.from, tc.to, ds)
		case tc.want != "" && (len(ds) != 1 || ds[0].Code != CodeDoubleRun || !strings.Contains(ds[0].Message, tc.want)):
			t.Errorf("%s -> %s: %v, want one HC406 saying %q", tc.from, tc.to, ds, tc.want)
		}
	}
}

// TestDoubleRunSwitchedOff: a source file whose hooks its tool keeps all
// switched off ("disableAllHooks": true in a Copilot CLI hook file) runs
// none of them there, so none runs twice there (QA: HC406 said each hook
// left in it ran twice in both); VS Code, which loads the file as its own
// and whose handling of the switch is undocumented, is still named.
func TestDoubleRunSwitchedOff(t *testing.T) {
	off := providers.Files{".github/hooks/off.json": []byte(`{"version": 1, "disableAllHooks": true, "hooks": {"preToolUse": [{"matcher": "edit", "bash": "exit 2"}]}}`)}
	on := providers.Files{".github/hooks/on.json": []byte(`{"version": 1, "hooks": {"preToolUse": [{"matcher": "edit", "bash": "exit 2"}]}}`)}
	for _, tc := range []struct {
		in   providers.Files
		want string
	}{
		{off, "VS Code Copilot agent hooks, which loads .github/hooks/off.json as its own, also runs the hooks in Claude Code's config, where they are converted: each hook left in .github/hooks/off.json runs twice in VS Code Copilot agent hooks"},
		{on, "GitHub Copilot CLI and VS Code Copilot agent hooks (which loads .github/hooks/on.json as its own) also run the hooks in Claude Code's config"},
	} {
		s := DecodeSource("copilot-cli", tc.in)
		if s.Diagnostics.HasErrors() {
			t.Fatalf("decode: %v", s.Diagnostics)
		}
		ds := doubleRun(tc.in, "copilot-cli", "claude-code", switchedOffFiles(s.Manifest, "copilot-cli", tc.in))
		if len(ds) != 1 || !strings.Contains(ds[0].Message, tc.want) {
			t.Errorf("%v: %v, want one HC406 saying %q", tc.in.Paths(), ds, tc.want)
		}
	}
}
