//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/e2e/fakellm"
	"github.com/hookconv/hookconv/providers"
)

// Prompt is what every tool is asked; the fake model ignores it.
const Prompt = "run echo hi"

// Marker is the file the shell tool call writes into the project: present
// means the tool ran, absent means it was blocked (or never called).
const Marker = "hookconv-tool-ran.txt"

// ToolCommand is the shell command the fake model asks every tool to run.
const ToolCommand = "echo hi; echo ran > " + Marker

// The canonical events the recording hooks are bound to.
const (
	evTool   = "before_tool_execute"
	evPrompt = "before_prompt"
	evStart  = "session_start"
	evStop   = "agent_stop"
	evAfter  = "after_tool_execute"
	evEnd    = "session_end"
)

// allEvents: the four the issue names, then the other two core events.
var allEvents = []string{evTool, evPrompt, evStart, evStop, evAfter, evEnd}

// evWrongTool records a before_tool_execute hook whose matcher leaves the
// shell tool out: it must never fire in these runs.
const evWrongTool = "wrong_tool"

// blockReason is what the blocking hook says on stderr.
const blockReason = "blocked by the hookconv e2e suite"

// recScript records one hook call: its stdin goes to REC/<event>.json
// (<event>.2.json, … on later calls), its environment to
// REC/<event>.env, a line to REC/hooks.log. With "block" as the second
// argument it then exits 2 with a reason on stderr; with "deny-json" it
// exits 0 and prints the canonical JSON deny (hooks/1.0 §5), which only
// hookconv run reads; with "deny-claude-json", Claude Code's.
//
// It first sleeps half a second: every hook is converted with a 30 s
// timeout, so a tool that read it in the wrong unit (30 ms) kills the
// hook before it records anything, and the case fails.
const recScript = `#!/bin/sh
# rec.sh EVENT [block]: the hookconv e2e recording hook.
rec=%q
e=${1:-unknown}
sleep 0.5
tmp="$rec/.tmp.$$"
cat >"$tmp"
f="$rec/$e.json"
n=1
while [ -e "$f" ]; do n=$((n + 1)); f="$rec/$e.$n.json"; done
[ "$n" = 1 ] && env >"$rec/$e.env"
mv "$tmp" "$f" # whole, at once: the suite may be polling for it
printf '%%s\tcwd=%%s\n' "$e" "$(pwd)" >>"$rec/hooks.log"
case "${2-}" in
block)
	echo "%s" >&2
	exit 2
	;;
fail)
	echo "hook failed (exit 1) in the hookconv e2e suite" >&2
	exit 1
	;;
deny-json)
	printf '{"decision": "deny", "reason": "%%s"}\n' "%s"
	exit 0
	;;
deny-claude-json)
	printf '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "%%s"}}\n' "%s"
	exit 0
	;;
esac
exit 0
`

// runCtx is one case of one tool: a scratch project, a recording dir and
// a fake model server.
type runCtx struct {
	t    *testing.T
	tool *tool
	bin  string
	home string // the tool's HOME, shared by its cases
	root string // this case's scratch dir
	proj string // the project the tool runs in
	rec  string // recordings
	rsh  string // absolute path of rec.sh
	srv  *fakellm.Server

	stdout, stderr string // files
	runTime        time.Duration
	exited         time.Time
	exitErr        error
	diags          []string // hookconv's diagnostics
	warnings       []string // those of them that are warnings or errors

	// target is the slug the case converts to (the tool's own, or a file
	// of another tool that it also loads).
	target string
	// binDir, set by convertShim, holds the hookconv binary; it goes
	// first on the tool's PATH.
	binDir string
	// shimmed: convertShim wrapped the hooks in hookconv run (not so for
	// a target hookconv generates a program for: HC411, notShimmedWhy).
	shimmed       bool
	notShimmedWhy string
	// from is the tool the case's hooks were read from ("canonical" for
	// a manifest).
	from string
	// shimFrom is the source tool of a shim case's hooks ("" for a
	// manifest's): convert --shim writes it as run's --from.
	shimFrom string
}

// workDir is a scratch dir for the test; with E2E_KEEP it is made there
// and kept, for reading logs and request bodies after a failure.
func workDir(t *testing.T, name string) string {
	t.Helper()
	if keep := os.Getenv("E2E_KEEP"); keep != "" {
		if err := os.MkdirAll(keep, 0o755); err != nil {
			t.Fatal(err)
		}
		d, err := os.MkdirTemp(keep, strings.NewReplacer("/", "-", " ", "-").Replace(name)+"-")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("E2E_KEEP: work dir %s is kept", d)
		return d
	}
	return t.TempDir()
}

func newRun(t *testing.T, tl *tool, bin, home string) *runCtx {
	t.Helper()
	root := workDir(t, tl.key+"-"+t.Name())
	c := &runCtx{t: t, tool: tl, bin: bin, home: home, root: root,
		proj: filepath.Join(root, "proj"), rec: filepath.Join(root, "rec")}
	for _, d := range []string{c.proj, c.rec} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c.rsh = filepath.Join(root, "rec.sh")
	if err := os.WriteFile(c.rsh, []byte(fmt.Sprintf(recScript, c.rec, blockReason, blockReason, blockReason)), 0o755); err != nil {
		t.Fatal(err)
	}
	// A project is a git repository (Codex finds the project root with
	// git, and hookconv writes $(git rev-parse --show-toplevel) for it).
	if out, err := exec.Command("git", "init", "-q", c.proj).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	srv, err := fakellm.Start(filepath.Join(root, "llm", "requests.log"), ToolCommand)
	if err != nil {
		t.Fatal(err)
	}
	c.srv = srv
	t.Cleanup(srv.Close)
	c.stdout = filepath.Join(root, "tool.stdout")
	c.stderr = filepath.Join(root, "tool.stderr")
	return c
}

// convert runs hookconv from → the tool's slug on in, fails the test on
// any error diagnostic, and writes the output files into the project
// with the mode the adapter asks for. It returns the output.
func (c *runCtx) convert(from string, in providers.Files) providers.Files {
	t := c.t
	t.Helper()
	res := hookconv.Convert(from, c.target, in, nil)
	var diags []string
	for _, d := range res.Diagnostics {
		diags = append(diags, d.String())
		if d.Severity >= diag.Warning {
			first, _, _ := strings.Cut(d.String(), "\n")
			c.warnings = append(c.warnings, first)
		}
	}
	if len(diags) > 0 {
		t.Logf("hookconv %s → %s diagnostics:\n%s", from, c.target, strings.Join(diags, "\n"))
	}
	c.diags = diags
	if res.Diagnostics.HasErrors() || len(res.Files) == 0 {
		t.Fatalf("hookconv %s → %s wrote nothing (errors above)", from, c.target)
	}
	a, _ := providers.Get(c.target)
	for _, p := range res.Files.Paths() {
		dst := filepath.Join(c.proj, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, res.Files[p], providers.FileMode(a, p)); err != nil {
			t.Fatal(err)
		}
	}
	return res.Files
}

var recArg = regexp.MustCompile(`rec\.sh"?\s+([a-z_]+)`)

// expected decodes the converted files with the target's own adapter and
// returns, per recorded event, the canonical event the hook was written
// under: the hooks the conversion actually wrote.
func (c *runCtx) expected(out providers.Files) map[string]string {
	t := c.t
	t.Helper()
	a, _ := providers.Get(c.target)
	m, ds := a.Decode(out)
	if m == nil || ds.HasErrors() {
		t.Fatalf("the converted %s config does not decode: %v", c.target, ds)
	}
	got := map[string]string{}
	for _, h := range m.Hooks {
		cmd := h.Handler.Command
		sm := recArg.FindStringSubmatch(cmd)
		if sm == nil {
			t.Errorf("converted hook %q (%s) runs %q: not the recording hook", h.Name, h.Event, cmd)
			continue
		}
		if _, dup := got[sm[1]]; dup {
			t.Errorf("the converted config holds the %s recording hook twice: it would run twice", sm[1])
		}
		got[sm[1]] = h.Event
	}
	return got
}

// run starts the tool headless in the project and waits for it.
func (c *runCtx) run(args []string, env []string, timeout time.Duration) {
	t := c.t
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.bin, args...)
	cmd.Dir = c.proj
	cmd.Env = append(withPath(baseEnv(c.home), c.binDir), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// On timeout, end the tool's own process group (only what it started).
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	so, err := os.Create(c.stdout)
	if err != nil {
		t.Fatal(err)
	}
	defer so.Close()
	se, err := os.Create(c.stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer se.Close()
	cmd.Stdout, cmd.Stderr = so, se
	t.Logf("run: %s %s", filepath.Base(c.bin), strings.Join(quoteAll(args), " "))
	start := time.Now()
	c.exitErr = cmd.Run()
	c.exited = time.Now()
	c.runTime = c.exited.Sub(start)
	if ctx.Err() != nil {
		c.exitErr = fmt.Errorf("timed out after %s (killed): %v", timeout, c.exitErr)
	}
	t.Logf("exit: %v after %s; %d model requests %v", c.exitErr, c.runTime.Round(time.Millisecond), c.srv.Requests(), c.srv.Decisions())
}

// baseEnv is a clean environment: nothing of the caller's leaks into the
// tool (no API keys, no XDG dirs), only PATH, a scratch HOME and a locale.
func baseEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"USER=e2e",
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
		"CI=1",
	}
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " \"'$;") {
			a = fmt.Sprintf("%q", a)
		}
		out[i] = a
	}
	return out
}

// recorded returns the payloads recorded for event, in call order.
func (c *runCtx) recorded(event string) []map[string]any {
	var out []map[string]any
	for n := 1; ; n++ {
		name := event + ".json"
		if n > 1 {
			name = fmt.Sprintf("%s.%d.json", event, n)
		}
		b, err := os.ReadFile(filepath.Join(c.rec, name))
		if err != nil {
			return out
		}
		var p map[string]any
		if err := json.Unmarshal(b, &p); err != nil {
			c.t.Errorf("%s: the %s hook got stdin that is not a JSON object: %v\n%s", name, event, err, b)
			p = map[string]any{}
		}
		out = append(out, p)
	}
}

// await gives hooks the tool started but did not wait for (OpenCode's bus
// events are fire-and-forget) up to grace to record, and returns the
// events that recorded only after the tool had exited.
func (c *runCtx) await(events []string, grace time.Duration) (late []string) {
	deadline := time.Now().Add(grace)
	for {
		missing := false
		for _, ev := range events {
			if _, err := os.Stat(filepath.Join(c.rec, ev+".json")); err != nil {
				missing = true
			}
		}
		if !missing || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, ev := range events {
		if st, err := os.Stat(filepath.Join(c.rec, ev+".json")); err == nil && st.ModTime().After(c.exited) {
			late = append(late, ev)
		}
	}
	return late
}

// modelSaw tells whether a request to the fake model after its first
// answer carried text (a blocked tool's result).
func (c *runCtx) modelSaw(text string) bool {
	bodies, _ := filepath.Glob(filepath.Join(filepath.Dir(c.srv.LogPath), "*.json"))
	for _, b := range bodies {
		if data, err := os.ReadFile(b); err == nil && bytes.Contains(data, []byte(text)) {
			return true
		}
	}
	return false
}

// saidWhy says whether hookconv warned about the conversion at all.
func (c *runCtx) saidWhy() string {
	var warned []string
	for _, d := range c.diags {
		first, _, _ := strings.Cut(d, "\n")
		warned = append(warned, first)
	}
	if len(warned) == 0 {
		return "no diagnostics at all"
	}
	return "only: " + strings.Join(warned, " | ")
}

func (c *runCtx) markerExists() bool {
	_, err := os.Stat(filepath.Join(c.proj, Marker))
	return err == nil
}

// dump logs everything that helps explain a failure: the tool's output,
// the hooks that ran, the fake server's request log and the config.
func (c *runCtx) dump(out providers.Files) {
	t := c.t
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "==== %s: work dir %s\n", c.tool.name, c.root)
	for _, p := range out.Paths() {
		body := out[p]
		if len(body) > 3000 && !strings.HasSuffix(p, ".json") {
			body = append(body[:3000:3000], "\n…(cut)"...)
		}
		fmt.Fprintf(&b, "---- converted %s:\n%s\n", p, body)
	}
	for _, f := range []string{c.stdout, c.stderr, filepath.Join(c.rec, "hooks.log")} {
		fmt.Fprintf(&b, "---- %s:\n%s\n", filepath.Base(f), tail(f, 6000))
	}
	fmt.Fprintf(&b, "---- fake model server log (%s):\n%s", c.srv.LogPath, c.srv.Log())
	for _, f := range c.tool.logs(c) {
		fmt.Fprintf(&b, "---- %s:\n%s\n", f, tail(f, 6000))
	}
	t.Log(b.String())
}

func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	if len(b) > n {
		b = append([]byte("…"), b[len(b)-n:]...)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return "(empty)"
	}
	return string(b)
}

// get reads a dotted path (a.b.c) from a JSON object.
func get(p map[string]any, path string) (any, bool) {
	var v any = p
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

func keys(p map[string]any) []string {
	out := make([]string, 0, len(p))
	for k := range p {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func writeFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

func mustJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return string(b)
}
