package hookconv

import (
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

// TestEventNameTests converts hooks whose script tests the payload's
// event name and checks the HC447 warning: said when the name is the
// source's and the target sends another for the hook's event, not when
// both spell it alike, the hook tests the target's name too, it reads
// no event name, or under the shim.
func TestEventNameTests(t *testing.T) {
	claude := func(event, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"` + event + `": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	project := fstest.MapFS{
		"guard.py": {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nev = d[\"hook_event_name\"]\nif ev == \"PreToolUse\" and 'rm -rf' in d['tool_input']['command']:\n    sys.exit(2)\nelif ev == \"UserPromptSubmit\" and 'password' in d['prompt']:\n    sys.exit(2)\n")},
	}
	const promptGuard = `jq -e '.hook_event_name == "UserPromptSubmit" and (.prompt | test("password"))' >/dev/null && exit 2; exit 0`
	for _, tc := range []struct {
		name, event, to, command string
		shim                     bool
		want                     string // a part of the HC447 warning, "" for none
	}{
		{"to gemini", "UserPromptSubmit", "gemini-cli", promptGuard, false,
			`test the event's name against "UserPromptSubmit" (claude-code's name for before_prompt; gemini-cli sends "BeforeAgent")`},
		{"a script, tool event", "PreToolUse", "gemini-cli", "python3 guard.py", false, `against "PreToolUse" (claude-code's name for before_tool_execute; gemini-cli sends "BeforeTool")`},
		{"to windsurf", "UserPromptSubmit", "windsurf", promptGuard, false, `windsurf sends "pre_user_prompt"`},
		{"to kiro-agent", "UserPromptSubmit", "kiro-agent", promptGuard, false, `kiro-agent sends "userPromptSubmit"`},
		{"the same name there", "UserPromptSubmit", "codex", promptGuard, false, ""},
		{"tests both", "UserPromptSubmit", "gemini-cli", `jq -e '(.hook_event_name == "UserPromptSubmit" or .hook_event_name == "BeforeAgent")' && exit 2; exit 0`, false, ""},
		{"reads no event name", "UserPromptSubmit", "gemini-cli", `echo "UserPromptSubmit" >> /tmp/log; exit 0`, false, ""},
		{"another event's name", "PreToolUse", "gemini-cli", promptGuard, false, ""},
		{"under the shim", "UserPromptSubmit", "gemini-cli", promptGuard, true, ""},
	} {
		src := DecodeSource("claude-code", claude(tc.event, tc.command))
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		checkOneWarning(t, tc.name, messagesOf(withCode(res.Diagnostics, CodeEventNameTest)), tc.want)
	}
}

// TestEventNameTestsKept checks that migrate --remove-source keeps a
// guard testing the source's event name, which the target does not send.
func TestEventNameTestsKept(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "jq -e '.hook_event_name == \"UserPromptSubmit\" and (.prompt | test(\"password\"))' >/dev/null && exit 2; exit 0"}]}]}}`)}
	mig := DecodeSource("claude-code", in).Migrate("gemini-cli", nil, nil)
	if !mig.Migrated[0] || !mig.Weakened[0] {
		t.Errorf("migrated %v, weakened %v, want both: %v", mig.Migrated[0], mig.Weakened[0], mig.Diagnostics)
	}
}
