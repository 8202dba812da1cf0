package providers

import (
	"regexp"
	"strings"

	"github.com/hookconv/hookconv/canonical"
)

// MCPName spells an MCP tool with a provider's template (vocab providers
// table), e.g. "mcp__{server}__{tool}" → "mcp__github__create_issue".
func MCPName(template, server, tool string) string {
	return strings.ReplaceAll(strings.ReplaceAll(template, "{server}", server), "{tool}", tool)
}

// MCPServerPattern spells "every tool of server" with a provider's
// mcp_server template, quoting the server name for the regex.
func MCPServerPattern(template, server string) string {
	return strings.ReplaceAll(template, "{server}", regexp.QuoteMeta(server))
}

// MCPMatcher spells an MCP matcher with a provider's templates (the mcp
// and mcp_server columns of the providers table): the text, whether it is
// a regex, and false where they cannot say it. One tool of every server
// is a regex over the tool names (Cursor's MCP:<tool> as
// ^mcp__.*__<tool>$).
func MCPMatcher(mcp, mcpServer string, x canonical.MCP) (text string, regex, ok bool) {
	switch {
	case x.Tool != "" && x.Server == canonical.AnyServer && mcp != "":
		return "^" + MCPName(mcp, ".*", regexp.QuoteMeta(x.Tool)) + "$", true, true
	case x.Tool != "" && mcp != "":
		return MCPName(mcp, x.Server, x.Tool), false, true
	case x.Tool == "" && x.Server == canonical.AnyServer && mcpServer != "":
		return strings.ReplaceAll(mcpServer, "{server}", ".*"), true, true
	case x.Tool == "" && mcpServer != "":
		return MCPServerPattern(mcpServer, x.Server), true, true
	}
	return "", false, false
}

// ParseMCP reads a native MCP tool name back into server and tool. When
// the separator can also occur inside names (Gemini's single "_"), the
// server is taken to end at the first separator, the reading Gemini's own
// registry gives for servers without underscores.
func ParseMCP(template, name string) (server, tool string, ok bool) {
	si := strings.Index(template, "{server}")
	ti := strings.Index(template, "{tool}")
	if si < 0 || ti < 0 || ti < si {
		return "", "", false
	}
	prefix := template[:si]
	sep := template[si+len("{server}") : ti]
	suffix := template[ti+len("{tool}"):]
	// The length check first: prefix and suffix may overlap in a short
	// name ("mcp__.*" has both "mcp__" and "__.*").
	if len(name) < len(prefix)+len(suffix) || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) || sep == "" {
		return "", "", false
	}
	rest := name[len(prefix) : len(name)-len(suffix)]
	i := strings.Index(rest, sep)
	if i <= 0 || i+len(sep) >= len(rest) {
		return "", "", false
	}
	server, tool = rest[:i], rest[i+len(sep):]
	if !canonical.IsMCPName(server) || !canonical.IsMCPName(tool) {
		return "", "", false // not an MCP tool: no MCP server has such a name
	}
	return server, tool, true
}

// maxMCPSplits bounds the further readings ParseMCPSplits gives: a real
// MCP tool name holds a few separators, not dozens.
const maxMCPSplits = 8

// ParseMCPSplits reads a native MCP tool name back into every server and
// tool it may name: where the separator can also occur inside names
// (Gemini CLI's single "_" in mcp_<server>_<tool>), mcp_brave_search_web
// is brave's search_web or brave_search's web, and nothing in the name
// says which; a guard read with the first reading alone may never fire
// for the server meant. first is ParseMCP's reading; more are the
// others, nil for most names (no allocation: a large config's verify
// reads thousands). ok is false where ParseMCP's is.
func ParseMCPSplits(template, name string) (first canonical.MCP, more []canonical.MCP, ok bool) {
	server, tool, ok := ParseMCP(template, name)
	if !ok {
		return first, nil, false
	}
	first = canonical.MCP{Server: server, Tool: tool}
	si := strings.Index(template, "{server}")
	ti := strings.Index(template, "{tool}")
	sep := template[si+len("{server}") : ti]
	if n := strings.Count(tool, sep); n == 0 || n > maxMCPSplits {
		// None to try; or so many that every split (one per separator,
		// each spelled out in the target) would make the matcher grow
		// with their square (QA: 3,000 took 1.6 s and 18 MB): the first
		// reading alone, as before.
		return first, nil, true
	}
	rest := server + sep + tool
	for from := len(server) + len(sep); ; {
		i := strings.Index(rest[from:], sep)
		if i < 0 {
			return first, more, true
		}
		i += from
		if s, t := rest[:i], rest[i+len(sep):]; t != "" && canonical.IsMCPName(s) && canonical.IsMCPName(t) {
			more = append(more, canonical.MCP{Server: s, Tool: t})
		}
		from = i + len(sep)
	}
}

// ParseMCPServerPattern recognises a provider's "every tool of a server"
// regex (e.g. "mcp__github__.*") and returns the server.
func ParseMCPServerPattern(template, pattern string) (string, bool) {
	si := strings.Index(template, "{server}")
	if si < 0 {
		return "", false
	}
	prefix, suffix := template[:si], template[si+len("{server}"):]
	if len(pattern) < len(prefix)+len(suffix) || !strings.HasPrefix(pattern, prefix) || !strings.HasSuffix(pattern, suffix) {
		return "", false // too short, or prefix and suffix overlap ("mcp__.*")
	}
	server := pattern[len(prefix) : len(pattern)-len(suffix)]
	// A "." would be a regex wildcard here, and a name MCP does not allow
	// ("mcp_ _.*") names no server: either way, not a server pattern.
	if strings.Contains(server, ".") || !canonical.IsMCPName(server) {
		return "", false
	}
	return server, true
}

// AnyServerTool reads a regex alternative, anchored at both ends, that
// names one MCP tool on every server, as encoders write it from Cursor's
// MCP:<tool> (^mcp__.*__create_issue$): the tool's name. Unanchored, the
// regex also matches longer names (mcp__s__create_issue_v2), which the
// mcp matcher does not: it stays a pattern.
func AnyServerTool(template, part string) (string, bool) {
	inner, ok := strings.CutPrefix(part, "^")
	if !ok || !strings.HasSuffix(inner, "$") || strings.HasSuffix(inner, `\$`) {
		return "", false
	}
	inner = inner[:len(inner)-1]
	prefix, rest, ok := strings.Cut(template, "{server}")
	if !ok {
		return "", false
	}
	sep, suffix, ok := strings.Cut(rest, "{tool}")
	if !ok {
		return "", false
	}
	quoted, ok := strings.CutPrefix(inner, prefix+".*"+sep)
	if !ok || !strings.HasSuffix(quoted, suffix) {
		return "", false
	}
	tool, ok := UnquoteMeta(quoted[:len(quoted)-len(suffix)])
	if !ok || !canonical.IsMCPName(tool) {
		return "", false
	}
	return tool, true
}

// ServerlessMCPAll is the regex for every MCP tool of a tool whose MCP
// names leave out the server (template, the mcp column of the providers
// table: Cursor's MCP:{tool} gives "MCP:.*", which Cursor's decoder reads
// as every MCP tool), and "" for a tool whose MCP names hold the server
// (its mcp_server column spells that) or that has none.
func ServerlessMCPAll(template string) string {
	if template == "" || strings.Contains(template, "{server}") || !strings.HasSuffix(template, "{tool}") {
		return ""
	}
	return strings.TrimSuffix(template, "{tool}") + ".*"
}

// UnquoteMeta undoes regexp.QuoteMeta: it returns the literal text a
// regex matches when the regex is only that text, its special characters
// escaped, and false otherwise. (An escaped "|" would have been split by
// the caller: such a name is left a pattern.)
func UnquoteMeta(re string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		c := re[i]
		switch {
		case c == '\\':
			if i+1 == len(re) || !strings.ContainsRune(canonical.RegexSyntax, rune(re[i+1])) {
				return "", false
			}
			i++
			b.WriteByte(re[i])
		case strings.ContainsRune(canonical.RegexSyntax, rune(c)):
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// MCPServerMatcher reads one alternative of a regex matcher as a tool's
// "every tool of a server" pattern (serverTemplate, the mcp_server column
// of the providers table), anchored or not, or as its "every tool of every
// server" pattern: the reading decoders give such a regex, and verify's.
// The latter is also spelled as the MCP prefix and any rest (Claude
// Code's usual mcp__.*, Gemini CLI's mcp_.*): found anywhere in a name,
// as those tools match, it selects every MCP tool, since no other tool's
// name holds the prefix (the reference's built-in names: Bash, Edit, …;
// run_shell_command, read_file, …).
func MCPServerMatcher(serverTemplate, part string) (canonical.MCP, bool) {
	if serverTemplate == "" {
		return canonical.MCP{}, false
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(part, "^"), "$")
	// A tool's name is never empty, and laziness changes no match: .+,
	// .*? and .+? after the server select what .* does.
	if strings.HasSuffix(serverTemplate, ".*") {
		for _, any := range []string{".+?", ".*?", ".+"} {
			if cut, ok := strings.CutSuffix(inner, any); ok && !strings.HasSuffix(cut, `\`) {
				inner = cut + ".*"
				break
			}
		}
	}
	if server, ok := ParseMCPServerPattern(serverTemplate, inner); ok {
		return canonical.MCP{Server: server}, true
	}
	if inner == strings.ReplaceAll(serverTemplate, "{server}", ".*") {
		return canonical.MCP{Server: canonical.AnyServer}, true
	}
	// Only where the server pattern is the prefix, the server and an open
	// rest: Kiro CLI's @{server} is a glob, and OpenCode's {server}_.*
	// has no prefix, so ".*" would be every tool, not every MCP one.
	if prefix, _, _ := strings.Cut(serverTemplate, "{server}"); prefix != "" && strings.HasSuffix(serverTemplate, ".*") && inner == prefix+".*" {
		return canonical.MCP{Server: canonical.AnyServer}, true
	}
	return canonical.MCP{}, false
}
