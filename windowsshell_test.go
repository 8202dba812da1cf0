package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/diag"
)

// TestPlainWords: a command of words alone runs alike under sh, cmd and
// PowerShell; a quote, variable, operator, glob, comma or a program named
// by a path does not (HC218, HC219). Backslashes in arguments only where
// the command is a Windows one.
func TestPlainWords(t *testing.T) {
	for _, tt := range []struct {
		command      string
		windowsPaths bool
		want         bool
	}{
		{"npx prettier --write .", false, true},
		{"bash guard.sh", false, true},
		{"powershell -File hooks\\guard.ps1", true, true},
		{"powershell -File hooks\\guard.ps1", false, false},
		{"./guard.sh", false, false},
		{"hooks\\guard.cmd", true, false},
		{"C:\\bin\\guard.exe", true, false},
		{`"$CLAUDE_PROJECT_DIR"/guard.sh`, false, false},
		{"python3 check.py || exit 2", false, false},
		{"py -3 %USERPROFILE%\\policy.py", true, false},
		{"& .\\guard.ps1", true, false},
		{"eslint a,b", false, false},
		{"echo @args", false, false},
		{"rm *.tmp", false, false},
		{"", false, false},
	} {
		if got := plainWords(tt.command, tt.windowsPaths); got != tt.want {
			t.Errorf("plainWords(%q, %v) = %v, want %v", tt.command, tt.windowsPaths, got, tt.want)
		}
	}
}

// TestKeepReasonsWindowsShells: migrate --remove-source keeps a guard
// whose Windows command the target runs with another shell (HC218), not
// one that only lacks a Windows command where the target runs cmd or
// PowerShell (HC219: a project no one opens on Windows would keep every
// guard).
func TestKeepReasonsWindowsShells(t *testing.T) {
	var ds diag.List
	ds.Warnf(CodeWindowsShell, diag.Pos{}, "hooks[0].handler.platform.windows", "", "moved")
	ds.Warnf(CodePOSIXOnWindows, diag.Pos{}, "hooks[1]", "", "no Windows command")
	got := keepReasons(ds)
	if len(got) != 1 || got[0].Code != CodeWindowsShell {
		t.Errorf("keepReasons = %v, want the HC218 alone", got)
	}
}
