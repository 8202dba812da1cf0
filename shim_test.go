package hookconv

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/hookrun"
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
		m, _ := Shim(&canonical.Manifest{Hooks: []canonical.Hook{h}}, "canonical", "claude-code")
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
	// The shells the shims run with read the quoted word as the command,
	// and fish too, which reads \' and \\ inside single quotes as escapes
	// (Codex runs none with fish; shellQuote keeps the word read alike
	// there anyway).
	for _, cmd := range []string{`printf '%s\n' 'x\\y' >&2`, `echo "don't"`, `a\'b`, ``} {
		q := shellQuote(cmd)
		if got, ok := shellUnquote(q); !ok || got != cmd {
			t.Errorf("shellUnquote(%q) = %q, %v; want %q", q, got, ok, cmd)
		}
		for _, sh := range []string{"sh", "bash", "zsh", "fish"} {
			if _, err := exec.LookPath(sh); err != nil {
				continue
			}
			if out, err := exec.Command(sh, "-c", "printf %s "+q).Output(); err != nil || string(out) != cmd {
				t.Errorf("%s reads %q as %q (%v), want %q", sh, q, out, err, cmd)
			}
		}
	}
	// The form earlier versions wrote still reads back.
	if got, ok := shellUnquote(`'it'\''s a\b'`); !ok || got != `it's a\b` {
		t.Errorf("the earlier quoting reads back as %q, %v", got, ok)
	}
	// A --log path holding " -- " does not end the flags.
	if got, ok := Unshim(`hookconv run --provider claude-code --log '/tmp/a -- b.log' -- bash -c './g.sh'`); !ok || got != "./g.sh" {
		t.Errorf("a --log path with \" -- \": %q, %v", got, ok)
	}
	for _, notShim := range []string{"./guard.sh", "hookconv run --provider x -- ./a.sh", "hookconv run --provider x -- sh -c 'a'b'"} {
		if _, ok := Unshim(notShim); ok {
			t.Errorf("Unshim(%q) accepted a command Shim did not write", notShim)
		}
	}
}

func cutShim(s string) (string, string, bool) {
	for _, sep := range []string{" -- sh -c ", " -- bash -c "} {
		if before, after, ok := strings.Cut(s, sep); ok {
			return before, after, true
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
		want := "./guard.sh 'x'"
		if prov, _ := vocab.Default().Provider(to); prov.HookCwd == "session" {
			want = `"` + gitTopLevel + `"/guard.sh 'x'` // anchored: the project's place is unknown here
		}
		for _, h := range res.Planned.Hooks {
			if orig, ok := Unshim(h.Handler.Command); !ok || orig != want {
				t.Errorf("%s: planned command %q is not the shimmed original", to, h.Handler.Command)
			}
			if !strings.HasPrefix(h.Handler.Command, "hookconv run --provider "+to+" --from claude-code ") || shimmedFor(h.Handler.Command) != to {
				t.Errorf("%s: planned command %q is not run --from claude-code for %s", to, h.Handler.Command, to)
			}
		}
	}
}

// TestShimShell: the shim runs a command with the shell of the tool it
// was written for, whatever the target (QA: every target but Claude Code
// and Gemini CLI got sh -c, and a Claude guard in bash syntax failed
// open there); bash where that tool's shell is undocumented or no tool
// is named. A shim rewrapped for another tool keeps its shell.
func TestShimShell(t *testing.T) {
	hook := func(data string) canonical.Hook {
		h := canonical.Hook{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: "command", Command: "./g.sh"}}
		if data != "" {
			h.ProviderData = map[string]json.RawMessage{data: json.RawMessage(`{"$from": true}`)}
		}
		return h
	}
	for _, tc := range []struct {
		from, marked string
		want         string
	}{
		{"claude-code", "", "bash"},
		{"gemini-cli", "", "bash"},
		{"qwen-code", "", "bash"},
		{"copilot-cli", "", "bash"},
		{"windsurf", "", "bash"},
		{"kiro-agent", "", "bash"},
		{"codex", "", `"$SHELL"`},
		{"cursor", "", "bash"},          // undocumented
		{"vs-code-copilot", "", "bash"}, // sh, which bash reads; its "bash" alias is not kept
		{"canonical", "", "bash"},       // a manifest hook written for no tool
		{"canonical", "codex", `"$SHELL"`},
		{"canonical", "claude-code", "bash"},
		{"opencode", "codex", "bash"}, // the plugin ran it, not Codex
	} {
		for _, to := range []string{"claude-code", "copilot-cli", "codex", "cursor"} {
			h := hook(tc.marked)
			m, _ := Shim(&canonical.Manifest{Hooks: []canonical.Hook{h}}, tc.from, to)
			_, shell, _, ok := splitShim(m.Hooks[0].Handler.Command)
			if !ok || shell != tc.want {
				t.Errorf("from %s (marked %q) to %s: %q runs with %q, want %q", tc.from, tc.marked, to, m.Hooks[0].Handler.Command, shell, tc.want)
			}
			for _, other := range []string{"gemini-cli", "windsurf"} {
				if _, shell, _, _ := splitShim(rewrapShim(m.Hooks[0].Handler.Command, to, other)); shell != tc.want {
					t.Errorf("from %s to %s, rewrapped for %s: runs with %q, want %q", tc.from, to, other, shell, tc.want)
				}
			}
		}
	}
}

// TestShimTokens: wrapped for Gemini CLI, which replaces
// $GEMINI_PROJECT_DIR in the command text by a shell-escaped value, a
// command keeps no token Gemini could replace, and hookconv run --tokens
// puts in the value as the text it is wherever the token stands: quoted
// as one word where the shell reads words, and as the variable's value
// inside double quotes ("$GEMINI_PROJECT_DIR"/guard.sh, the form the docs
// teach: QA found the shim's quotes inside the author's, and no guard
// run) or single quotes, whatever characters the project path holds (a
// $X, a `id` or a quote in it is never run or expanded).
func TestShimTokens(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	tokens := []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}
	// words: the value reads as one quoted word where the token stands.
	// variable: the command reads as it does with the variable set (the
	// tokens are all in double quotes). single: as one with the value
	// written out in the single quotes.
	commands := []struct{ cmd, oracle string }{
		{`printf '%s|' $GEMINI_PROJECT_DIR/hooks/guard.sh`, "words"},
		{`printf '%s|' "$GEMINI_PROJECT_DIR/hooks/guard.sh" --strict`, "variable"},
		{`printf '%s|' "$GEMINI_PROJECT_DIR"/.gemini/hooks/guard.sh "[$CLAUDE_PROJECT_DIR]"`, "variable"},
		{`v="$(echo "it's")"; printf '%s|' "$v" $GEMINI_PROJECT_DIR/x`, "words"},
		{"# don't remove this guard\nprintf '%s|' $GEMINI_PROJECT_DIR/g.sh", "words"},
		{`printf '%s|' "$(dirname $CLAUDE_PROJECT_DIR/x)" \$HOME '$HOME' "$HOME" ` + "`echo b`", "words"},
		{`printf '%s|' ${GEMINI_PROJECT_DIR}x $GEMINI_PROJECT_DIRX`, "words"},
		{`printf '%s|' '$GEMINI_PROJECT_DIR/x'`, "single"},
	}
	for _, dir := range []string{"/tmp/my project", "/tmp/a&b(c)", "/tmp/bob's and al's", `/tmp/q"x`, "/tmp/a$X", "/tmp/bt`id`", `/tmp/bk\$X`} {
		env := []string{"GEMINI_PROJECT_DIR=" + dir, "CLAUDE_PROJECT_DIR=" + dir, "GEMINI_PROJECT_DIRX=other", "HOME=/home/u", "X=xval", "PATH=/usr/bin:/bin"}
		getenv := func(name string) string {
			for _, kv := range env {
				if v, ok := strings.CutPrefix(kv, name+"="); ok {
					return v
				}
			}
			return ""
		}
		run := func(script string) string {
			c := exec.Command("sh", "-c", script)
			c.Env = env
			out, _ := c.CombinedOutput()
			return string(out)
		}
		quoted := "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
		for _, tc := range commands {
			marked := markTokens(tc.cmd, tokens)
			for _, tok := range tokens {
				if strings.Contains(marked, "$"+tok) {
					t.Fatalf("%q: marked %q still holds $%s for Gemini to replace", tc.cmd, marked, tok)
				}
			}
			var wantOut string
			switch tc.oracle {
			case "words":
				want := tc.cmd
				for _, tok := range tokens {
					want = strings.ReplaceAll(want, "$"+tok, quoted)
				}
				wantOut = run(want)
			case "variable":
				wantOut = run(tc.cmd)
			case "single":
				wantOut = dir + "/x|"
			}
			if got := run(hookrun.ReplaceTokens(marked, getenv)); got != wantOut {
				t.Errorf("%q in %q: runs as %q, want %q", tc.cmd, dir, got, wantOut)
			}
			if unmarkTokens(marked) != tc.cmd {
				t.Errorf("unmarkTokens(%q) = %q, want %q", marked, unmarkTokens(marked), tc.cmd)
			}
		}
	}
}

// FuzzShimTokens: marking a command's Gemini tokens is undone exactly, no
// marked command still holds a token for Gemini to replace, and putting
// in values never panics.
func FuzzShimTokens(f *testing.F) {
	for _, s := range []string{"$GEMINI_PROJECT_DIR/x", `"$CLAUDE_PROJECT_DIR" ${hookconv:X}`, "$GEMINI_PROJECT_DIRX $", "${hookconv:"} {
		f.Add(s)
	}
	tokens := []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}
	f.Fuzz(func(t *testing.T, cmd string) {
		marked := markTokens(cmd, tokens)
		for _, tok := range tokens {
			if strings.Contains(marked, "$"+tok) {
				t.Fatalf("%q marked as %q still holds $%s", cmd, marked, tok)
			}
		}
		if !strings.Contains(cmd, "${hookconv:") && unmarkTokens(marked) != cmd {
			t.Fatalf("unmarkTokens(%q) = %q, want %q", marked, unmarkTokens(marked), cmd)
		}
		_ = hookrun.ReplaceTokens(marked, func(string) string { return "/a b'c" })
	})
}

// TestShimFrom: the shim passes run the tool each command was written
// for (--from), read from a manifest hook's marks; a hook written for the
// canonical contract gets none. Shims with and without --from are
// recognised and rewrapped, keeping it.
func TestShimFrom(t *testing.T) {
	marked := map[string]json.RawMessage{"claude-code": json.RawMessage(`{"$from": true}`)}
	tests := []struct {
		name, from string
		data       map[string]json.RawMessage
		want       string
	}{
		{"a source tool's hook", "gemini-cli", nil, " --from gemini-cli "},
		{"a manifest hook marked as Claude Code's", "canonical", marked, " --from claude-code "},
		{"a manifest hook without a mark", "canonical", nil, ""},
	}
	for _, tc := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Blocking: true, ProviderData: tc.data, Handler: canonical.Handler{Type: "command", Command: "./g.sh"}}
		m, _ := Shim(&canonical.Manifest{Hooks: []canonical.Hook{h}}, tc.from, "codex")
		got := m.Hooks[0].Handler.Command
		if has := strings.Contains(got, " --from "); tc.want == "" && has || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q in it", tc.name, got, tc.want)
		}
		if orig, ok := Unshim(got); !ok || orig != "./g.sh" || shimmedFor(got) != "codex" {
			t.Errorf("%s: %q not recognised as codex's shim of ./g.sh", tc.name, got)
		}
	}
	for _, line := range []string{
		"hookconv run --provider codex --from claude-code --event before_tool_execute --blocking -- bash -c './g.sh'",
		"hookconv run --provider codex --event before_tool_execute --blocking -- bash -c './g.sh'", // before --from
	} {
		got := rewrapShim(line, "codex", "gemini-cli")
		want := strings.Replace(strings.Replace(line, "--provider codex", "--provider gemini-cli", 1), " -- bash", " --tokens -- bash", 1)
		if got != want {
			t.Errorf("rewrapShim(%q) = %q, want %q", line, got, want)
		}
	}
}
