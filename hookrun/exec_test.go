//go:build unix

package hookrun

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestExec(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	ctx := context.Background()
	t.Run("stdin, stdout, stderr, exit code, env", func(t *testing.T) {
		r := Exec(ctx, []string{"sh", "-c", `cat; echo "$HOOKCONV_X" >&2; exit 3`}, []byte("in"), []string{"HOOKCONV_X=x"}, 0)
		if r.ExitCode != 3 || string(r.Stdout) != "in" || string(r.Stderr) != "x\n" || r.TimedOut || r.StartErr != nil {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("no shell: arguments are passed as they are", func(t *testing.T) {
		r := Exec(ctx, []string{"printf", "%s|", "a b", "$HOME", "*"}, nil, nil, 0)
		if string(r.Stdout) != "a b|$HOME|*|" {
			t.Errorf("got %q", r.Stdout)
		}
	})
	t.Run("a missing command cannot start", func(t *testing.T) {
		r := Exec(ctx, []string{"./no-such-hook"}, nil, nil, 0)
		if r.StartErr == nil || r.TimedOut {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("the timeout kills the whole process group", func(t *testing.T) {
		pidFile := filepath.Join(t.TempDir(), "pid")
		start := time.Now()
		// The grandchild would keep stdout open for 30 s if it survived.
		r := Exec(ctx, []string{"sh", "-c", `sleep 30 & echo $! > "$1"; wait`, "sh", pidFile}, nil, nil, 200*time.Millisecond)
		if !r.TimedOut || r.ExitCode != -1 {
			t.Errorf("got %+v", r)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %s: the group was not killed", d)
		}
		pid, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Second)
		for alive(strings.TrimSpace(string(pid))) {
			if time.Now().After(deadline) {
				t.Fatalf("grandchild %s survived the timeout", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("a hook that finishes in time is not a timeout", func(t *testing.T) {
		r := Exec(ctx, []string{"true"}, nil, nil, 5*time.Second)
		if r.TimedOut || r.ExitCode != 0 {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("a background child holding stdout does not hang the shim", func(t *testing.T) {
		start := time.Now()
		r := Exec(ctx, []string{"sh", "-c", `sleep 30 & echo done`}, nil, nil, 0)
		if r.ExitCode != 0 || string(r.Stdout) != "done\n" {
			t.Errorf("got %+v", r)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %s", d)
		}
	})
	t.Run("a cancelled context interrupts", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(100*time.Millisecond, cancel)
		r := Exec(cctx, []string{"sleep", "30"}, nil, nil, 0)
		if !r.Interrupted || r.TimedOut {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("output beyond the cap is dropped and said", func(t *testing.T) {
		var c capped
		c.Write(bytes.Repeat([]byte("x"), maxOutput-1))
		n, err := c.Write([]byte("yz"))
		if n != 2 || err != nil || !c.dropped || c.buf.Len() != maxOutput {
			t.Errorf("n=%d err=%v dropped=%v len=%d", n, err, c.dropped, c.buf.Len())
		}
		if n, err := c.Write([]byte("more")); n != 4 || err != nil || c.buf.Len() != maxOutput {
			t.Errorf("after the cap: n=%d err=%v len=%d", n, err, c.buf.Len())
		}
	})
	t.Run("the cap does not split a character", func(t *testing.T) {
		var c capped
		c.Write(bytes.Repeat([]byte("x"), maxOutput-1))
		c.Write([]byte("é")) // two bytes, one over the cap
		if c.buf.Len() != maxOutput-1 || !c.dropped {
			t.Errorf("len=%d dropped=%v", c.buf.Len(), c.dropped)
		}
	})
	t.Run("a hook printing 5 MB on each stream is drained, and what is kept capped", func(t *testing.T) {
		if _, err := exec.LookPath("head"); err != nil {
			t.Skip("no head")
		}
		// The hook ends only once both pipes have taken all 5 MB.
		r := Exec(ctx, []string{"sh", "-c", `head -c 5000000 /dev/zero; head -c 5000000 /dev/zero >&2; exit 2`}, nil, nil, 20*time.Second)
		if r.ExitCode != 2 || r.TimedOut || len(r.Stdout) != maxOutput || len(r.Stderr) != maxOutput || !r.StdoutTruncated || !r.StderrTruncated {
			t.Errorf("exit %d, timed out %v, kept %d and %d bytes, truncated %v and %v", r.ExitCode, r.TimedOut, len(r.Stdout), len(r.Stderr), r.StdoutTruncated, r.StderrTruncated)
		}
	})
}

func TestWholeRunes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"abé", "abé"},
		{"ab\xc3", "ab"},
		{"ab€", "ab€"},
		{"ab\xe2\x82", "ab"},
		{"ab\xf0\x9f\x98", "ab"},
		{"ab\x80", "ab\x80"}, // not UTF-8 to begin with: kept as it is
	} {
		if got := string(wholeRunes([]byte(tc.in))); got != tc.want {
			t.Errorf("wholeRunes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// alive reports whether a process runs: kill -0 succeeds and, where /proc
// tells, it is not a zombie waiting for a reaper that containers may lack.
func alive(pid string) bool {
	if exec.Command("kill", "-0", pid).Run() != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return true
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}

func TestEnv(t *testing.T) {
	in := &Input{Event: "before_tool_execute", Cwd: "/proj"}
	env := Env([]string{"PATH=/bin"}, "claude-code", in)
	want := []string{"PATH=/bin", "HOOKCONV_EVENT=before_tool_execute", "HOOKCONV_PROVIDER=claude-code", "CLAUDE_PROJECT_DIR=/proj"}
	if strings.Join(env, " ") != strings.Join(want, " ") {
		t.Errorf("got %q", env)
	}
	// A variable the tool set is kept; a tool without one gets none.
	if env := Env([]string{"CLAUDE_PROJECT_DIR=/root"}, "claude-code", in); len(env) != 3 {
		t.Errorf("got %q", env)
	}
	if env := Env(nil, "codex", in); len(env) != 2 {
		t.Errorf("got %q", env)
	}
	// Every project-dir variable the tool sets (Gemini CLI: its own and
	// CLAUDE_PROJECT_DIR, providers table also_sets) gets the same value:
	// the tool's own variable where set, else the payload's cwd (QA F10).
	for _, tc := range []struct {
		base []string
		want string
	}{
		{nil, "GEMINI_PROJECT_DIR=/proj CLAUDE_PROJECT_DIR=/proj"},
		{[]string{"GEMINI_PROJECT_DIR=/g"}, "CLAUDE_PROJECT_DIR=/g"},
		{[]string{"CLAUDE_PROJECT_DIR=/c"}, "GEMINI_PROJECT_DIR=/proj"},
		{[]string{"GEMINI_PROJECT_DIR=/g", "CLAUDE_PROJECT_DIR=/c"}, ""},
	} {
		env := Env(tc.base, "gemini-cli", in)
		if got := strings.Join(env[len(tc.base)+2:], " "); got != tc.want {
			t.Errorf("gemini-cli, base %q: added %q, want %q", tc.base, got, tc.want)
		}
	}
}

func TestHeadlessEnv(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "false": false, "FALSE": false, "1": true, "true": true} {
		if got := HeadlessEnv(func(string) string { return v }); got != want {
			t.Errorf("CI=%q: %v", v, got)
		}
	}
}

// TestRun runs the whole shim on a recorded-style payload.
func TestRun(t *testing.T) {
	var stdout, stderr bytes.Buffer
	opt := Options{Provider: "claude-code", Blocking: true, Command: []string{"sh", "-c", `grep -q '"tool":"shell"' && echo "no shell today" >&2 && exit 2`}}
	code, err := Run(context.Background(), opt, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), &stdout, &stderr)
	if err != nil || code != 2 {
		t.Fatalf("code %d err %v", code, err)
	}
	if stdout.Len() != 0 || stderr.String() != "no shell today\n" {
		t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
	}
	for _, bad := range []Options{
		{Provider: "nope", Command: []string{"true"}},
		{Provider: "canonical", Command: []string{"true"}},
		{Provider: "codex", Event: "NoSuchEvent", Command: []string{"true"}},
		{Provider: "codex", TimeoutAction: "retry", Command: []string{"true"}},
		{Provider: "codex", Timeout: -1, Command: []string{"true"}},
		{Provider: "codex"},
	} {
		if _, err := Run(context.Background(), bad, strings.NewReader(""), &stdout, &stderr); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestRunWithoutBash: convert --shim writes `bash -c COMMAND`, and where
// bash is not installed the shim runs the command with sh instead of
// failing to start it (a failed guard lets the action through). Other
// commands, and bash where it is installed, run as written.
func TestRunWithoutBash(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	onlySh := t.TempDir() // a PATH holding sh and no bash
	if err := os.Symlink(sh, filepath.Join(onlySh, "sh")); err != nil {
		t.Fatal(err)
	}
	_, bashErr := exec.LookPath("bash")
	for _, tc := range []struct {
		name    string
		path    string
		command []string
		missing bool
	}{
		{"no bash", onlySh, []string{"bash", "-c", "exit 2"}, true},
		{"bash installed", os.Getenv("PATH"), []string{"bash", "-c", "exit 2"}, bashErr != nil},
		{"not bash -c", onlySh, []string{"bash", "guard.sh"}, false},
		{"bash -c with more words", onlySh, []string{"bash", "-c", "exit 2", "name"}, false},
		{"sh", onlySh, []string{"sh", "-c", "exit 2"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path)
			if got := bashMissing(tc.command); got != tc.missing {
				t.Errorf("bashMissing(%q) = %v, want %v", tc.command, got, tc.missing)
			}
		})
	}

	// The whole shim: the guard's exit 2 still blocks, with sh on PATH
	// and, where PATH has neither, with /bin/sh.
	for _, tc := range []struct{ path, ranBy string }{{onlySh, "sh"}, {t.TempDir(), "/bin/sh"}} {
		t.Setenv("PATH", tc.path)
		var stdout, stderr bytes.Buffer
		opt := Options{Provider: "claude-code", Blocking: true, Command: []string{"bash", "-c", `echo "ran by $0" >&2; exit 2`}}
		code, err := Run(context.Background(), opt, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), &stdout, &stderr)
		if err != nil || code != 2 || stderr.String() != "ran by "+tc.ranBy+"\n" {
			t.Errorf("PATH %s: code %d err %v stdout %q stderr %q, want a deny from the command run by %s", tc.path, code, err, stdout.String(), stderr.String(), tc.ranBy)
		}
	}
}

// TestAccountShellStandIn: the shim's "$SHELL" -c, filled in with a
// shell Codex runs no hook with (fish, nu, tcsh, dash), runs with the
// shell Codex runs instead, by the providers table: bash, else zsh, on
// Linux; zsh, else bash, on macOS; sh where neither is installed. zsh,
// bash and sh run as they are, and so does any command not filled in
// from $SHELL.
func TestAccountShellStandIn(t *testing.T) {
	found := func(names ...string) func(string) (string, error) {
		return func(name string) (string, error) {
			if slices.Contains(names, name) {
				return "/usr/bin/" + name, nil
			}
			return "", exec.ErrNotFound
		}
	}
	t.Setenv("PATH", t.TempDir()) // fallbackShell: no sh on PATH
	for _, tc := range []struct {
		name      string
		command   []string
		shell     string
		goos      string
		installed []string
		want      string
	}{
		{"fish on Linux", []string{"/usr/bin/fish", "-c", "exit 2"}, "/usr/bin/fish", "linux", []string{"bash", "zsh"}, "bash"},
		{"fish on Linux without bash", []string{"/usr/bin/fish", "-c", "exit 2"}, "/usr/bin/fish", "linux", []string{"zsh"}, "zsh"},
		{"fish on macOS", []string{"/opt/homebrew/bin/fish", "-c", "exit 2"}, "/opt/homebrew/bin/fish", "darwin", []string{"bash", "zsh"}, "zsh"},
		{"fish on macOS without zsh", []string{"/opt/homebrew/bin/fish", "-c", "exit 2"}, "/opt/homebrew/bin/fish", "darwin", []string{"bash"}, "bash"},
		{"fish with neither", []string{"/usr/bin/fish", "-c", "exit 2"}, "/usr/bin/fish", "linux", nil, "/bin/sh"},
		{"nu", []string{"/usr/bin/nu", "-c", "exit 2"}, "/usr/bin/nu", "linux", []string{"bash"}, "bash"},
		{"tcsh", []string{"/bin/tcsh", "-c", "exit 2"}, "/bin/tcsh", "freebsd", []string{"bash"}, "bash"},
		{"dash", []string{"/usr/bin/dash", "-c", "exit 2"}, "/usr/bin/dash", "linux", []string{"bash"}, "bash"},
		{"zsh", []string{"/bin/zsh", "-c", "exit 2"}, "/bin/zsh", "darwin", []string{"bash", "zsh"}, ""},
		{"bash", []string{"/bin/bash", "-c", "exit 2"}, "/bin/bash", "linux", []string{"bash"}, ""},
		{"sh", []string{"/bin/sh", "-c", "exit 2"}, "/bin/sh", "linux", []string{"bash"}, ""},
		{"not from $SHELL", []string{"fish", "-c", "exit 2"}, "/usr/bin/fish", "linux", []string{"bash"}, ""},
		{"SHELL unset", []string{"", "-c", "exit 2"}, "", "linux", []string{"bash"}, ""},
		{"not -c", []string{"/usr/bin/fish", "guard.fish"}, "/usr/bin/fish", "linux", []string{"bash"}, ""},
		{"more words", []string{"/usr/bin/fish", "-c", "exit 2", "name"}, "/usr/bin/fish", "linux", []string{"bash"}, ""},
	} {
		if got := accountShellStandIn(tc.command, tc.shell, tc.goos, found(tc.installed...)); got != tc.want {
			t.Errorf("%s: accountShellStandIn(%q, %q, %s) = %q, want %q", tc.name, tc.command, tc.shell, tc.goos, got, tc.want)
		}
	}
}

// TestRunAccountShell: the whole shim, for a user whose $SHELL is fish
// (not even installed): the hook runs with bash, as Codex runs it on
// Linux, and its exit 2 blocks.
func TestRunAccountShell(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("bash is Codex's stand-in on Linux")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	fish := filepath.Join(t.TempDir(), "fish")
	t.Setenv("SHELL", fish)
	var stdout, stderr bytes.Buffer
	opt := Options{Provider: "claude-code", Blocking: true, Command: []string{fish, "-c", `echo "ran by $0" >&2; exit 2`}}
	code, err := Run(context.Background(), opt, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), &stdout, &stderr)
	if err != nil || code != 2 || stderr.String() != "ran by bash\n" {
		t.Errorf("code %d err %v stdout %q stderr %q, want a deny from the command run by bash", code, err, stdout.String(), stderr.String())
	}
}

// TestRunSharedFiles: Copilot CLI runs the hooks of .claude/settings.json
// and of VS Code's .github/hooks files, shim and all, with the shim's
// --provider, and reads only its own answers there: flat fields, exit 2
// on preToolUse (reference part 2 §1.9, §1.10). The shim's deny, on
// Copilot's recorded Claude-compatible payloads and on Claude's own,
// blocks in both tools: exit 2 with the reason on stderr on PreToolUse
// (Claude Code: part 1 §1.9; VS Code: part 2 §2.8), decision "block" on
// Claude's Stop (part 1 §1.10; part 2 §1.10). On VS Code's Stop the deny
// is both spellings of decision "block": the top-level one Copilot CLI
// (and older VS Code builds) read, the nested one the newest VS Code reads
// (QA: a deny in the nested form alone, exit 0, let the agent stop under
// Copilot CLI; QA q3 F6: and under older VS Code builds).
func TestRunSharedFiles(t *testing.T) {
	deny := []string{"sh", "-c", `cat >/dev/null; echo "no rm" >&2; exit 2`}
	for _, tc := range []struct {
		provider, payload string
		exit              int
		stdout, stderr    string
	}{
		{"claude-code", "copilot-claudecompat/PreToolUse.json", 2, "", "no rm\n"},
		{"claude-code", "claude/PreToolUse.json", 2, "", "no rm\n"},
		{"vs-code-copilot", "copilot-claudecompat/PreToolUse.json", 2, "", "no rm\n"},
		{"claude-code", "copilot-claudecompat/Stop.json", 0, `{"decision":"block","reason":"no rm"}` + "\n", ""},
		{"claude-code", "claude/Stop.json", 0, `{"decision":"block","reason":"no rm"}` + "\n", ""},
		{"vs-code-copilot", "copilot-claudecompat/Stop.json", 0, `{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"no rm"},"decision":"block","reason":"no rm"}` + "\n", ""},
	} {
		payload, err := os.ReadFile(filepath.Join(payloadDir, tc.payload))
		if err != nil {
			t.Skipf("no recorded payloads: %v", err)
		}
		var stdout, stderr bytes.Buffer
		opt := Options{Provider: tc.provider, Blocking: true, Command: deny}
		code, err := Run(context.Background(), opt, bytes.NewReader(payload), &stdout, &stderr)
		if err != nil || code != tc.exit || stdout.String() != tc.stdout || stderr.String() != tc.stderr {
			t.Errorf("%s %s: code %d err %v stdout %q stderr %q\nwant code %d stdout %q stderr %q", tc.provider, tc.payload, code, err, stdout.String(), stderr.String(), tc.exit, tc.stdout, tc.stderr)
		}
	}
}

// TestRunUnknownEvent: where neither the payload nor --event names the
// event (Copilot CLI's camelCase payloads), the "pass --event" warning is
// said on every path, after a reason on stderr too; and a blocking hook's
// deny is given in the JSON of every event of the tool that can block, on
// exit 0, which Copilot CLI reads on agentStop, where its exit 2 is only a
// warning (QA). A tool whose deny is an exit code alone keeps it.
func TestRunUnknownEvent(t *testing.T) {
	const warn = "hookconv: the payload names no event; pass --event\n"
	deny := []string{"sh", "-c", `cat >/dev/null; echo "no rm" >&2; exit 2`}
	fail := []string{"sh", "-c", `cat >/dev/null; echo "crashed" >&2; exit 1`}
	copilotStop := `{"sessionId":"s","timestamp":1795331969449,"cwd":"/p","stopReason":"end_turn","stop_hook_active":false}`
	for _, tc := range []struct {
		name, provider, payload string
		command                 []string
		exit                    int
		stdout, stderr          string
	}{
		{"Copilot agentStop deny", "copilot-cli", copilotStop, deny, 0,
			`{"permissionDecision":"deny","permissionDecisionReason":"no rm","behavior":"deny","message":"no rm","decision":"block","reason":"no rm"}` + "\n",
			warn + "hookconv: the event is unknown, so the deny is given in the JSON of every GitHub Copilot CLI event that can block (pass --event)\n"},
		{"Copilot agentStop failure", "copilot-cli", copilotStop, fail, 0, "", "crashed\n" + warn},
		{"exit-code deny: the reason, then the warning", "windsurf", `{"trajectory_id":"t"}`, deny, 2, "", "no rm\n" + warn},
	} {
		var stdout, stderr bytes.Buffer
		opt := Options{Provider: tc.provider, Blocking: true, Command: tc.command}
		code, err := Run(context.Background(), opt, strings.NewReader(tc.payload), &stdout, &stderr)
		if err != nil || code != tc.exit || stdout.String() != tc.stdout || stderr.String() != tc.stderr {
			t.Errorf("%s: code %d err %v stdout %q stderr %q\nwant code %d stdout %q stderr %q", tc.name, code, err, stdout.String(), stderr.String(), tc.exit, tc.stdout, tc.stderr)
		}
	}
}

// TestRunPayloadTimeout: --timeout covers the read of the tool's payload.
// A tool that keeps stdin open (a pipe never closed) gets the answer of a
// hook timeout once the timeout has passed, and the hook never runs: a
// block with --blocking and --timeout-action block, else a warning and
// the action goes ahead (QA q1 F14: the shim waited for stdin forever).
func TestRunPayloadTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	for _, tc := range []struct {
		name     string
		blocking bool
		action   string
		code     int // Claude Code's: 2 blocks, 1 is a hook error
	}{
		{"blocking, timeout-action block", true, TimeoutBlock, 2},
		{"blocking, timeout-action warn", true, TimeoutWarn, 1},
		{"not blocking, timeout-action block", false, TimeoutBlock, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close() // only after Run: the tool never closes it
			if _, err := w.WriteString(`{"hook_event_name":"PreToolUse","tool_name":"Bash"`); err != nil {
				t.Fatal(err)
			}
			ran := filepath.Join(t.TempDir(), "ran")
			opt := Options{Provider: "claude-code", Event: "PreToolUse", Blocking: tc.blocking, Timeout: timeout, TimeoutAction: tc.action,
				Command: []string{"sh", "-c", `touch "$0"; exit 2`, ran}}
			var stdout, stderr bytes.Buffer
			type result struct {
				code int
				err  error
			}
			done := make(chan result, 1)
			go func() {
				code, err := Run(context.Background(), opt, r, &stdout, &stderr)
				done <- result{code, err}
			}()
			var got result
			select {
			case got = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Run still waits for stdin 10s after a 0.2s timeout")
			}
			if got.err != nil || got.code != tc.code {
				t.Errorf("code %d err %v, want %d; stdout %q stderr %q", got.code, got.err, tc.code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String()+stderr.String(), "payload on stdin had not ended after 0.2s, so sh -c") {
				t.Errorf("stdout %q stderr %q: no word of the payload's timeout", stdout.String(), stderr.String())
			}
			if _, err := os.Stat(ran); err == nil {
				t.Error("the hook ran on a payload never read whole")
			}
		})
	}
	// A payload that ends in time is read, and the hook runs.
	var stdout, stderr bytes.Buffer
	opt := Options{Provider: "claude-code", Blocking: true, Timeout: 5 * time.Second, TimeoutAction: TimeoutBlock, Command: []string{"sh", "-c", `grep -q '"tool":"shell"' && echo "no shell today" >&2 && exit 2`}}
	code, err := Run(context.Background(), opt, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), &stdout, &stderr)
	if err != nil || code != 2 || stderr.String() != "no shell today\n" {
		t.Errorf("in time: code %d err %v stderr %q", code, err, stderr.String())
	}
}
