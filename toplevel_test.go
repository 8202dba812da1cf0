package hookconv

import (
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestAssumedTopLevel: a conversion not told where the project lies in
// its git repository says so (HC212, an info) where it writes a command
// that finds the project as git's top level (QA F3: it assumed that
// silently), and says nothing when told, or when it wrote no such command.
func TestAssumedTopLevel(t *testing.T) {
	settings := func(command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":` + command + `}]}]}}`)}
	}
	viaVar := `"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"`
	tests := []struct {
		name    string
		in      providers.Files
		to      string
		scripts *Scripts
		want    bool
	}{
		{"project variable to Codex, place unknown", settings(viaVar), "codex", nil, true},
		{"project variable to Copilot CLI, place unknown", settings(viaVar), "copilot-cli", nil, true},
		{"place known: the repository's top level", settings(viaVar), "codex", &Scripts{FS: fstest.MapFS{}, Repo: RepoPlace{Known: true, InRepo: true}}, false},
		{"place known: a subfolder", settings(viaVar), "codex", &Scripts{FS: fstest.MapFS{}, Repo: RepoPlace{Known: true, InRepo: true, Sub: "packages/api"}}, false},
		{"a target that sets the variable", settings(viaVar), "gemini-cli", nil, false},
		{"written so by its author", settings(`"\"$(git rev-parse --show-toplevel)\"/guard.sh"`), "codex", nil, false},
		{"nothing of the project's", settings(`"echo ok"`), "codex", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DecodeSource("claude-code", tt.in)
			s.Scripts = tt.scripts
			res := s.Convert(tt.to, nil, Options{})
			var got []diag.Diagnostic
			for _, d := range res.Diagnostics {
				if d.Code == CodeAssumedTopLevel {
					got = append(got, d)
				}
			}
			if (len(got) > 0) != tt.want || len(got) > 1 {
				t.Errorf("HC212: %v, want one: %v\n%v", got, tt.want, res.Diagnostics)
			}
			if len(got) == 1 && (got[0].Severity != diag.Info || got[0].File != ".claude/settings.json") {
				t.Errorf("HC212 not an info at the source file: %v", got[0])
			}
		})
	}
}
