package lint

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/vocab"
)

// TestRules: each rule fires on the config it describes and stays quiet
// on its correct twin.
func TestRules(t *testing.T) {
	tests := []struct {
		name, slug, src string
		want            []string
	}{
		{"matcher on an event without one", "claude-code", `{"hooks":{"Stop":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeMatcherIgnored}},
		// A spelling found at fault is said at each group that spells it;
		// one found clean is not read again (the rules' memo).
		{"one ignored matcher in two groups", "claude-code", `{"hooks":{"Stop":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"y"}]}]}}`, []string{CodeMatcherIgnored, CodeMatcherIgnored}},
		{"a clean matcher then a faulty one under another event", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}],"Stop":[{"matcher":"Bash","hooks":[{"type":"command","command":"y"}]}]}}`, []string{CodeMatcherIgnored}},
		{"no matcher there", "claude-code", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"MCP server without a tool", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Bash|mcp__github","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeNeverMatches}},
		{"MCP server with every tool", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"mcp__github__.*","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"Kiro CLI's own server spelling", "kiro-agent", `{"name":"a","hooks":{"preToolUse":[{"matcher":"@github","command":"x"}]}}`, nil},
		{"Kiro CLI's built-in tools", "kiro-agent", `{"name":"a","hooks":{"preToolUse":[{"matcher":"@builtin","command":"x"}]}}`, nil},
		{"duplicate hook", "cursor", `{"version":1,"hooks":{"stop":[{"command":"x"},{"command":"x"}]}}`, []string{CodeDuplicate}},
		{"tool name in the wrong case", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"bash|Edit","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeNeverMatches}},
		{"tool name in the right case", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Bash|Edit","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"a Copilot CLI name is lower case", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"bash"}]}}`, nil},
		{"Copilot CLI matches case-sensitively", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"Bash"}]}}`, []string{CodeNeverMatches}},
		{"Copilot CLI does not split on commas", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"bash,edit"}]}}`, []string{CodeNeverMatches}},
		{"nor trim the names of a list", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"bash | edit"}]}}`, []string{CodeNeverMatches}},
		{"Copilot CLI's own list", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"bash|edit"}]}}`, nil},
		{"a comma inside a Copilot CLI regex", "copilot-cli", `{"version":1,"hooks":{"preToolUse":[{"bash":"x","matcher":"(bash|edit),?"}]}}`, nil},
		{"Claude Code splits on commas", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Bash, Edit","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"under PreToolUse Copilot CLI matches Claude's names", "copilot-cli", `{"version":1,"hooks":{"PreToolUse":[{"bash":"x","matcher":"Bash"}]}}`, nil},
		{"same command, other matcher", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]},{"matcher":"Write","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"| in an exact matcher", "gemini-cli", `{"hooks":{"SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeExactAlternate}},
		{"one exact value", "gemini-cli", `{"hooks":{"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		// Gemini CLI finds a matcher anywhere in a tool's name: "shell"
		// matches run_shell_command, and Kiro's name there is no mistake.
		{"a name Gemini CLI finds in its tool's name", "gemini-cli", `{"hooks":{"BeforeTool":[{"matcher":"shell|read","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"an MCP server Gemini CLI finds in its tools' names", "gemini-cli", `{"hooks":{"BeforeTool":[{"matcher":"mcp_github","hooks":[{"type":"command","command":"x"}]}]}}`, nil},
		{"a name no Gemini CLI tool holds", "gemini-cli", `{"hooks":{"BeforeTool":[{"matcher":"Shell","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeNeverMatches}},
		{"a name anchored at both ends is exact", "gemini-cli", `{"hooks":{"BeforeTool":[{"matcher":"^shell$","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeNeverMatches}},
		{"Claude Code's plain names are exact", "claude-code", `{"hooks":{"PreToolUse":[{"matcher":"Shell","hooks":[{"type":"command","command":"x"}]}]}}`, []string{CodeNeverMatches}},
		// Cursor reads a plain name as a regex found anywhere, without
		// case (regex_names): "Shel" selects Shell, as a conversion
		// reads it (QA: HC702 said it may never match while HC310 said
		// it selected Shell); a typo no name holds is still one.
		{"a name Cursor finds in its tool's name", "cursor", `{"version":1,"hooks":{"preToolUse":[{"command":"x","matcher":"Shel"}]}}`, nil},
		{"in another case", "cursor", `{"version":1,"hooks":{"preToolUse":[{"command":"x","matcher":"shel"}]}}`, nil},
		{"a typo no Cursor tool's name holds", "cursor", `{"version":1,"hooks":{"preToolUse":[{"command":"x","matcher":"Shelk"}]}}`, []string{CodeNeverMatches}},
		{"not a config", "claude-code", `[1,2]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := node.ParseJSON([]byte(tt.src), node.JSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := Rules(vocab.Default(), tt.slug, root).Codes()
			if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
				t.Errorf("codes %v, want %v", got, tt.want)
			}
		})
	}
}

// FuzzRules: the rules never panic, whatever tree they are given.
func FuzzRules(f *testing.F) {
	for _, s := range []string{
		`{"hooks":{"Stop":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","timeout":5000}]}]}}`,
		`{"hooks":{"PreToolUse":[{"matcher":"mcp__","hooks":[]}]}}`,
		`{"hooks":{"SessionStart":[{"matcher":"a|b"}]}}`,
		`{"version":1,"hooks":{"stop":[{"command":"x","timeout":-1},{"command":"x"}]}}`,
	} {
		f.Add("claude-code", []byte(s))
		f.Add("gemini-cli", []byte(s))
		f.Add("cursor", []byte(s))
	}
	f.Fuzz(func(t *testing.T, slug string, src []byte) {
		root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
		if err != nil {
			return
		}
		for _, d := range Rules(vocab.Default(), slug, root) {
			if d.Code == "" || d.Message == "" {
				t.Errorf("empty diagnostic %+v", d)
			}
		}
	})
}

// TestMatcherIgnoredUndocumented: where the tool documents no matcher on
// an event (Codex's StopFailure, events table matcher_undocumented),
// HC701 says that hookconv assumes it is ignored, not that it is (QA s28
// q3 F9); a documented "none" (Claude Code's Stop) is still said plainly.
func TestMatcherIgnoredUndocumented(t *testing.T) {
	tests := []struct {
		slug, src, want string
	}{
		{"codex", `{"hooks":{"StopFailure":[{"matcher":"rate_limit","hooks":[{"type":"command","command":"x"}]}]}}`, "documents no matcher on StopFailure, so hookconv takes it to ignore matchers there"},
		{"claude-code", `{"hooks":{"Stop":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}}`, "ignores matchers on Stop: "},
	}
	for _, tt := range tests {
		root, err := node.ParseJSON([]byte(tt.src), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ds := Rules(vocab.Default(), tt.slug, root)
		if len(ds) != 1 || ds[0].Code != CodeMatcherIgnored || !strings.Contains(ds[0].Message, tt.want) {
			t.Errorf("%s: %v, want %s saying %q", tt.slug, ds, CodeMatcherIgnored, tt.want)
		}
	}
}

// BenchmarkConversionRules10k lints the 10,000-handler Claude Code file
// that BenchmarkConvert10k converts (scripts/genmanifest): the rules run
// beside its decode, on the conversion's critical path.
func BenchmarkConversionRules10k(b *testing.B) {
	out, err := exec.Command("go", "run", "../scripts/genmanifest", "-claude", "10000").Output()
	if err != nil {
		b.Fatal(err)
	}
	root, err := node.ParseJSON(out, node.JSONOptions{})
	if err != nil {
		b.Fatal(err)
	}
	names := vocab.Default()
	b.ReportAllocs()
	for b.Loop() {
		if ds := ConversionRules(names, "claude-code", root); len(ds) != 0 {
			b.Fatalf("the generated file is clean, got %v", ds)
		}
	}
}
