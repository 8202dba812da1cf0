package jsonedit

import (
	"slices"

	"github.com/hookconv/hookconv/internal/node"
)

// prunes reports whether new holds old with only removals: the same
// value, or an array holding some of old's items in old's order (each
// pruned), or an object holding some of old's members in old's order
// (each pruned). Removing migrated hooks from a config (migrate
// --remove-source) writes such a value: every other byte of the hooks the
// file keeps — their layout, their comments — can then stay.
func prunes(old, new *node.Node) bool {
	_, ok := alignPruned(old, new)
	return ok
}

// alignPruned pairs each child of new with the child of old it was pruned
// from: kept[i] is the index in new of old's child i, or -1 when that
// child was removed. Children pair greedily, in order.
func alignPruned(old, new *node.Node) (kept []int, ok bool) {
	if node.SameValue(old, new) {
		return nil, true
	}
	if old.Kind != new.Kind {
		return nil, false
	}
	switch old.Kind {
	case node.Array:
		kept = make([]int, len(old.Items))
		j := 0
		for i, it := range old.Items {
			kept[i] = -1
			if j < len(new.Items) && prunes(it, new.Items[j]) {
				kept[i] = j
				j++
			}
		}
		return kept, j == len(new.Items)
	case node.Object:
		kept = make([]int, len(old.Fields))
		j := 0
		for i, f := range old.Fields {
			kept[i] = -1
			if j < len(new.Fields) && new.Fields[j].Key == f.Key && prunes(f.Value, new.Fields[j].Value) {
				kept[i] = j
				j++
			}
		}
		return kept, j == len(new.Fields)
	}
	return nil, false
}

// prune returns the edits that turn old, a value of the document, into
// new, which prunes it: the removed children's bytes are cut, with their
// separators, and the kept ones are pruned in turn. The edits are sorted
// and do not overlap.
func (d *doc) prune(old, new *node.Node) []edit {
	kept, _ := alignPruned(old, new)
	if kept == nil {
		return nil // the same value
	}
	if len(new.Items) == 0 && len(new.Fields) == 0 {
		empty := "[]"
		if old.Kind == node.Object {
			empty = "{}"
		}
		return []edit{{old.Pos.Offset, int(old.End), empty}}
	}
	var edits []edit
	for i := 0; i < len(kept); {
		if kept[i] >= 0 {
			edits = append(edits, d.prune(child(old, i), child(new, kept[i]))...)
			i++
			continue
		}
		j := i
		for j+1 < len(kept) && kept[j+1] < 0 {
			j++
		}
		edits = append(edits, d.cut(old, i, j)...)
		i = j + 1
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	return edits
}

// child is a container's i-th item or member value.
func child(container *node.Node, i int) *node.Node {
	if container.Kind == node.Object {
		return container.Fields[i].Value
	}
	return container.Items[i]
}

// cut returns the edits that remove children i through j of container,
// which keeps at least one other child, the way RemoveMember removes one
// member: whole lines when the children have lines of their own, else the
// bytes from the first child to the next one (or from the kept child
// before them, when they are last), so the commas stay right.
func (d *doc) cut(container *node.Node, i, j int) []edit {
	src := d.src
	starts, ends := childStarts(container), childEnds(container)
	start, end := starts[i], ends[j]
	closing := int(container.End) - 1
	if c := skipSpace(src, end); c < closing && src[c] == ',' {
		// The last removed child has a comma of its own (it is not last,
		// or the container uses trailing commas): cut through it.
		end = c + 1
		if startsLine(src, start) {
			if eol, ok := restOfLine(src, end); ok {
				return []edit{{lineStart(src, start), eol, ""}}
			}
		}
		for end < closing && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		if end == closing && i > 0 {
			// Trailing commas, the children last: "[1, 2,]" keeps "[1,]",
			// not "[1, ]".
			start = skipSpace(src, ends[i-1]) + 1
		}
		return []edit{{start, end, ""}}
	}
	if i == 0 {
		return []edit{{start, end, ""}} // not reached: a kept child follows, after a comma
	}
	// The removed children are last, and a kept child precedes them: its
	// comma goes too.
	prevEnd := ends[i-1]
	comma := skipSpace(src, prevEnd)
	if startsLine(src, start) {
		if eol, ok := restOfLine(src, end); ok {
			return []edit{{comma, comma + 1, ""}, {lineStart(src, start), eol, ""}}
		}
	}
	return []edit{{prevEnd, end, ""}}
}
