package hookrun

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSourceAnswers reads each source tool's own JSON answers, as the
// contracts table says the tool reads them, into the canonical outcome:
// what a hook written for that tool means when run --from names it.
func TestSourceAnswers(t *testing.T) {
	const cc, gem, cdx, cur, cop = "claude-code", "gemini-cli", "codex", "cursor", "copilot-cli"
	const tool, stop, prompt, perm = "before_tool_execute", "agent_stop", "before_prompt", "permission_request"
	tests := []struct {
		name, from, event, tool, out string
		blocking                     bool
		want                         Outcome
	}{
		// Claude Code: hookSpecificOutput on tool calls, the form its docs teach first.
		{"claude deny", cc, tool, "shell", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no rm"}},
		{"claude deny, another case", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"Deny"}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
		{"claude ask", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}`, true,
			Outcome{Decision: DecisionAsk, Reason: "sure?"}},
		{"claude allow", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"allow"}}`, true,
			Outcome{Decision: DecisionAllow}},
		{"claude rewrite", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}`, true,
			Outcome{Decision: DecisionAllow, UpdatedInput: []byte(`{"command":"ls"}`)}},
		// The rewrite rule's fixed ask is run's own default, no condition:
		// a rewrite with no decision is read as one too.
		{"claude rewrite alone", cc, tool, "shell", `{"hookSpecificOutput":{"updatedInput":{"command":"ls"}}}`, true,
			Outcome{UpdatedInput: []byte(`{"command":"ls"}`)}},
		{"claude context", cc, tool, "shell", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"mind the tests"}}`, true,
			Outcome{Context: "mind the tests"}},
		{"claude block on a tool call", cc, tool, "shell", `{"decision":"block","reason":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		// Claude's Stop: "block" keeps the agent going, the canonical deny on a stop.
		{"claude stop block", cc, stop, "", `{"decision":"block","reason":"run the tests"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "run the tests"}},
		// On a prompt Claude Code's continue false is its stop rule, the
		// one place the table says it (HC425 reads it as the prompt's
		// block): a stop, which run answers with the target's stop there,
		// or a deny where the target has none.
		{"claude continue false on a prompt", cc, prompt, "", `{"continue":false,"stopReason":"enough"}`, true,
			Outcome{Stop: true, Reason: "enough"}},
		{"claude continue false on a tool call", cc, tool, "shell", `{"continue":false,"stopReason":"enough"}`, true,
			Outcome{Stop: true, Reason: "enough"}},
		// QA q3 F2: Claude Code stops its agent on continue: false after
		// a tool too, where it decodes the hook as not blocking (exit 2
		// only feeds back there): the stop is the hook's own, and is kept.
		{"claude continue false after a tool, not blocking", cc, "after_tool_execute", "shell", `{"continue":false,"stopReason":"halt"}`, false,
			Outcome{Stop: true, Reason: "halt"}},
		// Codex reads no continue on PreToolUse (reference part 1 §4.9: the
		// hook fails): a Codex hook's stop there is no answer of its own.
		{"codex continue false on a tool call, not blocking", cdx, tool, "shell", `{"continue":false,"stopReason":"halt"}`, false,
			Outcome{Notes: []string{"hookconv: ./h said continue: false but is not blocking: the agent goes on"}}},
		{"claude permission request deny", cc, perm, "shell", `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"claude system message", cc, tool, "shell", `{"systemMessage":"hi"}`, true,
			Outcome{SystemMessage: "hi"}},
		// An answer hookconv cannot map is said, not passed off as an allow.
		{"claude defer", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"defer"}}`, true,
			Outcome{Notes: []string{`hookconv: the hook answers hookSpecificOutput.permissionDecision = "defer", which is no claude-code answer hookconv reads on PreToolUse: taken as no decision`}}},
		{"claude defer, not blocking", cc, tool, "shell", `{"hookSpecificOutput":{"permissionDecision":"defer"}}`, false,
			Outcome{}},
		// Precedence: the answer that stops most decides, with its reason.
		{"canonical allow, claude deny", cc, tool, "shell", `{"decision":"allow","reason":"ok","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"canonical deny, claude allow", cc, tool, "shell", `{"decision":"deny","reason":"no","hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"ok"}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"canonical context wins", cc, tool, "shell", `{"context":"a","hookSpecificOutput":{"additionalContext":"b"}}`, true,
			Outcome{Context: "a"}},
		// Claude's deprecated "approve" is no canonical decision: a hook
		// error still, since it neither denies nor asks.
		{"claude approve", cc, tool, "shell", `{"decision":"approve"}`, true,
			Outcome{Error: `hookconv: ./h: output decision "approve" is none of allow, deny, ask`}},

		// Gemini CLI: decision deny/block (the canonical words) and its context.
		{"gemini deny", gem, tool, "shell", `{"decision":"deny","reason":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		// A key in another case is none to Gemini CLI (output.decision),
		// nor to any tool (QA F2 item 3): not read, and said.
		{"gemini deny in another case", gem, tool, "shell", `{"Decision":"deny","reason":"no"}`, true,
			Outcome{Reason: "no", Notes: []string{`hookconv: output field "Decision" is not read: the field is "decision", and no tool reads a field's name in another case`}}},
		{"gemini context", gem, "after_tool_execute", "shell", `{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"c"}}`, true,
			Outcome{Context: "c"}},

		// Codex: Claude-shaped.
		{"codex deny", cdx, tool, "shell", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		// Gemini CLI's own words: "block" is one of them too.
		{"gemini block", gem, tool, "shell", `{"decision":"block","reason":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"codex stop block", cdx, stop, "", `{"decision":"block","reason":"go on"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "go on"}},

		// Cursor: flat permission, and followup_message on a stop.
		{"cursor deny", cur, tool, "shell", `{"permission":"deny","agent_message":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"cursor ask", cur, tool, "shell", `{"permission":"ask","user_message":"sure?"}`, true,
			Outcome{Decision: DecisionAsk, Reason: "sure?"}},
		{"cursor followup on stop", cur, stop, "", `{"followup_message":"fix the build"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "fix the build"}},
		{"cursor prompt blocked", cur, prompt, "", `{"continue":false,"user_message":"no secrets"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no secrets", Stop: true}},

		// Copilot CLI: flat permissionDecision, and its permission request.
		{"copilot deny", cop, tool, "shell", `{"permissionDecision":"deny","permissionDecisionReason":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"copilot permission request deny", cop, perm, "shell", `{"behavior":"deny","message":"no"}`, true,
			Outcome{Decision: DecisionDeny, Reason: "no"}},
		{"copilot rewrite", cop, tool, "shell", `{"modifiedArgs":{"command":"ls"}}`, true,
			Outcome{UpdatedInput: []byte(`{"command":"ls"}`)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: tc.event, Tool: tc.tool}
			p := Policy{Blocking: tc.blocking, Name: "./h", Source: Default().Answers(tc.from, SourceEvent(tc.from, &in))}
			got := Resolve(exit(0, tc.out, ""), p)
			if string(got.UpdatedInput) != string(tc.want.UpdatedInput) {
				t.Errorf("updated_input %s, want %s", got.UpdatedInput, tc.want.UpdatedInput)
			}
			got.UpdatedInput, tc.want.UpdatedInput, got.Blocking = nil, nil, false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestSourceRewriteMerged: a tool that merges a hook's rewritten input
// over the call's arguments (Gemini CLI) lets its hooks give only the
// arguments they change; run --from hands the target, which replaces the
// whole input, the merged one. A tool that replaces it, and the canonical
// updated_input, are taken as they are.
func TestSourceRewriteMerged(t *testing.T) {
	const call = `{"command":"rm -rf /tmp/x","description":"clean up","dir_path":"/p"}`
	tests := []struct {
		name, from, input, out, want string
	}{
		{"gemini rewrites one argument", "gemini-cli", call,
			`{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls -l"}}}`,
			`{"command":"ls -l","description":"clean up","dir_path":"/p"}`},
		{"gemini nulls an argument", "gemini-cli", call,
			`{"hookSpecificOutput":{"tool_input":{"description":null}}}`,
			`{"command":"rm -rf /tmp/x","description":null,"dir_path":"/p"}`},
		{"gemini, no input to merge over", "gemini-cli", ``,
			`{"hookSpecificOutput":{"tool_input":{"command":"ls"}}}`,
			`{"command":"ls"}`},
		{"gemini hook's canonical rewrite replaces", "gemini-cli", call,
			`{"updated_input":{"command":"ls"}}`,
			`{"command":"ls"}`},
		{"claude replaces", "claude-code", call,
			`{"hookSpecificOutput":{"updatedInput":{"command":"ls"}}}`,
			`{"command":"ls"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: "before_tool_execute", Tool: "shell", ToolInput: json.RawMessage(tc.input)}
			src := Default().Answers(tc.from, SourceEvent(tc.from, &in))
			src.input = in.ToolInput
			got := Resolve(exit(0, tc.out, ""), Policy{Blocking: true, Name: "./h", Source: src})
			if string(got.UpdatedInput) != tc.want {
				t.Errorf("updated_input %s, want %s", got.UpdatedInput, tc.want)
			}
		})
	}
}

// TestSourcePlainContext: plain text a source adds to the agent's
// context on exit 0 (the contracts table's plain_context, or a context
// rule printing $context) is the hook's context under run --from; where
// the source does not read it so, or without --from, it stays the hook
// error of the canonical contract.
func TestSourcePlainContext(t *testing.T) {
	const notJSON = `hookconv: ./h: exited 0 with output that is not a JSON object: "remember the tests"`
	tests := []struct {
		name, from, event, out string
		want                   Outcome
	}{
		{"claude session start", "claude-code", "session_start", "remember the tests\n", Outcome{Context: "remember the tests"}},
		{"claude prompt, several lines", "claude-code", "before_prompt", "a\nb\n", Outcome{Context: "a\nb"}},
		{"claude prompt, JSON still read as JSON", "claude-code", "before_prompt", `{"hookSpecificOutput":{"additionalContext":"c"}}`, Outcome{Context: "c"}},
		{"codex session start", "codex", "session_start", "remember the tests", Outcome{Context: "remember the tests"}},
		{"claude tool call: no context there", "claude-code", "before_tool_execute", "remember the tests", Outcome{Error: notJSON}},
		{"gemini takes no plain context", "gemini-cli", "session_start", "remember the tests", Outcome{Error: notJSON}},
		{"canonical hook", "", "session_start", "remember the tests", Outcome{Error: notJSON}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: tc.event}
			p := Policy{Blocking: true, Name: "./h"}
			if tc.from != "" {
				p.Source = Default().Answers(tc.from, SourceEvent(tc.from, &in))
			}
			got := Resolve(exit(0, tc.out, ""), p)
			got.Blocking = false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestSourceFeedback: a hook answering its tool's feedback after a tool
// (Claude Code's PostToolUse decision "block") gives the agent its reason
// as context, which the target takes there, whether or not it is
// blocking: its tool never blocked with it (reference part 1 §1.10: the
// tool already ran); elsewhere, and from the canonical contract, the
// decision is dropped.
func TestSourceFeedback(t *testing.T) {
	const block = `{"decision":"block","reason":"lint failed"}`
	tests := []struct {
		name, from, event, out string
		context                string
		blocking               bool
	}{
		{"claude PostToolUse, blocking", "claude-code", "after_tool_execute", block, "lint failed", true},
		{"gemini AfterTool deny, blocking", "gemini-cli", "after_tool_execute", `{"decision":"deny","reason":"lint failed"}`, "lint failed", true},
		{"claude PostToolUse", "claude-code", "after_tool_execute", block, "lint failed", false},
		{"claude PostToolUse, context too", "claude-code", "after_tool_execute", `{"decision":"block","reason":"lint failed","hookSpecificOutput":{"additionalContext":"see log"}}`, "see log\nlint failed", false},
		{"gemini AfterTool deny", "gemini-cli", "after_tool_execute", `{"decision":"deny","reason":"lint failed"}`, "lint failed", false},
		{"claude tool call: a deny, dropped", "claude-code", "before_tool_execute", block, "", false},
		{"canonical hook: dropped", "", "after_tool_execute", block, "", false},
		{"no reason: nothing to pass on", "claude-code", "after_tool_execute", `{"decision":"block"}`, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: tc.event}
			p := Policy{Name: "./h", Blocking: tc.blocking}
			if tc.from != "" {
				p.Source = Default().Answers(tc.from, SourceEvent(tc.from, &in))
			}
			got := Resolve(exit(0, tc.out, ""), p)
			if got.Decision != DecisionNone || got.Context != tc.context {
				t.Errorf("decision %q, context %q; want none, %q", got.Decision, got.Context, tc.context)
			}
		})
	}
	if !Default().CarriesFeedback("claude-code", "gemini-cli", "after_tool_execute") || Default().CarriesFeedback("claude-code", "windsurf", "after_tool_execute") {
		t.Error("CarriesFeedback: want Gemini CLI's context after a tool, and none for Windsurf")
	}
}

// TestSourceAnswersOnlyFromSource: without --from the canonical reading
// is as it was; a Claude Code deny is no answer there.
func TestSourceAnswersOnlyFromSource(t *testing.T) {
	got := Resolve(exit(0, `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, ""), Policy{Blocking: true, Name: "./h"})
	if got.Decision != DecisionNone {
		t.Errorf("without a source: %+v, want no decision", got)
	}
}

// TestSourceExitTwoReason: an exit 2 with nothing on stderr takes its
// reason from the source's own JSON when the canonical one has none.
func TestSourceExitTwoReason(t *testing.T) {
	in := Input{Event: "before_tool_execute", Tool: "shell"}
	p := Policy{Blocking: true, Name: "./h", Source: Default().Answers("claude-code", SourceEvent("claude-code", &in))}
	got := Resolve(exit(2, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no rm"}}`, ""), p)
	if got.Decision != DecisionDeny || got.Reason != "no rm" {
		t.Errorf("got %+v, want a deny with the reason no rm", got)
	}
}

// TestOwnFields: the input also carries the source's own spelling of the
// payload's top-level fields, with the source's names for the event and
// the tool, never under a canonical key.
func TestOwnFields(t *testing.T) {
	tests := []struct {
		name, from string
		in         Input
		want       map[string]string
	}{
		{"claude hook under gemini", "claude-code",
			Input{Event: "before_tool_execute", NativeEvent: "BeforeTool", Tool: "shell", NativeTool: "run_shell_command", SessionID: "s"},
			map[string]string{"hook_event_name": "PreToolUse", "tool_name": "Bash"}},
		{"gemini hook under claude", "gemini-cli",
			Input{Event: "before_tool_execute", NativeEvent: "PreToolUse", Tool: "shell", NativeTool: "Bash"},
			map[string]string{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command"}},
		// The payload's own name stands where the source reads it as the
		// same tool: Claude Code's PowerShell is its shell too.
		{"claude hook under codex keeps the name", "claude-code",
			Input{Event: "before_tool_execute", NativeEvent: "PreToolUse", Tool: "shell", NativeTool: "PowerShell"},
			map[string]string{"hook_event_name": "PreToolUse", "tool_name": "PowerShell"}},
		{"claude hook, MCP tool", "claude-code",
			Input{Event: "before_tool_execute", NativeEvent: "BeforeTool", MCP: &MCPTool{Server: "github", Tool: "push_files"}},
			map[string]string{"hook_event_name": "PreToolUse", "tool_name": "mcp__github__push_files"}},
		{"claude hook, MCP tool without a server", "claude-code",
			Input{Event: "before_tool_execute", MCP: &MCPTool{Tool: "push_files"}},
			map[string]string{"hook_event_name": "PreToolUse"}},
		{"claude hook, unknown tool", "claude-code",
			Input{Event: "before_tool_execute", NativeTool: "frobnicate"},
			map[string]string{"hook_event_name": "PreToolUse"}},
		{"claude hook on a prompt", "claude-code",
			Input{Event: "before_prompt", Prompt: "hi"},
			map[string]string{"hook_event_name": "UserPromptSubmit"}},
		// Copilot CLI's camelCase keys.
		{"copilot hook", "copilot-cli",
			Input{Event: "before_tool_execute", Tool: "shell", SessionID: "s", TranscriptPath: "/t"},
			map[string]string{"hook_event_name": "preToolUse", "toolName": "bash", "sessionId": "s", "transcriptPath": "/t"}},
		// Cursor's split events: the one for the tool.
		{"cursor shell hook", "cursor",
			Input{Event: "before_tool_execute", Tool: "shell"},
			map[string]string{"hook_event_name": "beforeShellExecution", "tool_name": "Shell"}},
		// Windsurf nests the tool under tool_info: only its event's name.
		{"windsurf hook", "windsurf",
			Input{Event: "before_tool_execute", Tool: "shell", SessionID: "s"},
			map[string]string{"agent_action_name": "pre_run_command", "trajectory_id": "s"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]string{}
			for _, f := range Default().ownFields(tc.from, &tc.in) {
				var v string
				if err := json.Unmarshal(f.value, &v); err != nil {
					t.Fatal(err)
				}
				got[f.key] = v
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
			for k := range got {
				for _, c := range canonicalKeys() {
					if k == c {
						t.Errorf("own field %q is a canonical key", k)
					}
				}
			}
		})
	}
}

// TestOwnLastMessage: the canonical input has no last-message field; a
// hook run --from a tool whose stop payload has one gets the agent's last
// message under that tool's key, from wherever the target's payload keeps
// it, and nothing where the target's carries none.
func TestOwnLastMessage(t *testing.T) {
	tests := []struct {
		name, provider, from, payload, key, want string
	}{
		{"claude stop guard under gemini", "gemini-cli", "claude-code",
			`{"hook_event_name":"AfterAgent","prompt":"p","prompt_response":"all done","stop_hook_active":false}`,
			"last_assistant_message", "all done"},
		{"gemini stop guard under claude", "claude-code", "gemini-cli",
			`{"hook_event_name":"Stop","last_assistant_message":"all done"}`,
			"prompt_response", "all done"},
		{"claude stop guard under codex", "codex", "claude-code",
			`{"hook_event_name":"Stop","last_assistant_message":"all done"}`,
			"last_assistant_message", "all done"},
		{"claude stop guard under factory droid, which sends none", "factory-droid", "claude-code",
			`{"hook_event_name":"Stop","stop_hook_active":false}`,
			"last_assistant_message", ""},
		{"the source keeps none: nothing to name it by", "claude-code", "factory-droid",
			`{"hook_event_name":"Stop","last_assistant_message":"all done"}`,
			"last_assistant_message", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, _ := Default().Normalise(tc.provider, "", []byte(tc.payload))
			got := ""
			for _, f := range Default().ownFields(tc.from, &in) {
				if f.key == tc.key {
					if err := json.Unmarshal(f.value, &got); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got != tc.want {
				t.Errorf("%s = %q, want %q", tc.key, got, tc.want)
			}
		})
	}
}

// TestOwnFieldsEncoded: the own fields follow the canonical ones, before
// native, in one JSON object.
func TestOwnFieldsEncoded(t *testing.T) {
	in := Input{Event: "before_tool_execute", Tool: "shell", Source: "gemini-cli", Native: []byte(`{}`)}
	in.Own = Default().ownFields("claude-code", &in)
	got := string(in.Encode())
	want := `{"event":"before_tool_execute","tool":"shell","source":"gemini-cli","hook_event_name":"PreToolUse","tool_name":"Bash","native":{}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !strings.Contains(got, `"tool_name":"Bash"`) {
		t.Error("no tool_name")
	}
}

// TestReadsAsDeny: the forms of the contracts table run --from reads as a
// deny, for convert's HC425.
func TestReadsAsDeny(t *testing.T) {
	tests := []struct {
		from, event, form string
		want              bool
	}{
		{"claude-code", "before_tool_execute", `hookSpecificOutput.permissionDecision = "deny"`, true},
		{"claude-code", "before_tool_execute", `decision = "block"`, true},
		{"claude-code", "agent_stop", `decision = "block"`, true},
		{"claude-code", "permission_request", `hookSpecificOutput.decision.behavior = "deny"`, true},
		{"claude-code", "before_tool_execute", `permissionDecision = "deny"`, false},
		{"cursor", "before_tool_execute", `permission = "deny"`, true},
		{"cursor", "agent_stop", `followup_message = "…"`, true},
		{"copilot-cli", "before_tool_execute", `permissionDecision = "deny"`, true},
		{"codex", "before_tool_execute", `hookSpecificOutput.permissionDecision = "deny"`, true},
		{"windsurf", "before_tool_execute", "none", false},
	}
	for _, tc := range tests {
		if got := Default().ReadsAsDeny(tc.from, tc.event, tc.form); got != tc.want {
			t.Errorf("ReadsAsDeny(%s, %s, %s) = %v, want %v", tc.from, tc.event, tc.form, got, tc.want)
		}
	}
}

// TestShimPayload: the shim's payload keeps each field at its canonical
// key and at the source's own top-level one.
func TestShimPayload(t *testing.T) {
	c := Default().ShimPayload("claude-code", "gemini-cli")
	if !reflect.DeepEqual(c.Tool, []string{"tool", "tool_name"}) || !reflect.DeepEqual(c.Event, []string{"event", "hook_event_name"}) {
		t.Errorf("claude-code: tool %v, event %v", c.Tool, c.Event)
	}
	// The last message at the source's key where the target's stop
	// payload carries one, and nowhere where it does not.
	if !reflect.DeepEqual(c.LastMessage, []string{"last_assistant_message"}) {
		t.Errorf("claude-code under gemini-cli: last message %v", c.LastMessage)
	}
	if c := Default().ShimPayload("claude-code", "factory-droid"); len(c.LastMessage) != 0 {
		t.Errorf("claude-code under factory-droid: last message %v, want none", c.LastMessage)
	}
	w := Default().ShimPayload("windsurf", "gemini-cli") // its tool: TestShimPayloadNested
	// The prompt nestedFields builds at Windsurf's own path.
	if !reflect.DeepEqual(w.Prompt, []string{"prompt", "tool_info.user_prompt"}) {
		t.Errorf("windsurf prompt: %v", w.Prompt)
	}
	if !reflect.DeepEqual(CanonicalPayload.Tool, []string{"tool"}) {
		t.Errorf("CanonicalPayload changed: %v", CanonicalPayload.Tool)
	}
}

// FuzzSourceAnswers: a hook's output read in its source tool's forms
// (run --from) is whatever the hook printed; reading it never panics, and
// a deny read from it always comes with a decision the tool is answered
// by.
func FuzzSourceAnswers(f *testing.F) {
	for _, seed := range []string{
		`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`,
		`{"decision":"block","reason":"go on"}`,
		`{"continue":false,"stopReason":"enough"}`,
		`{"permission":"deny","user_message":"no"}`,
		`{"permissionDecision":"Deny"}`,
		`{"hookSpecificOutput":{"updatedInput":{"command":"ls"}}}`,
		`{"hookSpecificOutput":null}`,
		`[1,2]`, `not json`, ``,
	} {
		f.Add(seed, uint8(0))
	}
	sources := []string{"claude-code", "gemini-cli", "codex", "cursor", "copilot-cli", "windsurf", "kiro", "cline"}
	events := []string{"before_tool_execute", "agent_stop", "before_prompt", "permission_request", "session_start"}
	f.Fuzz(func(t *testing.T, out string, pick uint8) {
		from := sources[int(pick)%len(sources)]
		in := Input{Event: events[int(pick/8)%len(events)], Tool: "shell"}
		p := Policy{Blocking: pick&1 == 0, Name: "./h", Source: Default().Answers(from, SourceEvent(from, &in))}
		o := Resolve(exit(0, out, ""), p)
		if o.Decision == DecisionDeny && o.Error != "" {
			t.Fatalf("%s %q: a deny and an error at once: %+v", from, out, o)
		}
	})
}

// TestSourceCrashBlocks: a source that blocks on any exit but 0 and 1
// with plain text (Gemini CLI, reference part 1 §2.9) has its guard's
// exit 3 read as the deny it was there (QA q3 F1), and a JSON object on
// any exit but 2 read as the answer (answers_any_exit, QA F2); exit 1
// with plain text, a hook that is not blocking and other sources are
// hook errors as before.
func TestSourceCrashBlocks(t *testing.T) {
	tests := []struct {
		name, from     string
		code           int
		stdout, stderr string
		blocking       bool
		want           Outcome
	}{
		{"gemini exit 3, reason on stdout", "gemini-cli", 3, "no rm\n", "", true, Outcome{Decision: DecisionDeny, Reason: "no rm"}},
		{"gemini exit 127, stderr", "gemini-cli", 127, "", "sh: guard: not found\n", true, Outcome{Decision: DecisionDeny, Reason: "sh: guard: not found"}},
		{"gemini exit 1 allows", "gemini-cli", 1, "careful\n", "", true, Outcome{Error: "hookconv: ./h failed with exit code 1"}},
		// answers_any_exit: a JSON object is the answer whatever the
		// code but 2 (QA F2: a deny on exit 1 or 3 was a hook error).
		{"gemini exit 3 with JSON", "gemini-cli", 3, `{"decision":"allow"}`, "", true, Outcome{Decision: DecisionAllow}},
		{"gemini exit 1, a JSON deny", "gemini-cli", 1, `{"decision":"deny","reason":"no rm"}`, "", true, Outcome{Decision: DecisionDeny, Reason: "no rm"}},
		{"gemini exit 3, a JSON deny", "gemini-cli", 3, `{"decision":"block"}` + "\n", "", true, Outcome{Decision: DecisionDeny, Reason: "denied by ./h"}},
		{"gemini exit 1, a JSON deny on stderr", "gemini-cli", 1, "", `{"decision":"deny","reason":"no"}`, true, Outcome{Decision: DecisionDeny, Reason: "no", Log: `{"decision":"deny","reason":"no"}`}},
		{"gemini exit 1, a JSON deny, not blocking", "gemini-cli", 1, `{"decision":"deny","reason":"no"}`, "", false, Outcome{Notes: []string{`hookconv: ./h decided "deny" but is not blocking: the action proceeds: no`}}},
		{"gemini exit 1, JSON that is no object", "gemini-cli", 1, `[1]`, "", true, Outcome{Error: "hookconv: ./h failed with exit code 1"}},
		{"claude exit 1, a JSON deny", "claude-code", 1, `{"decision":"block","reason":"no"}`, "", true, Outcome{Error: "hookconv: ./h failed with exit code 1"}},
		{"gemini exit 3 silent", "gemini-cli", 3, "", "", true, Outcome{Error: "hookconv: ./h failed with exit code 3"}},
		{"gemini exit 3, not blocking", "gemini-cli", 3, "no\n", "", false, Outcome{Error: "hookconv: ./h failed with exit code 3"}},
		{"claude exit 3", "claude-code", 3, "no\n", "", true, Outcome{Error: "hookconv: ./h failed with exit code 3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: "before_tool_execute", Tool: "shell"}
			p := Policy{Blocking: tc.blocking, Name: "./h", Source: Default().Answers(tc.from, SourceEvent(tc.from, &in))}
			got := Resolve(exit(tc.code, tc.stdout, tc.stderr), p)
			got.Blocking = false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestSourceAnswerOneValue: output that holds more than one JSON value
// is no answer in the source's forms either: on exit 0 it is the hook
// error spec §5 makes of output that is not JSON, as Cline's script and
// OpenCode's plugin read it (JSON.parse), whichever value denies (QA:
// run --from read the first object as the answer). On exit 3 Gemini
// CLI's plain-text block reads it as the text it is.
func TestSourceAnswerOneValue(t *testing.T) {
	tests := []struct {
		name, from string
		code       int
		stdout     string
		want       Outcome
	}{
		{"gemini deny then allow", "gemini-cli", 0, `{"decision":"deny"}{"decision":"allow"}`,
			Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"decision\":\"deny\"}{\"decision\":\"allow\"}"`}},
		{"gemini allow then deny", "gemini-cli", 0, `{"decision":"allow"}{"decision":"deny"}`,
			Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"decision\":\"allow\"}{\"decision\":\"deny\"}"`}},
		{"gemini a deny a line", "gemini-cli", 0, "{\"decision\":\"deny\"}\n{\"decision\":\"deny\"}\n",
			Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"decision\":\"deny\"}…"`}},
		{"claude deny then more", "claude-code", 0, `{"hookSpecificOutput":{"permissionDecision":"deny"}} {}`,
			Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"hookSpecificOutput\":{\"permissionDecision\":\"deny\"}} {}"`}},
		{"cursor deny then a number", "cursor", 0, `{"permission":"deny"}1`,
			Outcome{Error: `hookconv: ./h: exited 0 with output that is not a JSON object: "{\"permission\":\"deny\"}1"`}},
		{"gemini exit 1, two objects", "gemini-cli", 1, `{"decision":"deny"}{"decision":"deny"}`,
			Outcome{Error: "hookconv: ./h failed with exit code 1"}},
		{"gemini exit 3, two objects are text", "gemini-cli", 3, `{"decision":"allow"}{"decision":"allow"}`,
			Outcome{Decision: DecisionDeny, Reason: `{"decision":"allow"}{"decision":"allow"}`}},
		{"gemini exit 2, no reason from two objects", "gemini-cli", 2, `{"reason":"a"}{"reason":"b"}`,
			Outcome{Decision: DecisionDeny, Reason: "blocked by ./h (exit 2)"}},
		{"one object and blanks", "gemini-cli", 0, "\n {\"decision\":\"deny\",\"reason\":\"no\"} \n",
			Outcome{Decision: DecisionDeny, Reason: "no"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: "before_tool_execute", Tool: "shell"}
			p := Policy{Blocking: true, Name: "./h", Source: Default().Answers(tc.from, SourceEvent(tc.from, &in))}
			got := Resolve(exit(tc.code, tc.stdout, ""), p)
			got.Blocking = false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestSourceEventMCP checks the source's native event run --from names
// for an MCP call: the split event of MCP calls where the source splits
// the event by tool, its one event otherwise.
func TestSourceEventMCP(t *testing.T) {
	mcp := &MCPTool{Server: "github", Tool: "push_files"}
	for _, tc := range []struct {
		from, event, tool string
		mcp               *MCPTool
		want              string
	}{
		{"windsurf", "before_tool_execute", "", mcp, "pre_mcp_tool_use"},
		{"windsurf", "after_tool_execute", "", mcp, "post_mcp_tool_use"},
		{"windsurf", "before_tool_execute", "shell", nil, "pre_run_command"},
		{"cursor", "before_tool_execute", "", mcp, "beforeMCPExecution"},
		{"cursor", "before_tool_execute", "shell", nil, "beforeShellExecution"},
		{"claude-code", "before_tool_execute", "", mcp, "PreToolUse"},
		{"copilot-cli", "before_tool_execute", "", mcp, "preToolUse"},
	} {
		in := Input{Event: tc.event, Tool: tc.tool, MCP: tc.mcp}
		if got := SourceEvent(tc.from, &in).Native; got != tc.want {
			t.Errorf("%s %s %q mcp=%v: %q, want %q", tc.from, tc.event, tc.tool, tc.mcp != nil, got, tc.want)
		}
	}
}

// TestShimPayloadNested: the tool's name and input a source nests are in
// the shim's payload where run --from builds them (ownFields run on
// probe inputs), not by a second list: Windsurf's tool_info (an MCP
// call's name and arguments, the command line), Cline's preToolUse and
// tool_call. A Claude-shaped source's tool input stays at tool_input
// alone: run --from copies it nowhere else.
func TestShimPayloadNested(t *testing.T) {
	tests := []struct {
		from        string
		tool, input []string
	}{
		{"windsurf", []string{"tool_info.mcp_tool_name"}, []string{"tool_info.mcp_tool_arguments", "{command=tool_info.command_line,cwd=tool_info.cwd}"}},
		{"cline", []string{"tool_call.name", "preToolUse.toolName", "postToolUse.toolName"}, []string{"tool_call.input", "preToolUse.parameters"}},
		{"claude-code", []string{"tool_name"}, nil},
	}
	for _, tt := range tests {
		c := Default().ShimPayload(tt.from, "gemini-cli")
		for _, p := range tt.tool {
			if !slices.Contains(c.Tool, p) {
				t.Errorf("%s: tool paths %v lack %s", tt.from, c.Tool, p)
			}
		}
		for _, p := range tt.input {
			if !slices.Contains(c.ToolInput, p) {
				t.Errorf("%s: tool input paths %v lack %s", tt.from, c.ToolInput, p)
			}
		}
		if tt.input == nil && !slices.Equal(c.ToolInput, []string{"tool_input"}) {
			t.Errorf("%s: tool input paths %v, want tool_input alone", tt.from, c.ToolInput)
		}
	}
}

// TestSourceAnswerInText: a Cline hook's answer is found among the debug
// text around it and read whatever the exit code, as Cline's
// hook-factory.ts reads it (answer_in_text, answers_any_exit: JSON.parse
// of stdout, else of its first "{" to its last "}"; reference part 2
// §6.5); run --from cline took "checking...\n{"cancel": true}" and a
// cancel on exit 1 for hook errors, and the call went ahead. What Cline
// finds no JSON in stays the hook error it was, plain text on exit 0
// included, and no other tool's answer is dug out of text.
func TestSourceAnswerInText(t *testing.T) {
	// A cancel is Cline's stop too: it ends the task (reference part 2 §6.5).
	const notJSON = "hookconv: ./h: exited 0 with output that is not a JSON object: "
	tests := []struct {
		name, from     string
		code           int
		stdout, stderr string
		want           Outcome
	}{
		{"text before", "cline", 0, "checking...\n{\"cancel\":true,\"errorMessage\":\"no rm\"}\n", "", Outcome{Decision: DecisionDeny, Reason: "no rm", Stop: true}},
		{"text after", "cline", 0, "{\"cancel\":true,\"errorMessage\":\"no rm\"}\ndone\n", "", Outcome{Decision: DecisionDeny, Reason: "no rm", Stop: true}},
		{"text around, nested braces", "cline", 0, "step 1\n{\"cancel\": true, \"errorMessage\": \"no {rm}\", \"x\": {\"y\": {}}}\nbye", "", Outcome{Decision: DecisionDeny, Reason: "no {rm}", Stop: true}},
		{"text around an allow", "cline", 0, "ok\n{\"cancel\":false,\"contextModification\":\"tests pass\"}\n", "", Outcome{Context: "tests pass"}},
		{"exit 1 with JSON", "cline", 1, "{\"cancel\":true,\"errorMessage\":\"no rm\"}", "oops\n", Outcome{Decision: DecisionDeny, Reason: "no rm", Log: "oops", Stop: true}},
		{"exit 3, text and JSON", "cline", 3, "checking...\n{\"cancel\":true}", "", Outcome{Decision: DecisionDeny, Reason: "denied by ./h", Stop: true}},
		{"exit 2, reason from the embedded answer", "cline", 2, "checking...\n{\"cancel\":true,\"errorMessage\":\"no rm\"}", "", Outcome{Decision: DecisionDeny, Reason: "no rm"}},
		// What Cline finds no JSON in.
		{"plain text, exit 0", "cline", 0, "checking...\n", "", Outcome{Error: notJSON + `"checking..."`}},
		{"a stray brace before", "cline", 0, "loading {config\n{\"cancel\":true}", "", Outcome{Error: notJSON + `"loading {config…"`}},
		{"a stray brace after", "cline", 0, "{\"cancel\":true}\nbye}", "", Outcome{Error: notJSON + `"{\"cancel\":true}…"`}},
		{"two objects", "cline", 0, "{\"cancel\":true} {\"cancel\":true}", "", Outcome{Error: notJSON + `"{\"cancel\":true} {\"cancel\":true}"`}},
		{"unclosed", "cline", 0, "checking {\"cancel\":true", "", Outcome{Error: notJSON + `"checking {\"cancel\":true"`}},
		{"exit 1, plain text", "cline", 1, "checking...\n", "", Outcome{Error: "hookconv: ./h failed with exit code 1"}},
		{"exit 1, stderr is not read", "cline", 1, "", `{"cancel":true}`, Outcome{Error: `{"cancel":true}`}},
		// Others read stdout whole.
		{"claude, text before", "claude-code", 0, "checking...\n{\"decision\":\"block\",\"reason\":\"no\"}", "", Outcome{Error: notJSON + `"checking...…"`}},
		{"gemini, text before", "gemini-cli", 1, "checking...\n{\"decision\":\"deny\"}", "", Outcome{Error: "hookconv: ./h failed with exit code 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Event: "before_tool_execute", Tool: "shell"}
			p := Policy{Blocking: true, Name: "./h", Source: Default().Answers(tc.from, SourceEvent(tc.from, &in))}
			got := Resolve(exit(tc.code, tc.stdout, tc.stderr), p)
			got.Blocking = false
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}
