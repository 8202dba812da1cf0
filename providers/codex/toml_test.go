package codex

import (
	"strings"
	"testing"
)

func TestWithoutHookTables(t *testing.T) {
	for _, tc := range []struct {
		name, src     string
		before, after string // joined lines; "|" marks no hook tables at all
	}{
		{"no hooks", "a = 1\n[t]\nb = 2\n", "a = 1\n[t]\nb = 2\n", "|"},
		{"trust state only", "[hooks.state.\"x\"]\nh = \"1\"\n", "[hooks.state.\"x\"]\nh = \"1\"\n", "|"},
		{
			"hooks between tables",
			"a = 1\n# about hooks\n[[hooks.Stop]]\n# old note\n[[hooks.Stop.hooks]]\ncommand = \"x\"\n\n# about t\n[t]\nb = 2\n",
			"a = 1\n# about hooks\n",
			"\n# about t\n[t]\nb = 2\n",
		},
		{
			"two hook regions",
			"[[hooks.Stop]]\ncommand = \"x\"\n[t]\nb = 2\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n# tail\n",
			"",
			"[t]\nb = 2\n# tail\n",
		},
		{
			"plain [hooks] table and state kept",
			"[hooks]\n[[hooks.Stop]]\ncommand = \"x\"\n[hooks.state.\"k\"]\nh = \"1\"\n",
			"",
			"[hooks.state.\"k\"]\nh = \"1\"\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := withoutHookTables(tc.src)
			gotAfter := strings.Join(after, "")
			if after == nil {
				gotAfter = "|"
			}
			if got := strings.Join(before, ""); got != tc.before {
				t.Errorf("before = %q, want %q", got, tc.before)
			}
			if gotAfter != tc.after {
				t.Errorf("after = %q, want %q", gotAfter, tc.after)
			}
		})
	}
}
