package providers

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

// jsPatternCases are RE2 patterns with the text JSPattern writes for
// JavaScript's RegExp ("" in why when it is exact), or why there is none.
var jsPatternCases = []struct {
	re, js string
	why    bool
}{
	// Nothing RE2 alone reads: as written.
	{re: "Bash", js: "Bash"},
	{re: "^(Edit|Write)$", js: "^(Edit|Write)$"},
	{re: `mcp__github__.*`, js: `mcp__github__.*`},
	{re: `^[A-Z]\w+\d?$`, js: `^[A-Z]\w+\d?$`},
	{re: `(?:Bash|(?<shell>PowerShell))`, js: `(?:Bash|(?<shell>PowerShell))`},
	{re: `a{2,}|\.b{,3}`, js: `a{2,}|\.b{,3}`},
	// The i flag: every letter in both cases, in classes too.
	{re: "(?i)bash", js: "[bB][aA][sS][hH]"},
	{re: "(?i)^BASH$", js: "^[Bb][Aa][Ss][Hh]$"},
	{re: "^(?i)bash", js: "^[bB][aA][sS][hH]"},
	{re: "(?i:bash)|Edit", js: "(?:[bB][aA][sS][hH])|Edit"},
	{re: "a(?i)b|c", js: "a[bB]|[cC]"}, // to the end of the group, past |
	{re: "(a(?i)b)c", js: "(a[bB])c"},
	{re: "(?i)a(?-i)b", js: "[aA]b"},
	{re: "(?i)mcp__.*", js: "[mM][cC][pP]__.*"},
	{re: "(?i)[a-c]x", js: "[A-Ca-c][xX]"},
	{re: "(?i)[^a]", js: "[^Aa]"},
	{re: "(?i)[0-9_]+", js: "[0-9_]+"},
	{re: `(?i)\x41\d`, js: `[Aa]\d`},
	{re: `(?i)\Qa.\E`, js: `[aA]\.`},
	{re: "(?i)é", js: `[\xe9\xc9]`},
	// m, s and U change nothing a tool's name can show.
	{re: "(?m)^a$", js: "^a$"},
	{re: "(?s)a.b", js: "a.b"},
	{re: "(?U)Bash.*", js: "Bash.*"},
	{re: "(?is)a.b", js: "[aA].[bB]"},
	// Anchors, groups, escapes.
	{re: `Bash\z`, js: "Bash$"},
	{re: `\ABash`, js: "^Bash"},
	{re: `\A(Edit|Write)\z`, js: "^(Edit|Write)$"},
	{re: "(?P<x>Bash)", js: "(?<x>Bash)"},
	{re: "(?P<1x>Bash)", js: "(?:Bash)"}, // no JavaScript name starts with a digit
	{re: `\Q.*\E`, js: `\.\*`},
	{re: `\Qmcp__a.b`, js: `mcp__a\.b`},
	{re: `\x{41}sh`, js: "(?:Ash)"}, // grouped, as below
	{re: `a\a`, js: `a\x07`},
	{re: `a\012`, js: `a\x0a`},
	// What would read as plain names, taken for exact ones, stays a
	// pattern (QA: Copilot CLI matched (?m)ash, written ash, as the
	// name ash, and no tool has it).
	{re: "(?m)ash", js: "(?:ash)"},
	{re: "(?s)Edit|Bash", js: "(?:Edit|Bash)"},
	{re: `\Qash\E`, js: "(?:ash)"},
	{re: "(?-i)Edit", js: "(?:Edit)"},
	// Classes JavaScript reads otherwise.
	{re: "[[:alpha:]]+_x", js: "[A-Za-z]+_x"},
	{re: "[[:^alpha:]]", js: "[\\x00-@\\[-`{-\\uffff]"},
	{re: "[]a]", js: `[\]a]`},
	{re: "[^]a]", js: `[^\]a]`},
	{re: `[\x{41}-\x{43}]`, js: "[A-C]"},
	// No JavaScript spelling.
	{re: `\pL+`, why: true},
	{re: `[\p{Greek}]`, why: true},
	{re: `(?i)\PN`, why: true},
	{re: `\x{1F600}`, why: true},
	// Not RE2 at all (a tool's own JavaScript): as written.
	{re: "(?=Bash)", js: "(?=Bash)"},
}

// TestJSPattern checks the text JSPattern writes for each pattern.
func TestJSPattern(t *testing.T) {
	for _, tc := range jsPatternCases {
		js, why := JSPattern(tc.re)
		if tc.why {
			if why == "" || js != tc.re {
				t.Errorf("JSPattern(%q) = %q, %q; want it unchanged, with why", tc.re, js, why)
			}
			continue
		}
		if js != tc.js || why != "" {
			t.Errorf("JSPattern(%q) = %q, %q; want %q", tc.re, js, why, tc.js)
		}
	}
}

// toolNames are the strings a matcher is tested against: every tool's
// names in the tables, in their own case and in others, MCP names, and
// a few that the patterns above pick out. None holds a line break: no
// tool name does, and JSPattern drops the m and s flags for that.
func toolNames() []string {
	names := []string{"", "Ash", "ab", "aB", "Ab", "AB", "a.b", "a\x07", "x", "X", ".*", "mcp__a.b", "MCP__x", "mcp__github__create", "é", "É", "]", "1", "_x", "Bz", "Bash$"}
	for _, t := range vocab.Default().NativeTools {
		names = append(names, t.Name, strings.ToLower(t.Name), strings.ToUpper(t.Name))
	}
	for _, t := range vocab.Default().Tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// matched returns the names re matches.
func matched(re *regexp.Regexp, names []string) []string {
	var out []string
	for _, n := range names {
		if re.MatchString(n) {
			out = append(out, n)
		}
	}
	return out
}

// TestJSPatternSameNames: where Go's regexp (RE2) reads the JavaScript
// text too (\u escapes it does not), it selects the same tool names as
// the pattern it was written for. JavaScript reads that shared syntax as
// RE2 does; TestJSPatternInNode checks JavaScript itself where Node is.
func TestJSPatternSameNames(t *testing.T) {
	names := toolNames()
	for _, tc := range jsPatternCases {
		if tc.why || tc.js == tc.re {
			continue
		}
		want := matched(regexp.MustCompile(tc.re), names)
		js, err := regexp.Compile(tc.js)
		if err != nil {
			continue // JavaScript's alone (\uffff)
		}
		if got := matched(js, names); !slices.Equal(got, want) {
			t.Errorf("%q selects %q; its JavaScript form %q selects %q", tc.re, want, tc.js, got)
		}
	}
}

// TestJSPatternInNode runs every JavaScript text in Node (skipped where
// there is none) against the tool names: it must compile, and select what
// RE2 selects with the pattern it was written for.
func TestJSPatternInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found")
	}
	names := toolNames()
	// Every case with a JavaScript form but the lookahead, which RE2
	// cannot read to compare with.
	skip := func(re string) bool { return strings.HasPrefix(re, "(?=") }
	var patterns []string
	for _, tc := range jsPatternCases {
		if !tc.why && !skip(tc.re) {
			patterns = append(patterns, tc.js)
		}
	}
	in, _ := json.Marshal(map[string]any{"patterns": patterns, "names": names})
	script := `const {patterns, names} = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(patterns.map(p => { try { const re = new RegExp(p); return names.filter(n => re.test(n)); } catch (e) { return "error: " + e.message; } })));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node printed %s: %v", out, err)
	}
	i := 0
	for _, tc := range jsPatternCases {
		if tc.why || skip(tc.re) {
			continue
		}
		want := matched(regexp.MustCompile(tc.re), names)
		list, ok := got[i].([]any)
		i++
		if !ok {
			t.Errorf("%q: JavaScript cannot read %q: %v", tc.re, tc.js, got[i-1])
			continue
		}
		var sel []string
		for _, n := range list {
			sel = append(sel, n.(string))
		}
		if !slices.Equal(sel, want) {
			t.Errorf("%q selects %q in RE2; %q selects %q in JavaScript", tc.re, want, tc.js, sel)
		}
	}
}

// FuzzJSPattern: JSPattern never panics on a pattern RE2 reads, and what
// it writes, where Go's regexp reads it too, selects the same tool names.
func FuzzJSPattern(f *testing.F) {
	for _, tc := range jsPatternCases {
		f.Add(tc.re)
	}
	names := toolNames()
	f.Fuzz(func(t *testing.T, re string) {
		want, err := regexp.Compile(re)
		if err != nil {
			return
		}
		js, why := JSPattern(re)
		if why != "" {
			if js != re {
				t.Errorf("JSPattern(%q) rewrote it (%q) and said %q", re, js, why)
			}
			return
		}
		got, err := regexp.Compile(js)
		if err != nil {
			return // JavaScript's alone (\u escapes)
		}
		if a, b := matched(want, names), matched(got, names); !slices.Equal(a, b) {
			t.Errorf("%q selects %q; its JavaScript form %q selects %q", re, a, js, b)
		}
	})
}
