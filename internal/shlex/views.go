package shlex

import (
	"slices"
	"strings"
)

// Views returns a shell text, at its length, with its comments
// blanked (uncommented) and with, besides, what sh expands nothing in
// blanked (expands): single-quoted strings ('…', $'…') and escaped bytes
// (\$); and its code view, every quoted string's inside blanked too
// (CodeViews). A here-document's body is kept as written in both: an unquoted
// one expands $NAME, and a quoted one is not told apart from it. ok is
// false where the quotes do not pair up, or a here-document is left
// whole (WithoutHereDocuments: its body not found, or running commands):
// the caller reads the text as written. A << in a comment or in quotes
// (# cat <<EOF) is text, and leaves nothing whole.
func Views(text string) (uncommented, expands, code string, ok bool) {
	plain := WithoutHereDocuments(text)
	v := codeViews{text: plain, c: []byte(plain), e: []byte(plain), u: []byte(plain)}
	if _, ok := v.code(0, len(plain), false); !ok {
		return "", "", "", false
	}
	if strings.Contains(plain, "<<") {
		for start := 0; start < len(plain); {
			end := strings.IndexByte(plain[start:], '\n')
			if end < 0 {
				end = len(plain) - start
			}
			for _, op := range hereOperators(plain[start : start+end]) {
				if v.c[start+op.at] == '<' {
					return "", "", "", false // in the code: a here-document left whole
				}
			}
			start += end + 1
		}
	}
	if plain != text {
		for j := range len(text) {
			if plain[j] != text[j] {
				v.u[j], v.e[j] = text[j], text[j]
			}
		}
	}
	return string(v.u), string(v.e), string(v.c), true
}

// CodeViews returns text twice, at its length and with its
// newlines: code with the inside of every quoted string blanked ('…',
// "…", $'…'), and expand with only the strings that expand nothing
// blanked ('…', $'…'). What a command substitution runs ($( … ) or `…`)
// is code again, inside double quotes too, read by the same rules (a new
// quoting context starts in it): "$([[ -n $x ]] && echo y)" runs [[ in
// sh. A backslash's escaped byte is blanked in both, so \[\[ and \$ are
// text; the backquote that closes `…` is a blank. ok is false when a
// quote or a substitution is not closed.
func CodeViews(text string) (code, expand string, ok bool) {
	v := codeViews{text: text, c: []byte(text), e: []byte(text)}
	if _, ok := v.code(0, len(text), false); !ok {
		return "", "", false
	}
	return string(v.c), string(v.e), true
}

// codeViews are the views CodeViews makes of text, c (code) and e
// (expand), as it reads it.
type codeViews struct {
	text string
	c, e []byte
	// u, when not nil (Views), is text with only its comments
	// blanked: a # that starts a word then starts a comment, blanked in
	// every view, so that a quote in it opens nothing (# don't). Nil: a #
	// is read as any byte (bashonly.Find blanks comments after).
	u []byte
}

// blank blanks text[from:to] in the views given, keeping newlines.
func (v *codeViews) blank(from, to int, views ...[]byte) {
	for _, b := range views {
		for j := from; j < to; j++ {
			if b[j] != '\n' {
				b[j] = 'x'
			}
		}
	}
}

// code reads text[i:to] as shell code: to to, or, in a $( … ) (sub), to
// the ) that closes it, whose offset it returns. ok is false when a
// quote or the substitution does not close before to.
func (v *codeViews) code(i, to int, sub bool) (end int, ok bool) {
	depth := 0 // of the ( … ) open in a substitution: (( … )), a subshell
	// The depth at which each open case … esac started: a pattern's ) in
	// it (a) …;;) closes no ( … ), and not the substitution either.
	var cases []int
	// Whether each open ( … ) is a word's part ($( … ), $(( … )), <( … ),
	// x=( … ): a ( after a byte of a word, or a process substitution's <
	// or >), and the offset of the last ) that closed one: a # after it
	// goes on that word (bash and dash: echo $(echo x)#a prints x#a),
	// where after a subshell's it starts a comment ((echo a)#b).
	var parens []bool
	wordClosed := -1
	for ; i < to; i++ {
		switch v.text[i] {
		case '\\':
			if i+1 < to {
				v.blank(i+1, i+2, v.c, v.e)
			}
			i++
		case '\'':
			// In $'…' a backslash escapes the next byte, a quote too; $$
			// before a quote is the shell's PID, not the $ of $'…'.
			dollars := 0
			for j := i - 1; j >= 0 && v.c[j] == '$'; j-- {
				dollars++
			}
			ansi := dollars%2 == 1
			end := -1
			for j := i + 1; j < to && end < 0; j++ {
				switch {
				case ansi && v.text[j] == '\\':
					j++
				case v.text[j] == '\'':
					end = j
				}
			}
			if end < 0 {
				return to, false
			}
			v.blank(i+1, end, v.c, v.e)
			i = end
		case '"':
			if i, ok = v.quoted(i+1, to); !ok {
				return to, false
			}
		case '`':
			if i, ok = v.backquoted(i, to, false); !ok {
				return to, false
			}
		case '(':
			parens = append(parens, i > 0 && (!startsWord(v.text[i-1]) || v.text[i-1] == '<' || v.text[i-1] == '>'))
			depth++
		case ')':
			if n := len(cases); n > 0 && cases[n-1] == depth {
				continue // a case pattern's
			}
			if sub && depth == 0 {
				return i, true
			}
			depth = max(depth-1, 0)
			if n := len(parens); n > 0 {
				if parens[n-1] {
					wordClosed = i
				}
				parens = parens[:n-1]
			}
		case '#':
			// A # starts a comment only where a word starts: after an
			// operator or an unescaped blank (QA: bash and dash print
			// a #b for echo a\ #b, and a#b for a backslash-newline
			// before the #).
			if v.u == nil || i > 0 && (!startsWord(v.text[i-1]) || wordClosed == i-1 || i > 1 && v.text[i-2] == '\\' && v.c[i-2] == '\\') {
				continue // part of a word: ${#x}, $#, a#b, $(x)#b, a\ #b
			}
			end := strings.IndexByte(v.text[i:to], '\n')
			if end < 0 {
				end = to - i
			}
			v.blank(i, i+end, v.c, v.e, v.u)
			i += end - 1
		case 'c', 'e':
			switch v.keyword(i, to) {
			case "case":
				cases = append(cases, depth)
			case "esac":
				if n := len(cases); n > 0 {
					cases = cases[:n-1]
				}
			}
		}
	}
	return to, !sub
}

// startsWord reports whether a byte of shell code, unescaped, ends the
// word before it, so that the next byte starts one: a blank, a newline,
// or an operator's (;, &, |, (, ), <, >).
func startsWord(b byte) bool {
	return strings.IndexByte(" \t\n;&|()<>", b) >= 0
}

// keyword returns case or esac when text[i:to] starts with that word
// where a command starts (the code view before i read already), else "".
func (v *codeViews) keyword(i, to int) string {
	for _, w := range [...]string{"case", "esac"} {
		end := i + len(w)
		if end <= to && v.text[i:end] == w && (end == to || !IsNameByte(v.text[end])) && v.startsCommand(i) {
			return w
		}
	}
	return ""
}

// startsCommand is StartsCommand on the code view read before i, given
// only the bytes it looks at (the blanks and the word before i, and the
// byte before them): a copy of the whole view for each case or esac made
// reading a long script's views quadratic (250 kB of case … esac lines
// took seconds).
func (v *codeViews) startsCommand(i int) bool {
	k := i
	for k > 0 && (v.c[k-1] == ' ' || v.c[k-1] == '\t') {
		k--
	}
	for k > 0 && IsNameByte(v.c[k-1]) {
		k--
	}
	if k > 0 {
		k--
	}
	return StartsCommand(string(v.c[k:i]), i-k)
}

// quoted reads a double-quoted string from i, just past its opening
// quote, and returns the offset of its closing quote: its text is
// blanked in the code view and its escaped bytes in both, but a $( … )
// or `…` in it is code.
func (v *codeViews) quoted(i, to int) (end int, ok bool) {
	from := i // the text not yet blanked
	for ; i < to; i++ {
		switch v.text[i] {
		case '\\':
			if i+1 < to {
				v.blank(i+1, i+2, v.e)
			}
			i++
		case '"':
			v.blank(from, i, v.c)
			return i, true
		case '$':
			if i+1 == to || v.text[i+1] != '(' {
				continue
			}
			v.blank(from, i, v.c)
			if i, ok = v.code(i+2, to, true); !ok {
				return to, false
			}
			from = i + 1 // the ) stays, as ( … ) in code
		case '`':
			v.blank(from, i, v.c)
			if i, ok = v.backquoted(i, to, true); !ok {
				return to, false
			}
			from = i + 1
		}
	}
	return to, false
}

// backquoted reads the `…` substitution whose opening backquote is at i
// and returns the offset of its closing one, blanked: a backslash
// escapes the next byte, and what is between is code, read as the shell
// reads it: with \$, \` and \\ (and, in double quotes (quoted), \") as
// the byte alone, so "`echo \"[[ x ]]\"`" runs echo "[[ x ]]" (dash and
// bash alike), and in `echo \`[[ -n x ]]\` y` the inner one runs [[.
// A backslash so dropped stays as written in both views.
func (v *codeViews) backquoted(i, to int, quoted bool) (end int, ok bool) {
	end = -1
	for j := i + 1; j < to && end < 0; j++ {
		switch v.text[j] {
		case '\\':
			j++
		case '`':
			end = j
		}
	}
	if end < 0 {
		return to, false
	}
	var inner []byte
	var at []int // the offset in text of each byte of inner
	for j := i + 1; j < end; j++ {
		if v.text[j] == '\\' && j+1 < end && (strings.IndexByte("$`\\", v.text[j+1]) >= 0 || quoted && v.text[j+1] == '"') {
			j++
		}
		inner, at = append(inner, v.text[j]), append(at, j)
	}
	in := codeViews{text: string(inner), c: slices.Clone(inner), e: inner}
	if v.u != nil {
		in.u = slices.Clone(inner)
	}
	if _, ok := in.code(0, len(inner), false); !ok {
		return to, false
	}
	for k, j := range at {
		v.c[j], v.e[j] = in.c[k], in.e[k]
		if v.u != nil {
			v.u[j] = in.u[k]
		}
	}
	// A blank, not a backquote, so that a word after it starts no
	// command and the one before it ends.
	v.c[end], v.e[end] = ' ', ' '
	return end, true
}

// StartsCommand is AtCommandStart, also just after the backquote that
// opens a `…` substitution (CodeViews blanks the closing one).
func StartsCommand(code string, at int) bool {
	i := at - 1
	for i >= 0 && (code[i] == ' ' || code[i] == '\t') {
		i--
	}
	return i >= 0 && code[i] == '`' || AtCommandStart(code, at)
}

// AtCommandStart reports whether offset at starts a command: after a
// line's start, an operator, an opening, a case pattern's ")", or a
// keyword that a command follows (then, do, else, if, while, until, !).
func AtCommandStart(plain string, at int) bool {
	i := at - 1
	for i >= 0 && (plain[i] == ' ' || plain[i] == '\t') {
		i--
	}
	if i < 0 || strings.IndexByte("\n;&|({!)", plain[i]) >= 0 { // ) ends a case pattern
		return true
	}
	j := i
	for j >= 0 && IsNameByte(plain[j]) {
		j--
	}
	switch plain[j+1 : i+1] {
	case "then", "do", "else", "elif", "if", "while", "until", "time":
		return j < 0 || !IsNameByte(plain[j])
	}
	return false
}

// WithoutTrailingComments blanks each comment that follows a command on
// its line (cmd   # errors go to >&2): a redirection in it is none.
func WithoutTrailingComments(plain string) string {
	if !strings.Contains(plain, "#") {
		return plain
	}
	b := []byte(plain)
	for i := 0; i < len(b); i++ {
		if b[i] != '#' || i > 0 && b[i-1] != ' ' && b[i-1] != '\t' && b[i-1] != '\n' {
			continue
		}
		for ; i < len(b) && b[i] != '\n'; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}
