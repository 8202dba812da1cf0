package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// TestRemoveMigratedKeepsText: --remove-source cuts the migrated hooks out
// of each source format's text, and the hooks that stay keep every byte:
// keys hookconv does not read, comments, layout (QA: a kept Copilot guard
// lost its "comment" and "timeout" and was spread over several lines).
func TestRemoveMigratedKeepsText(t *testing.T) {
	for _, tc := range []struct {
		name, from, path string
		remove           []bool
		in, want         string
	}{
		{
			name: "copilot entry with keys it does not read", from: "copilot-cli", path: ".github/hooks/hooks.json",
			remove: []bool{false, true},
			in: `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "type": "command", "comment": "secrets guard", "matcher": "bash", "bash": "./g.sh", "timeoutSec": 10, "timeout": 99 }
    ],
    "postToolUse": [ { "type": "command", "command": "./fmt.sh" } ]
  }
}
`,
			want: `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "type": "command", "comment": "secrets guard", "matcher": "bash", "bash": "./g.sh", "timeoutSec": 10, "timeout": 99 }
    ]
  }
}
`,
		},
		{
			name: "windsurf", from: "windsurf", path: ".windsurf/hooks.json",
			remove: []bool{true, false, true},
			in:     "{\"hooks\": {\"pre_run_command\": [{\"command\": \"./a.sh\"}, { \"command\": \"./fmtcheck.sh\", \"comment\": \"x\" }, {\"command\": \"./c.sh\"}]}}\n",
			want:   "{\"hooks\": {\"pre_run_command\": [{ \"command\": \"./fmtcheck.sh\", \"comment\": \"x\" }]}}\n",
		},
		{
			name: "claude handler out of a group, comments and CRLF", from: "claude-code", path: ".claude/settings.json",
			remove: []bool{true, false, true},
			in: "{\r\n\t// mine\r\n\t\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [\r\n\t\t{\"type\": \"command\", \"command\": \"./a.sh\"},\r\n" +
				"\t\t{\"type\":\"command\",\"command\":\"./b.sh\",\"_note\":1}, // b\r\n\t\t{\"type\": \"command\", \"command\": \"./c.sh\"}\r\n\t]}]},\r\n\t\"model\": \"opus\"\r\n}\r\n",
			want: "{\r\n\t// mine\r\n\t\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [\r\n" +
				"\t\t{\"type\":\"command\",\"command\":\"./b.sh\",\"_note\":1} // b\r\n\t]}]},\r\n\t\"model\": \"opus\"\r\n}\r\n",
		},
		{
			name: "claude group and event emptied", from: "claude-code", path: ".claude/settings.json",
			remove: []bool{true, false, true},
			in:     `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh"}]}, {"matcher": "Edit", "x": 1, "hooks": [{"type": "command", "command": "./b.sh"}]}], "Stop": [{"hooks": [{"type": "command", "command": "./c.sh"}]}]}}`,
			want:   `{"hooks": {"PreToolUse": [{"matcher": "Edit", "x": 1, "hooks": [{"type": "command", "command": "./b.sh"}]}]}}`,
		},
		{
			name: "every hook gone", from: "claude-code", path: ".claude/settings.json",
			remove: []bool{true},
			in:     `{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./c.sh"}]}]}}`,
			want:   `{"model": "opus", "hooks": {}}`,
		},
		{
			name: "kiro agent", from: "kiro-agent", path: ".kiro/agents/default.json",
			remove: []bool{false, true},
			in:     "{\"name\": \"default\", \"tools\": [\"*\"], \"hooks\": {\n  \"preToolUse\": [{\"matcher\": \"execute_bash\",   \"command\": \"./g.sh\", \"timeout_ms\": 5000}],\n  \"stop\": [{\"command\": \"./s.sh\"}]\n}}\n",
			want:   "{\"name\": \"default\", \"tools\": [\"*\"], \"hooks\": {\n  \"preToolUse\": [{\"matcher\": \"execute_bash\",   \"command\": \"./g.sh\", \"timeout_ms\": 5000}]\n}}\n",
		},
		{
			name: "codex config.toml", from: "codex", path: ".codex/config.toml",
			remove: []bool{false, true},
			in:     "model = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\"\nnote = \"keep me\" # mine\n\n[[hooks.PostToolUse]]\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"./fmt.sh\"\n",
			want:   "model = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\"\nnote = \"keep me\" # mine\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, ds := RemoveMigrated(providers.Files{tc.path: []byte(tc.in)}, removalOf(tc.from, tc.remove...))
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			for _, d := range ds {
				if d.Code == CodeKeptRewritten {
					t.Errorf("rewritten, not cut: %v", d)
				}
			}
			if got := string(out[tc.path]); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestGoneEntries: an entry read into several hooks is cut only when all
// of them go.
func TestGoneEntries(t *testing.T) {
	pos := func(l int) diag.Pos { return diag.Pos{Line: l, Column: 3} }
	m := &canonical.Manifest{Hooks: []canonical.Hook{{Origin: pos(1)}, {Origin: pos(2)}, {Origin: pos(2)}, {Origin: pos(3)}}}
	for _, tc := range []struct {
		remove []bool
		gone   []int
		whole  bool
	}{
		{[]bool{true, false, false, false}, []int{1}, true},
		{[]bool{false, true, true, false}, []int{2}, true},
		{[]bool{false, true, false, true}, []int{3}, false}, // half of line 2's entry
		{[]bool{false, false, false, false}, nil, true},
	} {
		gone, whole := goneEntries(m, func(i int) bool { return tc.remove[i] })
		if whole != tc.whole || len(gone) != len(tc.gone) {
			t.Errorf("%v: gone %v, whole %v; want lines %v, %v", tc.remove, gone, whole, tc.gone, tc.whole)
			continue
		}
		for _, l := range tc.gone {
			if !gone[posKey(pos(l))] {
				t.Errorf("%v: line %d not gone: %v", tc.remove, l, gone)
			}
		}
	}
}

// TestPruneHooks: what removing entries empties goes with them; a place
// that names no entry, or two, cannot be cut.
func TestPruneHooks(t *testing.T) {
	opt := node.JSONOptions{}
	for _, tc := range []struct {
		name, in string
		gone     []string // where each entry that goes starts
		want     string
		ok       bool
	}{
		{"flat entry", `{"a": [{"c": 1}, {"c": 2}], "b": [{"c": 3}]}`, []string{`{"c": 2}`}, `{"a": [{"c": 1}], "b": [{"c": 3}]}`, true},
		{"event emptied", `{"a": [{"c": 1}], "b": [{"c": 3}]}`, []string{`{"c": 3}`}, `{"a": [{"c": 1}]}`, true},
		{"group emptied", `{"a": [{"m": "x", "hooks": [{"c": 1}]}, {"hooks": [{"c": 2}]}]}`, []string{`{"c": 1}`}, `{"a": [{"hooks": [{"c": 2}]}]}`, true},
		{"already empty stays", `{"a": [], "b": [{"c": 3}]}`, []string{`{"c": 3}`}, `{"a": []}`, true},
		{"all gone", `{"a": [{"c": 1}]}`, []string{`{"c": 1}`}, `{}`, true},
		{"not found", `{"a": [{"c": 1}]}`, []string{`"c"`}, `{"a": [{"c": 1}]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hooks, err := node.ParseJSON([]byte(tc.in), opt)
			if err != nil {
				t.Fatal(err)
			}
			gone := map[at]bool{}
			for _, g := range tc.gone {
				gone[at{1, strings.Index(tc.in, g) + 1}] = true
			}
			got, ok := pruneHooks(hooks, gone)
			want, _ := node.ParseJSON([]byte(tc.want), opt)
			if ok != tc.ok || !node.SameValue(got, want) {
				t.Errorf("got %s, %v; want %s, %v", node.AppendCompact(nil, got), ok, tc.want, tc.ok)
			}
		})
	}
}

// TestKeysDropped: when the kept hooks must be rewritten, each key of
// theirs the rewrite loses is named (HC444); none, no warning.
func TestKeysDropped(t *testing.T) {
	parse := func(s string) *node.Node {
		n, err := node.ParseJSON([]byte(s), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	kept := parse(`{"preToolUse": [{"comment": "x", "bash": "./g.sh", "timeoutSec": 10, "timeout": 99}]}`)
	ds := keysDropped("h.json", kept, parse(`{"preToolUse": [{"bash": "./g.sh", "timeoutSec": 10}]}`))
	if len(ds) != 1 || ds[0].Code != CodeKeptRewritten || !strings.Contains(ds[0].Message, `drops "comment", "timeout" from them`) {
		t.Errorf("got %v", ds)
	}
	if ds := keysDropped("h.json", kept, kept); len(ds) != 0 {
		t.Errorf("nothing dropped, yet %v", ds)
	}
}
