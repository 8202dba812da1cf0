// Package openhook is the adapter of the OpenHook 0.1 discovery file,
// .openhook.json at the project root:
//
//	{"openhook": "0.1", "hooks": [{"command": "…", "events": ["session.end"], "async": true}]}
//
// The format has commands, event types and async, nothing else: no
// matcher, timeout, blocking or output contract (the pipeline degrades
// matchers and blocking with warnings before the encoder sees them; the
// encoder names every other handler field it leaves out). One entry may name
// several events, or "*" for all of them; the canonical model has one
// event per hook, so an entry reads as one hook per event and hooks that
// share a command are written back as one entry.
//
// provider_data["openhook"] (a JSON object):
//   - "$all": true on hooks read from an entry subscribed to "*", so the
//     entry is written back as "*" rather than the list of every event;
//   - "$absent": ["events"] beside "$all" on hooks read from an entry
//     without "events", which the protocol reads as "*": the entry is
//     written back without the key, as it was;
//   - "$entry": the index of the entry a hook came from, so two entries
//     with the same command stay two entries;
//   - entry keys the protocol does not define, verbatim.
package openhook

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// Slug is the provider slug.
const Slug = "openhook"

// Version is the protocol version hookconv writes.
const Version = "0.1"

// Diagnostic codes of the OpenHook adapter.
const (
	CodeShape        = "HC600" // a value of the wrong shape (error)
	CodeVersion      = "HC601" // a protocol version other than 0.1 (warning)
	CodeUnknownEvent = "HC602" // an event type the protocol does not define, kept as provider-exclusive (warning)
	CodeUnknownKey   = "HC603" // an entry key the protocol does not define, carried in provider_data (warning)
	CodeNoEvents     = "HC604" // an entry subscribed to no event type, which never runs (warning)
)

// allEvents is the wildcard event list.
const allEvents = "*"

// Adapter is the OpenHook providers.Adapter.
type Adapter struct{ providers.Rows }

var _ providers.Adapter = (*Adapter)(nil)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

// Decode implements providers.Adapter: every entry of every file, in
// order, one hook per event type it subscribes to.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	a.Load(Slug)
	entry := 0
	return providers.DecodeJSONFiles(files, a.Prov, func(_ string, root *node.Node) ([]canonical.Hook, diag.List) {
		var ds diag.List
		hooks := a.decodeFile(&ds, root, &entry)
		return hooks, ds
	})
}

func (a *Adapter) decodeFile(ds *diag.List, root *node.Node, entry *int) []canonical.Hook {
	if root.Kind != node.Object {
		ds.Errorf(CodeShape, root.Pos, "", `the file is {"openhook": "0.1", "hooks": [...]}`, "an OpenHook file must be an object, not %s", root.Kind.Article())
		return nil
	}
	switch v := root.Get("openhook"); {
	case v == nil:
		ds.Warnf(CodeVersion, root.Pos, "openhook", `add "openhook": "0.1"`, "the file does not say its protocol version; read as 0.1")
	case v.Kind != node.String:
		ds.Errorf(CodeShape, v.Pos, "openhook", `write "openhook": "0.1"`, "openhook must be a version string, not %s", v.Kind.Article())
	case v.Text != Version:
		ds.Warnf(CodeVersion, v.Pos, "openhook", "check the hooks against that version's spec", "OpenHook %s is not the version hookconv knows (0.1); read as 0.1", v.Text)
	}
	list := root.Get("hooks")
	if list == nil {
		return nil
	}
	if list.Kind != node.Array {
		ds.Errorf(CodeShape, list.Pos, "hooks", `write "hooks": [ {"command": "…", "events": [...]} ]`, "hooks must be a list, not %s", list.Kind.Article())
		return nil
	}
	// Each entry is read on its own: in chunks at once (internal/parallel).
	base := *entry
	*entry += len(list.Items)
	perEntry, eds := parallel.InChunks(parallel.Chunks(len(list.Items)), nil, nil, func(ds *diag.List, i int, hooks *[]canonical.Hook) bool {
		*hooks = a.decodeEntry(ds, list.Items[i], "hooks["+strconv.Itoa(i)+"]", base+i)
		return true
	})
	*ds = append(*ds, eds...)
	total := 0 // joined by hand: an empty list reads as no hooks, not nil
	for _, hs := range perEntry {
		total += len(hs)
	}
	hooks := make([]canonical.Hook, 0, total)
	for _, hs := range perEntry {
		hooks = append(hooks, hs...)
	}
	return hooks
}

// decodeEntry reads one entry as one hook per event type.
func (a *Adapter) decodeEntry(ds *diag.List, e *node.Node, at string, index int) []canonical.Hook {
	if e.Kind != node.Object {
		ds.Errorf(CodeShape, e.Pos, at, `each entry is {"command": "…", "events": [...]}`, "%s must be an object, not %s", at, e.Kind.Article())
		return nil
	}
	h := canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerCommand}, Origin: e.Pos}
	data := &node.Node{Kind: node.Object}
	events := []*node.Node{{Kind: node.String, Text: allEvents, Pos: e.Pos}} // the protocol's default
	given := false                                                           // the entry has "events" of its own
	ok := true
	for _, f := range e.Fields {
		switch f.Key {
		case "command":
			if f.Value.Kind != node.String || f.Value.Text == "" {
				ds.Errorf(CodeShape, f.Value.Pos, at+".command", "write the shell command as a string", "command must be a non-empty string")
				ok = false
				continue
			}
			h.Handler.Command, h.CommandOrigin = f.Value.Text, f.Value.Pos
		case "events":
			if f.Value.Kind != node.Array || slices.ContainsFunc(f.Value.Items, func(n *node.Node) bool { return n.Kind != node.String || n.Text == "" }) {
				ds.Errorf(CodeShape, f.Value.Pos, at+".events", `write a list of event types, e.g. ["session.end"] or ["*"]`, "events must be a list of event type names")
				ok = false
				continue
			}
			events, given = f.Value.Items, true
		case "async":
			if f.Value.Kind != node.Bool {
				ds.Errorf(CodeShape, f.Value.Pos, at+".async", "write true or false", "async must be true or false, not %s", f.Value.Kind.Article())
				ok = false
				continue
			}
			h.Handler.Async = f.Value.Bool
		default:
			ds.Warnf(CodeUnknownKey, f.KeyPos, at+"."+f.Key, "OpenHook 0.1 defines command, events and async",
				"%q is not an OpenHook 0.1 entry key; carried along for this format only", f.Key)
			data.Fields = append(data.Fields, node.Field{Key: f.Key, Value: f.Value})
		}
	}
	if h.Handler.Command == "" && ok {
		ds.Errorf(CodeShape, e.Pos, at, `add "command": "…"`, "%s has no command", at)
		ok = false
	}
	if !ok {
		return nil
	}
	if len(events) == 0 {
		ds.Warnf(CodeNoEvents, e.Pos, at+".events", `name event types, or ["*"] for all (the default when "events" is absent)`,
			"%s subscribes to no event type, so it never runs; nothing to convert", at)
		return nil
	}
	data.Fields = append(data.Fields, node.Field{Key: "$entry", Value: canonical.Number(float64(index))})
	var hooks []canonical.Hook
	add := func(event string, all bool) {
		hh := h
		d := &node.Node{Kind: node.Object, Fields: slices.Clone(data.Fields)}
		if all {
			d.Fields = append(d.Fields, node.Field{Key: "$all", Value: &node.Node{Kind: node.Bool, Bool: true}})
			if !given {
				d.Fields = append(d.Fields, node.Field{Key: "$absent", Value: &node.Node{Kind: node.Array, Items: []*node.Node{{Kind: node.String, Text: "events"}}}})
			}
		}
		hh.Event = event
		hh.ProviderData = map[string]json.RawMessage{Slug: node.AppendCompact(nil, d)}
		hooks = append(hooks, hh)
	}
	for _, ev := range events {
		if ev.Text == allEvents {
			for _, row := range a.Names.EventsOf(Slug) {
				if !row.Alias {
					add(row.Event, true)
				}
			}
			continue
		}
		rows := a.Names.DecodeEvent(Slug, ev.Text)
		i := slices.IndexFunc(rows, func(r vocab.NativeEvent) bool { return !r.Alias })
		if i < 0 {
			event := nested.VendorEvent(Slug, ev.Text)
			ds.Warnf(CodeUnknownEvent, ev.Pos, at+".events", "OpenHook 0.1 types: session.start, session.end, prompt.submit, tool.start, tool.end, file.write",
				"%q is not an OpenHook 0.1 event type; kept as %s", ev.Text, event)
			add(event, false)
			continue
		}
		add(rows[i].Event, false)
	}
	return hooks
}

// Encode implements providers.Adapter: one entry per run of hooks with the
// same command, async flag and entry of origin. The file goes to the one
// existing file given (the -o target), else to .openhook.json; an existing
// file keeps every other key.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.Load(Slug)
	var ds diag.List
	var entries []*entry
	for i := range m.Hooks {
		h := &m.Hooks[i]
		at := fmt.Sprintf("hooks[%d]", h.SourceIndex(i))
		if h.Handler.Type != canonical.HandlerCommand {
			ds.Warnf(providers.CodeNotWritten, h.PosOf("handler.type"), at+".handler.type", "OpenHook runs shell commands only",
				"%s is %s handler, which OpenHook cannot run; not written", h.DisplayName(i), diag.A(h.Handler.Type))
			continue
		}
		name, ok := a.eventName(h)
		if !ok {
			ds.Warnf(providers.CodeNotWritten, h.PosOf("event"), at+".event", "OpenHook 0.1 types: session.start, session.end, prompt.submit, tool.start, tool.end, file.write",
				"OpenHook has no %s event; %s was not written", h.Event, h.DisplayName(i))
			continue
		}
		// OpenHook has no matcher: a tool hook fires for every tool.
		providers.WarnMatcherIgnored(&ds, a.Names, h, i, a.Prov, name)
		providers.WarnValueMatcherDropped(&ds, a.Names, h, i, Slug, a.Prov.Name, name)
		// An entry holds a command and async, nothing else.
		providers.WarnUnwritten(&ds, h, i, a.Prov.Name, func(f string) bool { return f == "command" || f == "async" })
		e := newEntry(h, name)
		if n := len(entries); n > 0 && entries[n-1].joins(e) {
			entries[n-1].add(e)
			continue
		}
		entries = append(entries, e)
	}
	list := &node.Node{Kind: node.Array, Items: make([]*node.Node, 0, len(entries))}
	for _, e := range entries {
		list.Items = append(list.Items, e.node(a.wildcard()))
	}
	target := existing.Target(a.Prov.Paths[0])
	members := []node.Field{{Key: "openhook", Value: &node.Node{Kind: node.String, Text: Version}}, {Key: "hooks", Value: list}}
	return providers.EncodeJSONConfig(target, existing, members, func(n *node.Node) int { return len(n.Items) }, ds)
}

// eventName is the event type a hook is written under: the table's, or
// the native name of a provider-exclusive event read from this format.
func (a *Adapter) eventName(h *canonical.Hook) (string, bool) {
	if rows := a.Names.EncodeEvent(Slug, h.Event); len(rows) > 0 {
		return rows[0].Name, true
	}
	prefix := nested.VendorEvent(Slug, "")
	if len(h.Event) > len(prefix) && h.Event[:len(prefix)] == prefix {
		return h.Event[len(prefix):], true
	}
	return "", false
}

// wildcard is every event type in table order: the expansion of "*".
func (a *Adapter) wildcard() []string {
	var out []string
	for _, row := range a.Names.EventsOf(Slug) {
		if !row.Alias {
			out = append(out, row.Name)
		}
	}
	return out
}

// entry is one entry of the file being built.
type entry struct {
	command string
	async   bool
	events  []string
	all     bool       // every hook came from a "*" entry
	bare    bool       // … that had no "events" key ("$absent")
	origin  *node.Node // "$entry", or nil for hooks from elsewhere
	extra   []node.Field
}

func newEntry(h *canonical.Hook, event string) *entry {
	e := &entry{command: h.Handler.Command, async: h.Handler.Async, events: []string{event}}
	if raw := h.ProviderData[Slug]; len(raw) > 0 {
		if pd, err := node.ParseJSON(raw, node.JSONOptions{}); err == nil && pd.Kind == node.Object {
			for _, f := range pd.Fields {
				switch f.Key {
				case "$all":
					e.all = f.Value.Kind == node.Bool && f.Value.Bool
				case "$absent":
					absent, _ := f.Value.Strings()
					e.bare = slices.Contains(absent, "events")
				case "$entry":
					e.origin = f.Value
				default:
					e.extra = append(e.extra, f)
				}
			}
		}
	}
	return e
}

// joins reports whether next can be written as part of e: the same
// command and flags, from the same entry of origin (or neither from one).
func (e *entry) joins(next *entry) bool {
	if e.command != next.command || e.async != next.async || e.all != next.all || e.bare != next.bare || slices.Contains(e.events, next.events[0]) {
		return false
	}
	if (e.origin == nil) != (next.origin == nil) {
		return false
	}
	if e.origin != nil && string(node.AppendCompact(nil, e.origin)) != string(node.AppendCompact(nil, next.origin)) {
		return false
	}
	return string(node.AppendCompact(nil, &node.Node{Kind: node.Object, Fields: e.extra})) ==
		string(node.AppendCompact(nil, &node.Node{Kind: node.Object, Fields: next.extra}))
}

func (e *entry) add(next *entry) { e.events = append(e.events, next.events...) }

// node renders the entry; events read from "*" that are all still there
// are written as "*" again, or left out where the entry had no "events"
// (the protocol's default is "*").
func (e *entry) node(wildcard []string) *node.Node {
	whole := e.all && len(e.events) == len(wildcard)
	n := &node.Node{Kind: node.Object, Fields: []node.Field{
		{Key: "command", Value: &node.Node{Kind: node.String, Text: e.command}},
	}}
	if !whole || !e.bare {
		events := &node.Node{Kind: node.Array}
		if whole {
			events.Items = []*node.Node{{Kind: node.String, Text: allEvents}}
		} else {
			for _, ev := range e.events {
				events.Items = append(events.Items, &node.Node{Kind: node.String, Text: ev})
			}
		}
		n.Fields = append(n.Fields, node.Field{Key: "events", Value: events})
	}
	if e.async {
		n.Fields = append(n.Fields, node.Field{Key: "async", Value: &node.Node{Kind: node.Bool, Bool: true}})
	}
	n.Fields = append(n.Fields, e.extra...)
	return n
}
