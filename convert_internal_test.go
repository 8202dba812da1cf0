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
