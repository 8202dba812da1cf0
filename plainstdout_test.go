package hookconv

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestPrintedPlainText: the plain text an inline echo or printf writes to
// the hook's stdout; nothing where it is JSON, goes elsewhere or cannot be
// told.
func TestPrintedPlainText(t *testing.T) {
	for _, tc := range []struct{ command, want string }{
		{`afplay /System/Library/Sounds/Glass.aiff; echo 'done'`, "done"},
		{`echo done`, "done"},
		{`echo -n Task finished`, "Task finished"},
		{`printf 'all done\n'`, `all done\n`},
		{`notify-send hi && echo ok`, "ok"},
		{`echo done >&2`, ""},
		{`echo done > /tmp/log`, ""},
		{`echo '{"decision":"block","reason":"x"}'`, ""},
		{`echo "$MSG"`, ""},
		{"echo `date`", ""},
		{`echo done | tee -a log.txt >/dev/null`, ""},
		{`./notify.sh`, ""},
		{`echo`, ""},
	} {
		if got := printedPlainText(tc.command); got != tc.want {
			t.Errorf("printedPlainText(%q) = %q, want %q", tc.command, got, tc.want)
		}
	}
}

// TestPlainStdoutInvalid: a Claude Code Stop notifier printing "done" gets
// HC455 going to Codex, which reads only JSON on a Stop hook's exit 0
// stdout (reference part 1 §4.8); not under the shim, not to a tool that
// reads plain text there, not for a hook that prints JSON or to stderr
// (QA F12).
func TestPlainStdoutInvalid(t *testing.T) {
	settings := func(event, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks":{"` + event + `":[{"hooks":[{"type":"command","command":"` + command + `"}]}]}}`)}
	}
	for _, tc := range []struct {
		name, to, event, command string
		shim, want               bool
	}{
		{"notifier to codex", "codex", "Stop", `afplay /S/Glass.aiff; echo 'done'`, false, true},
		{"subagent notifier to codex", "codex", "SubagentStop", `echo finished`, false, true},
		{"under the shim", "codex", "Stop", `echo done`, true, false},
		{"to gemini-cli", "gemini-cli", "Stop", `echo done`, false, false},
		{"to stderr", "codex", "Stop", `echo done >&2`, false, false},
		{"JSON", "codex", "Stop", `echo '{\"decision\":\"block\",\"reason\":\"go on\"}'`, false, false},
		{"PreToolUse", "codex", "PreToolUse", `echo done`, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DecodeSource("claude-code", settings(tc.event, tc.command))
			c := s.Convert(tc.to, nil, Options{Shim: tc.shim})
			i := slices.IndexFunc(c.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == CodePlainStdoutInvalid })
			if got := i >= 0; got != tc.want {
				t.Fatalf("HC455 %v, want %v: %v", got, tc.want, c.Diagnostics)
			}
			if tc.want && !strings.Contains(c.Diagnostics[i].Message, "reports the hook as failed") {
				t.Errorf("message: %s", c.Diagnostics[i].Message)
			}
		})
	}
}
