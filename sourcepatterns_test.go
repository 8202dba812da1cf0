package hookconv

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// TestSourcePatterns: a pattern read from a source tool, which the target
// cannot use as written, is written as the canonical tools it selected
// in the source (QA F1, F2); the warning says whether MCP tools and the
// source's unknown tools it may have matched are left out (HC310) or not
// (HC402). Everything else stays as it was.
func TestSourcePatterns(t *testing.T) {
	claudeMark := map[string]json.RawMessage{"claude-code": json.RawMessage(`{"$from":true}`)}
	for _, tc := range []struct {
		name, pattern, from, to string
		data                    map[string]json.RawMessage
		want                    string // the canonical matcher written; "" when unchanged, "*" for none (every tool)
		code                    string // the warning's code
		mcp                     bool   // the warning says MCP tools are left out
		missed                  string // in the warning: the target's names the pattern misses
	}{
		{name: "edit freeze to Copilot CLI's lowercase tools", pattern: ".*Edit.*", from: "claude-code", to: "copilot-cli", want: `"file_edit"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "edit freeze to Windsurf's split events", pattern: ".*Edit.*", from: "claude-code", to: "windsurf", want: `"file_edit"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "edit freeze to a Kiro CLI glob that matches nothing", pattern: ".*Edit.*", from: "claude-code", to: "kiro-agent", want: `"file_edit"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "(?i) no glob can say", pattern: "(?i)bash", from: "claude-code", to: "kiro-agent", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "(?i) to Windsurf", pattern: "(?i)bash", from: "claude-code", to: "windsurf", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "anchored away from mcp__", pattern: "^Edit", from: "claude-code", to: "cursor", want: `"file_edit"`, code: nested.CodeLostMatcher},
		{name: "several tools", pattern: "^(Read|Write)", from: "claude-code", to: "windsurf", want: `["file_read","file_write"]`, code: nested.CodeLostMatcher, mcp: true},
		{name: "codex lists every tool it hooks; anchored: nothing left out", pattern: "^Bash$", from: "codex", to: "windsurf", want: `"shell"`, code: CodeNotPortable},
		{name: "a manifest hook read from Claude Code", pattern: ".*Edit.*", from: "canonical", to: "copilot-cli", data: claudeMark, want: `"file_edit"`, code: nested.CodeLostMatcher, mcp: true},

		// QA: a pattern the target matches for some of the tools it
		// selected only: Cursor's Write and Edit, not its Shell.
		{name: "matched in part", pattern: "Bash|Write|Ed.*", from: "claude-code", to: "cursor", want: `["shell","file_write","file_edit"]`, code: nested.CodeLostMatcher, mcp: true},

		// QA: a pattern that matches any name selects every tool, MCP
		// tools too: no matcher, which Windsurf writes under all its
		// tool events (pre_mcp_tool_use included).
		{name: "every name", pattern: ".+", from: "claude-code", to: "windsurf", want: "*"},
		{name: "Copilot CLI's .* read as $", pattern: "$", from: "copilot-cli", to: "windsurf", want: "*"},

		// QA: Copilot CLI compares a pattern of plain names with whole
		// names, and writes it unchanged: Cursor's "shell", its Shell,
		// is none of Copilot's tools there (not a part of powershell).
		{name: "plain name to a whole-name tool", pattern: "shell", from: "cursor", to: "copilot-cli", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true},
		// QA: a pattern that selected a tool whole in the source (Cursor's
		// Shell) and matches only some of the target's native tools for
		// it (PowerShell, not Bash) is written for all of them.
		{name: "selected whole, matched in part", pattern: ".*hell.*", from: "cursor", to: "claude-code", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true, missed: "misses claude-code's Bash;"},
		{name: "selected whole, matched in part, whole-name tool", pattern: ".*hell.*", from: "cursor", to: "copilot-cli", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true, missed: "misses copilot-cli's bash;"},
		{name: "selected whole, matched whole", pattern: ".*hell.*", from: "cursor", to: "gemini-cli"},
		// A pattern that selected part of a tool in the source (Claude's
		// PowerShell, not its Bash) may select part of it in the target.
		{name: "selected in part, matched in part", pattern: "(?i)power", from: "claude-code", to: "copilot-cli"},
		{name: "Copilot CLI matches (?i)bash as written", pattern: "(?i)bash", from: "claude-code", to: "copilot-cli"},
		{name: "Codex matches it as written", pattern: ".*Edit.*", from: "claude-code", to: "codex"},
		{name: "same tool", pattern: ".*Edit.*", from: "claude-code", to: "claude-code"},
		{name: "a hand-written manifest pattern", pattern: ".*Edit.*", from: "canonical", to: "copilot-cli"},
		{name: "back to its own tool through a manifest", pattern: ".*Edit.*", from: "canonical", to: "claude-code", data: claudeMark},
		{name: "selects none of the source's known tools", pattern: ".*Notebook.*", from: "claude-code", to: "copilot-cli"},
		{name: "case: Claude Code's names are case-sensitive", pattern: ".*edit.*", from: "claude-code", to: "windsurf"},
		{name: "VS Code ignores matchers", pattern: ".*Edit.*", from: "claude-code", to: "vs-code-copilot"},
		// QA: under PreToolUse Copilot CLI tests a regex against Claude's
		// names alone: "^ed.*" matched none of them there.
		{name: "Copilot CLI's PascalCase regex reads Claude's names", pattern: "^ed.*", from: "copilot-cli", to: "claude-code", data: map[string]json.RawMessage{"copilot-cli": json.RawMessage(`{"$spelling":"PreToolUse","$matcher":"ed.*"}`)}},
		// QA: the target has no tool for what it selected (Codex reads
		// no files): nothing rewritten, HC310/HC311 say so as before.
		{name: "the target has none of the tools", pattern: "^Read$", from: "claude-code", to: "codex"},
		// QA s28 q3 F3: Codex and Claude Code both name MCP tools
		// mcp__{server}__{tool}: the MCP alternatives are kept as written
		// beside the tools the rest selected, and nothing is left out.
		{name: "MCP alternative kept where MCP names are spelled alike", pattern: "^Bash$|^mcp__.*__write.*$", from: "codex", to: "claude-code", want: `["shell",{"pattern":"^mcp__.*__write.*$"}]`, code: CodeNotPortable, missed: "kept as written"},
		{name: "MCP alternative lost where MCP names differ", pattern: "^Bash$|^mcp__.*__write.*$", from: "codex", to: "gemini-cli", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true},
		{name: "an alternative matching a target's tool is not kept", pattern: "^Bash$|.*Grep.*", from: "codex", to: "claude-code", want: `"shell"`, code: nested.CodeLostMatcher, mcp: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{
				Event: "before_tool_execute", Matcher: canonical.Pattern{Regex: tc.pattern}, Blocking: true,
				Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "exit 2"}, ProviderData: tc.data,
			}}}
			dst, ok := providers.Get(tc.to)
			if !ok {
				t.Fatalf("no adapter for %s", tc.to)
			}
			got, ds := sourcePatterns(m, tc.from, tc.to, dst)
			if tc.want == "" {
				if got != m || len(ds) != 0 {
					t.Fatalf("changed: %s %v", canonical.MatcherText(got.Hooks[0].Matcher), ds)
				}
				return
			}
			if tc.want == "*" {
				if got.Hooks[0].Matcher != nil || len(ds) != 0 {
					t.Fatalf("matcher %s %v, want none and no diagnostics", canonical.MatcherText(got.Hooks[0].Matcher), ds)
				}
				return
			}
			if text := canonical.MatcherText(got.Hooks[0].Matcher); text != tc.want {
				t.Errorf("matcher %s, want %s", text, tc.want)
			}
			if _, ok := m.Hooks[0].Matcher.(canonical.Pattern); !ok {
				t.Errorf("the source manifest was modified")
			}
			if len(ds) != 1 || ds[0].Code != tc.code || ds[0].Severity.String() != "warning" {
				t.Fatalf("diagnostics %v, want one %s warning", ds, tc.code)
			}
			if !strings.Contains(ds[0].Message, tc.missed) {
				t.Errorf("the warning does not say %q: %s", tc.missed, ds[0].Message)
			}
			if mcp := strings.Contains(ds[0].Message, "MCP tools"); mcp != tc.mcp {
				t.Errorf("MCP tools left out: %v, want %v: %s", mcp, tc.mcp, ds[0].Message)
			}
		})
	}
}

// TestMayMatchMCP: a pattern may match a source's MCP tools unless it is
// anchored away from the providers table's mcp template; unsure is may.
func TestMayMatchMCP(t *testing.T) {
	for _, tc := range []struct {
		expr, slug string
		want       bool
	}{
		{".*Edit.*", "claude-code", true},
		{"Edit", "claude-code", true},
		{"^Edit", "claude-code", false},
		{"^Edit$", "codex", false},
		{"^mcp__.*", "claude-code", true},
		{"^mc", "claude-code", true},           // the start of mcp__
		{"^(Read|Write)", "claude-code", true}, // no literal prefix: unsure
		{"^@git", "kiro-agent", true},
		{"^execute_bash$", "kiro-agent", false},
		{".*bash", "copilot-cli", true}, // {server}-{tool}: any start
		{"(?i)^bash", "opencode", true}, // {server}_{tool}: any start
	} {
		re := regexp.MustCompile(tc.expr)
		if got := mayMatchMCP(re, tc.expr, tc.slug); got != tc.want {
			t.Errorf("%s in %s: %v, want %v", tc.expr, tc.slug, got, tc.want)
		}
	}
}
