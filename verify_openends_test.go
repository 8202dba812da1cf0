package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// TestSkipOpenEndsAsksNothing: each pattern skipOpenEnds trims past
// without asking is one of which appendMatcherKeys, at that step, would
// have asked every question in vain and then keyed it trimmed: no group
// to unwrap, not every tool, no MCP spelling, no name, list, group or
// alternation. Checked for every tool, over open ends around names, MCP
// spellings, anchors, groups and alternatives.
func TestSkipOpenEndsAsksNothing(t *testing.T) {
	names := vocab.Default()
	cores := []string{"", "^", "$", "Bash", "^Bash$", "shell", "run_shell_command", "mcp__s__.*", "mcp__s__t", "mcp_s_.*",
		"MCP:.*", "MCP:x", "s_.*", "@s", "@s.", "(Bash)", "^(Bash|Edit)$", "Bash|Edit", "(a|b)", `\.`, `a\`, ".+", ".*?", "*", "a.*b",
		"mcp__s__", "mcp__.*__t", "mcp_s_", "s_", "(a)b", "a(b)", "^(a)", "(?:a)", "(?i)a", "[.*]", "^Bash", "Bash$", "a{2}", `\Qa.*`}
	skipped := 0
	for _, prov := range names.Providers {
		for _, core := range cores {
			for before := range 4 {
				for after := range 4 {
					re := strings.Repeat(".*", before) + core + strings.Repeat(".*", after)
					got := skipOpenEnds(re, &prov)
					for r := re; r != got; r = providers.OpenEndsTrimmed(r) {
						skipped++
						if why := askedOf(r, &prov, names); why != "" {
							t.Errorf("%s: %q skipped at %q, where appendMatcherKeys reads it as %s", prov.Slug, re, r, why)
							break
						}
					}
				}
			}
		}
	}
	if skipped < 100 {
		t.Errorf("only %d steps skipped: the patterns miss the case", skipped)
	}
}

// askedOf says what appendMatcherKeys reads a pattern as, in the order
// it asks, before it keys it trimmed of its open ends; "" when nothing.
func askedOf(re string, prov *vocab.Provider, names *vocab.Tables) string {
	inner := unwrapGroup(re)
	trimmed := providers.OpenEndsTrimmed(inner)
	parts, split := providers.SplitAlternation(re)
	top, topOK := providers.TopAlternatives(re)
	_, whole := providers.WholeGroup(re)
	_, anchored := anchoredGroup(re)
	_, listed := listedNames(inner)
	_, holding := providers.ToolsHolding(names, *prov, inner)
	_, server := providers.MCPServerMatcher(prov.MCPServer, inner)
	_, anyServer := providers.AnyServerTool(prov.MCP, inner)
	switch {
	case inner != re:
		return "a group"
	case trimmed == "" || trimmed == "^" || trimmed == "$" || providers.AnyName(re):
		return "every tool"
	case providers.ServerlessMCPAll(prov.MCP) == re:
		return "every MCP tool"
	case holding:
		return "the tools holding it"
	case listed:
		return "names"
	case split && (len(parts) > 1 || parts[0] != re):
		return "alternatives"
	case topOK && len(top) > 1:
		return "top-level alternatives"
	case whole || anchored:
		return "a group"
	case server:
		return "a server's tools"
	case anyServer:
		return "a tool on every server"
	case trimmed == inner:
		return "itself, not trimmed"
	}
	return ""
}

// TestOpenEndsRepeated: a pattern of ".*" written many times is keyed
// as every tool, as ".*" is, and a name behind or before many is keyed
// as the name behind or before one.
func TestOpenEndsRepeated(t *testing.T) {
	names := vocab.Default()
	for _, slug := range []string{"cursor", "copilot-cli", "claude-code", "gemini-cli"} {
		prov, _ := names.Provider(slug)
		key := func(re string) string {
			return strings.Join(appendMatcherKeys(nil, canonical.Pattern{Regex: re}, &prov, names), ",")
		}
		if got := key(strings.Repeat(".*", 100_000)); got != "*" {
			t.Errorf("%s: .* 100,000 times keyed %q, want *", slug, got)
		}
		if got, want := key(strings.Repeat(".*", 1000)+"Bash"+strings.Repeat(".*", 999)), key(".*Bash"); got != want {
			t.Errorf("%s: Bash behind 1,000 open ends keyed %q, behind one %q", slug, got, want)
		}
		if got, want := key("^Bash"+strings.Repeat(".*", 1000)), key("^Bash.*"); got != want {
			t.Errorf("%s: ^Bash before 1,000 open ends keyed %q, before one %q", slug, got, want)
		}
	}
}
