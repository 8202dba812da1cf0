package hookrun

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

var update = flag.Bool("update", false, "rewrite testdata/answers.golden from what Answer says (review the diff!)")

// TestAnswerMatrix answers every row of the truth table under every
// provider on its pre-tool event, and the decisions and fields that depend
// on the event on the other core events and permission requests. The
// expected replies are testdata/answers.golden, one line per case:
// provider, native event, case, then exit code, stdout and stderr quoted.
func TestAnswerMatrix(t *testing.T) {
	tb := Default()
	var b bytes.Buffer
	line := func(provider string, ev EventRef, name string, r Reply) {
		fmt.Fprintf(&b, "%s %s | %s | exit %d | stdout %s | stderr %s\n", provider, ev.Native, name, r.Exit, strconv.Quote(string(r.Stdout)), strconv.Quote(string(r.Stderr)))
	}
	for _, provider := range tb.Slugs() {
		pre := nativeRef(provider, "before_tool_execute")
		if pre.Native == "" {
			pre = EventRef{Canonical: "before_tool_execute", Native: "(no pre-tool event)"}
		}
		for _, row := range truthTable {
			line(provider, pre, row.name, tb.Answer(provider, pre, Resolve(row.r, row.p)))
		}
		for _, ev := range []string{"permission_request", "before_prompt", "agent_stop", "session_start", "after_tool_execute"} {
			ref := nativeRef(provider, ev)
			if ref.Native == "" {
				continue
			}
			for _, name := range eventCases {
				row := truthRow(t, name)
				line(provider, ref, name, tb.Answer(provider, ref, Resolve(row.r, row.p)))
			}
		}
	}
	const golden = "testdata/answers.golden"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./hookrun -run TestAnswerMatrix -update)", err)
	}
	gotLines, wantLines := strings.Split(b.String(), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(gotLines), len(wantLines)); i++ {
		g, w := at(gotLines, i), at(wantLines, i)
		if g != w {
			t.Errorf("answers.golden line %d:\ngot  %s\nwant %s", i+1, g, w)
		}
	}
}

// eventCases are the truth-table rows whose answer depends on the event.
var eventCases = []string{"deny", "ask", "allow", "context", "updated_input", "non-blocking updated_input", "continue false stops", "system message and suppress"}

func truthRow(t *testing.T, name string) (row struct {
	name string
	p    Policy
	r    Result
	want Outcome
}) {
	for _, r := range truthTable {
		if r.name == name {
			return r
		}
	}
	t.Fatalf("no truth-table row %q", name)
	return
}

// nativeRef names a canonical event the way a provider sends it.
func nativeRef(provider, canonical string) EventRef {
	ref := EventRef{Canonical: canonical}
	if rows := vocab.Default().EncodeEvent(provider, canonical); len(rows) > 0 {
		ref.Native = rows[0].Name
	}
	return ref
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(none)"
}

// TestAnswerReference pins the replies the provider notes state outright,
// independently of the golden file.
func TestAnswerReference(t *testing.T) {
	tb := Default()
	o := func(s string) Outcome { return Resolve(exit(0, s, ""), blocking) }
	deny := o(`{"decision":"deny","reason":"no"}`)
	for _, tc := range []struct {
		name, provider, event string
		o                     Outcome
		exit                  int
		stdout, stderr        string
	}{
		// Copilot CLI runs the hooks of Claude's settings too, and reads
		// neither Claude's nested deny nor exit 2 on Stop (QA): Claude's
		// answers that Copilot reads as a block too.
		{"Claude: PreToolUse deny is exit 2, reason on stderr", "claude-code", "PreToolUse", deny, 2, "", "no\n"},
		{"Claude: Stop deny is decision block", "claude-code", "Stop", deny, 0, `{"decision":"block","reason":"no"}` + "\n", ""},
		{"Claude: PermissionRequest deny is a behavior", "claude-code", "PermissionRequest", deny, 0,
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}` + "\n",
			"hookconv: GitHub Copilot CLI also runs the hooks written for claude-code and may not read this deny as a block on PermissionRequest\n"},
		{"Claude: error is exit 1", "claude-code", "PreToolUse", Resolve(exit(1, "", "boom"), blocking), 1, "", "boom\n"},
		// A rewrite alone approves nothing the user would have been asked
		// about (QA q1): ask + updatedInput (part 1 §1.10), where allow
		// would skip the permission prompt; the hook's own decision wins.
		{"Claude: rewrite alone is ask + updatedInput", "claude-code", "PreToolUse", o(`{"updated_input":{"command":"ls -a"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"ls -a"}}}` + "\n",
			"hookconv: GitHub Copilot CLI also runs the hooks written for claude-code and may not read this rewrite of the tool input on PreToolUse\n"},
		{"Claude: rewrite with allow is allow + updatedInput", "claude-code", "PreToolUse", o(`{"decision":"allow","updated_input":{"command":"ls -a"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -a"}}}` + "\n",
			"hookconv: GitHub Copilot CLI also runs the hooks written for claude-code and may not read this rewrite of the tool input on PreToolUse\n"},
		{"Droid: rewrite alone is ask + updatedInput", "factory-droid", "PreToolUse", o(`{"updated_input":{"command":"ls -a"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"ls -a"}}}` + "\n", ""},
		{"Qwen: rewrite alone is ask + updatedInput", "qwen-code", "PreToolUse", o(`{"updated_input":{"command":"ls -a"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"ls -a"}}}` + "\n", ""},
		// Codex applies updatedInput only with allow, and fails a hook
		// that asks (part 1 §4.9): allow is the one way to rewrite.
		{"Codex: rewrite alone is allow + updatedInput", "codex", "PreToolUse", o(`{"updated_input":{"command":"ls -a"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -a"}}}` + "\n", ""},
		{"Codex: no ask on PreToolUse: deny", "codex", "PreToolUse", o(`{"decision":"ask","reason":"sure?"}`), 2, "",
			"sure? (hookconv: OpenAI Codex CLI cannot ask the user here: denied)\n"},
		{"Codex: no rewrite on PermissionRequest: block", "codex", "PermissionRequest", o(`{"updated_input":{"a":1}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"hookconv: OpenAI Codex CLI cannot rewrite the tool input here: blocked instead (input_rewrite degrades to block)"}}}` + "\n", ""},
		{"Codex: stop on PreToolUse is a deny", "codex", "PreToolUse", o(`{"continue":false,"reason":"done"}`), 2, "",
			"done (hookconv: OpenAI Codex CLI cannot stop the agent here: denied instead)\n"},
		{"Gemini: deny is a JSON decision on exit 0", "gemini-cli", "BeforeTool", deny, 0, `{"decision":"deny","reason":"no"}` + "\n", ""},
		{"Gemini: rewrite is tool_input", "gemini-cli", "BeforeTool", o(`{"updated_input":{"command":"ls"}}`), 0,
			`{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls"}}}` + "\n", ""},
		{"Copilot: preToolUse deny is exit 2 with the JSON merged", "copilot-cli", "preToolUse", deny, 2,
			`{"permissionDecision":"deny","permissionDecisionReason":"no"}` + "\n", "no\n"},
		{"Copilot: a hook error proceeds (exit 0)", "copilot-cli", "preToolUse", Resolve(exit(1, "", "boom"), blocking), 0, "", "boom\n"},
		{"Copilot: agentStop deny is decision block", "copilot-cli", "agentStop", deny, 0, `{"decision":"block","reason":"no"}` + "\n", ""},
		{"Copilot: rewrite is modifiedArgs", "copilot-cli", "preToolUse", o(`{"updated_input":{"command":"ls"}}`), 0, `{"modifiedArgs":{"command":"ls"}}` + "\n", ""},
		{"Cursor: a hook error answers {} on exit 0", "cursor", "preToolUse", Resolve(exit(1, "", "boom"), blocking), 0, "{}\n", "boom\n"},
		{"Cursor: a fail-closed hook's error denies", "cursor", "preToolUse", Resolve(exit(1, "", "boom"), failClosed), 0,
			`{"permission":"deny","user_message":"boom (hookconv: the hook failed; failure_action: block)","agent_message":"boom (hookconv: the hook failed; failure_action: block)"}` + "\n", ""},
		{"Cursor: nothing to say is {}", "cursor", "preToolUse", o(""), 0, "{}\n", ""},
		{"Cursor: shell ask", "cursor", "beforeShellExecution", o(`{"decision":"ask","reason":"sure?"}`), 0,
			`{"permission":"ask","user_message":"sure?","agent_message":"sure?"}` + "\n", ""},
		{"Cursor: preToolUse does not enforce ask: deny", "cursor", "preToolUse", o(`{"decision":"ask","reason":"sure?"}`), 0,
			`{"permission":"deny","user_message":"sure? (hookconv: Cursor cannot ask the user here: denied)","agent_message":"sure? (hookconv: Cursor cannot ask the user here: denied)"}` + "\n", ""},
		{"Cursor: stop deny is a follow-up", "cursor", "stop", deny, 0, `{"followup_message":"no"}` + "\n", ""},
		{"VS Code: PreToolUse deny is exit 2, which Copilot CLI reads too", "vs-code-copilot", "PreToolUse", deny, 2, "", "no\n"},
		{"Windsurf: deny is exit 2", "windsurf", "pre_run_command", deny, 2, "", "no\n"},
		{"Windsurf: no rewrite: block", "windsurf", "pre_run_command", o(`{"updated_input":{"command":"ls"}}`), 2, "",
			"hookconv: Windsurf Cascade (Devin Desktop) cannot rewrite the tool input here: blocked instead (input_rewrite degrades to block)\n"},
		{"Windsurf: context dropped with a warning", "windsurf", "pre_user_prompt", o(`{"context":"c"}`), 0, "",
			"hookconv: Windsurf Cascade (Devin Desktop) cannot take context here: dropped\n"},
		{"Kiro CLI 2.x: context is plain stdout on agentSpawn", "kiro-agent", "agentSpawn", o(`{"context":"read the README"}`), 0, "read the README\n", ""},
		{"Cline: deny cancels", "cline", "PreToolUse", deny, 0, `{"cancel":true,"errorMessage":"no"}` + "\n", ""},
		{"Cline: context", "cline", "UserPromptSubmit", o(`{"context":"c"}`), 0, `{"contextModification":"c"}` + "\n", ""},
		{"OpenCode: rewrite in canonical terms", "opencode", "tool.execute.before", o(`{"updated_input":{"command":"ls"}}`), 0, `{"updated_input":{"command":"ls"}}` + "\n", ""},
		{"OpenHook: only observes", "openhook", "tool.start", deny, 0, "", "hookconv: OpenHook hooks only observe; not blocked: no\n"},
		{"system message without a field goes to stderr", "kiro", "PreToolUse", o(`{"system_message":"hi"}`), 0, "", "hi\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref, _ := tb.ResolveEvent(tc.provider, tc.event)
			r := tb.Answer(tc.provider, ref, tc.o)
			if r.Exit != tc.exit || string(r.Stdout) != tc.stdout || string(r.Stderr) != tc.stderr {
				t.Errorf("got  exit %d stdout %q stderr %q\nwant exit %d stdout %q stderr %q", r.Exit, r.Stdout, r.Stderr, tc.exit, tc.stdout, tc.stderr)
			}
		})
	}
}

// FuzzAnswer: whatever a hook prints and however it exits, resolving and
// answering never panics, and a JSON answer is valid JSON.
func FuzzAnswer(f *testing.F) {
	for _, row := range truthTable {
		f.Add(row.r.Stdout, row.r.Stderr, int16(row.r.ExitCode), row.p.Blocking, uint8(0), "PreToolUse")
	}
	tb := Default()
	slugs := tb.Slugs()
	plainText := map[string]bool{} // providers whose answers are plain text
	for _, r := range tb.Rules {
		plainText[r.Provider] = plainText[r.Provider] || r.Stdout != ""
	}
	f.Fuzz(func(t *testing.T, stdout, stderr []byte, code int16, blocking bool, p uint8, event string) {
		provider := slugs[int(p)%len(slugs)]
		ref, _ := tb.ResolveEvent(provider, event)
		o := Resolve(Result{ExitCode: int(code), Stdout: stdout, Stderr: stderr}, Policy{Blocking: blocking, Name: "h"})
		r := tb.Answer(provider, ref, o)
		if out := bytes.TrimSpace(r.Stdout); len(out) > 0 && !plainText[provider] && !json.Valid(out) {
			t.Fatalf("%s: answer is not JSON: %s", provider, out)
		}
	})
}

// TestAnswerObserveOnlyNote: a deny on an event where the tool cannot
// prevent the action is noted in the run log; on stderr only where stderr
// is not the reason the tool shows the model (Claude's PostToolUse exit 2
// hands stderr to Claude, which must read the hook's words alone).
func TestAnswerObserveOnlyNote(t *testing.T) {
	tb := Default()
	tests := []struct {
		provider, event string
		onStderr        bool
	}{
		{"claude-code", "after_tool_execute", false},
		{"copilot-cli", "before_prompt", false},
		{"gemini-cli", "after_tool_execute", true}, // the answer is JSON on stdout
		{"cline", "after_tool_execute", true},
	}
	for _, tt := range tests {
		r := tb.Answer(tt.provider, nativeRef(tt.provider, tt.event), Outcome{Decision: DecisionDeny, Reason: "lint failed", Blocking: true})
		noted := slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "cannot prevent the action") })
		if !noted {
			t.Errorf("%s %s: no note in %q", tt.provider, tt.event, r.Notes)
		}
		if got := strings.Contains(string(r.Stderr), "cannot prevent the action"); got != tt.onStderr {
			t.Errorf("%s %s: note on stderr %v, want %v: %q", tt.provider, tt.event, got, tt.onStderr, r.Stderr)
		}
	}
	// Where the tool can block, nothing is noted.
	r := tb.Answer("claude-code", nativeRef("claude-code", "before_tool_execute"), Outcome{Decision: DecisionDeny, Reason: "no", Blocking: true})
	if len(r.Notes) > 0 || strings.Contains(string(r.Stderr), "hookconv:") {
		t.Errorf("a deny that blocks got a note: %q %q", r.Notes, r.Stderr)
	}
}

// TestAnswerDenyExtrasDropped: where a deny is answered by exit 2 for the
// sake of another tool running the provider's files (Copilot CLI reads
// Claude Code's and VS Code's), the deny's context and system message,
// which the provider's own JSON deny would carry, are said to be dropped
// on stderr after the reason (QA s28 q3 F4: they went silently). A deny
// the provider itself answers by exit 2, or one without them, says
// nothing.
func TestAnswerDenyExtrasDropped(t *testing.T) {
	tb := Default()
	tests := []struct {
		provider, event string
		o               Outcome
		want            string // in stderr; "" for no note
	}{
		{"claude-code", "before_tool_execute", Outcome{Decision: DecisionDeny, Reason: "r", Context: "ctx", Blocking: true}, "context is dropped"},
		{"claude-code", "before_tool_execute", Outcome{Decision: DecisionDeny, Reason: "r", Context: "ctx", SystemMessage: "sm", Blocking: true}, "context and system message are dropped"},
		{"vs-code-copilot", "before_tool_execute", Outcome{Decision: DecisionDeny, Reason: "r", SystemMessage: "sm", Blocking: true}, "system message is dropped"},
		{"claude-code", "before_tool_execute", Outcome{Decision: DecisionDeny, Reason: "r", Blocking: true}, ""},
		{"codex", "before_tool_execute", Outcome{Decision: DecisionDeny, Reason: "r", Context: "ctx", Blocking: true}, ""},
	}
	for _, tt := range tests {
		r := tb.Answer(tt.provider, nativeRef(tt.provider, tt.event), tt.o)
		stderr := string(r.Stderr)
		if !strings.HasPrefix(stderr, "r\n") && r.Exit == 2 {
			t.Errorf("%s: the reason is not first on stderr: %q", tt.provider, stderr)
		}
		if got := strings.Contains(stderr, "dropped"); got != (tt.want != "") || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s %+v: stderr %q, want %q", tt.provider, tt.o, stderr, tt.want)
		}
		if drops := tb.DenyDropsExtras(tt.provider, tt.event); tt.want != "" && !drops {
			t.Errorf("%s: DenyDropsExtras false", tt.provider)
		}
	}
}

// TestBlockingReasonNeverBlank answers each blankReasonTable row, under
// every provider on the events that block, and an Outcome made without
// Resolve's defaults: whatever blocks carries a reason that is not blank,
// and an exit 2 has it on stderr. A tool that blocks on exit 2 only with
// a reason on stderr (exit2_needs_stderr: Codex) reads a blank one as a
// failed hook and lets the action go (QA).
func TestBlockingReasonNeverBlank(t *testing.T) {
	tb := Default()
	outcomes := map[string]Outcome{
		"an Outcome with a blank reason": {Decision: DecisionDeny, Reason: " \n", Blocking: true},
		"an Outcome with no reason":      {Decision: DecisionDeny, Blocking: true},
	}
	names := []string{"an Outcome with a blank reason", "an Outcome with no reason"}
	for _, row := range blankReasonTable {
		outcomes[row.name] = Resolve(row.r, row.p)
		names = append(names, row.name)
	}
	needsStderr := 0
	for _, c := range tb.Contracts {
		if c.Exit2NeedsStderr {
			needsStderr++
		}
		for _, ev := range []string{"before_tool_execute", "permission_request", "before_prompt", "agent_stop", "subagent_stop", "after_tool_execute"} {
			ref := nativeRef(c.Slug, ev)
			for _, name := range names {
				r := tb.Answer(c.Slug, ref, outcomes[name])
				if r.Decision == DecisionDeny && strings.TrimSpace(r.Reason) == "" {
					t.Errorf("%s %s, %s: a deny with reason %q", c.Slug, ev, name, r.Reason)
				}
				if r.Exit == 2 && len(bytes.TrimSpace(r.Stderr)) == 0 {
					t.Errorf("%s %s, %s: exit 2 with stderr %q (exit2_needs_stderr %v)", c.Slug, ev, name, r.Stderr, c.Exit2NeedsStderr)
				}
			}
		}
	}
	if needsStderr == 0 {
		t.Error("no contract has exit2_needs_stderr: the test no longer covers the tool it was written for")
	}
}
