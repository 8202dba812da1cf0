package hookrun

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

// payloadDir holds real payloads recorded from the tools (shared/ lies
// beside the checkout).
const payloadDir = "../../shared/reference/payloads"

// recordedProvider maps a folder of payloadDir to the provider that sent
// it.
var recordedProvider = map[string]string{
	"claude":               "claude-code",
	"cline":                "cline",
	"codex":                "codex",
	"copilot":              "copilot-cli",
	"copilot-claudecompat": "copilot-cli",
	"factory":              "factory-droid",
	"gemini":               "gemini-cli",
	"opencode":             "opencode",
	"qwen":                 "qwen-code",
}

// TestRecordedPayloads normalises every recorded payload without a
// warning, to a known event, with the fields the payload has. A payload
// that names no event (Copilot's camelCase ones, OpenCode's tool hooks) is
// given the native event its file is named after, as the generated config
// passes it with --event.
func TestRecordedPayloads(t *testing.T) {
	dirs, err := os.ReadDir(payloadDir)
	if err != nil {
		t.Skipf("no recorded payloads: %v", err)
	}
	tb := Default()
	n := 0
	for _, d := range dirs {
		provider, ok := recordedProvider[d.Name()]
		if !ok {
			t.Errorf("%s: payloads of an unknown tool; add it to recordedProvider", d.Name())
			continue
		}
		files, _ := filepath.Glob(filepath.Join(payloadDir, d.Name(), "*.json"))
		for _, f := range files {
			n++
			payload, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			hint := ""
			if in, _ := tb.Normalise(provider, "", payload); in.NativeEvent == "" {
				hint = name
			}
			in, warns := tb.Normalise(provider, hint, payload)
			where := d.Name() + "/" + filepath.Base(f)
			if len(warns) > 0 {
				t.Errorf("%s: warnings %q", where, warns)
			}
			if in.Event == "" || in.NativeEvent == "" {
				t.Errorf("%s: event not resolved: %+v", where, in.Ref())
			}
			if in.SessionID == "" {
				t.Errorf("%s: no session_id", where)
			}
			if in.Source != provider || string(in.Native) != strings.TrimSpace(string(payload)) {
				t.Errorf("%s: source or native payload changed", where)
			}
			if !json.Valid(in.Encode()) {
				t.Errorf("%s: encoded input is not JSON: %s", where, in.Encode())
			}
			if strings.Contains(strings.ToLower(name), "tool") && !strings.Contains(name, "Selection") {
				if in.NativeTool == "" || in.Tool != "shell" || len(in.ToolInput) == 0 {
					t.Errorf("%s: tool not read: tool=%q native=%q input=%s", where, in.Tool, in.NativeTool, in.ToolInput)
				}
			}
		}
	}
	if n == 0 {
		t.Skip("no recorded payloads")
	}
}

func TestNormalise(t *testing.T) {
	tb := Default()
	for _, tc := range []struct {
		name, provider, event, payload, want string
		warns                                int
	}{
		{
			name:     "claude pre-tool",
			provider: "claude-code",
			payload:  `{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"extra":1}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","session_id":"s","cwd":"/p","tool":"shell","native_tool":"Bash","tool_input":{"command":"ls"},"source":"claude-code","native":{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"extra":1}}`,
		},
		// QA F6: VS Code's tools (reference part 2 §2.5), and MCP tools
		// as the spec's structured MCP name (§4).
		{
			name:     "vs code terminal",
			provider: "vs-code-copilot",
			payload:  `{"sessionId":"s","hookEventName":"PreToolUse","tool_name":"run_in_terminal","tool_input":{"command":"ls"}}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","session_id":"s","tool":"shell","native_tool":"run_in_terminal","tool_input":{"command":"ls"},"source":"vs-code-copilot","native":{"sessionId":"s","hookEventName":"PreToolUse","tool_name":"run_in_terminal","tool_input":{"command":"ls"}}}`,
		},
		{
			name:     "claude mcp tool",
			provider: "claude-code",
			payload:  `{"hook_event_name":"PreToolUse","tool_name":"mcp__github__push_files"}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","native_tool":"mcp__github__push_files","mcp":{"server":"github","tool":"push_files"},"source":"claude-code","native":{"hook_event_name":"PreToolUse","tool_name":"mcp__github__push_files"}}`,
		},
		{
			name:     "windsurf mcp tool: server and tool apart",
			provider: "windsurf",
			payload:  `{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"github","mcp_tool_name":"push_files"}}`,
			want:     `{"event":"before_tool_execute","native_event":"pre_mcp_tool_use","native_tool":"push_files","mcp":{"server":"github","tool":"push_files"},"source":"windsurf","native":{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"github","mcp_tool_name":"push_files"}}}`,
		},
		{
			name:     "cursor mcp tool: no server in the name",
			provider: "cursor",
			payload:  `{"hook_event_name":"preToolUse","tool_name":"MCP:list_variables"}`,
			want:     `{"event":"before_tool_execute","native_event":"preToolUse","native_tool":"MCP:list_variables","mcp":{"tool":"list_variables"},"source":"cursor","native":{"hook_event_name":"preToolUse","tool_name":"MCP:list_variables"}}`,
		},
		{
			// The payload does not say whether a write or an edit: no tool.
			name:     "windsurf pre_write_code",
			provider: "windsurf",
			payload:  `{"agent_action_name":"pre_write_code","tool_info":{"file_path":"/w/a"}}`,
			want:     `{"event":"before_tool_execute","native_event":"pre_write_code","tool_input":{"file_path":"/w/a"},"source":"windsurf","native":{"agent_action_name":"pre_write_code","tool_info":{"file_path":"/w/a"}}}`,
		},
		{
			name:     "--event wins, native name kept from the payload",
			provider: "claude-code",
			event:    "before_tool_execute",
			payload:  `{"hook_event_name":"PreToolUse"}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","source":"claude-code","native":{"hook_event_name":"PreToolUse"}}`,
		},
		{
			name:     "--event naming another event than the payload's: the hook is told the flag's, with a warning",
			provider: "claude-code",
			event:    "before_tool_execute",
			payload:  `{"hook_event_name":"PostToolUse","tool_name":"Bash"}`,
			want:     `{"event":"before_tool_execute","native_event":"PostToolUse","tool":"shell","native_tool":"Bash","source":"claude-code","native":{"hook_event_name":"PostToolUse","tool_name":"Bash"}}`,
			warns:    1,
		},
		{
			name:     "--event by its native name, the payload's own",
			provider: "cursor",
			event:    "beforeShellExecution",
			payload:  `{"hook_event_name":"beforeShellExecution","command":"ls"}`,
			want:     `{"event":"before_tool_execute","native_event":"beforeShellExecution","tool":"shell","tool_input":{"command":"ls"},"source":"cursor","native":{"hook_event_name":"beforeShellExecution","command":"ls"}}`,
		},
		{
			name:     "--event and a payload's alias of it agree",
			provider: "cline",
			event:    "before_tool_execute",
			payload:  `{"hookName":"tool_call"}`,
			want:     `{"event":"before_tool_execute","native_event":"tool_call","source":"cline","native":{"hookName":"tool_call"}}`,
		},
		{
			name:     "--event and a payload event hookconv does not know",
			provider: "codex",
			event:    "before_tool_execute",
			payload:  `{"hook_event_name":"FutureEvent"}`,
			want:     `{"event":"before_tool_execute","native_event":"FutureEvent","source":"codex","native":{"hook_event_name":"FutureEvent"}}`,
			warns:    1,
		},
		{
			name:     "copilot camelCase: toolArgs as a JSON string, event from --event",
			provider: "copilot-cli",
			event:    "preToolUse",
			payload:  `{"sessionId":"s","timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`,
			want:     `{"event":"before_tool_execute","native_event":"preToolUse","session_id":"s","cwd":"/p","tool":"shell","native_tool":"bash","tool_input":{"command":"ls"},"source":"copilot-cli","native":{"sessionId":"s","timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}}`,
		},
		{
			name:     "copilot in Claude mode: Claude's tool names",
			provider: "copilot-cli",
			payload:  `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash"}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","session_id":"s","tool":"shell","native_tool":"Bash","source":"copilot-cli","native":{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash"}}`,
		},
		{
			name:     "cursor split event: the tool from the event, the input picked",
			provider: "cursor",
			payload:  `{"conversation_id":"c","hook_event_name":"beforeShellExecution","command":"ls","cwd":"/p","workspace_roots":["/w"]}`,
			want:     `{"event":"before_tool_execute","native_event":"beforeShellExecution","session_id":"c","cwd":"/p","tool":"shell","tool_input":{"command":"ls"},"source":"cursor","native":{"conversation_id":"c","hook_event_name":"beforeShellExecution","command":"ls","cwd":"/p","workspace_roots":["/w"]}}`,
		},
		{
			name:     "cursor: cwd from workspace_roots",
			provider: "cursor",
			payload:  `{"hook_event_name":"stop","workspace_roots":["/w"]}`,
			want:     `{"event":"agent_stop","native_event":"stop","cwd":"/w","source":"cursor","native":{"hook_event_name":"stop","workspace_roots":["/w"]}}`,
		},
		{
			name:     "windsurf: renamed picks from tool_info",
			provider: "windsurf",
			payload:  `{"agent_action_name":"pre_run_command","trajectory_id":"t","tool_info":{"command_line":"ls","cwd":"/p"}}`,
			want:     `{"event":"before_tool_execute","native_event":"pre_run_command","session_id":"t","cwd":"/p","tool":"shell","tool_input":{"command":"ls","cwd":"/p"},"source":"windsurf","native":{"agent_action_name":"pre_run_command","trajectory_id":"t","tool_info":{"command_line":"ls","cwd":"/p"}}}`,
		},
		{
			name:     "openhook: context URI to path",
			provider: "openhook",
			payload:  `{"openhook":"0.1","type":"tool.start","session_id":"s","context":"file:///home/u/proj","data":{"tool_name":"Bash"}}`,
			want:     `{"event":"before_tool_execute","native_event":"tool.start","session_id":"s","cwd":"/home/u/proj","native_tool":"Bash","source":"openhook","native":{"openhook":"0.1","type":"tool.start","session_id":"s","context":"file:///home/u/proj","data":{"tool_name":"Bash"}}}`,
		},
		{
			name:     "not JSON: the hook still runs, native null",
			provider: "claude-code",
			event:    "PreToolUse",
			payload:  `{oops`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","source":"claude-code","native":null}`,
			warns:    1,
		},
		{
			name:     "JSON but not an object",
			provider: "gemini-cli",
			payload:  `[1,2]`,
			want:     `{"event":"","source":"gemini-cli","native":[1,2]}`,
			warns:    2,
		},
		{
			name:     "unknown event: kept as the native name",
			provider: "codex",
			payload:  `{"hook_event_name":"FutureEvent","session_id":7}`,
			want:     `{"event":"","native_event":"FutureEvent","session_id":"7","source":"codex","native":{"hook_event_name":"FutureEvent","session_id":7}}`,
			warns:    1,
		},
		{
			name:     "empty stdin",
			provider: "kiro",
			event:    "session_start",
			want:     `{"event":"session_start","native_event":"SessionStart","source":"kiro","native":null}`,
			warns:    1,
		},
		{
			name:     "cline CLI: run_commands' list is tool_input.command too, one per line",
			provider: "cline",
			payload:  `{"taskId":"t","hookName":"tool_call","tool_call":{"id":"c","name":"run_commands","input":{"commands":["cd /tmp","rm -rf x > /dev/null"]}}}`,
			want:     `{"event":"before_tool_execute","native_event":"tool_call","session_id":"t","tool":"shell","native_tool":"run_commands","tool_input":{"command":"cd /tmp\nrm -rf x > /dev/null","commands":["cd /tmp","rm -rf x > /dev/null"]},"source":"cline","native":{"taskId":"t","hookName":"tool_call","tool_call":{"id":"c","name":"run_commands","input":{"commands":["cd /tmp","rm -rf x > /dev/null"]}}}}`,
		},
		{
			name:     "cline CLI: the list JSON-encoded in preToolUse.parameters",
			provider: "cline",
			payload:  `{"taskId":"t","hookName":"tool_call","preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"rm -rf x\"]"}}}`,
			want:     `{"event":"before_tool_execute","native_event":"tool_call","session_id":"t","tool":"shell","native_tool":"run_commands","tool_input":{"command":"rm -rf x","commands":"[\"rm -rf x\"]"},"source":"cline","native":{"taskId":"t","hookName":"tool_call","preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"rm -rf x\"]"}}}}`,
		},
		{
			name:     "cline CLI: after the tool, from tool_result.input",
			provider: "cline",
			payload:  `{"taskId":"t","hookName":"tool_result","tool_result":{"name":"run_commands","input":{"commands":["ls"]},"output":[]}}`,
			want:     `{"event":"after_tool_execute","native_event":"tool_result","session_id":"t","tool":"shell","native_tool":"run_commands","tool_input":{"command":"ls","commands":["ls"]},"tool_response":[],"source":"cline","native":{"taskId":"t","hookName":"tool_result","tool_result":{"name":"run_commands","input":{"commands":["ls"]},"output":[]}}}`,
		},
		{
			name:     "cline VS Code extension: execute_command sends command itself, kept as it is",
			provider: "cline",
			payload:  `{"taskId":"t","hookName":"PreToolUse","preToolUse":{"toolName":"execute_command","parameters":{"command":"rm -rf x","requires_approval":"true"}}}`,
			want:     `{"event":"before_tool_execute","native_event":"PreToolUse","session_id":"t","tool":"shell","native_tool":"execute_command","tool_input":{"command":"rm -rf x","requires_approval":"true"},"source":"cline","native":{"taskId":"t","hookName":"PreToolUse","preToolUse":{"toolName":"execute_command","parameters":{"command":"rm -rf x","requires_approval":"true"}}}}`,
		},
		{
			name:     "html characters are not escaped; null fields are absent",
			provider: "claude-code",
			payload:  `{"hook_event_name":"UserPromptSubmit","prompt":"a <b> & c","cwd":null}`,
			want:     `{"event":"before_prompt","native_event":"UserPromptSubmit","prompt":"a <b> & c","source":"claude-code","native":{"hook_event_name":"UserPromptSubmit","prompt":"a <b> & c","cwd":null}}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, warns := tb.Normalise(tc.provider, tc.event, []byte(tc.payload))
			if got := strings.TrimSuffix(string(in.Encode()), "\n"); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if len(warns) != tc.warns {
				t.Errorf("warnings %q, want %d", warns, tc.warns)
			}
		})
	}
}

// TestEventMismatch: where --event and the payload name different
// events, the hook is told the flag's, the answer speaks the payload's
// (the event the tool ran the hook on), and one warning names both.
func TestEventMismatch(t *testing.T) {
	tb := Default()
	in, warns := tb.Normalise("claude-code", "before_tool_execute", []byte(`{"hook_event_name":"PostToolUse"}`))
	if in.Event != "before_tool_execute" {
		t.Errorf("the hook is told %q, want the flag's before_tool_execute", in.Event)
	}
	if ref := in.Ref(); ref != (EventRef{Canonical: "after_tool_execute", Native: "PostToolUse"}) {
		t.Errorf("answered as %+v, want the payload's event", ref)
	}
	want := `the payload's event is "PostToolUse", but --event says "before_tool_execute": the hook is told before_tool_execute, and the answer is for "PostToolUse"`
	if len(warns) != 1 || warns[0] != want {
		t.Errorf("warnings %q, want %q", warns, want)
	}
	// Agreeing, the answer speaks of the one event.
	in, _ = tb.Normalise("claude-code", "before_tool_execute", []byte(`{"hook_event_name":"PreToolUse"}`))
	if ref := in.Ref(); ref != (EventRef{Canonical: "before_tool_execute", Native: "PreToolUse"}) {
		t.Errorf("answered as %+v", ref)
	}
}

// TestShimEventsAgree: every native name a provider's hook is registered
// under (vocab's rows, which encoders write) agrees with the canonical
// event convert --shim passes with --event for it, so a converted hook
// never warns of a mismatch in ordinary use; lossy names and aliases too.
func TestShimEventsAgree(t *testing.T) {
	tb := Default()
	n := 0
	for _, slug := range tb.Slugs() {
		c, _ := tb.Contract(slug)
		if len(c.Event) == 0 || strings.Contains(c.Event[0], ".") {
			continue
		}
		for _, row := range vocab.Default().EventsOf(slug) {
			if row.Versioned {
				// Registered under another tool's name (VS Code's reading
				// of Copilot CLI's preToolUse), the hook's payload carries
				// the tool's own name (PreToolUse), which its row covers.
				continue
			}
			payload, _ := json.Marshal(map[string]string{c.Event[0]: row.Name})
			_, warns := tb.Normalise(slug, row.Event, payload)
			for _, w := range warns {
				if strings.Contains(w, "--event") {
					t.Errorf("%s %s registered for %s: %s", slug, row.Name, row.Event, w)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no events checked")
	}
}

func TestWithCommand(t *testing.T) {
	lists := []string{"commands"}
	for _, tc := range []struct {
		name, in, want string
		lists          []string
	}{
		{"a list", `{"commands":["a","b"]}`, `{"command":"a\nb","commands":["a","b"]}`, lists},
		{"a list with other fields, spaced", ` { "timeout": 5, "commands": ["a"] } `, `{"command":"a","timeout": 5, "commands": ["a"] }`, lists},
		{"a JSON-encoded list", `{"commands":"[\"a\",\"b\"]"}`, `{"command":"a\nb","commands":"[\"a\",\"b\"]"}`, lists},
		{"one string", `{"commands":"make test"}`, `{"command":"make test","commands":"make test"}`, lists},
		{"html characters stay as they are", `{"commands":["a > b && c"]}`, `{"command":"a > b && c","commands":["a > b && c"]}`, lists},
		{"a command of its own wins", `{"command":"x","commands":["a"]}`, `{"command":"x","commands":["a"]}`, lists},
		{"a null command is kept, not given twice", `{"command":null,"commands":["a"]}`, `{"command":null,"commands":["a"]}`, lists},
		{"an empty list", `{"commands":[]}`, `{"commands":[]}`, lists},
		{"not strings", `{"commands":[1,2]}`, `{"commands":[1,2]}`, lists},
		{"no such key", `{"cmd":["a"]}`, `{"cmd":["a"]}`, lists},
		{"no lists in the contract", `{"commands":["a"]}`, `{"commands":["a"]}`, nil},
		{"not an object", `["a"]`, `["a"]`, lists},
		{"nothing", ``, ``, lists},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := string(withCommand(json.RawMessage(tc.in), tc.lists))
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if tc.in != "" && !json.Valid([]byte(got)) {
				t.Errorf("not JSON: %s", got)
			}
		})
	}
}

// FuzzNormalise: no payload makes the normaliser panic or produce an input
// that is not JSON.
func FuzzNormalise(f *testing.F) {
	if files, _ := filepath.Glob(filepath.Join(payloadDir, "*", "*.json")); len(files) > 0 {
		for _, p := range files[:min(len(files), 12)] {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b, uint8(0), "")
			}
		}
	}
	f.Add([]byte(`{"tool_info":{"command_line":"x"},"workspace_roots":[null],"toolArgs":"{\"a\":1}"}`), uint8(5), "beforeShellExecution")
	f.Add([]byte(`{"input":{"tool":1},"output":{"args":[]},"context":"file://%zz"}`), uint8(13), "")
	tb := Default()
	slugs := tb.Slugs()
	f.Fuzz(func(t *testing.T, payload []byte, p uint8, event string) {
		provider := slugs[int(p)%len(slugs)]
		in, _ := tb.Normalise(provider, event, payload)
		if out := in.Encode(); !json.Valid(out) {
			t.Fatalf("input is not JSON: %s", out)
		}
	})
}
