package kiro

import (
	"encoding/json"
	"fmt"
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

// decoder reads one file.
type decoder struct {
	*Adapter
	file string
	ds   diag.List
}

// decodeFile reads the hooks of one parsed file.
func (d *decoder) decodeFile(root *node.Node) []canonical.Hook {
	if root.Kind != node.Object {
		d.ds.Errorf(CodeShape, root.Pos, "", `a Kiro hook file is {"version": "v1", "hooks": [...]}`,
			"the document is %s, not an object", root.Kind.Article())
		return nil
	}
	if root.Get("hooks") == nil && (root.Get("when") != nil || root.Get("then") != nil) {
		d.ds.Warnf(CodeLegacyFile, root.Pos, "", "convert it with --from kiro-legacy, or rewrite it in the v1 form",
			"this is a Kiro IDE 0.x hook (when/then), not a v1 hook file; skipped")
		return nil
	}
	d.version(root)
	for _, f := range root.Fields {
		if f.Key != "version" && f.Key != "hooks" {
			d.ds.Warnf(CodeUnknownKey, f.KeyPos, f.Key, "Kiro's v1 hook files hold only \"version\" and \"hooks\"",
				"%q is not a key of Kiro's v1 hook files; not carried over", f.Key)
		}
	}
	list := root.Get("hooks")
	if list == nil {
		d.ds.Infof(CodeNoHooks, root.Pos, "hooks", "", "no \"hooks\" in %s: nothing to convert", d.file)
		return nil
	}
	if list.Kind != node.Array {
		d.ds.Errorf(CodeShape, list.Pos, "hooks", `write "hooks": [ {"name": …, "trigger": …, "action": {…}} ]`,
			"\"hooks\" must be a list, not %s", list.Kind.Article())
		return nil
	}
	// Each hook is read on its own: in chunks at once, each by a decoder
	// of its own.
	hooks, hds := parallel.InChunks(parallel.Chunks(len(list.Items)), nil, nil, func(ds *diag.List, i int, h *canonical.Hook) bool {
		hd := decoder{Adapter: d.Adapter, file: d.file, ds: *ds}
		defer func() { *ds = hd.ds }()
		var ok bool
		*h, ok = hd.decodeHook(list.Items[i], fmt.Sprintf("hooks[%d]", i))
		return ok
	})
	d.ds = append(d.ds, hds...)
	return hooks
}

// version checks the file's "version", which the encoder writes as "v1".
func (d *decoder) version(root *node.Node) {
	switch v := root.Get("version"); {
	case v == nil:
		d.ds.Warnf(CodeVersion, root.Pos, "version", `add "version": "v1"`,
			"the file has no \"version\"; Kiro's v1 hook files start with \"version\": \"v1\" (written back)")
	case v.Kind != node.String || v.Text != Version:
		d.ds.Warnf(CodeVersion, v.Pos, "version", `write "version": "v1"`,
			"Kiro knows hook files of \"version\": \"v1\", not %s; read as v1", string(node.AppendCompact(nil, v)))
	}
}

// decodeHook reads one hook. It returns false, with an error, when the
// hook cannot be read.
func (d *decoder) decodeHook(n *node.Node, at string) (canonical.Hook, bool) {
	h := canonical.Hook{Origin: n.Pos, OriginFile: d.file}
	if n.Kind != node.Object {
		d.ds.Errorf(CodeShape, n.Pos, at, `a hook is {"name": …, "trigger": …, "action": {…}}`, "%s must be an object, not %s", at, n.Kind.Article())
		return h, false
	}
	pd := &providers.Data{}
	keys, ok := d.hookKeys(n, at, &h, pd)
	if !ok {
		return h, false
	}
	if keys.trigger == nil || keys.action == nil {
		missing := "trigger"
		if keys.trigger != nil {
			missing = "action"
		}
		d.ds.Errorf(CodeShape, n.Pos, at+"."+missing, "add the "+missing, "the hook has no %q", missing)
		return h, false
	}
	if strings.TrimSpace(h.Name) == "" {
		d.ds.Warnf(CodeNoName, n.Pos, at+".name", `add "name": "…"`,
			"the hook has no name, which Kiro requires: it lists and toggles hooks by name")
	}
	if !d.action(&h, keys.action, at+".action") {
		return h, false
	}
	row := d.event(keys.trigger, at+".trigger")
	h.Event = row.Event
	if keys.matcher != nil && !d.matcher(&h, pd, row, keys.matcher, at+".matcher") {
		return h, false
	}
	if b, found := d.Caps.BlockingOf(Slug, row.Event); found && b.Behaviour != capabilities.Observe && h.Handler.Type == canonical.HandlerCommand {
		h.Blocking = true // exit 2 blocks here (spec §7); an agent action has no exit code
	}
	if raw := pd.Raw(); raw != nil {
		h.ProviderData = map[string]json.RawMessage{Slug: raw}
	}
	return h, true
}

// hookKeys are the keys of a hook that are read once all are known.
type hookKeys struct{ trigger, matcher, action *node.Node }

// hookKeys reads the keys of a hook: the name and timeout into h, the
// keys without a canonical home into pd. ok is false when one has the
// wrong type.
func (d *decoder) hookKeys(n *node.Node, at string, h *canonical.Hook, pd *providers.Data) (keys hookKeys, ok bool) {
	ok = true
	for _, f := range n.Fields {
		fp := at + "." + f.Key
		switch f.Key {
		case "name", "description", "trigger", "matcher", "enabled":
			if !d.want(f, fp, keyKinds[f.Key]) {
				ok = false
				continue
			}
			switch f.Key {
			case "name":
				h.Name = f.Value.Text
			case "trigger":
				keys.trigger = f.Value
			case "matcher":
				keys.matcher = f.Value
			default:
				pd.Set(f.Key, f.Value)
			}
		case "action":
			keys.action = f.Value
		case "timeout":
			ok = d.timeout(h, pd, f, fp) && ok
		default:
			d.ds.Warnf(CodeUnknownKey, f.KeyPos, fp, "Kiro hooks have name, description, trigger, matcher, action, timeout and enabled",
				"%q is not a key of a Kiro hook; dropped", f.Key)
		}
	}
	return keys, ok
}

// keyKinds are the JSON types of a hook's scalar keys.
var keyKinds = map[string]node.Kind{
	"name": node.String, "description": node.String, "trigger": node.String, "matcher": node.String, "enabled": node.Bool,
}

// want reports whether a field has the JSON type k, with an error if not.
func (d *decoder) want(f node.Field, at string, k node.Kind) bool {
	if f.Value.Kind == k {
		return true
	}
	d.ds.Errorf(CodeShape, f.Value.Pos, at, "write "+k.Article(), "%s must be %s, not %s", f.Key, k.Article(), f.Value.Kind.Article())
	return false
}

// timeout reads "timeout" (seconds). Zero is kept verbatim: in Kiro it is
// not the default the canonical 0 stands for.
func (d *decoder) timeout(h *canonical.Hook, pd *providers.Data, f node.Field, at string) bool {
	t, ok := providers.ReadTimeout(&d.ds, CodeShape, f, func() string { return at }, 1, d.Prov.Name)
	if !ok {
		return false
	}
	if t == 0 {
		pd.Set(f.Key, f.Value)
	}
	h.Handler.Timeout = t
	return true
}

// action reads the action: a command, or a prompt for the agent.
func (d *decoder) action(h *canonical.Hook, n *node.Node, at string) bool {
	if n.Kind != node.Object {
		d.ds.Errorf(CodeShape, n.Pos, at, `write {"type": "command", "command": "…"} or {"type": "agent", "prompt": "…"}`,
			"action must be an object, not %s", n.Kind.Article())
		return false
	}
	t := n.Get("type")
	var key string
	switch {
	case t == nil || t.Kind != node.String:
		d.ds.Errorf(CodeShape, n.Pos, at+".type", `add "type": "command" or "type": "agent"`, "the action has no type")
		return false
	case t.Text == "command":
		h.Handler.Type, key = canonical.HandlerCommand, "command"
	case t.Text == "agent":
		// The prompt goes to Kiro's agent as an instruction, which it
		// follows like a chat message and which decides nothing: a prompt
		// handler with agent_prompt, not a model judging the event.
		h.Handler.Type, key = canonical.HandlerPrompt, "prompt"
		h.Capabilities = []string{capabilities.AgentPrompt}
	default:
		d.ds.Errorf(CodeUnknownAction, t.Pos, at+".type", `Kiro's actions are "command" and "agent"`,
			"action type %q is not one hookconv converts; the hook is not read", t.Text)
		return false
	}
	for _, f := range n.Fields {
		if f.Key != "type" && f.Key != key {
			d.ds.Warnf(CodeUnknownKey, f.KeyPos, at+"."+f.Key, fmt.Sprintf("%s action has \"type\" and %q", diag.A(t.Text), key),
				"%q is not a key of a %s action; dropped", f.Key, t.Text)
		}
	}
	v := n.Get(key)
	if v == nil || v.Kind != node.String || strings.TrimSpace(v.Text) == "" {
		d.ds.Errorf(CodeShape, n.Pos, at+"."+key, fmt.Sprintf("add %q: \"…\"", key), "the %s action has no %s", t.Text, key)
		return false
	}
	if key == "command" {
		h.Handler.Command, h.CommandOrigin = v.Text, v.Pos
	} else {
		h.Handler.Prompt = v.Text
	}
	return true
}

// event resolves a trigger. One hookconv does not know is kept as a
// Kiro-only event, written back for Kiro and excluded elsewhere.
func (d *decoder) event(trigger *node.Node, at string) vocab.NativeEvent {
	row, known := nested.EventRow(d.Names, Slug, trigger.Text)
	if !known {
		d.ds.Warnf(CodeUnknownTrigger, trigger.Pos, at, providers.UnknownEventHint(d.Names, Slug, trigger.Text),
			"%s is not a Kiro trigger hookconv knows; kept as %s", trigger.Text, row.Event)
	}
	return row
}

// matcher reads the matcher: tool names on tool triggers; the file-path
// regex of file triggers becomes a pattern on the file event, the form
// Kiro IDE 0.x files (kiro-legacy) read too, so a filter moves between
// Kiro's two formats; anything else has no canonical home and is kept
// verbatim. It returns false, with an error, for a matcher that is not a
// regex hookconv can read.
func (d *decoder) matcher(h *canonical.Hook, pd *providers.Data, row vocab.NativeEvent, n *node.Node, at string) bool {
	if row.Matcher == vocab.MatchText && n.Kind == node.String && n.Text != "" {
		h.Matcher = canonical.Pattern{Regex: n.Text}
		return providers.CheckPatterns(&d.ds, h.Matcher, n.Pos, at, d.Prov.Name)
	}
	if row.Matcher != vocab.MatchTool {
		pd.Set("$matcher", n)
		return true
	}
	h.Matcher = d.decodeMatcher(n.Text)
	if !providers.CheckPatterns(&d.ds, h.Matcher, n.Pos, at, d.Prov.Name) {
		return false
	}
	if again, _ := d.encodeMatcher(nil, h, 0); again != n.Text {
		pd.Set("$matcher", n) // the source's own spelling
	}
	return true
}

// decodeMatcher reads a tool matcher (a regex): "A|B" of known tool names
// becomes canonical names; anything else stays a pattern (spec §4). "*" is
// Kiro's "every tool" category, "@builtin" (the providers table's
// builtin_matcher) every built-in tool and "@mcp" every MCP tool
// (reference part 2 §3.2, third-party category list: kept as patterns,
// the hook matched none of a target's tools, QA).
func (a *Adapter) decodeMatcher(s string) canonical.Matcher {
	if s == a.Prov.BuiltinMatcher && s != "" {
		return providers.BuiltinTools(a.Names, Slug)
	}
	return providers.DecodeNameList(s, a.Names, Slug, mcpAll)
}

// mcpAll is Kiro's category of every MCP tool. Read, never written: the
// category list is third-party, and a target's MCP matcher written as an
// unknown category would never fire, where a warning about the part
// dropped at least says so.
const mcpAll = "@mcp"
