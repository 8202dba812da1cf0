package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/internal/node"
)

func TestMembersByName(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{}`, ``},
		{`{"b": 1, "a": 2}`, `a=2 b=1`},
		{`{"a": 1, "b": 2, "a": 3}`, `a=3 b=2`}, // the last of a name wins
		{`{"$group": {}, "if": "x", "$matcher": "Bash"}`, `$group={} $matcher="Bash" if="x"`},
	} {
		n, err := node.ParseJSON([]byte(tc.src), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		before := string(node.AppendCompact(nil, n))
		var got []string
		for _, f := range membersByName(n) {
			got = append(got, f.Key+"="+string(node.AppendCompact(nil, f.Value)))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.src, strings.Join(got, " "), tc.want)
		}
		if after := string(node.AppendCompact(nil, n)); after != before {
			t.Errorf("%s: the object itself was changed to %s", tc.src, after)
		}
	}
}

func TestListedNames(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want string // names joined by " ", or "-" for "not a list"
	}{
		{"Bash", "Bash"},
		{"write_file|replace", "write_file replace"},
		{"^(Bash|Write)$", "Bash Write"},
		{"(Bash)", "Bash"},
		{"!0000", "!0000"},
		{"^0$|^1$", "0 1"},
		{`^fs\.read$|^mcp__x__y$`, "fs.read mcp__x__y"},
		{`^a\|b$`, "-"}, // an escaped "|" is split by the list reader: left a pattern
		{"Bash.*", "-"},
		{"^a$|b", "-"},
		{`^a\$`, "-"},
		{"^$", "-"},
		{"^a.b$", "-"},
	} {
		names, ok := listedNames(tc.re)
		got := strings.Join(names, " ")
		if !ok {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("listedNames(%q) = %q, want %q", tc.re, got, tc.want)
		}
	}
}
