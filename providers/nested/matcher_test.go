package nested_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all"
	"github.com/hookconv/hookconv/providers/providertest"
)

// TestDecodeNamesFoundAnywhere: Gemini CLI tests every tool matcher with
// new RegExp(matcher).test(toolName) (reference part 1 §2.5), so a plain
// name no tool has selects every tool whose name holds it, and reads as
// those tools, as if they had been listed. Claude Code and Codex read a
// plain name as an exact one: theirs stay as they were.
func TestDecodeNamesFoundAnywhere(t *testing.T) {
	for _, tc := range []struct {
		slug, native string
		want         string // the canonical matcher's JSON
	}{
		{"gemini-cli", "shell", `"shell"`},                               // run_shell_command
		{"gemini-cli", "run_shell", `"shell"`},                           // a part of the name, not only a word of it
		{"gemini-cli", "read", `"file_read"`},                            // read_file, read_many_files
		{"gemini-cli", "file", `["file_read","file_write"]`},             // read_file, read_many_files, write_file
		{"gemini-cli", "search", `["search","web_search"]`},              // grep_search, google_web_search
		{"gemini-cli", "shell|glob", `["shell","find"]`},                 // with a tool's own name
		{"gemini-cli", "(shell|write)", `["shell","file_write"]`},        // grouped
		{"gemini-cli", "^read", `"file_read"`},                           // anchored at the start: names that start so
		{"gemini-cli", "file$", `["file_read","file_write"]`},            // at the end: read_file, write_file
		{"gemini-cli", "^file", `{"pattern":"^file"}`},                   // no name starts so
		{"gemini-cli", "^shell$", `{"pattern":"^shell$"}`},               // anchored at both ends: exact, and no tool's
		{"gemini-cli", "^(shell|read)$", `{"pattern":"^(shell|read)$"}`}, // so is each name of an anchored group
		{"gemini-cli", "Shell", `{"pattern":"Shell"}`},                   // tool names are case-sensitive
		{"gemini-cli", "shell|nope", `{"pattern":"shell|nope"}`},         // a name no tool holds: the whole stays a pattern
		{"gemini-cli", "mcp_github", `{"pattern":"mcp_github"}`},         // about MCP tools, which the tables do not name
		{"gemini-cli", "mcp", `{"pattern":"mcp"}`},
		{"gemini-cli", "read_file", `"file_read"`}, // a tool's own name, as before
		{"claude-code", "Shell", `"Shell"`},        // a literal name, exact (PowerShell does not count)
		{"codex", "patch", `"patch"`},              // so is apply_patch
	} {
		t.Run(tc.slug+" "+tc.native, func(t *testing.T) {
			event, path := "BeforeTool", ".gemini/settings.json"
			switch tc.slug {
			case "claude-code":
				event, path = "PreToolUse", ".claude/settings.json"
			case "codex":
				event, path = "PreToolUse", ".codex/hooks.json"
			}
			src := `{"hooks":{"` + event + `":[{"matcher":` + strconv.Quote(tc.native) + `,"hooks":[{"type":"command","command":"x"}]}]}}`
			p, _ := providers.Get(tc.slug)
			_, got := providertest.DecodedMatcher(t, p, path, src)
			if got != tc.want {
				t.Errorf("canonical matcher %s, want %s", got, tc.want)
			}
		})
	}
}

// TestDecodeInvalidRegexExact: Gemini CLI compares a matcher its RegExp
// rejects with the tool's name as an exact string (reference part 1 §2.5),
// so such a matcher is valid there and reads as that one name, written
// back as it was; Claude Code's, which no tool reads so, stays an error
// (HC326). QA: Gemini's "(legacy" stopped the whole conversion.
func TestDecodeInvalidRegexExact(t *testing.T) {
	for _, tc := range []struct {
		slug, native string
		want         string // the canonical matcher's JSON; "" for an HC326 error
	}{
		{"gemini-cli", "(legacy", `{"pattern":"^\\(legacy$"}`},
		{"gemini-cli", "a[b", `{"pattern":"^a\\[b$"}`},
		{"gemini-cli", "*.ts", `{"pattern":"^\\*\\.ts$"}`},
		{"gemini-cli", "(?i)shell", `{"pattern":"^\\(\\?i\\)shell$"}`}, // RE2 reads it, JavaScript does not: Gemini compares it exactly
		{"gemini-cli", "(shell)", `"shell"`},                           // a valid one, as before
		{"claude-code", "(legacy", ""},
	} {
		t.Run(tc.slug+" "+tc.native, func(t *testing.T) {
			event, path := "BeforeTool", ".gemini/settings.json"
			if tc.slug == "claude-code" {
				event, path = "PreToolUse", ".claude/settings.json"
			}
			src := `{"hooks":{"` + event + `":[{"matcher":` + strconv.Quote(tc.native) + `,"hooks":[{"type":"command","command":"x"}]}]}}`
			p, _ := providers.Get(tc.slug)
			if tc.want == "" {
				_, ds := p.Decode(providers.Files{path: []byte(src)})
				if !ds.HasErrors() || !slices.Contains(ds.Codes(), "HC326") {
					t.Fatalf("decode: %v, want an HC326 error", ds)
				}
				return
			}
			m, got := providertest.DecodedMatcher(t, p, path, src)
			if got != tc.want {
				t.Errorf("canonical matcher %s, want %s", got, tc.want)
			}
			out, ds := p.Encode(m, nil)
			if ds.HasErrors() || !strings.Contains(string(out[path]), `"matcher": `+strconv.Quote(tc.native)) {
				t.Errorf("written back: %v\n%s", ds, out[path])
			}
		})
	}
}

// TestMatcherSpellingsReadAlike: a config's groups that spell a matcher
// alike read alike (DecodeTree reads each spelling once), and one that
// is no pattern is reported at every group that spells it, each at its
// own position, and drops every such group's hooks.
func TestMatcherSpellingsReadAlike(t *testing.T) {
	src := `{"hooks": {"PreToolUse": [
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}]},
  {"matcher": "(", "hooks": [{"type": "command", "command": "b"}]},
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "c"}]},
  {"matcher": "(", "hooks": [{"type": "command", "command": "d"}]},
  {"matcher": "*", "hooks": [{"type": "command", "command": "e"}]}
], "PostToolUse": [
  {"matcher": "*", "hooks": [{"type": "command", "command": "f"}]}
]}}`
	p, _ := providers.Get("claude-code")
	m, ds := p.Decode(providers.Files{".claude/settings.json": []byte(src)})
	var bad []string
	for _, d := range ds {
		if d.Code == providers.CodeBadPattern {
			bad = append(bad, d.Path+"@"+strconv.Itoa(d.Pos.Line))
		}
	}
	if want := "hooks.PreToolUse[1].matcher@3 hooks.PreToolUse[3].matcher@5"; strings.Join(bad, " ") != want {
		t.Errorf("HC326 at %q, want %q", bad, want)
	}
	var got []string
	for _, h := range m.Hooks {
		matcher := "-"
		if h.Matcher != nil {
			matcher = string(node.AppendCompact(nil, canonical.MatcherNode(h.Matcher)))
		}
		got = append(got, h.Handler.Command+" "+h.Event+" "+matcher+" "+string(h.ProviderData["claude-code"]))
	}
	want := []string{
		`a before_tool_execute "shell" {"$matcher":"Bash"}`,
		`c before_tool_execute "shell" {"$matcher":"Bash","$newGroup":true}`,
		`e before_tool_execute - {"$matcher":"*"}`,
		`f after_tool_execute - {"$matcher":"*"}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("hooks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
