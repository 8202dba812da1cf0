package hookconv

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

func TestReadsField(t *testing.T) {
	for _, tc := range []struct {
		text, field string
		want        bool
	}{
		{`jq -r '.tool_input.file_path'`, "file_path", true},
		{`jq -r '.tool_input.path // empty'`, "path", true},
		{`p = data["tool_input"]["path"]`, "path", true},
		{`p = tool_input['path']`, "path", true},
		{`p = tool_input.get("path", "")`, "path", true},
		{`p = ti.get('path')`, "path", true},
		{`const p = payload.tool_input?.path`, "path", true},
		{`file_path=$1`, "file_path", true}, // a name no prose has counts anywhere
		{`os.path.join(root, name)`, "path", false},
		{`echo "bad path" >&2`, "path", false},
		{`jq -r .cwd`, "cwd", false}, // the payload's own field, not the tool's
		{`jq -r '.tool_input.file_paths'`, "file_path", false},
		{`jq -r '.tool_input.my_file_path'`, "file_path", false},
		{`jq -r '.tool_input.command'`, "command", true},
		{`command -v jq >/dev/null || exit 0`, "command", false},
		{`jq -r '.tool_input.commands[]'`, "command", false},
		{`jq -r '.other_input.path'`, "path", false},
		// One jq filter piping the input on (QA).
		{`jq -r '.tool_input | .path'`, "path", true},
		{`jq -r '.tool_input|.path'`, "path", true},
		{`[ -n "$tool_input" ] || .path`, "path", false},
	} {
		if got := readsField(tc.text, tc.field, "tool_input"); got != tc.want {
			t.Errorf("readsField(%q, %q) = %v, want %v", tc.text, tc.field, got, tc.want)
		}
	}
}

func TestToolPairs(t *testing.T) {
	names := vocab.Default()
	type pair struct {
		target, sources string
		known           bool
	}
	for _, tc := range []struct {
		name     string
		matcher  canonical.Matcher
		from, to string
		want     []pair
	}{
		{"claude edits to codex", canonical.AnyOf{canonical.ToolName("file_write"), canonical.ToolName("file_edit")}, "claude-code", "codex",
			[]pair{{"apply_patch", "Write,Edit", true}}},
		{"kiro fs_write to claude", canonical.AnyOf{canonical.ToolName("file_write"), canonical.ToolName("file_edit")}, "kiro-agent", "claude-code",
			[]pair{{"Write", "fs_write", true}, {"Edit", "fs_write", true}}},
		{"gemini's undocumented file tools", canonical.ToolName("file_write"), "gemini-cli", "codex",
			[]pair{{"apply_patch", "write_file", false}}},
		{"shell", canonical.ToolName("shell"), "claude-code", "codex", []pair{{"Bash", "Bash,PowerShell", false}}},
		// A pattern selects the jobs of the names it matches on both sides.
		{"pattern", canonical.Pattern{Regex: "Edit"}, "claude-code", "codex", []pair{{"apply_patch", "Edit", true}}},
		{"no such tool there", canonical.ToolName("search"), "claude-code", "codex", nil},
		{"mcp", canonical.MCP{Server: "fs"}, "claude-code", "codex", nil},
	} {
		var got []pair
		for _, p := range toolPairs(names, tc.matcher, tc.from, tc.to, false) {
			got = append(got, pair{p.target, strings.Join(p.sources, ","), p.known})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: toolPairs = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// jobFields reads the rows in one pass for speed; its definition is each
// provider's ToolInput of every native tool that does the job.
func TestJobFieldsAsToolInput(t *testing.T) {
	names := vocab.Default()
	want := map[string][]string{}
	for _, n := range names.NativeTools {
		if f := names.ToolInput(n.Provider, n.Name); !n.Alias && len(f) > 0 {
			want[n.Tool] = appendNew(want[n.Tool], f...)
		}
	}
	got := jobFields()
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("jobFields has %d tools, ToolInput gives %d", len(got), len(want))
	}
	for tool, fields := range want {
		if !slices.Equal(got[tool], fields) {
			t.Errorf("%s: jobFields %q, ToolInput %q", tool, got[tool], fields)
		}
	}
}

func TestAndList(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := andList(tc.in); got != tc.want {
			t.Errorf("andList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestInputFields converts guards whose matcher selects a tool that names
// its arguments otherwise in the target, and checks the HC419 warning
// about them: said when the hook reads (or may read) an argument the
// target's tool lacks, and not when it reads the target's too, reads
// nothing, does not block, or the tools' arguments are the same or
// unknown.
func TestInputFields(t *testing.T) {
	claude := func(event, matcher, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"` + event + `": [{"matcher": "` + matcher +
			`", "hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	kiro := func(command string) providers.Files {
		return providers.Files{".kiro/agents/a.json": []byte(`{"name": "a", "tools": ["@builtin"], "hooks": {"preToolUse": [{"matcher": "fs_write", "command": ` +
			strconv.Quote(command) + `}]}}`)}
	}
	project := fstest.MapFS{
		"guard.py":    {Data: []byte("import json, sys\nti = json.load(sys.stdin)['tool_input']\nif ti.get('file_path', '').endswith('.env'):\n    sys.exit(2)\n")},
		"helper.sh":   {Data: []byte("#!/bin/sh\npython3 check.py\n")},
		"exits.py":    {Data: []byte("import sys\nsys.exit(2)\n")},
		"twostep.sh":  {Data: []byte("#!/bin/bash\nTI=$(jq -c .tool_input)\nP=$(echo \"$TI\" | jq -r .path)\n[[ $P == *.env ]] && { echo no >&2; exit 2; }\nexit 0\n")},
		"gitcheck.sh": {Data: []byte("#!/bin/sh\ngit diff --quiet || { echo dirty >&2; exit 2; }\n")},
		"wraps.sh":    {Data: []byte("#!/bin/sh\n# ./not-run.sh is only named here\npolicy-check --strict\n")},
	}
	kiroAgent := func(matcher, command string) providers.Files {
		return providers.Files{".kiro/agents/a.json": []byte(`{"name": "a", "tools": ["@builtin"], "hooks": {"preToolUse": [{"matcher": "` + matcher + `", "command": ` +
			strconv.Quote(command) + `}]}}`)}
	}
	codex := func(matcher, command string) providers.Files {
		return providers.Files{".codex/hooks.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "` + matcher + `", "hooks": [{"type": "command", "command": ` +
			strconv.Quote(command) + `}]}]}}`)}
	}
	const readsPath = `jq -r '.tool_input.file_path' | grep -q '\.env$' && exit 2; exit 0`
	for _, tc := range []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		want     string // a part of the HC419 warning, "" for none
	}{
		{"claude edits to codex", "claude-code", "codex", claude("PreToolUse", "Write|Edit", readsPath), false,
			"read file_path from the tool input of claude-code's Write and Edit; codex's apply_patch, which the hook runs for there, sends command instead"},
		{"unknown in the target", "claude-code", "gemini-cli", claude("PreToolUse", "Write|Edit", readsPath), false, ""},
		{"reads the target's too", "claude-code", "codex", claude("PreToolUse", "Write|Edit", `jq -r '.tool_input.file_path // .tool_input.command' | grep -q '\.env' && exit 2; exit 0`), false, ""},
		{"same arguments", "claude-code", "codex", claude("PreToolUse", "Bash", `jq -r '.tool_input.command' | grep -q 'rm -rf' && exit 2; exit 0`), false, ""},
		{"a Python script read", "claude-code", "codex", claude("PreToolUse", "Write", "python3 guard.py"), false, "read file_path from the tool input of claude-code's Write;"},
		{"a script not read", "claude-code", "codex", claude("PreToolUse", "Write", "./missing.sh"), false,
			"were written for claude-code's Write, whose input holds file_path, and run scripts hookconv could not read; codex's apply_patch"},
		// Codex gets git's top level for the project variable: the
		// script it names is read.
		{"a script by the project variable", "claude-code", "codex", claude("PreToolUse", "Write", `"$CLAUDE_PROJECT_DIR"/gitcheck.sh`), false, ""},
		// helper.sh is read; the check.py it runs is missing.
		{"a script that runs another", "claude-code", "codex", claude("PreToolUse", "Edit", "./helper.sh"), false, "and run scripts hookconv could not read;"},
		{"reads nothing", "claude-code", "codex", claude("PreToolUse", "Write", "echo 'no writes' >&2; exit 2"), false, ""},
		// Programs known to read nothing of standard input (QA).
		{"git reads nothing", "claude-code", "codex", claude("PreToolUse", "Write|Edit", "git diff --quiet || { echo dirty >&2; exit 2; }"), false, ""},
		{"say reads nothing", "claude-code", "codex", claude("PreToolUse", "Write|Edit", "say editing"), false, ""},
		{"a script running git", "claude-code", "codex", claude("PreToolUse", "Write", "./gitcheck.sh"), false, ""},
		{"a Python script reading nothing", "claude-code", "codex", claude("PreToolUse", "Write", "python3 exits.py"), false, ""},
		// A program on PATH may read the tool's input; so may one a
		// script runs (a name in a comment is no script run).
		{"a program unseen", "claude-code", "codex", claude("PreToolUse", "Write", "policy-check --strict"), false,
			"and run a program hookconv cannot see into, which may read that input; codex's apply_patch"},
		// A script outside the project (a plugin's) is one not read.
		{"a plugin's script", "claude-code", "codex", claude("PreToolUse", "Write", "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/guard.py"), false, "and run scripts hookconv could not read; codex's apply_patch"},
		{"a script running a program", "claude-code", "codex", claude("PreToolUse", "Write", "./wraps.sh"), false, "and run a program hookconv cannot see into"},
		// The input read in two steps, or piped in one filter (QA).
		{"two steps", "kiro-agent", "claude-code", kiroAgent("fs_write", "./twostep.sh"), false,
			"and read the tool input in a way hookconv does not follow; claude-code's Write and Edit"},
		{"piped in one filter", "kiro-agent", "claude-code", kiro(`jq -r '.tool_input | .path' | grep -q '^secrets/' && exit 2; exit 0`), false,
			"read path from the tool input of kiro-agent's fs_write;"},
		// fs_write's command is a sub-command, not apply_patch's patch (QA).
		{"codex patch to kiro", "codex", "kiro-agent", codex("apply_patch", `jq -r .tool_input.command | grep -q "Update File: .env" && { echo no >&2; exit 2; }; exit 0`), false,
			"read command from the tool input of codex's apply_patch; kiro-agent's fs_write, which the hook runs for there, sends path, file_text"},
		{"observes only", "claude-code", "codex", claude("PostToolUse", "Write", readsPath), false, ""},
		{"kiro to claude", "kiro-agent", "claude-code", kiro(`jq -r '.tool_input.path' | grep -q '^secrets/' && exit 2; exit 0`), false,
			"read path from the tool input of kiro-agent's fs_write; claude-code's Write and Edit, which the hook runs for there, send file_path, content, old_string, new_string and replace_all instead"},
		{"kiro reading both", "kiro-agent", "claude-code", kiro(`jq -r '.tool_input.path // .tool_input.file_path' | grep -q '^secrets/' && exit 2; exit 0`), false, ""},
		// Every tool: its command is Bash's, its file_path Write's.
		{"every tool", "claude-code", "codex", claude("PreToolUse", "*", `jq -r '.tool_input.command // .tool_input.file_path' | grep -q '\.env' && exit 2; exit 0`), false,
			"read file_path from the tool input of claude-code's Write and Edit"},
		// Gemini CLI's file tools document no arguments: the hook's text
		// says what it reads.
		{"unknown source", "gemini-cli", "codex", providers.Files{".gemini/settings.json": []byte(`{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": ` + strconv.Quote(readsPath) + `}]}]}}`)}, false,
			"read file_path from the tool input of gemini-cli's write_file;"},
		// Under the shim, hookconv run hands the hook the target's tool
		// input, with the argument the call acts on also under the
		// source's name for it where both name one (QA q4 F1: said
		// nothing, and the guard let every call through). apply_patch's
		// command is a patch, no path: file_path is missing there still
		// (the old expectation, none, was wrong).
		{"shim", "claude-code", "codex", claude("PreToolUse", "Write|Edit", readsPath), true,
			"read file_path from the tool input of claude-code's Write and Edit; codex's apply_patch, which the hook runs for there, sends command instead"},
		{"shim, the path named as the source does", "claude-code", "kiro-agent", claude("PreToolUse", "Write|Edit", readsPath), true, ""},
		{"shim, an argument of the source's own", "claude-code", "kiro-agent", claude("PreToolUse", "Write", `jq -r '.tool_input.content' | grep -q SECRET && exit 2; exit 0`), true,
			"read content from the tool input of claude-code's Write; kiro-agent's fs_write, which the hook runs for there, sends path, file_text"},
		{"shim, a script not read", "claude-code", "kiro-agent", claude("PreToolUse", "Write", "./missing.sh"), true, ""},
	} {
		src := DecodeSource(tc.from, tc.in)
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodePayloadShape && (strings.Contains(d.Message, "tool input of") || strings.Contains(d.Message, "were written for")) {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.name, got, tc.want)
	}
}

// TestInputFieldsByCwd converts two VS Code Copilot guards that run
// ./check.sh, one from the project's folder and one from a cwd of its
// own, to OpenCode, which keeps the cwd: the project's check.sh reads
// command_line, which OpenCode's bash does not send; b/check.sh, which
// hookconv does not read, may read anything. Each hook's reading is its
// own: before, the first hook's was taken for both, so the project's
// guard went unwarned after the other, and the other was warned about
// for what the project's script reads.
func TestInputFieldsByCwd(t *testing.T) {
	project := fstest.MapFS{
		"check.sh":   {Data: []byte("#!/bin/sh\njq -r .tool_input.command_line | grep -q 'rm -rf' && { echo no >&2; exit 2; }; exit 0\n")},
		"b/check.sh": {Data: []byte("#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' && { echo no >&2; exit 2; }; exit 0\n")},
	}
	const (
		inRoot = `{"type": "command", "command": "./check.sh"}`
		inB    = `{"type": "command", "command": "./check.sh", "cwd": "b"}`
	)
	for _, tc := range []struct {
		name  string
		hooks string
		want  string // the one HC419 finding about tool arguments
	}{
		{"the cwd's hook first", inB + ", " + inRoot, "1 blocking hook(s) on tool events (hook 2) read command_line"},
		{"the project's hook first", inRoot + ", " + inB, "1 blocking hook(s) on tool events (hook 1) read command_line"},
	} {
		src := DecodeSource("vs-code-copilot", providers.Files{".github/hooks/guard.json": []byte(`{"hooks": {"PreToolUse": [` + tc.hooks + `]}}`)})
		src.Scripts = &Scripts{FS: project}
		res := src.Convert("opencode", nil, Options{})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodePayloadShape && strings.Contains(d.Message, "tool input of") {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.name, got, tc.want)
	}
}

// TestInputFieldsKept checks that migrate --remove-source keeps a guard
// whose target's tool lacks the argument it reads.
func TestInputFieldsKept(t *testing.T) {
	edits := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "jq -r '.tool_input.file_path' | grep -q env && exit 2; exit 0"}]}]}}`)}
	for _, tc := range []struct {
		name     string
		in       providers.Files
		to       string
		weakened bool
	}{
		{"argument missing", edits, "codex", true},
	} {
		mig := migrateApproved(DecodeSource("claude-code", tc.in), tc.to)
		if !mig.Migrated[0] || mig.Weakened[0] != tc.weakened {
			t.Errorf("%s: migrated %v, weakened %v, want weakened %v: %v", tc.name, mig.Migrated[0], mig.Weakened[0], tc.weakened, mig.Diagnostics)
		}
	}
}

// checkOneWarning fails the test unless the messages got are none when
// want is "", or exactly one holding want: the table tests of the checks
// that warn once per finding share it.
func checkOneWarning(t *testing.T, name string, got []string, want string) {
	t.Helper()
	switch {
	case want == "" && len(got) > 0:
		t.Errorf("%s: unexpected warning %q", name, got)
	case want != "" && (len(got) != 1 || !strings.Contains(got[0], want)):
		t.Errorf("%s: got %q, want one warning with %q", name, got, want)
	}
}

// messagesOf is the messages of ds, in order.
func messagesOf(ds []diag.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.Message)
	}
	return out
}
