package hookconv

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

func TestReadsPayloadPath(t *testing.T) {
	for _, tc := range []struct {
		text, path string
		want       bool
	}{
		{`jq -r .prompt`, "prompt", true},
		{`jq -e '.prompt | test("x")'`, "prompt", true},
		{`p = data["prompt"]`, "prompt", true},
		{`p = d.get('prompt', '')`, "prompt", true},
		{`const p = input?.prompt`, "prompt", true},
		{`echo "bad prompt" >&2`, "prompt", false},
		// Another value's member or subscript is not the payload's.
		{`jq -r .tool_input.prompt`, "prompt", false},
		{`d["tool_info"]["cwd"]`, "cwd", false},
		{`d.get("tool_info", {}).get("cwd")`, "cwd", false},
		{`jq -r .tool_info.cwd`, "cwd", false},
		{`tool_info.cwd`, "cwd", false}, // Windsurf nests cwd there
		{`jq -r .tool_info.cwd`, "tool_info.cwd", true},
		{`jq -r '.tool_info.user_prompt'`, "tool_info.user_prompt", true},
		{`jq -r '.tool_info | .user_prompt'`, "tool_info.user_prompt", true},
		{`jq -r .userPromptSubmit.prompt`, "userPromptSubmit.prompt", true},
		{`jq -r .prompt`, "userPromptSubmit.prompt", false},
		// An index reads the array its key names.
		{`jq -r '.workspace_roots[0]'`, "workspace_roots.0", true},
		{`jq -r .cwd`, "workspace_roots.0", false},
		{`jq -r .session_id`, "session_id", true},
		{`SESSION=$CLAUDE_CODE_SESSION_ID`, "session_id", false},
		// The process's working directory is not the payload's (QA).
		{`const dir = process.cwd()`, "cwd", false},
		{`root = Path.cwd()`, "cwd", false},
		{`root = os.getcwd()`, "cwd", false},
		{`const dir = input.cwd || process.cwd()`, "cwd", true},
		// JavaScript's destructuring, Python's getattr (QA).
		{`const { prompt, session_id } = JSON.parse(readFileSync(0, 'utf8'));`, "prompt", true},
		{`const { prompt, session_id } = JSON.parse(readFileSync(0, 'utf8'));`, "session_id", true},
		{"const {\n  cwd: dir,\n} = input", "cwd", true},
		{`const { tool_info: { cwd } } = input`, "cwd", false},
		{`const { x: prompt } = input`, "prompt", false},
		{`if (a == { prompt }) {}`, "prompt", false},
		{`text = getattr(ev, "prompt", "")`, "prompt", true},
		{`text = getattr(ev.tool_input, "prompt", "")`, "prompt", false},
		// An object of paths is no path a script names.
		{`jq -r .command`, "{command=tool_info.command_line}", false},
	} {
		if got := readsPayloadPath(tc.text, tc.path); got != tc.want {
			t.Errorf("readsPayloadPath(%q, %q) = %v, want %v", tc.text, tc.path, got, tc.want)
		}
	}
}

func TestJQPath(t *testing.T) {
	for in, want := range map[string]string{"prompt": ".prompt", "tool_info.user_prompt": ".tool_info.user_prompt", "workspace_roots.0": ".workspace_roots[0]"} {
		if got := jqPath(in); got != want {
			t.Errorf("jqPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPayloadFields converts blocking hooks that read a common field of
// their source's payload (the prompt, the working directory) and checks
// the HC419 warning about them: said when the target keeps the field
// elsewhere, not when it keeps it at the same path, the hook reads the
// target's path too, or it does not block.
func TestPayloadFields(t *testing.T) {
	windsurf := func(event, command string) providers.Files {
		return providers.Files{".windsurf/hooks.json": []byte(`{"hooks": {"` + event + `": [{"command": ` + strconv.Quote(command) + `}]}}`)}
	}
	claude := func(event, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"` + event + `": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	project := fstest.MapFS{
		"guard.py": {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif 'password' in d['tool_info']['user_prompt']:\n    sys.exit(2)\n")},
	}
	const windsurfGuard = `jq -e '.tool_info.user_prompt | test("password")' >/dev/null && { echo no >&2; exit 2; }; exit 0`
	const claudeGuard = `jq -e '.prompt | test("password")' >/dev/null && { echo no >&2; exit 2; }; exit 0`
	const stopGuard = `jq -r '.last_assistant_message' | grep -q TODO && { echo unfinished >&2; exit 2; }; exit 0`
	for _, tc := range []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		want     string // a part of the HC419 warning, "" for none
	}{
		{"windsurf prompt to claude", "windsurf", "claude-code", windsurf("pre_user_prompt", windsurfGuard), false,
			"read the prompt at tool_info.user_prompt, where windsurf's payload keeps it; claude-code's payload keeps it at prompt"},
		{"windsurf prompt to codex", "windsurf", "codex", windsurf("pre_user_prompt", windsurfGuard), false, "codex's payload keeps it at prompt"},
		{"a script read", "windsurf", "claude-code", windsurf("pre_user_prompt", "python3 guard.py"), false, "read the prompt at tool_info.user_prompt"},
		{"reads both", "windsurf", "claude-code", windsurf("pre_user_prompt", `jq -e '(.tool_info.user_prompt // .prompt) | test("password")' && exit 2; exit 0`), false, ""},
		// Under the shim the hook reads hookconv run's input, whose
		// prompt is at prompt.
		// hookconv run --from windsurf builds tool_info.user_prompt.
		{"under the shim", "windsurf", "claude-code", windsurf("pre_user_prompt", windsurfGuard), true, ""},
		{"claude under the shim", "claude-code", "codex", claude("UserPromptSubmit", claudeGuard), true, ""},
		{"claude to cline", "claude-code", "cline", claude("UserPromptSubmit", claudeGuard), false,
			"read the prompt at prompt, where claude-code's payload keeps it; cline's payload keeps it at userPromptSubmit.prompt"},
		{"same path", "claude-code", "codex", claude("UserPromptSubmit", claudeGuard), false, ""},
		// The working directory, on a tool event: Windsurf nests it.
		{"cwd", "windsurf", "claude-code", windsurf("pre_run_command", `case "$(jq -r .tool_info.cwd)" in /etc*) exit 2;; esac`), false,
			"read the working directory at tool_info.cwd"},
		{"observes only", "windsurf", "claude-code", windsurf("post_run_command", `jq -r .tool_info.cwd > /tmp/log`), false, ""},
		// The agent's last message on Stop (QA F1): Gemini CLI's
		// AfterAgent keeps it at prompt_response, Factory Droid's and
		// Copilot CLI's stop payloads carry none; Codex and Qwen Code
		// keep Claude Code's key.
		{"last message to gemini", "claude-code", "gemini-cli", claude("Stop", stopGuard), false,
			"read the agent's last message at last_assistant_message, where claude-code's payload keeps it; gemini-cli's payload keeps it at prompt_response: a script that reads it there finds nothing, and a guard that then exits 0 lets the agent stop"},
		{"last message to droid", "claude-code", "factory-droid", claude("Stop", stopGuard), false,
			"read the agent's last message at last_assistant_message, where claude-code's payload keeps it; factory-droid's payload holds no such field"},
		{"last message to copilot", "claude-code", "copilot-cli", claude("Stop", stopGuard), false, "copilot-cli's payload holds no such field"},
		{"last message to codex", "claude-code", "codex", claude("Stop", stopGuard), false, ""},
		{"last message to qwen", "claude-code", "qwen-code", claude("Stop", stopGuard), false, ""},
		{"last message read both ways", "claude-code", "gemini-cli", claude("Stop", `jq -r '.last_assistant_message // .prompt_response' | grep -q TODO && { echo unfinished >&2; exit 2; }; exit 0`), false, ""},
		// run --from hands it over under the source's key where the
		// target's stop payload carries it, and cannot where it does not.
		{"last message under the shim", "claude-code", "codex", claude("Stop", stopGuard), true, ""},
		{"last message under the shim to gemini", "claude-code", "gemini-cli", claude("Stop", stopGuard), true, ""},
		{"last message under the shim to droid", "claude-code", "factory-droid", claude("Stop", stopGuard), true, "hookconv run's canonical payload holds no such field"},
	} {
		src := DecodeSource(tc.from, tc.in)
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodePayloadShape && (strings.Contains(d.Message, "'s payload keeps it") || strings.Contains(d.Message, "holds no such field")) {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.name, got, tc.want)
	}
}

// TestPayloadFieldsKept checks that migrate --remove-source keeps a
// prompt guard whose target keeps the prompt elsewhere (QA: it was
// removed).
func TestPayloadFieldsKept(t *testing.T) {
	in := providers.Files{".windsurf/hooks.json": []byte(`{"hooks": {"pre_user_prompt": [{"command": "jq -e '.tool_info.user_prompt | test(\"password\")' >/dev/null && exit 2; exit 0"}]}}`)}
	for _, to := range []string{"claude-code", "codex"} {
		mig := migrateApproved(DecodeSource("windsurf", in), to)
		if !mig.Migrated[0] || !mig.Weakened[0] {
			t.Errorf("%s: migrated %v, weakened %v, want weakened: %v", to, mig.Migrated[0], mig.Weakened[0], mig.Diagnostics)
		}
	}
}

// TestLastMessageGuardKept checks that migrate --remove-source keeps a
// Claude Code Stop guard that reads the agent's last message where the
// target keeps it elsewhere (Gemini CLI) or sends none (Factory Droid),
// and removes it where the target keeps it at the same key (Codex)
// (QA F1: nothing was said, so it would have been removed).
func TestLastMessageGuardKept(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "jq -r .last_assistant_message | grep -q TODO && { echo unfinished >&2; exit 2; }; exit 0"}]}]}}`)}
	for _, tc := range []struct {
		to   string
		kept bool
	}{{"gemini-cli", true}, {"factory-droid", true}, {"codex", false}} {
		mig := migrateApproved(DecodeSource("claude-code", in), tc.to)
		if !mig.Migrated[0] || mig.Weakened[0] != tc.kept {
			t.Errorf("%s: migrated %v, weakened %v, want weakened %v: %v", tc.to, mig.Migrated[0], mig.Weakened[0], tc.kept, mig.Diagnostics)
		}
	}
}
