package shlex

import "strings"

// WithoutHereDocuments returns text with each here-document's operator
// (<<EOF, <<-'EOF') and body blanked. The body is literal text handed to
// the command on its standard input: a heredoc JSON answer or a usage
// message, whose exit 2 or >&2 is no command. The command itself stays,
// to be read (cat, a text tool) or refused (python3). Several operators
// on one line (cat <<A <<B) take their bodies in turn. A body whose
// unquoted delimiter lets it run commands ($(…), `…`) and an unclosed one
// leave the line's here-documents whole, for opaque to refuse.
func WithoutHereDocuments(text string) string {
	var b []byte // a copy, made at the first change
	lineStart := 0
	for lineStart < len(text) {
		lineEnd := strings.IndexByte(text[lineStart:], '\n')
		if lineEnd < 0 {
			break // a last line's here-document has no body
		}
		lineEnd += lineStart
		ops := hereOperators(text[lineStart:lineEnd])
		next, ok := lineEnd+1, len(ops) > 0
		var bodies [][2]int
		for _, op := range ops {
			bodyEnd, after := hereBodyEnd(text, next, op.delim, op.dash)
			if bodyEnd < 0 || !op.quoted && (strings.Contains(text[next:bodyEnd], "$(") || strings.Contains(text[next:bodyEnd], "`")) {
				ok = false
				break
			}
			bodies = append(bodies, [2]int{next, after}) // the delimiter's line too
			next = after
		}
		if !ok {
			lineStart = lineEnd + 1
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		for _, op := range ops {
			Blank(b[lineStart+op.at : lineStart+op.end])
		}
		for _, body := range bodies {
			Blank(b[body[0]:body[1]])
		}
		lineStart = next
	}
	if b == nil {
		return text
	}
	return string(b)
}

// hereOp is a here-document operator on a line: its offsets, the
// delimiter, whether it was quoted (the body is then never expanded) and
// whether it was <<- (tabs before the end line).
type hereOp struct {
	at, end      int
	delim        string
	quoted, dash bool
}

// hereOperators finds a line's here-document operators in order; none
// when one is malformed (an unclosed quote, no delimiter).
func hereOperators(line string) []hereOp {
	var ops []hereOp
	for i := 0; i+1 < len(line); i++ {
		if line[i] != '<' || line[i+1] != '<' || i > 0 && line[i-1] == '<' || i+2 < len(line) && line[i+2] == '<' {
			continue
		}
		op := hereOp{at: i}
		j := i + 2
		op.dash = j < len(line) && line[j] == '-'
		if op.dash {
			j++
		}
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		op.quoted = j < len(line) && (line[j] == '\'' || line[j] == '"')
		if op.quoted {
			q := line[j]
			k := strings.IndexByte(line[j+1:], q)
			if k < 0 {
				return nil
			}
			op.delim, op.end = line[j+1:j+1+k], j+2+k
		} else {
			k := j
			for k < len(line) && IsNameByte(line[k]) {
				k++
			}
			op.delim, op.end = line[j:k], k
		}
		if op.delim == "" {
			return nil
		}
		ops = append(ops, op)
		i = op.end - 1
	}
	return ops
}

// hereBodyEnd returns where the body starting at start ends (the start
// of its delimiter line) and where the line after the delimiter starts,
// or -1 when no line closes it.
func hereBodyEnd(text string, start int, delim string, dash bool) (int, int) {
	for at := start; at <= len(text); {
		end := strings.IndexByte(text[at:], '\n')
		line := text[at:]
		if end >= 0 {
			line = text[at : at+end]
		}
		if dash {
			line = strings.TrimLeft(line, "\t")
		}
		if line == delim {
			if end < 0 {
				return at, len(text)
			}
			return at, at + end + 1
		}
		if end < 0 {
			return -1, -1
		}
		at += end + 1
	}
	return -1, -1
}

// Blank turns every byte of b but newlines into a space.
func Blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}
