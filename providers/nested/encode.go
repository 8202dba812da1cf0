package nested

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Further encoder codes.
const (
	CodeEventDropped = providers.CodeNotWritten // no native event for the hook (warning)
	CodeEventNote    = "HC322"                  // what to know about an event hooks were written under (info; a warning for a blocking hook on an event older releases skip)
)

// WarnGatedGuard warns (HC322, at the hook) about blocking hook i written
// under row, an event the tool's releases before row.Since skip (Qwen
// Code's UserPromptExpansion before 0.21.2): there its guard is lost,
// which the event's note, an info said once, leaves unweighed (QA q6 F1:
// check rated it full and --remove-source dropped the source's guard).
// It reports whether it warned: the note need not be said again as an
// info at that hook.
func WarnGatedGuard(ds *diag.List, h *canonical.Hook, i int, row *vocab.NativeEvent, note string) bool {
	if row.Since == "" || !h.Blocking || note == "" {
		return false
	}
	ds.Warnf(CodeEventNote, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(i)),
		"keep the hook in its source too wherever releases before "+row.Since+" are in use",
		"%s blocks, but %s: its guard is lost there", h.DisplayName(i), note)
	return true
}

// writtenMatcher is a group's matcher as written; present is false when
// the group has no "matcher" key at all.
type writtenMatcher struct {
	text    string
	present bool
}

// group is one native matcher group being built.
type group struct {
	key      groupKey
	matcher  writtenMatcher
	extra    *node.Node // documented group keys ($group)
	handlers []*node.Node
	at       int // its place in its event's groups
	// same is what passesSameTools compares of it (appendSameKey), once its
	// event's groups are indexed.
	same string
}

// eventGroups is the list of groups of one native event.
type eventGroups struct {
	native string
	groups []*group
	latest map[groupKey]*group // the newest group of each key
	noted  bool                // the event's note was said
	// lastSame is the newest group for each appendSameKey among the first
	// indexed groups (indexSame).
	lastSame map[string]*group
	indexed  int
}

// EncodeTree renders hooks as the value of a native "hooks" key: events in
// order of first appearance, one group per (event, matcher) in order of
// first appearance, handlers never reordered; a hook that would join its
// matcher's group before a later group for the same tools spelled
// otherwise opens a new group instead (passesSameTools).
func (c *Codec) EncodeTree(m *canonical.Manifest) (*node.Node, diag.List) {
	c.load()
	// Each hook is encoded on its own, so a large list is encoded in
	// chunks at once (internal/parallel), each with its own arena and
	// diagnostics; the hooks are then put into groups in order, which is
	// cheap and decides the layout.
	encoded := make([]encodedHook, len(m.Hooks))
	chunks := parallel.Chunks(len(m.Hooks))
	chunkDiags := make([]diag.List, len(chunks))
	arenas := make([]*node.Arena, len(chunks))
	parallel.Do(chunks, func(k int, r parallel.Range) {
		// The output tree is built whole and dropped whole once written:
		// carve its nodes from an arena (a handler takes ~5).
		a := &node.Arena{Expect: 6*(r.To-r.From) + 8}
		arenas[k] = a
		ds := &chunkDiags[k]
		var memo providers.DataMemo
		var last lastAsked
		for i := r.From; i < r.To; i++ {
			encoded[i] = c.encodeHook(ds, m, i, a, &memo, &last)
			encoded[i].diagsEnd = len(*ds)
		}
	})
	var ds diag.List
	a := arenas[0]
	var events []*eventGroups
	byEvent := map[string]*eventGroups{}
	// The last hook's event and group, by key: a large config's hooks
	// come in runs of one event and one group, and hashing their keys
	// for each of thousands of hooks was most of this loop's work.
	// lastGroup is always what ev.latest holds for lastKey.
	var lastEvent *eventGroups
	var lastKey groupKey
	var lastGroup *group
	k, from := 0, 0 // the chunk of hook i, and where its diagnostics start
	for i := range encoded {
		e := &encoded[i]
		// The hook's own diagnostics, then what grouping it adds: the
		// order one goroutine would have produced.
		for i >= chunks[k].To {
			k, from = k+1, 0
		}
		ds = append(ds, chunkDiags[k][from:e.diagsEnd]...)
		from = e.diagsEnd
		if !e.ok {
			continue
		}
		ev := lastEvent
		if ev == nil || ev.native != e.native {
			if ev = byEvent[e.native]; ev == nil {
				ev = &eventGroups{native: e.native, latest: map[groupKey]*group{}}
				byEvent[e.native] = ev
				events = append(events, ev)
			}
			lastEvent, lastGroup = ev, nil
		}
		// The event's note, at the first hook it is about (a note about
		// exit codes is not about an http hook), unless a warning at
		// the hook said it.
		if e.note != "" && !ev.noted {
			ev.noted = true
			if h := &m.Hooks[i]; !e.warned {
				ds.Infof(CodeEventNote, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(i)), "", "%s", e.note)
			}
		}
		matchers := e.split
		if matchers == nil {
			matchers = []writtenMatcher{e.matcher} // on the stack: only read here
		}
		for _, mt := range matchers {
			key := groupKey{event: e.native, matcher: mt.text, hasMatcher: mt.present, group: compact(e.extra)}
			g := lastGroup
			if g == nil || key != lastKey {
				g = ev.latest[key]
			}
			if g == nil || e.newGroup || c.passesSameTools(ev, g) {
				g = &group{key: key, matcher: mt, extra: e.extra, at: len(ev.groups)}
				ev.groups = append(ev.groups, g)
				ev.latest[key] = g
			}
			lastKey, lastGroup = key, g
			g.handlers = append(g.handlers, e.handler)
		}
	}
	out := &node.Node{Kind: node.Object}
	for _, ev := range events {
		list := &node.Node{Kind: node.Array, Items: make([]*node.Node, 0, len(ev.groups))}
		for _, g := range ev.groups {
			var buf [8]node.Field
			fields := buf[:0]
			if g.matcher.present {
				fields = append(fields, field("matcher", a.String(g.matcher.text)))
			}
			if g.extra != nil {
				fields = append(fields, g.extra.Fields...)
			}
			fields = append(fields, field("hooks", a.New(node.Node{Kind: node.Array, Items: g.handlers})))
			list.Items = append(list.Items, a.New(node.Node{Kind: node.Object, Fields: a.Fields(fields)}))
		}
		out.Fields = append(out.Fields, field(ev.native, list))
	}
	return out, ds
}

// passesSameTools reports whether a hook put into group g would run
// before a hook it follows that matches the same tools: one in a group
// after g whose matcher is spelled otherwise ("run_shell_command" after
// "^run_shell_command$", a target's own groups that migrate merges into)
// and whose group keys narrow it no differently (the providers table's
// filter_keys: Droid's commandRegex makes another group). Such a hook
// opens a group of its own at the end instead, so the hooks for one set
// of tools keep their order, as verify expects (QA: HC900) and as a tool
// that runs them one after the other (Gemini CLI's "sequential") runs
// them. Most groups are the event's last, and nothing is decoded for
// them.
//
// The groups are looked up by what the question compares (appendSameKey), not
// scanned: a manifest whose hooks alternate between two matchers asked
// it of every later group for each hook, quadratic (QA: 50,000 hooks
// took 7.5 s).
func (c *Codec) passesSameTools(ev *eventGroups, g *group) bool {
	if g.at == len(ev.groups)-1 {
		return false
	}
	c.indexSame(ev)
	return ev.lastSame[g.same] != g
}

// indexSame files the event's groups not yet filed under their appendSameKey,
// each the newest of its key so far: g is then the newest for its tools
// unless a later group is.
func (c *Codec) indexSame(ev *eventGroups) {
	if ev.lastSame == nil {
		ev.lastSame = map[string]*group{}
	}
	var buf []byte
	for _, g := range ev.groups[ev.indexed:] {
		buf = c.appendSameKey(buf[:0], g)
		g.same = string(buf)
		ev.lastSame[g.same] = g
	}
	ev.indexed = len(ev.groups)
}

// appendSameKey appends the key two groups share exactly when
// passesSameTools counts them as one: the tools their matchers fire for
// (appendToolsKey) and the values of the filter keys.
func (c *Codec) appendSameKey(b []byte, g *group) []byte {
	b = appendToolsKey(b, c.readMatcher(g.matcher))
	for _, k := range c.Prov.FilterKeys {
		b = node.AppendValueKey(b, g.extra.Get(k))
	}
	return b
}

// appendToolsKey appends the key two matchers share exactly when they
// name the same tools: the same matcher, or lists of the same members in
// another order ("Write|Edit", "Edit|Write"), so a list's member keys
// are sorted. It is prefix-free, so keys appended after it are told
// apart. The lists readMatcher returns hold each member once (single).
func appendToolsKey(b []byte, m canonical.Matcher) []byte {
	list, ok := m.(canonical.AnyOf)
	if !ok {
		return appendMatcherKey(b, m)
	}
	keys := make([]string, len(list))
	for i, x := range list {
		keys[i] = string(appendMatcherKey(nil, x))
	}
	slices.Sort(keys)
	b = append(b, '{')
	for _, k := range keys {
		b = append(b, k...)
	}
	return append(b, '}')
}

// appendMatcherKey appends a prefix-free key two matchers share exactly
// when canonical.SameMatcher holds (a list's members in order).
func appendMatcherKey(b []byte, m canonical.Matcher) []byte {
	switch m := m.(type) {
	case nil:
		return append(b, '*')
	case canonical.ToolName:
		return strconv.AppendQuote(append(b, 'n'), string(m))
	case canonical.Pattern:
		return strconv.AppendQuote(append(b, 'p'), m.Regex)
	case canonical.MCP:
		return strconv.AppendQuote(strconv.AppendQuote(append(b, 'm'), m.Server), m.Tool)
	case canonical.AnyOf:
		b = append(b, '[')
		for _, x := range m {
			b = appendMatcherKey(b, x)
		}
		return append(b, ']')
	}
	return strconv.AppendQuote(append(b, '?'), fmt.Sprintf("%T%#v", m, m))
}

// readMatcher is the canonical form of a group's matcher as written
// (none: every tool).
func (c *Codec) readMatcher(mt writtenMatcher) canonical.Matcher {
	if !mt.present {
		return nil
	}
	return c.decodeMatcher(mt.text)
}

// encodedHook is one hook as encoded, before grouping.
type encodedHook struct {
	ok     bool // false: the hook is not written (a diagnostic says why)
	native string
	note   string // what the hook must know about the native event (vocab.NativeEvent.NoteOn)
	warned bool   // the note was said as a warning at the hook (WarnGatedGuard)
	// matcher is the matcher of the group the hook joins, or split, when
	// set, those of the groups it joins (one per value, for a tool that
	// takes one exact value). A field, not a list of one: every hook has
	// one, and a list each cost ~10,000 allocations in 10,000 handlers.
	matcher  writtenMatcher
	split    []writtenMatcher
	handler  *node.Node
	extra    *node.Node // documented group keys ($group)
	newGroup bool       // the source started a new group here
	diagsEnd int        // the end of the hook's diagnostics in its part's list
}

// encodeHook encodes hook i of m on its own: its event, matchers and
// handler, carving nodes from a; memo and last are its chunk's.
func (c *Codec) encodeHook(ds *diag.List, m *canonical.Manifest, i int, a *node.Arena, memo *providers.DataMemo, last *lastAsked) encodedHook {
	h := &m.Hooks[i]
	native, row, ok := c.nativeEvent(ds, h, i, &last.event)
	if !ok {
		return encodedHook{}
	}
	if h.Handler.Type == canonical.HandlerAgent {
		copied := *h
		if providers.AgentAsPrompt(&copied, c.d.Accepts, c.Prov.Name, ds, fmt.Sprintf("hooks[%d]", h.SourceIndex(i))) {
			h = &copied
		}
	}
	if !c.d.Accepts(h.Handler.Type) && !keptWhole(memo.Own(h, c.d.Slug)) {
		ds.Errorf(CodeTypeNotRun, h.PosOf("handler.type"), fmt.Sprintf("hooks[%d].handler.type", h.SourceIndex(i)), "degrade or remove the hook",
			"%s does not run %s handlers; %s was not written", c.Prov.Name, h.Handler.Type, h.DisplayName(i))
		return encodedHook{}
	}
	pd := memo.Own(h, c.d.Slug)
	var matcher writtenMatcher
	var split []writtenMatcher
	if row.Matcher == vocab.MatchTool {
		mt, lost, ok := last.matcher.encoded(c, h.Matcher)
		if len(lost) > 0 || !ok {
			// Said of thousands of hooks of a large config whose matchers
			// name what the tool lacks (Qwen Code, an MCP tool): the words
			// but the hook's name and index are the codec's own, spelled
			// once (neverFiresWords), the rest joined as Warnf's format
			// would have.
			path, name := "hooks["+strconv.Itoa(h.SourceIndex(i))+"].matcher", h.DisplayName(i)
			w := c.neverFires()
			for _, l := range lost {
				ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLostMatcher, Pos: h.PosOf("matcher"), Path: path,
					Message: name + ": " + l + w.noEquivalent})
			}
			if !ok {
				hint, lostGuard := "", ""
				if h.Blocking { // as NeverFiresHint and GuardLost say
					hint, lostGuard = w.hint, w.guardLost
				}
				ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeNeverFires, Pos: h.PosOf("matcher"), Path: path, Hint: hint,
					Message: name + w.nothingLeft + lostGuard})
				return encodedHook{}
			}
		}
		wm := writtenMatcher{text: mt, present: mt != ""}
		if v := pd.Get("$matcher"); v != nil && v.Kind == node.String && canonical.SameMatcher(c.decodeMatcher(v.Text), h.Matcher) {
			wm = writtenMatcher{text: v.Text, present: true} // the source's own spelling
		}
		matcher = wm
	} else {
		matchers := c.valueMatchers(ds, h, i, pd, row)
		if matchers == nil {
			return encodedHook{} // none of its values ever occurs here
		}
		if matcher = matchers[0]; len(matchers) > 1 {
			split = matchers
		}
		if ev, _ := c.Names.Event(h.Event); ev.Subject != "tool" {
			if row.NeedsMatcher && h.Matcher != nil && !matcher.present {
				// Without a matcher the hook fires for nothing here: "it
				// fires every time" would be false (QA: said beside the
				// event's note that it may never run).
				ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)),
					"write the "+native+" matcher as the file names to watch (.envrc|.env)",
					"%s: its matcher %s cannot be written as the file names %s's %s takes: written without one, the hook watches no file and may never run",
					h.DisplayName(i), canonical.MatcherText(h.Matcher), c.Prov.Name, native)
			} else {
				providers.WarnMatcherIgnored(ds, c.Names, h, i, c.Prov, native)
			}
		}
	}
	// Its kindred tools' data, looked for once for both the handler and
	// the group (a map walk and a providers-table row each time).
	kin := c.kin(h)
	note := row.NoteOn(h.Handler.Type == canonical.HandlerCommand)
	return encodedHook{
		ok:       true,
		native:   native,
		note:     note,
		warned:   WarnGatedGuard(ds, h, i, &row, note),
		matcher:  matcher,
		split:    split,
		handler:  c.handlerNode(ds, h, i, pd, a, native, kin),
		extra:    c.groupExtra(h, pd, kin),
		newGroup: pd.Get("$newGroup") != nil && pd.Get("$newGroup").Bool,
	}
}

// keptWhole reports whether a hook's own data holds its handler as its
// tool wrote it (neverRuns).
func keptWhole(pd *node.Node) bool {
	kept := pd.Get(neverRuns)
	return kept != nil && kept.Kind == node.Object
}

// handlerNode is the hook's handler as written: one the tool never runs,
// read from its own config, as it was there (neverRuns); any other,
// encoded.
func (c *Codec) handlerNode(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, a *node.Arena, native string, kin []string) *node.Node {
	if !c.d.Accepts(h.Handler.Type) {
		return pd.Get(neverRuns) // encodeHook checked it is there
	}
	return c.encodeHandler(ds, h, i, pd, a, native, kin)
}

// lastAsked is what a chunk's last hook asked of the tables and of the
// matcher's translation, kept for the next: a config's hooks come grouped
// by event and by matcher.
type lastAsked struct {
	event   lastEvent
	matcher lastMatcher
}

// lastMatcher is encodeMatcher's answer for the tool matcher a chunk's
// last hook had. The hooks of a group share theirs, and translating it
// again for each (its names looked up and joined, MCP names spelled) was
// most of a large config's encoding allocations (BenchmarkEncode10k to
// Gemini CLI: ~9,000 of 26,000).
type lastMatcher struct {
	m     canonical.Matcher
	known bool
	text  string
	lost  []string // the same list for every hook given it: only read
	ok    bool
}

// encoded is c.encodeMatcher(m), remembered for the next hook.
func (l *lastMatcher) encoded(c *Codec, m canonical.Matcher) (native string, lost []string, ok bool) {
	if !l.known || !canonical.SameMatcher(l.m, m) {
		native, lost, ok = c.encodeMatcher(m)
		*l = lastMatcher{m: m, known: true, text: native, lost: lost, ok: ok}
	}
	return l.text, l.lost, l.ok
}

// lastEvent is the table's native event for the canonical event a
// chunk's last hook asked about (nativeEvent): a config's hooks come
// grouped by event, so most hooks ask what the one before them did, and
// asking the vocabulary again for each was ~1 % of a large conversion.
type lastEvent struct {
	event string
	row   vocab.NativeEvent
	found bool // row is the table's; false: it has none for event
}

// tableEvent is the first native event of the tool's table that names
// no tools for the canonical event, remembered in last.
func (c *Codec) tableEvent(event string, last *lastEvent) (vocab.NativeEvent, bool) {
	if last.event == event { // the zero lastEvent answers "" rightly: no row
		return last.row, last.found
	}
	*last = lastEvent{event: event}
	for _, r := range c.Names.EncodeEvent(c.d.Slug, event) {
		if len(r.Tools) == 0 {
			last.row, last.found = r, true
			break
		}
	}
	return last.row, last.found
}

// nativeEvent finds the native event name a hook is written under.
func (c *Codec) nativeEvent(ds *diag.List, h *canonical.Hook, i int, last *lastEvent) (string, vocab.NativeEvent, bool) {
	prefix := "vendor." + c.d.Slug + "."
	if strings.HasPrefix(h.Event, prefix) {
		native := strings.TrimPrefix(h.Event, prefix)
		return native, vocab.NativeEvent{Provider: c.d.Slug, Event: h.Event, Name: native, Matcher: vocab.MatchValue}, true
	}
	if r, ok := c.tableEvent(h.Event, last); ok {
		return r.Name, r, true
	}
	if bytes.Contains(h.ProviderData[c.d.Slug], []byte(`"$event"`)) {
		// A name the tool's own config held that hookconv only reads
		// (Codex's StopFailure): written back under it, as it was.
		if v := providers.OwnData(h, c.d.Slug).Get("$event"); v != nil && v.Kind == node.String {
			for _, r := range c.Names.DecodeEvent(c.d.Slug, v.Text) {
				if r.Event == h.Event {
					return r.Name, r, true
				}
			}
		}
	}
	ds.Warnf(CodeEventDropped, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(i)), "",
		"%s has no %s event; %s was not written", c.Prov.Name, h.Event, h.DisplayName(i))
	return "", vocab.NativeEvent{}, false
}

// valuesShared reports whether another family's value matcher (Copilot
// CLI's "auto" on preCompact) names values its own event and the target's
// row both list, spelled alike: the same trigger, so it keeps its meaning.
// textMatcher reports whether a matcher of slug's on event is a filter of
// one tool's own (vocab.MatchText) on either side, the target's row or
// slug's: another tool compares it with something else (Qwen Code's
// InstructionsLoaded matches the file's path, Claude Code's the load
// reason), so it is not carried, even within the family.
func textMatcher(names *vocab.Tables, slug, event string, row vocab.NativeEvent) bool {
	if row.Matcher == vocab.MatchText {
		return true
	}
	for _, src := range names.EncodeEvent(slug, event) {
		if !src.Alias && src.Matcher == vocab.MatchText {
			return true
		}
	}
	return false
}

func valuesShared(names *vocab.Tables, slug, event, text string, row vocab.NativeEvent) bool {
	if len(row.Values) == 0 {
		return false
	}
	for _, src := range names.EncodeEvent(slug, event) {
		if src.Alias || src.Matcher != vocab.MatchValue && src.Matcher != vocab.MatchExact {
			continue
		}
		for _, v := range SplitValues(text) {
			if !slices.Contains(src.Values, v) || !slices.Contains(row.Values, v) {
				return false
			}
		}
		return true
	}
	return false
}

// noMatcher is the one group of a hook written without a matcher key:
// shared, since the lists valueMatchers returns are only read (one list
// per hook was ~6,000 allocations in 10,000 handlers).
var noMatcher = []writtenMatcher{{}}

// valueMatchers returns the matchers of a hook on an event whose matcher
// does not select tools: the hook's own "$matcher", or one carried over
// from another tool of the family (their values — startup, resume, manual,
// auto… — are shared). Another family's value matcher means something
// else here (Kiro's file regex is no Claude filename list): it is dropped,
// with a warning. A tool that only takes one exact value gets one group
// per value.
func (c *Codec) valueMatchers(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, row vocab.NativeEvent) []writtenMatcher {
	if v := pd.Get("$matcher"); v != nil && v.Kind == node.String {
		return []writtenMatcher{{text: v.Text, present: true}} // the tool's own, verbatim
	}
	if ev, _ := c.Names.Event(h.Event); ev.Subject == "tool" {
		// Another tool's "$matcher" on a tool event only spells the hook's
		// tool matcher, whose loss the caller reports.
		return noMatcher
	}
	if !spellsMatcher(h.ProviderData, c.d.Slug) {
		return noMatcher // most hooks: their keys not sorted to find none
	}
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		// Carried data is compact JSON: without the key spelled out it
		// holds no "$matcher" (most hooks carry only layout marks), and
		// a large config need not parse it.
		if slug == c.d.Slug || !bytes.Contains(h.ProviderData[slug], []byte(`"$matcher"`)) {
			continue
		}
		n, err := node.ParseJSON(h.ProviderData[slug], node.JSONOptions{})
		if err != nil || n.Get("$matcher") == nil || n.Get("$matcher").Kind != node.String || matchAll(n.Get("$matcher").Text) {
			continue
		}
		text := n.Get("$matcher").Text
		if row.Matcher == vocab.MatchNone {
			ds.Warnf(CodeMatcherDropped, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "filter inside the hook script if it matters",
				"%s: its %s matcher %q has no place on %s %s, which takes no matcher; it now runs every time",
				h.DisplayName(i), slug, text, c.Prov.Name, row.Name)
			return noMatcher
		}
		if row.ValuesUndocumented {
			// The family's values may be spelled otherwise here, and the
			// tool matches the whole value (Qwen Code's Notification).
			providers.WarnValueMatcherUndocumented(ds, c.Names, h, i, c.d.Slug, c.Prov.Name, row.Name)
			return noMatcher
		}
		if textMatcher(c.Names, slug, h.Event, row) || !inFamily(slug) && !valuesShared(c.Names, slug, h.Event, text, row) {
			ds.Warnf(CodeMatcherDropped, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "filter inside the hook script if it matters, or write the matcher "+row.Name+" expects",
				"%s: its %s matcher %q means something else on %s %s; dropped, so it now runs every time",
				h.DisplayName(i), slug, text, c.Prov.Name, row.Name)
			return noMatcher
		}
		// neverFires reports a hook whose matcher the target's values
		// never meet; it is not written (nil).
		neverFires := func(how string) []writtenMatcher {
			ds.Warnf(CodeNeverFires, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
				providers.NeverFiresHint(h, fmt.Sprintf("give it a matcher of values %s %s has (%s)", c.Prov.Name, row.Name, strings.Join(row.Values, ", "))),
				"%s: its %s matcher %q %s %s %s has (%s), so it could never fire; not written%s",
				h.DisplayName(i), slug, text, how, c.Prov.Name, row.Name, strings.Join(row.Values, ", "), providers.GuardLost(h, c.Prov.Name))
			return nil
		}
		expanded := false
		if len(row.Values) > 0 && strings.ContainsAny(text, canonical.RegexSyntaxBesidesBar) {
			// A pattern (Claude's "start.*"), tested against the event's
			// value: with the values known, it stands for those it
			// matches, which a tool comparing exact values can take.
			if re, err := regexp.Compile(text); err == nil {
				var matched []string
				for _, v := range row.Values {
					if re.MatchString(v) {
						matched = append(matched, v)
					}
				}
				if len(matched) == 0 {
					return neverFires("matches no value")
				}
				ds.Infof(CodeMatcherCarried, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "",
					"%s: the %s pattern %q is written as the %s values it matches: %s", h.DisplayName(i), slug, text, row.Name, strings.Join(matched, ", "))
				text, expanded = strings.Join(matched, "|"), true
			}
		}
		if len(row.Values) > 0 && !strings.ContainsAny(text, canonical.RegexSyntaxBesidesBar) {
			// The target compares the matcher with a closed set of
			// values (Gemini's SessionStart source: startup, resume,
			// clear): another tool's other values never occur there.
			var kept, lost []string
			for _, v := range splitAny(text, "|,") {
				if slices.Contains(row.Values, v) {
					kept = append(kept, v)
				} else {
					lost = append(lost, v)
				}
			}
			if len(kept) == 0 {
				return neverFires("names no value")
			}
			if len(lost) > 0 {
				ds.Warnf(CodeLostMatcher, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "",
					"%s: %s never occurs on %s %s (%s); that part of its %s matcher is dropped",
					h.DisplayName(i), strings.Join(lost, ", "), c.Prov.Name, row.Name, strings.Join(row.Values, ", "), slug)
				text = strings.Join(kept, "|")
			}
		}
		split := row.Matcher == vocab.MatchExact && strings.ContainsAny(text, "|,")
		how := ""
		if split {
			how = ", one group per value (it takes one exact value)"
		}
		if !expanded {
			ds.Infof(CodeMatcherCarried, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "",
				"%s: the %s matcher %q is kept for %s %s%s", h.DisplayName(i), slug, text, c.Prov.Name, row.Name, how)
		}
		if split {
			// One exact value per group: "startup|resume" is two groups.
			var out []writtenMatcher
			for _, v := range splitAny(text, "|,") {
				out = append(out, writtenMatcher{text: v, present: true})
			}
			return out
		}
		return []writtenMatcher{{text: text, present: true}}
	}
	return noMatcher
}

// spellsMatcher reports whether the data of a tool other than own holds
// a "$matcher" key (the bytes tell: carried data is compact JSON).
func spellsMatcher(data map[string]json.RawMessage, own string) bool {
	for slug, raw := range data {
		if slug != own && bytes.Contains(raw, []byte(`"$matcher"`)) {
			return true
		}
	}
	return false
}

// groupExtra returns the documented group keys a hook carries; kin is
// c.kin(h).
func (c *Codec) groupExtra(h *canonical.Hook, pd *node.Node, kin []string) *node.Node {
	if g := pd.Get("$group"); g != nil && g.Kind == node.Object && len(g.Fields) > 0 {
		// Only the keys the decoder keeps: a hand-edited "$group" may
		// hold others, which would reach the group as they are.
		own := &node.Node{Kind: node.Object}
		for _, f := range g.Fields {
			if _, bad := c.shapeProblem(f); slices.Contains(c.d.GroupKeys, f.Key) && bad == "" {
				own.Fields = append(own.Fields, f)
			}
		}
		if len(own.Fields) == len(g.Fields) {
			return g
		}
		if len(own.Fields) > 0 {
			return own
		}
	}
	// The group keys a kindred tool documents too (Gemini's sequential,
	// for Qwen Code).
	var carried []node.Field
	for _, slug := range kin {
		if g := providers.OwnData(h, slug).Get("$group"); g != nil && g.Kind == node.Object {
			for _, f := range g.Fields {
				if slices.Contains(c.d.GroupKeys, f.Key) {
					carried = append(carried, f)
				}
			}
			break
		}
	}
	if len(carried) == 0 {
		return nil
	}
	return &node.Node{Kind: node.Object, Fields: carried}
}

// kin lists, least first, the tools the hook carries data of that are
// this one's fork or the tool it forked (the providers table's fork_of):
// the keys both document mean the same in both.
func (c *Codec) kin(h *canonical.Hook) []string {
	// Most hooks carry no kindred tool's data: looked for without
	// allocating, since this runs for every hook.
	any := false
	for slug := range h.ProviderData {
		if slug != c.d.Slug && c.Carries(slug) {
			any = true
			break
		}
	}
	if !any {
		return nil
	}
	var out []string
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		if slug != c.d.Slug && c.Carries(slug) {
			out = append(out, slug)
		}
	}
	return out
}

// Carries reports whether the tool writes keys of slug's as its own: slug
// is its fork, or the tool it forked.
func (c *Codec) Carries(slug string) bool {
	return c.carried()[slug]
}

// neverFiresWords are the words of the codec's HC310 and HC311 about a
// tool matcher, but for the hook's name: the same for every hook.
type neverFiresWords struct {
	noEquivalent, nothingLeft string // after the lost part, after the name
	hint, guardLost           string // for a blocking hook
}

// spellNeverFires spells neverFiresWords, as the warnings' formats do.
func (c *Codec) spellNeverFires() neverFiresWords {
	c.load()
	guard := &canonical.Hook{Blocking: true}
	return neverFiresWords{
		noEquivalent: " has no " + c.Prov.Name + " equivalent; that part of the matcher is dropped",
		nothingLeft:  ": nothing of its matcher exists in " + c.Prov.Name + ", so it could never fire; not written",
		hint:         providers.NeverFiresHint(guard, providers.ToolsInstead(c.Prov.Name, c.Prov.Slug)),
		guardLost:    providers.GuardLost(guard, c.Prov.Name),
	}
}

// carriedSlugs lists the tools Carries holds for: the tool this one is a
// fork of, and the forks of this one.
func (c *Codec) carriedSlugs() map[string]bool {
	c.load()
	carried := map[string]bool{}
	for _, p := range c.Names.Providers {
		if c.Prov.ForkOf == p.Slug || p.ForkOf == c.d.Slug {
			carried[p.Slug] = true
		}
	}
	return carried
}

// CarriesKey reports whether the tool writes slug's native key as its own
// (a handler key or, spelled "group "+key, a group key both document).
func (c *Codec) CarriesKey(slug, key string) bool {
	c.load()
	if !c.Carries(slug) {
		return false
	}
	if g, ok := strings.CutPrefix(key, "group "); ok {
		return slices.Contains(c.d.GroupKeys, g)
	}
	return slices.Contains(c.d.Extra, key)
}

// WritesOwnKey implements providers.OwnKeyWriter: of the tool's own
// provider_data, the dialect's Extra keys are written (its group keys
// only inside "$group", as decoding keeps them).
func (c *Codec) WritesOwnKey(key string) bool {
	c.load()
	return slices.Contains(c.d.Extra, key)
}

// WritesGroupKey implements providers.GroupKeyWriter: the documented
// group keys besides matcher and hooks.
func (c *Codec) WritesGroupKey(key string) bool {
	c.load()
	return slices.Contains(c.d.GroupKeys, key)
}

// GroupKeys implements providers.GroupKeyWriter.
func (c *Codec) GroupKeys() []string {
	c.load()
	return slices.Clone(c.d.GroupKeys)
}

func compact(n *node.Node) string {
	if n == nil {
		return ""
	}
	return string(node.AppendCompact(nil, n))
}

// encodeHandler writes one handler object: type, the mapped fields in the
// dialect's order, then the carried native keys in their original order.
func (c *Codec) encodeHandler(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, a *node.Arena, native string, kin []string) *node.Node {
	hd := &h.Handler
	// Collected on the stack and copied once: a large config has
	// thousands of handlers, and growing each one's slice is most of
	// what encoding allocates.
	var buf [16]node.Field
	fields := append(buf[:0], field("type", a.String(hd.Type)))
	written := make([]string, 0, 8)
	var program, argv *node.Node
	execForm := false
	if c.d.ExecArgs && c.d.ExecArgsUnread == "" && hd.Type == canonical.HandlerCommand {
		program, argv, execForm = providers.ExecForm(pd, hd.Command, c.d.ExecPlaceholders)
	}
	for _, f := range c.d.Fields {
		v := c.canonicalValue(ds, h, i, f.Canonical, a)
		if v == nil {
			continue
		}
		written = append(written, f.Canonical)
		if f.Canonical == "async" && slices.Contains(c.d.SyncEvents, native) {
			// The tool runs this event's hooks synchronously, and warns
			// about an async one: not written, and said.
			ds.Infof(CodeSyncEvent, h.PosOf("handler.async"), fmt.Sprintf("hooks[%d].handler.async", h.SourceIndex(i)), "",
				"%s: %s runs %s hooks synchronously, async or not; async is not written", h.DisplayName(i), c.Prov.Name, native)
			continue
		}
		if execForm && f.Canonical == "command" {
			fields = append(fields, field(f.Native, program), field("args", argv))
			continue
		}
		fields = append(fields, field(f.Native, v))
	}
	for _, f := range pd.Fields {
		if strings.HasPrefix(f.Key, "$") || !slices.Contains(c.d.Extra, f.Key) {
			continue
		}
		if _, bad := c.shapeProblem(f); bad != "" {
			continue // hand-edited: the decoder never carries such a value
		}
		fields = append(fields, f)
	}
	if len(c.d.Extra) > 0 {
		// The handler keys a kindred tool documents too (description,
		// between Gemini CLI and Qwen Code).
		for _, slug := range kin {
			other := providers.OwnData(h, slug)
			for _, k := range c.d.Extra {
				if v := other.Get(k); v != nil && pd.Get(k) == nil && !slices.ContainsFunc(fields, func(f node.Field) bool { return f.Key == k }) && c.fits(k, v) {
					fields = append(fields, field(k, v))
				}
			}
		}
	}
	if v := c.carriedShell(h, pd, execForm); v != nil {
		fields = append(fields, field(c.Prov.ShellKey, v))
	}
	failClosed := false
	if key := c.failClosedKey(h); key != "" {
		// A timeout that must block, as every failure does where the
		// key says "block" (Claude Code's onFailure): honoured, not
		// warned about.
		failClosed = true
		if !slices.ContainsFunc(fields, func(f node.Field) bool { return f.Key == key }) {
			fields = append(fields, field(key, a.String(failClosedValue)))
		}
	}
	o := a.New(node.Node{Kind: node.Object, Fields: a.Fields(fields)})
	providers.WarnUnwritten(ds, h, i, c.Prov.Name, func(f string) bool { return slices.Contains(written, f) })
	if !failClosed {
		providers.WarnTimeoutFailOpen(ds, h, i, c.Prov)
	}
	return o
}

// failClosedValue is the fail-closed key's value that makes a failure
// block (Claude Code's onFailure: "block").
const failClosedValue = "block"

// failClosedKey is the handler key that makes h fail closed in the
// target (the blocking table's fail_closed_key for its event), when h is
// a blocking hook whose timeout must block (timeout_action "block"); ""
// otherwise. An async hook blocks nothing, and the tool ignores the key
// there.
func (c *Codec) failClosedKey(h *canonical.Hook) string {
	if !h.Blocking || h.Handler.TimeoutAction != canonical.TimeoutBlock || h.Handler.Async {
		return ""
	}
	return c.Caps.FailClosedKey(c.d.Slug, h.Event, h.Handler.Type)
}

// carriedShell is the shell another tool's handler named (Claude Code's
// and Qwen Code's "shell": the providers table's shell_key), for a tool
// that names it too: a PowerShell command stays one. nil when the hook's
// own data has it already, or no other tool named one.
func (c *Codec) carriedShell(h *canonical.Hook, pd *node.Node, execForm bool) *node.Node {
	if c.Prov.ShellKey == "" || execForm || h.Handler.Type != canonical.HandlerCommand || pd.Get(c.Prov.ShellKey) != nil {
		return nil
	}
	// Unsorted, without allocating (this runs for every handler); the
	// least slug wins, so the output is stable.
	var v *node.Node
	from := ""
	for slug, raw := range h.ProviderData {
		if slug == c.d.Slug || from != "" && slug > from || !bytes.Contains(raw, []byte(`"shell`)) {
			continue
		}
		other, ok := c.Names.Provider(slug)
		if !ok || other.ShellKey == "" {
			continue
		}
		data := providers.OwnData(h, slug)
		if data.Get("$exec") != nil {
			continue // an exec form runs no shell: its "shell" is ignored there
		}
		if got := data.Get(other.ShellKey); got != nil && got.Kind == node.String && c.fits(c.Prov.ShellKey, got) {
			v, from = got, slug
		}
	}
	return v
}

// canonicalValue renders a canonical field as the dialect writes it, or
// nil when the hook does not set it.
func (c *Codec) canonicalValue(ds *diag.List, h *canonical.Hook, i int, canon string, a *node.Arena) *node.Node {
	if s := providers.StringField(h, canon); s != nil {
		return a.NonEmptyString(*s)
	}
	hd := &h.Handler
	switch canon {
	case "platform.windows":
		return a.NonEmptyString(hd.Platform["windows"])
	case "headers":
		return a.StringMap(hd.Headers)
	case "env":
		return a.StringMap(hd.Env)
	case "async":
		if hd.Async {
			return a.New(node.Node{Kind: node.Bool, Bool: true})
		}
	case "allowed_env_vars":
		return a.StringArray(hd.AllowedEnvVars)
	case "input":
		if len(hd.Input) > 0 {
			if n, err := node.ParseJSON(hd.Input, node.JSONOptions{}); err == nil {
				return n
			}
		}
	case "timeout":
		if u := c.d.Timeout(hd.Type); u != Millis || c.Prov.SecondsBelow == 0 || hd.Timeout*1000 >= c.Prov.SecondsBelow || hd.Timeout <= 0 {
			return EncodeTimeout(ds, h, i, c.Prov.Name, u, a)
		}
		return c.encodeShortTimeout(ds, h, i, a)
	}
	return nil
}

// EncodeTimeout renders the hook's timeout in unit u, or nil when it has
// none. A timeout u cannot hold exactly is rounded up (see
// canonical.TimeoutUnits) and the rounding reported (CodeTimeoutRounded,
// info): a positive timeout written as 0 would silently mean the tool's
// default, and one left out would do the same. Every encoder that
// converts a timeout's unit writes it here, so all of them round and say
// so alike. The node is carved from a when a is not nil (every handler of
// a large config has a timeout: one allocation each, ~10,000 in 10,000).
func EncodeTimeout(ds *diag.List, h *canonical.Hook, i int, tool string, u Unit, a *node.Arena) *node.Node {
	t := h.Handler.Timeout
	if t <= 0 {
		return nil
	}
	if u == Seconds {
		return number(a, t)
	}
	n, rounded := canonical.TimeoutUnits(t, u.PerSecond())
	if rounded {
		unit, short := "seconds", "s"
		if u == Millis {
			unit, short = "milliseconds", "ms"
		}
		ds.Infof(CodeTimeoutRounded, h.PosOf("handler.timeout"), fmt.Sprintf("hooks[%d].handler.timeout", h.SourceIndex(i)), "",
			"%s: %s takes whole %s; timeout %s s rounded up to %s %s", h.DisplayName(i), tool, unit,
			strconv.FormatFloat(t, 'g', -1, 64), canonical.NumberText(n), short) // 'g': 5e-324, not 330 digits (QA)
	}
	return number(a, n)
}

// encodeShortTimeout writes a command timeout shorter than SecondsBelow
// ms for a tool that reads a number below SecondsBelow in seconds and one
// at or above it in milliseconds (Qwen Code since 0.24.0; before, every
// number was milliseconds): as SecondsBelow ms, the shortest timeout
// every release reads alike, with the rounding said (CodeTimeoutRounded).
// In milliseconds below it the newest releases would read seconds (500 ms
// as 500 s), and in seconds the older ones milliseconds.
func (c *Codec) encodeShortTimeout(ds *diag.List, h *canonical.Hook, i int, a *node.Arena) *node.Node {
	p := c.Prov
	ms := canonical.NumberText(p.SecondsBelow)
	ds.Infof(CodeTimeoutRounded, h.PosOf("handler.timeout"), fmt.Sprintf("hooks[%d].handler.timeout", h.SourceIndex(i)), "",
		"%s: %s reads a timeout below %s in seconds since %s and in milliseconds before it; timeout %s s rounded up to %s ms, which both read as %s s",
		h.DisplayName(i), p.Name, ms, p.SecondsSince, strconv.FormatFloat(h.Handler.Timeout, 'g', -1, 64), ms, canonical.NumberText(p.SecondsBelow/1000))
	return number(a, p.SecondsBelow)
}

// number is canonical.Number(f), carved from a when a is not nil.
func number(a *node.Arena, f float64) *node.Node {
	if a == nil {
		return canonical.Number(f)
	}
	return a.New(node.Node{Kind: node.Number, Text: canonical.NumberText(f)})
}

func field(k string, v *node.Node) node.Field { return node.Field{Key: k, Value: v} }

// fits reports whether v, a kindred tool's value for key, has the shape
// this dialect's KeyShapes gives the key.
func (c *Codec) fits(key string, v *node.Node) bool {
	_, bad := c.shapeProblem(node.Field{Key: key, Value: v})
	return bad == ""
}
