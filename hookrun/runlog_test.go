//go:build unix

package hookrun

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// codexRunKeys are the keys of Codex's HookRunSummary that a log line's
// run has, in order: the required ones and completedAt, durationMs.
var codexRunKeys = []string{"id", "eventName", "handlerType", "executionMode", "scope", "source", "sourcePath", "displayOrder", "status", "startedAt", "completedAt", "durationMs", "entries"}

// logLine is a decoded run log line.
type logLine struct {
	Envelope  json.RawMessage `json:"envelope"`
	Provider  string          `json:"provider"`
	SessionID string          `json:"session_id"`
	Run       RunSummary      `json:"run"`
}

// checkLogLine fails t unless line is one complete run log line of the
// documented shape, and returns it decoded.
func checkLogLine(t *testing.T, line []byte) logLine {
	t.Helper()
	var keys []string
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, line)
	}
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, []string{"envelope", "provider", "run", "session_id"}) {
		t.Errorf("line keys %q", keys)
	}
	var run map[string]json.RawMessage
	if err := json.Unmarshal(raw["run"], &run); err != nil {
		t.Fatal(err)
	}
	keys = keys[:0]
	for k := range run {
		keys = append(keys, k)
	}
	want := slices.Clone(codexRunKeys)
	slices.Sort(keys)
	slices.Sort(want)
	if !slices.Equal(keys, want) {
		t.Errorf("run keys %q, want %q", keys, want)
	}
	var l logLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		t.Fatalf("%v\n%s", err, line)
	}
	r := l.Run
	if !uuidV4.MatchString(r.ID) || r.HandlerType != "command" || r.ExecutionMode != "sync" || r.Source != "unknown" ||
		(r.Scope != "thread" && r.Scope != "turn") || r.StartedAt > r.CompletedAt || r.DurationMs < 0 || r.Entries == nil {
		t.Errorf("run summary %+v", r)
	}
	if !slices.Contains([]string{StatusCompleted, StatusFailed, StatusBlocked, StatusStopped}, r.Status) {
		t.Errorf("status %q", r.Status)
	}
	for _, e := range r.Entries {
		if !slices.Contains([]string{EntryWarning, EntryStop, EntryFeedback, EntryContext, EntryError}, e.Kind) || e.Text == "" {
			t.Errorf("entry %+v", e)
		}
	}
	if string(l.Envelope) != "null" {
		checkEnvelope(t, "log line", l.Envelope)
		var e envelope
		_ = json.Unmarshal(l.Envelope, &e)
		if e.ID != r.ID || e.Source != l.Provider || e.SessionID != l.SessionID {
			t.Errorf("envelope %s does not match the line", l.Envelope)
		}
		if ts, _ := time.Parse(time.RFC3339Nano, e.Time); ts.Unix() != r.StartedAt {
			t.Errorf("envelope time %s, run started at %d", e.Time, r.StartedAt)
		}
	}
	return l
}

// readLog returns the lines of a log file, each checked.
func readLog(t *testing.T, path string) []logLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Errorf("the log does not end with a newline")
	}
	var out []logLine
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, checkLogLine(t, sc.Bytes()))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

const (
	prePayload    = `{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/home/u/proj","tool_name":"Bash","tool_input":{"command":"echo hunter2"}}`
	promptPayload = `{"hook_event_name":"UserPromptSubmit","session_id":"s1","prompt":"my password is hunter2"}`
	postPayload   = `{"hook_event_name":"PostToolUse","session_id":"s1","tool_name":"Bash","tool_input":{"command":"cat secret"},"tool_response":{"stdout":"hunter2"}}`
	stopPayload   = `{"hook_event_name":"Stop","session_id":"s1"}`
	startPayload  = `{"hook_event_name":"SessionStart","session_id":"s1"}`
)

// runOnce runs the shim under Claude Code with a blocking sh hook.
func runOnce(t *testing.T, opt Options, payload, script string) (int, string, string) {
	t.Helper()
	opt.Provider, opt.Blocking, opt.Command = "claude-code", true, []string{"sh", "-c", script}
	var stdout, stderr bytes.Buffer
	code, err := Run(context.Background(), opt, strings.NewReader(payload), &stdout, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

// TestRunLog: each run appends one line of the documented shape, whose
// status and entries say what the tool was told.
func TestRunLog(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	log := filepath.Join(t.TempDir(), "runs.jsonl")
	opt := Options{Log: log}
	for _, tc := range []struct {
		payload, script string
		status          string
		entries         []RunEntry
	}{
		{prePayload, "exit 0", StatusCompleted, nil},
		{prePayload, "echo 'no rm' >&2; exit 2", StatusBlocked, []RunEntry{{EntryFeedback, "no rm"}}},
		{prePayload, `echo '{"decision":"allow","reason":"fine","context":"read the docs","system_message":"hi"}'`, StatusCompleted,
			[]RunEntry{{EntryFeedback, "fine"}, {EntryContext, "read the docs"}, {EntryWarning, "hi"}}},
		{promptPayload, `echo '{"continue":false,"reason":"done"}'`, StatusStopped, []RunEntry{{EntryStop, "done"}}},
		{postPayload, "echo crashed >&2; exit 1", StatusFailed, []RunEntry{{EntryError, "crashed"}}},
		// An ask Claude cannot ask on Stop is a deny, and says so.
		{stopPayload, `echo '{"decision":"ask","reason":"sure?"}'`, StatusBlocked,
			[]RunEntry{{EntryFeedback, "sure? (hookconv: Claude Code cannot ask the user here: denied)"}}},
		// Context the event cannot take is dropped, with a warning.
		{stopPayload, `echo '{"context":"x"}'`, StatusCompleted,
			[]RunEntry{{EntryContext, "x"}, {EntryWarning, "hookconv: Claude Code cannot take context here: dropped"}}},
		{startPayload, "exit 0", StatusCompleted, nil},
	} {
		before := time.Now().Unix()
		runOnce(t, opt, tc.payload, tc.script)
		lines := readLog(t, log)
		l := lines[len(lines)-1]
		if l.Run.Status != tc.status || !slices.Equal(l.Run.Entries, append([]RunEntry{}, tc.entries...)) {
			t.Errorf("%s | %s: status %s entries %+v, want %s %+v", tc.payload, tc.script, l.Run.Status, l.Run.Entries, tc.status, tc.entries)
		}
		if l.Run.StartedAt < before || l.Run.CompletedAt > time.Now().Unix() || l.Run.SourcePath != "sh" || l.Provider != "claude-code" || l.SessionID != "s1" {
			t.Errorf("run %+v", l)
		}
	}
	lines := readLog(t, log)
	if len(lines) != 8 {
		t.Fatalf("%d lines, want one per run (8)", len(lines))
	}
	for i, want := range []string{"before_tool_execute", "before_tool_execute", "before_tool_execute", "before_prompt", "after_tool_execute", "agent_stop", "agent_stop", "session_start"} {
		if lines[i].Run.EventName != want {
			t.Errorf("line %d: eventName %s, want %s", i, lines[i].Run.EventName, want)
		}
	}
	if lines[7].Run.Scope != "thread" || lines[0].Run.Scope != "turn" {
		t.Errorf("scopes %s %s", lines[7].Run.Scope, lines[0].Run.Scope)
	}
	if string(lines[5].Envelope) != "null" || string(lines[0].Envelope) == "null" {
		t.Errorf("a Stop has no OpenHook envelope, a PreToolUse has: %s, %s", lines[5].Envelope, lines[0].Envelope)
	}
	if fi, err := os.Stat(log); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v (%v), want 0600", fi.Mode(), err)
	}
}

// TestRunLogPrivacy: prompts, tool inputs and tool outputs reach the log
// only as lengths and digests, unless IncludeContent.
func TestRunLogPrivacy(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	for _, include := range []bool{false, true} {
		log := filepath.Join(dir, fmt.Sprint(include))
		for _, p := range []string{prePayload, promptPayload, postPayload} {
			runOnce(t, Options{Log: log, IncludeContent: include}, p, "exit 0")
		}
		b, _ := os.ReadFile(log)
		lines := readLog(t, log)
		if len(lines) != 3 {
			t.Fatalf("%d lines", len(lines))
		}
		if has := bytes.Count(b, []byte("hunter2")); include && has != 3 || !include && has != 0 {
			t.Errorf("IncludeContent %v: the content appears %d times:\n%s", include, has, b)
		}
		if n := bytes.Count(b, []byte(`_sha256":"`)); n != 4 {
			t.Errorf("IncludeContent %v: %d digests, want 4 (tool input, prompt, tool input and output):\n%s", include, n, b)
		}
	}
}

// TestRunLogUnwritable: a log that cannot be written changes nothing of
// the answer: same exit code, same stdout, the same stderr but for one
// warning line at its end.
func TestRunLogUnwritable(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		fifo = ""
	}
	paths := map[string]string{
		"missing directory":   filepath.Join(dir, "no", "such", "dir", "runs.jsonl"),
		"a directory":         dir,
		"a FIFO nobody reads": fifo,
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		paths["a full disk"] = "/dev/full"
	}
	for _, tc := range []struct{ payload, script string }{
		{prePayload, "exit 0"},
		{prePayload, "echo 'no rm' >&2; exit 2"},
		{stopPayload, "echo 'not yet' >&2; exit 2"},
		{postPayload, "echo crashed >&2; exit 1"},
		{promptPayload, `echo '{"context":"c"}'`},
	} {
		code, stdout, stderr := runOnce(t, Options{}, tc.payload, tc.script)
		for name, path := range paths {
			if path == "" {
				continue
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				c, out, errOut := runOnce(t, Options{Log: path}, tc.payload, tc.script)
				warning, ok := strings.CutPrefix(errOut, stderr)
				if c != code || out != stdout || !ok || !strings.HasPrefix(warning, "hookconv: run log not written: ") || strings.Count(warning, "\n") != 1 {
					t.Errorf("%s, %s: got exit %d stdout %q stderr %q; without a log exit %d stdout %q stderr %q", name, tc.script, c, out, errOut, code, stdout, stderr)
				}
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: the run waits on its log", name)
			}
		}
	}
}

// TestAppendLogConcurrent: goroutines that each open the log and append
// lines of many sizes (some larger than a pipe buffer) at once leave
// every line whole.
func TestAppendLogConcurrent(t *testing.T) {
	log := filepath.Join(t.TempDir(), "runs.jsonl")
	const writers, lines = 16, 40
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range lines {
				if err := AppendLog(log, testLine(w, i)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	checkTestLines(t, log, writers, lines)
}

// TestAppendLogProcesses: the same with processes, as hooks run by a
// tool at once are: this test binary started several times over.
func TestAppendLogProcesses(t *testing.T) {
	if path := os.Getenv("HOOKRUN_APPEND_HELPER"); path != "" {
		w, _ := strconv.Atoi(os.Getenv("HOOKRUN_APPEND_WRITER"))
		for i := range 40 {
			if err := AppendLog(path, testLine(w, i)); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	log := filepath.Join(t.TempDir(), "runs.jsonl")
	const procs = 8
	var cmds []*exec.Cmd
	for w := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAppendLogProcesses$")
		cmd.Env = append(os.Environ(), "HOOKRUN_APPEND_HELPER="+log, "HOOKRUN_APPEND_WRITER="+strconv.Itoa(w))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	checkTestLines(t, log, procs, 40)
}

// testLine is a JSON line of writer w, its i-th, of a size that varies
// from a few bytes to 200 KiB.
func testLine(w, i int) []byte {
	pad := strings.Repeat("x", (i*7919)%(200<<10))
	return fmt.Appendf(nil, `{"w":%d,"i":%d,"pad":%q}`+"\n", w, i, pad)
}

// checkTestLines: the log holds exactly every line of every writer, each
// whole and intact JSON.
func checkTestLines(t *testing.T, log string, writers, lines int) {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l struct{ W, I int }
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || !bytes.Equal(append(sc.Bytes(), '\n'), testLine(l.W, l.I)) {
			t.Fatalf("a broken line (%v): %.80s…", err, sc.Bytes())
		}
		seen[[2]int{l.W, l.I}] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != writers*lines || bytes.Count(b, []byte("\n")) != writers*lines {
		t.Errorf("%d distinct lines of %d written", len(seen), writers*lines)
	}
}

// TestRunLogConcurrentRuns: whole shim runs logging to one file at once.
func TestRunLogConcurrentRuns(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	log := filepath.Join(t.TempDir(), "runs.jsonl")
	const n = 12
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runOnce(t, Options{Log: log, IncludeContent: i%2 == 0}, postPayload, "exit 0")
		}()
	}
	wg.Wait()
	lines := readLog(t, log)
	ids := map[string]bool{}
	for _, l := range lines {
		ids[l.Run.ID] = true
	}
	if len(lines) != n || len(ids) != n {
		t.Errorf("%d lines, %d ids; want %d", len(lines), len(ids), n)
	}
}

func TestLogPathEnv(t *testing.T) {
	for _, tc := range []struct{ hookconv, agentHooks, want string }{
		{"", "", ""},
		{"/a", "", "/a"},
		{"", "/b", "/b"},
		{"/a", "/b", "/a"},
	} {
		env := map[string]string{"HOOKCONV_LOG": tc.hookconv, "AGENT_HOOKS_LOG": tc.agentHooks}
		if got := LogPathEnv(func(k string) string { return env[k] }); got != tc.want {
			t.Errorf("%+v: %q", tc, got)
		}
	}
}
