// Package lint checks a tool's native hook config against what that tool
// really does with it, beyond what decoding reports: matchers the tool
// ignores or that can never match, hooks written twice. (A timeout that
// looks like the wrong unit, HC703, is reported by every decoder where it
// reads the tool's own timeout key: providers.ReadTimeout.) The decoders
// already report what the tool would reject outright (unknown events and
// keys, missing fields, handler types that never run, invalid patterns);
// these rules find configs that load fine and silently do something else.
//
// The rules read the native JSON tree of the families whose hooks sit
// under a "hooks" object keyed by event: nested groups
// ({"matcher", "hooks": [handler…]}) and flat entries (handler objects
// with their own "matcher").
package lint

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/vocab"
)

// Rule codes. Every code has a one-line description in `hookconv explain`.
// CodeTimeoutUnit is reported by the decoders (providers.ReadTimeout and
// ReadSplitTimeout, which also says a Qwen Code timeout that its releases
// before 0.24.0 read in another unit), at the tool's own timeout key, not
// by these rules.
const (
	CodeMatcherIgnored = "HC701" // a matcher on an event that ignores matchers (warning)
	CodeNeverMatches   = "HC702" // a matcher that can never match: no tool, or no value the event has (warning)
	CodeTimeoutUnit    = "HC703" // a timeout that looks like the wrong unit (warning)
	CodeDuplicate      = "HC704" // a hook written twice, byte for byte (warning)
	CodeExactAlternate = "HC705" // "|" in a matcher the tool compares as one exact string (warning)
)

// Rules runs every rule over a native config tree of the tool slug. It
// returns nothing for shapes it does not know (the decoder reports those).
func Rules(names *vocab.Tables, slug string, root *node.Node) diag.List {
	return rules(names, slug, root, true)
}

// ConversionRules runs the rules whose findings a conversion carries to
// the target: a matcher the tool ignores or that never matches (the hook
// does nothing, or everything, in its own tool, and may start doing
// something else on the target). A hook written twice converts to one written twice, which
// says nothing new: duplicates are left to validate, which they cost a
// copy of every hook to find.
func ConversionRules(names *vocab.Tables, slug string, root *node.Node) diag.List {
	return rules(names, slug, root, false)
}

func rules(names *vocab.Tables, slug string, root *node.Node, duplicates bool) diag.List {
	prov, ok := names.Provider(slug)
	if !ok || root == nil || root.Kind != node.Object {
		return nil
	}
	events := root.Get("hooks")
	if events == nil || events.Kind != node.Object {
		return nil
	}
	l := &linter{names: names, prov: prov}
	if duplicates {
		l.seen = map[string]diag.Pos{}
	}
	version := root.Get("version")
	versioned := version != nil && version.Kind == node.Number
	for _, f := range events.Fields {
		rows := names.DecodeEvent(slug, f.Key)
		if len(rows) == 0 && versioned {
			// Another tool's names the tool reads in a versioned file
			// (VS Code: Copilot CLI's), with its own event's rules.
			rows = names.DecodeVersionedEvent(slug, f.Key)
		}
		if len(rows) == 0 || f.Value.Kind != node.Array {
			continue // unknown event or wrong shape: the decoder's to report
		}
		for i, item := range f.Value.Items {
			l.item(f.Key, rows[0], item, at{event: f.Key, item: i, handler: -1})
		}
	}
	return l.ds
}

type linter struct {
	names *vocab.Tables
	prov  vocab.Provider
	ds    diag.List
	// seen maps a hook's compact JSON (event and handler, with its
	// group's matcher) to where it first appeared; nil when duplicates
	// are not looked for.
	seen map[string]diag.Pos
	// clean holds the matchers the rules found nothing in, by event and
	// spelling: a large config's thousands of groups spell a few
	// matchers, and the rules (a tool-name look-up per name, an edit
	// distance to each) cost more than the decode of the group.
	clean map[cleanMatcher]bool
}

// cleanMatcher is a matcher spelling under one native event.
type cleanMatcher struct{ event, text string }

// at is where in the file a rule looks: an item of an event's list, one
// of a nested group's handlers (handler ≥ 0), a key of either. It is
// spelled ("hooks.PreToolUse[0].hooks[1].timeout") only for a diagnostic:
// a large config's thousands of clean hooks need no path.
type at struct {
	event   string
	item    int
	handler int
	key     string
}

// with is the path of key below a.
func (a at) with(key string) at { a.key = key; return a }

func (a at) String() string {
	s := "hooks." + a.event + "[" + strconv.Itoa(a.item) + "]"
	if a.handler >= 0 {
		s += ".hooks[" + strconv.Itoa(a.handler) + "]"
	}
	if a.key != "" {
		s += "." + a.key
	}
	return s
}

// item lints one element of an event's list: a nested group or a flat
// entry.
func (l *linter) item(event string, row vocab.NativeEvent, item *node.Node, p at) {
	if item.Kind != node.Object {
		return
	}
	matcher := item.Get("matcher")
	l.matcher(event, row, matcher, p.with("matcher"))
	handlers := []*node.Node{item}
	nested := false
	if hs := item.Get("hooks"); hs != nil && hs.Kind == node.Array {
		handlers, nested = hs.Items, true
	}
	group := ""
	if matcher != nil && l.seen != nil {
		group = string(node.AppendCompact(nil, matcher))
	}
	for i, h := range handlers {
		if h.Kind != node.Object {
			continue
		}
		hp := p
		if nested {
			hp.handler = i
		}
		if l.seen == nil {
			continue
		}
		key := event + "\x00" + group + "\x00" + string(node.AppendCompact(nil, h))
		if first, dup := l.seen[key]; dup {
			effect := "runs it twice"
			if l.prov.RunsDuplicatesOnce {
				effect = "runs it once, so the copy does nothing"
			}
			l.ds.Warnf(CodeDuplicate, h.Pos, hp.String(), "delete one of them",
				"this hook repeats the one at line %d exactly: %s %s", first.Line, l.prov.Name, effect)
			continue
		}
		l.seen[key] = h.Pos
	}
}

// matcher applies the matcher rules for the event's kind of matcher.
func (l *linter) matcher(event string, row vocab.NativeEvent, m *node.Node, p at) {
	if m == nil || m.Kind != node.String || strings.TrimSpace(m.Text) == "" || m.Text == "*" {
		return
	}
	// What the rules say depends on the event and the spelling alone; a
	// spelling they found fault with is read again at each place, to be
	// said there too.
	k := cleanMatcher{event, m.Text}
	if l.clean[k] {
		return
	}
	before := len(l.ds)
	l.matcherRules(event, row, m, p)
	if len(l.ds) == before {
		if l.clean == nil {
			l.clean = map[cleanMatcher]bool{}
		}
		l.clean[k] = true
	}
}

// matcherRules applies the matcher rules for the event's kind of matcher.
func (l *linter) matcherRules(event string, row vocab.NativeEvent, m *node.Node, p at) {
	switch row.Matcher {
	case vocab.MatchNone:
		ignores := l.prov.Name + " ignores matchers on " + event
		if row.MatcherUndocumented {
			// QA s28 q3 F9: said as a fact, it was an assumption.
			ignores = l.prov.Name + " documents no matcher on " + event + ", so hookconv takes it to ignore matchers there"
		}
		l.ds.Warnf(CodeMatcherIgnored, m.Pos, p.String(), "remove the matcher, or test the condition inside the hook",
			"%s: this hook runs every time, whatever %q says", ignores, m.Text)
	case vocab.MatchExact:
		if strings.Contains(m.Text, "|") {
			l.ds.Warnf(CodeExactAlternate, m.Pos, p.String(), "write one group per value",
				"%s compares the %s matcher as one exact string, so %q never matches; \"|\" does not separate values here", l.prov.Name, event, m.Text)
			return
		}
		l.values(event, row, m, p)
	case vocab.MatchValue:
		l.values(event, row, m, p)
	case vocab.MatchTool:
		l.mcpPrefix(m, p)
		l.wrongCase(m, p, event != row.Name)
		l.wholeNames(m, p)
	}
}

// wholeNames warns about a list of names, in a tool that matches a regex
// against the whole tool name (Copilot CLI), with a name no tool has: one
// with a comma or white space in it ("bash,edit", "bash | edit"). Claude
// Code splits such a list on commas and trims the names; there they are
// part of the one name the tool must be called, so the hook never fires.
func (l *linter) wholeNames(m *node.Node, p at) {
	if !l.prov.AnchoredPatterns || strings.ContainsAny(m.Text, canonical.RegexSyntaxBesidesBar) {
		return
	}
	var bad, names []string
	for _, part := range strings.Split(m.Text, "|") {
		if part != "" && !canonical.IsToolName(part) {
			bad = append(bad, part)
		}
		for _, name := range strings.Split(part, ",") {
			if name = strings.TrimSpace(name); name != "" {
				names = append(names, name)
			}
		}
	}
	if len(bad) == 0 {
		return
	}
	hint := "name the tools the hook is meant for"
	if len(names) > 0 {
		hint = "separate the names with \"|\" alone: " + strconv.Quote(strings.Join(names, "|"))
	}
	l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), hint,
		"%q is no %s tool: %s matches the matcher against the whole tool name and splits it only on \"|\", so a name with a comma or a space in it never matches", bad[0], l.prov.Name, l.prov.Name)
}

// values warns about a value in a plain matcher list that the event never
// has (SessionStart's source is startup, resume, clear, compact or fork:
// "Bash" there never matches), where the tables list the values.
func (l *linter) values(event string, row vocab.NativeEvent, m *node.Node, p at) {
	if len(row.Values) == 0 || strings.ContainsAny(m.Text, canonical.RegexSyntaxBesidesBar) {
		return // a regular expression is tested, not listed
	}
	for _, part := range strings.FieldsFunc(m.Text, func(r rune) bool { return r == '|' || r == ',' }) {
		part = strings.TrimSpace(part)
		if part == "" || slices.Contains(row.Values, part) {
			continue
		}
		hint := "use one of " + strings.Join(row.Values, ", ")
		if s := suggest.Closest(part, row.Values, 2); s != "" {
			hint = fmt.Sprintf("did you mean %q?", s)
		}
		l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), hint,
			"%q is no value of %s's %s matcher (%s), so it never matches", part, l.prov.Name, event, strings.Join(row.Values, ", "))
	}
}

// wrongCase warns about a name in a list of tool names that is a tool's
// name in another case ("bash" for Claude's Bash), where names compare
// case-sensitively: it never matches; or one edit from a tool's name
// (Bsh), a typo most likely, unless the tool reads it as a regex that a
// tool's name holds (regex_names: Cursor's "Shel" selects Shell). Under an event spelled as Claude
// Code spells it (Copilot CLI's PreToolUse), the tool's Claude names
// match too.
func (l *linter) wrongCase(m *node.Node, p at, claudeSpelling bool) {
	for _, part := range strings.Split(m.Text, "|") {
		if len(l.names.NamesHolding(l.prov.Slug, part)) > 0 {
			continue // found in a tool's name, as the tool reads a name (Gemini CLI's "shell")
		}
		part = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(part, "^"), "$"))
		if part == "" || strings.ContainsAny(part, canonical.RegexSyntax) {
			continue
		}
		if _, known := l.names.DecodeTool(l.prov.Slug, part); known {
			continue
		}
		if claudeSpelling && len(l.names.DecodeClaudeName(l.prov.Slug, part)) > 0 {
			continue
		}
		var names []string
		sameButCase := ""
		for _, n := range l.names.ToolsOf(l.prov.Slug) {
			names = append(names, n.Name)
			if strings.EqualFold(n.Name, part) && sameButCase == "" {
				sameButCase = n.Name
			}
		}
		switch {
		case sameButCase != "" && !l.prov.CaseSensitiveTools:
			// It matches: the tool compares names whatever their case.
		case sameButCase != "":
			l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), "write "+strconv.Quote(sameButCase),
				"%q is no %s tool: tool names are case-sensitive, so it never matches (%s's tool is %s)", part, l.prov.Name, l.prov.Name, sameButCase)
		case l.foreignTool(part, m, p):
		case l.prov.RegexNames && l.holdsName(part):
			// A regex found anywhere in a tool's name (Cursor's "Shel"
			// selects Shell): it matches, as a conversion reads it
			// (QA: HC702 said it may never match, where HC310 said in
			// the same run that it selected Shell).
		case len(part) >= 3 && !strings.HasPrefix(strings.ToLower(part), "mcp"):
			// One edit from a tool hookconv knows (Bsh for Bash): a typo,
			// most likely, rather than a tool the tables lack.
			if s := suggest.Closest(part, names, 1); s != "" {
				l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), "did you mean "+strconv.Quote(s)+"?",
					"%q is no %s tool hookconv knows, so it may never match", part, l.prov.Name)
			}
		}
	}
}

// foreignTool warns, and reports true, when part is another tool's name
// for a tool this one names differently: Claude Code's "Bash" in a Cursor
// matcher, where the shell tool is "Shell". Configs copied between tools
// keep such names, and the hook then never fires.
func (l *linter) foreignTool(part string, m *node.Node, p at) bool {
	for _, slug := range l.names.SortedSlugs() {
		if slug == l.prov.Slug {
			continue
		}
		t, ok := l.names.DecodeTool(slug, part)
		if !ok {
			continue
		}
		own, ok := l.names.EncodeTool(l.prov.Slug, t.Tool)
		if !ok || own.Name == part {
			continue
		}
		other, _ := l.names.Provider(slug)
		l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), "write "+strconv.Quote(own.Name),
			"%q is %s's name for its %s tool; %s calls it %s, so %q likely never matches", part, other.Name, t.Tool, l.prov.Name, own.Name, part)
		return true
	}
	return false
}

// holdsName reports whether a plain name is found in the name of one of
// the tool's tools, with case or without as the tool compares names.
func (l *linter) holdsName(part string) bool {
	fold := func(s string) string { return s }
	if !l.prov.CaseSensitiveTools {
		fold = strings.ToLower
	}
	for _, n := range l.names.ToolsOf(l.prov.Slug) {
		if n.Event == "" && strings.Contains(fold(n.Name), fold(part)) {
			return true
		}
	}
	return false
}

// mcpPrefix warns about a matcher alternative that names an MCP server
// without a tool part (Claude's "mcp__github"): tool names always have
// one, so it never matches.
//
// Not where every matcher is found anywhere in a tool's name (Gemini
// CLI): there "mcp_github" matches the tools of the server.
func (l *linter) mcpPrefix(m *node.Node, p at) {
	before, _, ok := strings.Cut(l.prov.MCP, "{server}")
	if !ok || before == "" || l.prov.NamesAnywhere {
		return
	}
	sep := strings.TrimSuffix(strings.TrimPrefix(l.prov.MCP[len(before):], "{server}"), "{tool}")
	for _, part := range strings.Split(m.Text, "|") {
		server, isMCP := strings.CutPrefix(part, before)
		if !isMCP || server == "" || strings.ContainsAny(server, ".*+?()[]{}^$\\") || (sep != "" && strings.Contains(server, sep)) {
			continue
		}
		fix := strings.NewReplacer("{server}", server).Replace(l.prov.MCPServer)
		if fix == part {
			// The tool's own spelling of "every tool of the server"
			// (Kiro CLI's @github; its @builtin, every built-in tool).
			continue
		}
		l.ds.Warnf(CodeNeverMatches, m.Pos, p.String(), "match every tool of the server with "+strconv.Quote(fix),
			"%q names an MCP server without a tool, so it never matches: %s tool names are %s", part, l.prov.Name, l.prov.MCP)
	}
}
