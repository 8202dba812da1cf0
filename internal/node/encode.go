package node

import (
	"strconv"
	"unicode/utf8"
)

// AppendCompact appends n as compact JSON, keeping member order (and any
// repeated keys). It is how raw native fields are carried byte-for-byte in
// meaning through provider_data.
func AppendCompact(b []byte, n *Node) []byte {
	switch n.Kind {
	case Null:
		return append(b, "null"...)
	case Bool:
		return strconv.AppendBool(b, n.Bool)
	case Number:
		return append(b, n.Text...)
	case String:
		return AppendString(b, n.Text)
	case Array:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendCompact(b, it)
		}
		return append(b, ']')
	case Object:
		b = append(b, '{')
		for i, f := range n.Fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, f.Key)
			b = append(b, ':')
			b = AppendCompact(b, f.Value)
		}
		return append(b, '}')
	}
	return b
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Like the tools' own writers it
// leaves non-ASCII text readable and escapes only what JSON requires, so
// "é" stays "é" and a Korean status message stays legible.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\uFFFD"...) // as encoding/json does, but unescaped
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Quote returns s as a JSON string literal.
func Quote(s string) string { return string(AppendString(nil, s)) }

// AppendIndent appends n as indented JSON (2 spaces per level, starting at the
// given depth), the layout every tool's documentation uses.
func AppendIndent(b []byte, n *Node, depth int) []byte {
	switch n.Kind {
	case Array:
		if len(n.Items) == 0 {
			return append(b, "[]"...)
		}
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = newline(b, depth+1)
			b = AppendIndent(b, it, depth+1)
		}
		b = newline(b, depth)
		return append(b, ']')
	case Object:
		if len(n.Fields) == 0 {
			return append(b, "{}"...)
		}
		b = append(b, '{')
		for i, f := range n.Fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = newline(b, depth+1)
			b = AppendString(b, f.Key)
			b = append(b, ": "...)
			b = AppendIndent(b, f.Value, depth+1)
		}
		b = newline(b, depth)
		return append(b, '}')
	}
	return AppendCompact(b, n)
}

func newline(b []byte, depth int) []byte {
	b = append(b, '\n')
	for range depth {
		b = append(b, ' ', ' ')
	}
	return b
}

// IndentedSize returns how many bytes AppendIndent writes for n at the
// given depth, but for the escapes strings may need (not counted). Sizing
// the buffer first matters for large configs, where growing it by
// doubling touches twice the memory and copies the output several times.
func IndentedSize(n *Node, depth int) int {
	switch n.Kind {
	case Null:
		return len("null")
	case Bool:
		if n.Bool {
			return len("true")
		}
		return len("false")
	case Number:
		return len(n.Text)
	case String:
		return len(n.Text) + 2
	case Array:
		if len(n.Items) == 0 {
			return 2
		}
		// Brackets, the commas, each item's line break and indent, and
		// the closing bracket's line.
		size := 2 + len(n.Items) - 1 + len(n.Items)*(1+2*(depth+1)) + 1 + 2*depth
		for _, it := range n.Items {
			size += IndentedSize(it, depth+1)
		}
		return size
	case Object:
		if len(n.Fields) == 0 {
			return 2
		}
		// As for arrays, plus each quoted key and ": ".
		size := 2 + len(n.Fields) - 1 + len(n.Fields)*(1+2*(depth+1)+4) + 1 + 2*depth
		for _, f := range n.Fields {
			size += len(f.Key) + IndentedSize(f.Value, depth+1)
		}
		return size
	}
	return 0
}
