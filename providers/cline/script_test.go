package cline

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hookconv/hookconv/providers"
)

// These tests run the scripts hookconv generates, with sh, on the payloads
// Cline really sends (testdata/payloads, recorded from the SDK/CLI runtime),
// and check the answer Cline would read on stdout. hookconv itself never
// runs a hook; its tests must, or nothing proves the scripts work.

// needSh skips a test where there is no sh to run scripts with.
func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh on this machine")
	}
}

func payload(t *testing.T, event string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "payloads", event+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// answer is what Cline reads from a hook script's stdout.
type answer struct {
	Cancel              bool    `json:"cancel"`
	ErrorMessage        *string `json:"errorMessage"`
	ContextModification *string `json:"contextModification"`
}

// run encodes the hooks (a JSON list), writes the one script they make
// into a fresh project, and runs it there with sh, as Cline would: stdin
// the payload, cwd the project root. env adds variables; the hooks may use
// $HC_DIR, the project root.
func run(t *testing.T, hooks string, stdin []byte, env ...string) (ans answer, stdout, stderr string, dir string) {
	t.Helper()
	a := adapter(t)
	m := mustParse(t, `{"spec": "hooks/1.0", "hooks": `+hooks+`}`)
	files, ds := a.Encode(m, nil)
	if ds.HasErrors() || len(files) != 1 {
		t.Fatalf("encode gave %v: %v", files.Paths(), ds)
	}
	dir = t.TempDir()
	var script string
	for p, b := range files {
		script = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(script, b, providers.FileMode(a, p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"HC_DIR=" + dir}, env...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("script failed: %v\nstdout: %s\nstderr: %s", err, out.String(), errb.String())
	}
	if s := strings.TrimSpace(out.String()); s != "" {
		if err := json.Unmarshal([]byte(s), &ans); err != nil {
			t.Fatalf("stdout is not the JSON Cline reads: %v\n%s", err, out.String())
		}
	}
	return ans, out.String(), errb.String(), dir
}

// tricky is stderr text that needs every kind of JSON escape.
const tricky = "He said \"no\" to C:\\temp\\x\n\ttabbed\r\n\x01\x1f control, é and 💥 stay\nlast line\n"

func TestScriptBlocking(t *testing.T) {
	needSh(t)
	pre := payload(t, "PreToolUse")
	msgFile := filepath.Join(t.TempDir(), "msg")
	if err := os.WriteFile(msgFile, []byte(tricky), 0o644); err != nil {
		t.Fatal(err)
	}
	mcp := []byte(`{"hookName": "PreToolUse", "preToolUse": {"toolName": "use_mcp_tool",
		"parameters": {"server_name": "github", "tool_name": "create_issue", "arguments": "{}"}}}`)
	noTool := []byte(`{"hookName": "PreToolUse", "preToolUse": {"parameters": {}}}`)
	tests := []struct {
		name    string
		hooks   string
		stdin   []byte
		cancel  bool
		message string // errorMessage, exactly ("" for any)
		context string // contextModification, exactly
		ran     bool   // the hook that touches $HC_DIR/ran ran
		stderr  string // regexp stderr must match
	}{{
		name:    "exit 2 of a blocking hook cancels with its stderr, JSON-escaped",
		hooks:   `[{"event": "before_tool_execute", "matcher": "shell", "blocking": true, "handler": {"type": "command", "command": "cat \"$HC_MSG\" >&2; exit 2"}}]`,
		stdin:   pre,
		cancel:  true,
		message: strings.TrimSuffix(tricky, "\n"),
	}, {
		name:   "a passing hook does not cancel",
		hooks:  `[{"event": "before_tool_execute", "matcher": "shell", "blocking": true, "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\"; echo '{\"decision\": \"allow\"}'"}}]`,
		stdin:  pre,
		ran:    true,
		cancel: false,
	}, {
		name:  "a matcher for another tool does not run the hook",
		hooks: `[{"event": "before_tool_execute", "matcher": ["file_read", "file_write"], "blocking": true, "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\"; exit 2"}}]`,
		stdin: pre,
	}, {
		name:   "the SDK's name for the shell tool matches shell",
		hooks:  `[{"event": "before_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\""}}]`,
		stdin:  pre, // toolName run_commands, the SDK/CLI's
		ran:    true,
		cancel: false,
	}, {
		name:    "a pattern matcher",
		hooks:   `[{"event": "before_tool_execute", "matcher": {"pattern": "^run_\\w+s$"}, "blocking": true, "handler": {"type": "command", "command": "echo pattern >&2; exit 2"}}]`,
		stdin:   pre,
		cancel:  true,
		message: "pattern",
	}, {
		name:    "an MCP matcher",
		hooks:   `[{"event": "before_tool_execute", "matcher": {"mcp": {"server": "github", "tool": "create_issue"}}, "blocking": true, "handler": {"type": "command", "command": "echo mcp >&2; exit 2"}}]`,
		stdin:   mcp,
		cancel:  true,
		message: "mcp",
	}, {
		name:  "an MCP matcher for another server",
		hooks: `[{"event": "before_tool_execute", "matcher": {"mcp": {"server": "gitlab"}}, "blocking": true, "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\"; exit 2"}}]`,
		stdin: mcp,
	}, {
		name:    "no tool name in the payload runs the hook",
		hooks:   `[{"event": "before_tool_execute", "matcher": "file_read", "blocking": true, "handler": {"type": "command", "command": "echo checked >&2; exit 2"}}]`,
		stdin:   noTool,
		cancel:  true,
		message: "checked",
	}, {
		name:   "exit 2 of a non-blocking hook is a warning",
		hooks:  `[{"event": "before_tool_execute", "handler": {"type": "command", "command": "echo nope >&2; exit 2"}}]`,
		stdin:  pre,
		stderr: `hook 1 exited 2, but only a blocking hook can block here`,
	}, {
		name:   "a failing blocking hook does not block",
		hooks:  `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "exit 1"}}]`,
		stdin:  pre,
		stderr: `hook 1 failed \(exit 1\)`,
	}, {
		name:    "a deny decision blocks with its reason",
		hooks:   `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "echo '{\"decision\": \"deny\", \"reason\": \"no \\\"rm\\\" here\"}'"}}]`,
		stdin:   pre,
		cancel:  true,
		message: `no "rm" here`,
	}, {
		name:   "a deny decision of a non-blocking hook is a warning",
		hooks:  `[{"event": "before_tool_execute", "handler": {"type": "command", "command": "echo '{\"decision\": \"deny\"}'"}}]`,
		stdin:  pre,
		stderr: `asked to block, but only a blocking hook can block here`,
	}, {
		name:    "continue false stops",
		hooks:   `[{"name": "stop", "event": "before_prompt", "blocking": true, "handler": {"type": "command", "command": "echo '{\"continue\": false}'"}}]`,
		stdin:   []byte(`{"hookName": "UserPromptSubmit", "userPromptSubmit": {"prompt": "hi"}}`),
		cancel:  true,
		message: "hookconv: hook 1 (stop) blocked the action",
	}, {
		name:    "Cline's own cancel answer is understood",
		hooks:   `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "echo '{\"cancel\": true, \"errorMessage\": \"native\"}'"}}]`,
		stdin:   pre,
		cancel:  true,
		message: "native",
	}, {
		name: "context of every hook is passed on",
		hooks: `[{"event": "before_tool_execute", "handler": {"type": "command", "command": "printf '{\"context\": \"one \\\\\"1\\\\\"\"}'"}},
		         {"event": "before_tool_execute", "handler": {"type": "command", "command": "printf '{\n  \"context\": \"two\"\n}\n'"}}]`,
		stdin:   pre,
		context: "one \"1\"\ntwo",
	}, {
		name:    "Claude Code's permissionDecision is understood",
		hooks:   `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"deny\", \"permissionDecisionReason\": \"claude says no\"}}'"}}]`,
		stdin:   pre,
		cancel:  true,
		message: "claude says no",
	}, {
		name:    "Claude Code's additionalContext is passed on",
		hooks:   `[{"event": "before_prompt", "handler": {"type": "command", "command": "echo '{\"hookSpecificOutput\": {\"additionalContext\": \"from claude\"}}'"}}]`,
		stdin:   []byte(`{"hookName": "UserPromptSubmit", "userPromptSubmit": {"prompt": "hi"}}`),
		context: "from claude",
	}, {
		name:   "text that is not JSON is a hook error",
		hooks:  `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "echo deny"}}]`,
		stdin:  pre,
		stderr: `printed text that is not a JSON object`,
	}, {
		name:    "plain text of a Claude Code SessionStart hook is context, escaped",
		hooks:   `[{"event": "session_start", "handler": {"type": "command", "command": "cat \"$HC_MSG\""}, "provider_data": {"claude-code": {"$event": "SessionStart"}}}]`,
		stdin:   payload(t, "TaskStart"),
		context: strings.TrimSuffix(tricky, "\n"),
	}, {
		name: "plain text of several UserPromptSubmit hooks is joined, after JSON context",
		hooks: `[{"event": "before_prompt", "handler": {"type": "command", "command": "echo '{\"context\": \"json\"}'"}, "provider_data": {"claude-code": {"$event": "UserPromptSubmit"}}},
		         {"event": "before_prompt", "handler": {"type": "command", "command": "printf ' M a.go\\n?? b\\n'"}, "provider_data": {"claude-code": {"$event": "UserPromptSubmit"}}},
		         {"event": "before_prompt", "handler": {"type": "command", "command": "echo notes"}, "provider_data": {"codex": {"$event": "UserPromptSubmit"}}}]`,
		stdin:   []byte(`{"hookName": "UserPromptSubmit", "userPromptSubmit": {"prompt": "hi"}}`),
		context: "json\n M a.go\n?? b\nnotes",
	}, {
		name:    "plain text is cut at 8 KiB a hook",
		hooks:   `[{"event": "session_start", "handler": {"type": "command", "command": "head -c 100000 /dev/zero | tr '\\0' x"}, "provider_data": {"claude-code": {"$event": "SessionStart"}}}]`,
		stdin:   payload(t, "TaskStart"),
		context: strings.Repeat("x", 8192),
	}, {
		name:   "plain text of a hook written for a tool that ignores it stays an error",
		hooks:  `[{"event": "session_start", "handler": {"type": "command", "command": "echo hello"}, "provider_data": {"gemini-cli": {"$event": "SessionStart"}}}]`,
		stdin:  payload(t, "TaskStart"),
		stderr: `printed text that is not a JSON object`,
	}, {
		name:   "plain text of a Claude Code hook where Claude Code ignores it stays an error",
		hooks:  `[{"event": "after_tool_execute", "handler": {"type": "command", "command": "echo hello"}, "provider_data": {"claude-code": {"$event": "PostToolUse"}}}]`,
		stdin:  payload(t, "PostToolUse"),
		stderr: `printed text that is not a JSON object`,
	}, {
		name: "the first block ends the script",
		hooks: `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "echo first >&2; exit 2"}},
		         {"event": "before_tool_execute", "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\""}}]`,
		stdin:   pre,
		cancel:  true,
		message: "first",
	}, {
		name:   "Cline cannot cancel after a tool: a block is a warning",
		hooks:  `[{"event": "after_tool_execute", "matcher": "shell", "blocking": true, "handler": {"type": "command", "command": "touch \"$HC_DIR/ran\"; exit 2"}}]`,
		stdin:  payload(t, "PostToolUse"),
		ran:    true,
		stderr: `exited 2, but only a blocking hook can block here`,
	}, {
		name:    "env, cwd and platform commands are applied",
		hooks:   `[{"event": "session_start", "handler": {"type": "command", "command": "echo '{\"context\": \"default\"}'", "cwd": "sub", "env": {"HC_A": "x y"}, "platform": {"linux": "printf '{\"context\": \"%s %s\"}' \"$HC_A\" \"${PWD##*/}\"", "osx": "printf '{\"context\": \"%s %s\"}' \"$HC_A\" \"${PWD##*/}\""}}}]`,
		stdin:   payload(t, "TaskStart"),
		context: "x y sub",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans, stdout, stderr, dir := run(t, tt.hooks, tt.stdin, "HC_MSG="+msgFile)
			if ans.Cancel != tt.cancel {
				t.Errorf("cancel = %v, want %v\nstdout: %s\nstderr: %s", ans.Cancel, tt.cancel, stdout, stderr)
			}
			if tt.message != "" && (ans.ErrorMessage == nil || *ans.ErrorMessage != tt.message) {
				t.Errorf("errorMessage = %q, want %q\nstdout: %s", deref(ans.ErrorMessage), tt.message, stdout)
			}
			if !tt.cancel && ans.ErrorMessage != nil {
				t.Errorf("an errorMessage without a cancel: %s", stdout)
			}
			if got := deref(ans.ContextModification); got != tt.context {
				t.Errorf("contextModification = %q, want %q\nstdout: %s\nstderr: %s", got, tt.context, stdout, stderr)
			}
			_, err := os.Stat(filepath.Join(dir, "ran"))
			if ran := err == nil; ran != tt.ran {
				t.Errorf("hook ran = %v, want %v", ran, tt.ran)
			}
			if tt.stderr != "" && !regexp.MustCompile(tt.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tt.stderr)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// TestScriptStdin: every hook reads exactly the bytes Cline sent, for each
// recorded payload, including an async one (which starts after the
// script may have removed its copy).
func TestScriptStdin(t *testing.T) {
	needSh(t)
	for event, canon := range map[string]string{
		"PreToolUse":   "before_tool_execute",
		"PostToolUse":  "after_tool_execute",
		"TaskStart":    "session_start",
		"TaskComplete": "agent_stop",
	} {
		t.Run(event, func(t *testing.T) {
			in := payload(t, event)
			matcher := ""
			if strings.Contains(canon, "tool") {
				matcher = `"matcher": "shell", `
			}
			hooks := `[{"event": "` + canon + `", ` + matcher + `"handler": {"type": "command", "command": "cat >\"$HC_DIR/in.1\""}},
			           {"event": "` + canon + `", "blocking": true, "handler": {"type": "command", "command": "cat >\"$HC_DIR/in.2\""}},
			           {"event": "` + canon + `", "handler": {"type": "command", "command": "cat >\"$HC_DIR/in.3.tmp\"; mv \"$HC_DIR/in.3.tmp\" \"$HC_DIR/in.3\"", "async": true}}]`
			ans, stdout, stderr, dir := run(t, hooks, in)
			if ans.Cancel || strings.TrimSpace(stdout) != "" {
				t.Errorf("unexpected answer %q (stderr %s)", stdout, stderr)
			}
			for _, f := range []string{"in.1", "in.2", "in.3"} {
				var got []byte
				var err error
				for range 100 { // the async hook finishes on its own time
					if got, err = os.ReadFile(filepath.Join(dir, f)); err == nil {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				if !bytes.Equal(got, in) {
					t.Errorf("%s: the hook read %d bytes, not the %d Cline sent (%v)", f, len(got), len(in), err)
				}
			}
		})
	}
}

// TestScriptTimeout: the watchdog stops a hook after its timeout; the
// timeout blocks only with timeout_action block.
func TestScriptTimeout(t *testing.T) {
	needSh(t)
	if testing.Short() {
		t.Skip("waits for timeouts")
	}
	for _, action := range []string{"block", "warn"} {
		t.Run(action, func(t *testing.T) {
			start := time.Now()
			hooks := `[{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "sleep 20", "timeout": 1, "timeout_action": "` + action + `"}}]`
			ans, stdout, stderr, _ := run(t, hooks, payload(t, "PreToolUse"))
			if took := time.Since(start); took > 15*time.Second {
				t.Errorf("the hook was not stopped: %v", took)
			}
			if ans.Cancel != (action == "block") {
				t.Errorf("cancel = %v for timeout_action %s: %s %s", ans.Cancel, action, stdout, stderr)
			}
			if action == "block" && deref(ans.ErrorMessage) != "hookconv: hook 1 timed out after 1 s" {
				t.Errorf("errorMessage %q", deref(ans.ErrorMessage))
			}
			if action == "warn" && !strings.Contains(stderr, "timed out after 1 s; ignored") {
				t.Errorf("stderr %q", stderr)
			}
		})
	}
}

// TestToERE checks the RE2 → POSIX ERE translation against grep -E itself:
// over a list of tool names, both must select the same ones (or, for the
// approximations, the ERE a superset).
func TestToERE(t *testing.T) {
	if _, err := exec.LookPath("grep"); err != nil {
		t.Skip("no grep")
	}
	names := []string{"execute_command", "run_commands", "read_file", "write_to_file", "replace_in_file", "search_files",
		"list_files", "use_mcp_tool", "web_fetch", "Bash", "bash", "Edit", "MultiEdit", "mcp__github__create_issue",
		"a.b", "a+b", "x]y", "x^y", "x-y", "x\\y", "tool1", "tool22", "T", ""}
	tests := []struct {
		re     string
		approx bool
	}{
		{re: "Bash"}, {re: "^Bash$"}, {re: "(?i)bash"}, {re: "^(Edit|Write|MultiEdit)$"}, {re: `^mcp__github__.*`},
		{re: `\w+_file$`}, {re: `^tool\d{1,2}$`}, {re: `^[^_]+$`}, {re: `a\.b`}, {re: `a\+b`}, {re: `x[\]^\-]y`},
		{re: `x\\y`}, {re: `^(?:read|write)_.*?$`}, {re: `^(a|)T$`}, {re: `^$`}, {re: ``}, {re: `[[:upper:]]`},
		{re: `\bBash\b`, approx: true}, {re: `_(files?|command)s?$`}, {re: `^.{4}$`},
	}
	for _, tt := range tests {
		ere, approx, err := toERE(tt.re)
		if err != nil {
			t.Errorf("toERE(%q): %v", tt.re, err)
			continue
		}
		if (len(approx) > 0) != tt.approx {
			t.Errorf("toERE(%q) approximations %v", tt.re, approx)
		}
		re := regexp.MustCompile(tt.re)
		for _, n := range names {
			cmd := exec.Command("grep", "-Eq", "--", ere)
			cmd.Env = append(os.Environ(), "LC_ALL=C")
			cmd.Stdin = strings.NewReader(n + "\n")
			grep := cmd.Run() == nil
			if want := re.MatchString(n); grep != want && !(tt.approx && grep) {
				t.Errorf("%q → ERE %q: grep says %v for %q, RE2 says %v", tt.re, ere, grep, n, want)
			}
		}
	}
	for _, bad := range []string{`(`, `[^\x00-\x{10FFFF}]`, `é`} {
		if ere, _, err := toERE(bad); err == nil {
			t.Errorf("toERE(%q) = %q, want an error", bad, ere)
		}
	}
}
