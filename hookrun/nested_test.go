package hookrun

import (
	"reflect"
	"testing"
)

// TestNestedFields: run --from a tool that nests its payload's fields
// hands the hook those objects, built from the canonical input's values
// as the source would send them: Windsurf's tool_info (the command at
// command_line, an MCP call's server, tool and arguments), Cline's
// object named for the event (preToolUse, not postToolUse, on a tool
// call) and its workspaceRoots list. Nothing is made up where the input
// has no value.
func TestNestedFields(t *testing.T) {
	const claudeShell = `{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /","description":"x"}}`
	tests := []struct {
		name, provider, from, payload string
		want                          map[string]string // nested key → its JSON
	}{
		{"windsurf shell guard under claude", "claude-code", "windsurf", claudeShell,
			map[string]string{"tool_info": `{"command_line":"rm -rf /","cwd":"/p"}`}},
		{"windsurf file guard under claude", "claude-code", "windsurf",
			`{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/p/a.go","content":"c"}}`,
			map[string]string{"tool_info": `{"cwd":"/p","file_path":"/p/a.go"}`}},
		{"windsurf prompt guard under claude", "claude-code", "windsurf",
			`{"cwd":"/p","hook_event_name":"UserPromptSubmit","prompt":"hi"}`,
			map[string]string{"tool_info": `{"cwd":"/p","user_prompt":"hi"}`}},
		{"windsurf MCP guard under claude", "claude-code", "windsurf",
			`{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"mcp__github__push_files","tool_input":{"repo":"x"}}`,
			map[string]string{"tool_info": `{"cwd":"/p","mcp_server_name":"github","mcp_tool_arguments":{"repo":"x"},"mcp_tool_name":"push_files"}`}},
		{"windsurf guard, nothing to build", "claude-code", "windsurf",
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"description":"x"}}`,
			map[string]string{}},
		{"cline guard under claude", "claude-code", "cline", claudeShell,
			map[string]string{
				"workspaceRoots": `["/p"]`,
				"workspaceInfo":  `{"rootPath":"/p"}`,
				"tool_call":      `{"input":{"command":"rm -rf /","description":"x"},"name":"execute_command"}`,
				"preToolUse":     `{"parameters":{"command":"rm -rf /","description":"x"},"toolName":"execute_command"}`,
			}},
		// Cline's own argument names (the vocabulary's input): the
		// file Claude Code's Write writes is write_to_file's path.
		{"cline file guard under claude: cline's argument names", "claude-code", "cline",
			`{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/p/a.go","content":"c"}}`,
			map[string]string{
				"workspaceRoots": `["/p"]`,
				"workspaceInfo":  `{"rootPath":"/p"}`,
				"tool_call":      `{"input":{"content":"c","path":"/p/a.go"},"name":"write_to_file"}`,
				"preToolUse":     `{"parameters":{"content":"c","path":"/p/a.go"},"toolName":"write_to_file"}`,
			}},
		// Codex's apply_patch sends the patch as command (input_note):
		// not Cline's path, so left as it is.
		{"cline file guard under codex: apply_patch kept", "codex", "cline",
			`{"cwd":"/p","hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch"}}`,
			map[string]string{
				"workspaceRoots": `["/p"]`,
				"workspaceInfo":  `{"rootPath":"/p"}`,
				"tool_call":      `{"input":{"command":"*** Begin Patch"},"name":"apply_patch"}`,
				"preToolUse":     `{"parameters":{"command":"*** Begin Patch"},"toolName":"apply_patch"}`,
			}},
		{"cline prompt guard under gemini", "gemini-cli", "cline",
			`{"cwd":"/p","hook_event_name":"BeforeAgent","prompt":"hi"}`,
			map[string]string{"workspaceRoots": `["/p"]`, "workspaceInfo": `{"rootPath":"/p"}`, "userPromptSubmit": `{"prompt":"hi"}`}},
		{"cline stop guard under claude: the last message", "claude-code", "cline",
			`{"hook_event_name":"Stop","last_assistant_message":"done"}`,
			map[string]string{"turn": `{"outputText":"done"}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, _ := Default().Normalise(tc.provider, "", []byte(tc.payload))
			got := map[string]string{}
			for _, f := range Default().ownFields(tc.from, &in) {
				if f.value[0] == '{' || f.value[0] == '[' {
					got[f.key] = string(f.value)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
}

// TestNestedTree: a path is built once, the first value holding it; a
// list's first member alone; a path through a value is not built.
func TestNestedTree(t *testing.T) {
	var n nestedTree
	for _, tc := range []struct {
		path []string
		want bool
	}{
		{[]string{"a", "b"}, true},
		{[]string{"a", "b"}, true}, // kept: the first value stays
		{[]string{"a", "b", "c"}, false},
		{[]string{"roots", "0"}, true},
		{[]string{"roots", "1"}, false},
		{[]string{"top"}, false},
	} {
		if got := n.set(tc.path, quote("v"+tc.path[len(tc.path)-1])); got != tc.want {
			t.Errorf("set(%v) = %v, want %v", tc.path, got, tc.want)
		}
	}
	if !reflect.DeepEqual(n.keys, []string{"a", "roots"}) {
		t.Errorf("keys %v", n.keys)
	}
}
