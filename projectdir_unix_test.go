//go:build unix

package hookconv

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestProjectDirRewriteRuns runs, with sh, bash and zsh (the shells
// Codex runs a hook's command with), the commands rewriteProjectDir
// writes for a project whose folder in its git repository holds spaces,
// quotes, a $ and a backslash: each finds the project's script,
// unquoted, in double quotes, after a cd, and where it names the program
// after an operator, an assignment or exec.
func TestProjectDirRewriteRuns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	sub := `my pkg/it's "q" $x \ y`
	hooks := filepath.Join(repo, filepath.FromSlash(sub), ".claude", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hooks, "guard.sh"), []byte("#!/bin/sh\necho found\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	git := exec.Command("git", "init", "-q", repo)
	if out, err := git.CombinedOutput(); err != nil {
		t.Skipf("git init: %v: %s", err, out)
	}
	place := RepoPlace{Known: true, InRepo: true, Sub: sub}
	for _, command := range []string{
		`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`,
		`$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh`,
		`"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.sh"`,
		`cd "$CLAUDE_PROJECT_DIR" && ./.claude/hooks/guard.sh`,
		`sh "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"`,
		`true && "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`,
		`V=1 exec $CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh`,
	} {
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{Event: "before_tool_execute",
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: command}}}}
		if ds := rewriteProjectDir(m, "codex", place); ds.Count(diag.Info) != 1 || len(ds) != 1 {
			t.Errorf("%s: %v", command, ds)
		}
		rewritten := m.Hooks[0].Handler.Command
		for _, shell := range []string{"sh", "bash", "zsh"} {
			if _, err := exec.LookPath(shell); err != nil {
				continue
			}
			run := exec.Command(shell, "-c", rewritten)
			run.Dir = repo
			run.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR=") // the target sets none
			out, err := run.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "found" {
				t.Errorf("%s -c %q: %v: %s", shell, rewritten, err, out)
			}
		}
	}
}

// TestAnchorRuns runs, with sh, bash and zsh (Codex runs $SHELL -lc:
// reference part 1 §4.6) from a subfolder of the project,
// the commands anchorRelativePrograms writes for Codex (QA s28 q3 F6):
// each finds its script, quoted or escaped, given to an interpreter, or
// after a cd, in a project at a repository's top level and in one below
// it whose path needs quoting.
func TestAnchorRuns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	files := map[string]string{
		"scripts/a.sh":         "echo found\n",
		"scripts/a.py":         "print('found')\n",
		"scripts/x.js":         "console.log('found')\n",
		"my dir/g.sh":          "#!/bin/sh\necho found \"$1\"\n",
		"tools/scripts/ctx.sh": "#!/bin/sh\necho found\n",
		"sub/.keep":            "",
	}
	commands := map[string]string{ // the command, and the interpreter it needs
		"bash scripts/a.sh":                "bash",
		"sh ./scripts/a.sh":                "sh",
		"python3 scripts/a.py | cat":       "python3",
		"node scripts/x.js":                "node",
		`"my dir/g.sh" arg`:                "",
		`my\ dir/g.sh arg`:                 "",
		`bash 'my dir/g.sh' arg`:           "bash",
		"cd tools && scripts/ctx.sh":       "",
		"cd tools; sh scripts/ctx.sh":      "sh",
		"V=1 exec scripts/../scripts/a.sh": "",
	}
	for _, sub := range []string{"", `my pkg/it's`} {
		repo := t.TempDir()
		root := filepath.Join(repo, filepath.FromSlash(sub))
		for name, text := range files {
			file := filepath.Join(root, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(text), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
			t.Skipf("git init: %v: %s", err, out)
		}
		place := RepoPlace{Known: true, InRepo: true, Sub: sub}
		for _, command := range slices.Sorted(maps.Keys(commands)) {
			if need := commands[command]; need != "" {
				if _, err := exec.LookPath(need); err != nil {
					continue
				}
			}
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{Event: "before_tool_execute",
				Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: command}}}}
			ds := anchorRelativePrograms(m, m, "cursor", "codex", &Scripts{FS: os.DirFS(root), Repo: place})
			rewritten := m.Hooks[0].Handler.Command
			if rewritten == command || ds.Count(diag.Info) != 1 {
				t.Errorf("%q in %q: not anchored: %s (%v)", command, sub, rewritten, ds)
				continue
			}
			for _, shell := range []string{"sh", "bash", "zsh"} {
				if _, err := exec.LookPath(shell); err != nil {
					continue
				}
				run := exec.Command(shell, "-c", rewritten)
				run.Dir = filepath.Join(root, "sub")
				out, err := run.CombinedOutput()
				if err != nil || !strings.HasPrefix(string(out), "found") {
					t.Errorf("%s -c %q from a subfolder: %v: %s", shell, rewritten, err, out)
				}
			}
		}
	}
}
