package providers

import (
	"fmt"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

func TestDecodeNameList(t *testing.T) {
	for _, tc := range []struct{ native, want string }{
		{"", "<nil>"},
		{" * ", "<nil>"},
		{"Shell", "shell"},
		{" Shell ", "shell"}, // names are names, however spaced
		{"Shell|Write", "[shell file_write file_edit]"}, // Cursor's Write does both
		{"Shell|MCP", "[shell {* }]"},                   // the tool's "every MCP tool"
		{"Shell|Nope", "{Shell|Nope}"},                  // an unknown name: a pattern, as written
		{"Shell.*", "{Shell.*}"},
		{"Shell|mcp__. ", "{Shell|mcp__. }"}, // white space is part of a regex
	} {
		got := fmt.Sprint(DecodeNameList(tc.native, vocab.Default(), "cursor", "MCP"))
		if got != tc.want {
			t.Errorf("DecodeNameList(%q) = %s, want %s", tc.native, got, tc.want)
		}
	}
}

func TestHookOfPath(t *testing.T) {
	for _, tc := range []struct {
		path string
		want int // -1: names no hook
	}{
		{"hooks[0]", 0},
		{"hooks[12].handler.timeout", 12},
		{"hooks[3]", 3},
		{"hooks[]", -1},
		{"hooks[-1]", -1},
		{"hooks[+1]", -1},
		{"hooks[1x]", -1},
		{"hooks[99999999999999999999]", -1},
		{"hooks.PreToolUse[0]", -1},
		{"xhooks[1]", -1},
		{"", -1},
	} {
		got, ok := HookOfPath(tc.path)
		if !ok {
			got = -1
		}
		if got != tc.want {
			t.Errorf("HookOfPath(%q) = %d, want %d", tc.path, got, tc.want)
		}
	}
}

// TestSplitAlternation: a group around the whole list is unwrapped,
// capturing or not; a "(?:" group is not cut as a "(" one, whose "?:"
// would start the first name (QA: "^(?:shell|Bash)$", Copilot CLI's
// full-match list read back, was keyed as "?:shell": HC900), nor is a
// flag group, whose flags change what the names match.
func TestSplitAlternation(t *testing.T) {
	for _, tc := range []struct {
		re       string
		want     string // fmt of the parts, or "-" when it fails
		anchored bool   // GroupAnchored
	}{
		{"Bash", "[Bash]", false},
		{"Bash|Edit", "[Bash Edit]", false},
		{"^Bash$|^Edit$", "[^Bash$ ^Edit$]", false},
		{"(Bash|Edit)", "[Bash Edit]", false},
		{"^(Bash|Edit)$", "[Bash Edit]", true},
		{"(?:Bash|Edit)", "[Bash Edit]", false},
		{"^(?:shell|Bash)$", "[shell Bash]", true},
		{"^(?:shell)$", "[shell]", true},
		{"(?i:bash|edit)", "-", false},
		{"^(?i:bash|edit)$", "-", false},
		{"^(?:a)|(b)$", "-", false},
		{"^Bash$|(Read|Edit)", "-", false}, // TopAlternatives reads it
		{`a\.b|c`, "-", false},
	} {
		parts, ok := SplitAlternation(tc.re)
		got := fmt.Sprint(parts)
		if !ok {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("SplitAlternation(%q) = %s, want %s", tc.re, got, tc.want)
		}
		if a := GroupAnchored(tc.re); a != tc.anchored {
			t.Errorf("GroupAnchored(%q) = %v, want %v", tc.re, a, tc.anchored)
		}
	}
}

// TestTopAlternatives: a regex is cut at each "|" outside groups, classes
// and escapes, but not after flags set at the top, which reach every
// alternative after them, and not at all where the groups do not pair up.
func TestTopAlternatives(t *testing.T) {
	for _, tc := range []struct{ re, want string }{
		{"", `[""]`},
		{"Bash", `["Bash"]`},
		{"a|", `["a" ""]`},
		{"^Bash$|^PowerShell$|(Read|Edit)", `["^Bash$" "^PowerShell$" "(Read|Edit)"]`},
		{`a\|b|c`, `["a\\|b" "c"]`},
		{"[|]x|y", `["[|]x" "y"]`},
		{"[]|]x|y", `["[]|]x" "y"]`},
		{"[^]|]x|y", `["[^]|]x" "y"]`},
		{"[[:alpha:]|]x|y", `["[[:alpha:]|]x" "y"]`},
		{"(?:a|b)c|d", `["(?:a|b)c" "d"]`},
		{"(?i:a|b)|d", `["(?i:a|b)" "d"]`},
		{"(?P<x>a|b)|d", `["(?P<x>a|b)" "d"]`},
		{"x(?i)a|b", `["x(?i)a|b"]`},
		{"(?-s)a|b", `["(?-s)a|b"]`},
		{"^Bash$|(?i)bash|c", `["^Bash$" "(?i)bash|c"]`},
		{"a|b(?i:c)|d", `["a" "b(?i:c)" "d"]`},
		{`\Qa|b\E|c`, "-"},
		{"(a|b", "-"},
		{"a)|(b", "-"},
	} {
		parts, ok := TopAlternatives(tc.re)
		got := fmt.Sprintf("%q", parts)
		if !ok {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("TopAlternatives(%q) = %s, want %s", tc.re, got, tc.want)
		}
	}
}

// TestWholeGroup: one group around all of a regex is unwrapped, capturing
// or not, whatever it holds; "(a)|(b)" and flag or named groups are not.
func TestWholeGroup(t *testing.T) {
	for _, tc := range []struct{ re, want string }{
		{"(Bash)", "Bash"},
		{"(?:Bash)", "Bash"},
		{"(^(shell|e.*)$)", "^(shell|e.*)$"},
		{"(?:^Bash$|(Read|Edit))", "^Bash$|(Read|Edit)"},
		{`(a\)|b)`, `a\)|b`},
		{"([)]|b)", "[)]|b"},
		{"(a)|(b)", "-"},
		{"(a)b", "-"},
		{"(?i:bash)", "-"},
		{"(?P<x>bash)", "-"},
		{"Bash", "-"},
		{`(\Q)\E)`, "-"},
	} {
		got, ok := WholeGroup(tc.re)
		if !ok {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("WholeGroup(%q) = %q, want %q", tc.re, got, tc.want)
		}
	}
}

// TestJoinAlternatives: alternatives are joined with "|", and one that
// sets flags at its top level is grouped, so its flags reach no other.
func TestJoinAlternatives(t *testing.T) {
	for _, tc := range []struct {
		parts []string
		want  string
	}{
		{nil, ""},
		{[]string{"(?i)bash"}, "(?i)bash"}, // alone, nothing for its flags to reach
		{[]string{"Shell", "e.*"}, "Shell|e.*"},
		{[]string{"(?i)bash", "Write"}, "(?:(?i)bash)|Write"},
		{[]string{"x|(?s)a.b", "Write"}, "(?:x|(?s)a.b)|Write"},
		{[]string{"(?i:bash)", "Write"}, "(?i:bash)|Write"}, // scoped already
		{[]string{"((?i)bash)", "Write"}, "((?i)bash)|Write"},
		{[]string{`\(?i)x`, "Write"}, `\(?i)x|Write`}, // an escaped parenthesis
		{[]string{"[(?i)]", "Write"}, "[(?i)]|Write"}, // a class
	} {
		if got := JoinAlternatives(tc.parts); got != tc.want {
			t.Errorf("JoinAlternatives(%q) = %q, want %q", tc.parts, got, tc.want)
		}
	}
}

// TestSetsFlags: only a flag group at the top level sets flags for what
// follows; a scoped group, one inside another group, an escaped or a
// bracketed parenthesis does not.
func TestSetsFlags(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want bool
	}{
		{"(?i)bash", true},
		{"a|(?s)b", true},
		{"(?-i)x", true},
		{"(?i:bash)", false},
		{"(a(?i)b)", false},
		{`\(?i)x`, false},
		{"[(?i)]x", false},
		{"(?P<n>x)", false},
		{"bash", false},
		{"", false},
	} {
		if got := SetsFlags(tc.re); got != tc.want {
			t.Errorf("SetsFlags(%q) = %v, want %v", tc.re, got, tc.want)
		}
	}
}
