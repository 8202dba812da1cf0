package hookconv

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/jsonedit"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// CodeKeptRewritten: migrate --remove-source could not cut the migrated
// hooks out of a source file's text, so it rewrites the hooks the file
// keeps from what hookconv read of them, and that drops keys of theirs
// (warning).
const CodeKeptRewritten = "HC444"

// at is where a tree's value starts, the key by which a decoded hook's
// Origin names the entry it was read from.
type at struct{ line, column int }

// posKey is the at of p.
func posKey(p diag.Pos) at { return at{p.Line, p.Column} }

// goneEntries returns where the entries of m's hooks that removed drops
// start (each hook's Origin). whole is false when an entry is read into
// hooks of which only some go (cutting it would take the others along:
// it is left out of gone), or a hook has no Origin.
func goneEntries(m *canonical.Manifest, removed func(i int) bool) (gone map[at]bool, whole bool) {
	gone, kept := map[at]bool{}, map[at]bool{}
	whole = true
	for i := range m.Hooks {
		o := m.Hooks[i].Origin
		switch {
		case !o.IsValid():
			whole = false
		case removed(i):
			gone[posKey(o)] = true
		default:
			kept[posKey(o)] = true
		}
	}
	for p := range gone {
		if kept[p] {
			delete(gone, p)
			whole = false
		}
	}
	return gone, whole
}

// pruneHooks returns hooks, a file's parsed "hooks" value, without the
// entries that start where gone says, and without what removing them
// empties, as the encoder leaves it out: a group whose handlers all go,
// an event whose entries all go (the hooks value itself stays, empty).
// Everything else is the same node, so jsonedit and Codex's table editor
// keep its text. ok is false unless each place in gone names exactly one
// entry (Codex's tables may share a position); the value is nil only when
// hooks is not an object.
func pruneHooks(hooks *node.Node, gone map[at]bool) (_ *node.Node, ok bool) {
	if hooks == nil || hooks.Kind != node.Object {
		return nil, false
	}
	found := map[at]int{}
	var prune func(n *node.Node, top bool) (*node.Node, bool)
	prune = func(n *node.Node, top bool) (*node.Node, bool) {
		if n.Kind == node.Object && !top && gone[posKey(n.Pos)] {
			found[posKey(n.Pos)]++
			return nil, true
		}
		changed := false
		switch n.Kind {
		case node.Array:
			var items []*node.Node
			for _, it := range n.Items {
				v, emptied := prune(it, false)
				changed = changed || emptied || v != it
				if !emptied {
					items = append(items, v)
				}
			}
			if !changed {
				return n, false
			}
			if len(items) == 0 {
				return nil, true
			}
			out := *n
			out.Items = items
			return &out, false
		case node.Object:
			var fields []node.Field
			for _, f := range n.Fields {
				v, emptied := prune(f.Value, false)
				if emptied && !top {
					// A group whose handlers all went goes too.
					return nil, true
				}
				changed = changed || emptied || v != f.Value
				if !emptied {
					f.Value = v
					fields = append(fields, f)
				}
			}
			if !changed {
				return n, false
			}
			out := *n
			out.Fields = fields
			return &out, false
		}
		return n, false
	}
	out, _ := prune(hooks, true)
	for p := range gone {
		if found[p] != 1 {
			return out, false
		}
	}
	return out, true
}

// cutEntries returns src, the source file at p, with its "hooks" value
// changed to pruned (pruneHooks): the removed entries' text is cut and
// every other byte kept. A JSON file is edited by jsonedit, Codex's
// config.toml by its format's table editor (which says when it cannot
// keep comments).
func cutEntries(src providers.Adapter, p string, b []byte, pruned *node.Node) ([]byte, diag.List, bool) {
	if a, ok := src.(*nested.Adapter); ok && a.Other != nil && a.Other.Handles(p) {
		out, ds := a.Other.Render(pruned, b)
		return out, ds, out != nil && !ds.HasErrors()
	}
	if !strings.EqualFold(path.Ext(p), ".json") {
		return nil, nil, false
	}
	out, err := jsonedit.MergeMember(b, "hooks", pruned, node.JSONOptions{JSONC: true})
	return out, nil, err == nil
}

// sameKept reports whether the file p, as out holds it, reads back as
// exactly the hooks keep holds, in order: cutting text must change no hook
// the file keeps.
func sameKept(src providers.Adapter, p string, out []byte, keep *canonical.Manifest, prov vocab.Provider) bool {
	got, ds := src.Decode(providers.Files{p: out})
	if got == nil || ds.HasErrors() || len(got.Hooks) != len(keep.Hooks) {
		return false
	}
	for i := range got.Hooks {
		if got.Hooks[i].Name != keep.Hooks[i].Name || project(&got.Hooks[i], prov) != project(&keep.Hooks[i], prov) {
			return false
		}
	}
	return true
}

// keysDropped warns (HC444) when the hooks a source file keeps, as its
// text held them (kept: the pruned "hooks" value), lose keys in written,
// the "hooks" value rewritten from what hookconv read: a key it does not
// read (a "comment"), or one the tool ignores there, is the user's, and
// the hook stays in the source. Each lost key is named.
func keysDropped(p string, kept, written *node.Node) diag.List {
	if kept == nil || written == nil {
		return nil
	}
	have, had := map[string]bool{}, map[string]bool{}
	collectKeys(written, "", have)
	collectKeys(kept, "", had)
	var lost []string
	for _, k := range sortedkeys.Of(had) {
		if !have[k] {
			if q := strconv.Quote(k[strings.LastIndexByte(k, '.')+1:]); !slices.Contains(lost, q) {
				lost = append(lost, q)
			}
		}
	}
	if len(lost) == 0 {
		return nil
	}
	var ds diag.List
	ds.Warnf(CodeKeptRewritten, kept.Pos, "hooks", "put them back by hand, or remove the migrated hooks by hand and migrate without --remove-source",
		"the hooks that stay in %s are rewritten from what hookconv read of them, which drops %s from them", p, strings.Join(lost, ", "))
	return ds.WithFile(p)
}
