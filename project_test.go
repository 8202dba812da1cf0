package hookconv

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestFindProjectSource: the source tool is found as hookconv convert DIR
// finds it, and a project without its config is told apart (ErrNoSource)
// from one where the caller must choose.
func TestFindProjectSource(t *testing.T) {
	claude := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}`
	gemini := `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"./g.sh"}]}]}}`
	copilot := `{"version":1,"hooks":{"postToolUse":[{"type":"command","bash":"./g.sh"}]}}`
	tests := []struct {
		name     string
		files    map[string]string
		from     string
		targets  []string
		want     string
		noSource bool
		// several: the error is ErrSeveralSources; taken: the source was
		// chosen by leaving out targets, and said (HC468).
		several, taken bool
	}{
		{"found by its path", map[string]string{".claude/settings.json": claude}, "", nil, "claude-code", false, false, false},
		{"named", map[string]string{".claude/settings.json": claude}, "claude-code", nil, "claude-code", false, false, false},
		{"nothing there", map[string]string{"README": "x"}, "", nil, "", true, false, false},
		{"none of the named tool's", map[string]string{".claude/settings.json": claude}, "cursor", nil, "", true, false, false},
		{"two tools: a choice", map[string]string{".claude/settings.json": claude, ".gemini/settings.json": gemini}, "", nil, "", false, true, false},
		{"two tools, one the target", map[string]string{".claude/settings.json": claude, ".gemini/settings.json": gemini}, "", []string{"gemini-cli"}, "claude-code", false, false, true},
		// Copilot CLI's file, which VS Code's path holds too, told apart
		// by its event names beside a target's config (QA q1 F2).
		{"a shared path beside the target", map[string]string{".github/hooks/hooks.json": copilot, ".gemini/settings.json": gemini}, "", []string{"gemini-cli"}, "copilot-cli", false, false, true},
		{"a shared path beside another tool", map[string]string{".github/hooks/hooks.json": copilot, ".gemini/settings.json": gemini}, "", []string{"codex"}, "", false, true, false},
		{"a shared path alone", map[string]string{".github/hooks/hooks.json": copilot}, "", []string{"gemini-cli"}, "copilot-cli", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, content := range tt.files {
				full := filepath.Join(dir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := FindProjectSource(dir, tt.from, tt.targets)
			if errors.Is(err, ErrNoSource) != tt.noSource {
				t.Errorf("err = %v; want ErrNoSource: %v", err, tt.noSource)
			}
			if errors.Is(err, ErrSeveralSources) != tt.several {
				t.Errorf("err = %v; want ErrSeveralSources: %v", err, tt.several)
			}
			if taken := slices.Contains(got.Diagnostics.Codes(), CodeSourceTaken); taken != tt.taken {
				t.Errorf("diagnostics %v; want %s: %v", got.Diagnostics.Codes(), CodeSourceTaken, tt.taken)
			}
			if (err == nil) != (tt.want != "") || got.From != tt.want {
				t.Errorf("From = %q, err = %v; want %q", got.From, err, tt.want)
			}
			if err == nil && len(got.Files) == 0 {
				t.Errorf("no files read")
			}
		})
	}
}

// TestFindProjectSourceNoProject checks that a missing project directory,
// or a file named as one, is an error of its own, not ErrNoSource (QA q4
// F5: a caller walking many projects skipped a mistyped path as empty).
func TestFindProjectSourceNoProject(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(file, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want error
	}{
		{filepath.Join(dir, "missing"), fs.ErrNotExist},
		{file, syscall.ENOTDIR},
	} {
		_, err := FindProjectSource(tc.path, "claude-code", nil)
		if !errors.Is(err, tc.want) || errors.Is(err, ErrNoSource) {
			t.Errorf("%s: err = %v, want %v and not ErrNoSource", tc.path, err, tc.want)
		}
		if _, err := ConvertProject(tc.path, "", "gemini-cli", ProjectOptions{}); !errors.Is(err, tc.want) {
			t.Errorf("ConvertProject(%s): err = %v, want %v", tc.path, err, tc.want)
		}
	}
}
