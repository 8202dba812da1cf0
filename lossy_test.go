package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestLossyEvents converts hooks between a native event the events table
// marks lossy (Copilot CLI's errorOccurred fires on every error; OpenHook's
// tool.end after every tool call) and other tools' events for one of its
// canonical events: read from it, the hook runs for fewer cases (HC354);
// written to it, for more (HC355); within one tool, or into a manifest,
// nothing is said. The message says what the lossy event fires for, from
// the table's lossy_note (QA: errorOccurred became StopFailure silently).
func TestLossyEvents(t *testing.T) {
	const (
		copilotError = `{"version": 1, "hooks": {"errorOccurred": [{"type": "command", "bash": "./on-error.sh"}]}}`
		claudeError  = `{"hooks": {"StopFailure": [{"hooks": [{"type": "command", "command": "./on-error.sh"}]}]}}`
		claudePost   = `{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "./after.sh"}]}]}}`
		manifestErr  = `{"spec": "hooks/1.0", "hooks": [{"event": "error_occurred", "handler": {"type": "command", "command": "./on-error.sh"}}]}`
	)
	tests := []struct {
		name, from, file, src, to string
		code, says                string // "" code: no HC354 or HC355
	}{
		{"copilot error to claude", "copilot-cli", ".github/hooks/hooks.json", copilotError, "claude-code", CodeLossyEvent, "errorOccurred fires on every error, recoverable ones and failed tool calls too"},
		{"copilot error to opencode", "copilot-cli", ".github/hooks/hooks.json", copilotError, "opencode", CodeLossyEvent, "fewer cases"},
		{"copilot error to itself", "copilot-cli", ".github/hooks/hooks.json", copilotError, "copilot-cli", "", ""},
		{"copilot error to a manifest", "copilot-cli", ".github/hooks/hooks.json", copilotError, "canonical", "", ""},
		{"claude error to copilot", "claude-code", ".claude/settings.json", claudeError, "copilot-cli", CodeLossyTarget, "GitHub Copilot CLI runs it on errorOccurred, which fires on every error"},
		{"claude post-tool to openhook", "claude-code", ".claude/settings.json", claudePost, "openhook", CodeLossyTarget, "on tool.end, which fires after every tool call, failed ones too"},
		{"claude post-tool to codex", "claude-code", ".claude/settings.json", claudePost, "codex", "", ""},
		{"manifest error to copilot", "canonical", "hooks.json", manifestErr, "copilot-cli", CodeLossyTarget, "more cases"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Convert(tt.from, tt.to, providers.Files{tt.file: []byte(tt.src)}, nil)
			if c.Diagnostics.HasErrors() {
				t.Fatalf("conversion failed:\n%v", c.Diagnostics)
			}
			got := append(withCode(c.Diagnostics, CodeLossyEvent), withCode(c.Diagnostics, CodeLossyTarget)...)
			switch {
			case tt.code == "" && len(got) != 0:
				t.Errorf("want no HC354/HC355, got %v", got)
			case tt.code == "":
			case len(got) != 1 || got[0].Code != tt.code:
				t.Errorf("want one %s, got %v", tt.code, c.Diagnostics)
			case !strings.Contains(got[0].Message, tt.says) || got[0].File != tt.file || got[0].Pos.Line == 0:
				t.Errorf("%s: want it at the hook in %s, saying %q", got[0], tt.file, tt.says)
			}
		})
	}
}
