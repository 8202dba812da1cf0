//go:build unix

package hookconv

import (
	"os"
	"os/exec"
	"path/filepath"
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
