package providers

import (
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/uniq"
	"github.com/hookconv/hookconv/vocab"
)

// AppendTools appends to list the canonical tools a native tool name
// does (vocab's DecodeTools: Cursor's Write is file_write and file_edit),
// skipping those already in it. ok is false for a name the tool lacks.
func AppendTools(list canonical.AnyOf, names *vocab.Tables, slug, native string) (canonical.AnyOf, bool) {
	tools := names.DecodeTools(slug, native)
	for _, t := range tools {
		if m := canonical.ToolName(t); !slices.Contains(list, canonical.Matcher(m)) {
			list = append(list, m)
		}
	}
	return list, len(tools) > 0
}

// AddTools adds to list every canonical tool of a native name, as
// AppendTools appends them, for a list that may grow long (uniq.List).
func AddTools(list *uniq.List[canonical.Matcher], names *vocab.Tables, slug, native string) bool {
	tools := names.DecodeTools(slug, native)
	for _, t := range tools {
		list.Add(canonical.ToolName(t))
	}
	return len(tools) > 0
}

// Single is a list's one member, the list itself when it has more, and
// nil when it is empty: the canonical form of a decoded matcher.
func Single(list canonical.AnyOf) canonical.Matcher {
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	return list
}

// AnyName reports whether a tool matcher is a regex that matches every
// name (".*", "^.*$"): every tool, as "*" is. Read as a pattern it would
// reach split-event tools (Windsurf, Kiro IDE) as one that names no
// category, and the hook would be left out.
func AnyName(s string) bool {
	switch strings.TrimSpace(s) {
	case ".*", "^.*$", "^.*", ".*$", "(.*)", "^(.*)$":
		return true
	}
	return false
}

// serverlessMCPTool reads one name of a matcher as an MCP tool where the
// tool spells MCP tools without their server (Cursor's MCP:<tool>, its
// providers row's mcp): the tool's name, matched on every server.
func serverlessMCPTool(names *vocab.Tables, slug, part string) (string, bool) {
	prov, _ := names.Provider(slug)
	if prov.MCP == "" || strings.Contains(prov.MCP, "{server}") {
		return "", false
	}
	prefix, suffix, _ := strings.Cut(prov.MCP, "{tool}")
	tool, ok := strings.CutPrefix(part, prefix)
	if !ok || !strings.HasSuffix(tool, suffix) {
		return "", false
	}
	tool = tool[:len(tool)-len(suffix)]
	if tool == "" || strings.ContainsAny(tool, canonical.RegexSyntax+" \t") {
		return "", false // MCP:.* is every MCP tool (mcpAll); MCP:read.* a pattern
	}
	return tool, true
}

// serverMCP reads one alternative of a matcher as MCP tools where the tool
// spells them with their server and no prefix of its own (Copilot CLI's
// <server>-<tool>, its providers row's mcp): a name the tool has no tool
// of is every server and tool it may name (my-server-list_items is
// my-server's list_items or my's server-list_items: nothing in the name
// says which), and the tool's "every tool of a server" pattern that
// server's tools. Only for names holding the separator, so a plain name
// of the tool's own stays one.
func serverMCP(names *vocab.Tables, slug, part string) ([]canonical.Matcher, bool) {
	prov, _ := names.Provider(slug)
	if !strings.Contains(prov.MCP, "{server}") {
		return nil, false
	}
	if !strings.ContainsAny(part, canonical.RegexSyntax) {
		if _, native := names.DecodeTool(slug, part); native {
			return nil, false
		}
		first, more, ok := ParseMCPSplits(prov.MCP, part)
		if !ok {
			return nil, false
		}
		out := []canonical.Matcher{first}
		for _, m := range more {
			out = append(out, m)
		}
		return out, true
	}
	if m, ok := MCPServerMatcher(prov.MCPServer, part); ok {
		return []canonical.Matcher{m}, true
	}
	if tool, ok := AnyServerTool(prov.MCP, part); ok {
		return []canonical.Matcher{canonical.MCP{Server: canonical.AnyServer, Tool: tool}}, true
	}
	return nil, false
}

// DecodeNameList reads a tool matcher that is a regex over the tool's
// native names (Cursor, Copilot, Kiro): "A|B" of names the tool has
// becomes canonical tools, mcpAll (the tool's spelling of "every MCP
// tool", "" for none) the MCP wildcard, "", "*" and white space every tool
// (nil); anything else stays a pattern, as written, since white space at
// its ends is part of what it matches (spec §4: never a guess).
func DecodeNameList(native string, names *vocab.Tables, slug, mcpAll string) canonical.Matcher {
	s := strings.TrimSpace(native)
	if s == "" || s == "*" || AnyName(s) {
		return nil
	}
	var out uniq.List[canonical.Matcher] // tool names and MCP tools: hashable
	for _, p := range strings.Split(s, "|") {
		if mcps, ok := serverMCP(names, slug, p); ok {
			// Copilot CLI's <server>-<tool>: every server and tool the
			// name may name, or a server's tools.
			for _, m := range mcps {
				out.Add(m)
			}
			continue
		}
		if mcpAll != "" && p == mcpAll {
			out.Add(canonical.MCP{Server: canonical.AnyServer})
			continue
		}
		var known bool
		if tool, ok := serverlessMCPTool(names, slug, p); ok {
			// Cursor's MCP:<tool>: that tool of whichever server.
			out.Add(canonical.MCP{Server: canonical.AnyServer, Tool: tool})
			continue
		}
		if !strings.ContainsAny(p, canonical.RegexSyntax) { // a name, not a regex
			known = AddTools(&out, names, slug, p)
		}
		if !known {
			return canonical.Pattern{Regex: native}
		}
	}
	return Single(out.Items)
}

// SplitAlternation splits a regex on its top-level '|', unwrapping one
// "^(a|b)$" or "(a|b)" group, capturing or not ("^(?:a|b)$", the form
// the anchored_patterns tools' decoders give a full-match list). It
// fails on anything it cannot read with certainty (escapes, classes,
// nested groups, flag groups such as "(?i:a|b)"). Decoders read a
// matcher's alternatives one by one with it, and verify compares them so.
func SplitAlternation(s string) ([]string, bool) {
	if strings.ContainsAny(s, `\[]{}`) {
		return nil, false
	}
	if inner, ok := groupInner(s); ok {
		return strings.Split(inner, "|"), true
	}
	if strings.ContainsAny(s, "()") {
		return nil, false
	}
	return strings.Split(s, "|"), true
}

// TopAlternatives splits a regex at each '|' outside groups, character
// classes and escapes: "^Bash$|(Read|Edit)" is "^Bash$" and
// "(Read|Edit)", what an encoder writes for a tool name beside a pattern.
// Each alternative selects, alone, the names it selects in the whole, so
// verify keys them one by one where SplitAlternation, which decoders read
// names with, gives up. Flags set at the top level ("a|(?i)b|c") reach
// every alternative after them: the one that sets them and the rest stay
// one part ("a", "(?i)b|c"). ok is false for what cannot be split with
// certainty: unbalanced groups, and \Q…\E quoting.
func TopAlternatives(re string) (parts []string, ok bool) {
	if strings.Contains(re, `\Q`) {
		return nil, false
	}
	start, flagged, unbalanced := 0, false, false
	depth := groupMarks(re, func(i, depth int) bool {
		switch re[i] {
		case '(':
			flagged = flagged || depth == 0 && flagGroup(re[i:])
		case ')':
			unbalanced = depth < 0
		case '|':
			if depth == 0 && !flagged {
				parts = append(parts, re[start:i])
				start = i + 1
			}
		}
		return !unbalanced
	})
	if unbalanced || depth != 0 {
		return nil, false
	}
	return append(parts, re[start:]), true
}

// WholeGroup returns what one group around all of re holds ("(a|(b))",
// "(?:^a$|b)"), which matches what re does: the open parenthesis first in
// re is closed by its last byte. ok is false for any other regex, and for
// a group with flags or a name.
func WholeGroup(re string) (string, bool) {
	body, ok := strings.CutPrefix(re, "(?:")
	if !ok {
		if body, ok = strings.CutPrefix(re, "("); !ok || strings.HasPrefix(body, "?") {
			return "", false
		}
	}
	// The group's own ) must be the last byte: "(a)|(b)" is no group
	// around all of it. (\Q…\E quotes parentheses: not read.)
	if strings.Contains(re, `\Q`) || !closesLast(re) {
		return "", false
	}
	return body[:len(body)-1], true
}

// closesLast reports whether the parenthesis opening re is closed by its
// last byte, outside escapes and classes.
func closesLast(re string) bool {
	closes := false
	groupMarks(re, func(i, depth int) bool {
		if re[i] == ')' && depth == 0 {
			closes = i == len(re)-1
			return false
		}
		return true
	})
	return closes
}

// SetsFlags reports whether re sets flags at its top level ("(?i)bash",
// "a|(?s)b"), which reach every alternative after them: joined before
// others, such a pattern would change what they match.
func SetsFlags(re string) bool {
	sets := false
	groupMarks(re, func(i, depth int) bool {
		sets = re[i] == '(' && depth == 0 && flagGroup(re[i:])
		return !sets
	})
	return sets
}

// groupMarks calls fn with the offset of each '(', ')' and '|' of re
// outside escapes and character classes, and the depth of the groups
// around it: for a parenthesis, those around its group. fn returns false
// to stop. It returns the depth after the last byte read, 0 for a regex
// whose groups all close.
func groupMarks(re string, fn func(i, depth int) bool) int {
	depth := 0
	for i := 0; i < len(re); i++ {
		switch re[i] {
		case '\\':
			i++
		case '[':
			i = classEnd(re, i) - 1 // its ']' (a pattern RE2 read closes it)
		case '(':
			if !fn(i, depth) {
				return depth
			}
			depth++
		case ')':
			depth--
			if !fn(i, depth) {
				return depth
			}
		case '|':
			if !fn(i, depth) {
				return depth
			}
		}
	}
	return depth
}

// JoinAlternatives joins a matcher's alternatives (names and patterns)
// into one regex, each in a group of its own where it sets flags at its
// top level: (?i)bash|Edit would match edit too, so the joined regex
// would select tools the matcher did not.
func JoinAlternatives(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "|")
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		if out[i] = p; SetsFlags(p) {
			out[i] = "(?:" + p + ")"
		}
	}
	return strings.Join(out, "|")
}

// flagGroup reports whether group, which starts with '(', sets flags for
// the rest of the regex ("(?i)", "(?-s)"), not only inside itself
// ("(?i:…)").
func flagGroup(group string) bool {
	rest, ok := strings.CutPrefix(group, "(?")
	if !ok {
		return false
	}
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == ')':
			return true
		case c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		default:
			return false // ':' of a scoped group, '<' or 'P' of a named one
		}
	}
	return false
}

// groupWraps are the groups SplitAlternation unwraps, anchored ones
// first. A "(?:" group must be tried before "(": cut as a "(" group,
// its "?:" would read as the start of the first alternative ("?:shell",
// which no tool's name holds: QA, HC900 on a copilot-cli "shell|Bash").
var groupWraps = [...][2]string{{"^(?:", ")$"}, {"^(", ")$"}, {"(?:", ")"}, {"(", ")"}}

// groupInner returns what one group around all of s holds, when that is
// alternatives without groups of their own.
func groupInner(s string) (string, bool) {
	for _, wrap := range groupWraps {
		if len(s) >= len(wrap[0])+len(wrap[1]) && strings.HasPrefix(s, wrap[0]) && strings.HasSuffix(s, wrap[1]) {
			inner := s[len(wrap[0]) : len(s)-len(wrap[1])]
			// "(?i:a|b)" is no "(" group around "?i:a|b": its flags
			// change what the names match.
			if !strings.ContainsAny(inner, "()") && !strings.HasPrefix(inner, "?") {
				return inner, true
			}
		}
	}
	return "", false
}

// GroupAnchored reports whether SplitAlternation reads s as one "^(a|b)$"
// (or "^(?:a|b)$") group, whose alternatives are each anchored at both
// ends: a name found anywhere in a tool's name (ToolsHolding) is then an
// exact one.
func GroupAnchored(s string) bool {
	_, ok := groupInner(s)
	return ok && strings.HasPrefix(s, "^(") && strings.HasSuffix(s, ")$") && !strings.ContainsAny(s, `\[]{}`)
}

// ToolsHolding reads one alternative of a tool matcher as a tool that
// finds every matcher anywhere in a tool's name reads it (vocab's
// NamesHolding: Gemini CLI's "shell" selects run_shell_command): as the
// canonical tools of the native tools whose names hold it, as if they
// had been listed. ok is false where no tool is read so.
func ToolsHolding(names *vocab.Tables, prov vocab.Provider, alt string) (canonical.AnyOf, bool) {
	var out canonical.AnyOf
	for _, name := range names.NamesHolding(prov.Slug, alt) {
		out, _ = AppendTools(out, names, prov.Slug, name)
	}
	return out, len(out) > 0
}

// BuiltinTools reads a tool's "every built-in tool" matcher (the providers
// table's builtin_matcher: Kiro's "@builtin") as the canonical tools of
// every built-in tool the tools table knows the tool by, so each target
// gets its own names for them; nil when the table knows none.
func BuiltinTools(names *vocab.Tables, slug string) canonical.Matcher {
	var list canonical.AnyOf
	for _, row := range names.ToolsOf(slug) {
		if row.Event == "" {
			list, _ = AppendTools(list, names, slug, row.Name)
		}
	}
	if len(list) == 0 {
		return nil
	}
	return Single(list)
}
