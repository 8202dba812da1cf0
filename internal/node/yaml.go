package node

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"gopkg.in/yaml.v3"
)

// ParseYAML parses one YAML document into the same tree ParseJSON builds,
// so a manifest written in YAML decodes to exactly the model its JSON twin
// does. Anchors and aliases are resolved; tags outside the JSON types
// (timestamps, binary, custom tags) are errors rather than guesses.
func ParseYAML(src []byte) (*Node, error) {
	if err := CheckEncoding(src); err != nil {
		return nil, err
	}
	if err := notUTF8(src); err != nil {
		return nil, err
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(strings.NewReader(string(src)))
	if err := dec.Decode(&doc); err != nil {
		return nil, yamlError(src, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		return nil, &SyntaxError{Msg: "more than one YAML document: a manifest is one document", Pos: diag.Pos{Line: extra.Line, Column: extra.Column}}
	case !errors.Is(err, io.EOF):
		// A second document that does not parse is still a second
		// document: reading only the first would drop what follows.
		return nil, yamlError(src, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &SyntaxError{Msg: "empty document", Pos: diag.Pos{Line: 1, Column: 1}}
	}
	c := converter{src: src}
	return c.convert(doc.Content[0], 0)
}

// notUTF8 returns a SyntaxError at the first byte of src that is not
// UTF-8 (a Latin-1 "ü" saved by an editor), worded as the JSON parser
// words it, or nil. yaml.v3 refuses such a file too, but says "invalid
// trailing UTF-8 octet" with no line, which hookconv could only place at
// 1:1 (QA). The column counts bytes, as every position does.
func notUTF8(src []byte) error {
	if utf8.Valid(src) {
		return nil
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			lineStart := bytes.LastIndexByte(src[:i], '\n') + 1
			return &SyntaxError{
				Msg:  fmt.Sprintf("byte 0x%02X is not UTF-8: save the file as UTF-8", src[i]),
				Pos:  diag.Pos{Line: 1 + bytes.Count(src[:i], []byte("\n")), Column: i - lineStart + 1},
				Hint: "re-save the file as UTF-8 in your editor, or retype the character at the marked position",
			}
		}
		i += size
	}
	return nil
}

// blockScalar matches a line whose value is a block scalar (| or >).
var blockScalar = lazy.Regexp(`(^|:\s|^-\s)\s*[|>][-+0-9]*\s*(#.*)?$`)

var yamlLineRE = lazy.Regexp(`^yaml: line (\d+): (.*)$`)

// yamlError turns yaml.v3's error text into a positioned SyntaxError,
// placed and explained from src where yaml.v3 gives only a line.
func yamlError(src []byte, err error) error {
	if errors.Is(err, io.EOF) {
		return &SyntaxError{Msg: "empty document: expected a YAML mapping", Pos: diag.Pos{Line: 1, Column: 1},
			Hint: "write the manifest (spec: hooks/1.0, hooks: [...])"}
	}
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLineRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		pos, text, hint := yamlSyntax(src, line, m[2])
		return &SyntaxError{Msg: text, Pos: pos, Hint: hint}
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
		// yaml.v3 gives no line here: the alias is where *name stands.
		name = strings.TrimSuffix(name, "' referenced")
		if at := aliasAt(src, name); at.Line > 0 {
			return &SyntaxError{Msg: msg, Pos: at, Hint: "define the anchor (&" + name + ") before this alias, or fix its name"}
		}
	}
	return &SyntaxError{Msg: msg, Pos: diag.Pos{Line: 1, Column: 1}}
}

// aliasAt finds the first *name in src that stands where a value does
// (after ": ", "- ", "[", "{" or ", ", or first on its line), or a zero
// Pos.
func aliasAt(src []byte, name string) diag.Pos {
	block := -1 // inside a block scalar: lines deeper than this are its text
	for i, line := range strings.Split(string(src), "\n") {
		ind := firstContent(line)
		if block >= 0 && (ind > block || strings.TrimSpace(line) == "") {
			continue
		}
		block = -1
		if t := strings.TrimSpace(line); blockScalar().MatchString(t) {
			block = ind
		}
		for off := 0; ; {
			j := strings.Index(line[off:], "*"+name)
			if j < 0 {
				break
			}
			j += off
			end := j + 1 + len(name)
			before := strings.TrimRight(line[:j], " \t")
			if (before == "" || strings.HasSuffix(before, ":") || strings.HasSuffix(before, "-") || strings.HasSuffix(before, "[") || strings.HasSuffix(before, "{") || strings.HasSuffix(before, ",")) &&
				(end == len(line) || strings.IndexByte(" \t]},\r", line[end]) >= 0) {
				return diag.Pos{Line: i + 1, Column: j + 1}
			}
			off = j + 1
		}
	}
	return diag.Pos{}
}

type converter struct {
	aliasDepth int
	aliasAt    *diag.Pos // inside an alias's value: where the alias is
	src        []byte
	lines      []int // byte offset of each line's start, built on first need
	// unicodeBreaks: src holds U+0085, U+2028 or U+2029, which yaml.v3
	// counts as line breaks (YAML 1.1) where YAML 1.2, JSON and editors
	// do not: lines then holds yaml.v3's lines, and pos recounts.
	unicodeBreaks bool
}

// yamlBreaks are the line breaks yaml.v3 counts besides '\n'.
var yamlBreaks = []string{"\u0085", "\u2028", "\u2029"}

// pos turns yaml.v3's position, whose column counts characters, into a
// diag.Pos, whose column counts bytes as the JSON parser's does: the same
// line gives the same column in a .yaml and a .json file.
func (c *converter) pos(line, col int) diag.Pos {
	p := diag.Pos{Line: line, Column: col}
	if c.lines == nil {
		c.lines = append(c.lines, 0)
		for _, br := range yamlBreaks {
			c.unicodeBreaks = c.unicodeBreaks || bytes.Contains(c.src, []byte(br))
		}
		for i, b := range c.src {
			switch {
			case b == '\n':
				c.lines = append(c.lines, i+1)
			case c.unicodeBreaks && (b == 0xC2 || b == 0xE2):
				for _, br := range yamlBreaks {
					if bytes.HasPrefix(c.src[i:], []byte(br)) {
						c.lines = append(c.lines, i+len(br))
					}
				}
			}
		}
	}
	if line < 1 || line > len(c.lines) || col < 1 {
		return p
	}
	start := c.lines[line-1]
	if line == 1 && bytes.HasPrefix(c.src, []byte("\ufeff")) {
		// yaml.v3 counts columns after a byte-order mark, as the JSON
		// parser does: skip it here too.
		start = len("\ufeff")
	}
	text := c.src[start:]
	if line < len(c.lines) {
		text = c.src[start:c.lines[line]]
	}
	// Walk col-1 characters; ASCII lines come out unchanged.
	off := 0
	for n := 1; n < col && off < len(text); n++ {
		_, size := utf8.DecodeRune(text[off:])
		off += size
	}
	p.Column = off + 1
	p.Offset = start + off
	if c.unicodeBreaks {
		// Count lines as everything else does: at '\n' only.
		before := c.src[:p.Offset]
		p.Line = bytes.Count(before, []byte{'\n'}) + 1
		p.Column = p.Offset - (bytes.LastIndexByte(before, '\n') + 1) + 1
		if p.Line == 1 && bytes.HasPrefix(c.src, []byte("\ufeff")) {
			p.Column -= len("\ufeff")
		}
	}
	return p
}

// keyPos is where a mapping key is: at the alias when the mapping is an
// alias's copy.
func (c *converter) keyPos(k *yaml.Node) diag.Pos {
	if c.aliasAt != nil {
		return *c.aliasAt
	}
	return c.pos(k.Line, k.Column)
}

// pastAnchor moves a position that yaml.v3 puts at a node's anchor
// (&e value) to the value, where a diagnostic about the value belongs.
func (c *converter) pastAnchor(p diag.Pos, anchor string) diag.Pos {
	mark := "&" + anchor
	if p.Offset < 0 || p.Offset+len(mark) > len(c.src) || string(c.src[p.Offset:p.Offset+len(mark)]) != mark {
		return p
	}
	off := p.Offset + len(mark)
	for off < len(c.src) && (c.src[off] == ' ' || c.src[off] == '\t') {
		off++
	}
	if off >= len(c.src) || c.src[off] == '\n' || c.src[off] == '\r' {
		return p // the value starts on a later line: keep the anchor
	}
	p.Column += off - p.Offset
	p.Offset = off
	return p
}

func bytesIndexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func (c *converter) convert(y *yaml.Node, depth int) (*Node, error) {
	pos := c.pos(y.Line, y.Column)
	if y.Anchor != "" {
		pos = c.pastAnchor(pos, y.Anchor)
	}
	if c.aliasAt != nil {
		pos = *c.aliasAt
	}
	if depth > MaxDepth {
		return nil, &SyntaxError{Msg: "nesting deeper than the limit", Pos: pos}
	}
	switch y.Kind {
	case yaml.DocumentNode:
		if len(y.Content) == 0 {
			return &Node{Kind: Null, Pos: pos, End: -1}, nil
		}
		return c.convert(y.Content[0], depth)
	case yaml.AliasNode:
		// Aliases can fan out exponentially ("billion laughs"); cap them.
		c.aliasDepth++
		if c.aliasDepth > 10000 {
			return nil, &SyntaxError{Msg: "too many YAML alias expansions", Pos: pos}
		}
		// The value is the anchor's, but a diagnostic about this use of
		// it belongs at the alias (*e), not at the anchor (&e): every
		// node of the copy is placed there (the nested aliases' own).
		outer := c.aliasAt
		if outer == nil {
			c.aliasAt = &pos
		}
		n, err := c.convert(y.Alias, depth+1)
		c.aliasAt = outer
		if err != nil {
			return nil, err
		}
		return n, nil
	case yaml.MappingNode:
		n := &Node{Kind: Object, Pos: pos, End: -1}
		for i := 0; i+1 < len(y.Content); i += 2 {
			k, v := y.Content[i], y.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				return nil, &SyntaxError{Msg: "mapping keys must be plain strings", Pos: c.pos(k.Line, k.Column)}
			}
			if k.Tag == "!!merge" {
				return nil, &SyntaxError{Msg: "YAML merge keys (<<) are not supported in manifests", Pos: c.pos(k.Line, k.Column),
					Hint: "write the merged keys out in the mapping itself"}
			}
			val, err := c.convert(v, depth+1)
			if err != nil {
				return nil, err
			}
			n.Fields = append(n.Fields, Field{Key: k.Value, KeyPos: c.keyPos(k), Value: val})
		}
		return n, nil
	case yaml.SequenceNode:
		n := &Node{Kind: Array, Pos: pos, End: -1}
		for _, it := range y.Content {
			v, err := c.convert(it, depth+1)
			if err != nil {
				return nil, err
			}
			n.Items = append(n.Items, v)
		}
		return n, nil
	case yaml.ScalarNode:
		return scalar(y, pos)
	}
	return nil, &SyntaxError{Msg: "unsupported YAML node", Pos: pos}
}

func scalar(y *yaml.Node, pos diag.Pos) (*Node, error) {
	switch y.ShortTag() {
	case "!!str":
		if y.Style == 0 {
			// yaml.v3 resolves a plain number too large for a float64
			// (1e400) as a string; it is a number, as it is in JSON, so
			// the reader gets a range error, not a type error. Only a
			// number as YAML 1.2 spells it: Go's ParseFloat also takes
			// 2e62_18 and 0x1p99999, strings that hookconv's YAML writer
			// leaves plain since no YAML reader takes them for numbers.
			if _, err := strconv.ParseFloat(y.Value, 64); errors.Is(err, strconv.ErrRange) && yamlCoreNumber(y.Value) {
				return &Node{Kind: Number, Pos: pos, End: -1, Text: y.Value}, nil
			}
		}
		return &Node{Kind: String, Pos: pos, End: -1, Text: y.Value}, nil
	case "!!null":
		return &Node{Kind: Null, Pos: pos, End: -1}, nil
	case "!!bool":
		var b bool
		if err := y.Decode(&b); err != nil {
			return nil, &SyntaxError{Msg: err.Error(), Pos: pos}
		}
		return &Node{Kind: Bool, Pos: pos, End: -1, Bool: b}, nil
	case "!!int", "!!float":
		if y.Style&yaml.TaggedStyle == 0 && !yamlCoreNumber(y.Value) {
			// 1_000 and 0b11 are numbers only in YAML 1.1; under YAML
			// 1.2's core schema, which the manifest follows ("yes" is a
			// string), they are strings, as in a JSON file.
			return &Node{Kind: String, Pos: pos, End: -1, Text: y.Value}, nil
		}
		var f float64
		if err := y.Decode(&f); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, &SyntaxError{Msg: "number " + strconv.Quote(y.Value) + " has no JSON equivalent", Pos: pos,
				Hint: "use a finite number, or quote the value if it is text"}
		}
		// Normalise YAML spellings (0x10, 1_000, +5) to a JSON literal; keep
		// plain decimal literals as written so 10.50 stays 10.50.
		text := y.Value
		if _, err := strconv.ParseFloat(text, 64); err != nil || strings.ContainsAny(text, "_xXoObB+") || strings.HasPrefix(text, ".") {
			text = strconv.FormatFloat(f, 'f', -1, 64)
		}
		return &Node{Kind: Number, Pos: pos, End: -1, Text: text}, nil
	case "!!timestamp":
		if y.Style&yaml.TaggedStyle == 0 {
			// A plain 2024-01-01 is a timestamp only in YAML 1.1; the
			// manifest is JSON's data model, where it is a string (as the
			// same value in a JSON file is).
			return &Node{Kind: String, Pos: pos, End: -1, Text: y.Value}, nil
		}
	}
	return nil, &SyntaxError{Msg: "unsupported YAML tag " + y.Tag + ": use plain JSON-compatible values", Pos: pos,
		Hint: "remove the tag: write a plain string, number, true/false or null"}
}

// yamlCoreNumber reports whether a plain scalar is a number under YAML
// 1.2's core schema: decimal, 0o octal or 0x hex integers, and decimal
// floats (infinities and NaN, which JSON lacks, are refused later).
func yamlCoreNumber(s string) bool {
	return yamlCoreNumberRE().MatchString(s)
}

var yamlCoreNumberRE = lazy.Regexp(`^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)

// AppendYAML appends n as a YAML document (2-space indent, member order
// kept, strings quoted wherever a YAML 1.1 or 1.2 reader would read them
// as something else: yes, 12:30, 0x10),
// for manifests their authors keep in YAML. ParseYAML reads it back to the
// same tree.
func AppendYAML(b []byte, n *Node) ([]byte, error) {
	var out strings.Builder
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(toYAML(n)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return append(b, out.String()...), nil
}

func toYAML(n *Node) *yaml.Node {
	switch n.Kind {
	case Object:
		y := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, f := range n.Fields {
			y.Content = append(y.Content, yamlString(f.Key), toYAML(f.Value))
		}
		return y
	case Array:
		y := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, it := range n.Items {
			y.Content = append(y.Content, toYAML(it))
		}
		return y
	case String:
		return yamlString(n.Text)
	case Number:
		tag := "!!int"
		if strings.ContainsAny(n.Text, ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: n.Text}
	case Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(n.Bool)}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
}

// yamlString is a string scalar; each invalid UTF-8 byte becomes U+FFFD,
// as AppendString writes it in JSON.
func yamlString(s string) *yaml.Node {
	if !utf8.ValidString(s) {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteString("\uFFFD")
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
		s = b.String()
	}
	y := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	// yaml.v3 writes some strings of line breaks and spaces as block
	// scalars it then reads back differently ("\n" as "|2+", read as "");
	// double quotes, with escapes, say every character exactly.
	if strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && !unicode.IsPrint(r) }) >= 0 {
		y.Style = yaml.DoubleQuotedStyle
	}
	// yaml.v3 quotes only what it reads as another type itself, under
	// YAML 1.2; a YAML 1.1 reader (PyYAML, Ruby's Psych, go-yaml v2)
	// loads "command: yes" as true, and PyYAML and Psych load
	// "command: 12:30" as 750.
	if yamlTyped(s) {
		y.Style = yaml.DoubleQuotedStyle
	}
	return y
}

// yamlTypedWords are the plain scalars that YAML 1.1 or 1.2 resolves to
// a bool (1.1's y/yes/on/off forms besides true and false), to null, or
// to YAML 1.1's merge key (<<) and value key (=) types.
var yamlTypedWords = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true,
	"n": true, "N": true, "no": true, "No": true, "NO": true,
	"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
	"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
	"": true, "~": true, "null": true, "Null": true, "NULL": true,
	"<<": true, "=": true,
}

// yamlTypedRE matches the plain scalars that YAML 1.1 or 1.2 resolves to
// a number or a timestamp. Each alternative is a superset of the types'
// expressions (yaml.org/type/int, float and timestamp; YAML 1.2's core
// schema): quoting a string needlessly costs two characters, leaving one
// plain that a reader takes for a number changes the hook.
var yamlTypedRE = lazy.Regexp(`^(?:[-+]?(?:` +
	`0[bB][01_]+|0[oO][0-7_]+|0[xX][0-9a-fA-F_]+` + // binary, 1.2 octal, hex
	`|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?` + // base 60 (1.1): 12:30, 1:20:30.5
	`|(?:[0-9][0-9_]*(?:\.[0-9._]*)?|\.[0-9][0-9._]*)(?:[eE][-+]?[0-9]+)?` + // decimal, 1.1 octal (017), 1_000, 1.5e3
	`|\.(?:inf|Inf|INF|nan|NaN|NAN)` +
	`)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?` +
	`)$`)

// yamlTyped reports whether a YAML 1.1 or 1.2 reader resolves s, written
// as a plain scalar, to anything but a string, so that it must be quoted.
// (Whether YAML's syntax lets s be plain at all, yaml.v3 decides; it also
// quotes whatever it would itself read as another type.)
func yamlTyped(s string) bool {
	if yamlTypedWords[s] {
		return true
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '-', c == '+', c == '.':
		return yamlTypedRE().MatchString(s)
	}
	return false
}
