package kiro

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

// encoder renders the hooks of one manifest.
type encoder struct {
	*Adapter
	ds diag.List
	// used holds the hook names of the manifest and the ones generated so
	// far, so a generated name never repeats one.
	used  map[string]bool
	named []string // the generated names, for one note
	first string   // the path of the first hook named
	pos   diag.Pos // and its position
}

func newEncoder(a *Adapter, m *canonical.Manifest) *encoder {
	e := &encoder{Adapter: a, used: map[string]bool{}}
	for i := range m.Hooks {
		if n := m.Hooks[i].Name; n != "" {
			e.used[n] = true
		}
	}
	return e
}

// encodeHook renders one hook in the documented key order; ok is false
// (with a diagnostic) when it cannot be written.
func (e *encoder) encodeHook(h *canonical.Hook, i int) (*node.Node, bool) {
	row, ok := e.trigger(h, i)
	if !ok {
		return nil, false
	}
	action, ok := e.action(h, i)
	if !ok {
		return nil, false
	}
	pd := e.ownData(h, i)
	matcher, ok := e.matcherNode(h, i, row, pd)
	if !ok {
		return nil, false
	}
	e.unwritten(h, i)
	out := &node.Node{Kind: node.Object}
	add := func(k string, v *node.Node) {
		if v != nil {
			out.Fields = append(out.Fields, node.Field{Key: k, Value: v})
		}
	}
	add("name", str(e.name(h, i)))
	add("description", providers.KinValue(h, pd, kin, "description", node.String))
	add("trigger", str(row.Name))
	add("matcher", matcher)
	add("action", action)
	add("timeout", timeout(h, pd))
	add("enabled", providers.KinValue(h, pd, kin, "enabled", node.Bool))
	return out, true
}

// trigger is the native trigger of h: the table's, or the name of a
// Kiro-only event read from a Kiro file.
func (e *encoder) trigger(h *canonical.Hook, i int) (vocab.NativeEvent, bool) {
	if name, ok := strings.CutPrefix(h.Event, nested.VendorEvent(Slug, "")); ok && name != "" {
		return vocab.NativeEvent{Provider: Slug, Event: h.Event, Name: name, Matcher: vocab.MatchValue}, true
	}
	if rows := e.Names.EncodeEvent(Slug, h.Event); len(rows) > 0 {
		return rows[0], true
	}
	e.ds.Warnf(providers.CodeNotWritten, h.PosOf("event"), hookPath(h, i)+".event", "",
		"%s has no trigger for %s; %s was not written", e.Prov.Name, h.Event, h.DisplayName(i))
	return vocab.NativeEvent{}, false
}

// action renders the handler as a command or an agent action. Kiro's
// agent action hands a prompt to the agent itself, with its tools: an
// agent handler becomes one too, which the verify stage reads as a
// prompt handler.
func (e *encoder) action(h *canonical.Hook, i int) (*node.Node, bool) {
	hd := &h.Handler
	typ, key, text := "command", "command", hd.Command
	switch hd.Type {
	case canonical.HandlerCommand:
	case canonical.HandlerAgent:
		e.ds.Warnf(providers.CodeAgentAsPrompt, h.PosOf("handler.type"), hookPath(h, i)+".handler.type",
			"check that the prompt reads well as a message to Kiro's agent",
			"%s: Kiro has no subagent handlers: written as an agent action, which sends the prompt to Kiro's own agent and returns no decision", h.DisplayName(i))
		fallthrough
	case canonical.HandlerPrompt:
		typ, key, text = "agent", "prompt", hd.Prompt
	default:
		e.ds.Warnf(providers.CodeNotWritten, h.PosOf("handler.type"), hookPath(h, i)+".handler.type", "rewrite it as a command",
			"%s is %s handler; Kiro runs command and agent actions only, so it was not written", h.DisplayName(i), diag.A(hd.Type))
		return nil, false
	}
	if strings.TrimSpace(text) == "" {
		e.ds.Warnf(providers.CodeNotWritten, h.PosOf("handler"), hookPath(h, i)+".handler", "",
			"%s has no %s to run; not written", h.DisplayName(i), key)
		return nil, false
	}
	return &node.Node{Kind: node.Object, Fields: []node.Field{
		{Key: "type", Value: str(typ)},
		{Key: key, Value: str(text)},
	}}, true
}

// matcherNode is the "matcher" of a hook under row (nil: none). On tool
// triggers it spells the canonical matcher; on the others only Kiro's own
// matcher (a file-path regex) has a meaning there.
func (e *encoder) matcherNode(h *canonical.Hook, i int, row vocab.NativeEvent, pd *node.Node) (*node.Node, bool) {
	if row.Matcher == vocab.MatchTool {
		if v := pd.Get("$matcher"); v != nil && canonical.SameMatcher(e.decodeMatcher(v.Text), h.Matcher) {
			return v, true // the source's own spelling
		}
		text, ok := e.encodeMatcher(&e.ds, h, i)
		if !ok || text == "" {
			return nil, ok
		}
		return str(text), true
	}
	if row.Matcher == vocab.MatchText {
		// A file trigger: its path regex is the hook's pattern matcher.
		if p, ok := h.Matcher.(canonical.Pattern); ok {
			return str(p.Regex), true
		}
		if v := pd.Get("$matcher"); v != nil {
			e.ds.Warnf(CodeBadData, h.PosOf("provider_data"), hookPath(h, i)+".provider_data.kiro.$matcher", `write the file filter as the hook's matcher: {"pattern": "…"}`,
				"%s: a file filter in provider_data is not written; hookconv reads and writes it as the hook's pattern matcher", h.DisplayName(i))
		}
		if h.Matcher != nil {
			e.ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), hookPath(h, i)+".matcher", "remove the matcher, or write a pattern over the file path",
				"%s: Kiro's %s trigger filters file paths, not tools, so the tool matcher is not written", h.DisplayName(i), row.Name)
		}
		providers.WarnValueMatcherDropped(&e.ds, e.Names, h, i, Slug, e.Prov.Name, row.Name)
		return nil, true
	}
	if h.Matcher != nil {
		e.ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), hookPath(h, i)+".matcher", "remove the matcher",
			"%s: Kiro's %s trigger does not select tools, so the tool matcher is not written", h.DisplayName(i), row.Name)
	}
	if v := pd.Get("$matcher"); v != nil {
		return v, true
	}
	providers.WarnValueMatcherDropped(&e.ds, e.Names, h, i, Slug, e.Prov.Name, row.Name)
	return nil, true
}

// encodeMatcher spells a canonical tool matcher as a Kiro regex: names
// joined by "|". ok is false (with a warning, when ds is not nil) when
// nothing of it exists in Kiro, so the hook could never fire.
func (a *Adapter) encodeMatcher(ds *diag.List, h *canonical.Hook, i int) (string, bool) {
	if h.Matcher == nil {
		return "", true
	}
	members := canonical.AnyOf{h.Matcher}
	if list, ok := h.Matcher.(canonical.AnyOf); ok {
		members = list
	}
	warn := func(code, format string, args ...any) {
		if ds != nil {
			ds.Warnf(code, h.PosOf("matcher"), hookPath(h, i)+".matcher", "", format, args...)
		}
	}
	var parts []string
	for _, m := range members {
		var spelled []string
		switch m := m.(type) {
		case canonical.ToolName:
			for _, t := range a.Names.EncodeTools(Slug, string(m)) {
				spelled = append(spelled, t.Name)
			}
			if _, known := a.Names.Tool(string(m)); !known {
				spelled = []string{string(m)} // a literal native name (spec §4)
			}
		case canonical.Pattern:
			spelled = []string{m.Regex}
		case canonical.MCP:
			// Kiro's spelling of MCP tools in matchers is undocumented.
		}
		if len(spelled) == 0 {
			warn(nested.CodeLostMatcher, "%s: Kiro has no equivalent of %s; that part of the matcher is dropped", h.DisplayName(i), canonical.MatcherText(m))
			continue
		}
		for _, part := range spelled {
			if !slices.Contains(parts, part) {
				parts = append(parts, part)
			}
		}
	}
	if len(parts) == 0 {
		if ds != nil {
			ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), hookPath(h, i)+".matcher", providers.NeverFiresHint(h, providers.ToolsInstead("Kiro", Slug)),
				"%s: nothing of its matcher exists in Kiro, so it could never fire; not written%s", h.DisplayName(i), providers.GuardLost(h, "Kiro"))
		}
		return "", false
	}
	return providers.JoinAlternatives(parts), true
}

// name is the hook's name, or a generated one: Kiro requires a name. It
// is "hook N" after the hook's position, made unique if a hook already has
// that name.
func (e *encoder) name(h *canonical.Hook, i int) string {
	if h.Name != "" {
		return h.Name
	}
	base := h.DisplayName(i)
	name := base
	for k := 2; e.used[name]; k++ {
		name = fmt.Sprintf("%s (%d)", base, k)
	}
	e.used[name] = true
	if len(e.named) == 0 {
		e.first, e.pos = hookPath(h, i), h.PosOf("")
	}
	e.named = append(e.named, name)
	return name
}

// reportNamed says, once, which names were generated.
func (e *encoder) reportNamed() {
	if len(e.named) == 0 {
		return
	}
	e.ds.Infof(CodeNamed, e.pos, e.first, "give the hooks names in the source to choose them",
		"Kiro requires every hook to have a name; named %d hook(s) after their position: %s", len(e.named), strings.Join(e.named, ", "))
}

// timeout is the "timeout" of a hook: its canonical timeout in seconds,
// or Kiro's own 0.
func timeout(h *canonical.Hook, pd *node.Node) *node.Node {
	if h.Handler.Timeout > 0 {
		return canonical.Number(h.Handler.Timeout)
	}
	return pd.Get("timeout")
}

// pdKinds are the keys of provider_data["kiro"] and their JSON types.
var pdKinds = map[string]node.Kind{
	"description": node.String, "enabled": node.Bool, "timeout": node.Number, "$matcher": node.String,
}

// ownData returns the hook's provider_data["kiro"], without the values
// Kiro would not read: a hand-written manifest can hold anything there,
// and only documented keys of the right type are written.
func (e *encoder) ownData(h *canonical.Hook, i int) *node.Node {
	out := &node.Node{Kind: node.Object}
	raw := h.ProviderData[Slug]
	if len(raw) == 0 {
		return out
	}
	n, err := node.ParseJSON(raw, node.JSONOptions{})
	if err != nil || n.Kind != node.Object {
		return out
	}
	for _, f := range n.Fields {
		kind, known := pdKinds[f.Key]
		if !known && canonical.MarkFits(f.Key, f.Value) {
			// hookconv's own bookkeeping (the pipeline's "$from"
			// provenance on every hook a Kiro file gave a manifest):
			// never a key of Kiro's, so never written, and no user's
			// setting lost. A mark of a shape no decoder writes is
			// reported below, as any other value Kiro does not read.
			continue
		}
		if known && f.Value.Kind == kind && (f.Key != "timeout" || isZero(f.Value)) {
			out.Fields = append(out.Fields, f)
			continue
		}
		e.ds.Warnf(CodeBadData, h.PosOf("provider_data."+Slug), hookPath(h, i)+".provider_data."+Slug+"."+f.Key,
			"kiro's provider_data holds description (a string) and enabled (true or false)",
			"%s: provider_data.kiro.%s = %s is not something Kiro reads; not written", h.DisplayName(i), f.Key, string(node.AppendCompact(nil, f.Value)))
	}
	return out
}

// isZero reports whether a number node is 0 (Kiro's own "timeout": 0).
func isZero(n *node.Node) bool {
	f, ok := n.Float()
	return ok && f == 0
}

// unwritten reports canonical fields Kiro has no key for; the pipeline's
// degradation normally removed them already.
func (e *encoder) unwritten(h *canonical.Hook, i int) {
	providers.WarnUnwritten(&e.ds, h, i, e.Prov.Name, providers.AllBut("async", "cwd", "env", "model", "platform", "status_message"))
	providers.WarnTimeoutFailOpen(&e.ds, h, i, e.Prov)
}

func str(s string) *node.Node { return &node.Node{Kind: node.String, Text: s} }
