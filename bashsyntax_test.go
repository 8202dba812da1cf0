package hookconv

import (
	"slices"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestBashOnlyCommands: a command in bash syntax going to VS Code, which
// runs it with sh, is warned about (HC439) at its command, and migrate
// --remove-source keeps it in the source: a blocking guard (weakened), a
// hook that does anything else (altered). Its POSIX twin goes. Claude
// Code runs commands with sh -c too: a manifest's hook going there is
// warned about, one written for it is not. Under the shim, into a tool
// that runs bash, and from a source that ran it with sh already, nothing
// is said.
func TestBashOnlyCommands(t *testing.T) {
	manifest := providers.Files{"hooks.json": []byte(`{"spec": "hooks/1.0", "hooks": [
		{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "[[ -f .lock ]] && { echo locked >&2; exit 2; } || true", "timeout": 5}},
		{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "[ -f .lock ] && { echo locked >&2; exit 2; } || true", "timeout": 5}},
		{"event": "session_start", "handler": {"type": "command", "command": "source .env.local; echo started", "timeout": 5}},
		{"event": "session_start", "handler": {"type": "command", "command": ". ./.env.local; echo started", "timeout": 5}}]}`)}
	src := DecodeSource("canonical", manifest)
	mig := src.Migrate("vs-code-copilot", nil, nil)
	var warned []int
	for _, d := range mig.Diagnostics {
		if d.Code == CodeBashOnly {
			warned = append(warned, mig.hooksOf(d)...)
			if d.Severity != diag.Warning || d.Pos.Line == 0 {
				t.Errorf("HC439 %v at %v, want a warning at the hook", d.Severity, d.Pos)
			}
		}
	}
	if !slices.Equal(warned, []int{0, 2}) {
		t.Errorf("HC439 about hooks %v, want [0 2]: %v", warned, mig.Diagnostics)
	}
	if want := []bool{true, false, false, false}; !slices.Equal(mig.Weakened, want) {
		t.Errorf("weakened %v, want %v: %v", mig.Weakened, want, mig.Diagnostics)
	}
	if want := []bool{true, false, true, false}; !slices.Equal(mig.Altered, want) {
		t.Errorf("altered %v, want %v: %v", mig.Altered, want, mig.Diagnostics)
	}

	quiet := func(what string, res Conversion) {
		t.Helper()
		for _, d := range res.Diagnostics {
			if d.Code == CodeBashOnly {
				t.Errorf("%s: %v", what, d)
			}
		}
	}
	// What sh runs is each Unix OS's own command, else the default one.
	platforms := DecodeSource("canonical", providers.Files{"hooks.json": []byte(`{"spec": "hooks/1.0", "hooks": [
		{"event": "session_start", "handler": {"type": "command", "command": "source a.sh", "platform": {"linux": "./a.sh", "osx": "./a.sh"}}},
		{"event": "session_start", "handler": {"type": "command", "command": "./a.sh", "platform": {"osx": "source a.sh"}}}]}`)})
	var paths []string
	for _, d := range platforms.Convert("vs-code-copilot", nil, Options{}).Diagnostics {
		if d.Code == CodeBashOnly {
			paths = append(paths, d.Path)
		}
	}
	if !slices.Equal(paths, []string{"hooks[1].handler.platform.osx"}) {
		t.Errorf("HC439 at %v, want only hooks[1]'s osx command", paths)
	}

	quiet("--shim", src.Convert("vs-code-copilot", nil, Options{Shim: true}))
	quiet("to Gemini CLI (bash)", src.Convert("gemini-cli", nil, Options{}))
	var toClaude []int
	toCC := src.Convert("claude-code", nil, Options{})
	for _, d := range toCC.Diagnostics {
		if d.Code == CodeBashOnly {
			toClaude = append(toClaude, toCC.hooksOf(d)...)
		}
	}
	if !slices.Equal(toClaude, []int{0, 2}) {
		t.Errorf("to Claude Code (sh -c): HC439 about hooks %v, want [0 2]", toClaude)
	}
	claude := DecodeSource("claude-code", providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "[[ -f .lock ]] && exit 2 || true"}]}]}}`)})
	if len(claude.Manifest.Hooks) != 1 {
		t.Fatalf("Claude Code source: %v", claude.Diagnostics)
	}
	quiet("from Claude Code (sh) to VS Code", claude.Convert("vs-code-copilot", nil, Options{}))
	quiet("to Cursor (shell undocumented)", src.Convert("cursor", nil, Options{}))
	vscode := DecodeSource("vs-code-copilot", providers.Files{".github/hooks/hooks.json": []byte(
		`{"hooks": {"PreToolUse": [{"type": "command", "command": "[[ -f .lock ]] && exit 2 || true"}]}}`)})
	if len(vscode.Manifest.Hooks) != 1 {
		t.Fatalf("VS Code source: %v", vscode.Diagnostics)
	}
	quiet("from VS Code (sh) to VS Code", vscode.Convert("vs-code-copilot", nil, Options{}))
	toManifest := vscode.Convert("canonical", nil, Options{})
	back := DecodeSource("canonical", toManifest.Files)
	if back.Manifest == nil || len(back.Manifest.Hooks) != 1 || markedSource(&back.Manifest.Hooks[0]) != "vs-code-copilot" {
		t.Fatalf("VS Code through a manifest: %v %v", toManifest.Files, back.Diagnostics)
	}
	quiet("from VS Code (sh) through a manifest", back.Convert("vs-code-copilot", nil, Options{}))
}
