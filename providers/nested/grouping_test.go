package nested_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// groupingTargets are the tools of the family.
var groupingTargets = []string{"claude-code", "gemini-cli", "codex", "factory-droid", "qwen-code"}

// nestedAdapter is the family adapter of slug.
func nestedAdapter(t testing.TB, slug string) *nested.Adapter {
	a, ok := providers.Get(slug)
	if !ok {
		t.Fatalf("no %s adapter", slug)
	}
	return a.(*nested.Adapter)
}

// TestGroupingMatchesOracle: on random manifests whose hooks name the
// same tools in several spellings, with the tools' own spellings, group
// keys and new-group marks, every tool of the family groups the hooks as
// the old grouping did, which asked every later group whether it fires
// for the same tools (OracleEncodeTree), and the random manifests had
// hooks that open a group of their own for it.
func TestGroupingMatchesOracle(t *testing.T) {
	for _, slug := range groupingTargets {
		t.Run(slug, func(t *testing.T) {
			a := nestedAdapter(t, slug)
			rng := rand.New(rand.NewPCG(1, uint64(len(slug))))
			passed := 0
			for run := range 300 {
				src := randomGroupingManifest(rng, slug)
				m, ds := canonical.Parse("hooks.json", src)
				if ds.HasErrors() {
					t.Fatalf("run %d: %v\n%s", run, ds, src)
				}
				got, _ := a.EncodeTree(m)
				want, n := a.OracleEncodeTree(m)
				passed += n
				if g, w := node.AppendCompact(nil, got), node.AppendCompact(nil, want); string(g) != string(w) {
					t.Fatalf("run %d: grouped otherwise than the oracle\nmanifest: %s\ngot:  %s\nwant: %s", run, src, g, w)
				}
			}
			if passed < 50 {
				t.Errorf("only %d hooks opened a group for a later one for the same tools: the manifests miss the case", passed)
			}
		})
	}
}

// Canonical matchers and native spellings that name the same tools in
// several ways: "shell" is Bash, ^Bash$, run_shell_command…; the lists
// are the same in either order.
var (
	groupingMatchers = []string{
		`"shell"`, `{"pattern":"run_shell_command"}`, `{"pattern":"^run_shell_command$"}`,
		`{"pattern":"Bash"}`, `{"pattern":"^Bash$"}`, `["file_write","file_edit"]`, `["file_edit","file_write"]`,
		`"file_write"`, `{"mcp":{"server":"s","tool":"t"}}`, `{"mcp":{"server":"s"}}`, ``,
	}
	groupingSpellings = []string{
		"Bash", "^Bash$", "Bash|PowerShell", "PowerShell|Bash", "run_shell_command", "^run_shell_command$",
		"Write|Edit", "Edit|Write", "^(Write|Edit)$", "write_file|replace", "replace|write_file", "Execute",
		"Create|Edit", "Edit|Create", "mcp__s__t", "mcp__s__.*", ".*", "*",
	}
	groupingKeys = []string{`{"commandRegex":"a"}`, `{"commandRegex":"b"}`, `{"commandRegex":"^a$"}`, `{"sequential":true}`, `{"sequential":false}`}
)

// randomGroupingManifest is a manifest of up to 40 hooks on two tool
// events, each with a random matcher and, often, slug's own spelling of
// it, group keys or a new-group mark.
func randomGroupingManifest(rng *rand.Rand, slug string) []byte {
	var hooks []string
	for i := range 1 + rng.IntN(40) {
		event := []string{"before_tool_execute", "after_tool_execute"}[rng.IntN(4)/3]
		h := fmt.Sprintf(`{"event":%q,"handler":{"type":"command","command":"c%d"}`, event, i)
		if mt := groupingMatchers[rng.IntN(len(groupingMatchers))]; mt != "" {
			h += `,"matcher":` + mt
		}
		var own []string
		if rng.IntN(2) == 0 {
			q, _ := json.Marshal(groupingSpellings[rng.IntN(len(groupingSpellings))])
			own = append(own, `"$matcher":`+string(q))
		}
		if rng.IntN(3) == 0 {
			own = append(own, `"$group":`+groupingKeys[rng.IntN(len(groupingKeys))])
		}
		if rng.IntN(15) == 0 {
			own = append(own, `"$newGroup":true`)
		}
		if len(own) > 0 {
			h += fmt.Sprintf(`,"provider_data":{%q:{%s}}`, slug, strings.Join(own, ","))
		}
		hooks = append(hooks, h+"}")
	}
	return []byte(`{"spec":"hooks/1.0","hooks":[` + strings.Join(hooks, ",\n") + "]}")
}

// alternatingManifest is n hooks alternating between the shell and an
// MCP tool of their own (QA's genalt.py): every shell hook joins the
// first group, which is not its event's last, so each asks whether a
// later group is for the shell.
func alternatingManifest(tb testing.TB, n int) *canonical.Manifest {
	var b strings.Builder
	b.WriteString(`{"spec":"hooks/1.0","hooks":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if i%2 == 0 {
			b.WriteString(`{"event":"before_tool_execute","matcher":"shell","handler":{"type":"command","command":"g"}}`)
		} else {
			fmt.Fprintf(&b, `{"event":"before_tool_execute","matcher":{"mcp":{"server":"s","tool":"t%d"}},"handler":{"type":"command","command":"m"}}`, i)
		}
	}
	b.WriteString("]}")
	m, ds := canonical.Parse("hooks.json", []byte(b.String()))
	if ds.HasErrors() {
		tb.Fatal(ds)
	}
	return m
}

// BenchmarkGroupingAlternating encodes N and 10N alternating hooks: the
// time grows with N, not N² (QA: 50,000 hooks took 7.5 s to Claude Code).
func BenchmarkGroupingAlternating(b *testing.B) {
	a := nestedAdapter(b, "claude-code")
	for _, n := range []int{2000, 20000} {
		m := alternatingManifest(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				a.EncodeTree(m)
			}
		})
	}
}
