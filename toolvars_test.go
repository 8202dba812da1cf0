package hookconv

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/vocab"
)

// TestToolOnlyVars reads hook commands written for one tool that use a
// variable that tool sets for its hooks: a warning (HC441) naming them
// when the target does not set them on the hook's event, none when the
// source does not set them there either (CLAUDE_ENV_FILE outside
// SessionStart, Setup, CwdChanged and FileChanged), when the target sets
// them too, when they are escaped, and for the same tool or a manifest.
func TestToolOnlyVars(t *testing.T) {
	project := fstest.MapFS{
		"hooks/env.sh":   {Data: []byte("#!/bin/sh\necho \"export NODE_ENV=dev\" >> \"$CLAUDE_ENV_FILE\"\n")},
		"hooks/plain.sh": {Data: []byte("#!/bin/sh\necho hello\n")},
		"hooks/sid.py":   {Data: []byte("import os, sys\nif os.environ.get('CLAUDE_CODE_SESSION_ID') != open('.lock').read():\n    sys.exit(2)\n")},
		"hooks/sid.js":   {Data: []byte("if (process.env.CLAUDE_CODE_SESSION_ID !== 'x') process.exit(2);\n")},
		"hooks/say.py":   {Data: []byte("print('CLAUDE_CODE_SESSION_ID is a Claude variable')\n")},
		"hooks/sid.rb":   {Data: []byte("exit 2 if ENV.fetch('CLAUDE_CODE_SESSION_ID', '') != File.read('.lock')\n")},
	}
	claudeMark := map[string]json.RawMessage{"claude-code": json.RawMessage(`{"$from":true}`)}
	tests := []struct {
		name, from, to, event, command string
		windows                        string                     // a Windows command beside it
		data                           map[string]json.RawMessage // the hook's provider_data
		want                           string                     // the variables named, as the message lists them; "": no HC441
		says                           string                     // in the message
		hint                           string                     // in the hint
	}{
		// Claude Code (reference part 1 §1.11).
		{name: "claude session id", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `[ "$CLAUDE_CODE_SESSION_ID" = "$(cat .lock)" ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID",
			says: "hook 1: the command uses $CLAUDE_CODE_SESSION_ID, which Claude Code sets for its hooks and Gemini CLI does not: there it is empty", hint: "read session_id from the JSON payload on stdin instead of $CLAUDE_CODE_SESSION_ID"},
		{name: "claude session id to cursor", from: "claude-code", to: "cursor", event: "before_tool_execute",
			command: `echo "$CLAUDE_CODE_SESSION_ID"`, want: "$CLAUDE_CODE_SESSION_ID", hint: "read session_id (or conversation_id) from the JSON payload"},
		{name: "claude session id to windsurf", from: "claude-code", to: "windsurf", event: "before_tool_execute",
			command: `echo "$CLAUDE_CODE_SESSION_ID"`, want: "$CLAUDE_CODE_SESSION_ID", hint: "read trajectory_id from the JSON payload"},
		{name: "claude's other variables", from: "claude-code", to: "codex", event: "agent_stop",
			command: `[ "${CLAUDE_CODE_REMOTE:-false}" = true ] && echo "$CLAUDE_EFFORT ${#CLAUDECODE} $CLAUDE_CODE_CHILD_SESSION ${CLAUDE_CODE_BRIDGE_SESSION_ID}"`,
			want:    "$CLAUDE_CODE_REMOTE, $CLAUDE_EFFORT, $CLAUDECODE, $CLAUDE_CODE_CHILD_SESSION, $CLAUDE_CODE_BRIDGE_SESSION_ID",
			says:    "there they are empty", hint: "make the command work without what OpenAI Codex CLI does not set"},
		{name: "env file on SessionStart", from: "claude-code", to: "cursor", event: "session_start",
			command: `echo "export NODE_ENV=dev" >> "$CLAUDE_ENV_FILE"`, want: "$CLAUDE_ENV_FILE",
			hint: `have a sessionStart hook print {"env": {"NAME": "value"}}, which Cursor sets for the hooks that run after it`},
		{name: "env file on Setup", from: "claude-code", to: "gemini-cli", event: "setup",
			command: `echo "export X=1" >> "$CLAUDE_ENV_FILE"`, want: "$CLAUDE_ENV_FILE", hint: "Gemini CLI has no file like $CLAUDE_ENV_FILE"},
		{name: "env file on CwdChanged", from: "claude-code", to: "codex", event: "cwd_changed",
			command: `direnv export bash >> "$CLAUDE_ENV_FILE"`, want: "$CLAUDE_ENV_FILE"},
		{name: "env file on FileChanged", from: "claude-code", to: "codex", event: "file_changed",
			command: `direnv export bash >> "$CLAUDE_ENV_FILE"`, want: "$CLAUDE_ENV_FILE"},
		{name: "env file where Claude Code sets none", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `echo "export X=1" >> "$CLAUDE_ENV_FILE"`},
		{name: "env file in a script", from: "claude-code", to: "gemini-cli", event: "session_start",
			command: `./hooks/env.sh`, want: "$CLAUDE_ENV_FILE", says: "hook 1: a script the command runs uses $CLAUDE_ENV_FILE"},
		{name: "a script without", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/plain.sh`},
		// QA: a Python or Node script reads the environment by name.
		{name: "python's environ", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `python3 hooks/sid.py`, want: "$CLAUDE_CODE_SESSION_ID", says: "hook 1: a script the command runs uses $CLAUDE_CODE_SESSION_ID"},
		{name: "node's process.env", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `node hooks/sid.js`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "ruby's ENV.fetch", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `ruby hooks/sid.rb`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a name only said", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `python3 hooks/say.py`},
		{name: "command and script", from: "claude-code", to: "gemini-cli", event: "session_start",
			command: `./hooks/env.sh "$CLAUDE_CODE_SESSION_ID"`, want: "$CLAUDE_CODE_SESSION_ID, $CLAUDE_ENV_FILE", says: "the command and a script it runs use"},
		{name: "PowerShell's spelling", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `Write-Output $env:CLAUDE_CODE_SESSION_ID`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "cmd's spelling in a Windows command", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `true`, windows: `echo %CLAUDE_CODE_SESSION_ID%`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "escaped", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `echo \$CLAUDE_CODE_SESSION_ID`},
		{name: "escaped for a second shell", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `sh -c "echo \$CLAUDE_CODE_SESSION_ID"`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a longer name", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_IDS"`},
		{name: "the same tool", from: "claude-code", to: "claude-code", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_ID"`},
		{name: "to a manifest", from: "claude-code", to: "canonical", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_ID"`},
		{name: "a project variable is HC405's", from: "claude-code", to: "codex", event: "before_tool_execute", command: `"$CLAUDE_PROJECT_DIR"/x.sh`},
		// Gemini CLI (§2.11): it replaces $NAME in the command text itself,
		// a backslash before it or not (command_tokens), but not ${NAME}.
		{name: "gemini's variables", from: "gemini-cli", to: "claude-code", event: "before_tool_execute",
			command: `cd "$GEMINI_CWD" && ls "$GEMINI_PLANS_DIR" && echo ${GEMINI_SESSION_ID}`, want: "$GEMINI_CWD, $GEMINI_PLANS_DIR, $GEMINI_SESSION_ID",
			says: "which Gemini CLI sets for its hooks and Claude Code does not", hint: "read cwd from the JSON payload on stdin instead of $GEMINI_CWD; read session_id from the JSON payload on stdin instead of $GEMINI_SESSION_ID; make the command work"},
		{name: "gemini replaces an escaped token", from: "gemini-cli", to: "claude-code", event: "before_tool_execute",
			command: `echo \$GEMINI_SESSION_ID`, want: "$GEMINI_SESSION_ID"},
		{name: "gemini leaves an escaped brace", from: "gemini-cli", to: "claude-code", event: "before_tool_execute", command: `echo \${GEMINI_SESSION_ID}`},
		{name: "gemini's project dir is HC405's", from: "gemini-cli", to: "codex", event: "before_tool_execute", command: `cd "$GEMINI_PROJECT_DIR"`},
		// Cursor (§3.10).
		{name: "cursor's variables", from: "cursor", to: "claude-code", event: "agent_stop",
			command: `echo "$CURSOR_VERSION $CURSOR_USER_EMAIL $CURSOR_CODE_REMOTE" >> "$CURSOR_TRANSCRIPT_PATH.log"`,
			want:    "$CURSOR_VERSION, $CURSOR_USER_EMAIL, $CURSOR_CODE_REMOTE, $CURSOR_TRANSCRIPT_PATH", hint: "read transcript_path from the JSON payload on stdin instead of $CURSOR_TRANSCRIPT_PATH"},
		// Copilot CLI (part 2 §1.11).
		{name: "copilot's", from: "copilot-cli", to: "claude-code", event: "before_tool_execute",
			command: `[ -n "$COPILOT_CLI" ] || exit 0`, want: "$COPILOT_CLI"},
		// Kiro, on prompt triggers only (part 2 §3).
		{name: "kiro's prompt", from: "kiro", to: "claude-code", event: "before_prompt",
			command: `case "$USER_PROMPT" in *password*) exit 2;; esac`, want: "$USER_PROMPT", hint: "read prompt from the JSON payload on stdin instead of $USER_PROMPT"},
		{name: "kiro legacy's prompt", from: "kiro-legacy", to: "gemini-cli", event: "before_prompt", command: `echo "$USER_PROMPT"`, want: "$USER_PROMPT"},
		{name: "kiro agent's prompt", from: "kiro-agent", to: "cursor", event: "before_prompt", command: `echo "$USER_PROMPT"`, want: "$USER_PROMPT"},
		{name: "another kiro sets it too", from: "kiro", to: "kiro-agent", event: "before_prompt", command: `echo "$USER_PROMPT"`},
		{name: "kiro sets no prompt on tool calls", from: "kiro-agent", to: "claude-code", event: "before_tool_execute", command: `echo "$USER_PROMPT"`},
		// Windsurf, on post_setup_worktree only (part 2 §4.7).
		{name: "windsurf's worktree", from: "windsurf", to: "claude-code", event: "windsurf_worktree_setup",
			command: `bash $ROOT_WORKSPACE_PATH/hooks/setup.sh`, want: "$ROOT_WORKSPACE_PATH"},
		{name: "windsurf's elsewhere", from: "windsurf", to: "claude-code", event: "before_tool_execute", command: `bash $ROOT_WORKSPACE_PATH/hooks/setup.sh`},
		// Tools that set none of them.
		{name: "droid sets none", from: "factory-droid", to: "claude-code", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_ID"`},
		{name: "another tool's", from: "codex", to: "gemini-cli", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_ID"`},
		// A manifest's hook was written for the tool its marks name.
		{name: "a marked manifest hook", from: "canonical", to: "gemini-cli", event: "before_tool_execute", data: claudeMark,
			command: `echo "$CLAUDE_CODE_SESSION_ID"`, want: "$CLAUDE_CODE_SESSION_ID", says: "which Claude Code sets"},
		{name: "marked for the target", from: "canonical", to: "claude-code", event: "before_tool_execute", data: claudeMark, command: `echo "$CLAUDE_CODE_SESSION_ID"`},
		{name: "an unmarked manifest hook", from: "canonical", to: "gemini-cli", event: "before_tool_execute", command: `echo "$CLAUDE_CODE_SESSION_ID"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := canonical.Hook{Event: tt.event, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}, ProviderData: tt.data}
			if tt.windows != "" {
				h.Handler.Platform = map[string]string{"windows": tt.windows}
			}
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			ds := toolOnlyVars(m, tt.from, tt.to, &Scripts{FS: project})
			if tt.want == "" {
				if len(ds) != 0 {
					t.Fatalf("want no %s, got %v", CodeToolOnlyVar, ds)
				}
				return
			}
			if len(ds) != 1 {
				t.Fatalf("want one %s, got %v", CodeToolOnlyVar, ds)
			}
			d := ds[0]
			if d.Code != CodeToolOnlyVar || d.Severity.String() != "warning" || d.Path != "hooks[0].handler.command" {
				t.Errorf("got %s %s at %q, want a %s warning at hooks[0].handler.command", d.Severity, d.Code, d.Path, CodeToolOnlyVar)
			}
			if !strings.Contains(d.Message, " "+tt.want+", which ") {
				t.Errorf("message %q does not name %s", d.Message, tt.want)
			}
			if !strings.Contains(d.Message, tt.says) {
				t.Errorf("message %q lacks %q", d.Message, tt.says)
			}
			if !strings.Contains(d.Hint, tt.hint) {
				t.Errorf("hint %q lacks %q", d.Hint, tt.hint)
			}
		})
	}
}

// TestHookVarsHoldContractFields: what a hook_vars entry says it holds
// is a payload field hookrun's contracts know (or env), so its hint can
// name where the target keeps it.
func TestHookVarsHoldContractFields(t *testing.T) {
	names := vocab.Default()
	var claude hookrun.Contract
	for _, p := range names.Providers {
		for _, v := range names.HookVars(p.Slug) {
			if v.Holds == "" || v.Holds == vocab.HoldsEnv {
				continue
			}
			if _, ok := claude.Paths(v.Holds); !ok {
				t.Errorf("%s's %s holds %q, which no contract field is", p.Slug, v.Name, v.Holds)
			}
		}
	}
}
