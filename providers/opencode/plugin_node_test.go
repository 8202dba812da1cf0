//go:build unix

package opencode_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
)

// nodeResult is what testdata/harness.mjs prints.
type nodeResult struct {
	Exports []string `json:"exports"`
	Hooks   []string `json:"hooks"`
	Steps   []struct {
		Threw   bool            `json:"threw"`
		Message string          `json:"message"`
		Output  json.RawMessage `json:"output"`
		MS      int             `json:"ms"`
	} `json:"steps"`
}

// recorded reads a payload OpenCode 1.18.33 gave a plugin hook
// (../shared/reference/payloads/opencode), so the steps below call the
// plugin with the real shapes; the copies in testdata/payloads are used
// when the shared folder is not beside the checkout.
func recorded(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "reference", "payloads", "opencode", name))
	if err != nil {
		if b, err = os.ReadFile(filepath.Join("testdata", "payloads", name)); err != nil {
			t.Fatal(err)
		}
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPluginRunsUnderNode loads the generated plugin in Node the way
// OpenCode loads it (every export called with {project, directory,
// worktree, client, $}) and calls its hooks with recorded payloads, to
// prove the runtime contract: a blocking hook that exits 2 blocks, a
// passing one does not, a non-blocking exit 2 does not, a hook for another
// tool does not run, stdin carries the event, a timeout kills the command.
func TestPluginRunsUnderNode(t *testing.T) {
	node := needNode(t)
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := func(name string) string { return filepath.Join(dir, name) }
	q := func(name string) string { return strconv.Quote(out(name)) } // paths inside sh commands

	hooks := []map[string]any{
		{"name": "capture", "event": "before_tool_execute", "matcher": "shell",
			"handler": map[string]any{"type": "command", "command": "cat >> " + q("stdin.jsonl") + "; echo >> " + q("stdin.jsonl"), "timeout": 10}},
		{"name": "other tool", "event": "before_tool_execute", "matcher": "file_edit",
			"handler": map[string]any{"type": "command", "command": "touch " + q("other-ran"), "timeout": 10}, "blocking": true},
		{"name": "case-insensitive", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "(?i)^BASH$"},
			"handler": map[string]any{"type": "command", "command": "touch " + q("ci-ran"), "timeout": 10}},
		{"name": "soft", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "^ba"},
			"handler": map[string]any{"type": "command", "command": "echo soft says no >&2; exit 2", "timeout": 10}},
		{"name": "guard", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
			"handler": map[string]any{"type": "command", "command": `case "$(cat)" in *"rm -rf"*) echo "no rm -rf here" >&2; exit 2;; esac`, "timeout": 10}},
		{"name": "slow", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "^slowtool$"}, "blocking": true,
			"handler": map[string]any{"type": "command", "command": "sleep 30 & echo $! > " + q("slow.pid") + "; wait", "timeout": 1, "timeout_action": "block"}},
		{"name": "slow-warn", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "^slowtool2$"}, "blocking": true,
			"handler": map[string]any{"type": "command", "command": "sleep 30", "timeout": 1}},
		{"name": "rewrite", "event": "before_tool_execute", "matcher": "rewriteme", "blocking": true,
			"handler": map[string]any{"type": "command", "command": `echo '{"updated_input": {"command": "echo safe"}}'`, "timeout": 10}},
		{"name": "deny", "event": "before_tool_execute", "matcher": "denyme", "blocking": true,
			"handler": map[string]any{"type": "command", "command": `echo '{"decision": "deny", "reason": "json says no"}'`, "timeout": 10}},
		// Gemini CLI's and Claude Code's older spelling of a deny.
		{"name": "block", "event": "before_tool_execute", "matcher": "blockme", "blocking": true,
			"handler": map[string]any{"type": "command", "command": `echo '{"decision": "Block", "reason": "block says no"}'`, "timeout": 10}},
		{"name": "env and cwd", "event": "before_tool_execute", "matcher": "envtool",
			"handler": map[string]any{"type": "command", "command": "pwd > " + q("pwd.txt") + `; printf %s "$HOOK_X" > ` + q("env.txt"),
				"cwd": "sub", "env": map[string]any{"HOOK_X": "42"}, "timeout": 10}},
		{"name": "async", "event": "before_tool_execute", "matcher": "asynctool",
			"handler": map[string]any{"type": "command", "command": "sleep 2; touch " + q("async-done"), "async": true, "timeout": 10}},
		{"name": "idle", "event": "agent_stop",
			"handler": map[string]any{"type": "command", "command": "cat > " + q("idle.json"), "timeout": 10}},
		{"name": "context", "event": "after_tool_execute", "matcher": "shell",
			"handler": map[string]any{"type": "command", "command": `echo '{"context": "formatted"}'`, "timeout": 10}},
		// bash syntax, as a guard written for Claude Code may use: sh (dash)
		// fails on [[ and the guard would let the call through.
		{"name": "bash syntax", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "^bashsyntax$"}, "blocking": true,
			"handler": map[string]any{"type": "command", "command": `[[ "$(cat)" == *"rm -rf"* ]] && { echo "bash says no" >&2; exit 2; }; exit 0`, "timeout": 10}},
		// 30 days, past what a JavaScript timer holds (2³¹−1 ms): set as it
		// is, Node fires the timer after 1 ms and the guard is killed.
		{"name": "thirty days", "event": "before_tool_execute", "matcher": map[string]any{"pattern": "^longtool$"}, "blocking": true,
			"handler": map[string]any{"type": "command", "command": "sleep 0.5; echo long says no >&2; exit 2", "timeout": 2592000}},
	}
	raw, err := json.Marshal(map[string]any{"spec": "hooks/1.0", "hooks": hooks})
	if err != nil {
		t.Fatal(err)
	}
	m := manifest(t, string(raw))
	files, ds := adapter(t).Encode(m, nil)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	plugin := out("plugin.mjs") // Node reads ES modules by extension
	if err := os.WriteFile(plugin, files[pluginPath], 0o644); err != nil {
		t.Fatal(err)
	}

	before := recorded(t, "tool.execute.before.json")
	after := recorded(t, "tool.execute.after.json")
	idle := recorded(t, "session.idle.json")
	call := func(tool string, args map[string]any) map[string]any {
		return map[string]any{"hook": "tool.execute.before",
			"input":  map[string]any{"tool": tool, "sessionID": "ses_test", "callID": "call_1"},
			"output": map[string]any{"args": args}}
	}
	steps := []map[string]any{
		{"hook": "tool.execute.before", "input": before["input"], "output": before["output"]}, // 0: recorded bash call, allowed
		call("bash", map[string]any{"command": "rm -rf /"}),                                   // 1: blocked by guard
		call("slowtool", map[string]any{}),                                                    // 2: blocking timeout
		call("slowtool2", map[string]any{}),                                                   // 3: warning timeout
		call("rewriteme", map[string]any{"command": "rm -rf /", "extra": true}),               // 4: updated_input
		call("denyme", map[string]any{}),                                                      // 5: JSON deny
		call("envtool", map[string]any{}),                                                     // 6: env and cwd
		call("asynctool", map[string]any{}),                                                   // 7: async
		{"event": idle},                                                                       // 8: bus event
		{"hook": "tool.execute.after", "input": after["input"], "output": after["output"]},    // 9
		call("bashsyntax", map[string]any{"command": "rm -rf /"}),                             // 10: bash guard
		call("longtool", map[string]any{}),                                                    // 11: 30-day timeout
		call("blockme", map[string]any{}),                                                     // 12: JSON "block"
	}
	scenario, err := json.Marshal(map[string]any{"directory": project, "steps": steps})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out("scenario.json"), scenario, 0o644); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(node, filepath.Join("testdata", "harness.mjs"), plugin, out("scenario.json"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	t.Logf("plugin log:\n%s", stderr.String())
	var res nodeResult
	if err := json.Unmarshal(stdout, &res); err != nil {
		t.Fatalf("harness output: %v\n%s", err, stdout)
	}
	if len(res.Exports) != 1 || res.Exports[0] != "HookconvPlugin" {
		t.Errorf("exports %v, want only the plugin", res.Exports)
	}
	if want := "tool.execute.before,tool.execute.after,event"; strings.Join(res.Hooks, ",") != want {
		t.Errorf("hooks %v, want %s", res.Hooks, want)
	}
	if len(res.Steps) != len(steps) {
		t.Fatalf("%d steps ran, want %d", len(res.Steps), len(steps))
	}
	step := res.Steps
	outputOf := func(i int) map[string]any {
		var v map[string]any
		_ = json.Unmarshal(step[i].Output, &v)
		return v
	}
	read := func(name string) string {
		b, err := os.ReadFile(out(name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		return string(b)
	}

	// A passing blocking hook and a non-blocking hook exiting 2 let the call through.
	if step[0].Threw {
		t.Errorf("recorded bash call blocked: %s", step[0].Message)
	}
	if !strings.Contains(stderr.String(), `hook "soft" exited 2: soft says no`) {
		t.Errorf("the non-blocking exit 2 was not reported:\n%s", stderr.String())
	}
	// A blocking hook exiting 2 blocks, with its stderr as the reason.
	if !step[1].Threw || step[1].Message != "no rm -rf here" {
		t.Errorf("rm -rf: threw %v %q, want blocked with the hook's stderr", step[1].Threw, step[1].Message)
	}
	// RE2's leading (?i) works as RegExp's i flag.
	if _, err := os.Stat(out("ci-ran")); err != nil {
		t.Errorf("the (?i)^BASH$ hook did not run for bash: %v", err)
	}
	// A hook for another tool never ran.
	if _, err := os.Stat(out("other-ran")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file_edit hook ran for bash")
	}
	// stdin carries the event: OpenCode's objects and the common fields.
	lines := strings.Split(strings.TrimSpace(read("stdin.jsonl")), "\n")
	if len(lines) != 2 {
		t.Fatalf("capture ran %d times, want 2 (the two bash calls):\n%s", len(lines), read("stdin.jsonl"))
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatalf("stdin is not JSON: %v\n%s", err, lines[0])
	}
	checkPayload(t, got, before, project)

	// A timeout kills the command and everything it started; with
	// timeout_action "block" a blocking hook blocks, otherwise it warns.
	if !step[2].Threw || !strings.Contains(step[2].Message, `hook "slow" timed out after 1 s`) || step[2].MS > 5000 {
		t.Errorf("slow: threw %v %q after %d ms, want blocked after about 1 s", step[2].Threw, step[2].Message, step[2].MS)
	}
	if pid, err := strconv.Atoi(strings.TrimSpace(read("slow.pid"))); err == nil {
		waitGone(t, pid)
	}
	if step[3].Threw || step[3].MS < 900 || step[3].MS > 5000 {
		t.Errorf("slow-warn: threw %v after %d ms, want a warning after about 1 s", step[3].Threw, step[3].MS)
	}
	// updated_input replaces the arguments, in place.
	if args := outputOf(4)["args"]; fmt.Sprint(args) != "map[command:echo safe]" || step[4].Threw {
		t.Errorf("rewrite: args %v, threw %v", args, step[4].Threw)
	}
	if !step[5].Threw || step[5].Message != "json says no" {
		t.Errorf("JSON deny: threw %v %q", step[5].Threw, step[5].Message)
	}
	if !step[12].Threw || step[12].Message != "block says no" {
		t.Errorf(`JSON "block": threw %v %q, want a deny`, step[12].Threw, step[12].Message)
	}
	if pwd := strings.TrimSpace(read("pwd.txt")); pwd != filepath.Join(project, "sub") {
		t.Errorf("cwd %q, want %q", pwd, filepath.Join(project, "sub"))
	}
	if env := read("env.txt"); env != "42" {
		t.Errorf("env HOOK_X=%q, want 42", env)
	}
	// async: the call did not wait, yet the command ran (Node waits for it before exiting).
	if step[7].MS > 1500 {
		t.Errorf("the async hook held the call for %d ms", step[7].MS)
	}
	if _, err := os.Stat(out("async-done")); err != nil {
		t.Errorf("the async hook did not finish: %v", err)
	}
	// Bus events arrive through the event hook.
	var ev map[string]any
	if err := json.Unmarshal([]byte(read("idle.json")), &ev); err != nil || ev["hook_event_name"] != "session.idle" ||
		ev["hookconv_event"] != "agent_stop" || ev["session_id"] != "ses_dfddfef7effe5M58jtzxpRotJQ" || fmt.Sprint(ev["event"]) != fmt.Sprint(idle) {
		t.Errorf("session.idle payload: %v %v", ev, err)
	}
	// A guard in bash syntax runs with bash where it is installed.
	if _, err := exec.LookPath("bash"); err == nil && (!step[10].Threw || step[10].Message != "bash says no") {
		t.Errorf("bash guard: threw %v %q, want blocked: the command did not run with bash", step[10].Threw, step[10].Message)
	}
	// A timeout past 2³¹−1 ms is cut to that, not fired at once.
	if !step[11].Threw || step[11].Message != "long says no" || step[11].MS < 400 {
		t.Errorf("30-day timeout: threw %v %q after %d ms, want blocked by the guard after 0.5 s", step[11].Threw, step[11].Message, step[11].MS)
	}
	if strings.Contains(stderr.String(), "TimeoutOverflowWarning") {
		t.Errorf("a timer was set past what it holds:\n%s", stderr.String())
	}
	// context reaches the tool's result.
	if o, _ := outputOf(9)["output"].(string); o != "hi\n\n\nformatted" {
		t.Errorf("tool.execute.after output %q, want the context appended", o)
	}
}

// checkPayload checks the stdin JSON of a tool.execute.before hook.
func checkPayload(t *testing.T, got, recorded map[string]any, project string) {
	t.Helper()
	in := recorded["input"].(map[string]any)
	args := recorded["output"].(map[string]any)["args"]
	want := map[string]any{
		"hook_event_name": "tool.execute.before",
		"hookconv_event":  "before_tool_execute",
		"cwd":             project,
		"session_id":      in["sessionID"],
		"tool_name":       "bash",
		"tool_input":      args,
		"input":           in,
		"output":          recorded["output"],
	}
	for k, v := range want {
		if fmt.Sprint(got[k]) != fmt.Sprint(v) {
			t.Errorf("stdin %s = %v, want %v", k, got[k], v)
		}
	}
}

// waitGone waits for a process the plugin should have killed to be gone.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			return
		}
		if stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); strings.Contains(string(stat), ") Z ") {
			return // killed, waiting to be reaped
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("the timed-out hook's child %d is still running", pid)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPluginSyntax checks that every plugin the encoder writes for the
// shared manifests loads in Node: OpenCode skips a plugin with a syntax
// error silently (real-clients.md), so a broken one would go unnoticed.
func TestPluginSyntax(t *testing.T) {
	node := needNode(t)
	sources := []string{rich, `{"spec": "hooks/1.0", "hooks": [{"event": "agent_stop", "handler": {"type": "command", "command": "x"}}]}`}
	for i, src := range sources {
		files, _ := adapter(t).Encode(manifest(t, src), nil)
		checkLoads(t, node, files, fmt.Sprint(i))
	}
	files, _ := adapter(t).Encode(&canonical.Manifest{Spec: canonical.SpecVersion}, nil)
	checkLoads(t, node, files, "empty")
}

func checkLoads(t *testing.T, node string, files providers.Files, name string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), name+".mjs")
	if err := os.WriteFile(p, files[pluginPath], 0o644); err != nil {
		t.Fatal(err)
	}
	script := `const m = await import(process.argv[1]); const h = await m.HookconvPlugin({directory: "/"}); console.log(Object.keys(m).join(","), typeof h)`
	b, err := exec.Command(node, "--input-type=module", "-e", script, p).CombinedOutput()
	if err != nil || strings.TrimSpace(string(b)) != "HookconvPlugin object" {
		t.Errorf("%s: node: %v\n%s", name, err, b)
	}
}

// runHarness writes the plugin for hooks, runs steps through
// testdata/harness.mjs under node and returns what it printed and the
// plugin's log (stderr).
func runHarness(t *testing.T, node string, hooks []map[string]any, steps []map[string]any) (nodeResult, string) {
	t.Helper()
	dir := t.TempDir()
	raw, err := json.Marshal(map[string]any{"spec": "hooks/1.0", "hooks": hooks})
	if err != nil {
		t.Fatal(err)
	}
	files, ds := adapter(t).Encode(manifest(t, string(raw)), nil)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	plugin := filepath.Join(dir, "plugin.mjs")
	scenario, err := json.Marshal(map[string]any{"directory": dir, "steps": steps})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(plugin, files[pluginPath], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scenario.json"), scenario, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "harness.mjs"), plugin, filepath.Join(dir, "scenario.json"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res nodeResult
	if err := json.Unmarshal(stdout, &res); err != nil {
		t.Fatalf("harness output: %v\n%s", err, stdout)
	}
	if len(res.Steps) != len(steps) {
		t.Fatalf("%d steps ran, want %d", len(res.Steps), len(steps))
	}
	return res, stderr.String()
}

// TestPluginRunsSourceHooks proves that the plugin runs a hook read from
// another tool's config as hookconv run --from runs it: the hook gets
// that tool's own top-level fields (Claude Code's tool_name "Bash" and
// hook_event_name "PreToolUse", Gemini CLI's run_shell_command and
// BeforeTool), and its exit-0 answer is read in that tool's JSON forms
// too (Claude's hookSpecificOutput.permissionDecision, its Stop's decision
// "block"). A hook without provenance marks keeps the canonical reading.
func TestPluginRunsSourceHooks(t *testing.T) {
	node := needNode(t)
	claude, gemini := readFrom("claude-code"), readFrom("gemini-cli")
	claudeDeny := `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "claude says no"}}'`
	hooks := []map[string]any{
		{"name": "claude json deny", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": claude,
			"handler": map[string]any{"type": "command", "command": only("claude-json", claudeDeny), "timeout": 10}},
		{"name": "claude tool_name guard", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": claude,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("toolname",
				`printf %s "$input" | grep -q '"tool_name":"Bash"' && printf %s "$input" | grep -q '"hook_event_name":"PreToolUse"' && { echo "Bash is guarded" >&2; exit 2; }; exit 0`)}},
		{"name": "gemini deny", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": gemini,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("gemini",
				`printf %s "$input" | grep -q '"tool_name":"run_shell_command"' && printf %s "$input" | grep -q '"hook_event_name":"BeforeTool"' && echo '{"decision": "deny", "reason": "gemini says no"}'; exit 0`)}},
		{"name": "claude defer", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": claude,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("defer",
				`echo '{"hookSpecificOutput": {"permissionDecision": "defer"}}'`)}},
		// Written for the canonical contract: Claude's form is no answer of
		// its, and its payload keeps OpenCode's names.
		{"name": "canonical", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("canonical",
				`printf %s "$input" | grep -q '"tool_name":"bash"' || { echo "no bash tool_name" >&2; exit 2; }; `+claudeDeny)}},
		// A Windsurf hook answering JSON the plugin reads no form of (its
		// forms list is empty): ignored, not a TypeError (QA q4 F1).
		{"name": "windsurf json", "event": "before_tool_execute", "matcher": "shell",
			"provider_data": readFrom("windsurf"),
			"handler":       map[string]any{"type": "command", "timeout": 10, "command": only("windsurf", `echo '{"status": "ok"}'`)}},
		// Cursor nests the working directory in a list: the run's value
		// is put in there too, not the name SOURCES gives it.
		{"name": "cursor roots", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
			"provider_data": readFrom("cursor"),
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("rootcheck",
				`printf %s "$input" | grep -q '"workspace_roots":\["/' || { echo "no workspace root" >&2; exit 2; }; exit 0`)}},
		{"name": "claude stop", "event": "agent_stop", "blocking": true, "provider_data": claude,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": `cat | grep -q '"hook_event_name":"Stop"' && echo '{"decision": "block", "reason": "keep going"}'`}},
	}
	call := func(command string) map[string]any {
		return map[string]any{"hook": "tool.execute.before",
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1"},
			"output": map[string]any{"args": map[string]any{"command": command}}}
	}
	steps := []map[string]any{
		call("echo claude-json"),
		call("echo toolname"),
		call("echo gemini"),
		call("echo defer"),
		call("echo canonical"),
		call("echo none"),
		call("echo windsurf"),
		call("echo rootcheck"),
		{"event": recorded(t, "session.idle.json")},
	}
	res, log := runHarness(t, node, hooks, steps)
	t.Logf("plugin log:\n%s", log)
	step := res.Steps
	for i, want := range []string{"claude says no", "Bash is guarded", "gemini says no", "", "", "", "", ""} {
		if got := step[i].Message; step[i].Threw != (want != "") || got != want {
			t.Errorf("step %d: threw %v %q, want %q", i, step[i].Threw, got, want)
		}
	}
	if want := `answers hookSpecificOutput.permissionDecision = "defer", which is no claude-code answer hookconv reads on PreToolUse`; !strings.Contains(log, want) {
		t.Errorf("the unread decision was not reported (want %q):\n%s", want, log)
	}
	// Claude's Stop reads decision "block" as its deny (keep working),
	// which a plugin cannot do on session.idle: read, and said so.
	if want := `session.idle: hook "claude stop" answered "deny", which only a blocking hook can do here; ignored`; !strings.Contains(log, want) {
		t.Errorf("the Stop hook's block was not read (want %q):\n%s", want, log)
	}
}

// TestPluginReadsSourceExitsAndFeedback proves that the plugin reads what
// hookconv run --from reads otherwise than the canonical contract: a
// Gemini CLI guard's plain-text exit 3 blocks with its text (crash_blocks;
// JSON printed so, or a hook of the canonical contract, is a failed hook),
// and a Claude Code PostToolUse hook has its decision "block" passed on as
// context on the tool's result (feedback), not dropped as a deny of a
// hook that cannot block, a blocking one's too.
func TestPluginReadsSourceExitsAndFeedback(t *testing.T) {
	node := needNode(t)
	claude, gemini := readFrom("claude-code"), readFrom("gemini-cli")
	guard := func(name, word, rest string, data map[string]any) map[string]any {
		h := map[string]any{"name": name, "event": "before_tool_execute", "matcher": "shell", "blocking": true,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only(word, rest)}}
		if data != nil {
			h["provider_data"] = data
		}
		return h
	}
	hooks := []map[string]any{
		guard("gemini exit 3", "plain3", `echo "gemini says no"; exit 3`, gemini),
		guard("gemini stderr exit 3", "stderr3", `echo "no on stderr" >&2; exit 3`, gemini),
		guard("gemini json exit 3", "json3", `echo '{"decision": "allow"}'; exit 3`, gemini),
		guard("canonical exit 3", "canon3", `echo "canonical says no"; exit 3`, nil),
		// Gemini reads a JSON answer whatever the exit (answers_any_exit).
		guard("gemini json deny exit 1", "jsondeny1", `echo '{"decision": "deny", "reason": "json says no"}'; exit 1`, gemini),
		guard("gemini json deny stderr exit 3", "jsondeny3", `echo '{"decision": "deny", "reason": "stderr json says no"}' >&2; exit 3`, gemini),
		guard("canonical json deny exit 1", "canonjson1", `echo '{"decision": "deny", "reason": "not read"}'; exit 1`, nil),
		{"name": "claude feedback", "event": "after_tool_execute", "matcher": "shell", "provider_data": claude,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("lint",
				`echo '{"decision": "block", "reason": "lint failed: fix it"}'`)}},
		// A blocking one's too: its tool never blocked with it.
		{"name": "claude blocking feedback", "event": "after_tool_execute", "matcher": "shell", "blocking": true, "provider_data": claude,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("blockfeed",
				`echo '{"decision": "block", "reason": "tests fail"}'`)}},
		{"name": "canonical feedback", "event": "after_tool_execute", "matcher": "shell",
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only("canonfeed",
				`echo '{"decision": "block", "reason": "not read"}'`)}},
	}
	before := func(command string) map[string]any {
		return map[string]any{"hook": "tool.execute.before",
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1"},
			"output": map[string]any{"args": map[string]any{"command": command}}}
	}
	after := func(command string) map[string]any {
		return map[string]any{"hook": "tool.execute.after",
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1", "args": map[string]any{"command": command}},
			"output": map[string]any{"title": command, "output": "done", "metadata": map[string]any{}}}
	}
	steps := []map[string]any{
		before("echo plain3"),
		before("echo stderr3"),
		before("echo json3"),
		before("echo canon3"),
		after("echo lint"),
		after("echo canonfeed"),
		after("echo blockfeed"),
		before("echo jsondeny1"),
		before("echo jsondeny3"),
		before("echo canonjson1"),
	}
	res, log := runHarness(t, node, hooks, steps)
	t.Logf("plugin log:\n%s", log)
	for i, want := range map[int]string{0: "gemini says no", 1: "no on stderr", 2: "", 3: "", 7: "json says no", 8: "stderr json says no", 9: ""} {
		if got := res.Steps[i].Message; res.Steps[i].Threw != (want != "") || got != want {
			t.Errorf("step %d: threw %v %q, want %q", i, res.Steps[i].Threw, got, want)
		}
	}
	for i, want := range map[int]string{4: "done\n\nlint failed: fix it", 5: "done", 6: "done\n\ntests fail"} {
		var out struct{ Output string }
		if err := json.Unmarshal(res.Steps[i].Output, &out); err != nil {
			t.Fatal(err)
		}
		if res.Steps[i].Threw || out.Output != want {
			t.Errorf("step %d: threw %v, output %q, want %q", i, res.Steps[i].Threw, out.Output, want)
		}
	}
	if want := `hook "canonical feedback" answered "deny", which only a blocking hook can do here; ignored`; !strings.Contains(log, want) {
		t.Errorf("the canonical hook's deny was read otherwise (want %q):\n%s", want, log)
	}
}

// TestPluginTwoObjectsAreAHookError: a hook written for another tool
// that prints two JSON objects in a row on exit 0, on one line or two,
// printed no JSON answer: a hook error that blocks nothing (spec §5),
// whichever of them denies, as hookconv run --from and Cline's script
// read it (QA: run --from read the first object as the answer). On exit
// 3 Gemini CLI's plain-text block reads the text as it is.
func TestPluginTwoObjectsAreAHookError(t *testing.T) {
	node := needNode(t)
	claude, gemini := readFrom("claude-code"), readFrom("gemini-cli")
	guard := func(name, word, rest string, data map[string]any) map[string]any {
		return map[string]any{"name": name, "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": data,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only(word, rest)}}
	}
	hooks := []map[string]any{
		guard("gemini deny then allow", "denyfirst", `printf '%s' '{"decision": "deny", "reason": "first"}{"decision": "allow"}'`, gemini),
		guard("gemini a deny a line", "lines", `printf '%s\n%s\n' '{"decision": "deny"}' '{"decision": "deny"}'`, gemini),
		guard("claude deny then more", "claudetwo", `printf '%s' '{"hookSpecificOutput": {"permissionDecision": "deny"}} {}'`, claude),
		guard("gemini two on exit 3", "twothree", `printf '%s' '{"decision": "allow"}{"decision": "allow"}'; exit 3`, gemini),
	}
	call := func(command string) map[string]any {
		return map[string]any{"hook": "tool.execute.before",
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1"},
			"output": map[string]any{"args": map[string]any{"command": command}}}
	}
	res, log := runHarness(t, node, hooks, []map[string]any{call("echo denyfirst"), call("echo lines"), call("echo claudetwo"), call("echo twothree")})
	t.Logf("plugin log:\n%s", log)
	for i, want := range []string{"", "", "", `{"decision": "allow"}{"decision": "allow"}`} {
		if got := res.Steps[i].Message; res.Steps[i].Threw != (want != "") || got != want {
			t.Errorf("step %d: threw %v %q, want %q", i, res.Steps[i].Threw, got, want)
		}
	}
	if n := strings.Count(log, "printed something other than a JSON object on exit 0: a hook error"); n != 3 {
		t.Errorf("%d hook errors said, want 3:\n%s", n, log)
	}
}

// TestPluginKeyInAnotherCase: "Decision" is no field of the answer, to
// the plugin (answer.decision) as to every tool and to hookconv run
// --from (QA F2 item 3: run --from read it as "decision" and blocked).
func TestPluginKeyInAnotherCase(t *testing.T) {
	node := needNode(t)
	hooks := []map[string]any{
		{"name": "gemini Decision", "event": "before_tool_execute", "matcher": "shell", "blocking": true, "provider_data": readFrom("gemini-cli"),
			"handler": map[string]any{"type": "command", "timeout": 10, "command": `echo '{"Decision": "deny", "reason": "no"}'`}},
	}
	step := map[string]any{"hook": "tool.execute.before",
		"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1"},
		"output": map[string]any{"args": map[string]any{"command": "ls"}}}
	res, log := runHarness(t, node, hooks, []map[string]any{step})
	if res.Steps[0].Threw {
		t.Errorf("the call was blocked (%q); want it let through\n%s", res.Steps[0].Message, log)
	}
}

// TestPluginDecisionGivenTwice: a "decision" given twice decides by the
// one that stops most, as hookconv run and Cline's script read it (QA F2
// item 2: JSON.parse kept the last, so {"decision": "deny", "decision":
// "allow"} let the call through where run --from denied).
func TestPluginDecisionGivenTwice(t *testing.T) {
	node := needNode(t)
	guard := func(name, word, out string, data map[string]any) map[string]any {
		h := map[string]any{"name": name, "event": "before_tool_execute", "matcher": "shell", "blocking": true,
			"handler": map[string]any{"type": "command", "timeout": 10, "command": only(word, "printf '%s' '"+out+"'")}}
		if data != nil {
			h["provider_data"] = data
		}
		return h
	}
	hooks := []map[string]any{
		guard("deny then allow", "denyfirst", `{"decision": "deny", "reason": "first", "decision": "allow"}`, nil),
		guard("allow then deny", "denylast", `{"decision": "allow", "decision": "deny", "reason": "last"}`, readFrom("gemini-cli")),
		guard("nested", "nested", `{"checks": {"decision": "deny"}, "decision": "allow", "x": "\"decision\": \"deny\""}`, nil),
		// A value that is no string beside a string decision decides
		// nothing, as run leaves it out (QA: kept last by JSON.parse,
		// it let {"decision": "block", "decision": 1} through).
		guard("block then a number", "blocknumber", `{"decision": "block", "reason": "number", "decision": 1}`, nil),
		guard("true then block", "trueblock", `{"decision": true, "decision": "block", "reason": "bool"}`, nil),
		guard("deny then null", "denynull", `{"decision": "deny", "reason": "null", "decision": null}`, readFrom("claude-code")),
		guard("allow then a number", "allownumber", `{"decision": "allow", "decision": 1}`, nil),
	}
	call := func(command string) map[string]any {
		return map[string]any{"hook": "tool.execute.before",
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_test", "callID": "call_1"},
			"output": map[string]any{"args": map[string]any{"command": command}}}
	}
	res, log := runHarness(t, node, hooks, []map[string]any{call("echo denyfirst"), call("echo denylast"), call("echo nested"),
		call("echo blocknumber"), call("echo trueblock"), call("echo denynull"), call("echo allownumber")})
	for i, want := range []string{"first", "last", "", "number", "bool", "null", ""} {
		if got := res.Steps[i].Message; res.Steps[i].Threw != (want != "") || got != want {
			t.Errorf("step %d: threw %v %q, want %q\n%s", i, res.Steps[i].Threw, got, want, log)
		}
	}
}

// needNode returns node's path, or skips the test where it is not
// installed: the generated plugin's runtime is then not tested.
func needNode(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed; the generated plugin's runtime is not tested")
	}
	return node
}

// readFrom is a hook's provider_data marking it as read from slug's
// config, which the plugin runs as hookconv run --from does.
func readFrom(slug string) map[string]any {
	return map[string]any{slug: map[string]any{"$from": true}}
}

// only runs the rest of a command when the tool's command holds word.
func only(word, rest string) string {
	return `input=$(cat); case "$input" in *` + word + `*) ;; *) exit 0;; esac; ` + rest
}
