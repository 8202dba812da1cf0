package kiroagent

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// extraKeys are the documented keys of an entry that provider_data
// carries; nothing else is ever written into an entry but "matcher",
// "command" and "timeout_ms".
var extraKeys = []string{"max_output_size", "cache_ttl_seconds", "only_when_turn_complete"}

// encoder renders the hooks of one manifest.
type encoder struct {
	*Adapter
	ds diag.List
}

// encodeHooks renders the value of "hooks": triggers in order of first
// appearance, entries never reordered.
func (e *encoder) encodeHooks(m *canonical.Manifest) *node.Node {
	out := &node.Node{Kind: node.Object}
	lists := map[string]*node.Node{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		row, ok := e.trigger(h, i)
		if !ok || !e.runnable(h, i) {
			continue
		}
		pd, bad := ownData(h)
		e.reportBadData(h, i, bad)
		matchers, ok := e.matchers(h, i, row, pd)
		if !ok {
			continue
		}
		e.unwritten(h, i)
		list := lists[row.Name]
		if list == nil {
			list = &node.Node{Kind: node.Array}
			lists[row.Name] = list
			out.Fields = append(out.Fields, node.Field{Key: row.Name, Value: list})
		}
		timeout := e.timeoutMillis(h, i, pd) // once: a hook written as several entries is rounded and reported once
		for _, mt := range matchers {
			list.Items = append(list.Items, entry(h, pd, mt, timeout))
		}
	}
	return out
}

// trigger is the native trigger of h. Only the five documented triggers
// are ever written: Kiro CLI rejects the agent file over any other, so a
// Kiro CLI-only event read from a file is not written back either.
func (e *encoder) trigger(h *canonical.Hook, i int) (vocab.NativeEvent, bool) {
	if rows := e.Names.EncodeEvent(Slug, h.Event); len(rows) > 0 {
		return rows[0], true
	}
	hint := ""
	if strings.HasPrefix(h.Event, nested.VendorEvent(Slug, "")) {
		hint = "Kiro CLI rejects an agent file with a trigger it does not know"
	}
	e.ds.Warnf(providers.CodeNotWritten, h.PosOf("event"), hookPath(h, i)+".event", hint,
		"%s has no trigger for %s; %s was not written", e.Prov.Name, h.Event, h.DisplayName(i))
	return vocab.NativeEvent{}, false
}

// runnable reports whether h is a command Kiro CLI can run, with a
// warning if not.
func (e *encoder) runnable(h *canonical.Hook, i int) bool {
	switch {
	case h.Handler.Type != canonical.HandlerCommand:
		e.ds.Warnf(providers.CodeNotWritten, h.PosOf("handler.type"), hookPath(h, i)+".handler.type", "rewrite it as a command",
			"%s is %s handler; Kiro CLI agent hooks run shell commands only, so it was not written", h.DisplayName(i), diag.A(h.Handler.Type))
	case strings.TrimSpace(h.Handler.Command) == "":
		e.ds.Warnf(providers.CodeNotWritten, h.PosOf("handler.command"), hookPath(h, i)+".handler.command", "",
			"%s has no command to run; not written", h.DisplayName(i))
	default:
		return true
	}
	return false
}

// matchers are the "matcher" values of the entries h is written as (a nil
// element: an entry without one). On tool triggers each glob of the
// canonical matcher gets its own entry; on the others Kiro CLI ignores
// matchers, so only one read from a Kiro file is written back.
func (e *encoder) matchers(h *canonical.Hook, i int, row vocab.NativeEvent, pd *node.Node) ([]*node.Node, bool) {
	if row.Matcher != vocab.MatchTool {
		if h.Matcher != nil {
			e.ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), hookPath(h, i)+".matcher", "remove the matcher",
				"%s: Kiro CLI's %s trigger does not select tools, so the tool matcher is not written", h.DisplayName(i), row.Name)
		}
		if v := pd.Get("$matcher"); v != nil {
			return []*node.Node{v}, true
		}
		providers.WarnValueMatcherDropped(&e.ds, e.Names, h, i, Slug, e.Prov.Name, row.Name)
		return []*node.Node{nil}, true
	}
	texts, lost, ok := e.toolMatchers(h, pd)
	for _, l := range lost {
		e.ds.Warnf(nested.CodeLostMatcher, h.PosOf("matcher"), hookPath(h, i)+".matcher", "",
			"%s: Kiro CLI's matcher globs cannot say %s; that part of the matcher is dropped", h.DisplayName(i), l)
	}
	if !ok {
		e.ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), hookPath(h, i)+".matcher", providers.NeverFiresHint(h, providers.ToolsInstead("Kiro CLI", Slug)),
			"%s: nothing of its matcher exists in Kiro CLI, so it could never fire; not written%s", h.DisplayName(i), providers.GuardLost(h, "Kiro CLI"))
		return nil, false
	}
	if len(texts) == 0 {
		return []*node.Node{nil}, true
	}
	if len(texts) > 1 {
		e.ds.Infof(CodeExpanded, h.PosOf("matcher"), hookPath(h, i)+".matcher", "",
			"%s: a Kiro CLI entry has one matcher; written as %d entries: %s", h.DisplayName(i), len(texts), strings.Join(texts, ", "))
	}
	out := make([]*node.Node, len(texts))
	for k, t := range texts {
		out[k] = str(t)
	}
	return out, true
}

// toolMatchers are the matchers a hook on a tool trigger is written with:
// the source's own when it still means the same, else one glob per
// alternative of the canonical matcher (none: every tool). lost names
// what no glob can say; ok is false when nothing is left.
func (a *Adapter) toolMatchers(h *canonical.Hook, pd *node.Node) (texts, lost []string, ok bool) {
	if v := pd.Get("$matcher"); v != nil && canonical.SameMatcher(a.decodeMatcher(v.Text), h.Matcher) {
		return []string{v.Text}, nil, true
	}
	return a.globs(h.Matcher)
}

// globs spells a canonical matcher as Kiro globs, one per alternative.
func (a *Adapter) globs(m canonical.Matcher) (globs, lost []string, ok bool) {
	if m == nil {
		return nil, nil, true
	}
	members := canonical.AnyOf{m}
	if list, isList := m.(canonical.AnyOf); isList {
		members = list
	}
	for _, x := range members {
		got, spelled := a.memberGlobs(x)
		if !spelled {
			lost = append(lost, canonical.MatcherText(x))
		}
		for _, g := range got {
			if !slices.Contains(globs, g) {
				globs = append(globs, g)
			}
		}
	}
	return globs, lost, len(globs) > 0
}

// memberGlobs spells one member of a canonical matcher.
func (a *Adapter) memberGlobs(m canonical.Matcher) ([]string, bool) {
	switch m := m.(type) {
	case canonical.ToolName:
		if natives := a.Names.EncodeTools(Slug, string(m)); len(natives) > 0 {
			globs := make([]string, len(natives))
			for i, t := range natives {
				globs[i] = t.Name
			}
			return globs, true
		}
		if _, known := a.Names.Tool(string(m)); !known {
			return []string{string(m)}, true // a literal native name (spec §4)
		}
	case canonical.Pattern:
		if m.Regex == builtinRegex && a.Prov.BuiltinMatcher != "" {
			return []string{a.Prov.BuiltinMatcher}, true
		}
		return regexGlobs(m.Regex)
	case canonical.MCP:
		if g, ok := a.mcpGlob(m); ok {
			return []string{g}, true
		}
	}
	return nil, false
}

// mcpGlob spells an MCP matcher: @server/tool, @server, @* (every MCP
// tool) or @*/tool. Names with glob characters cannot be spelled, and a
// server named "builtin" needs @builtin/* (@builtin means the built-ins).
func (a *Adapter) mcpGlob(m canonical.MCP) (string, bool) {
	if isGlob(m.Tool) || strings.Contains(m.Tool, "/") || m.Server != canonical.AnyServer && (isGlob(m.Server) || strings.Contains(m.Server, "/")) {
		return "", false
	}
	server := m.Server
	if server == canonical.AnyServer {
		server = "*"
	}
	switch {
	case m.Tool != "":
		return providers.MCPName(a.Prov.MCP, server, m.Tool), true
	case server == "*":
		return "@*", true
	case server == "builtin":
		return providers.MCPName(a.Prov.MCP, server, "*"), true
	}
	return strings.ReplaceAll(a.Prov.MCPServer, "{server}", server), true
}

// entry renders one entry in the documented key order.
func entry(h *canonical.Hook, pd, matcher, timeout *node.Node) *node.Node {
	out := &node.Node{Kind: node.Object}
	add := func(k string, v *node.Node) {
		if v != nil {
			out.Fields = append(out.Fields, node.Field{Key: k, Value: v})
		}
	}
	add("matcher", matcher)
	add("command", str(h.Handler.Command))
	add("timeout_ms", timeout)
	for _, k := range extraKeys {
		add(k, pd.Get(k))
	}
	return out
}

// timeoutMillis is the entries' timeout_ms: the canonical seconds in
// whole milliseconds (rounded up and reported when they are not whole, so
// a timeout under a millisecond is 1, not Kiro's default), or Kiro's own 0.
func (e *encoder) timeoutMillis(h *canonical.Hook, i int, pd *node.Node) *node.Node {
	if ms := nested.EncodeTimeout(&e.ds, h, i, e.Prov.Name, nested.Millis, nil); ms != nil {
		return ms
	}
	return pd.Get("timeout_ms")
}

// ownData returns the hook's provider_data["kiro-agent"] without what
// Kiro CLI would not accept, and the fields left out: a hand-written
// manifest can hold anything there, and a wrongly typed value would make
// Kiro CLI reject the whole agent file.
func ownData(h *canonical.Hook) (valid *node.Node, bad []node.Field) {
	valid = &node.Node{Kind: node.Object}
	raw := h.ProviderData[Slug]
	if len(raw) == 0 {
		return valid, nil
	}
	n, err := node.ParseJSON(raw, node.JSONOptions{})
	if err != nil || n.Kind != node.Object {
		return valid, nil
	}
	for _, f := range n.Fields {
		if validData(f) {
			valid.Fields = append(valid.Fields, f)
		} else {
			bad = append(bad, f)
		}
	}
	return valid, bad
}

// validData reports whether a provider_data field is one an entry takes,
// with a value Kiro CLI reads.
func validData(f node.Field) bool {
	switch f.Key {
	case "max_output_size", "cache_ttl_seconds":
		_, ok := wholeNumber(f.Value)
		return ok
	case "timeout_ms":
		ms, ok := wholeNumber(f.Value)
		return ok && ms == 0
	case "only_when_turn_complete":
		return f.Value.Kind == node.Bool
	case "$matcher":
		return f.Value.Kind == node.String
	}
	// hookconv's other marks (the pipeline's "$from" provenance, the
	// "$env" and "$disabled" its warnings read) are bookkeeping, never
	// written, and no user's setting to warn about; one of a shape no
	// decoder writes is no mark of hookconv's, and is reported.
	return canonical.MarkFits(f.Key, f.Value)
}

// reportBadData warns about provider_data fields not written.
func (e *encoder) reportBadData(h *canonical.Hook, i int, bad []node.Field) {
	for _, f := range bad {
		e.ds.Warnf(CodeBadData, h.PosOf("provider_data."+Slug), hookPath(h, i)+".provider_data."+Slug+"."+f.Key,
			"kiro-agent's provider_data holds max_output_size and cache_ttl_seconds (whole numbers) and only_when_turn_complete (true or false)",
			"%s: provider_data.%s.%s = %s is not something Kiro CLI accepts in a hook entry; not written",
			h.DisplayName(i), Slug, f.Key, string(node.AppendCompact(nil, f.Value)))
	}
}

// unwritten reports canonical fields an entry has no key for; the
// pipeline's degradation normally removed them already.
func (e *encoder) unwritten(h *canonical.Hook, i int) {
	providers.WarnUnwritten(&e.ds, h, i, e.Prov.Name, providers.AllBut("async", "cwd", "env", "platform", "status_message"))
	providers.WarnTimeoutFailOpen(&e.ds, h, i, e.Prov)
}

// hookPath is the diagnostic path of a canonical hook.
func hookPath(h *canonical.Hook, i int) string { return fmt.Sprintf("hooks[%d]", h.SourceIndex(i)) }
