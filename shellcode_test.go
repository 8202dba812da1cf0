package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestShellCode: the code of sh -c '…' is read as the command (QA q3 F3):
// HC431's silent exit 2 and HC436's other exit code are found inside it,
// and a loud exit 2 stays unsaid.
func TestShellCode(t *testing.T) {
	for _, tc := range []struct {
		command, code string
		ok            bool
	}{
		{"sh -c 'exit 2'", "exit 2", true},
		{"bash -c 'grep -q rm && exit 2; exit 0'", "grep -q rm && exit 2; exit 0", true},
		{"/bin/sh -c 'echo no; exit 3'", "echo no; exit 3", true},
		{`bash -c "exit 2"`, "exit 2", true},
		{`sh -c 'cmd=$(jq -r .tool_input.command); exit 2'`, "cmd=$(jq -r .tool_input.command); exit 2", true},
		{`sh -c "exit $CODE"`, "", false}, // the outer shell expands it
		{"sh -c 'exit 2' 2>/dev/null", "", false},
		{"sh -c 'exit 2' x", "", false},
		{"zsh -c 'exit 2'", "", false},
		{"sh guard.sh", "", false},
		{"python3 -c 'import sys; sys.exit(2)'", "", false},
	} {
		code, ok := shellCode(tc.command)
		if code != tc.code || ok != tc.ok {
			t.Errorf("shellCode(%q) = %q, %v; want %q, %v", tc.command, code, ok, tc.code, tc.ok)
		}
	}
}

func TestSilentExitsShellCode(t *testing.T) {
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{"sh -c 'exit 2'", true},
		{"bash -c 'grep -q rm && exit 2; exit 0'", true},
		{"sh -c 'echo reason; exit 2'", true}, // the reason on stdout
		{"sh -c 'echo reason >&2; exit 2'", false},
		{"sh -c 'exit 0'", false},
	} {
		m := &canonical.Manifest{Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command},
		}}}
		if got := len(silentExits(m, nil, "claude-code", "codex", nil)) > 0; got != tc.want {
			t.Errorf("silentExits(%q) = %v, want %v", tc.command, got, tc.want)
		}
		if got := len(silentExits(m, nil, "gemini-cli", "codex", nil)) > 0; got != tc.want {
			t.Errorf("silentExits(%q) from gemini-cli = %v, want %v", tc.command, got, tc.want)
		}
	}
	for _, tc := range []struct {
		command, to string
		want        bool
	}{
		{"sh -c 'echo no; exit 3'", "cline", true},
		{"sh -c 'echo no; exit 3'", "claude-code", true},
		{"sh -c 'echo no; exit 2'", "claude-code", false},
		{"sh -c 'echo no; exit 3'", "copilot-cli", false}, // any non-zero exit blocks there
	} {
		m := &canonical.Manifest{Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command},
		}}}
		if got := len(otherExitBlocks(m, "gemini-cli", tc.to, false, nil)) > 0; got != tc.want {
			t.Errorf("otherExitBlocks(%q, %s) = %v, want %v", tc.command, tc.to, got, tc.want)
		}
	}
}
