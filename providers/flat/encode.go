package flat

import (
	"fmt"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/uniq"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// EncodeTree renders hooks as the value of the native "hooks" key: events
// in order of first appearance, entries never reordered.
func (c *Codec) EncodeTree(m *canonical.Manifest) (*node.Node, diag.List) {
	c.load()
	// Each hook is encoded on its own, so a large list is encoded in
	// chunks at once (internal/parallel), each with its own arena, entries
	// and diagnostics; the entries are then put under their events in
	// order, which is cheap and decides the layout.
	chunks := parallel.Chunks(len(m.Hooks))
	parts := make([]encodedPart, len(chunks))
	parallel.Do(chunks, func(k int, r parallel.Range) {
		// The output tree is built whole and dropped whole once written:
		// carve its nodes from an arena (an entry takes ~5).
		a := &node.Arena{Expect: 6*(r.To-r.From) + 8}
		// Most hooks make one entry: room for one each up front, rather
		// than growing the list by doubling (~1 MB of copies in 10,000).
		parts[k].entries = make([]encodedEntry, 0, r.To-r.From)
		for i := r.From; i < r.To; i++ {
			c.encodeHook(&parts[k], m, i, a)
		}
	})
	var ds diag.List
	out := &node.Node{Kind: node.Object}
	lists := map[string]*node.Node{}
	noted := map[string]bool{} // events whose note was said
	for _, p := range parts {
		// Each entry's diagnostics, then the event's note at the first
		// entry it is about (a note about exit codes is not about an http
		// hook): the order one goroutine would have produced.
		from := 0
		for _, e := range p.entries {
			ds = append(ds, p.ds[from:e.diagsEnd]...)
			from = e.diagsEnd
			if e.note != "" && !noted[e.event] {
				noted[e.event] = true
				if h := &m.Hooks[e.hook]; !e.warned {
					ds.Infof(nested.CodeEventNote, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(e.hook)), "", "%s", e.note)
				}
			}
			list := lists[e.event]
			if list == nil {
				list = &node.Node{Kind: node.Array}
				lists[e.event] = list
				out.Fields = append(out.Fields, node.Field{Key: e.event, Value: list})
			}
			list.Items = append(list.Items, e.entry)
		}
		ds = append(ds, p.ds[from:]...)
	}
	return out, ds
}

// encodedPart is a chunk of hooks as encoded: their entries and their
// diagnostics, each in hook order.
type encodedPart struct {
	entries []encodedEntry
	ds      diag.List
	data    providers.DataMemo // the chunk's hooks' own provider_data, parsed once per shared copy
}

// encodedEntry is one native entry of a hook, before it is put under its
// event.
type encodedEntry struct {
	hook        int    // the hook's index in the manifest
	event, note string // the native event, and what this hook must know about it (vocab.NativeEvent.NoteOn)
	warned      bool   // the note was said as a warning at the hook (nested.WarnGatedGuard)
	entry       *node.Node
	diagsEnd    int // the end of the diagnostics said up to this entry, in its part's list
}

// encodeHook adds hook i's entries (one per native event it is written
// under; none when it cannot be written) and diagnostics to part p.
func (c *Codec) encodeHook(p *encodedPart, m *canonical.Manifest, i int, a *node.Arena) {
	ds := &p.ds
	h := &m.Hooks[i]
	if h.Handler.Type == canonical.HandlerAgent {
		copied := *h
		if providers.AgentAsPrompt(&copied, c.d.Accepts, c.Prov.Name, ds, fmt.Sprintf("hooks[%d]", h.SourceIndex(i))) {
			h = &copied
		}
	}
	if !c.accepts(h) {
		ds.Errorf(nested.CodeTypeNotRun, h.PosOf("handler.type"), fmt.Sprintf("hooks[%d].handler.type", h.SourceIndex(i)), "degrade or remove the hook",
			"%s does not run %s handlers; %s was not written", c.Prov.Name, h.Handler.Type, h.DisplayName(i))
		return
	}
	pd := p.data.Own(h, c.d.Slug)
	var one [1]vocab.NativeEvent // the common case, without a slice per hook
	rows, ok := c.nativeEvents(ds, h, i, pd, one[:0])
	if !ok {
		return
	}
	providers.WarnUnwritten(ds, h, i, c.Prov.Name, c.d.writes)
	if c.failClosedKey() == "" { // with failClosed a timeout blocks
		providers.WarnTimeoutFailOpen(ds, h, i, c.Prov)
	}
	for _, row := range rows {
		if entry, ok := c.entry(ds, h, i, pd, row, a); ok {
			note := row.NoteOn(h.Handler.Type == canonical.HandlerCommand)
			warned := nested.WarnGatedGuard(ds, h, i, &row, note)
			p.entries = append(p.entries, encodedEntry{hook: i, event: row.Name, note: note, warned: warned, entry: entry, diagsEnd: len(*ds)})
		}
	}
}

// entry builds one native entry of hook h under the native event row.
func (c *Codec) entry(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, row vocab.NativeEvent, a *node.Arena) (*node.Node, bool) {
	// Collected on the stack and carved once: a large config has
	// thousands of entries.
	var buf [16]node.Field
	fields := buf[:0]
	add := func(k string, v *node.Node) { fields = append(fields, node.Field{Key: k, Value: v}) }
	if c.d.AlwaysType && !typeAbsent(pd) || h.Handler.Type != c.d.DefaultType || pd.Get("$type") != nil {
		add("type", a.String(h.Handler.Type))
	}
	keys := pd.Get("$keys")
	var program, argv *node.Node
	execForm := false
	if c.d.ExecKey != "" && h.Handler.Type == canonical.HandlerCommand && len(h.Handler.Platform) == 0 {
		program, argv, execForm = providers.ExecForm(pd, h.Handler.Command, nil)
	}
	for _, f := range c.d.Fields {
		if execForm && f.Canonical == "command" {
			add(c.d.ExecKey, program)
			if argv != nil {
				add("args", argv)
			}
			continue
		}
		v := c.value(ds, h, i, f.Canonical, a)
		if v == nil && f.Canonical == "timeout" && h.Handler.Timeout == 0 && pd.Get("$zeroTimeout") != nil {
			v = a.New(node.Node{Kind: node.Number, Text: "0"}) // as the source had it ($zeroTimeout)
		}
		if v != nil {
			name := f.Native
			if f.Canonical == "command" && c.d.AnyOSKey != "" && h.Handler.Platform["windows"] == "" {
				// No Windows command of its own: the canonical command is
				// the one Windows runs too (Copilot's "bash" is not).
				name = c.d.AnyOSKey
			}
			if k := keys.Get(f.Canonical); k != nil && k.Kind == node.String {
				if !c.reads(k.Text, f.Canonical) {
					// A hand-edited mark: written, the entry would hold
					// another field than the hook's (Copilot's "powershell"
					// for its command), which verify calls a bug (HC900).
					at := "provider_data." + c.d.Slug + ".$keys"
					ds.Errorf(canonical.CodeMarkShape, h.PosOf(at), fmt.Sprintf("hooks[%d].%s", h.SourceIndex(i), at), "remove it: it is hookconv's own record of the native file; hand-editing it is not supported",
						"%s.%s is %q, which is not a key %s reads for %s", at, f.Canonical, k.Text, c.Prov.Name, f.Canonical)
					return nil, false
				}
				name = k.Text // the key the source used (an alias, or a Unix-only "bash")
			}
			add(name, v)
		}
	}
	switch {
	case len(row.Tools) > 0 || row.Alias:
		if v := pd.Get("$commandFilter"); v != nil {
			add("matcher", v)
		} else if v := pd.Get("$matcher"); v != nil {
			add("matcher", v)
		}
	case row.Matcher == vocab.MatchTool:
		text, ok := c.encodeMatcher(ds, h, i, h.Matcher)
		if !ok {
			return nil, false
		}
		claudeRules := c.d.ClaudeSpelling && pd.Get("$spelling") != nil
		own := false
		if v := pd.Get("$matcher"); v != nil && v.Kind == node.String && canonical.SameMatcher(c.decodeMatcherAs(v.Text, claudeRules), h.Matcher) {
			text, own = v.Text, true // the source's own spelling, "" included
		}
		if text != "" || own {
			add("matcher", a.String(text))
		}
	default:
		if v := pd.Get("$matcher"); v != nil {
			add("matcher", v)
		} else if text, slug, ok := c.carriedValueMatcher(h, row); ok {
			add("matcher", a.String(text))
			ds.Infof(nested.CodeMatcherCarried, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "",
				"%s: the %s matcher %q is kept for %s %s", h.DisplayName(i), slug, text, c.Prov.Name, row.Name)
		} else if row.ValuesUndocumented {
			providers.WarnValueMatcherUndocumented(ds, c.Names, h, i, c.d.Slug, c.Prov.Name, row.Name)
		} else if row.Matcher == vocab.MatchNone || row.Matcher == "" {
			providers.WarnValueMatcherDropped(ds, c.Names, h, i, c.d.Slug, c.Prov.Name, row.Name)
		} else {
			providers.WarnValueMatcherForeign(ds, c.Names, h, i, c.d.Slug, c.Prov.Name, row.Name)
		}
		providers.WarnMatcherIgnored(ds, c.Names, h, i, c.Prov, row.Name)
	}
	for _, f := range pd.Fields {
		if slices.Contains(c.d.Extra, f.Key) || (f.Key == c.failClosedKey() && c.failClosedKey() != "") {
			add(f.Key, f.Value)
		}
	}
	if c.failClosedKey() != "" && h.Blocking && h.Handler.TimeoutAction == canonical.TimeoutBlock && !slices.ContainsFunc(fields, func(f node.Field) bool { return f.Key == c.failClosedKey() }) {
		add(c.failClosedKey(), a.New(node.Node{Kind: node.Bool, Bool: true}))
	}
	return a.New(node.Node{Kind: node.Object, Fields: a.Fields(fields)}), true
}

// reads reports whether the tool reads native key for the canonical
// field: its own key or an alias of it (what a decoder records in
// "$keys").
func (c *Codec) reads(native, canon string) bool {
	return slices.Contains(c.d.Fields.CanonicalsOf(native), canon) || slices.Contains(c.d.Aliases.CanonicalsOf(native), canon)
}

// carriedValueMatcher is the value matcher a hook brings from a tool of
// the Claude-shaped family, for a tool that reads Claude's spelling
// (Copilot CLI: preCompact's manual|auto, notification's types), on an
// event of the target that takes a value matcher.
func (c *Codec) carriedValueMatcher(h *canonical.Hook, row vocab.NativeEvent) (text, slug string, ok bool) {
	if !c.d.ClaudeSpelling || row.Matcher == vocab.MatchNone || row.Matcher == "" || row.ValuesUndocumented {
		return "", "", false
	}
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		if slug == c.d.Slug || !nested.InFamily(slug) {
			continue
		}
		v := providers.OwnData(h, slug).Get("$matcher")
		if v != nil && v.Kind == node.String && strings.TrimSpace(v.Text) != "" && v.Text != "*" {
			return v.Text, slug, true
		}
	}
	return "", "", false
}

// nativeEvents picks the events a hook is written under: one, or — for a
// tool that names tools only through split events (Windsurf) — one per
// tool category its matcher covers, every category for "all tools".
// One event is appended to buf.
func (c *Codec) nativeEvents(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, buf []vocab.NativeEvent) ([]vocab.NativeEvent, bool) {
	if c.d.SplitOnly {
		if rows, split := c.splitRows(ds, h, i); split {
			return rows, len(rows) > 0
		}
	}
	row, ok := c.nativeEvent(ds, h, i, pd)
	return append(buf, row), ok
}

// splitRows maps a tool hook onto split events; split is false when the
// event has none (a lifecycle event). With ds nil it says nothing.
func (c *Codec) splitRows(ds *diag.List, h *canonical.Hook, i int) (rows []vocab.NativeEvent, split bool) {
	var all []vocab.NativeEvent
	for _, r := range c.Names.EventsOf(c.d.Slug) {
		if r.Event == h.Event && (len(r.Tools) > 0 || r.Alias) {
			all = append(all, r)
		}
	}
	if len(all) == 0 {
		return nil, false
	}
	if h.Matcher == nil {
		if len(all) > 1 && ds != nil {
			// "Every tool" becomes the tools these events cover: the
			// tool's others run no hooks at all. A guard should hear that.
			report := ds.Infof
			if h.Blocking {
				report = ds.Warnf
			}
			report(CodeExpanded, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "",
				"%s: every tool: written as one entry per %s event: %s; other tools run no hooks there, so the matcher now covers these only",
				h.DisplayName(i), c.Prov.Name, rowNames(all))
		}
		return all, true
	}
	members := canonical.AnyOf{h.Matcher}
	if a, ok := h.Matcher.(canonical.AnyOf); ok {
		members = a
	}
	path := func() string { return fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)) }
	pick := func(match func(vocab.NativeEvent) bool) bool {
		for _, r := range all {
			if match(r) {
				if !slices.ContainsFunc(rows, func(x vocab.NativeEvent) bool { return x.Name == r.Name }) {
					rows = append(rows, r)
				}
				return true
			}
		}
		return false
	}
	for _, m := range members {
		placed := false
		switch m := m.(type) {
		case canonical.ToolName:
			placed = pick(func(r vocab.NativeEvent) bool { return slices.Contains(r.Tools, string(m)) })
		case canonical.MCP:
			placed = pick(func(r vocab.NativeEvent) bool { return len(r.Tools) == 0 })
			if placed && (m.Server != canonical.AnyServer || m.Tool != "") && ds != nil {
				only := m.Server + "'s"
				if m.Server == canonical.AnyServer {
					only = m.Tool // one tool of every server (Cursor's MCP:<tool>)
				}
				ds.Warnf(CodeMCPServerLost, h.PosOf("matcher"), path(), "",
					"%s: %s cannot name an MCP server or tool: the hook now fires for every MCP tool, not only %s", h.DisplayName(i), c.Prov.Name, only)
			}
		case canonical.Pattern:
			// A regex names tools a split-event tool cannot select.
		}
		if !placed && ds != nil {
			ds.Warnf(nested.CodeLostMatcher, h.PosOf("matcher"), path(), "",
				"%s: %s has no event for %s; that part of the matcher is dropped", h.DisplayName(i), c.Prov.Name, canonical.MatcherText(m))
		}
	}
	switch {
	case ds == nil:
	case len(rows) == 0:
		ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), path(), providers.NeverFiresHint(h, providers.ToolsInstead(c.Prov.Name, c.Prov.Slug)),
			"%s: nothing of its matcher exists in %s, so it could never fire; not written%s", h.DisplayName(i), c.Prov.Name, providers.GuardLost(h, c.Prov.Name))
	case len(rows) > 1:
		ds.Infof(CodeExpanded, h.PosOf("matcher"), path(), "", "%s: written as one entry per %s event: %s",
			h.DisplayName(i), c.Prov.Name, rowNames(rows))
	}
	return rows, true
}

func rowNames(rows []vocab.NativeEvent) string {
	names := make([]string, len(rows))
	for k, r := range rows {
		names[k] = r.Name
	}
	return strings.Join(names, ", ")
}

// Expand returns the hooks the tool's file holds for m once written: a
// hook on several split events becomes one hook per event, each with the
// matcher that event stands for. The verify stage compares the written
// file with this, not with m.
func (c *Codec) Expand(m *canonical.Manifest) *canonical.Manifest {
	c.load()
	if !c.d.SplitOnly {
		return m
	}
	// The events first, to size the result: it holds thousands of
	// 400-byte hooks, and growing it would copy them all.
	type expansion struct {
		rows  []vocab.NativeEvent
		split bool
	}
	expansions := make([]expansion, len(m.Hooks))
	total := 0
	for i := range m.Hooks {
		x := &expansions[i]
		x.rows, x.split = c.splitRows(nil, &m.Hooks[i], i)
		if x.split {
			total += len(x.rows)
		} else {
			total++
		}
	}
	out := *m
	out.Hooks = make([]canonical.Hook, 0, total)
	for i, x := range expansions {
		h := &m.Hooks[i]
		if !x.split {
			out.Hooks = append(out.Hooks, *h)
			continue
		}
		for _, r := range x.rows {
			e := *h
			e.Matcher = c.splitMatcher(r)
			out.Hooks = append(out.Hooks, e)
		}
	}
	return &out
}

// nativeEvent picks the event an entry is written under: the split event
// it was read from when it still describes the hook, else the generic one.
func (c *Codec) nativeEvent(ds *diag.List, h *canonical.Hook, i int, pd *node.Node) (vocab.NativeEvent, bool) {
	prefix := "vendor." + c.d.Slug + "."
	if strings.HasPrefix(h.Event, prefix) {
		name := strings.TrimPrefix(h.Event, prefix)
		return vocab.NativeEvent{Provider: c.d.Slug, Event: h.Event, Name: name, Matcher: vocab.MatchValue}, true
	}
	if v := pd.Get("$spelling"); c.d.ClaudeSpelling && v != nil && v.Kind == node.String {
		for _, r := range c.Names.DecodeEvent(claudeCode, v.Text) {
			if enc := c.Names.EncodeEvent(c.d.Slug, h.Event); r.Event == h.Event && len(enc) > 0 {
				own := generic(enc)
				own.Name = v.Text
				return own, true
			}
		}
	}
	if v := pd.Get("$event"); v != nil && v.Kind == node.String {
		for _, r := range c.Names.DecodeEvent(c.d.Slug, v.Text) {
			if r.Event == h.Event && canonical.SameMatcher(c.splitMatcher(r), h.Matcher) {
				return r, true
			}
		}
	}
	if rows := c.Names.EncodeEvent(c.d.Slug, h.Event); len(rows) > 0 {
		return generic(rows), true
	}
	ds.Warnf(nested.CodeEventDropped, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(i)), "",
		"%s has no %s event; %s was not written", c.Prov.Name, h.Event, h.DisplayName(i))
	return vocab.NativeEvent{}, false
}

// encodeMatcher spells a canonical matcher in the tool's matcher: names
// joined by "|". ok is false (with a warning) when nothing of it exists in
// the tool, so the hook could never fire.
func (c *Codec) encodeMatcher(ds *diag.List, h *canonical.Hook, i int, m canonical.Matcher) (string, bool) {
	if m == nil {
		return "", true
	}
	members := canonical.AnyOf{m}
	if a, ok := m.(canonical.AnyOf); ok {
		members = a
	}
	warn := func(code, format string, args ...any) {
		if ds != nil {
			ds.Warnf(code, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), "", format, args...)
		}
	}
	var parts uniq.List[string]
	addPart := parts.Add
	for _, x := range members {
		switch x := x.(type) {
		case canonical.ToolName:
			if natives := c.Names.EncodeTools(c.d.Slug, string(x)); len(natives) > 0 {
				for _, t := range natives {
					addPart(t.Name)
				}
			} else if _, known := c.Names.Tool(string(x)); known {
				warn(nested.CodeLostMatcher, "%s: %s has no %s equivalent; that part of the matcher is dropped", h.DisplayName(i), x, c.Prov.Name)
			} else {
				addPart(string(x))
			}
		case canonical.Pattern:
			re := x.Regex
			if c.Prov.AnchoredPatterns && !providers.PlainNames(re) {
				re = providers.ToWholeName(re) // found anywhere, as the tool reads it (plain names are exact everywhere)
			}
			if strings.TrimSpace(re) != re {
				// The tool's decoders read a matcher's outer white space as
				// padding around names ("apply_patch " as the tool): a
				// group keeps it part of the regex, which matches the same.
				addPart("(" + re + ")")
				break
			}
			addPart(re)
		case canonical.MCP:
			switch {
			case strings.Contains(c.Prov.MCP, "{server}"):
				// Names with their server (Copilot CLI's <server>-<tool>).
				text, regex, ok := providers.MCPMatcher(c.Prov.MCP, c.Prov.MCPServer, x)
				switch {
				case !ok:
					warn(nested.CodeLostMatcher, "%s: %s cannot express the MCP matcher %s; dropped", h.DisplayName(i), c.Prov.Name, canonical.MatcherText(x))
				case !regex && strings.ContainsAny(text, canonical.RegexSyntax):
					addPart("^" + regexp.QuoteMeta(text) + "$") // a name with a "." in it, as the tool's regex reads it
				default:
					addPart(text)
				}
			case x.Tool != "" && c.Prov.MCP != "":
				name := strings.ReplaceAll(c.Prov.MCP, "{tool}", x.Tool)
				if strings.ContainsAny(name, canonical.RegexSyntax) {
					// The tool reads the matcher as a regular expression:
					// "MCP:read(x)" would not even compile, and
					// "MCP:read.file" would match more than the one tool.
					name = "^" + regexp.QuoteMeta(name) + "$"
				}
				addPart(name)
				if !strings.Contains(c.Prov.MCP, "{server}") && x.Server != canonical.AnyServer {
					warn(CodeMCPServerLost, "%s: %s names MCP tools without their server: %q matches %s of any server, not only %s",
						h.DisplayName(i), c.Prov.Name, x.Tool, x.Tool, x.Server)
				}
			case c.d.MCPAll != "":
				addPart(c.d.MCPAll)
				if x.Server == canonical.AnyServer {
					break
				}
				warn(CodeMCPServerLost, "%s: %s cannot name an MCP server: the hook now fires for every MCP tool, not only %s's",
					h.DisplayName(i), c.Prov.Name, x.Server)
			default:
				warn(nested.CodeLostMatcher, "%s: %s cannot express the MCP matcher %s; dropped", h.DisplayName(i), c.Prov.Name, canonical.MatcherText(x))
			}
		}
	}
	if len(parts.Items) == 0 {
		if ds != nil {
			ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), providers.NeverFiresHint(h, providers.ToolsInstead(c.Prov.Name, c.Prov.Slug)),
				"%s: nothing of its matcher exists in %s, so it could never fire; not written%s", h.DisplayName(i), c.Prov.Name, providers.GuardLost(h, c.Prov.Name))
		}
		return "", false
	}
	return providers.JoinAlternatives(parts.Items), true
}

// value renders a canonical field the way the dialect writes it.
func (c *Codec) value(ds *diag.List, h *canonical.Hook, i int, canon string, a *node.Arena) *node.Node {
	hd := &h.Handler
	opt := a.NonEmptyString
	if os, ok := strings.CutPrefix(canon, "platform."); ok {
		return opt(hd.Platform[os])
	}
	if s := providers.StringField(h, canon); s != nil {
		return opt(*s)
	}
	switch canon {
	case "env":
		return a.StringMap(hd.Env)
	case "headers":
		return a.StringMap(hd.Headers)
	case "allowed_env_vars":
		return a.StringArray(hd.AllowedEnvVars)
	case "timeout":
		return nested.EncodeTimeout(ds, h, i, c.Prov.Name, c.d.Timeout, a)
	}
	return nil
}

// typeAbsent reports whether the entry a hook was read from left out its
// default "type" ("$absent" holds "type"), which a dialect that always
// writes it then leaves out too.
func typeAbsent(pd *node.Node) bool {
	absent, _ := pd.Get("$absent").Strings()
	return slices.Contains(absent, "type")
}
