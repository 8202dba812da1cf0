//go:build e2e

package e2e

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// The shim cases run the hookconv binary itself: `convert --shim` the
// way a user runs it, and `hookconv run`, which every converted command
// calls, from the tool's PATH. It is built once per test process.
var (
	hookconvOnce sync.Once
	hookconvDir  string
	hookconvErr  error
)

// hookconvBinDir builds ./cmd/hookconv from this checkout into a scratch
// dir (under E2E_KEEP when set, to be run again by hand) and returns
// the dir.
func hookconvBinDir(t *testing.T) string {
	t.Helper()
	hookconvOnce.Do(func() {
		dir, err := os.MkdirTemp(os.Getenv("E2E_KEEP"), "hookconv-bin-")
		if err != nil {
			hookconvErr = err
			return
		}
		// The module root is the e2e package's parent.
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "hookconv"), "./cmd/hookconv")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			hookconvErr = &buildError{err: err, out: string(out)}
			return
		}
		hookconvDir = dir
	})
	if hookconvErr != nil {
		t.Fatalf("build hookconv for the shim: %v", hookconvErr)
	}
	return hookconvDir
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// removeHookconvBin removes the built binary's dir (TestMain, after the
// run), unless E2E_KEEP keeps it.
func removeHookconvBin() {
	if hookconvDir != "" && os.Getenv("E2E_KEEP") == "" {
		os.RemoveAll(hookconvDir)
	}
}

// withPath returns env with dir first on its PATH (env unchanged when dir
// is empty).
func withPath(env []string, dir string) []string {
	if dir == "" {
		return env
	}
	out := make([]string, len(env))
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			kv = "PATH=" + dir + string(os.PathListSeparator) + v
		}
		out[i] = kv
	}
	return out
}

// cursorGuard: a Cursor shell guard, the way Cursor's docs write one: a
// beforeShellExecution hook that denies by exiting 2 with the reason on
// stderr. Cursor's hooks have no blocking flag: hookconv reads this
// event's hooks as blocking, and the shim must keep the deny.
func cursorGuard(c *runCtx) providers.Files {
	cfg := map[string]any{"version": 1, "hooks": map[string]any{
		"beforeShellExecution": []any{map[string]any{"command": c.rsh + " " + evTool + " block"}},
	}}
	return providers.Files{".cursor/hooks.json": []byte(mustJSON(cfg))}
}

// cursorFailClosedGuard: a Cursor shell guard marked failClosed that
// fails (exit 1, its reason on stderr) rather than denying.
func cursorFailClosedGuard(c *runCtx) providers.Files {
	cfg := map[string]any{"version": 1, "hooks": map[string]any{
		"preToolUse": []any{map[string]any{"command": c.rsh + " " + evTool + " fail", "matcher": "Shell", "failClosed": true, "timeout": 30}},
	}}
	return providers.Files{".cursor/hooks.json": []byte(mustJSON(cfg))}
}

// claudeJSONGuard: a Claude Code Bash guard that denies in JSON on exit
// 0, in the form hookconv run reads ({"decision": "deny", "reason": …},
// as HC425's hint says to write it): the shim must turn that into the
// target's own deny. (Claude's nested hookSpecificOutput deny is not read
// by the shim, and convert --shim says so with HC425.)
func claudeJSONGuard(c *runCtx) providers.Files {
	settings := map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{
			"type": "command", "command": c.rsh + " " + evTool + " deny-json", "timeout": 30}}}},
	}}
	return providers.Files{".claude/settings.json": []byte(mustJSON(settings))}
}

// convertShim runs `hookconv convert --shim --from FROM --to TARGET FILE
// -o PROJECT/` with the built binary on the source written under
// root/src, fails the test when it exits non-zero, and returns the files
// it wrote into the project. It puts the binary on the tool's PATH.
func (c *runCtx) convertShim(from string, in providers.Files) providers.Files {
	t := c.t
	t.Helper()
	c.binDir = hookconvBinDir(t)
	if from != "canonical" {
		c.shimFrom = from
	}
	if len(in) != 1 {
		t.Fatalf("suite bug: a shim case's source is one file, not %d", len(in))
	}
	src := filepath.Join(c.root, "src")
	var input string
	for _, p := range in.Paths() {
		input = filepath.FromSlash(p)
		writeFile(t, filepath.Join(src, input), string(in[p]), 0o644)
	}
	args := []string{"convert", "--shim", "--from", from, "--to", c.target, input, "-o", c.proj + string(os.PathSeparator)}
	cmd := exec.Command(filepath.Join(c.binDir, "hookconv"), args...)
	cmd.Dir = src
	cmd.Env = baseEnv(c.home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	t.Logf("hookconv %s (exit %v) diagnostics:\n%s", strings.Join(args, " "), err, stderr.String())
	for _, line := range strings.Split(stderr.String(), "\n") {
		if line == "" || strings.HasPrefix(line, " ") {
			continue // a diagnostic's source excerpt or hint
		}
		c.diags = append(c.diags, line)
		if strings.Contains(line, ": warning: ") || strings.Contains(line, ": error: ") {
			c.warnings = append(c.warnings, line)
		}
	}
	if err != nil {
		t.Fatalf("hookconv convert --shim --from %s --to %s failed: %v", from, c.target, err)
	}

	out := providers.Files{}
	filepath.WalkDir(c.proj, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(c.proj, path)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	if len(out) == 0 {
		t.Fatalf("hookconv convert --shim --to %s wrote nothing into the project", c.target)
	}
	for _, b := range out {
		if bytes.Contains(b, []byte("hookconv run --provider "+c.target+" ")) {
			c.shimmed = true
		}
	}
	if !c.shimmed {
		// Only a target hookconv writes a program for runs the hooks
		// under the canonical contract itself, and says so.
		for _, d := range c.diags {
			if strings.Contains(d, "[HC411]") {
				c.notShimmedWhy = strings.TrimSpace(d)
			}
		}
		if c.notShimmedWhy == "" {
			t.Fatalf("hookconv convert --shim --to %s wrote no `hookconv run --provider %s` command, and did not say why (HC411)", c.target, c.target)
		}
	}
	return out
}

// checkPayload returns what is wrong with the first payload the ev hook
// received. Under the shim the hook reads hookconv run's canonical
// event, which also proves that the shim ran it: the tool's own payload
// is under "native".
func (c *runCtx) checkPayload(ev string, p map[string]any) []string {
	if !c.shimmed {
		return c.tool.checkPayload(ev, c.from, p)
	}
	var bad []string
	want := func(path, value string) {
		if v, ok := get(p, path); !ok || v != value {
			bad = append(bad, "shim payload: "+path+" = "+mustJSON(v)+" (want "+mustJSON(value)+")")
		}
	}
	want("event", ev)
	want("source", c.target)
	if v, ok := get(p, "tool"); !ok || v != "shell" {
		// A guard written against the canonical payload tests tool; left
		// out, such a guard exits 0 and lets the shell call through.
		bad = append(bad, "shim payload: tool = "+mustJSON(v)+` (want "shell"): a guard that tests the canonical tool name would let this call through`)
	}
	if c.target == c.tool.slug {
		want("native_event", c.tool.native[ev])
		want("native_tool", c.tool.shell)
	}
	if c.shimFrom == "claude-code" && ev == evTool {
		// hookconv run --from claude-code hands a Claude Code guard its
		// own field names and values too, whatever tool runs it.
		want("hook_event_name", "PreToolUse")
		want("tool_name", "Bash")
	}
	if v, ok := get(p, "tool_input.command"); !ok || !strings.Contains(mustJSON(v), Marker) {
		bad = append(bad, "shim payload: no tool_input.command with the command the model asked for")
	}
	return bad
}

// claudeNestedJSONGuard: a Claude Code Bash guard that denies the way
// Claude's docs show, hookSpecificOutput.permissionDecision "deny" on
// exit 0, which hookconv run --from claude-code reads.
func claudeNestedJSONGuard(c *runCtx) providers.Files {
	settings := map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{
			"type": "command", "command": c.rsh + " " + evTool + " deny-claude-json", "timeout": 30}}}},
	}}
	return providers.Files{".claude/settings.json": []byte(mustJSON(settings))}
}

// warned returns the first of hookconv's warnings that carries code
// ("" when code is empty or none does).
func (c *runCtx) warned(code string) string {
	if code == "" {
		return ""
	}
	for _, w := range c.warnings {
		if strings.Contains(w, "["+code+"]") {
			return strings.TrimSpace(w)
		}
	}
	return ""
}
