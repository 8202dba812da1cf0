package flat

import (
	"encoding/json"
	"fmt"
	"path/filepath"
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
	"github.com/hookconv/hookconv/internal/uniq"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// Diagnostic codes specific to the flat family (the shared ones come
// from the nested codec so a code always means the same thing).
const (
	CodeMCPServerLost = "HC341" // the tool spells MCP tools without their server (warning)
	CodeVersion       = "HC342" // missing or unexpected "version" (warning)
	CodeOtherSpelling = "HC343" // an event spelled as another tool spells it (warning)
	CodeExpanded      = "HC345" // one hook written as several split-event entries (info; a warning for a blocking hook on every tool, which now sees only those events' tools)
	CodeAliasIgnored  = "HC347" // an alias key beside the key it stands in for, which the tool reads instead: dropped (warning)
)

// Codec decodes and encodes one flat dialect.
type Codec struct {
	d *Dialect
	providers.Rows
	// failClosed is failClosedKey's answer, looked up once: it is asked
	// for every entry.
	failClosedOnce sync.Once
	failClosed     string
}

// New returns the codec of a dialect; tables load on first use.
func New(d *Dialect) *Codec { return &Codec{d: d} }

func (c *Codec) load() { c.Load(c.d.Slug) }

// failClosedKey is the entry key that makes a crash or a timeout block
// (Cursor's "failClosed": the blocking table's fail_closed_key), "" when
// the tool has none. The tool reads it on every entry.
func (c *Codec) failClosedKey() string {
	c.failClosedOnce.Do(func() {
		c.load()
		c.failClosed = c.Caps.ProviderFailClosedKey(c.d.Slug)
	})
	return c.failClosed
}

// WritesOwnKey implements providers.OwnKeyWriter: of the tool's own
// provider_data, the dialect's Extra keys and its fail-closed key are
// written, as the encoder's entry does.
func (c *Codec) WritesOwnKey(key string) bool {
	return slices.Contains(c.d.Extra, key) || key == c.failClosedKey() && key != ""
}

// numberIs reports whether a JSON number's text is n: 1, 1.0 and 1e0 are
// all the number 1 to the tools' JSON readers.
func numberIs(text string, n int) bool {
	v, err := strconv.ParseFloat(text, 64)
	return err == nil && v == float64(n)
}

// DecodeTree reads the hooks of one parsed native file.
func (c *Codec) DecodeTree(file string, root *node.Node) ([]canonical.Hook, diag.List) {
	c.load()
	var ds diag.List
	if root.Kind != node.Object {
		ds.Errorf(nested.CodeShape, root.Pos, "", `the file must be an object with a "hooks" key`, "the document is %s, not an object", root.Kind.Article())
		return nil, ds.WithFile(file)
	}
	// A settings file of the tool's that also holds hooks (Copilot CLI's
	// .github/copilot/settings.json): its other keys are settings, not
	// hookconv's business, and it has no "version".
	settings := c.isSwitchFile(file)
	for _, f := range root.Fields {
		switch {
		case settings && f.Key != "hooks":
		case f.Key == "version" && c.d.Version == 0 && slices.Contains(c.d.TopKeys, f.Key) && f.Value.Kind != node.Number:
			// VS Code reads a numeric version as the Copilot CLI shape;
			// what another value does is not documented.
			ds.Warnf(CodeVersion, f.Value.Pos, "version", `write "version": 1, or leave it out`,
				"%s reads a numeric \"version\" (the Copilot CLI file shape); %s is not one", c.Prov.Name, f.Value.Kind.Article())
		case f.Key == "hooks", slices.Contains(c.d.TopKeys, f.Key):
		case f.Key == "version" && c.d.Version != 0:
			switch {
			case f.Value.Kind == node.Number && numberIs(f.Value.Text, c.d.Version):
			case c.d.StrictFile:
				ds.Errorf(CodeVersion, f.Value.Pos, "version", fmt.Sprintf(`write "version": %d`, c.d.Version),
					"%s knows only \"version\": %d and rejects the whole file over any other: none of its hooks run", c.Prov.Name, c.d.Version)
			default:
				ds.Warnf(CodeVersion, f.Value.Pos, "version", fmt.Sprintf(`write "version": %d`, c.d.Version),
					"%s knows only \"version\": %d; read anyway", c.Prov.Name, c.d.Version)
			}
		default:
			ds.Warnf(nested.CodeUnknownKey, f.KeyPos, f.Key, c.Prov.Name+" does not read it; it is not carried over",
				"%q is not a top-level key of %s's hooks file; dropped", f.Key, c.Prov.Name)
		}
	}
	if c.d.Version != 0 && root.Get("version") == nil && !settings {
		ds.Warnf(CodeVersion, root.Pos, "version", fmt.Sprintf(`add "version": %d`, c.d.Version),
			"the file has no \"version\"; %s's documented form has \"version\": %d (written back)", c.Prov.Name, c.d.Version)
	}
	events := root.Get("hooks")
	if events == nil {
		ds.Infof(nested.CodeNoHooks, root.Pos, "hooks", "", "no \"hooks\" in %s: nothing to convert", file)
		return nil, ds.WithFile(file)
	}
	if events.Kind == node.Null {
		// No tool's docs say whether it reads null as no hooks or rejects
		// the file (the reference gives Gemini CLI's validation as zod's,
		// warning and reading on, but not what its hook loader does with
		// null; Cursor's strictness as undocumented): refused, with what
		// to write instead (QA: "must be an object, not null" left the
		// user to guess).
		ds.Errorf(nested.CodeShape, events.Pos, "hooks", `remove "hooks": null, or write "hooks": {}, and run again`, "\"hooks\" is null, which %s's docs do not describe: hookconv cannot tell whether %s reads it as no hooks or rejects the file", c.Prov.Name, c.Prov.Name)
		return nil, ds.WithFile(file)
	}
	if events.Kind != node.Object {
		ds.Errorf(nested.CodeShape, events.Pos, "hooks", `"hooks" maps event names to lists of entries`, "\"hooks\" must be an object, not %s", events.Kind.Article())
		return nil, ds.WithFile(file)
	}
	// Entries are found in order; decoding them, most of the work, is
	// then done in chunks at once (parallel.InChunks).
	// An event repeated in the map is read as the tool reads it: the last
	// one (HC104 says so).
	eventFields := events.LastFields()
	total := 0
	for _, f := range eventFields {
		total += max(1, len(f.Value.Items))
	}
	items := make([]entryItem, 0, total)
	rows := make([]vocab.NativeEvent, 0, len(eventFields))
	version := root.Get("version")
	versioned := version != nil && version.Kind == node.Number
	for _, f := range eventFields {
		row, ok := c.event(&ds, f, versioned)
		if !ok {
			continue
		}
		entries := f.Value.Items
		switch f.Value.Kind {
		case node.Array:
		case node.Object:
			if c.d.StrictFile {
				ds.Errorf(nested.CodeShape, f.Value.Pos, "hooks."+f.Key, "write a list: \""+f.Key+"\": [ {...} ]",
					"%s maps to one object instead of a list, and %s rejects the whole file over it: none of its hooks run", f.Key, c.Prov.Name)
				continue
			}
			ds.Warnf(nested.CodeUndocumented, f.Value.Pos, "hooks."+f.Key, "write a list: \""+f.Key+"\": [ {...} ]",
				"%s maps to one object instead of a list; read as a list of one", f.Key)
			entries = []*node.Node{f.Value}
		default:
			ds.Errorf(nested.CodeShape, f.Value.Pos, "hooks."+f.Key, "write a list of entries", "%s must be a list, not %s", f.Key, f.Value.Kind.Article())
			continue
		}
		rows = append(rows, row)
		at := entryItem{event: f.Key, row: int32(len(rows) - 1), inner: -1}
		for i, e := range entries {
			at.entry = int32(i)
			if inner := e.Get("hooks"); inner != nil && inner.Kind == node.Array && e.Get("command") == nil {
				// Claude Code's nested group, which some of these tools also
				// read: its entries are read with the group's matcher.
				ds.Warnf(nested.CodeUndocumented, e.Pos, at.path(), "write the entries directly under the event",
					"a Claude-style group {matcher, hooks} in %s's flat format; read, and written flat", c.Prov.Name)
				for j, ie := range inner.Items {
					if m := e.Get("matcher"); m != nil && ie.Kind == node.Object && ie.Get("matcher") == nil {
						ie = &node.Node{Kind: node.Object, Pos: ie.Pos, End: ie.End, Fields: append(append([]node.Field(nil), ie.Fields...), node.Field{Key: "matcher", KeyPos: m.Pos, Value: m})}
					}
					it := at
					it.n, it.inner, it.saidEnd = ie, int32(j), len(ds)
					items = append(items, it)
				}
				continue
			}
			it := at
			it.n, it.saidEnd = e, len(ds)
			items = append(items, it)
		}
	}
	hooks, all := parallel.InChunks(parallel.Chunks(len(items)), ds,
		func(i int) int { return items[i].saidEnd },
		func(ds *diag.List, i int, h *canonical.Hook) (ok bool) {
			it := &items[i]
			*h, ok = c.decodeEntry(ds, file, it.n, it.path, rows[it.row], it.event)
			return ok
		})
	providers.MarkSwitchedOff(hooks, root, c.d.Slug, c.d.Switches)
	if top := c.carriedTop(root); top != nil && len(hooks) > 0 {
		providers.SetData(&hooks[0], c.d.Slug, "$top", top)
	}
	return hooks, all.WithFile(file)
}

// isSwitchFile reports whether file, relative to the project or below a
// folder named before it, is one of the tool's switch_paths: a settings
// file (Copilot CLI's repository settings.json), not a hooks file.
func (c *Codec) isSwitchFile(file string) bool {
	file = filepath.ToSlash(file)
	return slices.ContainsFunc(c.Prov.SwitchPaths, func(sp string) bool { return file == sp || strings.HasSuffix(file, "/"+sp) })
}

// entryItem is an entry found, not yet decoded.
type entryItem struct {
	n       *node.Node
	event   string // the native event key it is listed under
	row     int32  // its event's row, in DecodeTree's rows
	entry   int32  // its index under the event
	inner   int32  // its index in a Claude-style group, or -1
	saidEnd int    // where the diagnostics said before it end
}

// path is the entry's diagnostic path: hooks.preToolUse[2], or
// hooks.preToolUse[2].hooks[0] inside a group.
func (it *entryItem) path() string {
	p := fmt.Sprintf("hooks.%s[%d]", it.event, it.entry)
	if it.inner >= 0 {
		p += fmt.Sprintf(".hooks[%d]", it.inner)
	}
	return p
}

// event resolves a native event name. A name the tool does not know but
// Claude Code does (PascalCase "PreToolUse" in a Cursor file) is read as
// Claude's and written back in the tool's own spelling.
func (c *Codec) event(ds *diag.List, f node.Field, versioned bool) (vocab.NativeEvent, bool) {
	rows := c.Names.DecodeEvent(c.d.Slug, f.Key)
	for _, r := range rows {
		if !r.Alias || len(rows) == 1 {
			return r, true
		}
	}
	if versioned {
		// VS Code reads Copilot CLI's event names in a file of its shape
		// (a numeric "version", reference part 2 §2.3): read as its own
		// event, and written so, under the name it documents (QA:
		// preToolUse was kept as an event only VS Code has, HC303, and
		// its guard left out of every other tool).
		for _, r := range c.Names.DecodeVersionedEvent(c.d.Slug, f.Key) {
			if enc := c.Names.EncodeEvent(c.d.Slug, r.Event); len(enc) > 0 {
				return generic(enc), true
			}
		}
	}
	for _, r := range c.Names.DecodeEvent(claudeCode, f.Key) {
		if enc := c.Names.EncodeEvent(c.d.Slug, r.Event); len(enc) > 0 {
			own := generic(enc)
			if c.d.ClaudeSpelling {
				return own, true // documented; the entries keep the spelling ($spelling)
			}
			ds.Warnf(CodeOtherSpelling, f.KeyPos, "hooks."+f.Key, "write "+own.Name,
				"%s is Claude Code's spelling; %s documents %s (read as it, and written so)", f.Key, c.Prov.Name, own.Name)
			return own, true
		}
	}
	canon := nested.VendorEvent(c.d.Slug, f.Key)
	ds.Warnf(nested.CodeUnknownEvent, f.KeyPos, "hooks."+f.Key, providers.UnknownEventHint(c.Names, c.d.Slug, f.Key),
		"%s is not %s event hookconv knows; kept as %s", f.Key, diag.A(c.Prov.Name), canon)
	return vocab.NativeEvent{Provider: c.d.Slug, Event: canon, Name: f.Key, Matcher: vocab.MatchValue}, true
}

// unitName names a timeout unit in a message, as ReadTimeout does.
func unitName(u nested.Unit) string {
	if u == nested.Millis {
		return "milliseconds"
	}
	return "seconds"
}

// generic picks, among the rows written for a canonical event, the one
// that is not a split event (Cursor's preToolUse, not beforeShellExecution).
func generic(rows []vocab.NativeEvent) vocab.NativeEvent {
	for _, r := range rows {
		if len(r.Tools) == 0 {
			return r
		}
	}
	return rows[0]
}

// unknownKeyHint says what to do about an entry key the tool does not
// document: the key it is one or two edits from (comand) that the object
// (n) lacks, else remove it.
func (c *Codec) unknownKeyHint(n *node.Node, key string) string {
	known := append([]string{"type", "matcher"}, c.d.Extra...)
	for _, f := range append(slices.Clone(c.d.Fields), c.d.Aliases...) {
		known = append(known, f.Native)
	}
	if c.failClosedKey() != "" {
		known = append(known, c.failClosedKey())
	}
	known = slices.DeleteFunc(known, func(k string) bool { return n.Get(k) != nil })
	if s := suggest.Closest(key, known, 2); s != "" {
		return fmt.Sprintf("did you mean %q? %s does not read %q", s, c.Prov.Name, key)
	}
	return c.Prov.Name + " does not read it; remove it"
}

// shadowingKey returns the dialect's own key for canon when entry n holds
// it, so that an alias of it in n is ignored by the tool. Copilot CLI's
// "command" stands in for the Windows command as well as the Unix one:
// beside "bash" it is shadowed only when "powershell" is there too.
func (c *Codec) shadowingKey(n *node.Node, canon string) (string, bool) {
	primary, ok := c.d.Fields.NativeOf(canon)
	if !ok || n.Get(primary) == nil {
		return "", false
	}
	if canon == "command" {
		if windows, ok := c.d.Fields.NativeOf("platform.windows"); ok && n.Get(windows) == nil {
			return "", false
		}
	}
	return primary, true
}

// unixKeys names the entry keys that give a command for Linux and macOS
// in the dialect, for a hint: its own command key, and the every-OS key
// beside it where it has one (Copilot CLI's "bash" (or "command");
// VS Code's and Windsurf's "command", which have no "bash").
func (c *Codec) unixKeys() string {
	own, _ := c.d.Fields.NativeOf("command")
	if c.d.AnyOSKey != "" && c.d.AnyOSKey != own {
		return strconv.Quote(own) + " (or " + strconv.Quote(c.d.AnyOSKey) + ")"
	}
	return strconv.Quote(own)
}

// unixOnly reports whether the dialect's own command key in entry n is
// run on Unix only: the dialect has a key for every system (AnyOSKey)
// and n has neither it nor a Windows command, so the tool runs nothing
// for n on Windows.
func (c *Codec) unixOnly(n *node.Node) bool {
	if c.d.AnyOSKey == "" || n.Get(c.d.AnyOSKey) != nil {
		return false
	}
	windows, ok := c.d.Fields.NativeOf("platform.windows")
	return !ok || n.Get(windows) == nil
}

// handlerTypes are the canonical handler types, asked once: an entry's
// type is checked per hook.
var handlerTypes = canonical.HandlerTypes()

func (c *Codec) decodeEntry(ds *diag.List, file string, n *node.Node, path func() string, row vocab.NativeEvent, spelled string) (canonical.Hook, bool) {
	h := canonical.Hook{Event: row.Event, Origin: n.Pos, OriginFile: file}
	if n.Kind != node.Object {
		ds.Errorf(nested.CodeShape, n.Pos, path(), `an entry is {"command": "..."}`, "%s must be an object, not %s", path(), n.Kind.Article())
		return h, false
	}
	pd := &node.Node{Kind: node.Object}
	set := func(k string, v *node.Node) { pd.Fields = append(pd.Fields, node.Field{Key: k, Value: v}) }
	h.Handler.Type = c.d.DefaultType
	if c.d.AlwaysType && n.Get("type") == nil {
		// The documented form spells "type" out, which the tool does not
		// require (Copilot CLI: "may be omitted"): an entry without it is
		// written back without it (QA F17).
		set("$absent", &node.Node{Kind: node.Array, Items: []*node.Node{{Kind: node.String, Text: "type"}}})
	}
	if t := n.Get("type"); t != nil {
		if t.Kind != node.String || !slices.Contains(handlerTypes, t.Text) {
			ds.Errorf(nested.CodeUnknownType, t.Pos, path()+".type", "use "+strings.Join(c.d.Types, " or "),
				"entry type %s is not a handler type hookconv converts", string(node.AppendCompact(nil, t)))
			return h, false
		}
		h.Handler.Type = t.Text
		if t.Text == c.d.DefaultType && !c.d.AlwaysType { // one that always writes it needs no mark
			set("$type", &node.Node{Kind: node.Bool, Bool: true})
		}
		switch {
		case t.Text == canonical.HandlerPrompt && c.submitsPrompt(row.Name):
			// Not a model judging the event: the prompt is submitted to
			// the agent as the session starts.
			h.Capabilities = []string{capabilities.SessionPrompt}
		case !c.d.Accepts(t.Text):
			if on := c.promptEvents(t.Text); on != "" {
				ds.Warnf(nested.CodeTypeNeverRuns, t.Pos, path()+".type", "move it to "+on, "%s runs %s entries only on %s: this one, on %s, never runs", c.Prov.Name, t.Text, on, row.Name)
				break
			}
			// The tool skips it and loads the rest of the file; so does
			// hookconv, rather than read the fields of a type the tool has
			// no keys for (an http entry's url) as unknown keys.
			ds.Warnf(providers.CodeSkipped, t.Pos, path()+".type", "", "%s does not run %s entries: this one never runs; not converted", c.Prov.Name, t.Text)
			return h, false
		}
	}
	if b, ok := c.Caps.BlockingOf(c.d.Slug, row.Event); ok && b.Behaviour != capabilities.Observe {
		h.Blocking = true // the tool honours exit 2 here (spec §7)
	}
	var matcher, exec, execArgs *node.Node
	var spread []string   // fields set by an alias for several
	var keys []node.Field // the "$keys" mark, made only when a key needs it
	for _, f := range n.Fields {
		// The field's path, spelled out only for a diagnostic: a large
		// config has thousands of entries.
		fp := func() string { return path() + "." + f.Key }
		switch {
		case f.Key == "type":
		case c.d.ExecKey != "" && f.Key == c.d.ExecKey:
			exec = f.Value
		case c.d.ExecKey != "" && f.Key == "args":
			execArgs = f.Value
		case f.Key == "matcher":
			if f.Value.Kind != node.String {
				ds.Errorf(nested.CodeShape, f.Value.Pos, fp(), "write the matcher as a string", "matcher must be a string, not %s", f.Value.Kind.Article())
				continue
			}
			matcher = f.Value
		case f.Key == c.failClosedKey() && c.failClosedKey() != "":
			if f.Value.Kind != node.Bool {
				ds.Errorf(nested.CodeShape, f.Value.Pos, fp(), "write true or false", "%s must be a boolean", f.Key)
				continue
			}
			if f.Value.Bool && h.Blocking {
				// A timeout blocks: the canonical timeout_action. So do a
				// crash and invalid output, which no canonical field says:
				// a mark keeps it, for the warning where that is lost.
				h.Handler.TimeoutAction = canonical.TimeoutBlock
				set("$failClosed", &node.Node{Kind: node.Bool, Bool: true})
			} else {
				set(f.Key, f.Value)
			}
		case slices.Contains(c.d.Extra, f.Key):
			set(f.Key, f.Value)
		case len(c.d.Aliases.CanonicalsOf(f.Key)) > 1:
			// An alias for several fields (VS Code's "bash" for the Linux
			// and macOS commands), each unless the key of its own is there.
			written := false
			for _, canon := range c.d.Aliases.CanonicalsOf(f.Key) {
				if _, shadowed := c.shadowingKey(n, canon); shadowed {
					continue
				}
				if !c.setField(ds, &h, canon, f, fp) {
					return h, false
				}
				written, spread = true, append(spread, canon)
			}
			if !written {
				ds.Warnf(CodeAliasIgnored, f.KeyPos, fp(), "remove it",
					"%q stands in for keys this entry has already, so %s ignores it; dropped", f.Key, c.Prov.Name)
			}
		default:
			canon, ok := c.d.Fields.CanonicalOf(f.Key)
			if ok && canon == "command" && c.unixOnly(n) {
				// Copilot's "bash" alone: the tool runs it on Unix only,
				// where the encoder would write the every-OS key. Marked,
				// so it is written back as it was, still Unix-only.
				keys = append(keys, node.Field{Key: canon, Value: &node.Node{Kind: node.String, Text: f.Key}})
			}
			if !ok && !c.accepts(&h) && (f.Key == "prompt" || f.Key == "model") {
				// An entry type the tool does not run still decodes fully,
				// so it can move to a tool that runs it.
				canon, ok = f.Key, true
			}
			if !ok {
				if canon, ok = c.d.Aliases.CanonicalOf(f.Key); ok {
					if primary, shadowed := c.shadowingKey(n, canon); shadowed {
						// The tool reads an alias only when its key is absent
						// (Copilot CLI's timeout beside timeoutSec): which of
						// the two comes first in the file does not matter.
						ds.Warnf(CodeAliasIgnored, f.KeyPos, fp(), fmt.Sprintf("remove it, or move its value to %q if it is the one meant", primary),
							"%q is read only when %q is absent, so %s ignores it here; dropped", f.Key, primary, c.Prov.Name)
						continue
					}
					if bash, ok := c.d.Fields.NativeOf(canon); ok && canon == "command" && n.Get(bash) != nil {
						// Beside "bash" and without "powershell", the
						// cross-platform "command" is what Windows runs.
						canon = "platform.windows"
					} else {
						keys = append(keys, node.Field{Key: canon, Value: &node.Node{Kind: node.String, Text: f.Key}})
					}
				}
			}
			if !ok {
				ds.Warnf(nested.CodeUnknownKey, f.KeyPos, fp(), c.unknownKeyHint(n, f.Key),
					"%q is not %s entry key; dropped", f.Key, diag.A(c.Prov.Name))
				continue
			}
			if !c.setField(ds, &h, canon, f, fp) {
				return h, false
			}
			if canon == "timeout" && h.Handler.Timeout == 0 {
				// No tool of the family documents a timeout of 0 (Cursor:
				// "platform default (value undocumented)", reference part
				// 1 §3.6): the hook gets the tool's default elsewhere,
				// said as HC301 says -1 (QA: dropped silently), and the
				// value is kept for the tool itself.
				ds.Warnf(nested.CodeShape, f.Value.Pos, fp(), "write a positive number of "+unitName(c.d.Timeout)+", or leave it out for the default",
					"%s 0 is not a positive number of %s, and %s's docs do not say what it does; read as no timeout (the tool's default), and written back as 0 for %s alone", f.Key, unitName(c.d.Timeout), c.Prov.Name, c.Prov.Name)
				set("$zeroTimeout", &node.Node{Kind: node.Bool, Bool: true})
			}
		}
	}
	if len(keys) > 0 {
		set("$keys", &node.Node{Kind: node.Object, Fields: keys})
	}
	if exec != nil || execArgs != nil {
		if !c.decodeExec(ds, &h, exec, execArgs, path(), set) {
			return h, false
		}
	}
	if h.Handler.Type == canonical.HandlerCommand && strings.TrimSpace(h.Handler.Command) == "" && len(h.Handler.Platform) > 0 {
		// Only per-OS commands (Copilot's bash/powershell without a
		// fallback): the canonical default is the Unix one, the others
		// stay overrides.
		for _, os := range []string{"linux", "osx"} {
			if cmd := h.Handler.Platform[os]; cmd != "" {
				h.Handler.Command = cmd
				break
			}
		}
		c.warnNoSystemCommand(ds, &h.Handler, n, path())
	}
	for _, canon := range spread {
		if os, ok := strings.CutPrefix(canon, "platform."); ok && h.Handler.Platform[os] == h.Handler.Command {
			// An override that says what the default says (VS Code's
			// "bash" alone sets linux, osx and so the default).
			delete(h.Handler.Platform, os)
		}
	}
	if hd := &h.Handler; hd.Type == canonical.HandlerCommand && strings.TrimSpace(hd.Command) == "" && hd.Platform["windows"] != "" {
		// Valid for the tool (a hook for Windows only), but a canonical
		// command handler runs a command on every system, and running a
		// Windows command under sh elsewhere would fail.
		lost := ""
		if h.Blocking {
			lost = row.Name
		}
		ds.Warnf(providers.CodeWindowsOnly, n.Pos, path(), "add "+c.unixKeys()+" with the command for Linux and macOS to convert it",
			"entry has only a Windows command; hookconv converts hooks that run on every system, so this one is not converted%s", providers.WindowsGuardLostClause(lost))
		return h, false
	}
	if providers.NothingToRun(ds, nested.CodeShape, &h.Handler, n.Pos, path) {
		return h, false
	}
	claudeRules := c.d.ClaudeSpelling && spelled != row.Name && !strings.HasPrefix(h.Event, "vendor.")
	if claudeRules {
		set("$spelling", &node.Node{Kind: node.String, Text: spelled})
	}
	if c.skipsMatcher(ds, matcher, row, claudeRules, path) {
		return h, false
	}
	switch {
	case len(row.Tools) > 0 || row.Alias:
		// A split event: the event itself names the tools.
		h.Matcher = c.splitMatcher(row)
		set("$event", &node.Node{Kind: node.String, Text: row.Name})
		switch {
		case matcher != nil && row.Matcher == vocab.MatchText:
			// Not a tool matcher: a filter on the command line. Kept under
			// its own key, so converting to a tool without one warns (HC404).
			set("$commandFilter", matcher)
		case matcher != nil:
			set("$matcher", matcher)
		}
	case row.Matcher == vocab.MatchTool:
		if matcher != nil {
			// Checked as written, so that an error quotes the tool's text.
			h.Matcher = c.nativeMatcherAs(matcher.Text, claudeRules)
			if !providers.CheckPatterns(ds, h.Matcher, matcher.Pos, path()+".matcher", c.Prov.Name) {
				return h, false
			}
			h.Matcher = c.canonicalPatterns(h.Matcher, claudeRules)
			// An empty matcher ("", every tool) is written as none: kept
			// so the entry is written back as it was.
			if again, _ := c.encodeMatcher(nil, &h, 0, h.Matcher); again != matcher.Text || again == "" {
				set("$matcher", matcher)
			}
		}
	default:
		if matcher != nil {
			set("$matcher", matcher)
		}
	}
	if len(pd.Fields) > 0 {
		h.ProviderData = map[string]json.RawMessage{c.d.Slug: node.AppendCompact(nil, pd)}
	}
	return h, true
}

// skipsMatcher reports, with a warning, an entry that the tool skips
// because its matcher does not compile: a tool that matches whole names
// with JavaScript's RegExp (anchored_patterns and js_regex: Copilot CLI
// compiles ^(?:p)$) skips an entry whose matcher is no valid regular
// expression (reference part 2 §1.5), so it never runs. "*" is the common case: ^(?:*)$ has nothing to repeat, and
// only under Claude Code's event names (claudeRules) does "*" mean every
// tool. Read as a catch-all, such a hook would start running on every
// tool elsewhere; it is not converted (HC349, so that migrate never
// writes the file without it: VS Code, which ignores matchers, runs it).
func (c *Codec) skipsMatcher(ds *diag.List, matcher *node.Node, row vocab.NativeEvent, claudeRules bool, path func() string) bool {
	if matcher == nil || !c.Prov.AnchoredPatterns || !c.Prov.JSRegex || row.Matcher == vocab.MatchNone || len(row.Tools) > 0 {
		return false
	}
	if s := strings.TrimSpace(matcher.Text); claudeRules && (s == "" || s == "*" || s == "**") {
		return false // every tool, by Claude's matcher rules
	}
	compiled := "^(?:" + matcher.Text + ")$"
	why := providers.JSRejects(compiled)
	if why == "" {
		return false
	}
	hint := "fix the pattern: " + c.Prov.Name + " reads it as a JavaScript regular expression"
	if strings.HasPrefix(strings.TrimSpace(matcher.Text), "*") {
		hint = `leave the matcher out, or write ".*", to run the hook every time ("*" alone means every tool only under Claude Code's event names, such as PreToolUse)`
	}
	ds.Warnf(providers.CodeSkipped, matcher.Pos, path()+".matcher", hint,
		"%s compiles the matcher %q as %s, which is no valid regular expression (%s), and skips the entry: this hook never runs; not converted",
		c.Prov.Name, matcher.Text, compiled, why)
	return true
}

// decodeExec folds an exec form (a program and its argv, run without a
// shell) into the shell command that runs the same argv, keeping both
// for the tool's own encoder (providers/execform.go). It reports false
// after an error.
func (c *Codec) decodeExec(ds *diag.List, h *canonical.Hook, exec, args *node.Node, path string, set func(string, *node.Node)) bool {
	key := c.d.ExecKey
	if exec == nil {
		ds.Warnf(nested.CodeUnknownKey, args.Pos, path+".args", "add \""+key+"\" with the program the arguments are for, or remove args",
			"args without %q: %s reads args only as the argv of %q; dropped", key, c.Prov.Name, key)
		return true
	}
	if exec.Kind != node.String || strings.TrimSpace(exec.Text) == "" {
		ds.Errorf(nested.CodeShape, exec.Pos, path+"."+key, "write the program to run, as a string", "%s must be a non-empty string", key)
		return false
	}
	var argv []string
	if args != nil {
		var ok bool
		if argv, ok = providers.ExecArgs(args); !ok {
			ds.Errorf(nested.CodeShape, args.Pos, path+".args", `write args as an array of strings: ["hooks/guard.js"]`, "args must be an array of strings")
			return false
		}
	}
	if h.Handler.Command != "" || len(h.Handler.Platform) > 0 {
		ds.Warnf(nested.CodeUnknownKey, exec.Pos, path+"."+key, "keep either "+key+" (and args) or the shell commands",
			"%q cannot be combined with bash, powershell or command in %s; the shell command is converted and %s dropped", key, c.Prov.Name, key)
		return true
	}
	h.Handler.Command = providers.ExecCommand(exec.Text, argv, nil) // Copilot substitutes nothing
	set("$exec", exec)
	if args != nil {
		set("$args", args)
	}
	return true
}

// splitMatcher is the canonical matcher a split event stands for.
func (c *Codec) splitMatcher(row vocab.NativeEvent) canonical.Matcher {
	if len(row.Tools) == 0 {
		// The split event of MCP tools (Cursor's beforeMCPExecution,
		// Windsurf's pre_mcp_tool_use): every tool of every server.
		return canonical.MCP{Server: canonical.AnyServer}
	}
	if len(row.Tools) == 1 {
		return canonical.ToolName(row.Tools[0])
	}
	out := make(canonical.AnyOf, len(row.Tools))
	for i, t := range row.Tools {
		out[i] = canonical.ToolName(t)
	}
	return out
}

func (c *Codec) setField(ds *diag.List, h *canonical.Hook, canon string, f node.Field, path func() string) bool {
	v := f.Value
	if canon == "timeout" {
		t, ok := providers.ReadTimeout(ds, nested.CodeShape, f, path, c.d.Timeout.PerSecond(), c.Prov.Name)
		if ok {
			h.Handler.Timeout = t
		}
		return ok
	}
	if canon == "allowed_env_vars" {
		if v.Kind != node.Array {
			ds.Errorf(nested.CodeShape, v.Pos, path(), "write a list of names", "%s must be a list", f.Key)
			return false
		}
		for _, it := range v.Items {
			if it.Kind == node.String {
				h.Handler.AllowedEnvVars = append(h.Handler.AllowedEnvVars, it.Text)
			}
		}
		return true
	}
	if canon == "env" || canon == "headers" {
		if v.Kind != node.Object {
			ds.Errorf(nested.CodeShape, v.Pos, path(), "write an object of strings", "%s must be an object, not %s", f.Key, v.Kind.Article())
			return false
		}
		m := map[string]string{}
		for _, e := range v.Fields {
			if e.Value.Kind != node.String {
				ds.Errorf(nested.CodeShape, e.Value.Pos, path()+"."+e.Key, "quote the value", "%s.%s must be a string", f.Key, e.Key)
				return false
			}
			m[e.Key] = e.Value.Text
		}
		if canon == "env" {
			h.Handler.Env = m
		} else {
			h.Handler.Headers = m
		}
		return true
	}
	if v.Kind != node.String {
		ds.Errorf(nested.CodeShape, v.Pos, path(), "write a string", "%s must be a string, not %s", f.Key, v.Kind.Article())
		return false
	}
	if os, ok := strings.CutPrefix(canon, "platform."); ok {
		if h.Handler.Platform == nil {
			h.Handler.Platform = map[string]string{}
		}
		h.Handler.Platform[os] = v.Text
		return true
	}
	if s := providers.StringField(h, canon); s != nil {
		*s = v.Text
	}
	if canon == "command" {
		h.CommandOrigin = v.Pos
	}
	return true
}

// submitsPrompt reports whether the tool runs a prompt entry on a native
// event, by submitting its prompt as the session starts: where its
// session_prompt support holds (Copilot CLI's sessionStart).
func (c *Codec) submitsPrompt(native string) bool {
	s, ok := c.Caps.SupportOf(c.d.Slug, capabilities.SessionPrompt)
	return ok && s.Level != capabilities.LevelNone && s.HoldsOn(native)
}

// promptEvents names the events the tool runs entries of type typ on
// when that is only some (prompt entries: where session_prompt holds);
// "" otherwise.
func (c *Codec) promptEvents(typ string) string {
	if s, ok := c.Caps.SupportOf(c.d.Slug, capabilities.SessionPrompt); typ == canonical.HandlerPrompt && ok && s.Level != capabilities.LevelNone {
		return strings.Join(s.OnlyOn, ", ")
	}
	return ""
}

// accepts reports whether the tool runs h's handler: one of its types,
// or a prompt submitted at session start where the tool does that.
func (c *Codec) accepts(h *canonical.Hook) bool {
	return c.d.Accepts(h.Handler.Type) || h.Handler.Type == canonical.HandlerPrompt && slices.Contains(h.Capabilities, capabilities.SessionPrompt)
}

// decodeMatcher reads a tool matcher: a "|" list of known tool names (and
// the tool's spelling of "every MCP tool") becomes canonical names;
// anything else stays a pattern.
func (c *Codec) decodeMatcher(native string) canonical.Matcher {
	return providers.DecodeNameList(native, c.Names, c.d.Slug, c.d.MCPAll)
}

// decodeMatcherAs reads a tool matcher by Claude Code's rules when
// claudeRules is set (a ClaudeSpelling tool's entry under a Claude event
// name): there "*" and "**" match every tool, and each name of a "|" list
// matches the tool's own name or the Claude name its own table gives it
// (Copilot CLI runs "Bash" guards on bash and powershell). A list with any
// other name is a regex on those Claude names, and stays a pattern.
func (c *Codec) decodeMatcherAs(native string, claudeRules bool) canonical.Matcher {
	return c.canonicalPatterns(c.nativeMatcherAs(native, claudeRules), claudeRules)
}

// canonicalPatterns returns m with its patterns in the manifest's sense,
// found anywhere in a name, where the tool matches whole names.
func (c *Codec) canonicalPatterns(m canonical.Matcher, claudeRules bool) canonical.Matcher {
	if !c.Prov.AnchoredPatterns {
		return m
	}
	if p, ok := m.(canonical.Pattern); ok {
		// One group around plain names matches them, whole, as they do:
		// the encoder groups names with white space at their ends
		// ("( | )"), which would otherwise be read as padding.
		if inner, ok := strings.CutPrefix(p.Regex, "("); ok && strings.HasSuffix(inner, ")") && !strings.ContainsAny(inner[:len(inner)-1], canonical.RegexSyntaxBesidesBar) {
			m = canonical.Pattern{Regex: inner[:len(inner)-1]}
		}
	}
	if p, ok := m.(canonical.Pattern); ok && !strings.ContainsAny(p.Regex, canonical.RegexSyntaxBesidesBar) {
		// Plain names the tool has no canonical tool for (my_tool,
		// bash|): each exact, as the tool matches it, and an empty
		// alternative matches no tool's name.
		names := slices.DeleteFunc(strings.Split(p.Regex, "|"), func(name string) bool { return name == "" })
		if slices.ContainsFunc(names, func(name string) bool { return !canonical.IsToolName(name) }) {
			// A name with a character no tool's name has: the tool
			// splits a list on nothing but "|", so "bash,edit" and
			// "Read File V2" are one name each, which a manifest's bare
			// name cannot hold and other tools would split. The list
			// stays exact, as the anchored list of those names that
			// decoders and verify read as them.
			if len(names) == 1 {
				return canonical.Pattern{Regex: "^" + names[0] + "$"}
			}
			return canonical.Pattern{Regex: "^(" + strings.Join(names, "|") + ")$"}
		}
		var out uniq.List[canonical.Matcher] // tool names only: hashable
		for _, name := range names {
			if _, canon := c.Names.Tool(name); canon {
				// A literal spelled like a canonical tool (shell) would
				// read as that tool: kept a pattern, anchored.
				return canonical.Pattern{Regex: providers.FromWholeName(p.Regex)}
			}
			if providers.AddTools(&out, c.Names, c.d.Slug, name) {
				continue
			}
			tools := []canonical.Matcher{canonical.ToolName(name)} // a literal native name
			if claudeRules {
				// Under a Claude event name, Claude's names for the
				// tool's own tools (Bash: bash and powershell).
				if names := c.Names.DecodeClaudeName(c.d.Slug, name); len(names) > 0 {
					tools = tools[:0]
					for _, t := range names {
						tools = append(tools, canonical.ToolName(t))
					}
				}
			}
			for _, t := range tools {
				out.Add(t)
			}
		}
		if len(out.Items) == 0 {
			return canonical.Pattern{Regex: providers.EmptyNameOnly} // "|": the empty name only
		}
		return providers.Single(out.Items)
	}
	return providers.MapPatterns(m, providers.FromWholeName)
}

// nativeMatcherAs is decodeMatcherAs with patterns as the tool spells them.
func (c *Codec) nativeMatcherAs(native string, claudeRules bool) canonical.Matcher {
	if !claudeRules {
		return c.decodeMatcher(native)
	}
	s := strings.TrimSpace(native)
	if s == "" || s == "*" || s == "**" {
		return nil
	}
	var out canonical.AnyOf
	for _, p := range strings.Split(s, "|") {
		if strings.ContainsAny(p, canonical.RegexSyntax) {
			return canonical.Pattern{Regex: native}
		}
		var known bool
		if out, known = providers.AppendTools(out, c.Names, c.d.Slug, p); !known {
			tools := c.Names.DecodeClaudeName(c.d.Slug, p)
			if len(tools) == 0 {
				return canonical.Pattern{Regex: native}
			}
			for _, t := range tools {
				if m := canonical.ToolName(t); !slices.Contains(out, canonical.Matcher(m)) {
					out = append(out, m)
				}
			}
		}
	}
	return providers.Single(out)
}

// claudeCode is the slug whose event and tool names ClaudeSpelling tools
// also read.
const claudeCode = "claude-code"

// warnNoSystemCommand says which systems an entry without a default
// command named no command for (VS Code's "linux" and "windows" alone:
// none for macOS), now that the Unix one became its default (hd.Command).
// The tool has nothing to run there; the reference (part 2 §2.6) says
// only that the per-OS keys override "command", not what runs without
// it, so nothing is read as the likeliest. A canonical handler has no
// way to say "no command on macOS" (an empty override means the
// default), so every target, the tool itself included, would run the
// default there: said, not silent (QA).
func (c *Codec) warnNoSystemCommand(ds *diag.List, hd *canonical.Handler, n *node.Node, path string) {
	if hd.Command == "" {
		return // only a Windows command: CodeWindowsOnly says it is not converted
	}
	var none, keys []string
	for _, o := range canonical.Systems {
		if hd.Platform[o.Key] != "" {
			continue
		}
		if native, ok := c.d.Fields.NativeOf("platform." + o.Key); ok {
			none = append(none, o.Key)
			keys = append(keys, strconv.Quote(native))
		}
	}
	if len(none) == 0 {
		return
	}
	systems := canonical.SystemList(none)
	def, _ := c.d.Fields.NativeOf("command")
	ds.Warnf(providers.CodeNoSystemCommand, n.Pos, path,
		fmt.Sprintf("add %s with what %s should run (\"exit 0\" to run nothing), or %q", strings.Join(keys, " and "), systems, def),
		"entry has no %q and no command for %s, so %s has nothing to run there; hookconv reads %q as its default command, so the converted hook runs it on %s too",
		def, systems, c.Prov.Name, hd.Command, systems)
}

// carriedTop is the object of root's CarriedTopKeys (the last of a
// repeated key, as the tool reads it), or nil when it has none.
func (c *Codec) carriedTop(root *node.Node) *node.Node {
	var top *node.Node
	for _, k := range c.d.CarriedTopKeys {
		if v := root.Get(k); v != nil {
			if top == nil {
				top = &node.Node{Kind: node.Object}
			}
			top.Fields = append(top.Fields, node.Field{Key: k, Value: v})
		}
	}
	return top
}
