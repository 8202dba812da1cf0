package kirolegacy

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

var errNotFilePattern = errors.New("only a regular expression over the file path can say which files a hook is for")

// hookDoc is one hook ready to be written, short of its "name", which
// depends on the file it lands in.
type hookDoc struct {
	h    *canonical.Hook
	pd   *node.Node
	name string // the name written (generated for unnamed hooks)
	stem string // the file stem it prefers
	when *node.Node
	then *node.Node
}

// Encode implements providers.Adapter: one file per hook. When existing
// names exactly one file (the user's -o FILE) and there is one hook, it
// goes there; otherwise each hook goes to .kiro/hooks/<stem>.kiro.hook
// (names.go).
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.load()
	// Each hook is its own file, so a large list is encoded and rendered
	// in chunks at once; naming the files, which depends on them all, is
	// done in between.
	docs, ds := parallel.InChunks(parallel.Chunks(len(m.Hooks)), nil, nil, func(ds *diag.List, i int, doc *hookDoc) bool {
		var ok bool
		*doc, ok = a.encodeHook(ds, &m.Hooks[i], i)
		return ok
	})
	files := make(providers.Files, len(docs))
	if len(existing) == 1 && len(docs) > 0 {
		named := existing.Paths()[0]
		if len(docs) == 1 {
			stem, _ := fileStem(named)
			files[named] = a.keepLayout(existing[named], render(docs[0], stem), named)
			a.replaced(&ds, existing, named, files[named])
			return files, ds
		}
		if !isHookFile(named) {
			// A file outside the project's hook folder was named: it
			// cannot take them all. (One inside it is simply one of the
			// files the hooks go to, as when migrate finds a single one.)
			var w diag.List
			w.Warnf(CodeOneFile, diag.Pos{}, "", "name a directory with -o to write them into a project",
				"a .kiro.hook file holds one hook and there are %d: each is written to its own file under %s; %s is left as it is", len(docs), hooksDir, named)
			ds = append(ds, w.WithFile(named)...)
		}
	}
	stems := make([]string, len(docs))
	events := make([]string, len(docs))
	for k, doc := range docs {
		stems[k], events[k] = doc.stem, doc.h.Event
	}
	stems = uniqueStems(stems)
	if orderStems(stems, events) {
		ds.Infof(CodeOrdered, diag.Pos{}, "", "",
			"Kiro runs hook files in name order: the files are numbered so hooks on the same trigger keep their order")
	}
	paths, rendered := make([]string, len(docs)), make([][]byte, len(docs))
	parallel.Do(parallel.Chunks(len(docs)), func(_ int, r parallel.Range) {
		for k := r.From; k < r.To; k++ {
			p := hookPath(stems[k])
			paths[k], rendered[k] = p, a.keepLayout(existing[p], render(docs[k], stems[k]), p)
		}
	})
	for k, p := range paths {
		files[p] = rendered[k]
		a.replaced(&ds, existing, p, files[p])
	}
	a.leftOver(&ds, existing, files)
	return files, ds
}

// isHookFile reports whether p is a hook file of the project's hook
// folder, one Kiro loads.
func isHookFile(p string) bool {
	return strings.HasPrefix(p, hooksDir) && strings.HasSuffix(p, fileSuffix) && !strings.Contains(p[len(hooksDir):], "/")
}

// leftOver warns about hook files already in the folder that the
// conversion does not write: hookconv never deletes a file, and Kiro
// still runs the hook each holds, which may be one an earlier conversion
// wrote and the source no longer has.
func (a *Adapter) leftOver(ds *diag.List, existing, files providers.Files) {
	for _, p := range existing.Paths() {
		if _, written := files[p]; written || !isHookFile(p) {
			continue
		}
		var w diag.List
		w.Warnf(CodeLeftOver, diag.Pos{}, "", "delete it if an earlier conversion wrote it and the hook should go",
			"%s is not among the converted hooks and is left as it is: Kiro still runs its hook", p)
		*ds = append(*ds, w.WithFile(p)...)
	}
}

// keepLayout returns prev, the file already at p, when it holds the same
// hook as out: a hand-written file migrate reads and writes back keeps
// its own layout, byte for byte.
func (a *Adapter) keepLayout(prev, out []byte, p string) []byte {
	if len(bytes.TrimSpace(prev)) > 0 && a.sameHook(p, prev, out) {
		return prev
	}
	return out
}

// replaced warns when a file already there holds another hook (not the
// same hook laid out differently).
func (a *Adapter) replaced(ds *diag.List, existing providers.Files, p string, out []byte) {
	prev := existing[p]
	if len(bytes.TrimSpace(prev)) == 0 || a.sameHook(p, prev, out) {
		return
	}
	var w diag.List
	w.Warnf(providers.CodeReplaced, diag.Pos{}, "", "convert into a new file, or merge by hand, to keep it",
		"the hook already in %s is replaced by the converted one", p)
	*ds = append(*ds, w.WithFile(p)...)
}

// sameHook reports whether two hook files hold the same hook.
func (a *Adapter) sameHook(p string, x, y []byte) bool {
	if bytes.Equal(x, y) {
		return true
	}
	var ignored diag.List
	hx, okx := a.decodeFile(&ignored, p, x)
	hy, oky := a.decodeFile(&ignored, p, y)
	return okx && oky && bytes.Equal(canonical.MarshalHook(&hx), canonical.MarshalHook(&hy))
}

// render writes one hook file in the form Kiro's editor writes.
func render(doc hookDoc, stem string) []byte {
	o := &node.Node{Kind: node.Object}
	add := func(k string, v *node.Node) { o.Fields = append(o.Fields, node.Field{Key: k, Value: v}) }
	absent := map[string]bool{}
	if v := doc.pd.Get(pdAbsent); v != nil {
		for _, it := range v.Items {
			absent[it.Text] = true
		}
	}
	defaults := map[string]*node.Node{
		keyEnabled:     {Kind: node.Bool, Bool: true},
		keyDescription: str(""),
		keyVersion:     str(DefaultVersion),
	}
	for _, k := range writtenKeys {
		switch v := doc.pd.Get(k); {
		case k == keyName:
			if !absent[k] || doc.name != stem {
				add(k, str(doc.name))
			}
		case v != nil:
			add(k, v)
		case !absent[k]:
			add(k, defaults[k])
		}
	}
	add(keyWhen, doc.when)
	add(keyThen, doc.then)
	for _, f := range doc.pd.Fields {
		if !strings.HasPrefix(f.Key, "$") && !slices.Contains(writtenKeys, f.Key) &&
			f.Key != keyWhen && f.Key != keyThen && f.Key != keyPatterns && o.Get(f.Key) == nil {
			add(f.Key, f.Value)
		}
	}
	return append(node.AppendIndent(make([]byte, 0, node.IndentedSize(o, 0)+1), o, 0), '\n')
}

func str(s string) *node.Node { return &node.Node{Kind: node.String, Text: s} }

// kin is Kiro's v1 format, whose hooks have "enabled" and "description"
// as the 0.x files do: a hook converted between them keeps both.
const kin = "kiro"

// CarriesKey reports that the 0.x files write the v1 format's "enabled"
// and "description" as their own.
func (a *Adapter) CarriesKey(slug, key string) bool {
	return slug == kin && (key == keyEnabled || key == keyDescription)
}

// withKin is own with the v1 format's "enabled" and "description" added
// where own lacks them (a new object: own may be shared).
func withKin(h *canonical.Hook, own *node.Node) *node.Node {
	var carried []node.Field
	for _, k := range []struct {
		key  string
		kind node.Kind
	}{{keyEnabled, node.Bool}, {keyDescription, node.String}} {
		if own.Get(k.key) == nil {
			if v := providers.KinValue(h, own, kin, k.key, k.kind); v != nil {
				carried = append(carried, node.Field{Key: k.key, Value: v})
			}
		}
	}
	if len(carried) == 0 {
		return own
	}
	return &node.Node{Kind: node.Object, Fields: append(slices.Clone(own.Fields), carried...)}
}

func strList(ss []string) *node.Node {
	a := &node.Node{Kind: node.Array, Items: make([]*node.Node, len(ss))}
	for i, s := range ss {
		a.Items[i] = str(s)
	}
	return a
}

// addMissing appends the members of carried that obj does not have yet.
func addMissing(obj, carried *node.Node) {
	if carried == nil || carried.Kind != node.Object {
		return
	}
	for _, f := range carried.Fields {
		if obj.Get(f.Key) == nil {
			obj.Fields = append(obj.Fields, f)
		}
	}
}

func (a *Adapter) encodeHook(ds *diag.List, h *canonical.Hook, i int) (hookDoc, bool) {
	at := fmt.Sprintf("hooks[%d]", h.SourceIndex(i))
	if h.Handler.Type == canonical.HandlerAgent {
		copied := *h
		runs := func(t string) bool { return t == canonical.HandlerCommand || t == canonical.HandlerPrompt }
		if providers.AgentAsPrompt(&copied, runs, a.Prov.Name, ds, at) {
			h = &copied
		}
	}
	var action, key, body string
	switch h.Handler.Type {
	case canonical.HandlerCommand:
		action, key, body = actionRunCommand, keyCommand, h.Handler.Command
	case canonical.HandlerPrompt:
		action, key, body = actionAskAgent, keyPrompt, h.Handler.Prompt
	default:
		ds.Errorf(nested.CodeTypeNotRun, h.PosOf("handler.type"), at+".handler.type", "degrade or remove the hook",
			"%s runs only commands (runCommand) and prompts (askAgent); %s (%s) was not written", a.Prov.Name, h.DisplayName(i), h.Handler.Type)
		return hookDoc{}, false
	}
	if strings.TrimSpace(body) == "" {
		ds.Warnf(providers.CodeNotWritten, h.PosOf("handler."+key), at+".handler."+key, "",
			"%s has no %s to run; not written", h.DisplayName(i), key)
		return hookDoc{}, false
	}
	row, ok := a.nativeEvent(h)
	if !ok {
		ds.Warnf(providers.CodeNotWritten, h.PosOf("event"), at+".event", "",
			"%s has no %s trigger; %s was not written", a.Prov.Name, h.Event, h.DisplayName(i))
		return hookDoc{}, false
	}
	pd := withKin(h, providers.OwnData(h, Slug))
	when := &node.Node{Kind: node.Object, Fields: []node.Field{{Key: keyType, Value: str(row.Name)}}}
	switch row.Matcher {
	case vocab.MatchText:
		when.Fields = append(when.Fields, node.Field{Key: keyPatterns, Value: a.encodePatterns(ds, h, i, pd, row.Name)})
	case vocab.MatchTool:
		tt, ok := a.encodeToolTypes(ds, h, i, pd)
		if !ok {
			return hookDoc{}, false
		}
		when.Fields = append(when.Fields, node.Field{Key: keyToolTypes, Value: tt})
	default:
		if h.Matcher != nil {
			ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), at+".matcher", "filter inside the hook if it matters",
				"%s: Kiro's %s trigger takes no matcher; the hook runs every time it fires", h.DisplayName(i), row.Name)
		}
		providers.WarnValueMatcherDropped(ds, a.Names, h, i, Slug, a.Prov.Name, row.Name)
	}
	addMissing(when, pd.Get(pdWhen))
	then := &node.Node{Kind: node.Object, Fields: []node.Field{{Key: keyType, Value: str(action)}, {Key: key, Value: str(body)}}}
	if h.Handler.Timeout > 0 {
		then.Fields = append(then.Fields, node.Field{Key: keyTimeout, Value: canonical.Number(h.Handler.Timeout)})
	}
	addMissing(then, pd.Get(pdThen))
	a.reportDropped(ds, h, i)

	name := h.Name
	if name == "" {
		name = h.DisplayName(i)
	}
	stem := slugify(name)
	if f := pd.Get(pdFile); f != nil {
		if f.Kind == node.String && keptStem(f.Text) {
			stem = f.Text
		} else {
			ds.Infof(CodeRenamed, h.PosOf(""), at+".provider_data."+Slug, "",
				"%s: its recorded file name %s is not a safe file name; written as %s", h.DisplayName(i), string(node.AppendCompact(nil, f)), hookPath(stem))
		}
	}
	return hookDoc{h: h, pd: pd, name: name, stem: stem, when: when, then: then}, true
}

// nativeEvent finds the trigger a hook is written under: its own for an
// event only Kiro legacy has (vendor.kiro-legacy.<type>), else the vocab's.
func (a *Adapter) nativeEvent(h *canonical.Hook) (vocab.NativeEvent, bool) {
	if native, ok := strings.CutPrefix(h.Event, nested.VendorEvent(Slug, "")); ok && native != "" {
		return vocab.NativeEvent{Provider: Slug, Event: h.Event, Name: native, Matcher: vocab.MatchNone}, true
	}
	rows := a.Names.EncodeEvent(Slug, h.Event)
	if len(rows) == 0 {
		return vocab.NativeEvent{}, false
	}
	return rows[0], true
}

// encodePatterns writes the file patterns of a file trigger: the hook's
// own when they still say what its matcher says, else the matcher's
// globs, else every file (with a warning).
func (a *Adapter) encodePatterns(ds *diag.List, h *canonical.Hook, i int, pd *node.Node, trigger string) *node.Node {
	for _, key := range []string{keyPatterns, pdPatterns} {
		v := pd.Get(key)
		globs, ok := v.Strings()
		if !ok {
			continue
		}
		// Patterns with no regex read back as no matcher; only the tool's
		// own untranslatable ones are kept that way.
		if m, err := patternsMatcher(globs); canonical.SameMatcher(m, h.Matcher) && (err == nil || key == keyPatterns) {
			return v
		}
	}
	at := fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i))
	globs, err := patternsFor(h.Matcher)
	if err != nil {
		ds.Warnf(providers.CodeMatcherIgnored, h.PosOf("matcher"), at, "write the file matcher as a pattern Kiro's globs can say",
			"%s: %v; written as %q, so the hook runs for every file", h.DisplayName(i), err, matchAllGlob)
		return strList([]string{matchAllGlob})
	}
	if _, all, _ := globsToRegex(globs); all && h.Matcher != nil {
		// Exact, but it reads back as "no matcher": say so, so the verify
		// stage compares it as every file.
		ds.Infof(providers.CodeMatcherIgnored, h.PosOf("matcher"), at, "",
			"%s: the file pattern matches every file; written as %q", h.DisplayName(i), strings.Join(globs, ", "))
	}
	if h.Matcher == nil {
		a.foreignFileFilter(ds, h, i, trigger)
	}
	return strList(globs)
}

// foreignFileFilter warns when another tool's value matcher (Claude Code's
// FileChanged file names) narrowed a hook that is now written for every
// file. It is not translated: the other tool's matcher language is its
// adapter's business.
func (a *Adapter) foreignFileFilter(ds *diag.List, h *canonical.Hook, i int, trigger string) {
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		if slug == Slug {
			continue
		}
		n, err := node.ParseJSON(h.ProviderData[slug], node.JSONOptions{})
		if v := n.Get("$matcher"); err == nil && v != nil && v.Kind == node.String && strings.TrimSpace(v.Text) != "" && v.Text != "*" {
			ds.Warnf(providers.CodeMatcherDropped, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "write the patterns by hand if it matters",
				"%s: its %s matcher %q is not turned into file patterns for Kiro's %s; it now runs for every file", h.DisplayName(i), slug, v.Text, trigger)
			return
		}
	}
}

// encodeToolTypes writes the tool types of a tool trigger; ok is false
// when no Kiro tool type stands for any tool of the matcher.
func (a *Adapter) encodeToolTypes(ds *diag.List, h *canonical.Hook, i int, pd *node.Node) (*node.Node, bool) {
	if v := pd.Get(pdToolTypes); v != nil {
		if names, ok := v.Strings(); ok && canonical.SameMatcher(a.toolMatcher(names), h.Matcher) {
			return v, true
		}
	}
	names, lost := a.toolTypesFor(h.Matcher)
	at := fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i))
	switch {
	case len(lost) > 0 && len(names) == 0:
		ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), at, "match tools by Kiro's categories (read, write, shell) instead",
			"%s: no Kiro tool type stands for %s; not written%s", h.DisplayName(i), strings.Join(lost, ", "), providers.GuardLost(h, "Kiro"))
		return nil, false
	case len(lost) > 0:
		ds.Warnf(nested.CodeLostMatcher, h.PosOf("matcher"), at, "match tools by Kiro's categories (read, write, shell) instead",
			"%s: no Kiro tool type stands for %s; written for %s only", h.DisplayName(i), strings.Join(lost, ", "), strings.Join(names, ", "))
	}
	return strList(names), true
}

// toolTypesFor is the toolTypes list of a canonical tool matcher, and what
// of it no Kiro tool type can say.
func (a *Adapter) toolTypesFor(m canonical.Matcher) (names, lost []string) {
	if m == nil {
		return []string{"*"}, nil
	}
	add := func(n string) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	var walk func(canonical.Matcher)
	walk = func(m canonical.Matcher) {
		switch m := m.(type) {
		case canonical.ToolName:
			if natives := a.Names.EncodeTools(Slug, string(m)); len(natives) > 0 {
				for _, t := range natives {
					add(t.Name)
				}
			} else if _, canon := a.Names.Tool(string(m)); canon {
				lost = append(lost, string(m))
			} else {
				add(string(m)) // a literal native name passes through (spec §4)
			}
		case canonical.Pattern:
			if list, ok := literalNames(m.Regex); ok {
				for _, n := range list {
					add(n)
				}
			} else {
				lost = append(lost, "the pattern "+m.Regex)
			}
		case canonical.MCP:
			lost = append(lost, "MCP tools (server "+m.Server+")")
		case canonical.AnyOf:
			for _, x := range m {
				walk(x)
			}
		}
	}
	walk(m)
	return names, lost
}

// literalNames reads a regex that is only a list of literal names
// ("write", "^(read|write)$", "@mcp"), as toolMatcher writes them.
func literalNames(re string) ([]string, bool) {
	s := strings.TrimPrefix(re, "^")
	if strings.HasSuffix(s, "$") && !strings.HasSuffix(s, `\$`) {
		s = s[:len(s)-1]
	}
	for _, open := range []string{"(?:", "("} {
		if strings.HasPrefix(s, open) && strings.HasSuffix(s, ")") && !strings.HasSuffix(s, `\)`) {
			s = s[len(open) : len(s)-1]
			break
		}
	}
	var names []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			if i+1 >= len(s) || isWordByte(s[i+1]) || s[i+1] >= 0x80 {
				return nil, false
			}
			cur.WriteByte(s[i+1])
			i++
		case c == '|':
			names = append(names, cur.String())
			cur.Reset()
		case strings.IndexByte(`.+*?()[]{}^$`, c) >= 0:
			return nil, false
		default:
			cur.WriteByte(c)
		}
	}
	names = append(names, cur.String())
	if slices.Contains(names, "") {
		return nil, false
	}
	return names, true
}

// reportDropped names the handler fields Kiro hook files cannot hold; the
// pipeline's degradation normally removed them already.
func (a *Adapter) reportDropped(ds *diag.List, h *canonical.Hook, i int) {
	providers.WarnUnwritten(ds, h, i, a.Prov.Name, providers.AllBut("platform", "cwd", "env", "async", "status_message", "model"))
}

// Expand returns the hooks the written files hold for m, as the verify
// stage should compare them: each matcher replaced by the one its file
// reads back as. Globs and regexes are different languages, so an exact
// translation may come back spelled differently ("\\.go$" is written as
// **/*.go and reads back as ^(.*/)?[^/]*\.go$); a tool matcher comes back
// as the tool types written. m itself is returned when nothing changes.
func (a *Adapter) Expand(m *canonical.Manifest) *canonical.Manifest {
	a.load()
	var out *canonical.Manifest
	for i := range m.Hooks {
		h := &m.Hooks[i]
		back, ok := a.readBack(h, i)
		if !ok || canonical.SameMatcher(back, h.Matcher) {
			continue
		}
		if out == nil {
			copied := *m
			copied.Hooks = slices.Clone(m.Hooks)
			out = &copied
		}
		out.Hooks[i].Matcher = back
	}
	if out == nil {
		return m
	}
	return out
}

// readBack is the matcher a hook's written file decodes to; ok is false
// when the hook is not written (the encoder says so).
func (a *Adapter) readBack(h *canonical.Hook, i int) (canonical.Matcher, bool) {
	row, ok := a.nativeEvent(h)
	if !ok {
		return nil, false
	}
	var ignored diag.List
	pd := providers.OwnData(h, Slug)
	switch row.Matcher {
	case vocab.MatchText:
		globs, _ := a.encodePatterns(&ignored, h, i, pd, row.Name).Strings()
		m, _ := patternsMatcher(globs)
		return m, true
	case vocab.MatchTool:
		tt, ok := a.encodeToolTypes(&ignored, h, i, pd)
		if !ok {
			return nil, false
		}
		names, _ := tt.Strings()
		return a.toolMatcher(names), true
	}
	return nil, true
}
