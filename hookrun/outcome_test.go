package hookrun

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"
)

// truthTable is spec §5, one row per case: how the hook was declared, what
// it did, and the canonical outcome. The answer tests run every row under
// every provider.
var truthTable = []struct {
	name string
	p    Policy
	r    Result
	want Outcome
}{
	// exit codes
	{"exit 0, no output: allow", blocking, exit(0, "", ""), Outcome{}},
	{"exit 0, {}: allow", blocking, exit(0, "{}\n", ""), Outcome{}},
	{"exit 0, stderr is passed on", blocking, exit(0, "", "note\n"), Outcome{Log: "note"}},
	{"exit 2 blocks with stderr", blocking, exit(2, "", "no rm\n"), Outcome{Decision: DecisionDeny, Reason: "no rm"}},
	{"exit 2 blocks even if JSON says allow", blocking, exit(2, `{"decision":"allow"}`, "no"), Outcome{Decision: DecisionDeny, Reason: "no"}},
	{"exit 2 without stderr: the JSON reason", blocking, exit(2, `{"reason":"why"}`, ""), Outcome{Decision: DecisionDeny, Reason: "why"}},
	{"exit 2 without any reason", blocking, exit(2, "", ""), Outcome{Decision: DecisionDeny, Reason: "blocked by ./h (exit 2)"}},
	{"exit 1: hook error", blocking, exit(1, `{"decision":"deny"}`, "boom\n"), Outcome{Error: "boom"}},
	{"exit 1 without stderr", blocking, exit(1, "", ""), Outcome{Error: "hookconv: ./h failed with exit code 1"}},
	{"other codes are 1", blocking, exit(3, "", ""), Outcome{Error: "hookconv: ./h failed with exit code 3"}},
	{"killed by a signal", blocking, exit(-1, "", ""), Outcome{Error: "hookconv: ./h was killed by a signal"}},
	{"cannot start", blocking, Result{ExitCode: -1, StartErr: errors.New("not found")}, Outcome{Error: "hookconv: cannot run ./h: not found"}},

	// non-blocking downgrade
	{"non-blocking exit 2 is a warning", nonBlocking, exit(2, "", "no\n"), Outcome{Error: "no", Notes: []string{"hookconv: ./h exited 2 but is not blocking: a warning, not a block"}}},
	// The message states the code the hook exited with, not the one it counts as.
	{"non-blocking exit 2 without stderr", nonBlocking, exit(2, "", ""), Outcome{Error: "hookconv: ./h failed with exit code 2", Notes: []string{"hookconv: ./h exited 2 but is not blocking: a warning, not a block"}}},
	{"non-blocking deny is a warning", nonBlocking, exit(0, `{"decision":"deny","reason":"r","context":"c"}`, ""), Outcome{Context: "c", Notes: []string{`hookconv: ./h decided "deny" but is not blocking: the action proceeds: r`}}},
	{"non-blocking ask is a warning", nonBlocking, exit(0, `{"decision":"ask"}`, ""), Outcome{Notes: []string{`hookconv: ./h decided "ask" but is not blocking: the action proceeds`}}},
	{"non-blocking allow", nonBlocking, exit(0, `{"decision":"allow"}`, ""), Outcome{Decision: DecisionAllow}},
	{"non-blocking stop is a warning", nonBlocking, exit(0, `{"continue":false,"reason":"done"}`, ""), Outcome{Notes: []string{"hookconv: ./h said continue: false but is not blocking: the agent goes on: done"}}},

	// the output schema
	{"deny", blocking, exit(0, `{"decision":"deny","reason":"r"}`, ""), Outcome{Decision: DecisionDeny, Reason: "r"}},
	{"deny without reason", blocking, exit(0, `{"decision":"deny"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
	{"ask", blocking, exit(0, `{"decision":"ask","reason":"sure?"}`, ""), Outcome{Decision: DecisionAsk, Reason: "sure?"}},
	{"ask headless is deny", headless, exit(0, `{"decision":"ask","reason":"sure?"}`, ""), Outcome{Decision: DecisionDeny, Reason: "sure? (hookconv: the hook asks for confirmation and nobody can answer here: denied)"}},
	{"allow", blocking, exit(0, `{"decision":"allow","reason":"fine"}`, ""), Outcome{Decision: DecisionAllow, Reason: "fine"}},
	{"context", blocking, exit(0, `{"context":"c"}`, ""), Outcome{Context: "c"}},
	{"updated_input", blocking, exit(0, `{"updated_input":{"command":"ls"}}`, ""), Outcome{UpdatedInput: []byte(`{"command":"ls"}`)}},
	{"non-blocking updated_input", nonBlocking, exit(0, `{"updated_input":{"command":"ls"}}`, ""), Outcome{UpdatedInput: []byte(`{"command":"ls"}`)}},
	{"updated_input null is absent", blocking, exit(0, `{"updated_input":null}`, ""), Outcome{}},
	{"continue false stops", blocking, exit(0, `{"continue":false,"reason":"done"}`, ""), Outcome{Stop: true, Reason: "done"}},
	{"continue true", blocking, exit(0, `{"continue":true}`, ""), Outcome{}},
	{"system message and suppress", blocking, exit(0, `{"system_message":"hi","suppress_output":true}`, ""), Outcome{SystemMessage: "hi", SuppressOutput: true}},
	{"unknown fields are ignored", blocking, exit(0, `{"future":1,"decision":"allow"}`, ""), Outcome{Decision: DecisionAllow}},

	// hook errors on exit 0
	{"text on exit 0 is a hook error", blocking, exit(0, "ok\n", "e"), Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "ok"`, Log: "e"}},
	{"a JSON array is a hook error", blocking, exit(0, "[1]", ""), Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "[1]"`}},
	{"broken JSON is a hook error", blocking, exit(0, `{"decision":`, ""), Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"decision\":"`}},
	{"unknown decision is a hook error", blocking, exit(0, `{"decision":"maybe"}`, ""), Outcome{Error: `hookconv: ./h: output decision "maybe" is none of allow, deny, ask`}},
	{"block is read as deny", blocking, exit(0, `{"decision":"block","reason":"r"}`, ""), Outcome{Decision: DecisionDeny, Reason: "r", Notes: []string{`hookconv: decision "block" is read as "deny"`}}},
	{"a decision in capitals is read", blocking, exit(0, `{"decision":"DENY"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: decision "DENY" is read as "deny"`}}},
	{"wrong type is a hook error", blocking, exit(0, `{"continue":"no"}`, ""), Outcome{Error: `hookconv: ./h: output field "continue" must be bool`}},
	{"a plain deny with a wrong type stands", blocking, exit(0, `{"decision":"deny","reason":5,"continue":"no"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: output field "continue" must be bool; left out`, `hookconv: output field "reason" must be string; left out`}}},
	{"a non-blocking plain deny with a wrong type is a warning", nonBlocking, exit(0, `{"decision":"deny","reason":5}`, ""), Outcome{Notes: []string{`hookconv: output field "reason" must be string; left out`, `hookconv: ./h decided "deny" but is not blocking: the action proceeds`}}},
	{"a headless ask with a wrong type is a deny", Policy{Blocking: true, Headless: true, TimeoutAction: TimeoutWarn, Name: "./h"}, exit(0, `{"decision":"ask","reason":5}`, ""), Outcome{Decision: DecisionDeny, Reason: "(hookconv: the hook asks for confirmation and nobody can answer here: denied)", Notes: []string{`hookconv: output field "reason" must be string; left out`}}},
	{"continue false with a wrong reason stops", blocking, exit(0, `{"continue":false,"reason":5}`, ""), Outcome{Stop: true, Notes: []string{`hookconv: output field "reason" must be string; left out`}}},
	{"of two decisions the deny decides", blocking, exit(0, `{"decision":"allow","decision":"deny"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: output field "decision" is given 2 times; the one that stops most decides`}}},
	// A repeated decision that is no string is left out beside a deny,
	// in either order, as OpenCode's plugin reads it (QA: the plugin
	// kept JSON.parse's last, 1, and let the call through).
	{"a block, then a number", blocking, exit(0, `{"decision":"block","decision":1}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: output field "decision" is given 2 times; the one that stops most decides`, `hookconv: decision "block" is read as "deny"`, `hookconv: output field "decision" must be string; left out`}}},
	{"true, then a block", blocking, exit(0, `{"decision":true,"decision":"block"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: output field "decision" is given 2 times; the one that stops most decides`, `hookconv: decision "block" is read as "deny"`, `hookconv: output field "decision" must be string; left out`}}},
	// A key in another case is no field to any tool, nor to Cline's
	// script or OpenCode's plugin: not read, and said (QA F2 item 3).
	{"a key in another case is not read", blocking, exit(0, `{"Decision":"deny"}`, ""), Outcome{Notes: []string{`hookconv: output field "Decision" is not read: the field is "decision", and no tool reads a field's name in another case`}}},
	{"a key in another case beside the field", blocking, exit(0, `{"decision":"allow","DECISION":"deny"}`, ""), Outcome{Decision: DecisionAllow, Notes: []string{`hookconv: output field "DECISION" is not read: the field is "decision", and no tool reads a field's name in another case`}}},
	{"a bad rewrite beside a deny is left out", blocking, exit(0, `{"decision":"deny","updated_input":"x"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Notes: []string{`hookconv: output field "updated_input" must be an object; left out`}}},
	{"a headless ask with a bad continue is a deny", Policy{Blocking: true, Headless: true, TimeoutAction: TimeoutWarn, Name: "./h"}, exit(0, `{"decision":"ask","continue":"no"}`, ""), Outcome{Decision: DecisionDeny, Reason: "(hookconv: the hook asks for confirmation and nobody can answer here: denied)", Notes: []string{`hookconv: output field "continue" must be bool; left out`}}},
	{"updated_input not an object", blocking, exit(0, `{"updated_input":"ls"}`, ""), Outcome{Error: `hookconv: ./h: output field "updated_input" must be an object`}},
	{"too much output", blocking, Result{Stdout: []byte("{"), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},

	// timeouts
	{"timeout, blocking, block", withTimeout(blocking, TimeoutBlock), Result{ExitCode: -1, TimedOut: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h timed out after 1.5s (timeout_action: block)"}},
	{"timeout, blocking, warn", withTimeout(blocking, TimeoutWarn), Result{ExitCode: -1, TimedOut: true}, Outcome{Error: "hookconv: ./h timed out after 1.5s"}},
	{"timeout, non-blocking, block: only a warning", withTimeout(nonBlocking, TimeoutBlock), Result{ExitCode: -1, TimedOut: true}, Outcome{Error: "hookconv: ./h timed out after 1.5s"}},
	{"interrupted", blocking, Result{ExitCode: -1, Interrupted: true}, Outcome{Error: "hookconv: ./h was stopped: hookconv was interrupted"}},
}

var (
	blocking    = Policy{Blocking: true, TimeoutAction: TimeoutWarn, Name: "./h"}
	nonBlocking = Policy{TimeoutAction: TimeoutWarn, Name: "./h"}
	headless    = Policy{Blocking: true, TimeoutAction: TimeoutWarn, Headless: true, Name: "./h"}
)

func exit(code int, stdout, stderr string) Result {
	return Result{ExitCode: code, Stdout: []byte(stdout), Stderr: []byte(stderr)}
}

func withTimeout(p Policy, action string) Policy {
	p.Timeout, p.TimeoutAction = 1500*time.Millisecond, action
	return p
}

// truncatedTable: output cut at maxOutput (Exec's StdoutTruncated,
// StderrTruncated). Not in truthTable, whose rows answers.golden repeats
// for every tool: the answers add nothing there.
var truncatedTable = []struct {
	name string
	p    Policy
	r    Result
	want Outcome
}{
	{"too much output: the stderr kept is passed on", blocking, Result{Stdout: []byte("{"), Stderr: []byte("log"), StdoutTruncated: true, StderrTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks", Log: "log… [truncated]"}},
	// QA: a deny with a reason past the cap, or padded past it, was a hook
	// error, and the action went ahead.
	{"too much output: a deny cut in its reason blocks", blocking, Result{Stdout: []byte(`{"decision":"deny","reason":"xxxx`), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},
	{"too much output: a whole deny first is that deny", blocking, Result{Stdout: []byte(`{"decision":"deny","reason":"no"}` + "          "), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "no"}},
	{"too much output: a whole deny first, then more", blocking, Result{Stdout: []byte(`{"decision":"deny"}{"decision":"allow"}xx`), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
	// QA q3 F7: a whole answer followed by blanks alone up to the cut is
	// complete: read as it says. Followed by more, it may have gone on
	// to deny: it blocks.
	{"too much output: a whole allow, then blanks, allows", blocking, Result{Stdout: []byte(`{"decision":"allow"}` + "   "), StdoutTruncated: true}, Outcome{Decision: DecisionAllow}},
	{"too much output: a whole allow, then newlines and tabs, allows", blocking, Result{Stdout: []byte(`{"decision":"allow","reason":"ok"}` + "\n\t\r\n  \n"), StdoutTruncated: true}, Outcome{Decision: DecisionAllow, Reason: "ok"}},
	{"too much output: blanks, a whole {}, blanks: no decision", blocking, Result{Stdout: []byte("\n  {}   "), StdoutTruncated: true}, Outcome{}},
	{"too much output: a whole ask, then blanks, asks", blocking, Result{Stdout: []byte(`{"decision":"ask","reason":"sure?"}` + "    "), StdoutTruncated: true}, Outcome{Decision: DecisionAsk, Reason: "sure?"}},
	{"too much output: a whole allow, then more, blocks", blocking, Result{Stdout: []byte(`{"decision":"allow"}` + "   x"), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},
	{"too much output: a whole allow, then another object, blocks", blocking, Result{Stdout: []byte(`{"decision":"allow"}` + "\n" + `{"decision":"deny"}`), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},
	{"too much output: a whole allow, then a form feed (no JSON blank), blocks", blocking, Result{Stdout: []byte(`{"decision":"allow"}` + "\f"), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},
	{"too much output: a whole object no answer reads, then blanks, blocks", blocking, Result{Stdout: []byte(`{"decision":"maybe"}` + "   "), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h printed more output than hookconv reads (1 MiB): an answer of a blocking hook that cannot be read blocks"}},
	{"too much output, not blocking: a hook error", nonBlocking, Result{Stdout: []byte(`{"decision":"deny"}` + "   "), StdoutTruncated: true}, Outcome{Error: "hookconv: ./h printed more output than hookconv reads (1 MiB)"}},

	{"a long stderr does not undo a deny on stdout", blocking, Result{Stdout: []byte(`{"decision":"deny","reason":"no"}`), Stderr: []byte("log"), StderrTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "no", Log: "log… [truncated]"}},
	{"exit 2: a cut stderr is a reason said cut", blocking, Result{ExitCode: 2, Stderr: []byte("rm -rf is not allowed "), StderrTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "rm -rf is not allowed… [truncated]"}},
	{"exit 2: only stdout cut, the reason is stderr", blocking, Result{ExitCode: 2, Stdout: []byte("x"), Stderr: []byte("no"), StdoutTruncated: true}, Outcome{Decision: DecisionDeny, Reason: "no"}},
	{"exit 1: a cut stderr is an error said cut", blocking, Result{ExitCode: 1, Stderr: []byte("crash"), StderrTruncated: true}, Outcome{Error: "crash… [truncated]"}},
}

// blankReasonTable: a reason that trims to nothing is no reason, on every
// path that blocks (QA: Codex got exit 2 with blank stderr, which it reads
// as a failed hook, and the call ran). TestBlockingReasonNeverBlank
// answers each row under every provider.
var blankReasonTable = []struct {
	name string
	p    Policy
	r    Result
	want Outcome
}{
	{"deny with a reason of spaces", blocking, exit(0, `{"decision":"deny","reason":"   "}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
	{"deny with a reason of a newline", blocking, exit(0, `{"decision":"deny","reason":"\n"}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
	{"deny with a reason of tabs and returns", blocking, exit(0, `{"decision":"deny","reason":"\t\r\n "}`, ""), Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
	{"exit 2, stdout reason of spaces, no stderr", blocking, exit(2, `{"reason":"  "}`+"\n", ""), Outcome{Decision: DecisionDeny, Reason: "blocked by ./h (exit 2)"}},
	{"exit 2, stdout reason of a newline, blank stderr", blocking, exit(2, `{"reason":"\n"}`, " \n\t"), Outcome{Decision: DecisionDeny, Reason: "blocked by ./h (exit 2)"}},
	{"exit 2, blank stderr, no stdout", blocking, exit(2, "", "\n\n"), Outcome{Decision: DecisionDeny, Reason: "blocked by ./h (exit 2)"}},
	{"headless ask with a reason of spaces", headless, exit(0, `{"decision":"ask","reason":"  "}`, ""), Outcome{Decision: DecisionDeny, Reason: "(hookconv: the hook asks for confirmation and nobody can answer here: denied)"}},
	{"ask with a reason of spaces", blocking, exit(0, `{"decision":"ask","reason":" "}`, ""), Outcome{Decision: DecisionAsk}},
	{"stop with a reason of spaces", blocking, exit(0, `{"continue":false,"reason":" \n"}`, ""), Outcome{Stop: true}},
}

// failClosed is a blocking hook its tool ran fail-closed: convert --shim
// passes --failure-action block (Cursor's failClosed).
var failClosed = Policy{Blocking: true, TimeoutAction: TimeoutBlock, FailureAction: TimeoutBlock, Name: "./h", Timeout: 1500 * time.Millisecond}

// failureTable: with failure_action block a blocking hook's failure
// blocks (QA: under the shim a Cursor failClosed guard that crashed let
// the call through); an interruption, a timeout (timeout_action rules it)
// and a hook that is not blocking stay as they were.
var failureTable = []struct {
	name string
	p    Policy
	r    Result
	want Outcome
}{
	{"fail-closed: exit 1 blocks", failClosed, exit(1, "", "linter crashed\n"), Outcome{Decision: DecisionDeny, Reason: "linter crashed (hookconv: the hook failed; failure_action: block)"}},
	{"fail-closed: exit 1 without stderr", failClosed, exit(1, "", ""), Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h failed with exit code 1 (hookconv: the hook failed; failure_action: block)"}},
	{"fail-closed: killed", failClosed, exit(-1, "", ""), Outcome{Decision: DecisionDeny, Reason: "hookconv: ./h was killed by a signal (hookconv: the hook failed; failure_action: block)"}},
	{"fail-closed: cannot start", failClosed, Result{ExitCode: -1, StartErr: errors.New("not found")}, Outcome{Decision: DecisionDeny, Reason: "hookconv: cannot run ./h: not found (hookconv: the hook failed; failure_action: block)"}},
	{"fail-closed: output that is no answer", failClosed, exit(0, "ok\n", "log"), Outcome{Decision: DecisionDeny, Reason: `hookconv: ./h: exited 0 with output that is not a JSON object: "ok" (hookconv: the hook failed; failure_action: block)`, Log: "log"}},
	{"fail-closed: exit 0 allows", failClosed, exit(0, "", ""), Outcome{}},
	{"fail-closed: a timeout follows timeout_action", withTimeout(failClosed, TimeoutWarn), Result{ExitCode: -1, TimedOut: true}, Outcome{Error: "hookconv: ./h timed out after 1.5s"}},
	{"fail-closed: interrupted is no failure of the hook", failClosed, Result{ExitCode: -1, Interrupted: true}, Outcome{Error: "hookconv: ./h was stopped: hookconv was interrupted"}},
	{"fail-closed but not blocking: a warning", Policy{FailureAction: TimeoutBlock, Name: "./h"}, exit(1, "", "boom"), Outcome{Error: "boom"}},
	// QA F2: where a block makes the agent go on (a Stop event), a
	// failure or a timeout lets it stop, whatever the flags say; the
	// hook's own block still continues it.
	{"continues: exit 1 is an error", stopFailClosed, exit(1, "", "boom\n"), Outcome{Error: "boom", Notes: []string{continuesNote}}},
	{"continues: cannot start", stopFailClosed, Result{ExitCode: -1, StartErr: errors.New("not found")}, Outcome{Error: "hookconv: cannot run ./h: not found", Notes: []string{continuesNote}}},
	{"continues: output that is no answer", stopFailClosed, exit(0, "done\n", ""), Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "done"`, Notes: []string{continuesNote}}},
	{"continues: a timeout is an error", stopFailClosed, Result{ExitCode: -1, TimedOut: true}, Outcome{Error: "hookconv: ./h timed out after 1.5s", Notes: []string{continuesNote}}},
	{"continues: unreadable long output is an error", Policy{Blocking: true, Continues: true, Name: "./h"}, Result{Stdout: []byte("x"), StdoutTruncated: true}, Outcome{Error: "hookconv: ./h printed more output than hookconv reads (1 MiB)"}},
	{"continues: exit 2 still continues", stopFailClosed, exit(2, "", "fix the tests\n"), Outcome{Decision: DecisionDeny, Reason: "fix the tests"}},
	{"continues: a deny still continues", stopFailClosed, exit(0, `{"decision":"block","reason":"go on"}`, ""), Outcome{Decision: DecisionDeny, Reason: "go on", Notes: []string{`hookconv: decision "block" is read as "deny"`}}},
	{"continues: exit 0 stops", stopFailClosed, exit(0, "", ""), Outcome{}},
}

// stopFailClosed is failClosed on an event where a block makes the agent
// go on working (Policy.Continues).
var stopFailClosed = Policy{Blocking: true, Continues: true, TimeoutAction: TimeoutBlock, FailureAction: TimeoutBlock, Name: "./h", Timeout: 1500 * time.Millisecond}

const continuesNote = "hookconv: on this event a block makes the agent go on working: a failure or a timeout of the hook lets it stop, whatever --timeout-action and --failure-action say"

func TestResolve(t *testing.T) {
	for _, tc := range slices.Concat(truthTable, truncatedTable, blankReasonTable, failureTable) {
		t.Run(tc.name, func(t *testing.T) {
			got := Resolve(tc.r, tc.p)
			if string(got.UpdatedInput) != string(tc.want.UpdatedInput) {
				t.Errorf("updated_input %s, want %s", got.UpdatedInput, tc.want.UpdatedInput)
			}
			got.UpdatedInput, tc.want.UpdatedInput = nil, nil
			if got.Blocking != tc.p.Blocking {
				t.Errorf("Blocking %v, want the policy's %v", got.Blocking, tc.p.Blocking)
			}
			got.Blocking = false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}
