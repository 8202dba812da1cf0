package hookconv

import (
	"strconv"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestJSPatterns: patterns going to a tool that tests matchers with
// JavaScript's RegExp are rewritten in its syntax, in a copy; one with no
// JavaScript spelling is kept and warned about (HC438), except where
// hookconv's own plugin warns itself; other targets, and a tool's own
// hooks, are left alone.
func TestJSPatterns(t *testing.T) {
	src := `{"spec": "hooks/1.0", "hooks": [
  {"event": "before_tool_execute", "matcher": {"pattern": "(?i)bash"}, "handler": {"type": "command", "command": "a"}},
  {"event": "before_tool_execute", "matcher": ["file_edit", {"pattern": "Bash\\z"}], "handler": {"type": "command", "command": "b"}},
  {"event": "before_tool_execute", "matcher": {"pattern": "\\pL+"}, "handler": {"type": "command", "command": "c"}},
  {"event": "before_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "d"}}
]}`
	m, ds := canonical.Parse("hooks.json", []byte(src))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	before := string(canonical.Marshal(m))
	for _, tc := range []struct {
		from, to string
		want     []string // each hook's matcher afterwards
		codes    []string
	}{
		{"codex", "gemini-cli", []string{`{"pattern":"[bB][aA][sS][hH]"}`, `["file_edit",{"pattern":"Bash$"}]`, `{"pattern":"\\pL+"}`, `"shell"`}, []string{CodeJSPattern}},
		{"canonical", "copilot-cli", []string{`{"pattern":"[bB][aA][sS][hH]"}`, `["file_edit",{"pattern":"Bash$"}]`, `{"pattern":"\\pL+"}`, `"shell"`}, []string{CodeJSPattern}},
		{"codex", "opencode", []string{`{"pattern":"[bB][aA][sS][hH]"}`, `["file_edit",{"pattern":"Bash$"}]`, `{"pattern":"\\pL+"}`, `"shell"`}, nil},
		{"codex", "cursor", []string{`{"pattern":"(?i)bash"}`, `["file_edit",{"pattern":"Bash\\z"}]`, `{"pattern":"\\pL+"}`, `"shell"`}, nil},
		{"claude-code", "claude-code", []string{`{"pattern":"(?i)bash"}`, `["file_edit",{"pattern":"Bash\\z"}]`, `{"pattern":"\\pL+"}`, `"shell"`}, nil},
	} {
		out, ds := jsPatterns(m, tc.from, tc.to)
		for i, want := range tc.want {
			if got := canonical.MatcherText(out.Hooks[i].Matcher); got != want {
				t.Errorf("%s → %s: hook %d's matcher %s, want %s", tc.from, tc.to, i+1, got, want)
			}
		}
		if got := ds.Codes(); len(got) != len(tc.codes) || len(got) > 0 && got[0] != tc.codes[0] {
			t.Errorf("%s → %s: codes %v, want %v", tc.from, tc.to, got, tc.codes)
		}
		if after := string(canonical.Marshal(m)); after != before {
			t.Errorf("%s → %s: the source manifest changed", tc.from, tc.to)
		}
	}
}

// TestExactFallback: a Gemini CLI matcher its RegExp rejects, which its
// decoder read as one exact name (reference part 1 §2.5), is found by its
// kept spelling, and a modifier group is told apart from other syntax
// (Node 23 and later read it); a pattern read as a pattern, a tool's own
// matcher of a tool without the fallback, or a mark that does not spell
// the pattern, is not found (QA q3 F8).
func TestExactFallback(t *testing.T) {
	for _, tc := range []struct {
		name, pattern, data string
		want                string // the native text found, "" for none
		modifiers           bool
	}{
		{"modifier group", `^\(\?i:RUN_SHELL_COMMAND\)$`, `{"gemini-cli": {"$matcher": "(?i:RUN_SHELL_COMMAND)"}}`, "(?i:RUN_SHELL_COMMAND)", true},
		{"negated modifier", `^\(\?-i:shell\)$`, `{"gemini-cli": {"$matcher": "(?-i:shell)"}}`, "(?-i:shell)", true},
		{"unclosed group", `^\(legacy$`, `{"gemini-cli": {"$matcher": "(legacy"}}`, "(legacy", false},
		{"(?i) flag, no group", `^\(\?i\)shell$`, `{"gemini-cli": {"$matcher": "(?i)shell"}}`, "(?i)shell", false},
		{"modifier and unclosed class", `^\(\?i:a\)\[$`, `{"gemini-cli": {"$matcher": "(?i:a)["}}`, "(?i:a)[", false},
		{"a pattern JavaScript reads", `run_shell`, `{"gemini-cli": {"$matcher": "run_shell"}}`, "", false},
		{"mark of another pattern", `^\(legacy$`, `{"gemini-cli": {"$matcher": "(other"}}`, "", false},
		{"no fallback in the tool", `^\(legacy$`, `{"claude-code": {"$matcher": "(legacy"}}`, "", false},
		{"no mark", `^\(legacy$`, ``, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": {"pattern": ` + strconv.Quote(tc.pattern) + `}, "handler": {"type": "command", "command": "x"}`
			if tc.data != "" {
				src += `, "provider_data": ` + tc.data
			}
			m, ds := canonical.Parse("hooks.json", []byte(src+`}]}`))
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			slug, native, why, modifiers := exactFallback(&m.Hooks[0])
			if native != tc.want || modifiers != tc.modifiers || (tc.want != "") != (slug == "gemini-cli" && why != "") {
				t.Errorf("exactFallback = %q, %q, %q, %v; want %q, modifiers %v", slug, native, why, modifiers, tc.want, tc.modifiers)
			}
		})
	}
}
