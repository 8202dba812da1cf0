package hookconv

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/providers"
)

// TestMayFail covers the reading the plan asks of a per-OS command it
// removes (HC202): only a command that is all that runs, and provably
// ends with 0, never blocks.
func TestMayFail(t *testing.T) {
	tests := []struct {
		command string
		want    bool
	}{
		{"exit 0", false},
		{"true", false},
		{"echo ok; exit 0", false},
		{"exit 2", true},
		{"[ -f .lock ] && exit 2; exit 0", true},
		{"grep -q rm", true},            // its last command may fail
		{"set -e; false; exit 0", true}, // set -e ends the shell at false
		{"pwsh -File guard.ps1", true},  // a program: not read
		{"./guard.sh", true},            // a script: not read here
		{"Write-Output ok", true},       // PowerShell is not read: any program may fail
		{`"$(cat cmd.txt)"`, true},      // unreadable
	}
	for _, tt := range tests {
		if got := mayFail(tt.command); got != tt.want {
			t.Errorf("mayFail(%q) = %v, want %v", tt.command, got, tt.want)
		}
	}
}

// TestPlatformGuardLost covers HC202 for a blocking hook whose Windows
// command a target cannot hold (Gemini CLI: one command for every
// system): the guard it ran on Windows is lost only where that command
// may block (QA: "exit 0" was said to be a guard lost).
func TestPlatformGuardLost(t *testing.T) {
	tests := []struct {
		name, windows string
		lost          bool
	}{
		{"exit 0 never blocked", "exit 0", false},
		{"a real guard", `pwsh -File guard.ps1`, true},
		{"unreadable", `"$(cat cmd.txt)"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := `{"spec": "hooks/1.0", "hooks": [{"name": "plat", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
				"handler": {"type": "command", "command": "./guard.sh", "platform": {"windows": ` + strconv.Quote(tt.windows) + `}}}]}`
			res := Convert("canonical", "gemini-cli", providers.Files{"m.json": []byte(m)}, nil)
			var msg string
			for _, d := range res.Diagnostics {
				if d.Code == capabilities.CodeCapabilityReduced && strings.HasSuffix(d.Path, "handler.platform") {
					msg = d.Message
				}
			}
			if msg == "" {
				t.Fatalf("no HC202 at handler.platform: %v", res.Diagnostics)
			}
			if got := strings.Contains(msg, "the guard it ran on Windows no longer runs there"); got != tt.lost {
				t.Errorf("guard lost said = %v, want %v: %s", got, tt.lost, msg)
			}
			if got := strings.Contains(msg, "on Windows it ran "+strconv.Quote(tt.windows)+", which never blocks, and no longer runs there"); got == tt.lost {
				t.Errorf("never blocks said = %v, want %v: %s", got, !tt.lost, msg)
			}
		})
	}
}
