package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestUnreadAnswers: which targets read a Claude Code hook's stop and
// feedback where it answers them (QA q3 F2, F4, F7), with and without the
// shim. Each row names the codes said.
func TestUnreadAnswers(t *testing.T) {
	const stop = `echo '{"continue":false,"stopReason":"halt"}'`
	const feedback = `echo '{"decision":"block","reason":"lint failed"}'`
	tests := []struct {
		name, event, command, to string
		blocking, shim           bool
		want                     string // the code said, "" for none
	}{
		{"stop after a tool, kiro", "after_tool_execute", stop, "kiro", false, false, CodeStopUnread},
		{"stop after a tool, windsurf", "after_tool_execute", stop, "windsurf", false, false, CodeStopUnread},
		{"stop after a tool, cursor", "after_tool_execute", stop, "cursor", false, false, CodeStopUnread},
		{"stop after a tool, copilot", "after_tool_execute", stop, "copilot-cli", false, false, CodeStopUnread},
		{"stop after a tool, cline cancels as run --from does", "after_tool_execute", stop, "cline", false, false, ""},
		{"stop after a tool, opencode", "after_tool_execute", stop, "opencode", false, false, CodeStopUnread},
		{"stop after a tool, gemini reads it", "after_tool_execute", stop, "gemini-cli", false, false, ""},
		{"stop after a tool, codex reads it", "after_tool_execute", stop, "codex", false, false, ""},
		{"stop after a tool, vs code reads it", "after_tool_execute", stop, "vs-code-copilot", false, false, ""},
		{"stop after a tool, shim to gemini", "after_tool_execute", stop, "gemini-cli", false, true, ""},
		{"stop after a tool, shim to kiro", "after_tool_execute", stop, "kiro", false, true, CodeStopUnread},
		{"stop on a tool call, codex fails the hook", "before_tool_execute", stop, "codex", true, false, CodeStopUnread},
		{"stop on a tool call, shim to codex: a deny", "before_tool_execute", stop, "codex", true, true, ""},
		{"stop on a tool call, cline blocks", "before_tool_execute", stop, "cline", true, false, ""},
		{"stop on a tool call, gemini", "before_tool_execute", stop, "gemini-cli", true, false, ""},
		{"stop on Stop: the agent stops anyway", "agent_stop", stop, "kiro", true, false, ""},
		{"feedback, cursor", "after_tool_execute", feedback, "cursor", false, false, CodeFeedbackUnread},
		{"feedback, kiro", "after_tool_execute", feedback, "kiro", false, false, CodeFeedbackUnread},
		{"feedback, codex", "after_tool_execute", feedback, "codex", false, false, ""},
		{"feedback, gemini reads block", "after_tool_execute", feedback, "gemini-cli", false, false, ""},
		{"feedback, shim carries it as gemini's context", "after_tool_execute", feedback, "gemini-cli", false, true, ""},
		{"feedback, shim carries it as cursor's context", "after_tool_execute", feedback, "cursor", false, true, ""},
		{"feedback, shim to windsurf: no context after a tool", "after_tool_execute", feedback, "windsurf", false, true, CodeFeedbackUnread},
		{"no such answer", "after_tool_execute", "echo done >&2", "kiro", false, false, ""},
		{"a word, not a key", "after_tool_execute", "echo 'continue? false alarm' >&2", "kiro", false, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{
				Event: tc.event, Blocking: tc.blocking,
				Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command},
			}}}
			ds, about := unreadAnswers(m, "claude-code", tc.to, nil, tc.shim, nil)
			got := ""
			for _, d := range ds {
				got += d.Code
			}
			if got != tc.want {
				t.Fatalf("said %q, want %q: %v", got, tc.want, ds)
			}
			if got != "" && (len(about) != 1 || len(about[0]) != 1 || about[0][0] != 0) {
				t.Errorf("about %v, want hook 0", about)
			}
		})
	}
}
