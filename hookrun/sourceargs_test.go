package hookrun

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestSourceArgs: run --from hands a hook the argument its tool's call
// acts on under the name the hook's source tool gives it too, where the
// vocabulary names that argument otherwise in the two tools, and nothing
// else (QA q4 F1: a Claude Code guard reading tool_input.file_path, run
// by Kiro CLI, whose fs_write sends path, allowed every write).
func TestSourceArgs(t *testing.T) {
	tests := []struct {
		name, provider, from, payload, want string
	}{
		{"claude write guard under kiro cli", "kiro-agent", "claude-code",
			`{"hook_event_name":"preToolUse","tool_name":"fs_write","tool_input":{"command":"create","path":"/x/.env","file_text":"b"}}`,
			`{"command":"create","path":"/x/.env","file_text":"b","file_path":"/x/.env"}`},
		{"kiro cli write guard under claude", "claude-code", "kiro-agent",
			`{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/x/.env","old_string":"a","new_string":"b"}}`,
			`{"file_path":"/x/.env","old_string":"a","new_string":"b","path":"/x/.env"}`},
		{"the same name: nothing added", "kiro-agent", "claude-code",
			`{"hook_event_name":"preToolUse","tool_name":"execute_bash","tool_input":{"command":"ls"}}`,
			`{"command":"ls"}`},
		{"the same tool: nothing added", "claude-code", "claude-code",
			`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/a","content":"b"}}`,
			`{"file_path":"/a","content":"b"}`},
		// apply_patch's command is the patch, not a path: no file_path
		// stands for it.
		{"codex apply_patch holds a patch", "codex", "claude-code",
			`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch"}}`,
			`{"command":"*** Begin Patch"}`},
		// fs_read's operations are a list of reads, no path.
		{"kiro cli fs_read holds a list", "kiro-agent", "claude-code",
			`{"hook_event_name":"preToolUse","tool_name":"fs_read","tool_input":{"operations":[{"mode":"Line","path":"/a"}]}}`,
			`{"operations":[{"mode":"Line","path":"/a"}]}`},
		{"the source's name is there already", "kiro-agent", "claude-code",
			`{"hook_event_name":"preToolUse","tool_name":"fs_write","tool_input":{"path":"/a","file_path":"/b"}}`,
			`{"path":"/a","file_path":"/b"}`},
		{"the argument is not sent", "kiro-agent", "claude-code",
			`{"hook_event_name":"preToolUse","tool_name":"fs_write","tool_input":{"command":"create"}}`,
			`{"command":"create"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tables := Default()
			in, _ := tables.Normalise(tc.provider, "", []byte(tc.payload))
			got, _ := tables.withSourceArg(tc.from, &in)
			if string(got) != tc.want {
				t.Errorf("tool_input %s\nwant       %s", got, tc.want)
			}
			if !json.Valid(got) {
				t.Errorf("%s is not JSON", got)
			}
		})
	}
}

// TestSourceArgsUndo: a rewrite of the tool's input reaches the tool in
// its own arguments' names: the alias run added is dropped, and where the
// hook changed the alias alone, the target's argument takes its value.
func TestSourceArgsUndo(t *testing.T) {
	a := &argAlias{own: "file_path", target: "path", value: json.RawMessage(`"/x/.env"`)}
	tests := []struct{ name, rewrite, want string }{
		{"the copy handed back", `{"path":"/x/.env","file_path":"/x/.env","file_text":"c"}`, `{"file_text":"c","path":"/x/.env"}`},
		{"the alias changed", `{"path":"/x/.env","file_path": "/x/ok","file_text":"c"}`, `{"file_text":"c","path":"/x/ok"}`},
		{"the alias alone", `{"file_path":"/x/ok"}`, `{"path":"/x/ok"}`},
		{"both changed: the target's own wins", `{"path":"/y","file_path":"/z"}`, `{"path":"/y"}`},
		{"no alias", `{"path":"/y"}`, `{"path":"/y"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(a.undo(json.RawMessage(tc.rewrite))); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	var none *argAlias
	if got := string(none.undo(json.RawMessage(`{"file_path":"/a"}`))); got != `{"file_path":"/a"}` {
		t.Errorf("no alias: got %s", got)
	}
}

// TestRunSourceArgs runs the whole shim: a Claude Code guard on writes,
// run by Kiro CLI, finds the file at tool_input.file_path and blocks; a
// Kiro CLI hook run by Claude Code that rewrites path rewrites the
// file_path Claude Code reads, with no path left in the rewrite.
func TestRunSourceArgs(t *testing.T) {
	var stdout, stderr bytes.Buffer
	guard := Options{Provider: "kiro-agent", From: "claude-code", Event: "before_tool_execute", Blocking: true,
		Command: []string{"sh", "-c", `grep -q '"file_path":"/x/.env"' && echo "no .env" >&2 && exit 2`}}
	code, err := Run(context.Background(), guard, strings.NewReader(`{"hook_event_name":"preToolUse","tool_name":"fs_write","tool_input":{"command":"create","path":"/x/.env","file_text":"b"}}`), &stdout, &stderr)
	if err != nil || code != 2 || stderr.String() != "no .env\n" {
		t.Errorf("guard: code %d err %v stderr %q", code, err, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	rewrite := Options{Provider: "claude-code", From: "kiro-agent", Event: "before_tool_execute", Blocking: true,
		Command: []string{"sh", "-c", `sed 's/^{[^{]*"tool_input":\({[^}]*}\).*/{"updated_input":\1}/; s/"path":"[^"]*"/"path":"\/safe"/'`}}
	code, err = Run(context.Background(), rewrite, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/x/.env","content":"b"}}`), &stdout, &stderr)
	if err != nil || code != 0 {
		t.Fatalf("rewrite: code %d err %v stderr %q", code, err, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, `"updatedInput":{"content":"b","file_path":"/safe"}`) {
		t.Errorf("rewrite: stdout %s", out)
	}
}
