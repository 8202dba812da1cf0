package providers

import (
	"slices"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

func TestMCPNames(t *testing.T) {
	tests := []struct {
		tpl, server, tool, name string
	}{
		{"mcp__{server}__{tool}", "github", "create_issue", "mcp__github__create_issue"},
		{"mcp_{server}_{tool}", "github", "create_issue", "mcp_github_create_issue"},
		{"MCP:{tool}", "", "create_issue", "MCP:create_issue"},
	}
	for _, tt := range tests {
		if got := MCPName(tt.tpl, tt.server, tt.tool); got != tt.name {
			t.Errorf("MCPName(%q) = %q, want %q", tt.tpl, got, tt.name)
		}
	}
	for _, tt := range tests[:2] {
		s, tl, ok := ParseMCP(tt.tpl, tt.name)
		if !ok || s != tt.server || tl != tt.tool {
			t.Errorf("ParseMCP(%q, %q) = %q, %q, %v", tt.tpl, tt.name, s, tl, ok)
		}
	}
	for _, bad := range []string{"mcp__github", "mcp____x", "Bash", "mcp__github__"} {
		if _, _, ok := ParseMCP("mcp__{server}__{tool}", bad); ok {
			t.Errorf("ParseMCP accepted %q", bad)
		}
	}
	if got := MCPServerPattern("mcp__{server}__.*", "my.srv"); got != `mcp__my\.srv__.*` {
		t.Errorf("MCPServerPattern = %q", got)
	}
	if s, ok := ParseMCPServerPattern("mcp__{server}__.*", "mcp__github__.*"); !ok || s != "github" {
		t.Errorf("ParseMCPServerPattern = %q, %v", s, ok)
	}
	if _, ok := ParseMCPServerPattern("mcp__{server}__.*", "mcp__gi.*hub__.*"); ok {
		t.Error("a regex server name was accepted")
	}
	// Prefix and suffix overlap in these (found by FuzzConvertAny: it
	// panicked): no server, no panic.
	for _, short := range []string{"mcp__.*", "mcp___.*", "mcp__"} {
		if s, ok := ParseMCPServerPattern("mcp__{server}__.*", short); ok {
			t.Errorf("ParseMCPServerPattern(%q) = %q", short, s)
		}
	}
	// Names MCP does not allow are no MCP tool or server (found by
	// FuzzConvertAny: Gemini's "mcp_ _.*" read as server " " could not be
	// written as a manifest): they stay plain names and patterns.
	for _, name := range []string{"mcp__a b__c", "mcp__a__b,c", "mcp__é!__x"} {
		if s, tl, ok := ParseMCP("mcp__{server}__{tool}", name); ok {
			t.Errorf("ParseMCP(%q) = %q, %q", name, s, tl)
		}
	}
	for _, pattern := range []string{"mcp_ _.*", "mcp_a,b_.*"} {
		if s, ok := ParseMCPServerPattern("mcp_{server}_.*", pattern); ok {
			t.Errorf("ParseMCPServerPattern(%q) = %q", pattern, s)
		}
	}
	if s, tl, ok := ParseMCP("mcp__{server}__{tool}", "mcp__git-hub__create.issue"); !ok || s != "git-hub" || tl != "create.issue" {
		t.Errorf("ParseMCP(mcp__git-hub__create.issue) = %q, %q, %v", s, tl, ok)
	}
	for _, short := range []string{"mcp_x", "mcp__x", "mcp_"} {
		if s, tl, ok := ParseMCP("mcp_{server}__{tool}_x", short); ok {
			t.Errorf("ParseMCP(%q) = %q, %q", short, s, tl)
		}
	}
}

func TestMCPServerMatcher(t *testing.T) {
	for _, tc := range []struct {
		template, part string
		want           string // the server, "*" for every server, "-" for not a server pattern
	}{
		{"mcp__{server}__.*", "mcp__github__.*", "github"},
		{"mcp__{server}__.*", "^mcp__github__.*$", "github"},
		{"mcp_{server}_.*", "^mcp_0_.*", "0"},
		{"mcp__{server}__.*", "mcp__.*__.*", canonical.AnyServer},
		{"mcp__{server}__.*", "mcp__git.hub__.*", "-"}, // a regex, not a server name
		{"mcp__{server}__.*", "mcp__github__create_issue", "-"},
		{"", "mcp__github__.*", "-"},                       // the tool names no MCP servers
		{"mcp__{server}__.*", "mcp__github__.+", "github"}, // a tool's name is never empty
		{"mcp__{server}__.*", "^mcp__github__.*?$", "github"},
		{"mcp__{server}__.*", `mcp__github__\.+`, "-"}, // one or more dots
		{"mcp__{server}__.*", "mcp__github__.+x", "-"},
		// The MCP prefix and any rest: every MCP tool, anchored or not.
		{"mcp__{server}__.*", "mcp__.*", canonical.AnyServer},
		{"mcp__{server}__.*", "^mcp__.*", canonical.AnyServer},
		{"mcp__{server}__.*", "^mcp__.+$", canonical.AnyServer},
		{"mcp_{server}_.*", "mcp_.*", canonical.AnyServer},
		{"mcp__{server}__.*", "mcp_.*", "-"}, // not the prefix the template spells: left a pattern
		{"mcp__{server}__.*", "mcp__", "-"},
		{"mcp__{server}__.*", `mcp__\.*`, "-"},    // any number of dots
		{"{server}_.*", ".*", "-"},                // OpenCode: no prefix, every tool
		{"@{server}", "@.*", canonical.AnyServer}, // Kiro CLI: the template with any server
	} {
		got := "-"
		if m, ok := MCPServerMatcher(tc.template, tc.part); ok {
			got = m.Server
			if m.Tool != "" {
				t.Errorf("%q: a server pattern gave tool %q", tc.part, m.Tool)
			}
		}
		if got != tc.want {
			t.Errorf("MCPServerMatcher(%q, %q) = %q, want %q", tc.template, tc.part, got, tc.want)
		}
	}
}

func TestAnyServerTool(t *testing.T) {
	for _, tc := range []struct {
		template, part, tool string
		ok                   bool
	}{
		{"mcp__{server}__{tool}", "^mcp__.*__create_issue$", "create_issue", true},
		{"mcp__{server}__{tool}", "mcp__.*__create_issue", "", false}, // unanchored: longer names too
		{"mcp__{server}__{tool}", `^mcp__.*__read\.file$`, "read.file", true},
		{"mcp_{server}_{tool}", "^mcp_.*_create_issue$", "create_issue", true},
		{"mcp__{server}__{tool}", "mcp__.*__create.*", "", false}, // a pattern of tools
		{"mcp__{server}__{tool}", "mcp__github__create_issue", "", false},
		{"mcp__{server}__{tool}", "mcp__.*__", "", false},
		{"MCP:{tool}", "MCP:create_issue", "", false}, // no server part: Cursor's own spelling
	} {
		tool, ok := AnyServerTool(tc.template, tc.part)
		if tool != tc.tool || ok != tc.ok {
			t.Errorf("AnyServerTool(%q, %q) = %q, %v; want %q, %v", tc.template, tc.part, tool, ok, tc.tool, tc.ok)
		}
	}
}

func TestServerlessMCPAll(t *testing.T) {
	for _, tc := range []struct{ template, want string }{
		{"MCP:{tool}", "MCP:.*"}, // Cursor
		{"mcp__{server}__{tool}", ""},
		{"@{server}/{tool}", ""},
		{"", ""},
	} {
		if got := ServerlessMCPAll(tc.template); got != tc.want {
			t.Errorf("ServerlessMCPAll(%q) = %q, want %q", tc.template, got, tc.want)
		}
	}
}

// TestParseMCPSplits: a name whose separator can occur inside server and
// tool names (Gemini CLI's mcp_<server>_<tool>) reads as every split, the
// first (ParseMCP's) first; one it cannot (Claude Code's __) as one.
func TestParseMCPSplits(t *testing.T) {
	for _, tc := range []struct {
		template, name string
		want           []canonical.MCP
	}{
		{"mcp_{server}_{tool}", "mcp_github_create", []canonical.MCP{{Server: "github", Tool: "create"}}},
		{"mcp_{server}_{tool}", "mcp_brave_search_web_search", []canonical.MCP{
			{Server: "brave", Tool: "search_web_search"}, {Server: "brave_search", Tool: "web_search"}, {Server: "brave_search_web", Tool: "search"}}},
		{"mcp__{server}__{tool}", "mcp__brave_search__web_search", []canonical.MCP{{Server: "brave_search", Tool: "web_search"}}},
		{"mcp_{server}_{tool}", "mcp_github", nil},
		// More separators than a real name holds: the first reading alone.
		{"mcp_{server}_{tool}", "mcp_a_b_c_d_e_f_g_h_i_j_k", []canonical.MCP{{Server: "a", Tool: "b_c_d_e_f_g_h_i_j_k"}}},
		{"mcp_{server}_{tool}", "run_shell_command", nil},
	} {
		first, more, ok := ParseMCPSplits(tc.template, tc.name)
		var got []canonical.MCP
		if ok {
			got = append([]canonical.MCP{first}, more...)
		}
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("ParseMCPSplits(%q, %q) = %v, %v; want %v", tc.template, tc.name, got, ok, tc.want)
		}
	}
}
