package kirolegacy

import (
	"cmp"
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// Decode implements providers.Adapter: every file is one hook, read in path
// order (Kiro's run order). A file named otherwise than *.kiro.hook is read
// too, with a warning, so a hook file named on the command line converts.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	a.load()
	// A file holds one hook, and a project may have thousands: they are
	// read in chunks at once (providers.FileChunks).
	paths := files.Paths()
	hooks, ds := parallel.InChunks(providers.FileChunks(files, paths), nil, nil, func(ds *diag.List, i int, h *canonical.Hook) bool {
		var fds diag.List
		var ok bool
		*h, ok = a.decodeFile(&fds, paths[i], files[paths[i]])
		*ds = append(*ds, fds.WithFile(paths[i])...)
		return ok
	})
	return &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: hooks}, ds
}

// fileStem is a hook file's name without its directory and .kiro.hook
// (or other extension); ok is false when it does not end in .kiro.hook.
func fileStem(p string) (stem string, ok bool) {
	base := p[strings.LastIndexAny(p, `/\`)+1:]
	if stem, ok := strings.CutSuffix(base, fileSuffix); ok {
		return stem, true
	}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base, false
}

// decoder holds what one file's hook is being built from.
type decoder struct {
	a  *Adapter
	ds *diag.List
	h  canonical.Hook
	pd *node.Node // provider_data being collected
}

func (d *decoder) carry(key string, v *node.Node) {
	d.pd.Fields = append(d.pd.Fields, node.Field{Key: key, Value: v})
}

func (a *Adapter) decodeFile(ds *diag.List, p string, src []byte) (canonical.Hook, bool) {
	stem, isHook := fileStem(p)
	if !isHook {
		ds.Warnf(CodeFileName, diag.Pos{}, "", "rename it to "+stem+fileSuffix,
			"Kiro IDE loads only *%s files from .kiro/hooks; read anyway", fileSuffix)
	}
	root, pds := providers.ParseJSONConfig(p, src, a.Prov)
	*ds = append(*ds, pds...)
	if root == nil {
		return canonical.Hook{}, false
	}
	if root.Kind != node.Object {
		ds.Errorf(CodeShape, root.Pos, "", "a .kiro.hook file is one object with \"when\" and \"then\"",
			"the document is %s, not an object", root.Kind.Article())
		return canonical.Hook{}, false
	}
	d := &decoder{a: a, ds: ds, pd: &node.Node{Kind: node.Object}}
	d.h.Origin, d.h.OriginFile = root.Pos, p
	var when, then *node.Node
	// provider_data holds Kiro's own keys in Kiro's order, then the others
	// as read, so a file with its keys in another order reads the same.
	fields := slices.Clone(d.lastOnly(root, ""))
	slices.SortStableFunc(fields, func(x, y node.Field) int {
		return cmp.Compare(writtenRank(x.Key), writtenRank(y.Key))
	})
	for _, f := range fields {
		switch f.Key {
		case keyName:
			if f.Value.Kind != node.String {
				ds.Errorf(CodeShape, f.Value.Pos, keyName, "write the name as a string", "name must be a string, not %s", f.Value.Kind.Article())
				return canonical.Hook{}, false
			}
			d.h.Name = f.Value.Text
		case keyWhen:
			when = f.Value
		case keyThen:
			then = f.Value
		case keyEnabled:
			if f.Value.Kind != node.Bool {
				ds.Warnf(CodeShape, f.Value.Pos, keyEnabled, "write true or false", "enabled should be true or false, not %s; kept as it is", f.Value.Kind.Article())
			} else if !f.Value.Bool {
				ds.Infof(CodeDisabled, f.Value.Pos, keyEnabled, "remove the hook if it must not run anywhere",
					"the hook is disabled; the flag is kept for Kiro, but other tools have no such flag and will run it (and Kiro itself is reported to run disabled .kiro.hook files, kirodotdev/Kiro#9298)")
			}
			d.carry(f.Key, f.Value)
		case keyVersion:
			if f.Value.Kind != node.String || !slices.Contains(knownVersions, f.Value.Text) {
				ds.Warnf(CodeVersion, f.Value.Pos, keyVersion, `write "version": "`+DefaultVersion+`"`,
					"version %s is not one Kiro writes (\"1\" or \"1.0.0\"); kept as it is", string(node.AppendCompact(nil, f.Value)))
			}
			d.carry(f.Key, f.Value)
		case keyDescription, "workspaceFolderName":
			d.carry(f.Key, f.Value)
		case keyPatterns:
			ds.Warnf(CodeUnknownKey, f.KeyPos, f.Key, "move it into \"when\"",
				"patterns belongs inside \"when\"; Kiro ignores it here, and it is dropped")
		default:
			if strings.HasPrefix(f.Key, "$") {
				ds.Warnf(CodeUnknownKey, f.KeyPos, f.Key, "", "%q is not a key of Kiro hook files; dropped", f.Key)
				continue
			}
			ds.Infof(CodeUnknownKey, f.KeyPos, f.Key, "", "%q is not a key Kiro hook files are known to have; kept for Kiro as it is", f.Key)
			d.carry(f.Key, f.Value)
		}
	}
	var absent []*node.Node
	for _, k := range writtenKeys {
		if root.Get(k) == nil {
			absent = append(absent, &node.Node{Kind: node.String, Text: k})
		}
	}
	if !d.when(root, when) || !d.then(root, then) {
		return canonical.Hook{}, false
	}
	if d.h.Name == "" {
		d.h.Name = stem // the file is the hook's identity
	}
	if stem != slugify(d.h.Name) {
		d.carry(pdFile, &node.Node{Kind: node.String, Text: stem})
	}
	if len(absent) > 0 {
		d.carry(pdAbsent, &node.Node{Kind: node.Array, Items: absent})
	}
	if b, ok := a.Caps.BlockingOf(Slug, d.h.Event); ok && b.Behaviour != capabilities.Observe && d.h.Handler.Type == canonical.HandlerCommand {
		d.h.Blocking = true // Kiro honours exit 2 here (spec §7); askAgent has no exit code
	}
	if len(d.pd.Fields) > 0 {
		d.h.ProviderData = map[string]json.RawMessage{Slug: node.AppendCompact(nil, d.pd)}
	}
	return d.h, true
}

// writtenRank orders Kiro's written-form keys before all others.
func writtenRank(key string) int {
	if i := slices.Index(writtenKeys, key); i >= 0 {
		return i
	}
	return len(writtenKeys)
}

// lastOnly returns an object's members, dropping (with a warning) those a
// later member of the same key overrides.
func (d *decoder) lastOnly(obj *node.Node, at string) []node.Field {
	last := make(map[string]int, len(obj.Fields))
	for i, f := range obj.Fields {
		last[f.Key] = i
	}
	if len(last) == len(obj.Fields) {
		return obj.Fields
	}
	out := make([]node.Field, 0, len(last))
	for i, f := range obj.Fields {
		if last[f.Key] != i {
			d.ds.Warnf(CodeDuplicateKey, f.KeyPos, join(at, f.Key), "remove one of them",
				"%q appears more than once; the last one wins", f.Key)
			continue
		}
		out = append(out, f)
	}
	return out
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// object checks that a required member is an object.
func (d *decoder) object(root, n *node.Node, key, hint string) bool {
	switch {
	case n == nil:
		d.ds.Errorf(CodeMissing, root.Pos, key, hint, "the hook has no %q", key)
	case n.Kind != node.Object:
		d.ds.Errorf(CodeShape, n.Pos, key, hint, "%s must be an object, not %s", key, n.Kind.Article())
	default:
		return true
	}
	return false
}

// typeOf reads the required "type" of when or then.
func (d *decoder) typeOf(n *node.Node, at, hint string) (string, bool) {
	t := n.Get(keyType)
	switch {
	case t == nil:
		d.ds.Errorf(CodeMissing, n.Pos, at+".type", hint, "%s has no \"type\"", at)
	case t.Kind != node.String:
		d.ds.Errorf(CodeShape, t.Pos, at+".type", hint, "%s.type must be a string, not %s", at, t.Kind.Article())
	case strings.TrimSpace(t.Text) == "":
		d.ds.Errorf(CodeMissing, t.Pos, at+".type", hint, "%s.type is empty", at)
	default:
		return t.Text, true
	}
	return "", false
}

// when reads the trigger: the event, and the file patterns or tool types
// that narrow it.
func (d *decoder) when(root, when *node.Node) bool {
	if !d.object(root, when, keyWhen, `add "when": {"type": "fileEdited", "patterns": ["**/*"]}`) {
		return false
	}
	typ, ok := d.typeOf(when, keyWhen, "fileEdited, fileCreated, fileDeleted, promptSubmit, agentStop, preToolUse, postToolUse, userTriggered…")
	if !ok {
		return false
	}
	row := vocab.NativeEvent{Provider: Slug, Event: nested.VendorEvent(Slug, typ), Name: typ, Matcher: vocab.MatchNone}
	if rows := d.a.Names.DecodeEvent(Slug, typ); len(rows) > 0 {
		row = rows[0]
	} else {
		d.ds.Warnf(CodeUnknownTrigger, when.Get(keyType).Pos, "when.type", "check the spelling; other tools will not receive this hook",
			"%q is not a Kiro trigger hookconv knows; kept as %s", typ, row.Event)
	}
	d.h.Event = row.Event
	extra := &node.Node{Kind: node.Object}
	for _, f := range d.lastOnly(when, keyWhen) {
		switch {
		case f.Key == keyType:
		case f.Key == keyPatterns && row.Matcher == vocab.MatchText:
			if !d.patterns(f.Value) {
				return false
			}
		case f.Key == keyToolTypes && row.Matcher == vocab.MatchTool:
			if !d.toolTypes(f.Value) {
				return false
			}
		default:
			if f.Key != keyPatterns && f.Key != keyToolTypes {
				d.ds.Infof(CodeUnknownKey, f.KeyPos, "when."+f.Key, "", "%q is not a key of \"when\" Kiro is known to read; kept for Kiro as it is", f.Key)
			} else {
				d.ds.Infof(CodeUnknownKey, f.KeyPos, "when."+f.Key, "", "%s does not apply to %s triggers; kept for Kiro as it is", f.Key, typ)
			}
			extra.Fields = append(extra.Fields, f)
		}
	}
	switch {
	case row.Matcher == vocab.MatchText && when.Get(keyPatterns) == nil:
		d.ds.Warnf(CodeNoPatterns, when.Pos, "when.patterns", `add "patterns": ["**/*"] (or the files it is for)`,
			"%s has no file patterns; read as every file (Kiro's editor always writes some)", typ)
	case row.Matcher == vocab.MatchTool && when.Get(keyToolTypes) == nil:
		d.ds.Warnf(CodeNoToolTypes, when.Pos, "when.toolTypes", `add "toolTypes": ["write"] (or the tools it is for)`,
			"%s has no toolTypes; read as every tool", typ)
	}
	if len(extra.Fields) > 0 {
		d.carry(pdWhen, extra)
	}
	return true
}

// stringList reads a list of strings.
func (d *decoder) stringList(n *node.Node, at string) ([]string, bool) {
	if n.Kind != node.Array {
		d.ds.Errorf(CodeShape, n.Pos, at, "write a list of strings", "%s must be a list, not %s", at, n.Kind.Article())
		return nil, false
	}
	out := make([]string, len(n.Items))
	for i, it := range n.Items {
		if it.Kind != node.String {
			d.ds.Errorf(CodeShape, it.Pos, at, "write a list of strings", "%s must hold strings, not %s", at, it.Kind.Article())
			return nil, false
		}
		out[i] = it.Text
	}
	return out, true
}

// patterns reads when.patterns into the canonical file matcher: a regex
// when every glob has an exact one, no matcher (every file) otherwise.
func (d *decoder) patterns(n *node.Node) bool {
	globs, ok := d.stringList(n, "when.patterns")
	if !ok {
		return false
	}
	if len(globs) == 0 {
		d.ds.Warnf(CodeNoPatterns, n.Pos, "when.patterns", `add a pattern, e.g. "**/*"`, "the pattern list is empty; read as every file")
		d.carry(pdPatterns, n)
		return true
	}
	m, err := patternsMatcher(globs)
	if err != nil {
		pos := n.Pos
		for i, g := range globs {
			if _, _, gerr := globToRegex(g); gerr != nil {
				pos = n.Items[i].Pos
				break
			}
		}
		d.ds.Infof(CodeGlob, pos, "when.patterns", "use *, ?, [...], {a,b} and whole-segment ** only",
			"%v; kept for Kiro, but other tools get no file filter (the hook would run for every file there)", err)
		d.carry(keyPatterns, n)
		return true
	}
	d.h.Matcher = m
	if again, err := patternsFor(m); err != nil || !slices.Equal(again, globs) {
		d.carry(pdPatterns, n)
	}
	return true
}

// patternsMatcher is the canonical file matcher of a glob list: nil for
// "every file" (including an empty list, read as such).
func patternsMatcher(globs []string) (canonical.Matcher, error) {
	if len(globs) == 0 {
		return nil, nil
	}
	re, all, err := globsToRegex(globs)
	if err != nil || all {
		return nil, err
	}
	return canonical.Pattern{Regex: re}, nil
}

// patternsFor is the glob list written for a canonical file matcher.
func patternsFor(m canonical.Matcher) ([]string, error) {
	switch m := m.(type) {
	case nil:
		return []string{matchAllGlob}, nil
	case canonical.Pattern:
		return regexToGlobs(m.Regex)
	}
	return nil, errNotFilePattern
}

// toolTypes reads when.toolTypes into a canonical tool matcher.
func (d *decoder) toolTypes(n *node.Node) bool {
	names, ok := d.stringList(n, "when.toolTypes")
	if !ok {
		return false
	}
	if len(names) == 0 {
		d.ds.Warnf(CodeNoToolTypes, n.Pos, "when.toolTypes", `add a tool type, e.g. "write"`, "the toolTypes list is empty; read as every tool")
	}
	d.h.Matcher = d.a.toolMatcher(names)
	if again, lost := d.a.toolTypesFor(d.h.Matcher); len(lost) > 0 || !slices.Equal(again, names) {
		d.carry(pdToolTypes, n)
	}
	return true
}

// toolMatcher is the canonical matcher of a toolTypes list: known
// categories become canonical tool names, others stay literal patterns,
// "*" (or nothing) means every tool.
func (a *Adapter) toolMatcher(names []string) canonical.Matcher {
	var out canonical.AnyOf
	for _, n := range names {
		if n == "*" {
			return nil
		}
		var known bool
		if out, known = providers.AppendTools(out, a.Names, Slug, n); known {
			continue
		}
		if m := (canonical.Pattern{Regex: regexp.QuoteMeta(n)}); !slices.Contains(out, canonical.Matcher(m)) {
			out = append(out, m)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return out
}

// then reads the action: the handler.
func (d *decoder) then(root, then *node.Node) bool {
	if !d.object(root, then, keyThen, `add "then": {"type": "runCommand", "command": "..."}`) {
		return false
	}
	typ, ok := d.typeOf(then, keyThen, "askAgent or runCommand")
	if !ok {
		return false
	}
	key := keyCommand
	switch typ {
	case actionRunCommand:
		d.h.Handler.Type = canonical.HandlerCommand
	case actionAskAgent:
		// An instruction to Kiro's agent, which decides nothing.
		d.h.Handler.Type, key = canonical.HandlerPrompt, keyPrompt
		d.h.Capabilities = []string{capabilities.AgentPrompt}
	default:
		d.ds.Errorf(CodeUnknownAction, then.Get(keyType).Pos, "then.type", "use askAgent (with prompt) or runCommand (with command)",
			"%q is not an action Kiro 0.x runs", typ)
		return false
	}
	body := then.Get(key)
	switch {
	case body == nil:
		d.ds.Errorf(CodeMissing, then.Pos, "then."+key, "add the "+key+" to run", "%s has no %q", typ, key)
		return false
	case body.Kind != node.String:
		d.ds.Errorf(CodeShape, body.Pos, "then."+key, "write it as a string", "then.%s must be a string, not %s", key, body.Kind.Article())
		return false
	case strings.TrimSpace(body.Text) == "":
		d.ds.Errorf(CodeMissing, body.Pos, "then."+key, "add the "+key+" to run", "then.%s is empty: the hook has nothing to run", key)
		return false
	}
	if key == keyPrompt {
		d.h.Handler.Prompt = body.Text
	} else {
		d.h.Handler.Command = body.Text
	}
	extra := &node.Node{Kind: node.Object}
	for _, f := range d.lastOnly(then, keyThen) {
		switch f.Key {
		case keyType, key:
		case keyTimeout:
			t, ok := providers.ReadTimeout(d.ds, CodeShape, f, func() string { return "then.timeout" }, 1, d.a.Prov.Name)
			if !ok {
				return false
			}
			if t == 0 {
				extra.Fields = append(extra.Fields, f) // "the default": no canonical value, kept as written
				continue
			}
			d.h.Handler.Timeout = t
		default:
			d.ds.Infof(CodeUnknownKey, f.KeyPos, "then."+f.Key, "", "%q is not a key of a %s action Kiro is known to read; kept for Kiro as it is", f.Key, typ)
			extra.Fields = append(extra.Fields, f)
		}
	}
	if len(extra.Fields) > 0 {
		d.carry(pdThen, extra)
	}
	return true
}
