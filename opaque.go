package hookconv

import (
	"iter"
	"strings"
)

// opaque reports whether a shell text's output depends on more than its
// own text: reading in a file (source, ., eval, a here-document or a
// redirection into a program), running a program of the project (./bin/x,
// ../x, a path with a script extension, a path built from a variable:
// "$DIR/policy"), a command substitution, exec, an interpreter's module,
// or arithmetic, which can run commands through array subscripts ((( … )),
// [[ a -eq b ]]). A script with any of these is not read as a whole.
//
// It is one pass over the text, not a regular expression: this runs on
// every script a conversion reads, and the expression it replaces (kept
// in the tests as its definition, opaqueDefinition) cost a quarter of a
// typical conversion in backtracking and compiling.
func opaque(text string) bool {
	if strings.Contains(text, "$(") || strings.Contains(text, "`") || strings.Contains(text, "((") {
		return true // a command substitution, or arithmetic
	}
	inTest := false // after [[, before the next ]
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case ']':
			inTest = false
		case '<':
			// A here-document (<< but not the here-string <<<), or
			// input redirected from a file written apart (cmd < file).
			if i+1 < len(text) && text[i+1] == '<' && (i == 0 || text[i-1] != '<') && (i+2 == len(text) || text[i+2] != '<') {
				return true
			}
			if i > 0 && i+1 < len(text) && shellSpace(text[i-1]) && shellSpace(text[i+1]) {
				return true
			}
		case '-':
			// An interpreter's module (python -m x).
			if i > 0 && i+2 < len(text) && text[i+1] == 'm' && shellSpace(text[i-1]) && shellSpace(text[i+2]) {
				return true
			}
		case '$':
			if variablePath(text[i+1:]) {
				return true
			}
		case '[':
			if i+1 < len(text) && text[i+1] == '[' {
				inTest = true
			}
		}
		if inTest && shellSpace(c) && numericTest(text[i+1:]) {
			return true
		}
		if i == 0 || commandStart(text[i-1]) {
			if readsIn(text[i:]) {
				return true
			}
		}
		if i == 0 || pathStart(text[i-1]) {
			if projectPath(text[i:]) {
				return true
			}
		}
	}
	return false
}

// shellSpace is what separates words: the bytes of \s in a regular
// expression (space, tab, newline, carriage return, form feed).
func shellSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// wordByte is a byte of \w: a letter, a digit or an underscore.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// wholeWords yields the start and end of each occurrence of w in text
// that stands as a whole word (no \w byte on either side), in order: the
// scan the payload-field, tool-input and tool-name readings share.
func wholeWords(text, w string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for at := 0; ; {
			j := strings.Index(text[at:], w)
			if j < 0 {
				return
			}
			start, end := at+j, at+j+len(w)
			at = end
			if start > 0 && wordByte(text[start-1]) || end < len(text) && wordByte(text[end]) {
				continue
			}
			if !yield(start, end) {
				return
			}
		}
	}
}

// pathByte is a byte of a path's part: \w, a dot or a dash.
func pathByte(c byte) bool {
	return wordByte(c) || c == '.' || c == '-'
}

// commandStart reports whether a command word may follow c.
func commandStart(c byte) bool {
	return shellSpace(c) || strings.IndexByte(";&|{(", c) >= 0
}

// pathStart reports whether a word (a path) may follow c: a space, an
// operator, an assignment's = or an opening quote.
func pathStart(c byte) bool {
	return shellSpace(c) || strings.IndexByte(";&|(=\"'", c) >= 0
}

// readsIn reports whether s starts with a command that reads in or runs
// other text as the shell's own (source, ., eval, exec, command), followed
// by a space.
func readsIn(s string) bool {
	for _, w := range [...]string{"source", ".", "eval", "exec", "command"} {
		if len(s) > len(w) && strings.HasPrefix(s, w) && shellSpace(s[len(w)]) {
			return true
		}
	}
	return false
}

// projectPath reports whether s starts with a relative or absolute path of
// at least two parts (x/, ./x/, ../x/, /x/): a program or file of the
// project's, or of the system's, that the text runs or reads.
func projectPath(s string) bool {
	// x/ (dots are part of the name: ./ and ../ are this case too).
	if n := pathRun(s); n > 0 && n < len(s) && s[n] == '/' {
		return true
	}
	// /x/, ./x/ and ../x/.
	for _, lead := range [...]string{"/", "./", "../"} {
		if rest, ok := strings.CutPrefix(s, lead); ok {
			if n := pathRun(rest); n > 0 && n < len(rest) && rest[n] == '/' {
				return true
			}
		}
	}
	return false
}

// pathRun is the length of the run of pathByte at the start of s.
func pathRun(s string) int {
	n := 0
	for n < len(s) && pathByte(s[n]) {
		n++
	}
	return n
}

// variablePath reports whether s, the text after a $, is a variable used
// as a path's first part: NAME/, {NAME}/, NAME"/ or {NAME}"/.
func variablePath(s string) bool {
	if strings.HasPrefix(s, "{") {
		s = s[1:]
	}
	n := 0
	for n < len(s) && wordByte(s[n]) {
		n++
	}
	if n == 0 {
		return false
	}
	s = s[n:]
	s = strings.TrimPrefix(s, "}")
	s = strings.TrimPrefix(s, `"`)
	return strings.HasPrefix(s, "/")
}

// numericTest reports whether s, the text after a space inside [[ … ]],
// starts with a numeric comparison (-eq, -ne, -lt, -le, -gt, -ge) followed
// by a space: [[ evaluates its operands as arithmetic.
func numericTest(s string) bool {
	if len(s) < 4 || s[0] != '-' || !shellSpace(s[3]) {
		return false
	}
	switch s[1:3] {
	case "eq", "ne", "lt", "le", "gt", "ge":
		return true
	}
	return false
}
