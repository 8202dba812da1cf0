package hookconv

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFindProjectSource: the source tool is found as hookconv convert DIR
// finds it, and a project without its config is told apart (ErrNoSource)
// from one where the caller must choose.
func TestFindProjectSource(t *testing.T) {
	claude := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]}]}}`
	gemini := `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"./g.sh"}]}]}}`
	tests := []struct {
		name     string
		files    map[string]string
		from     string
		targets  []string
		want     string
		noSource bool
	}{
		{"found by its path", map[string]string{".claude/settings.json": claude}, "", nil, "claude-code", false},
		{"named", map[string]string{".claude/settings.json": claude}, "claude-code", nil, "claude-code", false},
		{"nothing there", map[string]string{"README": "x"}, "", nil, "", true},
		{"none of the named tool's", map[string]string{".claude/settings.json": claude}, "cursor", nil, "", true},
		{"two tools: a choice", map[string]string{".claude/settings.json": claude, ".gemini/settings.json": gemini}, "", nil, "", false},
		{"two tools, one the target", map[string]string{".claude/settings.json": claude, ".gemini/settings.json": gemini}, "", []string{"gemini-cli"}, "claude-code", false},
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
			if (err == nil) != (tt.want != "") || got.From != tt.want {
				t.Errorf("From = %q, err = %v; want %q", got.From, err, tt.want)
			}
			if err == nil && len(got.Files) == 0 {
				t.Errorf("no files read")
			}
		})
	}
}
