package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestConvertProjectAsCLI: hookconv.ConvertProject says of a project what
// hookconv convert DIR says (QA F4: a library caller had to redo the
// command's discovery to get its diagnostics): the same diagnostics, as
// the json format renders them, and the same files.
func TestConvertProjectAsCLI(t *testing.T) {
	guard := `{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}`
	settings := `{
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [` + guard + `]}]
  }
}
`
	tests := []struct {
		name  string
		files map[string]string
		dir   string // the project, under the test's folder
		from  string
		to    string
		into  bool     // -o DIR/: into the project's own target files
		codes []string // what only the project's other files make said
	}{
		{
			name: "settings.local.json's env holds for settings.json's hooks",
			files: map[string]string{
				".claude/settings.json":       `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && exit 2; exit 0"}]}]}}`,
				".claude/settings.local.json": `{"env": {"STRICT": "1"}}`,
			},
			dir: ".", to: "gemini-cli",
			codes: []string{"HC440"}, // the env of settings.local.json
		},
		{
			name: "a project in a repository's subfolder, to Codex",
			files: map[string]string{
				".git/HEAD":                             "ref: refs/heads/main\n",
				"packages/api/.claude/settings.json":    settings,
				"packages/api/.claude/hooks/guard.sh":   "#!/bin/sh\nexit 2\n",
				"packages/api/.claude/hooks/unused.txt": "",
			},
			dir: "packages/api", from: "claude-code", to: "codex",
			codes: []string{"HC405", "HC431"}, // the path from the top level; the script read
		},
		{
			name: "the target already has hooks",
			files: map[string]string{
				".claude/settings.json": settings,
				".gemini/settings.json": `{"theme": "dark", "hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./old.sh"}]}]}}`,
			},
			dir: ".", to: "gemini-cli", into: true,
			codes: []string{providers.CodeReplaced},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for p, content := range tt.files {
				full := filepath.Join(root, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			dir := filepath.Join(root, tt.dir)
			args := []string{"convert", "--format", "json", "--to", tt.to}
			if tt.from != "" {
				args = append(args, "--from", tt.from)
			}
			args = append(args, dir)
			opts := hookconv.ProjectOptions{}
			if tt.into {
				// The CLI writes there: the library reads the project
				// first, as the CLI does.
				args = append(args, "-o", dir+string(filepath.Separator))
				opts.Into = dir
			}
			res, err := hookconv.ConvertProject(dir, tt.from, tt.to, opts)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			r := diag.Renderer{Format: diag.FormatJSON, Sources: res.Sources}
			if err := r.Render(&want, res.Diagnostics); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, nil, &stdout, &stderr); code != 0 {
				t.Fatalf("hookconv %v: exit %d\n%s", args, code, stderr.String())
			}
			if stderr.String() != want.String() {
				t.Errorf("diagnostics differ\nCLI:\n%s\nConvertProject:\n%s", stderr.String(), want.String())
			}
			for _, code := range tt.codes {
				if !slices.ContainsFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == code }) {
					t.Errorf("no %s: %v", code, res.Diagnostics)
				}
			}
			if tt.codes[0] == "HC405" && !strings.Contains(want.String(), "show-toplevel)/packages/api") {
				t.Errorf("the project's place in its repository was not found:\n%s", want.String())
			}
			if !tt.into {
				if len(res.Files) != 1 || stdout.String() != string(res.Files[res.Files.Paths()[0]]) {
					t.Errorf("files differ\nCLI:\n%s\nConvertProject: %v", stdout.String(), res.Files.Paths())
				}
			}
		})
	}
}
