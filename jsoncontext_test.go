package hookconv

import (
	"strconv"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestJSONContextUnread checks HC453: a hook answering context in its
// tool's JSON form (Cursor's additional_context, Copilot CLI's flat
// additionalContext, Claude Code's hookSpecificOutput.additionalContext)
// going where context is read under another key (QA F6), and the forms
// read alike or both spelled, which are not said.
func TestJSONContextUnread(t *testing.T) {
	cursor := func(command string) providers.Files {
		return providers.Files{".cursor/hooks.json": []byte(`{"version": 1, "hooks": {"sessionStart": [{"command": ` + strconv.Quote(command) + `}]}}`)}
	}
	copilot := func(command string) providers.Files {
		return providers.Files{".github/hooks/hooks.json": []byte(`{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": ` + strconv.Quote(command) + `}]}}`)}
	}
	claude := func(command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	const cursorCtx = `printf '{"additional_context":"Use pnpm","env":{"NODE_ENV":"dev"}}\n'`
	const copilotCtx = `echo '{"additionalContext":"Use pnpm"}'`
	const claudeCtx = `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Use pnpm"}}'`
	for _, tc := range []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		want     string // a part of the HC453 warning, "" for none
	}{
		{"cursor to claude", "cursor", "claude-code", cursor(cursorCtx), false,
			`written for cursor and answer context as {"additional_context": "…"}; claude-code reads a hook's context there only as {"hookSpecificOutput": {"additionalContext": "…"}} or as plain text on stdout`},
		{"cursor to codex", "cursor", "codex", cursor(cursorCtx), false, "codex reads a hook's context there only as"},
		{"cursor to gemini", "cursor", "gemini-cli", cursor(cursorCtx), false, "gemini-cli reads a hook's context there only as"},
		{"copilot to claude", "copilot-cli", "claude-code", copilot(copilotCtx), false, `written for copilot-cli and answer context as {"additionalContext": "…"}`},
		{"claude to cursor", "claude-code", "cursor", claude(claudeCtx), false, `cursor reads a hook's context there only as {"additional_context": "…"}`},
		// Copilot CLI's flat key is within Claude Code's nested answer:
		// the text cannot show it printed apart.
		{"claude to copilot", "claude-code", "copilot-cli", claude(claudeCtx), false, `copilot-cli reads a hook's context there only as {"additionalContext": "…"}`},
		{"claude to kiro agent", "claude-code", "kiro-agent", claude(claudeCtx), false, "only as plain text on stdout"},
		{"under the shim", "claude-code", "codex", claude(claudeCtx), true, `hookconv run (the shim) reads a hook's context there only as {"context": "…"}`},
		{"same form", "claude-code", "codex", claude(claudeCtx), false, ""},
		{"plain text", "claude-code", "cursor", claude(`cat .claude/context.md`), false, ""},
		{"both forms", "copilot-cli", "claude-code", copilot(`echo '{"additionalContext":"x","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"}}'`), false, ""},
	} {
		res := DecodeSource(tc.from, tc.in).Convert(tc.to, nil, Options{Shim: tc.shim})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodeJSONContextUnread {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.name, got, tc.want)
	}
}

func TestKeysWithin(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"additionalContext", "hookSpecificOutput.additionalContext", true},
		{"hookSpecificOutput.additionalContext", "additionalContext", false},
		{"additional_context", "hookSpecificOutput.additionalContext", false},
	} {
		if got := keysWithin(tc.a, tc.b); got != tc.want {
			t.Errorf("keysWithin(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
