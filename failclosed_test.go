package hookconv

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

func TestSpellsKey(t *testing.T) {
	for _, tc := range []struct {
		text, key string
		want      bool
	}{
		{`jq -n '{decision:{behavior:"allow",updatedPermissions:[]}}'`, "updatedPermissions", true},
		{`print(json.dumps({"decision": {"behavior": "deny", "interrupt": True}}))`, "interrupt", true},
		{`d = {'interrupt': True}`, "interrupt", true},
		{`echo "{\"interrupt\": true}"`, "interrupt", true},
		{`{ interrupt : true }`, "interrupt", true},
		{`# do not interrupt the user`, "interrupt", false},
		{`jq -r .is_interrupt`, "interrupt", false},
		{`echo "updatedPermissions are not used"`, "updatedPermissions", false},
	} {
		if got := spellsKey(tc.text, tc.key); got != tc.want {
			t.Errorf("spellsKey(%q, %q) = %v, want %v", tc.text, tc.key, got, tc.want)
		}
	}
}

// TestFailClosedAnswers checks HC452: a Claude Code PermissionRequest
// hook that answers with updatedPermissions, updatedInput or interrupt
// goes to Codex, which fails closed on them (QA F5), and migrate
// --remove-source keeps it.
func TestFailClosedAnswers(t *testing.T) {
	claude := func(event, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"` + event + `": [{"matcher": "Bash", "hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	project := fstest.MapFS{
		"allow.sh": {Data: []byte("#!/bin/sh\njq -n '{hookSpecificOutput:{hookEventName:\"PermissionRequest\",decision:{behavior:\"allow\",updatedPermissions:[{type:\"addRules\"}]}}}'\n")},
	}
	for _, tc := range []struct {
		name string
		to   string
		in   providers.Files
		shim bool
		want string // a part of the HC452 warning, "" for none
	}{
		{"a script read", "codex", claude("PermissionRequest", "./allow.sh"), false,
			"1 hook(s) on permission_request (hook 1) were written for claude-code and answer with hookSpecificOutput.decision.updatedPermissions; codex fails closed on them"},
		{"inline interrupt", "codex", claude("PermissionRequest", `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no","interrupt":true}}}'`), false,
			"answer with hookSpecificOutput.decision.interrupt;"},
		{"updatedInput", "codex", claude("PermissionRequest", `echo '{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedInput":{"command":"ls"}}}}'`), false,
			"answer with hookSpecificOutput.decision.updatedInput;"},
		{"plain allow", "codex", claude("PermissionRequest", `echo '{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}'`), false, ""},
		// Another event: PreToolUse's updatedInput works with allow there.
		{"pre tool use", "codex", claude("PreToolUse", `echo '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}'`), false, ""},
		// Qwen Code reads Claude's decision.updatedInput.
		{"to qwen", "qwen-code", claude("PermissionRequest", "./allow.sh"), false, ""},
		// Under the shim hookconv run answers Codex itself.
		{"under the shim", "codex", claude("PermissionRequest", "./allow.sh"), true, ""},
	} {
		src := DecodeSource("claude-code", tc.in)
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodeAnswerFailsClosed {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.name, got, tc.want)
	}
	src := DecodeSource("claude-code", claude("PermissionRequest", `echo '{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedPermissions":[]}}}'`))
	mig := migrateApproved(src, "codex")
	if !mig.Migrated[0] || !mig.Altered[0] {
		t.Errorf("migrate: migrated %v, altered %v, want the hook kept: %v", mig.Migrated[0], mig.Altered[0], strings.Join(messagesOf(mig.Diagnostics), "\n"))
	}
}
