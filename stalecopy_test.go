package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestStaleCopies: a target hook with a source hook's event, matcher and
// handler type that runs another command is said to be a likely stale
// copy (HC362), once; other hooks of the target are only counted (QA q1
// F4).
func TestStaleCopies(t *testing.T) {
	claude := func(event, matcher, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks":{"` + event + `":[{"matcher":"` + matcher + `","hooks":[{"type":"command","command":"` + command + `"}]}]}}`)}
	}
	tests := []struct {
		name        string
		earlier     providers.Files // the source an earlier run migrated
		now         providers.Files
		want        int // HC362 said
		others      int
		wantPresent int
	}{
		{"command edited", claude("PreToolUse", "Bash", "./a.sh"), claude("PreToolUse", "Bash", "./b.sh"), 1, 1, 0},
		{"unchanged", claude("PreToolUse", "Bash", "./a.sh"), claude("PreToolUse", "Bash", "./a.sh"), 0, 0, 1},
		{"matcher changed", claude("PreToolUse", "Bash", "./a.sh"), claude("PreToolUse", "Write", "./b.sh"), 0, 1, 0},
		{"event changed", claude("PreToolUse", "Bash", "./a.sh"), claude("PostToolUse", "Bash", "./b.sh"), 0, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := Migrate("claude-code", "gemini-cli", tt.earlier, nil)
			if first.Diagnostics.HasErrors() {
				t.Fatal(first.Diagnostics)
			}
			second := Migrate("claude-code", "gemini-cli", tt.now, first.Files)
			n := 0
			for _, d := range second.Diagnostics {
				if d.Code == CodeStaleCopy {
					n++
				}
			}
			if n != tt.want || second.Others != tt.others || second.Present != tt.wantPresent {
				t.Errorf("%s said %d times, %d others, %d present; want %d, %d, %d: %v", CodeStaleCopy, n, second.Others, second.Present, tt.want, tt.others, tt.wantPresent, second.Diagnostics)
			}
		})
	}
}
