//go:build e2e

// Package e2e proves hookconv's conversions in the real tools: for every
// agent CLI that scripts/e2e.sh installed (E2E_<TOOL>_BIN), it converts
// recording hooks to that tool, runs the tool headless against a fake
// model server on loopback (e2e/fakellm) and checks that the hooks fired
// with the tool's own payloads, that the shell tool ran, and that a
// blocking hook blocked it. Run it with scripts/e2e.sh, or
//
//	E2E_CLAUDE_BIN=… go test -tags e2e ./e2e/...
package e2e

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookconv/hookconv/providers"
)

// result is one row of the summary table.
type result struct {
	Tool    string  `json:"tool"`
	Version string  `json:"version"`
	Case    string  `json:"case"`
	Result  string  `json:"result"` // pass, FAIL, skip
	RunSec  float64 `json:"run_seconds"`
	CaseSec float64 `json:"case_seconds"`
	Note    string  `json:"note,omitempty"`
}

var (
	resultsMu sync.Mutex
	results   []result
)

func addResult(r result) {
	resultsMu.Lock()
	defer resultsMu.Unlock()
	results = append(results, r)
}

func TestMain(m *testing.M) {
	code := m.Run()
	removeHookconvBin()
	resultsMu.Lock()
	defer resultsMu.Unlock()
	if len(results) > 0 {
		fmt.Println("\n| tool | version | case | result | tool run | case total | notes |")
		fmt.Println("|---|---|---|---|---|---|---|")
		for _, r := range results {
			fmt.Printf("| %s | %s | %s | %s | %.1f s | %.1f s | %s |\n", r.Tool, r.Version, r.Case, r.Result, r.RunSec, r.CaseSec, r.Note)
		}
	}
	if path := os.Getenv("E2E_REPORT"); path != "" {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			enc := json.NewEncoder(f)
			for _, r := range results {
				enc.Encode(r)
			}
			f.Close()
		}
	}
	os.Exit(code)
}

// TestE2E runs every case for every tool, one tool at a time.
func TestE2E(t *testing.T) {
	for _, tl := range allTools {
		t.Run(tl.slug, func(t *testing.T) {
			bin := os.Getenv(tl.env())
			if bin == "" {
				addResult(result{Tool: tl.name, Case: "all", Result: "skip", Note: tl.env() + " not set (tool not selected, or not installed)"})
				t.Skipf("%s is not set: %s is not installed (scripts/e2e.sh installs it)", tl.env(), tl.name)
			}
			if st, err := os.Stat(bin); err != nil || st.Mode()&0o111 == 0 {
				t.Fatalf("%s=%s is not an executable file: %v", tl.env(), bin, err)
			}
			version := toolVersion(bin)
			t.Logf("%s %s (%s)", tl.name, version, bin)
			home := workDir(t, tl.key+"-home")
			if tl.setupHome != nil {
				tl.setupHome(t, home)
			}
			for _, cs := range cases {
				if !caseSelected(cs.name) || (len(cs.only) > 0 && !slices.Contains(cs.only, tl.key)) {
					continue
				}
				t.Run(cs.name, func(t *testing.T) {
					runCase(t, tl, bin, version, home, cs)
				})
			}
			if tl.validate != nil && caseSelected("golden-check") {
				t.Run("golden-check", func(t *testing.T) {
					start := time.Now()
					note := ""
					defer func() {
						res := "pass"
						if t.Failed() {
							res = "FAIL"
						}
						addResult(result{Tool: tl.name, Version: version, Case: "golden-check", Result: res,
							CaseSec: time.Since(start).Seconds(), Note: note})
					}()
					note = tl.validate(t, bin, home)
				})
			}
		})
	}
}

// caseSelected: E2E_CASES, a comma list of case names, picks cases
// (default: all of them).
func caseSelected(name string) bool {
	sel := os.Getenv("E2E_CASES")
	return sel == "" || slices.Contains(strings.Split(sel, ","), name)
}

func toolVersion(bin string) string {
	out, _ := exec.Command(bin, "--version").Output()
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(line)
}

// caseSpec is one scenario: a source config, converted to the tool.
type caseSpec struct {
	name  string
	from  string
	input func(c *runCtx) providers.Files
	// block: the one hook is blocking and denies (exits 2, or denyHow):
	// the tool call must be blocked. mustRun: the one hook fails but is not blocking: the tool
	// call must run (the spec's exit-code contract, §5).
	block, mustRun bool
	exit           int // the failing hook's exit code (mustRun cases)
	// events are the recording hooks the source holds.
	events []string
	// shim: the source is converted by the hookconv binary, `convert
	// --shim -o PROJECT/`, and that binary is on the tool's PATH, where
	// the shim (`hookconv run`) in each converted command finds it.
	shim bool
	// target is the slug converted to when it is not the tool's own: a
	// file of another tool that this tool also loads (Copilot CLI runs
	// the hooks of Claude Code's .claude/settings.json and VS Code's
	// .github/hooks files).
	target string
	// only lists the tools (keys) the case runs for; empty: every tool.
	only []string
	// warnedLoss: a diagnostic code with which hookconv says, when
	// converting, that the guard may not block; with it, a call that ran
	// is noted, not failed (a warned loss is not a silent one).
	warnedLoss string
	// denyHow says how a block case's guard denies, for messages
	// (default: exit 2 with the reason on stderr).
	denyHow string
}

func (cs caseSpec) denies() string { return cmp.Or(cs.denyHow, "exit 2, reason on stderr") }

var cases = []caseSpec{
	{name: "fire", from: "canonical", input: fireManifest, events: allEvents},
	{name: "block", from: "canonical", input: blockManifest, block: true, events: []string{evTool}},
	{name: "from-claude", from: "claude-code", input: claudeSettings, events: allEvents},
	{name: "exec-form", from: "claude-code", input: claudeExecForm, block: true, events: []string{evTool}},
	// The shim cases: a guard written for another tool, converted with
	// --shim, must still block. hookconv run answers the deny in the
	// target's contract, which only a real tool can confirm it reads.
	{name: "shim-block", from: "cursor", input: cursorGuard, block: true, shim: true, events: []string{evTool}},
	{name: "shim-block-json", from: "claude-code", input: claudeJSONGuard, block: true, shim: true,
		denyHow: `exit 0 with {"decision": "deny"}`, events: []string{evTool}},
	// A Claude Code guard that denies in Claude's own JSON: convert --shim
	// writes run --from claude-code, which reads that deny and answers it
	// in each tool's contract, so it must block wherever the shim runs
	// (before --from, the shim read it as an allow and HC425 warned). The
	// programs hookconv generates need no shim and must block too:
	// OpenCode's plugin reads the hook's Claude JSON as run --from does
	// (source_answers), Cline's scripts read hookSpecificOutput's deny.
	{name: "shim-claude-json-deny", from: "claude-code", input: claudeNestedJSONGuard, block: true, shim: true,
		denyHow: `exit 0 with hookSpecificOutput.permissionDecision "deny"`, events: []string{evTool}},
	// Files Copilot CLI loads beside its own: the shim answers there for
	// Claude Code and VS Code, and its deny must block in Copilot CLI too.
	{name: "shim-block-claude-file", from: "cursor", input: cursorGuard, block: true, shim: true, target: "claude-code",
		only: []string{"copilot"}, events: []string{evTool}},
	{name: "shim-block-vscode-file", from: "cursor", input: cursorGuard, block: true, shim: true, target: "vs-code-copilot",
		only: []string{"copilot"}, events: []string{evTool}},
	// A Cursor guard with failClosed: true that fails (exit 1) denies in
	// Cursor; converted to Claude Code it gets onFailure: "block" (2.1.295
	// on), under which exit 1 blocks as exit 2 does. hook-error-exit1
	// shows the same exit 1 lets the call run without it.
	{name: "fail-closed-exit1", from: "cursor", input: cursorFailClosedGuard, block: true, only: []string{"claude"},
		denyHow: `exit 1 under failClosed (Claude Code's onFailure "block")`, events: []string{evTool}},
	{name: "nonblocking-exit2", from: "canonical", input: failingManifest("block"), mustRun: true, exit: 2, events: []string{evTool}},
	{name: "hook-error-exit1", from: "canonical", input: failingManifest("fail"), mustRun: true, exit: 1, events: []string{evTool}},
}

func hook(name, event, matcher, command string, blocking bool) map[string]any {
	h := map[string]any{"name": name, "event": event,
		"handler": map[string]any{"type": "command", "command": command, "timeout": 30}}
	if matcher != "" {
		h["matcher"] = matcher
	}
	if blocking {
		h["blocking"] = true
	}
	return h
}

// fireManifest: a recording hook on each of the six core events, and one
// on file reads only.
func fireManifest(c *runCtx) providers.Files {
	m := map[string]any{"spec": "hooks/1.0", "hooks": []any{
		hook("record-before-tool", evTool, "shell", c.rsh+" "+evTool, false),
		hook("record-prompt", evPrompt, "", c.rsh+" "+evPrompt, false),
		hook("record-session-start", evStart, "", c.rsh+" "+evStart, false),
		hook("record-agent-stop", evStop, "", c.rsh+" "+evStop, false),
		hook("record-after-tool", evAfter, "shell", c.rsh+" "+evAfter, false),
		hook("record-session-end", evEnd, "", c.rsh+" "+evEnd, false),
		hook("record-file-read-only", evTool, "file_read", c.rsh+" "+evWrongTool, false),
	}}
	return providers.Files{"hooks.json": []byte(mustJSON(m))}
}

// blockManifest: one blocking hook on the shell tool that records and
// exits 2.
func blockManifest(c *runCtx) providers.Files {
	m := map[string]any{"spec": "hooks/1.0", "hooks": []any{
		hook("block-shell", evTool, "shell", c.rsh+" "+evTool+" block", true),
	}}
	return providers.Files{"hooks.json": []byte(mustJSON(m))}
}

// failingManifest: one hook on the shell tool, not blocking (the
// default), that records and then exits 2 ("block") or 1 ("fail"). Under
// the spec's contract neither may stop the tool call.
func failingManifest(how string) func(c *runCtx) providers.Files {
	return func(c *runCtx) providers.Files {
		m := map[string]any{"spec": "hooks/1.0", "hooks": []any{
			hook("observe-shell", evTool, "shell", c.rsh+" "+evTool+" "+how, false),
		}}
		return providers.Files{"hooks.json": []byte(mustJSON(m))}
	}
}

// claudeSettings: what a Claude Code user has, the way Claude's docs write
// it: scripts under .claude/hooks named through $CLAUDE_PROJECT_DIR, a
// SessionStart matcher on the "startup" source. The file itself is not
// put into the project: only the converted config is, so what fires is
// what hookconv wrote.
func claudeSettings(c *runCtx) providers.Files {
	local := filepath.Join(c.proj, ".claude", "hooks", "rec.sh")
	b, err := os.ReadFile(c.rsh)
	if err != nil {
		c.t.Fatal(err)
	}
	writeFile(c.t, local, string(b), 0o755)
	viaDir := func(ev string) string { return `"$CLAUDE_PROJECT_DIR"/.claude/hooks/rec.sh ` + ev }
	cmd := func(s string) []any {
		return []any{map[string]any{"type": "command", "command": s, "timeout": 30}}
	}
	settings := map[string]any{"hooks": map[string]any{
		"PreToolUse":       []any{map[string]any{"matcher": "Bash", "hooks": cmd(viaDir(evTool))}},
		"UserPromptSubmit": []any{map[string]any{"hooks": cmd(c.rsh + " " + evPrompt)}},
		"SessionStart":     []any{map[string]any{"matcher": "startup", "hooks": cmd(c.rsh + " " + evStart)}},
		"Stop":             []any{map[string]any{"hooks": cmd(viaDir(evStop))}},
		"PostToolUse":      []any{map[string]any{"matcher": "Bash", "hooks": cmd(c.rsh + " " + evAfter)}},
		"SessionEnd":       []any{map[string]any{"hooks": cmd(c.rsh + " " + evEnd)}},
	}}
	// A guard on file edits only: it must not fire for the shell tool.
	settings["hooks"].(map[string]any)["PreToolUse"] = append(settings["hooks"].(map[string]any)["PreToolUse"].([]any),
		map[string]any{"matcher": "Edit|Write", "hooks": cmd(c.rsh + " " + evWrongTool)})
	return providers.Files{".claude/settings.json": []byte(mustJSON(settings))}
}

// claudeExecForm: one blocking Bash guard in Claude Code's exec form
// (command + args, no shell). Every other tool gets the shell command that
// runs the same argv; Claude Code gets the exec form back. The guard must
// block everywhere: written as the bare program it would not.
func claudeExecForm(c *runCtx) providers.Files {
	settings := map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{
			"type": "command", "command": "/bin/sh", "args": []any{c.rsh, evTool, "block"}, "timeout": 30}}}},
	}}
	return providers.Files{".claude/settings.json": []byte(mustJSON(settings))}
}

// runCase converts the case's source to the tool, runs the tool and
// checks what happened.
func runCase(t *testing.T, tl *tool, bin, version, home string, cs caseSpec) {
	start := time.Now()
	c := newRun(t, tl, bin, home)
	c.target = cmp.Or(cs.target, tl.slug)
	var notes []string
	note := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		notes = append(notes, s)
		t.Log("note: " + s)
	}
	defer func() {
		res := "pass"
		if t.Failed() {
			res = "FAIL"
		}
		addResult(result{Tool: tl.name, Version: version, Case: cs.name, Result: res,
			RunSec: c.runTime.Seconds(), CaseSec: time.Since(start).Seconds(), Note: strings.Join(notes, "; ")})
	}()

	var out providers.Files
	c.from = cs.from
	if cs.shim {
		out = c.convertShim(cs.from, cs.input(c))
		if !c.shimmed {
			note("convert --shim wrapped nothing: %s", c.notShimmedWhy)
		}
	} else {
		out = c.convert(cs.from, cs.input(c))
	}
	defer func() {
		if t.Failed() {
			c.dump(out)
		}
	}()
	exp := c.expected(out)
	for _, ev := range cs.events {
		if _, ok := exp[ev]; !ok {
			note("hookconv wrote no %s hook for %s (dropped with a diagnostic)", ev, tl.name)
		}
	}
	if (cs.block || cs.mustRun) && exp[evTool] == "" {
		t.Fatalf("the %s hook was not converted to %s", evTool, tl.name)
	}

	if tl.prepare != nil {
		tl.prepare(c)
	}
	args, env := tl.command(c)
	c.run(args, env, tl.timeout())
	if tl.cleanup != nil {
		tl.cleanup(c)
	}

	// Hooks still running when the tool exited get a few seconds to finish.
	var waitFor []string
	for _, ev := range allEvents {
		if _, ok := exp[ev]; ok {
			if _, skip := tl.notHeadless[ev]; !skip {
				waitFor = append(waitFor, ev)
			}
		}
	}
	for _, ev := range c.await(waitFor, 5*time.Second) {
		note("%s finished only after %s had exited (the tool does not wait for it)", tl.native[ev], tl.name)
	}

	// What the tool said about the config it was given.
	for _, f := range append([]string{c.stdout, c.stderr}, tl.logs(c)...) {
		b, _ := os.ReadFile(f)
		for _, line := range strings.Split(string(b), "\n") {
			for _, pat := range tl.complaints {
				if strings.Contains(line, pat) {
					t.Errorf("%s complained about the converted config (%s): %s", tl.name, filepath.Base(f), strings.TrimSpace(line))
					break
				}
			}
		}
	}
	if tl.checkProject != nil {
		for _, p := range tl.checkProject(c) {
			t.Errorf("%s's config check rejects the converted project: %s", tl.name, p)
		}
	}

	asked := slices.ContainsFunc(c.srv.Decisions(), func(d string) bool { return strings.HasPrefix(d, "tool ") })
	if !asked {
		t.Errorf("%s never got a shell tool call from the fake model (requests: %v): it did not reach the model, or offered no known shell tool",
			tl.name, c.srv.Decisions())
	}

	if cs.block {
		calls := c.recorded(evTool)
		if len(calls) == 0 {
			t.Errorf("%s: the blocking %s hook (native %s) did not fire", tl.name, evTool, tl.native[evTool])
		} else {
			for _, p := range c.checkPayload(evTool, calls[0]) {
				t.Errorf("%s %s payload: %s (keys %v)", tl.name, tl.native[evTool], p, keys(calls[0]))
			}
		}
		if c.markerExists() {
			if warned := c.warned(cs.warnedLoss); warned != "" {
				// A loss hookconv warned about is documented, not silent.
				note("NOT blocked: the shell tool ran, as hookconv warned at conversion: %s", warned)
			} else {
				t.Errorf("%s: the blocking %s hook fired and denied (%s), but the shell tool ran anyway (%s exists)", tl.name, tl.native[evTool], cs.denies(), Marker)
			}
		}
		if c.exitErr != nil {
			note("%s exited with %v after the block", tl.name, c.exitErr)
		}
		switch {
		case c.markerExists():
			// Not blocked: there was no reason to pass on.
		case c.modelSaw(blockReason):
			note("the model saw the hook's reason")
		default:
			note("the model did not see the hook's reason (%s)", cs.denies())
		}
		return
	}

	if cs.mustRun {
		calls := c.recorded(evTool)
		if len(calls) == 0 {
			t.Errorf("%s: the %s hook (native %s) did not fire", tl.name, evTool, tl.native[evTool])
		}
		switch {
		case c.markerExists():
			note("the failing hook did not stop the tool call")
		case len(c.warnings) > 0:
			// A limitation hookconv warned about is documented, not a bug.
			note("the tool call was blocked, as hookconv warned: %s", strings.Join(c.warnings, " | "))
		default:
			t.Errorf("%s: a NON-blocking %s hook (blocking: false) that exited %d stopped the shell tool call; under hooks/1.0 (§5) it may not block, and hookconv converted it without a warning (%s)",
				tl.name, tl.native[evTool], cs.exit, c.saidWhy())
		}
		return
	}

	if !c.markerExists() {
		t.Errorf("%s: the shell tool did not run (%s is missing)", tl.name, Marker)
	}
	if ev, ok := exp[evWrongTool]; ok {
		if calls := c.recorded(evWrongTool); len(calls) > 0 {
			t.Errorf("%s: a %s hook whose matcher excludes the shell tool fired for the shell tool (%s): the converted matcher is not honoured; payload keys %v",
				tl.name, ev, tl.native[evTool], keys(calls[0]))
		}
	} else {
		note("hookconv wrote no hook for the file-only matcher")
	}
	if c.exitErr != nil {
		t.Errorf("%s exited with %v", tl.name, c.exitErr)
	}
	for _, ev := range allEvents {
		wrote, ok := exp[ev]
		if !ok {
			continue
		}
		if tl.native[ev] == "" {
			t.Errorf("suite bug: the %s table has no native name for %s, which hookconv wrote", tl.name, ev)
		}
		if wrote != ev {
			t.Errorf("the %s recording hook was written to %s as canonical event %s", ev, tl.name, wrote)
		}
		calls := c.recorded(ev)
		why, notHeadless := tl.notHeadless[ev]
		switch {
		case len(calls) == 0 && notHeadless:
			note("%s did not fire (%s; tool limitation: %s)", tl.native[ev], ev, why)
			continue
		case len(calls) == 0:
			t.Errorf("%s: the %s hook (native %s) did not fire", tl.name, ev, tl.native[ev])
			continue
		case notHeadless:
			note("%s fired although real-clients.md says it does not headless", tl.native[ev])
		}
		for _, p := range tl.checkPayload(ev, cs.from, calls[0]) {
			t.Errorf("%s %s payload: %s (keys %v)", tl.name, tl.native[ev], p, keys(calls[0]))
		}
		if ev == evTool && len(calls) != 1 {
			t.Errorf("%s: the %s hook fired %d times for one tool call", tl.name, tl.native[ev], len(calls))
		}
	}
}
