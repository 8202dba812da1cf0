package nested

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Diagnostic codes of the nested-family decoders and encoders.
const (
	CodeNoHooks        = "HC300"                      // no "hooks" object in the file
	CodeShape          = "HC301"                      // a value of the wrong shape (error)
	CodeUndocumented   = "HC302"                      // a form the tool's docs do not describe, read anyway (warning)
	CodeUnknownEvent   = "HC303"                      // an event the vocabulary does not know, kept as provider-exclusive (warning)
	CodeUnknownKey     = "HC304"                      // a key the tool does not document, dropped (warning)
	CodeNotAnEvent     = "HC350"                      // a setting or _annotation inside "hooks", not an event: left as written (info)
	CodeEmptyGroup     = "HC305"                      // a group without handlers, dropped (warning)
	CodeUnknownType    = "HC306"                      // a handler type hookconv cannot represent (error)
	CodeLostMatcher    = "HC310"                      // part of a matcher the target cannot express (warning)
	CodeNeverFires     = "HC311"                      // nothing of the matcher is left: hook excluded (warning)
	CodeTimeoutRounded = "HC312"                      // timeout rounded up to the target's unit: whole seconds or milliseconds (info)
	CodeMatcherCarried = "HC313"                      // another tool's value matcher reused (info)
	CodeMatcherDropped = providers.CodeMatcherDropped // another tool's value matcher could not be reused (warning)
	CodeTypeNotRun     = "HC315"                      // handler type the target does not run (error: the pipeline should have degraded it)
	CodeTypeNeverRuns  = "HC321"                      // a handler of a type its own tool never runs (warning)
	CodeSyncEvent      = "HC307"                      // async not written on an event whose hooks the tool always runs synchronously (info)
	CodeBesideHooks    = "HC353"                      // a key beside "hooks" in a JSON hooks file some releases of its tool reject whole (warning)
)

// neverRuns holds, in a hook's provider_data for its own tool, a handler
// of a type the tool parses but never runs (HC321), as it was written:
// the encoder writes it back there unchanged, where it refuses such a
// handler from anywhere else.
const neverRuns = "$neverRuns"

// unknownKeyHint says what to do about a handler key the tool does not
// document: the key it is one or two edits from (comand) that the object
// (n) lacks, else remove it.
func (c *Codec) unknownKeyHint(n *node.Node, key string) string {
	known := append([]string{"type"}, c.d.Extra...)
	for _, f := range c.d.Fields {
		known = append(known, f.Native)
	}
	known = slices.DeleteFunc(known, func(k string) bool { return n.Get(k) != nil })
	if s := suggest.Closest(key, known, 2); s != "" {
		return fmt.Sprintf("did you mean %q? %s does not read %q", s, c.Prov.Name, key)
	}
	return c.Prov.Name + " does not read it; remove it"
}

// unknownGroupKeyHint is unknownKeyHint for a key of group g: the group
// key it is one or two edits from (matchr) that g lacks, else that the
// tool ignores it.
func (c *Codec) unknownGroupKeyHint(g *node.Node, key string) string {
	known := append([]string{"matcher", "hooks"}, c.d.GroupKeys...)
	known = slices.DeleteFunc(known, func(k string) bool { return g.Get(k) != nil })
	if s := suggest.Closest(key, known, 2); s != "" {
		return fmt.Sprintf("did you mean %q? %s ignores %q", s, c.Prov.Name, key)
	}
	return c.Prov.Name + " ignores it"
}

// genericFields are the Claude Code spellings of the canonical handler
// fields, used for handlers of a type their own dialect does not run
// (prompt handlers in a Droid file): they are read so they can move.
var genericFields = map[string]string{
	"command": "command", "prompt": "prompt", "model": "model", "url": "url", "headers": "headers",
	"allowedEnvVars": "allowed_env_vars", "server": "server", "tool": "tool", "input": "input",
	"timeout": "timeout", "async": "async", "statusMessage": "status_message",
}

// Codec decodes and encodes one dialect.
type Codec struct {
	d *Dialect
	providers.Rows
	// carried holds the slugs of the tools whose keys this one writes as
	// its own (Carries), found on first use: the encoder asks of every
	// hook's every tool.
	carried func() map[string]bool
	// neverFires holds the words of the codec's warnings about a tool
	// matcher it cannot write (spellNeverFires), spelled on first use.
	neverFires func() neverFiresWords
}

// New returns the codec of a dialect; its tables load on first use.
func New(d *Dialect) *Codec {
	familyMu.Lock()
	defer familyMu.Unlock()
	family[d.Slug] = true
	c := &Codec{d: d}
	c.carried = sync.OnceValue(c.carriedSlugs)
	c.neverFires = sync.OnceValue(c.spellNeverFires)
	return c
}

// family holds the slugs of the tools this codec serves. Their value
// matchers (SessionStart's startup|resume, PreCompact's manual|auto) mean
// the same in each, so they may move between them; another family's
// (Kiro's file-path regexes) may not.
var (
	familyMu sync.Mutex
	family   = map[string]bool{}
)

// InFamily reports whether slug is a tool of the nested family, whose
// value matchers mean the same in each.
func InFamily(slug string) bool { return inFamily(slug) }

func inFamily(slug string) bool {
	familyMu.Lock()
	defer familyMu.Unlock()
	return family[slug]
}

// load reads the tables once.
func (c *Codec) load() { c.Load(c.d.Slug) }

// Dialect returns the codec's dialect.
func (c *Codec) Dialect() *Dialect { return c.d }

// groupKey identifies a native group: hooks with equal keys share one.
type groupKey struct {
	event, matcher string
	hasMatcher     bool
	group          string
}

// DecodeTree reads the hooks of one parsed native file.
func (c *Codec) DecodeTree(file string, root *node.Node) ([]canonical.Hook, diag.List) {
	c.load()
	var ds diag.List
	if root.Kind != node.Object {
		ds.Errorf(CodeShape, root.Pos, "", `the file must be an object with a "hooks" key`, "the document is %s, not an object", root.Kind.Article())
		return nil, ds.WithFile(file)
	}
	events := root.Get("hooks")
	if events == nil {
		if c.looksLikeEventMap(root) {
			ds.Warnf(CodeUndocumented, root.Pos, "", `wrap the events in {"hooks": {...}}`,
				"the file is a bare event map without a \"hooks\" key; read as one")
			events = root
		} else {
			ds.Infof(CodeNoHooks, root.Pos, "hooks", "", "no \"hooks\" in %s: nothing to convert", file)
			return nil, ds.WithFile(file)
		}
	}
	if events.Kind == node.Null {
		// No tool's docs say whether it reads null as no hooks or rejects
		// the file (the reference gives Gemini CLI's validation as zod's,
		// warning and reading on, but not what its hook loader does with
		// null; Cursor's strictness as undocumented): refused, with what
		// to write instead (QA: "must be an object, not null" left the
		// user to guess).
		ds.Errorf(CodeShape, events.Pos, "hooks", `remove "hooks": null, or write "hooks": {}, and run again`, "\"hooks\" is null, which %s's docs do not describe: hookconv cannot tell whether %s reads it as no hooks or rejects the file", c.Prov.Name, c.Prov.Name)
		return nil, ds.WithFile(file)
	}
	if events.Kind != node.Object {
		ds.Errorf(CodeShape, events.Pos, "hooks", `"hooks" maps event names to lists of groups`, "\"hooks\" must be an object, not %s", events.Kind.Article())
		return nil, ds.WithFile(file)
	}
	if c.d.OnlyHooksKey && events != root && strings.HasSuffix(strings.ToLower(file), ".json") {
		for _, f := range root.Fields {
			if f.Key != "hooks" {
				// Said as the file's own, "…; read anyway", as a file a
				// tool may reject whole is (HC320): migrate then keeps
				// the source's hooks when it merges into it.
				ds.Warnf(CodeBesideHooks, f.KeyPos, f.Key, "remove it: the file is read for its \"hooks\" alone",
					"the file has %q beside \"hooks\", which some %s releases reject, and the whole file with it (deny_unknown_fields); read anyway", f.Key, c.Prov.Name)
			}
		}
	}
	// Groups are read in order (whether a group repeats an earlier one
	// depends on those before it); their handlers, most of the work, are
	// then decoded in chunks at once (parallel.InChunks).
	// Sized once: a large config has thousands of groups.
	// An event repeated in the map is read as the tool reads it: the last
	// one (HC104 says so).
	eventFields := events.LastFields()
	groupCount := 0
	for _, f := range eventFields {
		groupCount += max(1, len(f.Value.Items))
	}
	groups := make([]readGroup, 0, groupCount)
	seen := map[groupKey]bool{}
	readings := map[string]*matcherReading{}
	for _, f := range eventFields {
		groups = c.readEvent(&ds, f, seen, readings, groups)
	}
	total := 0
	for gi := range groups {
		total += len(groups[gi].handlers)
	}
	items := make([]handlerItem, 0, total)
	for gi := range groups {
		for hi := range groups[gi].handlers {
			items = append(items, handlerItem{group: int32(gi), handler: int32(hi)})
		}
	}
	// Before each group's first handler come the diagnostics its reading
	// said (a group's diagsEnd; the same for its later handlers).
	hooks, all := parallel.InChunks(parallel.Chunks(len(items)), ds,
		func(i int) int { return groups[items[i].group].diagsEnd },
		func(ds *diag.List, i int, h *canonical.Hook) bool {
			it := items[i]
			return c.decodeGroupHandler(ds, file, &groups[it.group], int(it.handler), h)
		})
	return hooks, all.WithFile(file)
}

// readGroup is a group read, its handlers not yet decoded.
type readGroup struct {
	// row is the event's, shared by its groups: a row is 216 bytes, and a
	// large config has thousands of groups.
	row          *vocab.NativeEvent
	blocks       bool                   // the tool honours exit 2 on the event (capabilities), found once for its groups
	failClosed   *capabilities.Blocking // the event's row, shared by its groups: its fail-closed key (onFailure) and the handler types it is read on
	path         groupPath              // hooks.PreToolUse[0]
	handlers     []*node.Node
	matcher      canonical.Matcher // tool events: the matcher, decoded
	matcherText  string
	hasMatcher   bool
	keepSpelling bool            // the native spelling must be kept for an exact round trip
	matcherData  json.RawMessage // {"$matcher": …} when the handlers keep it
	extra        *node.Node      // documented group keys
	repeats      bool            // an earlier group had the same key: kept apart
	badMatcher   bool            // the matcher is no pattern: handlers read for their diagnostics, not kept
	diagsEnd     int             // the end of the group's own diagnostics
	// readOnly: the event is a name the tool's config holds that
	// hookconv reads and never writes (Codex's StopFailure, which
	// codex-cli loads none of): its handlers record it ("$event"), so a
	// conversion back to the tool writes them back under it.
	readOnly bool
	// sharedData is matcherData as the provider_data of the handlers with
	// no data of their own, one map for them all: a map is some 190
	// bytes, and a large config has thousands of such handlers. Shared
	// maps are never written into (Conversion.Decoded; SetData copies).
	sharedData map[string]json.RawMessage
	// openingData is the provider_data of the group's first handler
	// when the group repeats an earlier one's key and the handler keeps
	// nothing else (matcherReading.opening).
	openingData map[string]json.RawMessage
}

// groupPath names a group in diagnostics: hooks.PreToolUse[0]. It is
// spelled out only when a diagnostic needs it (String), which for the
// thousands of groups of a large config is rarely.
type groupPath struct {
	event string // the event's key
	index int    // the group's index in the event's list
}

func (p groupPath) String() string { return "hooks." + p.event + "[" + strconv.Itoa(p.index) + "]" }

// key is the path of one of the group's keys.
func (p groupPath) key(k string) string { return p.String() + "." + k }

// matcherReading is what one spelling of a group's matcher reads as. A
// large config spells a few matchers thousands of times ("Bash" guards):
// each spelling is decoded, encoded back, checked and kept as data once
// (DecodeTree's readings), not once per group.
type matcherReading struct {
	// matcher is the spelling decoded as a tool matcher; keepSpelling,
	// that encoding it back spells it otherwise ("*", "^(Bash)$", an
	// alias). Both are set when decoded is.
	decoded      bool
	matcher      canonical.Matcher
	keepSpelling bool
	// checked: the matcher's patterns compile, so CheckPatterns has
	// nothing to say of it. Not set for one that does not compile: each
	// group of that spelling is told, at its own position.
	checked bool
	// data is {"$matcher": the spelling}, and shared the provider_data
	// of handlers that keep nothing else (readGroup.sharedData): made on
	// first use.
	data   json.RawMessage
	shared map[string]json.RawMessage
	// opening is the provider_data of the first handler of a group
	// that repeats an earlier one's key, when it keeps nothing else:
	// "$newGroup", after the spelling where that is kept (index 1).
	// Made on first use, shared as shared is: in a large config most
	// groups repeat one of a few keys.
	opening [2]map[string]json.RawMessage
}

// openingData returns r.opening[keep] (see there), made on first use for
// spelling text.
func (r *matcherReading) openingData(slug, text string, keep bool) map[string]json.RawMessage {
	i := 0
	if keep {
		i = 1
	}
	if r.opening[i] == nil {
		var d providers.Data
		if keep {
			d.Set("$matcher", &node.Node{Kind: node.String, Text: text})
		}
		d.Set("$newGroup", &newGroupMark)
		r.opening[i] = map[string]json.RawMessage{slug: d.Raw()}
	}
	return r.opening[i]
}

// reading returns the reading of matcher spelling text, made on first
// use.
func reading(readings map[string]*matcherReading, text string) *matcherReading {
	r := readings[text]
	if r == nil {
		r = &matcherReading{}
		readings[text] = r
	}
	return r
}

// newGroupMark is the value of "$newGroup", one node for every handler
// that opens a repeated group (thousands in a large config): the data it
// is set in is only written out (Data.Raw), never changed.
var newGroupMark = node.Node{Kind: node.Bool, Bool: true}

// handlerItem is one handler of a read group, to decode.
type handlerItem struct{ group, handler int32 }

// looksLikeEventMap reports whether an object's keys are native events.
func (c *Codec) looksLikeEventMap(n *node.Node) bool {
	if len(n.Fields) == 0 {
		return false
	}
	for _, f := range n.Fields {
		if len(c.Names.DecodeEvent(c.d.Slug, f.Key)) == 0 {
			return false
		}
	}
	return true
}

// EventRow resolves a provider's native event name to the row it reads
// as: its row that is not an alias, else its first. A name the
// vocabulary does not know reads as a vendor event (VendorEvent) with a
// value matcher, and known is false: the caller warns, in its own
// words, that the hook stays with its own tool. Every decoder that
// keeps unknown events resolves them here, so all of them keep alike.
func EventRow(names *vocab.Tables, slug, native string) (row vocab.NativeEvent, known bool) {
	rows := names.DecodeEvent(slug, native)
	if i := slices.IndexFunc(rows, func(r vocab.NativeEvent) bool { return !r.Alias }); i >= 0 {
		return rows[i], true
	}
	if len(rows) > 0 {
		return rows[0], true
	}
	return vocab.NativeEvent{Provider: slug, Event: VendorEvent(slug, native), Name: native, Matcher: vocab.MatchValue}, false
}

// VendorEvent is the canonical name of a native event the vocabulary does
// not know: kept for its own provider, excluded elsewhere.
func VendorEvent(slug, native string) string { return "vendor." + slug + "." + native }

func (c *Codec) readEvent(ds *diag.List, f node.Field, seen map[groupKey]bool, readings map[string]*matcherReading, groups []readGroup) []readGroup {
	if providers.HoldsNoHook(f.Value) {
		switch {
		case slices.Contains(c.Prov.HooksSettings, f.Key):
			ds.Infof(CodeNotAnEvent, f.KeyPos, "hooks."+f.Key, "",
				"hooks.%s is a %s setting, not an event: left as written, not converted", f.Key, c.Prov.Name)
			return groups
		case strings.HasPrefix(f.Key, "_"):
			ds.Infof(CodeNotAnEvent, f.KeyPos, "hooks."+f.Key, "",
				"hooks.%s is an annotation, not an event: left as written, not converted", f.Key)
			return groups
		}
	}
	row, known := EventRow(c.Names, c.d.Slug, f.Key)
	canonEvent := row.Event
	b, ok := c.Caps.BlockingOf(c.d.Slug, row.Event)
	blocks := ok && b.Behaviour != capabilities.Observe
	if !known {
		ds.Warnf(CodeUnknownEvent, f.KeyPos, "hooks."+f.Key, providers.UnknownEventHint(c.Names, c.d.Slug, f.Key),
			"%s is not %s event hookconv knows; kept as %s", f.Key, diag.A(c.Prov.Name), canonEvent)
	}
	list := f.Value.Items
	switch f.Value.Kind {
	case node.Array:
	case node.Object:
		ds.Warnf(CodeUndocumented, f.Value.Pos, "hooks."+f.Key, "write a list: \""+f.Key+"\": [ {...} ]",
			"%s maps to one object instead of a list; read as a list of one", f.Key)
		list = []*node.Node{f.Value}
	default:
		ds.Errorf(CodeShape, f.Value.Pos, "hooks."+f.Key, "write a list of groups", "%s must be a list of groups, not %s", f.Key, f.Value.Kind.Article())
		return groups
	}
	for gi, g := range list {
		path := groupPath{f.Key, gi}
		if g.Kind != node.Object {
			ds.Errorf(CodeShape, g.Pos, path.String(), `each group is {"matcher": ..., "hooks": [...]}`, "%s must be an object, not %s", path, g.Kind.Article())
			continue
		}
		handlers := g.Get("hooks")
		group := g
		if handlers == nil && (g.Get("command") != nil || g.Get("type") != nil) {
			ds.Warnf(CodeUndocumented, g.Pos, path.String(), `wrap it: {"hooks": [ {...} ]}`,
				"a handler placed directly in the %s list, without a group; read as a group of one", f.Key)
			handlers = &node.Node{Kind: node.Array, Items: []*node.Node{g}}
			group = &node.Node{Kind: node.Object}
		}
		if handlers == nil {
			ds.Errorf(CodeShape, g.Pos, path.key("hooks"), `add "hooks": [ {"type": "command", "command": "..."} ]`, "group has no \"hooks\" list")
			continue
		}
		if handlers.Kind != node.Array {
			ds.Errorf(CodeShape, handlers.Pos, path.key("hooks"), "write a list of handlers", "\"hooks\" must be a list, not %s", handlers.Kind.Article())
			continue
		}
		if len(handlers.Items) == 0 {
			ds.Warnf(CodeEmptyGroup, g.Pos, path.String(), "remove the group", "group has no handlers; dropped")
			continue
		}
		rg := readGroup{row: &row, blocks: blocks, failClosed: &b, path: path, handlers: handlers.Items,
			readOnly: known && row.Alias && len(c.Names.EncodeEvent(c.d.Slug, row.Event)) == 0}
		rg.matcherText, rg.hasMatcher, rg.extra = c.groupFields(ds, group, path)
		key := groupKey{event: f.Key, matcher: rg.matcherText, hasMatcher: rg.hasMatcher}
		if rg.extra != nil {
			key.group = string(node.AppendCompact(nil, rg.extra))
		}
		rg.repeats = seen[key]
		seen[key] = true
		// The group's matcher, read once for all its handlers (and
		// once for all groups that spell it alike).
		r := reading(readings, rg.matcherText)
		if row.Matcher == vocab.MatchTool {
			if !r.decoded {
				r.decoded = true
				r.matcher = c.decodeMatcher(rg.matcherText)
				// Keep the native spelling when writing the canonical
				// form back would spell it differently ("*",
				// "^(Bash)$", an alias), so the round trip is exact.
				again, _, ok := c.encodeMatcher(r.matcher)
				r.keepSpelling = r.matcher == nil || !ok || again != rg.matcherText
			}
			rg.matcher = r.matcher
			rg.keepSpelling = rg.hasMatcher && r.keepSpelling
		}
		if row.Matcher == vocab.MatchTool && rg.hasMatcher && !r.checked {
			at := group.Pos
			if m := group.Get("matcher"); m != nil {
				at = m.Pos
			}
			// A matcher that is no pattern drops the group's hooks, but
			// their handlers are still read: every other problem of the
			// group is reported in the same run.
			rg.badMatcher = !providers.CheckPatterns(ds, rg.matcher, at, path.key("matcher"), c.Prov.Name)
			r.checked = !rg.badMatcher
		}
		if rg.badMatcher {
			rg.diagsEnd = len(*ds)
			groups = append(groups, rg)
			continue
		}
		if rg.keepSpelling || row.Matcher != vocab.MatchTool && rg.hasMatcher {
			// Most handlers keep nothing else: one copy serves them all
			// (a large file is thousands of "Bash" guards), in every
			// group that spells the matcher alike.
			if r.data == nil {
				var d providers.Data
				d.Set("$matcher", &node.Node{Kind: node.String, Text: rg.matcherText})
				r.data = d.Raw()
				r.shared = map[string]json.RawMessage{c.d.Slug: r.data}
			}
			rg.matcherData, rg.sharedData = r.data, r.shared
		}
		if rg.repeats && rg.extra == nil && !rg.readOnly {
			rg.openingData = r.openingData(c.d.Slug, rg.matcherText, rg.matcherData != nil)
		}
		rg.diagsEnd = len(*ds)
		groups = append(groups, rg)
	}
	return groups
}

// decodeGroupHandler decodes handler hi of group g into h, which must be
// zero, and reports whether it was decoded. Safe to call for several
// handlers at once.
func (c *Codec) decodeGroupHandler(ds *diag.List, file string, g *readGroup, hi int, h *canonical.Hook) bool {
	extra, ok := c.decodeHandler(ds, file, g.handlers[hi], handlerPath{g.path, hi}, g, h)
	if !ok || g.badMatcher {
		return false
	}
	if g.row.Matcher == vocab.MatchTool {
		h.Matcher = canonical.CloneMatcher(g.matcher)
	}
	if extra.Empty() && g.extra == nil && !g.readOnly {
		switch {
		case g.repeats && hi == 0:
			h.ProviderData = g.openingData
			return true
		case g.matcherData != nil:
			h.ProviderData = g.sharedData
			return true
		}
	}
	if g.row.Matcher == vocab.MatchTool {
		if g.keepSpelling {
			extra.Set("$matcher", &node.Node{Kind: node.String, Text: g.matcherText})
		}
	} else if g.hasMatcher {
		extra.Set("$matcher", &node.Node{Kind: node.String, Text: g.matcherText})
	}
	if g.extra != nil {
		extra.Set("$group", g.extra)
	}
	if g.repeats && hi == 0 {
		extra.Set("$newGroup", &newGroupMark)
	}
	if g.readOnly {
		extra.Set("$event", &node.Node{Kind: node.String, Text: g.row.Name})
	}
	if raw := extra.Raw(); raw != nil {
		h.ProviderData = map[string]json.RawMessage{c.d.Slug: raw}
	}
	return true
}

// groupFields reads a group's matcher (and whether it has the key at all)
// and its documented extra keys.
func (c *Codec) groupFields(ds *diag.List, g *node.Node, path groupPath) (string, bool, *node.Node) {
	matcher, has := "", false
	var extra *node.Node // most groups have none
	for _, f := range g.Fields {
		switch {
		case f.Key == "hooks":
		case f.Key == "matcher":
			if f.Value.Kind != node.String {
				ds.Errorf(CodeShape, f.Value.Pos, path.key("matcher"), "write the matcher as a string", "matcher must be a string, not %s", f.Value.Kind.Article())
				continue
			}
			matcher, has = f.Value.Text, true
		case slices.Contains(c.d.GroupKeys, f.Key):
			if !c.shapeOK(ds, f, path.key(f.Key)) {
				continue
			}
			if extra == nil {
				extra = &node.Node{Kind: node.Object}
			}
			extra.Fields = append(extra.Fields, f)
		default:
			ds.Warnf(CodeUnknownKey, f.KeyPos, path.key(f.Key), c.unknownGroupKeyHint(g, f.Key),
				"%q is not %s group key; dropped", f.Key, diag.A(c.Prov.Name))
		}
	}
	return matcher, has, extra
}

// decodeHandler decodes handler n into h, which must be zero, and returns
// its native fields with no canonical home.
func (c *Codec) decodeHandler(ds *diag.List, file string, n *node.Node, at handlerPath, g *readGroup, h *canonical.Hook) (providers.Data, bool) {
	h.Event, h.Origin, h.OriginFile = g.row.Event, n.Pos, file
	if n.Kind != node.Object {
		ds.Errorf(CodeShape, n.Pos, at.String(), `a handler is {"type": "command", "command": "..."}`, "%s must be an object, not %s", at, n.Kind.Article())
		return providers.Data{}, false
	}
	if t := n.Get("type"); t != nil && t.Kind == node.String && slices.Contains(c.d.UnconvertedTypes, t.Text) {
		// Valid where it is: left out with a warning, not an error that
		// refuses the whole file (QA: a Qwen function hook stopped
		// convert and migrate).
		ds.Warnf(providers.CodeUnconverted, t.Pos, at.key("type"), "keep it in "+c.Prov.Name+", or rewrite it as a command hook to convert it",
			"%s runs %s handlers, which no other tool has and hookconv cannot convert: this one is left out (and left in the file by migrate --remove-source)", c.Prov.Name, t.Text)
		return providers.Data{}, false
	}
	// A handler whose type is missing or unknown is not converted, but
	// its other fields are still read: their problems are reported in
	// the same run.
	typeOK := c.handlerType(ds, n, at, h)
	extra := providers.Data{}
	var execArgs *node.Node
	for _, f := range n.Fields {
		if f.Key == "type" {
			continue
		}
		if f.Key == "args" && c.d.ExecArgs && (h.Handler.Type == canonical.HandlerCommand || !typeOK) {
			execArgs = f.Value
			continue
		}
		if canon, ok := c.d.Fields.CanonicalOf(f.Key); ok {
			c.setField(ds, h, canon, f, at)
			continue
		}
		if canon, ok := genericFields[f.Key]; ok && !c.d.Accepts(h.Handler.Type) {
			// A handler type the tool does not run still decodes fully, so
			// the hook can move to a tool that runs it.
			c.setField(ds, h, canon, f, at)
			continue
		}
		if slices.Contains(c.d.Extra, f.Key) {
			if c.shapeOK(ds, f, at.key(f.Key)) {
				extra.Set(f.Key, f.Value)
			}
			continue
		}
		ds.Warnf(CodeUnknownKey, f.KeyPos, at.key(f.Key), c.unknownKeyHint(n, f.Key),
			"%q is not %s handler key; dropped", f.Key, diag.A(c.Prov.Name))
	}
	if !typeOK {
		return providers.Data{}, false
	}
	if !c.d.Accepts(h.Handler.Type) {
		// A handler the tool never runs (HC321) is kept whole, so that
		// the encoder writes it back to this tool as it was (a migration
		// into the file keeps it) and nowhere else.
		extra.Set(neverRuns, n)
	}
	if execArgs != nil && h.Handler.Command != "" {
		argv, ok := providers.ExecArgs(execArgs)
		if !ok {
			// Claude would run the program with no argv it can read; the
			// bare program ("node") reading the payload as a script would
			// block nothing. Not converted.
			what := execArgs.Kind.Article()
			if execArgs.Kind == node.Array {
				what = "an array holding other values"
			}
			ds.Errorf(CodeShape, execArgs.Pos, at.key("args"), `write args as an array of strings: ["hooks/guard.js"]`,
				"args must be an array of strings, not %s", what)
			return providers.Data{}, false
		}
		// The exec form, as the shell command that runs the same program
		// with the same argv (providers/execform.go).
		program := h.Handler.Command
		extra.Set("$exec", &node.Node{Kind: node.String, Text: program})
		extra.Set("$args", execArgs)
		h.Handler.Command = providers.ExecCommand(program, argv, c.d.ExecPlaceholders)
		if c.d.ExecArgsUnread != "" {
			ds.Warnf(CodeUndocumented, execArgs.Pos, at.key("args"), "write one shell command, "+strconv.Quote(h.Handler.Command)+", which every release runs",
				"%s's docs run \"command\" with \"args\" without a shell, but %s and older run %q alone through bash, without its arguments; read as the docs say: %s",
				c.Prov.Name, c.d.ExecArgsUnread, program, h.Handler.Command)
		}
	} else if execArgs != nil {
		extra.Set("args", execArgs)
	}
	if providers.NothingToRun(ds, CodeShape, &h.Handler, n.Pos, at.String) {
		return providers.Data{}, false
	}
	if g.blocks && !c.runsInBackground(n, h) {
		// The tool honours exit 2 here: keep that behaviour (spec §7).
		h.Blocking = true
		readFailClosed(&extra, g.failClosed.FailClosedKeyFor(h.Handler.Type), h)
	}
	return extra, true
}

// readFailClosed reads key, the handler key that makes a blocking hook
// fail closed on its event (Claude Code's onFailure, whose shape the
// dialect's KeyShapes checked): "block" makes a failure block, a timeout too, which is the canonical
// timeout_action "block"; the mark says that crashes and invalid output
// block as well, for the warning where a target lets them through. The
// key is not carried then: the encoder writes it back from the
// timeout_action. Where the tool ignores it (an async hook, Stop), it is
// carried as written.
func readFailClosed(extra *providers.Data, key string, h *canonical.Hook) {
	if key == "" {
		return
	}
	if v := extra.Get(key); v == nil || v.Kind != node.String || v.Text == failOpenValue {
		return
	}
	extra.Take(key)
	extra.Set("$failClosed", &node.Node{Kind: node.Bool, Bool: true})
	h.Handler.TimeoutAction = canonical.TimeoutBlock
}

// failOpenValue is the fail-closed key's value that leaves failures
// letting the action through (Claude Code's onFailure default).
const failOpenValue = "continue"

// handlerType reads handler n's type into h and reports whether it is one
// hookconv converts; it reports the problem when not.
func (c *Codec) handlerType(ds *diag.List, n *node.Node, at handlerPath, h *canonical.Hook) bool {
	t := n.Get("type")
	switch {
	case t == nil:
		ds.Errorf(CodeShape, n.Pos, at.key("type"), `add "type": "command"`, "handler has no \"type\"")
		return false
	case t.Kind != node.String:
		ds.Errorf(CodeShape, t.Pos, at.key("type"), `write "type": "command"`, "handler type must be a string")
		return false
	case !slices.Contains(handlerTypes, t.Text):
		ds.Errorf(CodeUnknownType, t.Pos, at.key("type"), "hookconv converts "+strings.Join(handlerTypes, ", ")+" handlers",
			"handler type %q has no canonical equivalent; the handler is not converted", t.Text)
		return false
	}
	h.Handler.Type = t.Text
	if !c.d.Accepts(t.Text) && len(c.d.ParsedTypes) > 0 && !slices.Contains(c.d.ParsedTypes, t.Text) {
		// QA: migrate added a guard to such a file and removed it from
		// the source; it never ran, as no hook of the file does.
		ds.Errorf(CodeShape, t.Pos, at.key("type"), "convert it to a command, or remove it: "+c.Prov.Name+" reads "+strings.Join(slices.Concat(c.d.Types, c.d.ParsedTypes), ", ")+" handlers only",
			"%s rejects a handler of type %q, and with it the whole file: none of the file's hooks run there now", c.Prov.Name, t.Text)
		return true
	}
	if !c.d.Accepts(t.Text) {
		ds.Warnf(CodeTypeNeverRuns, t.Pos, at.key("type"), "convert it to a command, or move it to a tool that runs "+t.Text+" handlers",
			"%s does not run %s handlers: this one never runs", c.Prov.Name, t.Text)
	}
	return true
}

// runsInBackground reports whether the tool runs the handler without
// waiting for it (Claude Code's async, or a key of the providers table's
// background_keys: asyncRewake, which implies it): the action goes ahead
// at once, so the hook's exit cannot block it.
func (c *Codec) runsInBackground(n *node.Node, h *canonical.Hook) bool {
	if h.Handler.Async {
		return true
	}
	for _, key := range c.Prov.BackgroundKeys {
		if v := n.Get(key); v != nil && v.Kind == node.Bool && v.Bool {
			return true
		}
	}
	return false
}

// handlerPath names a handler in diagnostics: hooks.PreToolUse[0].hooks[1].
// It is spelled out only when a diagnostic needs it, which for the
// thousands of handlers of a large config is rarely.
type handlerPath struct {
	group   groupPath // the group's path: hooks.PreToolUse[0]
	handler int       // the handler's index in the group
}

func (p handlerPath) String() string {
	return p.group.key("hooks") + "[" + strconv.Itoa(p.handler) + "]"
}

// key is the path of one of the handler's keys.
func (p handlerPath) key(k string) string { return p.String() + "." + k }

// setField stores one mapped native value in its canonical field.
func (c *Codec) setField(ds *diag.List, h *canonical.Hook, canon string, f node.Field, at handlerPath) {
	v := f.Value
	// The field's path, spelled out only for a diagnostic.
	path := func() string { return at.key(f.Key) }
	str := func() (string, bool) {
		if v.Kind != node.String {
			ds.Errorf(CodeShape, v.Pos, path(), "write a string", "%s must be a string, not %s", f.Key, v.Kind.Article())
			return "", false
		}
		return v.Text, true
	}
	strMap := func() map[string]string {
		if v.Kind != node.Object {
			ds.Errorf(CodeShape, v.Pos, path(), "write an object of strings", "%s must be an object, not %s", f.Key, v.Kind.Article())
			return nil
		}
		m := make(map[string]string, len(v.Fields))
		for _, e := range v.Fields {
			if e.Value.Kind != node.String {
				ds.Errorf(CodeShape, e.Value.Pos, path()+"."+e.Key, "quote the value", "%s.%s must be a string", f.Key, e.Key)
				continue
			}
			m[e.Key] = e.Value.Text
		}
		return m
	}
	if s := providers.StringField(h, canon); s != nil {
		*s, _ = str()
		if canon == "command" {
			h.CommandOrigin = v.Pos
		}
		return
	}
	hd := &h.Handler
	switch canon {
	case "platform.windows":
		if s, ok := str(); ok {
			if hd.Platform == nil {
				hd.Platform = map[string]string{}
			}
			hd.Platform["windows"] = s
		}
	case "headers":
		hd.Headers = strMap()
	case "env":
		hd.Env = strMap()
	case "async":
		if v.Kind != node.Bool {
			ds.Errorf(CodeShape, v.Pos, path(), "write true or false", "%s must be a boolean", f.Key)
			return
		}
		hd.Async = v.Bool
	case "allowed_env_vars":
		if v.Kind != node.Array {
			ds.Errorf(CodeShape, v.Pos, path(), "write a list of names", "%s must be a list", f.Key)
			return
		}
		for _, it := range v.Items {
			if it.Kind == node.String {
				hd.AllowedEnvVars = append(hd.AllowedEnvVars, it.Text)
			}
		}
	case "input":
		if v.Kind != node.Object {
			ds.Errorf(CodeShape, v.Pos, path(), "write an object", "%s must be an object", f.Key)
			return
		}
		hd.Input = json.RawMessage(node.AppendCompact(nil, v))
	case "timeout":
		unit := c.d.Timeout(h.Handler.Type)
		if t, ok := c.readTimeout(ds, f, path, unit); ok {
			hd.Timeout = t
			if unit == IntSeconds && (t != math.Trunc(t) || strings.ContainsAny(v.Text, ".eE")) {
				// Codex's timeout is an unsigned integer (serde): a
				// fraction fails the parse of the whole file, and so does
				// any number written with a point or an exponent (2.0).
				// An error, as a timeout written as a string is: every
				// hook of the file is off in Codex (QA: validate passed
				// such a file in CI with exit 0).
				ds.Errorf(CodeShape, v.Pos, path(), "write a whole number of seconds",
					"%s reads timeout as a whole number of seconds, written without a point or exponent: %s makes it reject the whole file, so none of the file's hooks run there now", c.Prov.Name, v.Text)
			} else if c.d.PositiveTimeout && t == 0 {
				ds.Errorf(CodeShape, v.Pos, path(), "write a number of seconds above 0, or leave it out for the default",
					"%s's timeout must be above 0, not %s", c.Prov.Name, v.Text)
			} else if unit == IntSeconds && t < 1 {
				ds.Warnf(CodeShape, v.Pos, path(), "write at least 1, or leave it out for the default",
					"%s's timeout is at least 1 second, not %s", c.Prov.Name, v.Text)
			}
		}
	}
}

// readTimeout reads a handler's timeout written in unit, as the newest
// release of the tool reads it: where the tool reads a millisecond value
// below its SecondsBelow in seconds (Qwen Code's command hooks), so does
// hookconv.
func (c *Codec) readTimeout(ds *diag.List, f node.Field, path func() string, unit Unit) (float64, bool) {
	if unit == Millis && c.Prov.SecondsBelow > 0 {
		return providers.ReadSplitTimeout(ds, CodeShape, f, path, c.Prov.SecondsBelow, c.Prov.Name, c.Prov.SecondsSince)
	}
	return providers.ReadTimeout(ds, CodeShape, f, path, unit.PerSecond(), c.Prov.Name)
}

// shapeOK reports whether f, a documented key without a canonical field,
// holds a value of the shape the dialect's KeyShapes gives it, and says
// where it does not (an error, as for a canonical field of the wrong
// type: Claude Code's "once": "yes", "shell": "zsh"; Gemini CLI's
// "sequential": "yes").
func (c *Codec) shapeOK(ds *diag.List, f node.Field, path string) bool {
	hint, msg := c.shapeProblem(f)
	if msg == "" {
		return true
	}
	ds.Errorf(CodeShape, f.Value.Pos, path, hint, "%s", msg)
	return false
}

// shapeProblem is what is wrong with f's value by the dialect's
// KeyShapes, with a hint; "" when nothing is. The encoder asks it too, so
// that a hand-edited provider_data value of the wrong shape is not
// written where the tool rejects it.
func (c *Codec) shapeProblem(f node.Field) (hint, msg string) {
	shape, ok := c.d.KeyShapes[f.Key]
	if !ok {
		return "", ""
	}
	v := f.Value
	switch shape {
	case "bool":
		if v.Kind != node.Bool {
			return "write true or false", fmt.Sprintf("%s must be a boolean, not %s", f.Key, v.Kind.Article())
		}
	case "string":
		if v.Kind != node.String {
			return "quote the value", fmt.Sprintf("%s must be a string, not %s", f.Key, v.Kind.Article())
		}
	default:
		values := strings.Split(shape, "|")
		if v.Kind != node.String || !slices.Contains(values, v.Text) {
			return "write one of " + strings.Join(values, ", "),
				fmt.Sprintf("%s's %s is one of %s, not %s", c.Prov.Name, f.Key, strings.Join(values, ", "), node.AppendCompact(nil, v))
		}
	}
	return "", ""
}
