package nested

import (
	"github.com/hookconv/hookconv/internal/lazy"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
)

// matchAll reports whether a native matcher means "every tool".
func matchAll(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || s == "*"
}

// decodeMatcher recovers the canonical form of a native tool matcher
// (spec §4): a list of known names becomes bare tool names, MCP spellings
// become mcp objects, and anything else stays a pattern — never a guess.
func (c *Codec) decodeMatcher(s string) canonical.Matcher {
	if matchAll(s) || providers.AnyName(s) {
		return nil
	}
	if c.Prov.InvalidRegexExact && providers.JSRejects(s) != "" {
		// Gemini CLI compares a matcher its RegExp rejects with the
		// tool's name as an exact string (reference part 1 §2.5): that
		// one name, not an error (QA: "(legacy" stopped the whole
		// conversion, HC326). Read here, the encoder's reading of the
		// kept spelling agrees, so it is written back as it was.
		return canonical.Pattern{Regex: "^" + regexp.QuoteMeta(s) + "$"}
	}
	if c.d.ExactList(s) {
		parts := splitAny(s, c.d.ListSeparators)
		if len(parts) == 0 {
			// Only separators ("|", " , "): a list whose every name is
			// empty, and no tool's name is, so the hook never fires.
			// Kept as what it means, the empty name only, as Copilot
			// CLI's full-match "|" reads: an empty list is no matcher
			// a manifest can hold (HC162).
			return canonical.Pattern{Regex: providers.EmptyNameOnly}
		}
		out := make(canonical.AnyOf, 0, len(parts))
		for _, p := range parts {
			m, ok := c.nameOrLiteral(p)
			if !ok {
				// An exact list naming an unknown tool: keep its exact
				// meaning as an anchored pattern.
				return canonical.Pattern{Regex: "^(" + strings.Join(quoteAll(parts), "|") + ")$"}
			}
			out = appendFlat(out, m)
		}
		return single(out)
	}
	if parts, ok := providers.SplitAlternation(s); ok {
		whole := providers.GroupAnchored(s)
		out := make(canonical.AnyOf, 0, len(parts))
		for _, p := range parts {
			m, ok := c.regexPart(p, whole)
			if !ok {
				return canonical.Pattern{Regex: s}
			}
			out = appendFlat(out, m)
		}
		return single(out)
	}
	return canonical.Pattern{Regex: s}
}

func single(a canonical.AnyOf) canonical.Matcher {
	a = uniqueOf(a) // Bash|PowerShell both read as "shell"
	if len(a) == 1 {
		return a[0]
	}
	return a
}

// appendFlat appends a matcher to a list, the members of a list one by
// one (one native name can stand for several canonical tools).
func appendFlat(out canonical.AnyOf, m canonical.Matcher) canonical.AnyOf {
	if list, ok := m.(canonical.AnyOf); ok {
		return append(out, list...)
	}
	return append(out, m)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = regexp.QuoteMeta(s)
	}
	return out
}

// nameOrLiteral reads one exact name of a list: a known tool or MCP tool
// (literal), else the name itself, kept as a literal native name (spec
// §4: a bare string that is no canonical tool). So the known names of
// "Write|NotebookEdit" still move to other tools, where reading the whole
// list as one pattern would keep only Claude's spelling, which matches
// none of their tools. A name that is a canonical tool's (Claude's
// "shell" names nothing) stays unread: the list is then a pattern.
func (c *Codec) nameOrLiteral(name string) (canonical.Matcher, bool) {
	if m, ok := c.literal(name); ok {
		return m, true
	}
	if _, canon := c.Names.Tool(name); canon || !literalRE().MatchString(name) || strings.HasPrefix(name, "mcp__") {
		return nil, false
	}
	return canonical.ToolName(name), true
}

// literal reads one exact native name: a known tool or an MCP tool.
func (c *Codec) literal(name string) (canonical.Matcher, bool) {
	if tools, ok := providers.AppendTools(nil, c.Names, c.d.Slug, name); ok {
		return providers.Single(tools), true
	}
	if c.Prov.MCP != "" {
		if first, more, ok := providers.ParseMCPSplits(c.Prov.MCP, name); ok {
			if len(more) == 0 {
				return first, true
			}
			// Each server and tool the name may name: the guard then
			// fires in the target whichever the server is.
			any := canonical.AnyOf{first}
			for _, m := range more {
				any = append(any, m)
			}
			return any, true
		}
	}
	return nil, false
}

var literalRE = lazy.Regexp(`^[A-Za-z0-9_\-]+$`)

// regexPart reads one alternative of a regex matcher: an (optionally
// anchored) literal name, or an MCP server wildcard. whole says a
// "^(…)$" group anchored it at both ends. Where the tool finds even a
// plain name anywhere in a tool's name (Gemini CLI), a name no tool has
// selects the tools whose names hold it ("shell": run_shell_command), as
// the tool reads it; elsewhere a name is read as the tool of that name.
func (c *Codec) regexPart(p string, whole bool) (canonical.Matcher, bool) {
	inner := strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	if literalRE().MatchString(inner) {
		if m, ok := c.literal(inner); ok {
			return m, true
		}
		if whole {
			p = "^" + p + "$"
		}
		if tools, ok := providers.ToolsHolding(c.Names, c.Prov, p); ok {
			return providers.Single(tools), true
		}
		return nil, false
	}
	if m, ok := providers.MCPServerMatcher(c.Prov.MCPServer, inner); ok {
		return m, true
	}
	if tool, ok := providers.AnyServerTool(c.Prov.MCP, p); ok {
		return canonical.MCP{Server: canonical.AnyServer, Tool: tool}, true
	}
	return nil, false
}

// SplitValues splits a value matcher ("permission_prompt|idle_prompt",
// "startup, resume") into its values.
func SplitValues(s string) []string { return splitAny(s, "|,") }

func splitAny(s, seps string) []string {
	fields := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) })
	out := fields[:0]
	for _, f := range fields {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// matcherPart is one alternative of an encoded matcher.
type matcherPart struct {
	text  string
	regex bool // text is a regex, not an exact name
}

// encodeMatcher spells a canonical matcher in the dialect's matcher
// language. It returns the alternatives it could not express (a tool the
// provider does not have, an MCP form it cannot spell); ok is false when
// nothing at all is left, so the hook could never fire.
func (c *Codec) encodeMatcher(m canonical.Matcher) (native string, lost []string, ok bool) {
	if m == nil {
		return "", nil, true
	}
	members := canonical.AnyOf{m}
	if a, isAny := m.(canonical.AnyOf); isAny {
		members = a
	}
	var parts []matcherPart
	for _, x := range members {
		switch x := x.(type) {
		case canonical.ToolName:
			if natives := c.Names.EncodeTools(c.d.Slug, string(x)); len(natives) > 0 {
				for _, t := range natives {
					parts = append(parts, matcherPart{text: t.Name})
				}
			} else if _, known := c.Names.Tool(string(x)); known {
				lost = append(lost, string(x))
			} else {
				// Not a canonical name: a literal native name (spec §4).
				parts = append(parts, matcherPart{text: string(x)})
			}
		case canonical.Pattern:
			parts = append(parts, matcherPart{text: x.Regex, regex: true})
		case canonical.MCP:
			if text, regex, ok := providers.MCPMatcher(c.Prov.MCP, c.Prov.MCPServer, x); ok {
				parts = append(parts, matcherPart{text: text, regex: regex})
			} else {
				lost = append(lost, canonical.MatcherText(x))
			}
		}
	}
	if len(parts) == 0 {
		return "", lost, false
	}
	// file_edit and file_write are both apply_patch for Codex.
	return c.join(uniqueOf(parts)), lost, true
}

// uniqueOf keeps the first of each value, in order, in place. Short lists
// (nearly every matcher) are compared pairwise; a long alternation (a
// matcher of thousands of names) through a set, so the cost stays linear.
func uniqueOf[T comparable](list []T) []T {
	out := list[:0]
	if len(list) <= 16 {
		for _, v := range list {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return out
	}
	seen := make(map[T]bool, len(list))
	for _, v := range list {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// join writes alternatives as one matcher. Exact names alone form the
// tool's plain "A|B" list; once any alternative is a regex, the tool reads
// the whole matcher as an unanchored regex, so exact names are anchored
// to keep "Bash" from also matching "BashOutput".
func (c *Codec) join(parts []matcherPart) string {
	anyRegex := false
	for _, p := range parts {
		anyRegex = anyRegex || p.regex
	}
	texts := make([]string, len(parts))
	for i, p := range parts {
		switch {
		case !anyRegex:
			texts[i] = p.text
		case p.regex:
			// A list, or flags that would reach the alternatives after
			// it ((?i)x|^Edit$), stays in a group of its own.
			if len(parts) > 1 && (strings.Contains(p.text, "|") || providers.SetsFlags(p.text)) {
				texts[i] = "(" + p.text + ")"
			} else {
				texts[i] = p.text
			}
		default:
			texts[i] = "^" + regexp.QuoteMeta(p.text) + "$"
		}
	}
	out := strings.Join(texts, "|")
	if anyRegex && c.d.ExactList(out) {
		// A regex made only of name characters ("a|b_c") would be read as
		// a list of exact names; parentheses keep it a regex.
		return "(" + out + ")"
	}
	if !anyRegex && !c.d.ExactList(out) {
		// The tool would read the names as an unanchored regex (Gemini
		// always does; Codex once a name has a hyphen), and "write_file"
		// would also fire for mcp_fs_write_file: anchor every name.
		for i, p := range parts {
			texts[i] = "^" + regexp.QuoteMeta(p.text) + "$"
		}
		out = strings.Join(texts, "|")
	}
	return out
}
