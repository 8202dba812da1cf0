package hookconv

import (
	"slices"
	"strings"
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

// TestAnchorUnknownProject: Convert, not told where the project is (no
// Source.Scripts, as for standard input), anchors a relative path a
// command runs for a tool that runs hooks in the folder the session
// starts in at git's top level, as it writes a project variable there,
// and says so (HC405, HC212): left relative, a guard is not found from a
// subfolder, and Codex lets the action through (QA F2). Without the
// project's files, a path counts by its look: a runner's package and a
// module are left.
func TestAnchorUnknownProject(t *testing.T) {
	settings := func(command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":` + command + `}]}]}}`)}
	}
	const top = `"$(git rev-parse --show-toplevel)"`
	tests := []struct {
		name, command, to, want string
	}{
		{"program by ./ to Codex", `"./g.sh"`, "codex", top + "/g.sh"},
		{"program by ./ to Copilot CLI", `"./g.sh"`, "copilot-cli", top + "/g.sh"},
		{"program in a folder", `".claude/hooks/guard.sh --strict"`, "codex", top + "/.claude/hooks/guard.sh --strict"},
		{"an interpreter's script", `"python3 hooks/check.py"`, "codex", "python3 " + top + "/hooks/check.py"},
		{"a runner's script", `"npx tsx scripts/x.ts"`, "copilot-cli", "npx tsx " + top + "/scripts/x.ts"},
		{"a cd into a folder", `"cd tools && ./ctx.sh"`, "codex", "cd " + top + "/tools && ./ctx.sh"},
		{"a runner's package", `"npx prettier --check ."`, "codex", "npx prettier --check ."},
		{"a scoped package", `"npx @biomejs/biome check"`, "codex", "npx @biomejs/biome check"},
		{"a Python module", `"python3 -m pytest"`, "codex", "python3 -m pytest"},
		{"a program in PATH", `"guard.sh"`, "codex", "guard.sh"},
		{"an absolute path", `"/opt/g.sh"`, "codex", "/opt/g.sh"},
		{"a target that runs hooks in the project", `"./g.sh"`, "gemini-cli", "./g.sh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Convert("claude-code", tt.to, settings(tt.command), nil)
			if res.Diagnostics.HasErrors() || res.Planned == nil || len(res.Planned.Hooks) != 1 {
				t.Fatalf("converted %v: %v", res.Planned, res.Diagnostics)
			}
			if got := res.Planned.Hooks[0].Handler.Command; got != tt.want {
				t.Errorf("command %q, want %q", got, tt.want)
			}
			anchored := tt.want != strings.Trim(tt.command, `"`)
			codes := res.Diagnostics.Codes()
			if slices.Contains(codes, CodeAssumedTopLevel) != anchored || slices.Contains(codes, CodeProjectDir) != anchored {
				t.Errorf("anchored %v, but codes %v", anchored, codes)
			}
		})
	}
}
