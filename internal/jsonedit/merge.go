package jsonedit

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/hookconv/hookconv/internal/node"
)

// MergeMember returns src with the top-level member key set to value, like
// SetMember, except when value only extends the old value: when it holds
// everything the old one holds and adds array items and object members
// after them (at any depth). Then the old value keeps every byte — layout,
// comments, key order — and only the additions are inserted, in the
// document's style. Likewise when value only prunes the old value (holds
// some of its items and members, in order, at any depth; prune.go): only
// the removed ones are cut, with their separators.
//
// This is what merging hooks into a file needs: migrate reads the hooks a
// file holds, adds its own after them, and writes the list back. The
// hand-written hooks, and any comment beside them, then stay exactly as
// their author left them. A value that changes or drops anything of the
// old one replaces it whole, as SetMember does: a comment about hooks
// that are no longer there should not stay behind.
//
// Values are compared as JSON values: objects regardless of member order,
// numbers by value. MergeMember checks that its result parses and holds
// value; if that ever fails it falls back to SetMember's result.
func MergeMember(src []byte, key string, value *node.Node, opt node.JSONOptions) ([]byte, error) {
	d, err := parseForSet(src, key, value, opt)
	if err != nil {
		return nil, err
	}
	f, ok := d.root.Field(key)
	var edits []edit
	switch {
	case ok && extends(f.Value, value):
		edits = d.patch(f.Value, value)
	case ok && prunes(f.Value, value):
		edits = d.prune(f.Value, value)
	default:
		return SetMember(src, key, value, opt)
	}
	out, err := d.merge(f, value, edits, opt)
	if err != nil {
		// A bug guard, not an expected path: fall back to replacing the
		// whole value rather than write something else.
		return SetMember(src, key, value, opt)
	}
	return out, nil
}

// Extends reports whether new holds everything old holds, with items and
// members added only after old's own (at any depth): the case in which
// MergeMember keeps old's bytes.
func Extends(old, new *node.Node) bool { return extends(old, new) }

// merge applies the edits that turn member f into value, and checks the
// result.
func (d *doc) merge(f node.Field, value *node.Node, edits []edit, opt node.JSONOptions) ([]byte, error) {
	out := d.apply(edits...)
	root, err := node.ParseJSON(out, opt)
	if err != nil {
		return nil, fmt.Errorf("internal error: merged document does not parse: %w", err)
	}
	if !node.SameValue(root.Get(f.Key), value) {
		return nil, errors.New("internal error: merged member does not hold the value")
	}
	return out, nil
}

// patch returns the edits that turn old, a value of the document, into
// new. The edits are sorted and do not overlap.
func (d *doc) patch(old, new *node.Node) []edit {
	if node.SameValue(old, new) {
		return nil
	}
	switch {
	case old.Kind == node.Object && new.Kind == node.Object && extendsMembers(old, new):
		var edits []edit
		for i, f := range old.Fields {
			edits = append(edits, d.patch(f.Value, new.Fields[i].Value)...)
		}
		if extra := new.Fields[len(old.Fields):]; len(extra) > 0 {
			edits = append(edits, d.appendTo(old, extra)...)
		}
		return edits
	case old.Kind == node.Array && new.Kind == node.Array && len(new.Items) >= len(old.Items):
		var edits []edit
		for i, it := range old.Items {
			edits = append(edits, d.patch(it, new.Items[i])...)
		}
		if extra := new.Items[len(old.Items):]; len(extra) > 0 {
			members := make([]node.Field, len(extra))
			for i, it := range extra {
				members[i] = node.Field{Value: it}
			}
			edits = append(edits, d.appendTo(old, members)...)
		}
		return edits
	}
	return []edit{{old.Pos.Offset, int(old.End), d.text(new, lineIndent(d.src, old.Pos.Offset))}}
}

// extends reports whether new holds old with only additions: the same
// value, or an array holding old's items (each extended) and then more, or
// an object holding old's members in old's order (each extended) and then
// more.
func extends(old, new *node.Node) bool {
	if node.SameValue(old, new) {
		return true
	}
	switch {
	case old.Kind == node.Array && new.Kind == node.Array && len(new.Items) >= len(old.Items):
		for i, it := range old.Items {
			if !extends(it, new.Items[i]) {
				return false
			}
		}
		return true
	case old.Kind == node.Object && new.Kind == node.Object && extendsMembers(old, new):
		for i, f := range old.Fields {
			if !extends(f.Value, new.Fields[i].Value) {
				return false
			}
		}
		return true
	}
	return false
}

// extendsMembers reports whether new's members start with old's, by key
// and in the same order, as objects built by appending do.
func extendsMembers(old, new *node.Node) bool {
	if len(new.Fields) < len(old.Fields) {
		return false
	}
	for i, f := range old.Fields {
		if new.Fields[i].Key != f.Key {
			return false
		}
	}
	return true
}

// text renders v for a line indented by indent: compact in a document
// written on one line, else in the document's own layout.
func (d *doc) text(v *node.Node, indent string) string {
	if d.flat {
		return string(node.AppendCompact(nil, v))
	}
	return string(d.render(nil, v, indent))
}

// appendTo returns the edits that add children at the end of container,
// an object (children are members) or an array (only their values count),
// in the container's style: after its last child with a separating comma
// (or with a trailing comma of their own, when the container already ends
// its children with one), each on a line of its own indented like the
// children before it, or inline when the container sits on one line.
func (d *doc) appendTo(container *node.Node, children []node.Field) []edit {
	src := d.src
	closing := int(container.End) - 1 // the '}' or ']'
	ends := childEnds(container)
	var edits []edit
	trailing := false
	if n := len(ends); n > 0 {
		last := ends[n-1]
		if c := skipSpace(src, last); c < closing && src[c] == ',' {
			trailing = true
		} else {
			edits = append(edits, edit{last, last, ","})
		}
	}
	// An inline child is spaced like the container: {"a": 1, "b": 2} or
	// {"a":1,"b":2}.
	spaced := bytes.Contains(src[container.Pos.Offset:container.End], []byte(": ")) ||
		bytes.Contains(src[container.Pos.Offset:container.End], []byte(", "))
	render := func(i int, indent string, compact bool) string {
		var b []byte
		if container.Kind == node.Object {
			b = node.AppendString(b, children[i].Key)
			if compact && !spaced {
				b = append(b, ':')
			} else {
				b = append(b, ": "...)
			}
		}
		if compact {
			b = appendInline(b, children[i].Value, spaced)
		} else {
			b = d.render(b, children[i].Value, indent)
		}
		if i < len(children)-1 || trailing {
			b = append(b, ',')
		}
		return string(b)
	}

	if d.flat || len(ends) > 0 && bytes.IndexByte(src[container.Pos.Offset:container.End], '\n') < 0 {
		// On one line: inline, after the last child (or its comma).
		var b bytes.Buffer
		for i := range children {
			if (i > 0 || len(ends) > 0) && spaced {
				b.WriteByte(' ') // none in a minified container (QA)
			}
			b.WriteString(render(i, "", true))
		}
		at := container.Pos.Offset + 1 // just inside an empty container
		if len(ends) > 0 {
			at = ends[len(ends)-1]
			if trailing {
				at = skipSpace(src, at) + 1
			}
		}
		if len(edits) > 0 && edits[0].start == at {
			edits[0].text += b.String()
		} else {
			edits = append(edits, edit{at, at, b.String()})
		}
		return edits
	}

	indent := d.childIndent(container)
	var b bytes.Buffer
	for i := range children {
		b.WriteString(indent + render(i, indent, false) + d.nl)
	}
	ls := lineStart(src, closing)
	if ls > container.Pos.Offset && isBlank(src[ls:closing]) {
		// The closing bracket has a line of its own: the children go on
		// new lines just before it, after any comment that follows the
		// last child.
		return append(edits, edit{ls, ls, b.String()})
	}
	// The closing bracket shares its line ("[]", or `"a": 1}`): break the
	// line so the children get lines of their own and the bracket moves to
	// the next, indented like the line that opened the container.
	ws := closing
	for ws > 0 && (src[ws-1] == ' ' || src[ws-1] == '\t') {
		ws--
	}
	if len(edits) > 0 && ws < edits[0].start {
		ws = edits[0].start
	}
	return append(edits, edit{ws, closing, d.nl + b.String() + lineIndent(src, container.Pos.Offset)})
}

// childIndent is the indentation of the container's last child that starts
// a line of its own, or one unit deeper than the container's line.
func (d *doc) childIndent(container *node.Node) string {
	starts := childStarts(container)
	for i := len(starts) - 1; i >= 0; i-- {
		if startsLine(d.src, starts[i]) {
			return lineIndent(d.src, starts[i])
		}
	}
	return lineIndent(d.src, container.Pos.Offset) + d.unit
}

// childStarts and childEnds are the offsets where the container's children
// begin (an object member at its key) and end.
func childStarts(container *node.Node) []int {
	var out []int
	for _, f := range container.Fields {
		out = append(out, f.KeyPos.Offset)
	}
	for _, it := range container.Items {
		out = append(out, it.Pos.Offset)
	}
	return out
}

func childEnds(container *node.Node) []int {
	var out []int
	for _, f := range container.Fields {
		out = append(out, int(f.Value.End))
	}
	for _, it := range container.Items {
		out = append(out, int(it.End))
	}
	return out
}

// appendInline appends v on one line, compact or with a space after each
// colon and comma, the way people write one-line JSON.
func appendInline(b []byte, v *node.Node, spaced bool) []byte {
	if !spaced {
		return node.AppendCompact(b, v)
	}
	switch v.Kind {
	case node.Object:
		b = append(b, '{')
		for i, f := range v.Fields {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(node.AppendString(b, f.Key), ": "...)
			b = appendInline(b, f.Value, true)
		}
		return append(b, '}')
	case node.Array:
		b = append(b, '[')
		for i, it := range v.Items {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendInline(b, it, true)
		}
		return append(b, ']')
	}
	return node.AppendCompact(b, v)
}
