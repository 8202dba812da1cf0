package hookconv

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// TestTimeoutRounding converts timeouts each target's unit holds, and
// some it does not, to every target that converts units: a timeout is
// never shortened, a positive one never becomes 0 (the tool's default) or
// disappears, and every rounding is reported (HC312), the same way on
// every target, while verify agrees with what was written.
func TestTimeoutRounding(t *testing.T) {
	type want struct {
		back    float64 // the timeout the target reads back, in seconds
		rounded bool    // reported with HC312
	}
	timeouts := []float64{0.0004, 1.0004, 1.1, 2.5, 30}
	targets := map[string][]want{
		"gemini-cli": {{0.001, true}, {1.001, true}, {1.1, false}, {2.5, false}, {30, false}},
		// Qwen Code since 0.24.0 reads a timeout below 1000 in seconds:
		// 0.0004 s is written 1000 (ms), the shortest every release
		// reads alike, not 1 (1 s there, 1 ms in older releases).
		"qwen-code":  {{1, true}, {1.001, true}, {1.1, false}, {2.5, false}, {30, false}},
		"kiro-agent": {{0.001, true}, {1.001, true}, {1.1, false}, {2.5, false}, {30, false}},
		"codex":      {{1, true}, {2, true}, {2, true}, {3, true}, {30, false}},
		// Seconds with fractions: nothing to round.
		"claude-code":   {{0.0004, false}, {1.0004, false}, {1.1, false}, {2.5, false}, {30, false}},
		"copilot-cli":   {{0.0004, false}, {1.0004, false}, {1.1, false}, {2.5, false}, {30, false}},
		"cursor":        {{0.0004, false}, {1.0004, false}, {1.1, false}, {2.5, false}, {30, false}},
		"factory-droid": {{0.0004, false}, {1.0004, false}, {1.1, false}, {2.5, false}, {30, false}},
	}
	for target, wants := range targets {
		for k, timeout := range timeouts {
			w := wants[k]
			t.Run(fmt.Sprintf("%s/%g", target, timeout), func(t *testing.T) {
				c := convertGuard(t, target, timeout)
				notes := withCode(c.Diagnostics, nested.CodeTimeoutRounded)
				switch {
				case w.rounded && len(notes) != 1:
					t.Errorf("want one %s note, got %v", nested.CodeTimeoutRounded, c.Diagnostics)
				case w.rounded && (notes[0].Severity != diag.Info || notes[0].Pos.Line != 2 || notes[0].Path != "hooks[0].handler.timeout" ||
					!strings.Contains(notes[0].Message, "rounded up")):
					t.Errorf("note %+v: want an info at the timeout (line 2) saying it was rounded up", notes[0])
				case !w.rounded && len(notes) != 0:
					t.Errorf("want no %s note, got %v", nested.CodeTimeoutRounded, notes)
				}
				back := DecodeSource(target, c.Files)
				if back.Diagnostics.HasErrors() || len(back.Manifest.Hooks) != 1 {
					t.Fatalf("output does not read back as one hook:\n%v\n%s", back.Diagnostics, c.Files)
				}
				if got := back.Manifest.Hooks[0].Handler.Timeout; got != w.back {
					t.Errorf("timeout reads back as %v s, want %v s; output:\n%s", got, w.back, c.Files)
				}
			})
		}
	}
}

// TestTimeoutOutOfRange checks that a timeout no unit holds is a
// diagnostic at its position in every format that has a timeout — never an
// internal error from output that overflowed to +Inf.
func TestTimeoutOutOfRange(t *testing.T) {
	for _, tt := range []struct {
		from, path, src string
		code            string
		at              string // the value the error points at, on line 2; "" where the format keeps no positions
	}{
		{"canonical", "hooks.json", `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute",
  "handler": {"type": "command", "command": "x", "timeout": 1e308}}]}`, "HC150", "1e308"},
		{"claude-code", ".claude/settings.json", `{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "x", "timeout": 1e10}]}]}}`, "HC301", "1e10"},
		{"gemini-cli", ".gemini/settings.json", `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "x", "timeout": 1e308}]}]}}`, "HC301", "1e308"},
		{"codex", ".codex/hooks.json", `{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "x", "timeout": 1e400}]}]}}`, "HC301", "1e400"},
		{"codex", ".codex/config.toml", "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = 9223372036854775807\n", "HC301", "9223372036854775807"},
		{"copilot-cli", ".github/hooks/hooks.json", `{"version": 1, "hooks": {"preToolUse": [
  {"type": "command", "bash": "x", "timeoutSec": 1e308}]}}`, "HC301", "1e308"},
		{"kiro", ".kiro/hooks/hookconv.json", `{"version": "v1", "hooks": [{"name": "n", "trigger": "PreToolUse",
  "action": {"type": "command", "command": "x"}, "timeout": 1e308}]}`, "HC500", "1e308"},
		{"kiro-agent", ".kiro/agents/default.json", `{"name": "default", "hooks": {"preToolUse": [
  {"command": "x", "timeout_ms": 18446744073709551615}]}}`, "HC540", "18446744073709551615"},
		{"kiro-legacy", ".kiro/hooks/n.kiro.hook", `{"name": "n", "version": "1", "when": {"type": "promptSubmit"},
  "then": {"type": "runCommand", "command": "x", "timeout": 1e308}}`, "HC520", "1e308"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			s := DecodeSource(tt.from, providers.Files{tt.path: []byte(tt.src)})
			var found bool
			for _, d := range s.Diagnostics {
				if d.Code == tt.code && d.Severity == diag.Error && strings.Contains(d.Message, "out of range") {
					found = true
					line, col := 0, 0
					for i, l := range strings.Split(tt.src, "\n") {
						if c := strings.Index(l, tt.at); tt.at != "" && c >= 0 {
							line, col = i+1, c+1
							break
						}
					}
					if d.File != tt.path || d.Pos.Line != line || d.Pos.Column != col {
						t.Errorf("%s at %s:%d:%d, want %s:%d:%d", d.Code, d.File, d.Pos.Line, d.Pos.Column, tt.path, line, col)
					}
				}
			}
			if !found {
				t.Errorf("want an out-of-range %s error, got:\n%v", tt.code, s.Diagnostics)
			}
			for _, target := range []string{"gemini-cli", "codex", "kiro-agent"} {
				c := s.Convert(target, nil, Options{})
				for _, d := range c.Diagnostics {
					if d.Code == CodeVerify {
						t.Errorf("to %s: internal error %v", target, d)
					}
				}
				if len(c.Files) != 0 {
					t.Errorf("to %s: files written despite the error", target)
				}
			}
		})
	}
}

// TestTimeoutClamped: a timeout longer than the target's JavaScript timer
// holds (2³¹−1 ms) is written as that, with a warning (HC437), where the
// tool hands it to setTimeout (QA: the OpenCode plugin killed a 30-day
// hook after 1 ms and let the call through); a shorter one, and every
// timeout for the other tools, is written as it is, without one.
func TestTimeoutClamped(t *testing.T) {
	const limit = 2147483.647 // s: 2³¹−1 ms
	type want struct {
		back    float64 // the timeout the target reads back, in seconds
		clamped bool    // reported with HC437
	}
	timeouts := []float64{30, limit, 2147483.648, 2592000}
	cut := []want{{30, false}, {limit, false}, {limit, true}, {limit, true}}
	kept := []want{{30, false}, {limit, false}, {2147483.648, false}, {2592000, false}}
	for target, wants := range map[string][]want{
		"gemini-cli": cut, "qwen-code": cut, "vs-code-copilot": cut, "opencode": cut,
		"claude-code": kept, "codex": {{30, false}, {2147484, false}, {2147484, false}, {2592000, false}},
		"kiro-agent": kept, "copilot-cli": kept,
	} {
		for k, timeout := range timeouts {
			w := wants[k]
			t.Run(fmt.Sprintf("%s/%g", target, timeout), func(t *testing.T) {
				c := convertGuard(t, target, timeout)
				warned := withCode(c.Diagnostics, CodeTimeoutClamped)
				switch {
				case w.clamped && len(warned) != 1:
					t.Errorf("want one %s warning, got %v", CodeTimeoutClamped, c.Diagnostics)
				case w.clamped && (warned[0].Severity != diag.Warning || warned[0].Pos.Line != 2 || warned[0].Path != "hooks[0].handler.timeout" ||
					!strings.Contains(warned[0].Message, "written as 2147483.647 s")):
					t.Errorf("warning %+v: want a warning at the timeout (line 2) saying what was written", warned[0])
				case !w.clamped && len(warned) != 0:
					t.Errorf("want no %s warning, got %v", CodeTimeoutClamped, warned)
				}
				back := DecodeSource(target, c.Files)
				if back.Diagnostics.HasErrors() || len(back.Manifest.Hooks) != 1 {
					t.Fatalf("output does not read back as one hook:\n%v\n%s", back.Diagnostics, c.Files)
				}
				if got := back.Manifest.Hooks[0].Handler.Timeout; got != w.back {
					t.Errorf("timeout reads back as %v s, want %v s; output:\n%s", got, w.back, c.Files)
				}
			})
		}
	}
}

// convertGuard converts a manifest's blocking shell guard with the given
// timeout to target, failing the test on an error.
func convertGuard(t *testing.T, target string, timeout float64) Conversion {
	t.Helper()
	src := fmt.Sprintf(`{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": "shell", "blocking": true,
  "handler": {"type": "command", "command": "./guard.sh", "timeout": %g}}]}`, timeout)
	c := Convert("canonical", target, providers.Files{"hooks.json": []byte(src)}, nil)
	if c.Diagnostics.HasErrors() {
		t.Fatalf("conversion failed:\n%v", c.Diagnostics)
	}
	return c
}

// withCode returns the diagnostics of ds with code.
func withCode(ds diag.List, code string) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range ds {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// TestQwenTimeoutSeconds: Qwen Code since 0.24.0 reads a command timeout
// below 1000 in seconds and one of 1000 or more in milliseconds (QA q3
// F3: "timeout": 10, the 1.x docs' example, was read as 10 ms and written
// to Claude Code as 0.01 s, where the guard timed out and let the action
// through). A value below 1000 is warned about for the releases before,
// which read it in milliseconds; an http timeout stays seconds.
func TestQwenTimeoutSeconds(t *testing.T) {
	for _, tt := range []struct {
		timeout string
		typ     string
		want    float64
		warn    string // part of the HC703 message; "" for none
	}{
		{"10", "command", 10, "timeout 10 is 10 seconds there, but 10 ms in the releases before it"},
		{"0.5", "command", 0.5, "timeout 0.5 is 0.5 seconds there, but 0.5 ms"},
		{"999", "command", 999, "timeout 999 is 17 minutes there"},
		{"1000", "command", 1, ""},
		{"10000", "command", 10, ""},
		{"10", "http", 10, ""},
	} {
		t.Run(tt.typ+"/"+tt.timeout, func(t *testing.T) {
			field := `"command": "./guard.sh"`
			if tt.typ == "http" {
				field = `"url": "https://example.com/hook"`
			}
			src := DecodeSource("qwen-code", providers.Files{".qwen/settings.json": []byte(`{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "` + tt.typ + `", ` + field + `, "timeout": ` + tt.timeout + `}]}]}}`)})
			if src.Diagnostics.HasErrors() || len(src.Manifest.Hooks) != 1 {
				t.Fatalf("does not read as one hook: %v", src.Diagnostics)
			}
			if got := src.Manifest.Hooks[0].Handler.Timeout; got != tt.want {
				t.Errorf("timeout %s reads as %v s, want %v s", tt.timeout, got, tt.want)
			}
			warns := withCode(src.Diagnostics, "HC703")
			switch {
			case tt.warn == "" && len(warns) != 0:
				t.Errorf("want no HC703, got %v", warns)
			case tt.warn != "" && (len(warns) != 1 || warns[0].Severity != diag.Warning || !strings.Contains(warns[0].Message, tt.warn) ||
				!strings.Contains(warns[0].Message, "since 0.24.0")):
				t.Errorf("want one HC703 warning saying %q, got %v", tt.warn, warns)
			}
		})
	}
}
