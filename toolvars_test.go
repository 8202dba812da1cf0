package hookconv

import (
	"encoding/json"
	"slices"
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
// A use is a shell's expansion or a program's read of its environment: a
// name only printed, in single quotes or in a comment is none (QA).
func TestToolOnlyVars(t *testing.T) {
	project := fstest.MapFS{
		"hooks/env.sh":   {Data: []byte("#!/bin/sh\necho \"export NODE_ENV=dev\" >> \"$CLAUDE_ENV_FILE\"\n")},
		"hooks/plain.sh": {Data: []byte("#!/bin/sh\necho hello\n")},
		"hooks/sid.py":   {Data: []byte("import os, sys\nif os.environ.get('CLAUDE_CODE_SESSION_ID') != open('.lock').read():\n    sys.exit(2)\n")},
		"hooks/sid.js":   {Data: []byte("if (process.env.CLAUDE_CODE_SESSION_ID !== 'x') process.exit(2);\n")},
		"hooks/say.py":   {Data: []byte("print('CLAUDE_CODE_SESSION_ID is a Claude variable')\n")},
		"hooks/sid.rb":   {Data: []byte("exit 2 if ENV.fetch('CLAUDE_CODE_SESSION_ID', '') != File.read('.lock')\n")},
		// QA: names only said, in text, quotes or comments, beside reads
		// of other variables.
		"hooks/said.sh":     {Data: []byte("#!/bin/sh\n[ -n \"$HOME\" ] || echo \"CLAUDE_ENV_FILE is not set\" >&2\n")},
		"hooks/quoted.sh":   {Data: []byte("#!/bin/sh\n[ -n \"$HOME\" ] || echo 'run me where $CLAUDE_ENV_FILE is set' >&2\n")},
		"hooks/noted.sh":    {Data: []byte("#!/bin/sh\n# Claude's $CLAUDE_ENV_FILE isn't needed: .env is read by the app\necho \"export A=$HOME\" >> .env # not $CLAUDE_ENV_FILE\n")},
		"hooks/said.py":     {Data: []byte("import os\n# os.environ['CLAUDE_CODE_SESSION_ID'] was read here once\nprint(os.environ.get('HOME'), \"CLAUDE_CODE_SESSION_ID\", '$CLAUDE_CODE_SESSION_ID')\n")},
		"hooks/said.js":     {Data: []byte("// reads $CLAUDE_CODE_SESSION_ID? no: process.env.CLAUDE_CODE_SESSION_ID is Claude's\nconsole.log('CLAUDE_CODE_SESSION_ID', `${process.env.HOME}`)\n")},
		"hooks/heredoc.sh":  {Data: []byte("#!/bin/sh\ncat >> \"$CLAUDE_ENV_FILE\" <<EOF\nexport SID='$CLAUDE_CODE_SESSION_ID'\nEOF\n")},
		"hooks/envfile.py":  {Data: []byte("import os\nwith open(os.environ['CLAUDE_ENV_FILE'], 'a') as f:\n    f.write('export A=1\\n')\n")},
		"hooks/envfile.js":  {Data: []byte("const fs = require('fs');\nfs.appendFileSync(process.env.CLAUDE_ENV_FILE, 'export A=1\\n');\n")},
		"hooks/system.py":   {Data: []byte("import os\nos.system('echo export A=1 >> \"$CLAUDE_ENV_FILE\"')\n")},
		"hooks/indirect.py": {Data: []byte("import os, sys\nenv = dict(os.environ)\nif env.get('CLAUDE_CODE_SESSION_ID') != 'x':\n    sys.exit(2)\n")},
		"hooks/hereop.sh":   {Data: []byte("#!/bin/sh\n# was: cat <<EOF >> \"$CLAUDE_ENV_FILE\"\necho 'export A=1' >> .env\n")},
		"hooks/heresub.sh":  {Data: []byte("#!/bin/sh\ncat > .env <<EOF\nexport D='$(date)' S='$CLAUDE_CODE_SESSION_ID'\nEOF\n")},
		"hooks/noread.sh":   {Data: []byte("#!/bin/sh\n# python3 -c 'import os; print(os.environ.get(\"CLAUDE_ENV_FILE\"))'\necho hi\n")},
		"hooks/both.sh":     {Data: []byte("#!/bin/sh\n[ -n \"$CLAUDE_CODE_SESSION_ID\" ] && python3 hooks/envfile.py\n")},
		"hooks/printenv.sh": {Data: []byte("#!/bin/sh\nif ! printenv CLAUDE_CODE_SESSION_ID >/dev/null; then exit 2; fi\n")},
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
			says:    "there they are empty, so a redirection to them fails and a test of them takes", hint: "make the command work without what OpenAI Codex CLI does not set"},
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
		// QA: a name printed, in single quotes or in a comment is no use;
		// a shell's expansion or a program's read by name is.
		{name: "said in a shell script", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/said.sh`},
		{name: "in a shell script's single quotes", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/quoted.sh`},
		{name: "in a shell script's comments", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/noted.sh`},
		{name: "said in a command", from: "claude-code", to: "gemini-cli", event: "session_start", command: `echo "CLAUDE_ENV_FILE is not set" >&2`},
		{name: "in a command's single quotes", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `echo 'needs $CLAUDE_CODE_SESSION_ID' >&2`},
		{name: "in a command's ANSI quotes", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `echo $'needs $CLAUDE_CODE_SESSION_ID\n' >&2`},
		{name: "in a command's comment", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `./hooks/plain.sh # was: [ -n "$CLAUDE_CODE_SESSION_ID" ]`},
		// QA: a # after a substitution's ) or an escaped blank goes on
		// the word (bash prints x#a for echo $(echo x)#a); after a
		// subshell's ) it starts a comment.
		{name: "a # after a substitution", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `[ "$(cat .lock)" = $(echo x)#$CLAUDE_CODE_SESSION_ID ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a # after an escaped blank", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `[ "$(cat .lock)" = x\ #$CLAUDE_CODE_SESSION_ID ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a # after a subshell", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `(./hooks/plain.sh)#$CLAUDE_CODE_SESSION_ID`},
		// QA: a program reads it by its bare name, or the command reads
		// its environment indirectly and names it.
		{name: "printenv", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `printenv CLAUDE_CODE_SESSION_ID >/dev/null || { echo 'no session id' >&2; exit 2; }`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "env piped to grep", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `env | grep -q '^CLAUDE_CODE_SESSION_ID=' || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "export -p piped to grep", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `export -p | grep -q CLAUDE_CODE_SESSION_ID || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "bash's [[ -v", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `[[ -v CLAUDE_CODE_SESSION_ID ]] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "test -v", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `if ! test -v CLAUDE_CODE_SESSION_ID; then exit 2; fi`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "jq's env", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `jq -en 'env.CLAUDE_CODE_SESSION_ID' >/dev/null || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "jq's $ENV", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `jq -en '$ENV.CLAUDE_CODE_SESSION_ID | length > 0' >/dev/null || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "an indirect expansion", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `v=CLAUDE_CODE_SESSION_ID; [ -n "${!v}" ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a nameref", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `declare -n r=CLAUDE_CODE_SESSION_ID; [ -n "$r" ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "python reads a name it holds", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `python3 -c "import os, sys; k='CLAUDE_CODE_SESSION_ID'; sys.exit(0 if os.environ.get(k) else 2)"`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "printenv in a script", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `./hooks/printenv.sh`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "printenv said", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `echo "run printenv CLAUDE_CODE_SESSION_ID" >&2`},
		{name: "printenv as an argument", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `echo printenv CLAUDE_CODE_SESSION_ID >&2`},
		{name: "env grepped for another", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `env | grep -q HOME || echo CLAUDE_CODE_SESSION_ID >&2`},
		{name: "env running a program", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `env A=1 ./hooks/plain.sh | grep CLAUDE_CODE_SESSION_ID`},
		{name: "jq's input field", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `jq -e '.CLAUDE_CODE_SESSION_ID' >/dev/null || exit 2`},
		{name: "test -n of the name", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `test -n CLAUDE_CODE_SESSION_ID || exit 2`},
		{name: "said by python beside a read of another", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `python3 hooks/said.py`},
		{name: "said by node beside a read of another", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `node hooks/said.js`},
		{name: "in double quotes", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `echo "it's $CLAUDE_CODE_SESSION_ID" # the session`, want: "$CLAUDE_CODE_SESSION_ID"},
		// QA: the expansions without a colon (${X-} under set -u).
		{name: "a default without a colon", from: "claude-code", to: "codex", event: "before_tool_execute",
			command: `set -u; [ -n "${CLAUDE_CODE_SESSION_ID-}" ] || { echo 'no session id' >&2; exit 2; }`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "an alternative without a colon", from: "claude-code", to: "codex", event: "before_tool_execute",
			command: `[ -n "${CLAUDE_CODE_SESSION_ID+x}" ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "an assignment without a colon", from: "claude-code", to: "codex", event: "before_tool_execute",
			command: `[ "${CLAUDE_CODE_SESSION_ID=none}" != none ] || exit 2`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "an error without a colon", from: "claude-code", to: "codex", event: "before_tool_execute",
			command: `: "${CLAUDE_CODE_SESSION_ID?}"`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "env file with a default", from: "claude-code", to: "codex", event: "session_start",
			command: `echo 'export A=1' >> "${CLAUDE_ENV_FILE-/dev/null}"`, want: "$CLAUDE_ENV_FILE"},
		{name: "after an escaped backslash", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `echo \\$CLAUDE_CODE_SESSION_ID`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "in single quotes for a second shell", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `bash -c '[ -n "$CLAUDE_CODE_SESSION_ID" ] || exit 2'`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "in a here-document", from: "claude-code", to: "gemini-cli", event: "session_start",
			command: `./hooks/heredoc.sh`, want: "$CLAUDE_ENV_FILE, $CLAUDE_CODE_SESSION_ID"},
		{name: "a here-document's operator in a comment", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/hereop.sh`},
		{name: "in a here-document that runs commands", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `./hooks/heresub.sh`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a read by name in a shell script's comment", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/noread.sh`},
		{name: "python reads it inline", from: "claude-code", to: "gemini-cli", event: "before_tool_execute",
			command: `python3 -c 'import os, sys; sys.exit(0 if os.environ.get("CLAUDE_CODE_SESSION_ID") else 2)'`, want: "$CLAUDE_CODE_SESSION_ID",
			says: "hook 1: the command uses $CLAUDE_CODE_SESSION_ID, which Claude Code sets for its hooks and Gemini CLI does not: there it is not set, so the script's read of it finds nothing (a blocking hook may then let the action through)"},
		{name: "python opens it", from: "claude-code", to: "gemini-cli", event: "session_start", command: `python3 hooks/envfile.py`, want: "$CLAUDE_ENV_FILE",
			says: "a script the command runs uses $CLAUDE_ENV_FILE, which Claude Code sets for its hooks and Gemini CLI does not: there it is not set, so the script's read of it finds nothing"},
		{name: "node appends to it", from: "claude-code", to: "gemini-cli", event: "session_start", command: `node hooks/envfile.js`, want: "$CLAUDE_ENV_FILE",
			says: "there it is not set, so the script's read of it finds nothing"},
		{name: "python hands it to a shell", from: "claude-code", to: "gemini-cli", event: "session_start", command: `python3 hooks/system.py`, want: "$CLAUDE_ENV_FILE"},
		{name: "python reads its environment otherwise", from: "claude-code", to: "gemini-cli", event: "before_tool_execute", command: `python3 hooks/indirect.py`, want: "$CLAUDE_CODE_SESSION_ID"},
		{name: "a shell expands one and python reads another", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/both.sh`,
			want: "$CLAUDE_CODE_SESSION_ID, $CLAUDE_ENV_FILE", says: "there they are not set, so a redirection to them fails, a test of them takes the other branch and a script's read of them finds nothing"},
		{name: "a shell's redirection", from: "claude-code", to: "gemini-cli", event: "session_start", command: `./hooks/env.sh`, want: "$CLAUDE_ENV_FILE",
			says: "there it is empty, so a redirection to it fails and a test of it takes the other branch (a blocking hook"},
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
		{name: "gemini replaces a token in single quotes", from: "gemini-cli", to: "claude-code", event: "before_tool_execute",
			command: `echo '$GEMINI_SESSION_ID'`, want: "$GEMINI_SESSION_ID"},
		{name: "gemini's token in a comment", from: "gemini-cli", to: "claude-code", event: "before_tool_execute", command: `true # $GEMINI_SESSION_ID`},
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

// TestProgramEnvReads reads scripts in other languages than the shell's
// for Claude Code's variables: a read of the environment by name counts,
// in each language's spelling, and so does a name where the script reads
// its environment otherwise too; a name only printed or in a comment does
// not (QA), nor a $NAME in a string no shell reads.
func TestProgramEnvReads(t *testing.T) {
	f := newVarFinder(vocab.Default(), "claude-code")
	const sid = "CLAUDE_CODE_SESSION_ID"
	tests := []struct {
		name, lang, text string
		want             bool
	}{
		{"python's environ[]", langPython, `os.environ["CLAUDE_CODE_SESSION_ID"]`, true},
		{"python's environ.get", langPython, `os.environ.get('CLAUDE_CODE_SESSION_ID', '')`, true},
		{"python's getenv", langPython, `from os import getenv; getenv("CLAUDE_CODE_SESSION_ID")`, true},
		{"python's membership", langPython, `if 'CLAUDE_CODE_SESSION_ID' not in os.environ: sys.exit(2)`, true},
		{"python's f-string", langPython, `print(f"{os.environ['CLAUDE_CODE_SESSION_ID']}")`, true},
		{"python's print", langPython, "import os\nprint(os.getenv('HOME'), 'CLAUDE_CODE_SESSION_ID')", false},
		{"python's comment", langPython, "import os\n# os.environ['CLAUDE_CODE_SESSION_ID']\nos.getenv('HOME')", false},
		{"python's $ in text", langPython, `print("$CLAUDE_CODE_SESSION_ID is unset", os.getenv("HOME"))`, false},
		{"python's environment in text", langPython, `print("CLAUDE_CODE_SESSION_ID is not in the environment", os.getenv("HOME"))`, false},
		{"python's bytes membership", langPython, `if b"CLAUDE_CODE_SESSION_ID" not in os.environb: sys.exit(2)`, true},
		{"python's bytes get", langPython, `os.environb.get(b"CLAUDE_CODE_SESSION_ID", b"")`, true},
		{"python's bytes index", langPython, `os.environb[b'CLAUDE_CODE_SESSION_ID']`, true},
		{"python's getenvb", langPython, `os.getenvb(b"CLAUDE_CODE_SESSION_ID")`, true},
		{"python's bytes printed", langPython, `print(b"CLAUDE_CODE_SESSION_ID", os.getenvb(b"HOME"))`, false},
		{"python's expandvars", langPython, `os.path.expandvars("$CLAUDE_CODE_SESSION_ID")`, true},
		{"python's subprocess", langPython, `subprocess.run('test -n "$CLAUDE_CODE_SESSION_ID"', shell=True)`, true},
		{"python's environ handed on", langPython, `subprocess.run(["./x"], env=os.environ); print("CLAUDE_CODE_SESSION_ID")`, true},
		{"node's property", langNode, `if (!process.env.CLAUDE_CODE_SESSION_ID) process.exit(2)`, true},
		{"node's optional property", langNode, `process.env?.CLAUDE_CODE_SESSION_ID`, true},
		{"node's index", langNode, `process.env['CLAUDE_CODE_SESSION_ID']`, true},
		{"node's membership", langNode, `'CLAUDE_CODE_SESSION_ID' in process.env`, true},
		{"node's destructuring", langNode, `const { HOME, CLAUDE_CODE_SESSION_ID: sid } = process.env`, true},
		{"node's console.log", langNode, `console.log("CLAUDE_CODE_SESSION_ID", process.env.HOME)`, false},
		{"node's comment", langNode, "/* process.env.CLAUDE_CODE_SESSION_ID */ process.env.HOME", false},
		{"node's execSync", langNode, "require('child_process').execSync('echo $CLAUDE_CODE_SESSION_ID')", true},
		{"deno's", langNode, `Deno.env.get("CLAUDE_CODE_SESSION_ID")`, true},
		{"bun's", langNode, `Bun.env.CLAUDE_CODE_SESSION_ID`, true},
		{"ruby's ENV[]", "", `exit 2 unless ENV['CLAUDE_CODE_SESSION_ID']`, true},
		{"ruby's puts", "", `puts "CLAUDE_CODE_SESSION_ID: #{ENV['HOME']}"`, false},
		{"perl's", "", `exit 2 unless $ENV{CLAUDE_CODE_SESSION_ID};`, true},
		{"perl's quoted", "", `exists $ENV{'CLAUDE_CODE_SESSION_ID'}`, true},
		{"go's Getenv", "", `if os.Getenv("CLAUDE_CODE_SESSION_ID") == "" {`, true},
		{"go's LookupEnv", "", "_, ok := os.LookupEnv(`CLAUDE_CODE_SESSION_ID`)", true},
		{"awk's ENVIRON", "", `awk 'BEGIN { print ENVIRON["CLAUDE_CODE_SESSION_ID"] }'`, true},
		{"a longer name", langNode, `process.env.CLAUDE_CODE_SESSION_IDS`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uses := f.inProgram(tt.text, tt.lang, nil)
			got := slices.ContainsFunc(uses, func(u varUse) bool { return u.name == sid })
			if got != tt.want {
				t.Errorf("inProgram(%q) = %+v, want %s: %v", tt.text, uses, sid, tt.want)
			}
		})
	}
}

// FuzzToolOnlyVars: no command or script makes HC441's reading panic; a
// warning names only variables the command or the script spells; and a
// shell script all of whose lines are comments uses none.
func FuzzToolOnlyVars(f *testing.F) {
	f.Add(uint8(0), `./g.sh "$CLAUDE_CODE_SESSION_ID"`, "#!/bin/sh\necho 'x' >> \"$CLAUDE_ENV_FILE\" # $CLAUDE_EFFORT\n")
	f.Add(uint8(1), `python3 g.py`, "import os\nprint(os.environ.get('HOME'), 'CLAUDE_CODE_SESSION_ID')\nos.system('echo $CLAUDE_ENV_FILE')\n")
	f.Add(uint8(2), `node g.js`, "const { CLAUDE_ENV_FILE } = process.env; // $CLAUDE_CODE_SESSION_ID\n")
	f.Add(uint8(3), `bash -c './g "$CLAUDE_ENV_FILE"'`, "cat <<EOF >> $CLAUDE_ENV_FILE\nexport A='$CLAUDE_CODE_SESSION_ID'\nEOF\n")
	names := []string{"g.sh", "g.py", "g.js", "g"}
	f.Fuzz(func(t *testing.T, which uint8, command, script string) {
		name := names[int(which)%len(names)]
		warnings := func(command, script string) []string {
			project := fstest.MapFS{name: {Data: []byte(script)}}
			h := canonical.Hook{Event: "session_start", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: command}}
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			var msgs []string
			for _, d := range toolOnlyVars(m, "claude-code", "gemini-cli", &Scripts{FS: project}) {
				msgs = append(msgs, d.Message)
			}
			return msgs
		}
		for _, msg := range warnings(command, script) {
			listed, _, _ := strings.Cut(msg, ", which ")
			for _, v := range vocab.Default().HookVars("claude-code") {
				if strings.Contains(listed, "$"+v.Name) && !strings.Contains(command, v.Name) && !strings.Contains(script, v.Name) {
					t.Fatalf("%q with %q: names $%s, which neither spells: %s", command, script, v.Name, msg)
				}
			}
		}
		lines := strings.Split(script, "\n")
		for k := range lines {
			lines[k] = "#" + lines[k]
		}
		commented := "#!/bin/sh\n" + strings.Join(lines, "\n")
		if msgs := warnings("./"+name, commented); len(msgs) > 0 {
			t.Fatalf("a script of comments only, %q: %v", commented, msgs)
		}
	})
}
