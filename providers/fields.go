package providers

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
)

// FieldMap ties a native handler (or entry) key to a canonical handler
// field: command, timeout, async, status_message, url, headers,
// allowed_env_vars, server, tool, input, prompt, model, env, cwd, name
// (the hook's name) or platform.<os>.
type FieldMap struct {
	Native    string
	Canonical string
}

// Fields is a dialect's table of native keys with a canonical home.
type Fields []FieldMap

// CanonicalsOf returns every canonical field a native key stands for (VS
// Code's "bash" is the Linux and the macOS command).
func (fs Fields) CanonicalsOf(native string) []string {
	var out []string
	for _, f := range fs {
		if f.Native == native {
			out = append(out, f.Canonical)
		}
	}
	return out
}

// CanonicalOf returns the canonical field of a native key.
func (fs Fields) CanonicalOf(native string) (string, bool) {
	for _, f := range fs {
		if f.Native == native {
			return f.Canonical, true
		}
	}
	return "", false
}

// NativeOf returns the native key of a canonical field.
func (fs Fields) NativeOf(canon string) (string, bool) {
	for _, f := range fs {
		if f.Canonical == canon {
			return f.Native, true
		}
	}
	return "", false
}

// StringField returns where h keeps the canonical field canon (a
// FieldMap's Canonical) when that field is one string: the handler's
// command, cwd, model, prompt, server, status_message, tool or url, or
// the hook's name. It returns nil for every other field (a number, a
// map, a list, a platform's command), which each codec reads and
// writes by rules of its own. Decoders and encoders of both dialect
// families find the string fields here, so that each is named once.
func StringField(h *canonical.Hook, canon string) *string {
	hd := &h.Handler
	switch canon {
	case "command":
		return &hd.Command
	case "cwd":
		return &hd.Cwd
	case "model":
		return &hd.Model
	case "prompt":
		return &hd.Prompt
	case "server":
		return &hd.Server
	case "status_message":
		return &hd.StatusMessage
	case "tool":
		return &hd.Tool
	case "url":
		return &hd.URL
	case "name":
		return &h.Name
	}
	return nil
}

// OwnData returns a hook's provider_data for one tool as a JSON object
// (an empty one when it has none, or when what it has is no object). The
// caller must not change it: the empty object is shared, as most hooks
// of a large conversion have no data for the tool they are written for.
func OwnData(h *canonical.Hook, slug string) *node.Node {
	if raw := h.ProviderData[slug]; len(raw) > 0 {
		if n, err := node.ParseJSON(raw, node.JSONOptions{}); err == nil && n.Kind == node.Object {
			return n
		}
	}
	return &noData
}

// SetData returns h's provider_data for slug with key set to v, as a new
// value: the old one may be shared with other hooks (a group's copy).
func SetData(h *canonical.Hook, slug, key string, v *node.Node) {
	own := OwnData(h, slug)
	d := Data{fields: slices.Clone(own.Fields)}
	d.Set(key, v)
	if h.ProviderData == nil {
		h.ProviderData = map[string]json.RawMessage{}
	} else {
		h.ProviderData = maps.Clone(h.ProviderData)
	}
	h.ProviderData[slug] = d.Raw()
}

// KinValue is own's key when it is there, or else the same key in the
// provider_data of kin, a tool that documents it alike (Kiro's v1 files
// and its 0.x .kiro.hook files both have "enabled" and "description"),
// when it has the given kind; nil when neither has it. An empty string
// says nothing and is not carried.
func KinValue(h *canonical.Hook, own *node.Node, kin, key string, kind node.Kind) *node.Node {
	if v := own.Get(key); v != nil {
		return v
	}
	if len(h.ProviderData[kin]) == 0 {
		return nil
	}
	v := OwnData(h, kin).Get(key)
	if v == nil || v.Kind != kind || kind == node.String && v.Text == "" {
		return nil
	}
	return v
}

// SetAllData replaces h's provider_data for slug with raw (removing it
// when raw is empty), as a new map: the old one may be shared.
func SetAllData(h *canonical.Hook, slug string, raw json.RawMessage) {
	h.ProviderData = maps.Clone(h.ProviderData)
	if len(raw) == 0 {
		delete(h.ProviderData, slug)
		return
	}
	if h.ProviderData == nil {
		h.ProviderData = map[string]json.RawMessage{}
	}
	h.ProviderData[slug] = raw
}

// DataMemo is OwnData that remembers the last object it parsed: hooks
// that share one copy of their data (a group's "$matcher", which the
// decoders share among the group's handlers) parse it once. Use one per
// goroutine.
type DataMemo struct {
	raw json.RawMessage
	n   *node.Node
}

// Own is OwnData(h, slug), parsed once for a run of hooks sharing it.
func (m *DataMemo) Own(h *canonical.Hook, slug string) *node.Node {
	raw := h.ProviderData[slug]
	if len(raw) > 0 && len(raw) == len(m.raw) && &raw[0] == &m.raw[0] {
		return m.n
	}
	n := OwnData(h, slug)
	if len(raw) > 0 {
		m.raw, m.n = raw, n
	}
	return n
}

// noData is the empty object OwnData returns for a hook without data.
var noData = node.Node{Kind: node.Object}

// Data builds a hook's provider_data object for one tool, keeping the
// order in which native keys appeared, so writing them back keeps it.
type Data struct{ fields []node.Field }

// Set sets key to v, in place when the key is there already.
func (d *Data) Set(key string, v *node.Node) {
	for i := range d.fields {
		if d.fields[i].Key == key {
			d.fields[i].Value = v
			return
		}
	}
	d.fields = append(d.fields, node.Field{Key: key, Value: v})
}

// Get returns key's value, nil when it is not set.
func (d *Data) Get(key string) *node.Node {
	for i := range d.fields {
		if d.fields[i].Key == key {
			return d.fields[i].Value
		}
	}
	return nil
}

// Take removes key and returns its value, nil when it is not set.
func (d *Data) Take(key string) *node.Node {
	for i := range d.fields {
		if d.fields[i].Key == key {
			v := d.fields[i].Value
			d.fields = append(d.fields[:i], d.fields[i+1:]...)
			return v
		}
	}
	return nil
}

// Empty reports whether nothing has been set.
func (d *Data) Empty() bool { return len(d.fields) == 0 }

// Raw is the object as compact JSON, or nil when it is empty.
func (d *Data) Raw() json.RawMessage {
	if len(d.fields) == 0 {
		return nil
	}
	return json.RawMessage(node.AppendCompact(nil, &node.Node{Kind: node.Object, Fields: d.fields}))
}

// NothingToRun reports, as an error at pos, a handler without what its
// type runs (a command, a URL, a prompt, an MCP server and tool), and
// returns true then. The tool would reject it or run nothing, and no other
// tool could run it either, so it is not converted. The handler's path
// is asked for only then: spelling it for each of thousands of valid
// handlers would cost more than the check.
func NothingToRun(ds *diag.List, code string, hd *canonical.Handler, pos diag.Pos, path func() string) bool {
	missing := hd.MissingField()
	if missing == "" {
		return false
	}
	ds.Errorf(code, pos, path(), "add the "+missing+" to run, or remove the handler",
		"%s handler has no %s: it has nothing to run", hd.Type, missing)
	return true
}
