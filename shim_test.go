package hookconv

import (
	"os/exec"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// TestUnshimInvertsShim: whatever a command holds, the shim's quoting is
// undone exactly, and the quoted command reaches sh as written.
func TestUnshimInvertsShim(t *testing.T) {
	for _, cmd := range []string{
		`./guard.sh`,
		`echo 'it''s' "$HOME" && exit 2`,
		`printf '%s\n' "a'b" | grep -q "'"`,
		`''`,
		`x'`,
		"multi\nline 'q'",
		`\'`,
	} {
		h := canonical.Hook{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: "command", Command: cmd, Timeout: 1.5, TimeoutAction: "block"}}
		m, _ := Shim(&canonical.Manifest{Hooks: []canonical.Hook{h}}, "claude-code")
		wrapped := m.Hooks[0].Handler.Command
		got, ok := Unshim(wrapped)
		if !ok || got != cmd {
			t.Errorf("Unshim(%q) = %q, %v; want %q", wrapped, got, ok, cmd)
		}
		// What sh receives as its script is the original command.
		_, quoted, _ := cutShim(wrapped)
		if out, err := exec.Command("sh", "-c", "printf %s "+quoted).Output(); err == nil && string(out) != cmd {
			t.Errorf("sh reads %q as %q, want %q", quoted, out, cmd)
		}
	}
	for _, notShim := range []string{"./guard.sh", "hookconv run --provider x -- ./a.sh", "hookconv run --provider x -- sh -c 'a'b'"} {
		if _, ok := Unshim(notShim); ok {
			t.Errorf("Unshim(%q) accepted a command Shim did not write", notShim)
		}
	}
}

func cutShim(s string) (string, string, bool) {
	for i := 0; i+len(" -- sh -c ") <= len(s); i++ {
		if s[i:i+len(" -- sh -c ")] == " -- sh -c " {
			return s[:i], s[i+len(" -- sh -c "):], true
		}
	}
	return "", "", false
}

// TestConvertShim: with the shim every command hook of every target runs
// through hookconv run for that target, and verify accepts it.
func TestConvertShim(t *testing.T) {
	src := []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh 'x'", "timeout": 5}]}]}}`)
	for _, to := range targets {
		if prov, _ := vocab.Default().Provider(to); to == "canonical" || prov.Generated {
			continue
		}
		res := ConvertWith("claude-code", to, providers.Files{".claude/settings.json": src}, nil, Options{Shim: true})
		if res.Files == nil {
			t.Errorf("%s: %v", to, res.Diagnostics)
			continue
		}
		for _, h := range res.Planned.Hooks {
			if orig, ok := Unshim(h.Handler.Command); !ok || orig != "./guard.sh 'x'" {
				t.Errorf("%s: planned command %q is not the shimmed original", to, h.Handler.Command)
			}
		}
	}
}

// TestBracedTokens: the tokens Gemini CLI replaces in command text are
// hidden from it as ${NAME}, quoted so the inner shell keeps the value
// one word, as Gemini's shell-escaped replacement did.
func TestBracedTokens(t *testing.T) {
	tokens := []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}
	for in, want := range map[string]string{
		`$GEMINI_PROJECT_DIR/hooks/guard.sh`:            `"${GEMINI_PROJECT_DIR}"/hooks/guard.sh`,
		`"$GEMINI_PROJECT_DIR/hooks/guard.sh" --strict`: `"${GEMINI_PROJECT_DIR}/hooks/guard.sh" --strict`,
		`echo '$GEMINI_PROJECT_DIR'`:                    `echo '$GEMINI_PROJECT_DIR'`,
		`echo \$GEMINI_PROJECT_DIR`:                     `echo \$GEMINI_PROJECT_DIR`,
		`$GEMINI_PROJECT_DIRX $HOME`:                    `$GEMINI_PROJECT_DIRX $HOME`,
		`cd $CLAUDE_PROJECT_DIR && ./x`:                 `cd "${CLAUDE_PROJECT_DIR}" && ./x`,
		`${GEMINI_PROJECT_DIR}/x`:                       `${GEMINI_PROJECT_DIR}/x`,
	} {
		if got := bracedTokens(in, tokens); got != want {
			t.Errorf("bracedTokens(%q) = %q, want %q", in, got, want)
		}
	}
}
