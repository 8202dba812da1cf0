// Package jsonedit changes one top-level member of a JSON or JSONC document
// in place and leaves every other byte alone.
//
// hookconv writes hooks into settings files that people also edit by hand
// and that other tools own (permissions, env, model, statusLine…). Decoding
// such a file and re-encoding it would reorder keys, drop comments and
// normalise indentation and line endings, turning a one-key change into a
// diff of the whole file. So the editors here splice bytes: they parse the
// document with package node only to learn where things are, then rewrite
// the byte range of the one member that changes.
//
// The spliced-in value is rendered in the document's own style: its indent
// unit (two spaces, four spaces, a tab…), the indentation of the line it
// sits on, and its line ending (LF or CRLF). A document whose top-level
// object is written on a single line gets the value in compact form, so it
// stays on one line.
//
// Comments are kept wherever they are outside the member being changed. A
// comment inside a value that SetMember replaces goes away with that value:
// the new value comes from a tree, which carries no comments, and there is
// no reliable way to tell which part of the new value an old comment was
// about. MergeMember keeps them when the new value only adds to the old
// one (merge.go).
package jsonedit

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookconv/hookconv/internal/node"
)

// defaultIndent is the unit used when the document shows none (an empty or
// single-line object): two spaces, the layout the tools' docs use.
const defaultIndent = "  "

// SetMember returns src with the top-level member key set to value.
//
// src must hold a JSON object (JSONC when opt.JSONC is set). When key is
// present, the bytes of its value are replaced; if key repeats, the last
// occurrence — the one that takes effect — is replaced and the earlier ones
// are left as they are. When key is absent, the member is appended as the
// last member of the object, on its own line, indented like its siblings,
// with a comma after the previous member (or, when the document already
// ends its members with a trailing comma, a trailing comma of its own).
//
// Everything else — other members and their order, comments outside the
// replaced value, indentation, line endings, a trailing newline — is kept
// byte for byte. SetMember checks that its result parses before returning
// it, so it never hands back a broken document.
func SetMember(src []byte, key string, value *node.Node, opt node.JSONOptions) ([]byte, error) {
	d, err := parseForSet(src, key, value, opt)
	if err != nil {
		return nil, err
	}
	var out []byte
	if f, ok := d.root.Field(key); ok {
		out = d.replace(f, value)
	} else {
		out = d.insert(key, value)
	}
	if _, err := node.ParseJSON(out, opt); err != nil {
		// A bug guard, not an expected path: report rather than write.
		return nil, fmt.Errorf("internal error: edited document does not parse: %w", err)
	}
	return out, nil
}

// parseForSet checks that key and value can be written faithfully and
// parses src, for SetMember and MergeMember.
func parseForSet(src []byte, key string, value *node.Node, opt node.JSONOptions) (*doc, error) {
	if !utf8.ValidString(key) {
		return nil, errors.New("key is not valid UTF-8")
	}
	// The member's value sits one level below the root.
	if err := checkValue(value, 1); err != nil {
		return nil, err
	}
	return parse(src, opt)
}

// RemoveMember returns src without the top-level member key. Every
// occurrence is removed when the key repeats, so that afterwards the key is
// really gone rather than an earlier duplicate taking effect. A member
// removed from a line of its own takes the whole line with it, including a
// // comment at the end of that line; the comma that separated it from its
// neighbours goes too. When key is absent, src is returned unchanged.
func RemoveMember(src []byte, key string, opt node.JSONOptions) ([]byte, error) {
	d, err := parse(src, opt)
	if err != nil {
		return nil, err
	}
	out := src
	// Removing one occurrence at a time and re-parsing keeps each removal
	// simple: neighbouring duplicates would otherwise compete for the same
	// comma. Duplicates are rare, so the extra parses cost nothing in
	// practice.
	for {
		i := lastIndex(d.root, key)
		if i < 0 {
			return out, nil
		}
		out = d.remove(i)
		if d, err = parse(out, opt); err != nil {
			return nil, fmt.Errorf("internal error: edited document does not parse: %w", err)
		}
	}
}

// DetectIndent returns the indent unit src uses: the indentation of its
// top-level members relative to the line holding the opening brace, such as
// "  ", "    " or "\t". When the members do not show one (an empty object,
// a single-line object, a document that does not parse), it falls back to
// the first indented line that is not a comment, then to two spaces.
func DetectIndent(src []byte) string {
	// JSONC is a superset of JSON, so this reads either dialect.
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err != nil || root.Kind != node.Object {
		return fallbackIndent(src)
	}
	return detectIndent(src, root)
}

func detectIndent(src []byte, root *node.Node) string {
	rootIndent := lineIndent(src, root.Pos.Offset)
	for _, f := range root.Fields {
		if !startsLine(src, f.KeyPos.Offset) {
			continue
		}
		ws := lineIndent(src, f.KeyPos.Offset)
		if len(ws) > len(rootIndent) && strings.HasPrefix(ws, rootIndent) {
			return ws[len(rootIndent):]
		}
	}
	return fallbackIndent(src)
}

// fallbackIndent takes the leading white space of the first indented line
// that does not start with '/' or '*', so that the " * " of a block comment
// header is not mistaken for one-space indentation.
func fallbackIndent(src []byte) string {
	for line := range bytes.Lines(src) {
		n := 0
		for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
			n++
		}
		if n == 0 || n == len(line) {
			continue
		}
		switch line[n] {
		case '\r', '\n', '/', '*':
			continue
		}
		return string(line[:n])
	}
	return defaultIndent
}

// doc is a parsed document plus the layout facts the editors need.
type doc struct {
	src  []byte
	root *node.Node
	nl   string // "\n" or "\r\n"
	unit string // one level of indentation
	// flat reports a non-empty root object written on one line; values
	// spliced into it are rendered compactly to keep it that way.
	flat bool
}

func parse(src []byte, opt node.JSONOptions) (*doc, error) {
	root, err := node.ParseJSON(src, opt)
	if err != nil {
		return nil, err
	}
	if root.Kind != node.Object {
		return nil, fmt.Errorf("document is %s, not an object", root.Kind.Article())
	}
	d := &doc{src: src, root: root, nl: "\n", unit: detectIndent(src, root)}
	// The first line break decides: a file is rarely mixed, and when it is
	// the head of the file is the best guess at what its editor writes.
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		d.nl = "\r\n"
	}
	d.flat = len(root.Fields) > 0 && bytes.IndexByte(src[root.Pos.Offset:root.End], '\n') < 0
	return d, nil
}

// edit is a replacement of src[start:end] by text.
type edit struct {
	start, end int
	text       string
}

// apply performs edits, which must be sorted and must not overlap.
func (d *doc) apply(edits ...edit) []byte {
	size := len(d.src)
	for _, e := range edits {
		size += len(e.text) - (e.end - e.start)
	}
	out := make([]byte, 0, size)
	at := 0
	for _, e := range edits {
		out = append(out, d.src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	return append(out, d.src[at:]...)
}

func (d *doc) replace(f node.Field, value *node.Node) []byte {
	v := f.Value
	var text []byte
	if d.flat {
		text = node.AppendCompact(nil, value)
	} else {
		text = d.render(nil, value, d.indentAt(f.KeyPos.Offset))
	}
	return d.apply(edit{v.Pos.Offset, int(v.End), string(text)})
}

// indentAt is the indentation nested lines of a member whose key is at off
// line up with: that of the key's line, unless the key shares its line with
// the opening brace, whose own indentation would be one level too shallow.
func (d *doc) indentAt(off int) string {
	if lineStart(d.src, off) <= d.root.Pos.Offset {
		return lineIndent(d.src, d.root.Pos.Offset) + d.unit
	}
	return lineIndent(d.src, off)
}

func (d *doc) insert(key string, value *node.Node) []byte {
	src, root := d.src, d.root
	closing := int(root.End) - 1 // the '}'
	var edits []edit

	// trailing: the members already end with a comma (JSONC); keep that
	// style by giving the new last member one too, and add no separator.
	trailing := false
	if n := len(root.Fields); n > 0 {
		last := int(root.Fields[n-1].Value.End)
		if c := skipSpace(src, last); c < closing && src[c] == ',' {
			trailing = true
		} else {
			edits = append(edits, edit{last, last, ","})
		}
	}
	comma := ""
	if trailing {
		comma = ","
	}

	if d.flat {
		member := " " + string(node.AppendString(nil, key)) + ": " + string(node.AppendCompact(nil, value)) + comma
		at := int(root.Fields[len(root.Fields)-1].Value.End)
		if trailing {
			at = skipSpace(src, at) + 1 // just past the existing comma
		}
		// Merge with the separator edit, which sits at the same offset.
		if len(edits) > 0 && edits[0].start == at {
			edits[0].text += member
		} else {
			edits = append(edits, edit{at, at, member})
		}
		return d.apply(edits...)
	}

	indent := d.memberIndent()
	member := indent + string(node.AppendString(nil, key)) + ": " + string(d.render(nil, value, indent)) + comma
	ls := lineStart(src, closing)
	if ls > root.Pos.Offset && isBlank(src[ls:closing]) {
		// The '}' has a line of its own: the member goes on a new line
		// just before it, after any comments that follow the last member.
		edits = append(edits, edit{ls, ls, member + d.nl})
	} else {
		// The '}' shares its line ("{}", or `"a": 1}`): break the line so
		// the member gets one of its own and the '}' moves to the next,
		// indented like the line that opened the object. Blanks before the
		// '}' are dropped so no line ends in white space.
		ws := closing
		for ws > 0 && (src[ws-1] == ' ' || src[ws-1] == '\t') {
			ws--
		}
		if len(edits) > 0 && ws < edits[0].start {
			ws = edits[0].start // never overlap the separator edit
		}
		edits = append(edits, edit{ws, closing, d.nl + member + d.nl + lineIndent(src, root.Pos.Offset)})
	}
	return d.apply(edits...)
}

// memberIndent is the indentation of the last top-level member that starts
// its own line, or one unit deeper than the opening brace when none does.
func (d *doc) memberIndent() string {
	for i := len(d.root.Fields) - 1; i >= 0; i-- {
		if off := d.root.Fields[i].KeyPos.Offset; startsLine(d.src, off) {
			return lineIndent(d.src, off)
		}
	}
	return lineIndent(d.src, d.root.Pos.Offset) + d.unit
}

// remove deletes root.Fields[i] with its separating comma.
func (d *doc) remove(i int) []byte {
	src, fields := d.src, d.root.Fields
	f := fields[i]
	start, end := f.KeyPos.Offset, int(f.Value.End)
	closing := int(d.root.End) - 1

	if c := skipSpace(src, end); c < closing && src[c] == ',' {
		// The member has a comma of its own (it is not last, or the
		// document uses trailing commas): remove the member through it.
		end = c + 1
		if startsLine(src, start) {
			if eol, ok := restOfLine(src, end); ok {
				return d.apply(edit{lineStart(src, start), eol, ""})
			}
		}
		// Mid-line: also drop the blanks after the comma so `"a": 1, "b":
		// 2` does not keep a double space.
		for end < closing && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		return d.apply(edit{start, end, ""})
	}

	// The member is last and has no comma: remove the comma before it.
	if i == 0 {
		if startsLine(src, start) {
			if eol, ok := restOfLine(src, end); ok {
				return d.apply(edit{lineStart(src, start), eol, ""})
			}
		}
		// `{ "a": 1 }` becomes `{ }`, not `{  }`.
		for end < closing && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		return d.apply(edit{start, end, ""})
	}
	prevEnd := int(fields[i-1].Value.End)
	comma := skipSpace(src, prevEnd) // a ',' is certain: the member follows
	if startsLine(src, start) {
		if eol, ok := restOfLine(src, end); ok {
			return d.apply(edit{comma, comma + 1, ""}, edit{lineStart(src, start), eol, ""})
		}
	}
	// Sharing a line with what precedes it: cut from the previous member's
	// end, which takes the comma and the blanks or comments before the key.
	return d.apply(edit{prevEnd, end, ""})
}

// render appends v as indented JSON whose nested lines start with indent
// plus one unit per level, using the document's line ending. node's own
// AppendIndent fixes two spaces and LF; this is the same layout in the
// document's style. Member order (and any repeated keys) is kept.
func (d *doc) render(b []byte, v *node.Node, indent string) []byte {
	// An object and an array are laid out alike: each member on a line
	// of its own, an object's after its key.
	var opening, closing byte
	var n int
	switch v.Kind {
	case node.Object:
		opening, closing, n = '{', '}', len(v.Fields)
	case node.Array:
		opening, closing, n = '[', ']', len(v.Items)
	default:
		return node.AppendCompact(b, v)
	}
	if n == 0 {
		return append(b, opening, closing)
	}
	b = append(b, opening)
	inner := indent + d.unit
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, d.nl...)
		b = append(b, inner...)
		var member *node.Node
		if v.Kind == node.Object {
			b = node.AppendString(b, v.Fields[i].Key)
			b = append(b, ": "...)
			member = v.Fields[i].Value
		} else {
			member = v.Items[i]
		}
		b = d.render(b, member, inner)
	}
	b = append(b, d.nl...)
	b = append(b, indent...)
	return append(b, closing)
}

// checkValue rejects values that cannot be written faithfully: nil nodes,
// strings that are not UTF-8 (they would come back as U+FFFD), and nesting
// the parser would refuse to read back.
func checkValue(v *node.Node, depth int) error {
	if v == nil {
		return errors.New("nil value")
	}
	if depth > node.MaxDepth {
		return fmt.Errorf("value nests deeper than %d levels", node.MaxDepth)
	}
	switch v.Kind {
	case node.String:
		if !utf8.ValidString(v.Text) {
			return errors.New("value contains a string that is not valid UTF-8")
		}
	case node.Object:
		for _, f := range v.Fields {
			if !utf8.ValidString(f.Key) {
				return errors.New("value contains a key that is not valid UTF-8")
			}
			if err := checkValue(f.Value, depth+1); err != nil {
				return err
			}
		}
	case node.Array:
		for _, it := range v.Items {
			if err := checkValue(it, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

func lastIndex(root *node.Node, key string) int {
	for i := len(root.Fields) - 1; i >= 0; i-- {
		if root.Fields[i].Key == key {
			return i
		}
	}
	return -1
}

// lineStart returns the offset of the first byte of the line holding off,
// past a byte-order mark on the first line.
func lineStart(src []byte, off int) int {
	i := bytes.LastIndexByte(src[:off], '\n') + 1
	if i == 0 && bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) && off >= 3 {
		i = 3
	}
	return i
}

// lineIndent returns the leading blanks of the line holding off.
func lineIndent(src []byte, off int) string {
	ls := lineStart(src, off)
	i := ls
	for i < off && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return string(src[ls:i])
}

// startsLine reports whether only blanks precede off on its line.
func startsLine(src []byte, off int) bool {
	return isBlank(src[lineStart(src, off):off])
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// restOfLine reports whether only blanks and an optional // comment follow
// off on its line, and if so returns the offset just past the line break.
func restOfLine(src []byte, off int) (int, bool) {
	i := off
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
		i++
	}
	if i+1 < len(src) && src[i] == '/' && src[i+1] == '/' {
		for i < len(src) && src[i] != '\n' {
			i++
		}
	}
	if i < len(src) && src[i] == '\n' {
		return i + 1, true
	}
	return 0, false
}

// skipSpace returns the offset of the first byte at or after off that is
// neither white space nor part of a comment. src has already parsed, so
// every comment is terminated.
func skipSpace(src []byte, off int) int {
	for off < len(src) {
		switch src[off] {
		case ' ', '\t', '\r', '\n':
			off++
		case '/':
			if off+1 >= len(src) {
				return off
			}
			switch src[off+1] {
			case '/':
				for off < len(src) && src[off] != '\n' {
					off++
				}
			case '*':
				end := bytes.Index(src[off+2:], []byte("*/"))
				if end < 0 {
					return len(src)
				}
				off += 2 + end + 2
			default:
				return off
			}
		default:
			return off
		}
	}
	return off
}
