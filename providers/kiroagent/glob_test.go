package kiroagent

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/hookconv/hookconv/canonical"
)

func TestGlobRegex(t *testing.T) {
	tests := []struct{ glob, regex string }{
		{"fs_*", "^fs_.*$"},
		{"fs_?ead", "^fs_.ead$"},
		{"*", "^.*$"},
		{"@git/*", "^@git/.*$"},
		{"a.b*", `^a\.b.*$`},
		{"{fs_read,fs_write}*", "^(?:fs_read|fs_write).*$"},
		{"[!f]*", "^[^f].*$"},
		{"[a-c]?", "^[a-c].$"},
		{`\**`, `^\*.*$`},
		{"[a-*", `^\[a-.*$`},      // an unclosed class is literal
		{"{a,b*", `^\{a,b\*$`},    // so is an unclosed brace: the whole glob
		{"a}*", `^a\}.*$`},        // a stray brace is literal
		{"[z-a]*", `^\[z-a\]\*$`}, // a class RE2 rejects: literal
		{"x,y*", `^x,y.*$`},       // a comma outside braces is literal
		{"\xff*", "^\uFFFD.*$"},   // RE2 reads UTF-8 only
	}
	for _, tt := range tests {
		got := globRegex(tt.glob)
		if got != tt.regex {
			t.Errorf("globRegex(%q) = %q, want %q", tt.glob, got, tt.regex)
		}
	}
}

// TestGlobRegexCompiles: whatever the glob, the regex compiles, so the
// canonical pattern is always valid.
func TestGlobRegexCompiles(t *testing.T) {
	for _, g := range []string{"[", "]", "{", "}", "{,}", "[!]", "[]]*", `\`, `*\`, "{a,{b,c}}*", "[[:alpha:]]*", "(*)", "a|b*", "^$*"} {
		if _, err := regexp.Compile(globRegex(g)); err != nil {
			t.Errorf("globRegex(%q) = %q does not compile: %v", g, globRegex(g), err)
		}
	}
}

func TestRegexGlobs(t *testing.T) {
	tests := []struct {
		regex string
		globs []string // nil: no glob says it
	}{
		{"Bash", []string{"*Bash*"}},
		{"^Bash$", []string{"Bash"}},
		{"^(Bash|Read)$", []string{"Bash", "Read"}},
		{"(Bash|Read)", []string{"*Bash*", "*Read*"}},
		{"Edit|Write", []string{"*Edit*", "*Write*"}},
		{"(^a$|^b$)", []string{"a", "b"}},
		{"^fs_.*$", []string{"fs_*"}},
		{"^fs_.ead$", []string{"fs_?ead"}},
		{"mcp__.*", []string{"*mcp__*"}},
		{`^a\.b$`, []string{"a.b"}},
		{`^@git/.*$`, []string{"@git/*"}},
		{"", []string{"*"}},
		{".*", []string{"*"}},
		{".*?", []string{"*"}},         // lazy: the same names
		{"^fs_.+$", []string{"fs_?*"}}, // one character or more
		{"^fs_.+?$", []string{"fs_?*"}},
		{"^$", []string{""}},
		{`^price\$$`, []string{"price$"}},
		{`\d+`, nil},
		{"[ab]", nil},
		{"a+", nil},
		{"^(a|(b))$", nil},
		{"^(a|b)", nil},
		{`^a\*$`, nil},
		{"a{2}", nil},
	}
	for _, tt := range tests {
		got, ok := regexGlobs(tt.regex)
		if ok != (tt.globs != nil) || !cmp.Equal(got, tt.globs) {
			t.Errorf("regexGlobs(%q) = %q, %v; want %q", tt.regex, got, ok, tt.globs)
		}
	}
}

// TestGlobsRoundTrip: a glob read as a regex is written back as itself.
func TestGlobsRoundTrip(t *testing.T) {
	for _, g := range []string{"fs_*", "fs_?ead", "*", "@git/*", "a.b*", "*_bash", "a*b?c"} {
		got, ok := regexGlobs(globRegex(g))
		if !ok || len(got) != 1 || got[0] != g {
			t.Errorf("%q → %q → %q, %v", g, globRegex(g), got, ok)
		}
	}
}

// everyBuiltin are the canonical tools of every built-in tool the tools
// table knows Kiro CLI by, in table order.
var everyBuiltin = []string{"shell", "file_read", "file_write", "file_edit", "search", "find", "web_search", "web_fetch", "agent"}

// TestNativeGlob: a glob that selects only tools the tools table knows
// Kiro CLI by reads as their canonical tools; one that selects none, or
// may also select an MCP tool (named @server/tool), is left a pattern.
func TestNativeGlob(t *testing.T) {
	a := &Adapter{}
	a.Load(Slug)
	tests := []struct {
		glob  string
		tools []string // nil: not read as tools
	}{
		{"fs_*", []string{"file_read", "file_write", "file_edit"}},
		{"fs_?ead", []string{"file_read"}},
		{"fs_write*", []string{"file_write", "file_edit"}},
		{"execute_*", []string{"shell"}},
		{"{fs_read,execute_bash}*", []string{"shell", "file_read"}}, // table order
		{"web_*", []string{"web_search", "web_fetch"}},
		{"g*", []string{"search", "find"}}, // grep and glob
		{"sh*", []string{"shell"}},         // the alias shell
		{"e*h", []string{"shell"}},
		{"x*", nil},             // no known tool
		{"FS_*", nil},           // names are compared as written
		{"*_bash", nil},         // @srv/run_bash too
		{"?s_*", nil},           // @s_… is possible
		{"[@f]s_*", nil},        // so is @s_…
		{"[!@]*", everyBuiltin}, // no MCP tool has such a name
		{"@g*", nil},            // MCP tools only
		{"fs_{read,x*", nil},    // an unclosed brace reads as the literal text
		{`fs_\*`, nil},          // an escaped star: the name "fs_*", no tool's
	}
	for _, tt := range tests {
		m, ok := a.nativeGlob(globRegex(tt.glob))
		var got []string
		switch m := m.(type) {
		case canonical.ToolName:
			got = []string{string(m)}
		case canonical.AnyOf:
			for _, x := range m {
				got = append(got, string(x.(canonical.ToolName)))
			}
		}
		if ok != (tt.tools != nil) || !cmp.Equal(got, tt.tools) {
			t.Errorf("nativeGlob(%q) = %v, %v; want %v", tt.glob, got, ok, tt.tools)
		}
	}
}

// TestBuiltinTools: "@builtin" reads as every built-in tool the tools
// table knows Kiro CLI by, never as a regex.
func TestBuiltinTools(t *testing.T) {
	a := &Adapter{}
	a.Load(Slug)
	var want canonical.AnyOf
	for _, tool := range everyBuiltin {
		want = append(want, canonical.ToolName(tool))
	}
	if got := a.decodeMatcher("@builtin"); !cmp.Equal(got, canonical.Matcher(want)) {
		t.Errorf("@builtin = %#v, want %#v", got, want)
	}
}
