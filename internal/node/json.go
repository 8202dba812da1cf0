package node

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hookconv/hookconv/diag"
)

// MaxDepth bounds nesting so a hostile file cannot exhaust the stack.
const MaxDepth = 256

// SyntaxError is a malformed document, with the position of the first
// offending byte.
type SyntaxError struct {
	Msg string
	Pos diag.Pos
	// Hint, when set, says how to fix a document that is valid in its
	// language but uses something a manifest cannot hold (a YAML merge
	// key, a tag) or is in an encoding other than UTF-8: a syntax hint
	// would send the author looking for a typo.
	Hint string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg)
}

// JSONOptions select the dialect ParseJSON accepts.
type JSONOptions struct {
	// JSONC allows // and /* */ comments and trailing commas, as VS Code's
	// settings files and several tools' configs do.
	JSONC bool
	// Comments allows the comments only: a trailing comma stays an error.
	Comments bool
}

// ParseJSON parses one JSON value (a leading UTF-8 byte order mark allowed;
// another encoding's is an error, see CheckEncoding) and rejects anything
// after it except white space.
func ParseJSON(src []byte, opt JSONOptions) (*Node, error) {
	if err := CheckEncoding(src); err != nil {
		return nil, err
	}
	p := &parser{src: src, text: string(src), line: 1, jsonc: opt.JSONC, comments: opt.JSONC || opt.Comments}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.off, p.lineStart = 3, 3
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.off >= len(p.src) {
		return nil, p.errf("empty document: expected a JSON value")
	}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.off < len(p.src) {
		return nil, p.errf("unexpected %s after the end of the JSON value", p.describe())
	}
	return n, nil
}

// BlankJSON reports whether src holds no JSON value at all: nothing but
// a leading byte order mark, white space and, where opt allows them,
// comments. A config that is blank so is as good as one that does not
// exist yet; ParseJSON calls it an empty document. An unterminated
// comment is no blank.
func BlankJSON(src []byte, opt JSONOptions) bool {
	p := &parser{src: src, line: 1, jsonc: opt.JSONC, comments: opt.JSONC || opt.Comments}
	if bytes.HasPrefix(src, UTF8BOM) {
		p.off = len(UTF8BOM)
	}
	return p.space() == nil && p.off >= len(src)
}

// CountComments returns how many comments (// and /* */, outside
// strings) a JSON text with comments holds: a merge compares the counts
// before and after, to tell how many a rewrite dropped. An unterminated
// /* comment counts.
func CountComments(src []byte) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			n++
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			n++
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return n
			}
			i += 2 + end + 1
		}
	}
	return n
}

// UTF8BOM is the byte order mark some editors put at the start of a
// UTF-8 file.
var UTF8BOM = []byte("\xef\xbb\xbf")

type parser struct {
	src []byte
	// text is src as one string, copied once: strings without escapes,
	// numbers and member names are slices of it, so a config of thousands
	// of hooks costs no allocation per value. (They keep the document's
	// text alive, which the tree does anyway.)
	text      string
	off       int
	line      int
	lineStart int
	jsonc     bool // comments and trailing commas
	comments  bool // comments

	// Values are carved from an arena, and members are collected on
	// shared stacks, then copied into exactly-sized slices of the arena:
	// a config of thousands of hooks then costs a few large allocations
	// instead of one per value.
	arena  Arena
	fields []Field
	items  []*Node
	// repeats counts the objects read so far that repeat a key: one
	// that has not grown while a value was read holds none (Node.unique).
	repeats int
}

// node returns a new node of kind at start, carved from the arena and
// set in place: the caller fills in the rest.
func (p *parser) node(kind Kind, start diag.Pos) *Node {
	if len(p.arena.nodes) == 0 {
		p.expect()
	}
	n := p.arena.alloc()
	n.Kind, n.Pos = kind, start
	return n
}

// expect sizes the arena's next block by what is left to read, asked
// only when a block runs out: a value with its white space and
// punctuation takes ~16 bytes in the configs hookconv reads (a denser
// document only takes more blocks). Too generous an estimate is waste
// that adds up over the thousands of small files some tools keep, one
// per hook.
func (p *parser) expect() { p.arena.Expect = max(4, (len(p.src)-p.off)/16) }

func (p *parser) pos() diag.Pos {
	return diag.Pos{Line: p.line, Column: p.off - p.lineStart + 1, Offset: p.off}
}

func (p *parser) errf(format string, args ...any) error {
	return &SyntaxError{Msg: fmt.Sprintf(format, args...), Pos: p.pos()}
}

// describe names the byte at the cursor for an error message.
func (p *parser) describe() string {
	if p.off >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.off:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", p.src[p.off])
	}
	return strconv.QuoteRune(r)
}

// space skips white space and, in JSONC, comments.
func (p *parser) space() error {
	for p.off < len(p.src) {
		switch c := p.src[p.off]; c {
		case ' ', '\t', '\r':
			p.off++
		case '\n':
			p.off++
			p.line++
			p.lineStart = p.off
		case '/':
			if !p.comments || p.off+1 >= len(p.src) {
				return p.errf("unexpected '/': comments are not allowed in JSON")
			}
			switch p.src[p.off+1] {
			case '/':
				for p.off < len(p.src) && p.src[p.off] != '\n' {
					p.off++
				}
			case '*':
				start := p.pos()
				p.off += 2
				for {
					if p.off+1 >= len(p.src) {
						return &SyntaxError{Msg: "unterminated /* comment", Pos: start}
					}
					if p.src[p.off] == '*' && p.src[p.off+1] == '/' {
						p.off += 2
						break
					}
					if p.src[p.off] == '\n' {
						p.line++
						p.lineStart = p.off + 1
					}
					p.off++
				}
			default:
				return p.errf("unexpected '/'")
			}
		default:
			return nil
		}
	}
	return nil
}

func (p *parser) value(depth int) (*Node, error) {
	if depth > MaxDepth {
		return nil, p.errf("nesting deeper than %d levels", MaxDepth)
	}
	if p.off >= len(p.src) {
		return nil, p.errf("unexpected end of file: expected a value")
	}
	start := p.pos()
	switch c := p.src[p.off]; {
	case c == '{':
		return p.object(start, depth)
	case c == '[':
		return p.array(start, depth)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n := p.node(String, start)
		n.End, n.Text = int32(p.off), s
		return n, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number(start)
	case c == 't':
		return p.literal(start, "true", Bool)
	case c == 'f':
		return p.literal(start, "false", Bool)
	case c == 'n':
		return p.literal(start, "null", Null)
	case c == '\'':
		return nil, p.errf("strings must use double quotes in JSON")
	default:
		return nil, p.errf("unexpected %s: expected a value", p.describe())
	}
}

func (p *parser) literal(start diag.Pos, word string, kind Kind) (*Node, error) {
	if len(p.src)-p.off < len(word) || string(p.src[p.off:p.off+len(word)]) != word {
		return nil, p.errf("invalid literal: expected %q", word)
	}
	p.off += len(word)
	n := p.node(kind, start)
	n.Bool, n.End = word == "true", int32(p.off)
	return n, nil
}

func (p *parser) object(start diag.Pos, depth int) (*Node, error) {
	p.off++ // {
	n := p.node(Object, start)
	base, repeats := len(p.fields), p.repeats
	for closed, err := p.first(&objects, start); !closed; closed, err = p.next(&objects, start) {
		if err != nil {
			return nil, err
		}
		if p.src[p.off] != '"' {
			return nil, p.errf("unexpected %s: expected a quoted member name", p.describe())
		}
		keyPos := p.pos()
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.off >= len(p.src) || p.src[p.off] != ':' {
			return nil, p.errf("unexpected %s: expected ':' after member name", p.describe())
		}
		p.off++
		if err := p.space(); err != nil {
			return nil, err
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.fields = append(p.fields, Field{Key: key, KeyPos: keyPos, Value: v})
	}
	if len(p.arena.fields) < len(p.fields)-base {
		p.expect()
	}
	n.Fields = p.arena.Fields(p.fields[base:])
	p.fields = p.fields[:base]
	if repeatedKeys(n.Fields) != nil {
		p.repeats++
	}
	n.unique = p.repeats == repeats
	p.off++ // }
	n.End = int32(p.off)
	return n, nil
}

func (p *parser) array(start diag.Pos, depth int) (*Node, error) {
	p.off++ // [
	n := p.node(Array, start)
	base, repeats := len(p.items), p.repeats
	for closed, err := p.first(&arrays, start); !closed; closed, err = p.next(&arrays, start) {
		if err != nil {
			return nil, err
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.items = append(p.items, v)
	}
	if len(p.arena.items) < len(p.items)-base {
		p.expect()
	}
	n.Items = p.arena.Items(p.items[base:])
	p.items = p.items[:base]
	n.unique = p.repeats == repeats
	p.off++ // ]
	n.End = int32(p.off)
	return n, nil
}

// A list is what objects and arrays share: entries apart by commas, up to
// a closing byte. It holds the words their messages use.
type list struct {
	close byte   // '}' or ']'
	kind  string // "object" or "array"
	entry string // "object member" or "array element"
}

var (
	objects = list{'}', "object", "object member"}
	arrays  = list{']', "array", "array element"}
)

// first moves to the first entry of a list just opened at start, or to
// its closing byte, and reports which.
func (p *parser) first(l *list, start diag.Pos) (closed bool, err error) {
	if err := p.space(); err != nil {
		return false, err
	}
	if p.off >= len(p.src) {
		return false, p.unclosed(l, start)
	}
	return p.src[p.off] == l.close, nil
}

// next moves past the comma after an entry to the next one, or to the
// closing byte, and reports which. Only JSONC allows a comma before the
// closing byte.
func (p *parser) next(l *list, start diag.Pos) (closed bool, err error) {
	if err := p.space(); err != nil {
		return false, err
	}
	if p.off >= len(p.src) {
		return false, p.unclosed(l, start)
	}
	switch p.src[p.off] {
	case l.close:
		return true, nil
	case ',':
		comma := p.pos()
		p.off++
		closed, err := p.first(l, start)
		if closed && !p.jsonc {
			// Marked at the comma, which may be lines above the close.
			return false, &SyntaxError{Msg: fmt.Sprintf("trailing comma before '%c': remove it", l.close), Pos: comma}
		}
		return closed, err
	default:
		return false, p.errf("unexpected %s: expected ',' or '%c' after %s", p.describe(), l.close, l.entry)
	}
}

// unclosed is the error for a list the document ends inside: it points at
// where the list opened, which is where the missing close belongs.
func (p *parser) unclosed(l *list, start diag.Pos) error {
	return &SyntaxError{Msg: "unexpected end of file: " + l.kind + " opened here is never closed", Pos: start}
}

func (p *parser) number(start diag.Pos) (*Node, error) {
	s := p.off
	if p.src[p.off] == '-' {
		p.off++
	}
	digits := func() int {
		d := 0
		for p.off < len(p.src) && p.src[p.off] >= '0' && p.src[p.off] <= '9' {
			p.off++
			d++
		}
		return d
	}
	intStart := p.off
	if digits() == 0 {
		return nil, p.errf("invalid number: expected a digit")
	}
	if p.src[intStart] == '0' && p.off-intStart > 1 {
		return nil, &SyntaxError{Msg: "invalid number: leading zero", Pos: start}
	}
	if p.off < len(p.src) && p.src[p.off] == '.' {
		p.off++
		if digits() == 0 {
			return nil, p.errf("invalid number: expected a digit after '.'")
		}
	}
	if p.off < len(p.src) && (p.src[p.off] == 'e' || p.src[p.off] == 'E') {
		p.off++
		if p.off < len(p.src) && (p.src[p.off] == '+' || p.src[p.off] == '-') {
			p.off++
		}
		if digits() == 0 {
			return nil, p.errf("invalid number: expected a digit in the exponent")
		}
	}
	n := p.node(Number, start)
	n.End, n.Text = int32(p.off), p.text[s:p.off]
	return n, nil
}

// str reads a quoted string (a value or a member name) at the cursor and
// returns its decoded value.
func (p *parser) str() (string, error) {
	start := p.pos()
	p.off++ // opening quote
	// Fast path: no escapes. Plain bytes are skipped by one look-up
	// each: strings are most of a config's bytes. (Eight at a time, as
	// one word, was slower: most strings are short member names.)
	i, ascii := p.off, true
	for i < len(p.src) {
		c := p.src[i]
		if plainInString[c] {
			i++
			continue
		}
		if c == '"' {
			s := p.text[p.off:i]
			if !ascii && !utf8.ValidString(s) {
				return "", p.notUTF8(p.off, i)
			}
			p.off = i + 1
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		ascii = false
		i++
	}
	if !ascii && !utf8.Valid(p.src[p.off:i]) {
		return "", p.notUTF8(p.off, i)
	}
	buf := make([]byte, 0, i-p.off+16)
	buf = append(buf, p.src[p.off:i]...)
	p.off = i
	for {
		if p.off >= len(p.src) {
			return "", &SyntaxError{Msg: "unterminated string", Pos: start}
		}
		c := p.src[p.off]
		switch {
		case c == '"':
			p.off++
			return string(buf), nil
		case c == '\n':
			return "", &SyntaxError{Msg: "unterminated string: a line break is not allowed inside a JSON string", Pos: start}
		case c < 0x20:
			return "", p.errf("control character 0x%02x in string: escape it", c)
		case c == '\\':
			if p.off+1 >= len(p.src) {
				return "", &SyntaxError{Msg: "unterminated string", Pos: start}
			}
			e := p.src[p.off+1]
			p.off += 2
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.errf("invalid \\u escape: expected four hex digits")
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(utf8.RuneError)
					if p.off+1 < len(p.src) && p.src[p.off] == '\\' && p.src[p.off+1] == 'u' {
						save := p.off
						p.off += 2
						if lo, ok := p.hex4(); ok {
							r2 = utf16.DecodeRune(r, lo)
						} else {
							p.off = save
						}
					}
					r = r2
				}
				buf = utf8.AppendRune(buf, r)
			default:
				p.off -= 2
				return "", p.errf("invalid escape '\\%c' in string", e)
			}
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(p.src[p.off:])
			if r == utf8.RuneError && size == 1 {
				return "", p.notUTF8(p.off, p.off+1)
			}
			buf = append(buf, p.src[p.off:p.off+size]...)
			p.off += size
		default:
			buf = append(buf, c)
			p.off++
		}
	}
}

// plainInString holds the bytes a string's fast path passes over
// without a second look: ASCII but the quote, the backslash and control
// characters.
var plainInString = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// notUTF8 reports the first byte of src[from:to] that is not UTF-8. JSON
// text is UTF-8 (RFC 8259 §8.1); tools built on Rust reject such a file
// and tools built on Node.js read the byte as U+FFFD, so no tool would
// run the string as written, and it could not be written back either.
func (p *parser) notUTF8(from, to int) error {
	for i := from; i < to; {
		r, size := utf8.DecodeRune(p.src[i:to])
		if r == utf8.RuneError && size == 1 {
			p.off = i
			return p.errf("byte 0x%02X in a string is not UTF-8: save the file as UTF-8", p.src[i])
		}
		i += size
	}
	p.off = to
	return p.errf("invalid UTF-8 in a string: save the file as UTF-8")
}

func (p *parser) hex4() (rune, bool) {
	if len(p.src)-p.off < 4 {
		return 0, false
	}
	var r rune
	for _, c := range p.src[p.off : p.off+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	p.off += 4
	return r, true
}
